"""The language of a signed-in user's pages: the one he chose (his account page, or the footer's
buttons while signed in), else his browser's, as LocaleMiddleware reads it.

The choice is kept with the login (`LoginLanguage`) and copied into the session on its first
page, so later pages cost no query for it; signing out forgets it, and a shared phone speaks its
browser's again.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import i18n
from django.views.decorators.http import require_POST

from ..errors import OUTAGE, outage_answer
from ..services import languages
from ..services.office import OfficeError

SESSION_KEY = "tarokbog_language"  # the login's choice, "" for none


class ChosenLanguage:
    """After AuthenticationMiddleware (and so after LocaleMiddleware, whose browser language it
    overrides): a signed-in user's pages speak his chosen language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            language = self.chosen(request)
        except OUTAGE:
            # The session and the login are read here, before any view: a 503 as a view would answer.
            return outage_answer(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)

    @staticmethod
    def chosen(request: HttpRequest) -> str:
        """The signed-in user's language, "" for his browser's (or nobody signed in)."""
        if not request.user.is_authenticated:
            return ""
        if SESSION_KEY not in request.session:
            request.session[SESSION_KEY] = languages.chosen(request.user)
        return request.session[SESSION_KEY]


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Language of your pages and mail"),
        choices=[("", gettext_lazy("Your browser's")), *settings.LANGUAGES],
        required=False,
    )


def _choose(request: HttpRequest, language: str) -> None:
    languages.choose(request.user, language)
    request.session[SESSION_KEY] = language
    if language:
        translation.activate(language)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The signed-in user's own settings: his language (and a way to change his password)."""
    form = LanguageForm(request.POST or None, initial={"language": request.session.get(SESSION_KEY, "")})
    if request.method == "POST" and form.is_valid():
        try:
            _choose(request, form.cleaned_data["language"])
        except OfficeError as error:
            form.add_error("language", error.errors["language"][0])
        else:
            messages.success(request, _("Saved."))
            return redirect("account")
    return render(request, "club/account.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's language buttons: Django's cookie for the browser, and for a signed-in user
    also his choice, which his pages follow."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in languages.CODES:
        _choose(request, language)
    return response
