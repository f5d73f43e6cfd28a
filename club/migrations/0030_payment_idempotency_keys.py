"""A payment (or reversal) keeps the key of the request that recorded it, with the official who
sent it and the club (`club.services.payments.scoped_key`): the API's Idempotency-Key, the office
form's own. The same request sent again answers with it instead of recording a second."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0029_ledger_entries_keep_their_price")]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="idempotency_key",
            field=models.CharField(blank=True, max_length=120, null=True, unique=True),
        ),
    ]
