"""Write a sitting as a sitting-format record: `python -m rules replay` settles it as the ledger did."""

from __future__ import annotations

import json

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.management.base import TranslatedCommand
from club.models import Sitting
from club.scoping import scopes_disabled
from club.services.import_export import export_sitting


class Command(TranslatedCommand):
    help = gettext_noop("Write a sitting's record: rules, seats, opening cups, current deals and close.")

    def add_arguments(self, parser):
        parser.add_argument(
            "sitting", type=int, metavar="SITTING_ID", help=_("The sitting's id (in its page's address).")
        )
        parser.add_argument("-o", "--output", metavar="FILE", help=_("Write here instead of standard output."))

    # An operator exports any club's sitting, named by its id alone.
    @scopes_disabled()
    def handle(self, *args, sitting, output, **options):
        found = Sitting.objects.select_related("season", "table").filter(pk=sitting).first()
        if found is None:
            raise CommandError(_("There is no sitting %(id)s.") % {"id": sitting})
        text = json.dumps(export_sitting(found), ensure_ascii=False, indent=2) + "\n"
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            self.stdout.write(text, ending="")
