"""The ledger stops knowing the club, step two: accounts and transactions lose their links to
club models (club 0010 copied them into the club's own tables first). An account is an owner
key and a kind, one of each pair; a transaction is its reference, its dates, its memo and what
it reverses."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("ledger", "0007_account_owner_transaction_reference")]

    operations = [
        migrations.RemoveConstraint(model_name="account", name="account_is_a_member_table_payments_or_till_account"),
        migrations.RemoveConstraint(model_name="account", name="one_payments_account_per_member"),
        migrations.RemoveConstraint(model_name="account", name="one_till_per_club"),
        migrations.RemoveConstraint(model_name="account", name="one_table_account_of_each_kind"),
        migrations.RemoveField(model_name="account", name="club"),
        migrations.RemoveField(model_name="account", name="member"),
        migrations.RemoveField(model_name="account", name="table"),
        migrations.RemoveField(model_name="account", name="payer"),
        migrations.AlterField(model_name="account", name="kind", field=models.CharField(max_length=20)),
        migrations.AddConstraint(
            model_name="account",
            constraint=models.UniqueConstraint(fields=("owner", "kind"), name="one_account_per_owner_and_kind"),
        ),
        migrations.RemoveIndex(model_name="transaction", name="ledger_tran_sitting_e63664_idx"),
        migrations.RemoveField(model_name="transaction", name="club"),
        migrations.RemoveField(model_name="transaction", name="sitting"),
        migrations.RemoveField(model_name="transaction", name="deal_version"),
        migrations.RemoveField(model_name="transaction", name="caused_by"),
        migrations.RemoveField(model_name="transaction", name="event"),
        migrations.RemoveField(model_name="transaction", name="kind"),
        migrations.AlterField(
            model_name="transaction",
            name="value_date",
            field=models.DateField(help_text="The date the money counts for."),
        ),
    ]
