"""What comes in from outside, bounded and cleaned in one place: the limits every form field,
serializer field and deal record shares, and the checks behind them.

- Text (names, notes, reasons, dispute comments) refuses NUL, which PostgreSQL cannot store,
  lone surrogates, which cannot be encoded as UTF-8, and the bidirectional controls (U+202A to
  U+202E, U+2066 to U+2069), which make a name or a reason show differently from what it says
  (a name ending in U+202E reads backwards); it has a maximum length.
- Names (of members, tables, seasons, clubs) also refuse every other Unicode format character
  (category Cf: the zero-width space U+200B, LRM/RLM, ALM U+061C, U+FEFF, ...), which would let
  a second "Ib" stand beside Ib, every other default-ignorable code point (a Hangul filler,
  a variation selector) and the blank Braille pattern U+2800; two names that look alike are one
  name in a club: compared by a confusables skeleton after Unicode TR39 (`name_key`: case,
  accents, Cyrillic or Greek look-alikes of Latin letters).
- A login's address is read in one way everywhere (`login_address`): NFKC, then case-folded, its
  domain in IDNA's ASCII form, and stored so, so that a login is found by exact equality in Python and in every database alike
  (PostgreSQL's UPPER makes the long s "ſ" an "S", Python's lower() does not).
- A deal record is at most `MAX_RECORD_BYTES` as JSON: it is stored with every version and
  replayed with every later deal of the table, so an oversized one would cost each of those.
- A request body is at most `settings.DATA_UPLOAD_MAX_MEMORY_SIZE` (256 KiB; the API answers
  413), and JSON is nested at most `MAX_JSON_DEPTH` deep (checked before it is decoded).
- An amount in kroner, typed by a person, is read one way everywhere (`ore_from_kroner`): the
  Danish `1.234,50`, also `1234,50` and `1234.50`; refused otherwise, saying how to write it.
- Ids in URLs and query strings are 1 to 18 digits and months lie in years 1000..9998: anything
  else names no object and answers 404, never reaching the database or the calendar.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.http import Http404
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

import rules
from rules.problems import problem

MAX_REASON = 2000  # why a deal is corrected, why a dispute is closed
MAX_NAME = 60  # a member's or a table's name: the rules engine reads names of 1 to 60 characters
MAX_COMMENT = 2000  # what a member finds wrong with a deal
MAX_RECORD_BYTES = 16 * 1024  # one deal record as compact JSON
MAX_JSON_DEPTH = 32  # a deal record is 4 deep, a sitting record 6
MAX_ID_DIGITS = 18  # fits a 64-bit integer column
MAX_IDEMPOTENCY_KEY = 64  # a client's key for one deal (the web form's are UUID4s)
PRINTABLE_ASCII = re.compile(r"^[\x21-\x7e]+$")  # what an idempotency key may hold, on the API and a form
FIRST_YEAR, LAST_YEAR = 1000, 9998  # a month's neighbours must be months too

ID_PATTERN = f"[0-9]{{1,{MAX_ID_DIGITS}}}"
_BAD_CHARACTER = re.compile("[\x00\ud800-\udfff]")
_BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
_REFUSED_CHARACTER = re.compile(f"{_BAD_CHARACTER.pattern}|{_BIDI_CONTROL.pattern}")


def bad_character(text: str) -> str | None:
    """What is wrong with the characters of `text`, said for a member; None if nothing."""
    if found := _BAD_CHARACTER.search(text):
        if found[0] == "\x00":
            return str(_("The text contains a NUL character, which cannot be stored."))
        return str(
            _("The text contains a lone surrogate (U+%(code)04X), which is no character.") % {"code": ord(found[0])}
        )
    if found := _BIDI_CONTROL.search(text):
        return str(
            _(
                "The text contains an invisible direction control (U+%(code)04X), which would make it show "
                "differently from what it says."
            )
            % {"code": ord(found[0])}
        )
    return None


# Unicode's Default_Ignorable_Code_Point, the ranges of DerivedCoreProperties.txt (Unicode 15.0.0,
# as Debian's unicode-data package ships it; Python has no such property): what a font shows as
# nothing when it cannot show it. Beyond the format characters (Cf) it holds the Hangul fillers,
# which are letters (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner U+034F, the
# Khmer inherent vowels U+17B4/U+17B5, the variation selectors, U+180B..U+180F and the tags'
# plane's unassigned rest.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Shown as nothing too, though no Default_Ignorable: the blank Braille pattern (a symbol, So).
BLANK = (0x2800,)
_DEFAULT_IGNORABLE = re.compile(
    "["
    + "".join(
        re.escape(chr(first)) + ("-" + re.escape(chr(last)) if last > first else "")
        for first, last in DEFAULT_IGNORABLE
    )
    + "".join(re.escape(chr(code)) for code in BLANK)
    + "]"
)


def _invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf" or _DEFAULT_IGNORABLE.match(char) is not None


def bad_name_character(name: str) -> str | None:
    """What is wrong with the characters of a name, said for a member; None if nothing. Beyond
    `bad_character`, any format character (category Cf), which shows as nothing, and any other
    default-ignorable code point (a Hangul filler, a variation selector), which shows as nothing too."""
    if message := bad_character(name):
        return message
    for char in name:
        if unicodedata.category(char) == "Cf":
            return str(
                _(
                    "The name contains an invisible formatting character (U+%(code)04X), which would make it "
                    "look like another name."
                )
                % {"code": ord(char)}
            )
        if _invisible(char):
            return str(
                _(
                    "The name contains a character that shows as nothing (U+%(code)04X), which would make it "
                    "look like another name."
                )
                % {"code": ord(char)}
            )
    return None


def _folded(text: str) -> str:
    # NFKC again after casefold, so that folding a folded text changes nothing.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


# Look-alikes of the Latin small letters: the rows of Unicode's confusables.txt (UTS #39 "Unicode
# Security Mechanisms", section 4 "Confusable Detection", data version 13.0.0) whose source is a
# lowercase letter of Greek, Cyrillic, Armenian or Latin Extended-B/IPA without a decomposition and
# whose prototype is one lowercase ASCII letter ("і" CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN
# I → "i"). A capital look-alike casefolds to one of these first (Cyrillic "І" → "і" → "i").
# No maintained Python package computes the skeleton (confusables and confusable-homoglyphs
# ship the data but answer other questions), so the few rows a club's names need stand here.
_LOOK_ALIKES = str.maketrans(
    "ƍƽǀɑɡɣɩɪɯʋʏαγινορσυϳагеорсухѕіјѡѵүһҽӏԁԛԝագզհոռսցքօ",
    "gslagyiiwuyayivopoujareopcyxsijwvyheidqwwqqhnnugfo",
)


def name_key(name: str) -> str:
    """What two names of one club may not share: a confusables skeleton after Unicode TR39 — the
    name without format characters and other code points shown as nothing, NFKD, case-folded,
    each look-alike of a Latin letter as that letter, without combining marks, its spaces one
    ("IB", "ib", "Ib" with a zero-width space, "Íb", Cyrillic "Іb" and Greek "Ιb" are one name)."""
    visible = "".join(char for char in name if not _invisible(char))
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", visible).casefold())
    bare = "".join(char for char in folded.translate(_LOOK_ALIKES) if not unicodedata.combining(char))
    return " ".join(unicodedata.normalize("NFKC", bare).split())


def login_address(text: str) -> str:
    """An address as a login holds it and as every lookup of a login compares it: stripped,
    NFKC, then case-folded ("Sofie@Example.org" and the look-alike "ſofie@example.org" are both
    "sofie@example.org"), its domain in IDNA's ASCII form ("anna@bücher.dk" is
    "anna@xn--bcher-kva.dk", as the mail goes). A domain IDNA cannot write stays as it is (and
    `club.services.office.clean_email` refuses it)."""
    folded = _folded(text.strip())
    local, at, domain = folded.rpartition("@")
    if not at or domain.isascii():
        return folded
    try:
        return f"{local}@{domain.encode('idna').decode('ascii')}"
    except UnicodeError:
        return folded


def bad_address_character(address: str) -> bool:
    """Whether an address holds a character no address of a login may: a control character (Cc),
    a format character (Cf) or another code point that shows as nothing."""
    return any(unicodedata.category(char) == "Cc" or _invisible(char) for char in address)


# Django's usernames hold 150 characters; axes stores what it is given, so nothing longer reaches it.
MAX_USERNAME = 150


def login_username(text: str) -> str:
    """A typed username as the login lock counts its failures (the login page and `unlock_login`)."""
    return login_address(text)[:MAX_USERNAME]


class TextRefused(ValueError):
    """Free text that cannot be stored or is too long; the message says why, for a member."""


def clean_text(text: str | None, limit: int) -> str:
    """The text stripped, checked as the forms check it: the services call this too, so text
    that comes by the API or a copied form meets the same bounds."""
    text = (text or "").strip()
    if message := bad_character(text):
        raise TextRefused(message)
    if len(text) > limit:
        raise TextRefused(
            str(_("Write at most %(limit)s characters (this is %(length)s).") % {"limit": limit, "length": len(text)})
        )
    return text


def check_text(value: Any) -> None:
    """A validator for Django forms and DRF serializers alike (DRF turns it into a 400)."""
    if isinstance(value, str) and (message := bad_character(value)):
        raise ValidationError(message, code="bad_character")


def check_name(value: Any) -> None:
    """`check_text` for a name: format characters refused too (the admin's member form)."""
    if isinstance(value, str) and (message := bad_name_character(value)):
        raise ValidationError(message, code="bad_character")


def for_display(text: str, limit: int) -> str:
    """Refused text shown back in its form: without the characters that were refused, cut to the limit."""
    return _REFUSED_CHARACTER.sub("", text)[:limit]


class TextField(forms.CharField):
    """A form's free text: bounded, stripped, without NUL, lone surrogates or bidi controls."""

    def __init__(self, *, max_length: int, **kwargs):
        super().__init__(max_length=max_length, validators=[check_text], **kwargs)
        # check_text says it for NUL too, and why: one message, not two.
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]


