"""Whose language a page or a mail speaks.

A mail speaks its reader's language, whoever causes it: a member's own (else his club's) for his
invitation and statements, a login's own (else its first membership's) for its password reset
and join requests. A signed-in user's pages speak the language he chose, else his browser's.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django_scopes import scopes_disabled  # type: ignore[import-untyped]

from ..models import LoginLanguage, Member
from .office import refuse

CODES = tuple(code for code, _name in settings.LANGUAGES)


def of_member(member: Member) -> str:
    """The language of the member's mail and statements."""
    return member.language or member.club.language


def chosen(user) -> str:
    """The language the login chose for its pages, or "" (its browser's)."""
    row = LoginLanguage.objects.filter(user=user).first()
    return row.language if row is not None else ""


def of_login(user) -> str:
    """The language of the login's own mail: its choice, else its first membership's, else the site's."""
    if language := chosen(user):
        return language
    # A login's language is its person's, whichever club's scope asks: his first membership may
    # be in a club the request's scope cannot see.
    with scopes_disabled():
        member = Member.objects.filter(user=user).select_related("club").order_by("pk").first()
    return of_member(member) if member is not None else settings.LANGUAGE_CODE


def choose(user, language: str) -> str:
    """The login's pages and mail speak `language` from now on ("" leaves them to the browser)."""
    if language and language not in CODES:
        raise refuse("language", _("Choose one of the site's languages."))
    if language:
        LoginLanguage.objects.update_or_create(user=user, defaults={"language": language})
    else:
        LoginLanguage.objects.filter(user=user).delete()
    return language


def check(language: str) -> str:
    """A member's language as an official gives it ("" is the club's)."""
    if language and language not in CODES:
        raise refuse("language", _("Choose one of the site's languages."))
    return language
