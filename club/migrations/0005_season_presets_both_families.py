"""A season may play any preset of either family (Danish Tarok, Hungarian tarokk)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0004_dealversion_append_only"),
    ]

    operations = [
        migrations.AlterField(
            model_name="season",
            name="close",
            field=models.CharField(
                choices=[
                    ("split", "split the cups (or the pot) among the table"),
                    ("carry", "carry the cups (or the pot) to the next sitting"),
                ],
                default="split",
                max_length=5,
                verbose_name="end of sitting",
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="preset",
            field=models.CharField(
                choices=[
                    ("vlk-2010", "vlk-2010"),
                    ("ensartede", "ensartede"),
                    ("schiellerup-1900", "schiellerup-1900"),
                    ("schwartz-1847", "schwartz-1847"),
                    ("paskievics", "paskievics"),
                    ("magyar", "magyar"),
                    ("kiralyhivo", "kiralyhivo"),
                    ("tapper", "tapper"),
                    ("stromann", "stromann"),
                    ("trisak", "trisak"),
                ],
                default="vlk-2010",
                max_length=20,
                verbose_name="rule set",
            ),
        ),
        migrations.AlterField(
            model_name="sitting",
            name="closed_how",
            field=models.CharField(
                blank=True,
                choices=[
                    ("split", "split the cups (or the pot) among the table"),
                    ("carry", "carry the cups (or the pot) to the next sitting"),
                ],
                max_length=5,
            ),
        ),
    ]
