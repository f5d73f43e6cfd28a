"""A member's own login: forgotten password, setting it from an invitation, changing it.

Django's auth views with the club's templates. The reset form answers the same, in the same
time, whether or not an address is known (mail goes only to a known, active login, through the
outbox; both are counted by the throttle, club.services.throttle), and mails a member who was
invited but never set a password too. Changing a password checks the old one through
`authenticate`, so django-axes counts a wrong one like a failed login and locks the same way.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import path, reverse_lazy
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _

from ..client_ip import client_key
from ..inputs import MAX_USERNAME, login_address
from ..services import languages, outbox, throttle


class ResetForm(auth_forms.PasswordResetForm):
    def get_users(self, email):
        """Active logins with this address, with or without a password yet (an invited member who
        lost the invitation asks here), matched as logins are (`inputs.login_address`, exactly);
        the mail goes to each login's own stored address. For an unknown address, a stand-in login
        that is never saved: its link and mail are made as for a real one, so both answers take the
        same time, and then dropped (`send_mail`)."""
        users = get_user_model()
        found = list(users._default_manager.filter(email=login_address(email), is_active=True))
        return found or [users(email=email, username=email)]

    def save(self, *args, **kwargs):
        # Counted for a known and an unknown address alike; over a limit nothing is queued, and
        # the answer is the same.
        if throttle.password_reset_allowed(self.cleaned_data["email"], client_key(kwargs["request"])):
            super().save(*args, **kwargs)

    def send_mail(
        self, subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name=None
    ):
        user = context["user"]
        known = user.pk is not None  # not the stand-in of an unknown address
        # In the login's language, not the asking browser's.
        with translation.override(languages.of_login(user) if known else settings.LANGUAGE_CODE):
            subject = "".join(render_to_string(subject_template_name, context).splitlines())
            body = render_to_string(email_template_name, context)
        if known:
            outbox.queue(EmailMessage(subject, body, from_email, [to_email]))


class ResetView(auth_views.PasswordResetView):
    """The reset form: its counts and its mail are written together, or not at all."""

    @method_decorator(transaction.atomic)
    def form_valid(self, form):
        return super().form_valid(form)


class ChangeForm(auth_forms.PasswordChangeForm):
    def clean_old_password(self):
        old = self.cleaned_data["old_password"]
        # Through the authentication backends, so axes counts (and locks) a wrong old password.
        if authenticate(self.request, username=self.user.get_username()[:MAX_USERNAME], password=old) is None:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)


class ChangeView(auth_views.PasswordChangeView):
    form_class = ChangeForm
    template_name = "club/account_form.html"
    success_url = reverse_lazy("password_change_done")
    extra_context = {"heading": _("Change password"), "button": _("Change password")}

    def get_form_kwargs(self):
        return super().get_form_kwargs() | {"request": self.request}


def _message(heading, text, link=False):
    return {"heading": heading, "text": text, "login_link": link}


urlpatterns = [
    path(
        "password/reset/",
        ResetView.as_view(
            form_class=ResetForm,
            template_name="club/account_form.html",
            email_template_name="club/email/password_reset.txt",
            subject_template_name="club/email/password_reset_subject.txt",
            extra_context={
                "heading": _("Forgot password"),
                "lead": _("Give the email address the club has for you. We send a link to set a new password."),
                "button": _("Send the link"),
            },
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="club/account_message.html",
            extra_context=_message(
                _("Look in your email"),
                _("If the address belongs to a member's login, a link to set a new password is on its way."),
            ),
        ),
        name="password_reset_done",
    ),
    path(
        "password/set/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="club/password_set.html", success_url=reverse_lazy("password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/set/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="club/account_message.html",
            extra_context=_message(_("Password set"), _("Your password is set. Log in with your email address."), True),
        ),
        name="password_reset_complete",
    ),
    path("password/change/", ChangeView.as_view(), name="password_change"),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="club/account_message.html",
            extra_context=_message(_("Password changed"), _("Your new password works from now on.")),
        ),
        name="password_change_done",
    ),
]
