"""A season's rules and point value are history once it has a sitting, whatever SQL reaches the
database, on PostgreSQL and SQLite alike. The triggers, as they stand now, are in `club.triggers`
(installed by club 0027); the service refuses first (club.services.seasons.save_season)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("club", "0019_season_presets_from_the_families")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
