"""A deal version is never changed or deleted, whatever SQL reaches PostgreSQL: a correction is a
new version. The trigger, as it stands now, is in `club.triggers` (installed by club 0027)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("club", "0003_kept_table_state")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
