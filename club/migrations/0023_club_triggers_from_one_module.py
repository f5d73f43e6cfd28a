"""The club's triggers are the ones of `club.triggers` from here on: whatever earlier versions made
is dropped here, before the ledger renames the columns some of them read (ledger 0013), and the
current set is made by club 0027. A seat's points are no longer kept by a trigger but by
`club.services.bookkeeping`, in the `atomic()` block that posts each ledger entry."""

from django.db import migrations

from club import triggers


class Migration(migrations.Migration):
    dependencies = [("club", "0022_login_emails_folded")]
    run_before = [("ledger", "0013_amounts_in_units_and_triggers_from_one_module")]

    operations = [migrations.RunPython(triggers.drop, migrations.RunPython.noop)]
