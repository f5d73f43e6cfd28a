"""The club's catalogues as the tests read them: locale/<language>/LC_MESSAGES/django.po."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from rules.texts import LANGUAGES

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@dataclass(frozen=True)
class Entry:
    context: str | None
    msgid: str
    msgstr: str  # "" when untranslated; a plural's first form
    fuzzy: bool


def catalogue(language: str) -> dict[tuple[str | None, str], Entry]:
    """Every entry of locale/<language> django.po by (context, msgid); the header is left out."""
    entries = {}
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if match := re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (".*")$', line):
                key = match.group(1)
                fields[key] = json.loads(match.group(2))
            elif line.startswith('"') and key:
                fields[key] += json.loads(line)
        if fields.get("msgid"):
            msgstr = fields.get("msgstr", fields.get("msgstr[0]", ""))
            entry = Entry(fields.get("msgctxt"), fields["msgid"], msgstr, "#, fuzzy" in block)
            entries[(entry.context, entry.msgid)] = entry
    return entries


_PLACEHOLDER = re.compile(r"%\(\w+\)\w|%\w|\{\w*\}|<[^>]*>|&\w+;")
_WORD = re.compile(r"[^\W\d_]{4,}")  # a word of four letters or more, digits and codes aside


def words(text: str) -> set[str]:
    """The words of `text`, in lower case, without placeholders or markup."""
    return {word.lower() for word in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


def own_words() -> dict[str, set[str]]:
    """Per language ("en", "da", "hu", "sl"), the words only its texts use: the English of the
    msgids, the Danish, Magyar and Slovenian of the msgstrs, each without any word another of them
    uses too (the game words, Pagat or tulétroá, are in every language's texts and so in none of these)."""
    said: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    for language in LANGUAGES[1:]:
        for entry in catalogue(language).values():
            said["en"] |= words(entry.msgid)
            said[language] |= words(entry.msgstr)
    return {
        language: mine - set().union(*(theirs for other, theirs in said.items() if other != language))
        for language, mine in said.items()
    }
