"""A member's ledger accounts are linked once, from empty, and never moved, on PostgreSQL and SQLite
alike. The app links them when the member is first seated or first pays (club.services.bookkeeping,
till), so the app role keeps UPDATE on those columns (scripts/app-role.sql). The trigger, as it
stands now, is in `club.triggers` (installed by club 0027)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("club", "0020_season_price_is_history")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
