"""Template filters of the table pages (loaded as ``{% load tarok %}``, see settings.TEMPLATES)."""

from django import template

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
def points(value) -> str:
    """A balance: −130, 85 (no plus sign on a standing figure)."""
    if value is None or value == "":
        return ""
    value = int(value)
    return f"{MINUS}{-value}" if value < 0 else str(value)
