"""What the officials' services share: a refusal by field, and the cleaning of names and
addresses. The office itself is `members`, `seasons`, `tables` and `payments`."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from .. import inputs

MAX_EMAIL = 150  # the username is the address: Django's usernames hold 150 characters


class OfficeError(Exception):
    """What is wrong with an official's request, by field (name, email, role, slug, table, …), for a
    member; forms and serializers translate it to their own fields."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__(" ".join(message for messages in self.errors.values() for message in messages))


def refuse(field: str, message: str) -> OfficeError:
    return OfficeError({field: [message]})


def clean_name(value: str, field: str = "name", limit: int = inputs.MAX_NAME) -> str:
    name = " ".join(str(value).split())
    if message := inputs.bad_name_character(name):
        raise refuse(field, message)
    if not inputs.name_key(name):  # blank, or accents on nothing: it shows as nothing
        raise refuse(field, _("A name is needed."))
    if len(name) > limit:
        raise refuse(field, _("At most %(limit)d characters.") % {"limit": limit})
    return name


def clean_email(value: str | None) -> str:
    """The address as a login holds it (`inputs.login_address`, its domain in ASCII); a member's address is his login's,
    so its part before the @ must be ASCII: a look-alike letter there (the dotless "ı") would make a
    second login that reads as someone else's."""
    email = inputs.login_address(value or "")
    if not email:
        return ""
    # No control, format or invisible character, no quoted part before the @ ("a b"@…, which
    # reads as another address), and a domain IDNA can write in ASCII (login_address did).
    local, _at, domain = email.rpartition("@")
    if (
        len(email) > MAX_EMAIL
        or inputs.bad_character(email)
        or inputs.bad_address_character(value or "")
        or local.startswith('"')
        or not domain.isascii()
    ):
        raise refuse("email", _("Enter a valid email address."))
    try:
        validate_email(email)
    except ValidationError:
        raise refuse("email", _("Enter a valid email address.")) from None
    if not email.rpartition("@")[0].isascii():
        raise refuse(
            "email",
            _(
                "Write the part before the @ in plain letters (a to z), digits and signs: a login needs such an address."
            ),
        )
    return email
