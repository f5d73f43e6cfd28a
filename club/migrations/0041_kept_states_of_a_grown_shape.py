"""Kept table states in the shape their family keeps now: a Slovenian state gained the radelci
crossed off in the sitting (`crossed_off`, drawn ⊗ on the sheet). Sittings kept before lack it,
and `ledger_check` would name each of their states.

Each such sitting is replayed within itself, with the historical models and the rules engine only
(as 0003 kept the first states): from its first deal's kept state, the new key starting empty as
every sitting starts it. A kept state is rewritten only where it is the replay's but for the keys
it lacks; one that differs in what it holds is left as it is, for `ledger_check` to name, and the
sitting's later states with it. States only: no posting is read or written.
"""

from django.db import migrations

import rules

VOID = {"void": True}  # club.services.deals.VOID: a voided deal settles nothing


def _grown(family, kept) -> bool:
    """The kept state lacks a key its family keeps now."""
    return bool(kept) and not set(family.state_as_json(family.state_from_json(kept))) <= set(kept)


def _only_lacking(kept, replayed) -> bool:
    """The kept state is the replay's but for keys it lacks."""
    return set(kept) < set(replayed) and all(replayed[key] == value for key, value in kept.items())


def keep_grown_states(apps, schema_editor):
    Sitting = apps.get_model("club", "Sitting")
    Deal = apps.get_model("club", "Deal")
    Seat = apps.get_model("club", "Seat")
    for sitting in Sitting.objects.select_related("season").order_by("pk").iterator():
        family = rules.family_of(sitting.season.preset)
        if not _grown(family, sitting.state):
            continue
        ruleset = family.ruleset(sitting.season.preset, sitting.season.overrides)
        names = list(Seat.objects.filter(sitting=sitting).order_by("position").values_list("name", flat=True))
        deals = list(Deal.objects.filter(sitting=sitting).select_related("current_version").order_by("number"))
        state = family.state_from_json(deals[0].state_before) if deals else None
        for deal in deals:
            replayed = family.state_as_json(state)
            if deal.state_before != replayed:
                if not _only_lacking(deal.state_before, replayed):
                    break  # it differs in what it holds: ledger_check names it
                Deal.objects.filter(pk=deal.pk).update(state_before=replayed)
            record = deal.current_version.record
            if record == VOID:
                continue
            parsed = family.parse_deal(record, deal.number, [])
            try:
                _events, state = family.play(parsed, names, state, ruleset) if parsed else (None, None)
            except rules.InvalidRecord:
                state = None
            if state is None:
                break  # a record this release refuses: ledger_check names it
        else:
            if state is not None and _only_lacking(sitting.state, family.state_as_json(state)):
                Sitting.objects.filter(pk=sitting.pk).update(state=family.state_as_json(state))


class Migration(migrations.Migration):
    dependencies = [("club", "0040_payment_reminders")]

    operations = [migrations.RunPython(keep_grown_states, migrations.RunPython.noop, elidable=True)]
