"""Keep the table's state (cups, previous dealer) with each sitting and each deal, so recording a
deal replays nothing; name the idempotency key's unique constraint (record_deal tells a lost race
by its name).

The states of existing sittings and deals are filled by settling each sitting's deals from the
cups the ledger holds before it, as `club.services.expected_events` does.
"""

from django.conf import settings
from django.db import migrations, models
from django.db.models import Sum

import rules


def keep_states(apps, schema_editor):
    Sitting = apps.get_model("club", "Sitting")
    Deal = apps.get_model("club", "Deal")
    Posting = apps.get_model("ledger", "Posting")
    for sitting in Sitting.objects.select_related("season").order_by("pk"):
        totals = dict(
            Posting.objects.filter(account__table_id=sitting.table_id, transaction__sitting_id__lt=sitting.pk)
            .values_list("account__kind")
            .annotate(total=Sum("points"))
        )
        cups = rules.danish.Cups(totals.get("pagat_cup") or 0, totals.get("king_cup") or 0)
        names = list(sitting.seats.order_by("position").values_list("name", flat=True))
        ruleset = rules.danish.ruleset(sitting.season.preset, sitting.season.overrides)
        funding = rules.danish.fund(names, cups, ruleset)
        state = rules.danish.TableState(funding.cups_after if funding else cups)
        for deal in Deal.objects.filter(sitting=sitting).select_related("current_version").order_by("number"):
            Deal.objects.filter(pk=deal.pk).update(state_before=_as_json(state))
            if deal.current_version.record == {"void": True}:
                continue  # a voided deal settles nothing (club.services.VOID)
            problems = []
            parsed = rules.danish.parse_deal(deal.current_version.record, deal.number, problems)
            _events, state = rules.danish.play(parsed, names, state, ruleset)
        Sitting.objects.filter(pk=sitting.pk).update(state=_as_json(state))


def _as_json(state):
    return {"pagat": state.cups.pagat, "king": state.cups.king, "previous_dealer": state.previous_dealer}


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0002_dispute"),
        ("ledger", "0003_posting_account_points_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="state_before",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.AddField(
            model_name="sitting",
            name="state",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.AlterField(
            model_name="dealversion",
            name="idempotency_key",
            field=models.CharField(blank=True, max_length=100, null=True),
        ),
        migrations.AddConstraint(
            model_name="dealversion",
            constraint=models.UniqueConstraint(fields=("idempotency_key",), name="deal_version_idempotency_key_unique"),
        ),
        migrations.RunPython(keep_states, migrations.RunPython.noop),
    ]
