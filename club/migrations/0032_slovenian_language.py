"""Slovenian (sl) joins the languages a club, a member and a login may choose."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0031_kept_unaccounted_transactions"),
    ]

    operations = [
        migrations.AlterField(
            model_name="club",
            name="language",
            field=models.CharField(
                choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian"), ("sl", "Slovenian")],
                default="da",
                max_length=5,
                verbose_name="language",
            ),
        ),
        migrations.AlterField(
            model_name="loginlanguage",
            name="language",
            field=models.CharField(
                choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian"), ("sl", "Slovenian")],
                max_length=5,
                verbose_name="language",
            ),
        ),
        migrations.AlterField(
            model_name="member",
            name="language",
            field=models.CharField(
                blank=True,
                choices=[("da", "Danish"), ("en", "English"), ("hu", "Hungarian"), ("sl", "Slovenian")],
                max_length=5,
                verbose_name="language",
            ),
        ),
    ]
