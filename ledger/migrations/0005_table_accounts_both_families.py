"""A table's own accounts, generalised from the Danish cups: the Hungarian ultimókassza (`pot`) is a
third kind. Existing accounts keep their kinds; only the constraints' names and allowed kinds change."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0004_postgresql_guards_committed_empty_accounts"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="account",
            name="account_is_a_member_or_a_cup",
        ),
        migrations.RemoveConstraint(
            model_name="account",
            name="one_cup_of_each_kind_per_table",
        ),
        migrations.AlterField(
            model_name="account",
            name="kind",
            field=models.CharField(
                choices=[
                    ("member", "member"),
                    ("pagat_cup", "Pagatkop"),
                    ("king_cup", "Kongekop"),
                    ("pot", "ultimókassza"),
                ],
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="account",
            name="table",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="table_accounts",
                to="club.table",
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("kind", "member"), ("member__isnull", False), ("table__isnull", True)),
                    models.Q(
                        ("kind__in", ["pagat_cup", "king_cup", "pot"]),
                        ("member__isnull", True),
                        ("table__isnull", False),
                    ),
                    _connector="OR",
                ),
                name="account_is_a_member_or_a_table_account",
            ),
        ),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(
                condition=models.Q(("table__isnull", False)),
                fields=("table", "kind"),
                name="one_table_account_of_each_kind",
            ),
        ),
    ]
