"""The form renderer: Django's own widget templates, with the commonest few written out in Python.

A deal form has some fifty drop-downs and a hundred buttons; through the template engine each
option is an include of an include, and rendering them was most of the form's time on the server.
The HTML is byte for byte what Django's templates write (`tests/web/test_web_rendering.py`
renders every widget both ways); any other template goes to the engine as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData, SafeString, mark_safe

WIDGETS = "django/forms/widgets/"


def _shown(value: Any) -> str:
    """`{{ value }}` in a template: localized and escaped."""
    return conditional_escape(localize(value))


def _formatted(value: Any) -> str:
    """`{{ value|stringformat:'s' }}` in a template."""
    text = str(value) if isinstance(value, tuple) else f"{value}"
    return text if isinstance(value, SafeData) else escape(text)


def _attrs(attrs: Mapping[str, Any]) -> str:
    """django/forms/widgets/attrs.html."""
    return "".join(
        f" {_shown(name)}" if value is True else f' {_shown(name)}="{_formatted(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def _input(widget: Mapping[str, Any]) -> str:
    """django/forms/widgets/input.html."""
    value = widget["value"]
    shown = f' value="{_formatted(value)}"' if value is not None else ""
    return f'<input type="{_shown(widget["type"])}" name="{_shown(widget["name"])}"{shown}{_attrs(widget["attrs"])}>\n'


def _input_option(widget: Mapping[str, Any]) -> str:
    """django/forms/widgets/input_option.html (a radio button or a checkbox of a group)."""
    if not widget.get("wrap_label"):
        return _input(widget) + "\n"
    element_id = widget["attrs"].get("id")
    label_for = f' for="{_shown(element_id)}"' if element_id else ""
    return f"<label{label_for}>{_input(widget)} {_shown(widget['label'])}</label>\n"


def _option(widget: Mapping[str, Any]) -> str:
    """django/forms/widgets/select_option.html."""
    return (
        f'<option value="{_formatted(widget["value"])}"{_attrs(widget["attrs"])}>{_shown(widget["label"])}</option>\n'
    )


def _select(widget: Mapping[str, Any]) -> str:
    """django/forms/widgets/select.html."""
    parts = [f'<select name="{_shown(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_shown(group_name)}">')
        parts.extend(f"\n  {_option(option)}" for option in group_choices)
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return "".join(parts)


QUICK: dict[str, Callable[[Mapping[str, Any]], str]] = {
    WIDGETS + "select.html": _select,
    WIDGETS + "select_option.html": _option,
    WIDGETS + "radio_option.html": _input_option,
    WIDGETS + "checkbox_option.html": _input_option,
    **{
        WIDGETS + f"{kind}.html": _input
        for kind in (
            "input",
            "text",
            "number",
            "hidden",
            "checkbox",
            "email",
            "password",
            "date",
            "search",
            "tel",
            "url",
        )
    },
}


class QuickRenderer(DjangoTemplates):
    """Django's template renderer, with `QUICK`'s widgets written out in Python."""

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> SafeString:
        quick = QUICK.get(template_name)
        if quick is None:
            return cast(SafeString, super().render(template_name, context, request))
        return mark_safe(quick(context["widget"]).strip())
