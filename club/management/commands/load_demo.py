"""Load the demo club from fixtures/demo/ through the services a club uses.

Each sitting record is imported as `import_sitting` would (validated whole, then seats, deals
and close), then the corrections of the manifest are made with `correct_deal`. Does nothing when
the club is already there, so `make demo` can run it every time.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.management.base import TranslatedCommand
from club.models import Club, Member, Season, Table
from club.scoping import scopes_disabled
from club.services import import_export, payments
from club.services.corrections import correct_deal

DEMO_DIRECTORY = Path(settings.BASE_DIR) / "fixtures" / "demo"
# A local demo login: the club admin behind the member named in the manifest's corrections.
DEMO_USERNAME = "demo"
DEMO_PASSWORD = "tarokbog"
DEMO_MEMBER = "Anna"


class Command(TranslatedCommand):
    help = gettext_noop("Load the demo club (Vestbyens Tarokklub) unless it is already there.")

    def add_arguments(self, parser):
        parser.add_argument("--directory", type=Path, default=DEMO_DIRECTORY, help=_("Where manifest.json lies."))

    # Creates the demo club and everything in it: no scope names it yet.
    @scopes_disabled()
    def handle(self, *args, directory: Path, **options):
        manifest = _read(directory / "manifest.json")
        slug = manifest["club"]["slug"]
        if Club.objects.filter(slug=slug).exists():
            self.stdout.write(_("The demo club %(slug)s is already loaded; nothing to do.") % {"slug": slug})
            return
        with transaction.atomic():
            club = load(manifest, directory)
        self.stdout.write(
            self.style.SUCCESS(
                _(
                    "Loaded %(club)s: %(sittings)s sittings, %(corrections)s corrections. Log in as %(user)s / %(password)s."
                )
                % {
                    "club": club,
                    "sittings": len(manifest["sittings"]),
                    "corrections": len(manifest["corrections"]),
                    "user": DEMO_USERNAME,
                    "password": DEMO_PASSWORD,
                }
            )
        )


def load(manifest: dict, directory: Path) -> Club:
    club = Club.objects.create(**manifest["club"])
    spec = manifest["season"]
    season = Season(
        club=club,
        **spec
        | {
            "starts_on": datetime.date.fromisoformat(spec["starts_on"]),
            "ends_on": datetime.date.fromisoformat(spec["ends_on"]),
        },
    )
    season.full_clean()
    season.save()
    seasons = {season.name: season}
    for spec in manifest.get("seasons", []):  # the Hungarian circle's seasons, one per game
        dates = {
            "starts_on": datetime.date.fromisoformat(spec["starts_on"]),
            "ends_on": datetime.date.fromisoformat(spec["ends_on"]),
        }
        extra = Season(club=club, **spec | dates)
        extra.full_clean()
        extra.save()
        seasons[extra.name] = extra
    for member in manifest["members"]:
        Member.objects.create(club=club, name=member["name"], role=member["role"])
    tables = {name: Table.objects.create(club=club, name=name) for name in manifest["tables"]}
    official = _demo_login(club)

    sittings = {}
    for entry in manifest["sittings"]:
        sittings[entry["file"]] = import_export.import_sitting(
            season=seasons[entry.get("season", season.name)],
            table=tables[entry["table"]],
            data=_read(directory / entry["file"]),
            date=datetime.date.fromisoformat(entry["date"]),
        )
    for correction in manifest["corrections"]:
        deal = sittings[correction["file"]].deals.get(number=correction["deal"])
        by = Member.objects.get(club=club, name=correction["by"]).user or official
        correct_deal(deal, correction["record"], by=by, reason=correction["reason"])
    for entry in manifest.get("payments", []):  # a month of money with the treasurer
        paid_on = datetime.date.fromisoformat(entry["date"])
        payment = payments.record_payment(
            club,
            member=Member.objects.get(club=club, name=entry["member"]),
            direction=entry["direction"],
            amount_ore=entry["amount_ore"],
            method=entry["method"],
            paid_on=paid_on,
            note=entry["note"],
            by=official,
        )
        if entry["reversed"]:
            payments.reverse_payment(payment, reason=entry["reversed"], by=official, on=paid_on)
    return club


def _demo_login(club: Club):
    """The user `demo`, club admin as the member Anna, and staff so the admin opens too."""
    user, _created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
    user.set_password(DEMO_PASSWORD)
    user.is_staff = True
    user.is_superuser = True
    user.save()
    Member.objects.filter(club=club, name=DEMO_MEMBER).update(user=user, role=Member.Role.ADMIN)
    return user


def _read(path: Path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)
