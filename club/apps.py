from django.apps import AppConfig
from django.utils import translation
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Club")

    def ready(self) -> None:
        from rules import texts

        from . import audit

        audit.register()
        texts.use_translator(_translate)


def _translate(message: str, context: str | None, language: str) -> str:
    """An engine's message id (`rules.texts`) in `language`, by Django's gettext: the club's catalogues."""
    with translation.override(language):
        return translation.pgettext(context, message) if context else translation.gettext(message)