# --- deal records --------------------------------------------------------------------------------


def record_problems(record: Any, number: int | None, max_bytes: int | None = MAX_RECORD_BYTES) -> list[rules.Problem]:
    """What makes `record` unfit to store, before the rules engine reads it: characters JSON
    text cannot carry into the database, and its size (a whole sitting's record, imported, is
    bounded by the request or the file instead: `max_bytes=None`)."""
    found: list[rules.Problem] = []
    _walk(record, "", number, found)
    if found or max_bytes is None:
        return found
    size = len(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    if size > max_bytes:
        found.append(problem(number, "", "record_too_large", size=size, limit=max_bytes))
    return found


def check_record(record: Any, number: int | None, max_bytes: int | None = MAX_RECORD_BYTES) -> None:
    if found := record_problems(record, number, max_bytes):
        raise rules.InvalidRecord(found)


def _walk(value: Any, path: str, number: int | None, found: list[rules.Problem]) -> None:
    if len(found) >= 10:  # enough to say what is wrong; a hostile record may hold thousands
        return
    if isinstance(value, str):
        if _REFUSED_CHARACTER.search(value):
            found.append(problem(number, path, "bad_character"))
    elif isinstance(value, dict):
        for key, item in value.items():
            key_text = str(key)
            if _REFUSED_CHARACTER.search(key_text):
                found.append(problem(number, path, "bad_character"))
                continue
            _walk(item, f"{path}.{key_text}" if path else key_text, number, found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, f"{path}.{index}" if path else str(index), number, found)


# --- amounts in kroner ---------------------------------------------------------------------------

MAX_KRONER_TEXT = 20  # "12.345.678,90" is 13; a longer text is no amount a club types
# Kroner, then at most two decimals (øre). The kroner are plain digits or Danish thousands
# points in groups of three; the decimals follow a comma, or a point after plain digits. So a
# point followed by exactly three digits groups thousands (`1.000` is one thousand kroner) and a
# point followed by one or two is a decimal point (`12.5` is 12,50 kr.). ASCII digits only, no
# sign, exponent, underscore or space inside.
_KRONER = re.compile(
    r"(?P<grouped>[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,(?P<decimals>[0-9]{1,2}))?"
    r"|(?P<plain>[0-9]+)\.(?P<point_decimals>[0-9]{1,2})"
)


class AmountRefused(ValueError):
    """Text that is no amount in kroner; the message says how to write one, for a member."""


def ore_from_kroner(text: str) -> int:
    """An amount in kroner, as a person types it, in whole øre: `1.234,50` -> 123450,
    `1.000` -> 100000, `12.5` -> 1250. The one reader of typed kroner."""
    typed = text.strip()
    found = _KRONER.fullmatch(typed) if len(typed) <= MAX_KRONER_TEXT else None
    if found is None:
        raise AmountRefused(
            _('Write the amount in kroner as 1.234,50 or 1234,50 (digits 0–9, at most two decimals), not "%(typed)s".')
            % {"typed": typed if len(typed) <= MAX_KRONER_TEXT else typed[:MAX_KRONER_TEXT] + "…"}
        )
    kroner = found["grouped"] or found["plain"]
    decimals = found["decimals"] or found["point_decimals"] or ""
    return int(kroner.replace(".", "")) * 100 + int(decimals.ljust(2, "0"))


class KronerField(forms.CharField):
    """A form's amount in kroner, cleaned to whole øre by `ore_from_kroner`."""

    def __init__(self, **kwargs):
        attrs = {"inputmode": "decimal", "maxlength": MAX_KRONER_TEXT, "autocomplete": "off"}
        super().__init__(widget=forms.TextInput(attrs=attrs), **kwargs)

    def to_python(self, value: Any) -> int | None:  # type: ignore[override]  # øre, not the text
        text = super().to_python(value)
        if not text:
            return None
        try:
            return ore_from_kroner(text)
        except AmountRefused as refused:
            raise ValidationError(str(refused), code="amount") from None


# --- JSON depth, ids and months ------------------------------------------------------------------

_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)  # strings skipped whole


