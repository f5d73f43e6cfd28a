"""Template filters of the table pages (loaded as ``{% load tarok %}``, see settings.TEMPLATES)."""

from django import template
from django.utils import dateformat, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from club import families
from club.services.money import format_ore

register = template.Library()

MINUS = "\u2212"  # a real minus sign: as wide as the plus, so columns of points line up


@register.filter
def signed(points) -> str:
    """+15, −5, 0: points with their sign, the way a score sheet writes them."""
    if points is None or points == "":
        return ""
    points = int(points)
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


@register.filter
def kr(ore) -> str:
    """øre as kroner: 1.234,56 kr. (club.money.format_ore)."""
    return "" if ore is None or ore == "" else format_ore(int(ore))


@register.filter
def get_item(mapping, key):
    """mapping[key], or None: a template's way to look a row up by id."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def points(value) -> str:
    """A balance: −130, 85 (no plus sign on a standing figure)."""
    if value is None or value == "":
        return ""
    value = int(value)
    return f"{MINUS}{-value}" if value < 0 else str(value)


@register.filter
def real_minus(text) -> str:
    """ "-7,5" as "−7,5": floatformat writes a hyphen, the figures around it a real minus sign."""
    return str(text).replace("-", MINUS)


@register.filter
def css_string(value) -> str:
    """Text for inside a double-quoted CSS string, as the PDFs' running footers put a name:
    escapejs writes a JavaScript escape (\\u002D for "-"), which CSS reads as "u002D", so
    "Østergaard-Kristiansen" printed as "Østergaardu002DKristiansen". A backslash, a quote, a
    line break and "<" (no "</style>" inside a style element) are written as CSS hex escapes."""
    text = "" if value is None else str(value)
    return mark_safe("".join(f"\\{ord(c):x} " if c in "\\\"<>&'\n\r" else c for c in text))


# Dansk writes "3. sep." and "3. sep. 2026" (Dansk Sprognævn's abbreviations; maj, juni and juli
# are short already); English "3 Sep". Django's "j. M" gives "3. Sep" in either language.
# Magyar puts the year first and the day last: "szept. 3.", "2026. szept. 3." (the Academy's
# abbreviations; Django's hu "M" gives "Sze"). Slovenian writes "3. sep.", "3. sep. 2026" (Slovenski
# pravopis: maj is whole, avgust is "avg."), a no-break space after the day's dot.
DA_MONTHS = ("jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec.")
HU_MONTHS = ("jan.", "febr.", "márc.", "ápr.", "máj.", "jún.", "júl.", "aug.", "szept.", "okt.", "nov.", "dec.")
SL_MONTHS = ("jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "avg.", "sep.", "okt.", "nov.", "dec.")
DAY_FIRST = {"da": (" ", DA_MONTHS), "sl": ("\u00a0", SL_MONTHS)}  # "3. sep."


def _language() -> str:
    return (translation.get_language() or "da").split("-")[0]


@register.filter
def day_month(value) -> str:
    """3. sep. (da, sl), 3 Sep (en), szept. 3. (hu)."""
    if not value:
        return ""
    language = _language()
    if language in DAY_FIRST:
        space, months = DAY_FIRST[language]
        return f"{value.day}.{space}{months[value.month - 1]}"
    if language == "hu":
        return f"{HU_MONTHS[value.month - 1]} {value.day}."
    return dateformat.format(value, "j M")


@register.filter
def day_month_year(value) -> str:
    """3. sep. 2026 (da, sl), 3 Sep 2026 (en), 2026. szept. 3. (hu)."""
    if not value:
        return ""
    language = _language()
    if language == "hu":
        return f"{value.year}. {day_month(value)}"
    space = DAY_FIRST[language][0] if language in DAY_FIRST else " "
    return f"{day_month(value)}{space}{value.year}"


# --- the audit page in words -----------------------------------------------------------------


@register.filter
def record_words(record, family) -> list[str]:
    """A deal record as sentences, in the family's words (`club.families.Family.describe_record`)."""
    return family.describe_record(record)


@register.filter
def rule_words(rule: str, family) -> str:
    return family.rule_name(rule)


@register.filter
def event_words(key: str, family) -> str:
    from .present import event_label

    return event_label(key, family)


@register.filter
def path_words(path: str, family) -> str:
    """melds.Carl.taroks → meldinger · Carl · tarokker: a field of the record named in words."""
    return family.field_name(path)


YES_NO = {"true": _("yes"), "false": _("no")}


@register.filter
def value_words(value: str, family) -> str:
    """A changed field's value in words: each of a list's words, yes and no for true and false."""
    if not value:
        return value
    return ", ".join(str(YES_NO[part]) if part in YES_NO else family.word(part) for part in str(value).split(", "))


@register.filter
def ruleset_name(preset: str) -> str:
    """A rule set's id as players name it: vlk-2010 -> VLK 2010."""
    return families.preset_name(preset)
