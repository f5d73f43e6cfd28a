"""A note the club writes itself is kept as its code (`Payment.note_code`) and read in the
reader's language: the payments of a sitting settled at the table, and their reversals, had the
words stored in whatever language the closing official's page spoke."""

from django.db import migrations, models
from django.db.models import Q

# "Settled at the table" as the catalogues said it when it was stored as words.
SETTLED_AT_TABLE = ("Afregnet ved bordet", "Settled at the table", "Az asztalnál rendezve")


def to_codes(apps, schema_editor):
    payments = apps.get_model("club", "Payment").objects.using(schema_editor.connection.alias)
    at_table = Q(sitting__isnull=False) | Q(reverses__sitting__isnull=False)
    payments.filter(at_table, note__in=SETTLED_AT_TABLE).update(note="", note_code="settled_at_table")


def to_words(apps, schema_editor):
    payments = apps.get_model("club", "Payment").objects.using(schema_editor.connection.alias)
    payments.filter(note_code="settled_at_table").update(note=SETTLED_AT_TABLE[0], note_code="")


class Migration(migrations.Migration):
    dependencies = [("club", "0017_languages")]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="note_code",
            field=models.CharField(
                blank=True, choices=[("settled_at_table", "Settled at the table")], max_length=20, verbose_name="note"
            ),
        ),
        migrations.RunPython(to_codes, to_words),
    ]