def json_depth_exceeds(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether JSON `text` nests arrays and objects deeper than `limit`, found without decoding
    it (Python's decoder recurses, and fails, on 50,000 levels). Brackets inside strings do
    not count."""
    depth = 0
    for token in _STRING_OR_BRACKET.finditer(text):
        char = token[0]
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def whole_number(text: str, digits: int = 18) -> int | None:
    """`text` as a number of 1 to `digits` ASCII digits, else None ("²" and "٣" are digits to
    str.isdigit, and int() refuses the first)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def id_or_404(value: Any) -> int:
    """An id from a URL or a query string, or 404 if it cannot name an object."""
    if not isinstance(value, str) or not re.fullmatch(ID_PATTERN, value):
        raise Http404
    return int(value)


def optional_id(params, name: str) -> int | None:
    """`?season=3` -> 3; absent or empty -> None; anything else (`abc`, 10**30) -> 404."""
    value = params.get(name)
    return None if value in (None, "") else id_or_404(value)


class IdConverter:
    """`<id:name>` in a URL: 1 to 18 digits, so a longer number is simply no page (404) and never
    reaches the database, where it would not fit a 64-bit integer."""

    regex = ID_PATTERN

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


# Registered here, once, for every URLconf that names an object by id (club.web, club.reports).
register_converter(IdConverter, "id")


class IdempotencyKeyField(forms.CharField):
    """A form's own idempotency key (hidden): the API header's rule, 1 to 64 printable ASCII characters."""

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.HiddenInput)
        super().__init__(max_length=MAX_IDEMPOTENCY_KEY, **kwargs)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value and not PRINTABLE_ASCII.match(value):
            raise ValidationError(_("Use 1 to %(max)s printable ASCII characters.") % {"max": MAX_IDEMPOTENCY_KEY})
