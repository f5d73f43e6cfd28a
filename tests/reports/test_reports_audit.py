"""The deal audit page and disputes.

The sitting (10 Nov 2026, Bord 1, vlk-2010, by hand):
    funding            Anna -40  Bent -40  Carl -40          Pagatkop 60  Kongekop 60
    deal 1 (Anna deals; Carl fined 20 into each cup for a Scus called in vain; Bent last trick)
        stake          Anna -10                              +5  +5
        fine           Carl -40                              +20 +20
        last trick     Anna -20  Bent +40  Carl -20
                                                             Pagatkop 85
    deal 2 (Bent deals; Anna wins the last trick with the Pagat: ultimo)
        stake          Bent -10                              +5 -> Pagatkop holds X = 90
        pagat_ultimo   Anna +170 (X + 40 from each)  Bent -40  Carl -40   Pagatkop -90
        pagat_saved    Anna +10  Bent -5  Carl -5
        refund         Anna -20  Bent -20  Carl -20          Pagatkop +60
Correcting deal 1 (no fine after all) takes 20 out of what deal 2's ultimo took: X = 70, so
deal 2 changes by Anna -20, Pagatkop +20 — the "effect on later deals".
"""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from club.models import Dispute
from club.reports.audit import Change, record_diff
from club.services.corrections import correct_deal
from club.services.disputes import (
    DisputeError,
    close_dispute,
    disputes_of_sitting,
    raise_dispute,
    resolve_by_correction,
)
from world.clubs import play, start_sitting
from world.records import danish_deal

SITTING_DAY = datetime.date(2026, 11, 10)


@pytest.fixture
def ultimo(vestbyen, booked_on):
    table = anna, bent, carl = [vestbyen.anna.name, vestbyen.bent.name, vestbyen.carl.name]
    sitting = start_sitting(vestbyen.season, table, at=vestbyen.table, date=SITTING_DAY)
    fined = danish_deal(anna, table, last_trick=bent, fines=[{"player": carl, "offence": "scus_called_in_vain"}])
    first, _ = play(
        sitting,
        [fined, danish_deal(bent, table, last_trick=anna, pagat={"holder": anna, "fate": "ultimo"})],
        by=vestbyen.anna.user,
    )
    with booked_on(datetime.date(2026, 11, 12)):
        correct_deal(
            first,
            danish_deal(anna, table, last_trick=bent),
            by=vestbyen.dorte.user,
            reason="No Scus was called in vain",
        )
    vestbyen.sitting, vestbyen.deal = sitting, first
    return vestbyen


def audit_url(club, deal):
    return reverse("deal-audit", args=[club.slug, deal.pk])


def test_record_diff_reads_as_paths():
    before = {"dealer": "Anna", "melds": {"Carl": {"taroks": 11, "pagat": False}}, "fines": [{"player": "Carl"}]}
    after = {"dealer": "Anna", "melds": {"Carl": {"taroks": 12, "pagat": False}}, "last_trick": "Bent"}
    assert record_diff(before, after) == [
        Change("fines", '[{"player": "Carl"}]', ""),
        Change("last_trick", "", "Bent"),
        Change("melds.Carl.taroks", "11", "12"),
    ]


def test_audit_page_shows_versions_settlements_and_later_effects(client, ultimo):
    client.force_login(ultimo.bent.user)  # any member of the club may read it
    response = client.get(audit_url(ultimo.club, ultimo.deal), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    audit = response.context["audit"]
    assert audit.columns == ["Anna Jensen", "Bent Ørsted", "Carl Åberg", "Pagatkop", "Kongekop"]

    first, second = audit.versions
    assert (first.entered_by, first.version.reason, first.changes) == ("Anna Jensen", "", [])
    assert (second.entered_by, second.version.reason) == ("Dorte Ærø", "No Scus was called in vain")
    assert second.changes == [Change("fines", '[{"player": "Carl Åberg", "offence": "scus_called_in_vain"}]', "")]

    # Each version's settlement, item by item, with the rule and seed line.
    (original,) = first.settlement
    assert original.transaction.entry.event == "deal:1" and original.reversed_by is not None
    assert [(i.rule, i.ref, i.points) for i in original.items] == [
        ("stake", "001 L258", [-10, None, None, 5, 5]),
        ("fine.scus_called_in_vain", "001 L298", [None, None, -40, 20, 20]),
        ("last_trick", "001 L300", [-20, 40, -20, None, None]),
    ]
    (corrected,) = second.settlement
    assert corrected.reversed_by is None
    assert [(i.rule, i.ref, i.points) for i in corrected.items] == [
        ("stake", "001 L258", [-10, None, None, 5, 5]),
        ("last_trick", "001 L300", [-20, 40, -20, None, None]),
    ]

    # What the versions caused: the first recording, then reversal and re-posting of deal 1
    # and of deal 2, whose ultimo took 20 less.
    assert [
        (p.transaction.entry.kind, p.transaction.entry.event, p.transaction.entry.caused_by.version)
        for p in audit.caused
    ] == [
        ("deal", "deal:1", 1),
        ("reversal", "deal:1", 2),
        ("deal", "deal:1", 2),
        ("reversal", "deal:2", 2),
        ("deal", "deal:2", 2),
    ]
    assert dict(audit.caused[1].totals) == {
        "Anna Jensen": 30,
        "Bent Ørsted": -40,
        "Carl Åberg": 60,
        "Pagatkop": -25,
        "Kongekop": -25,
    }
    (effect,) = audit.later_effects
    assert (effect.caused_by.version, effect.transaction.entry.event) == (2, "deal:2")
    assert sorted(effect.deltas) == [("Anna Jensen", -20), ("Pagatkop", 20)]

    body = response.content.decode()
    second_deal = ultimo.sitting.deals.get(number=2)
    for text in (
        "No Scus was called in vain",
        "fine.scus_called_in_vain",
        "001 L298",
        audit_url(ultimo.club, second_deal),
    ):
        assert text in body, text


def test_audit_page_is_the_clubs_own(client, ultimo, other_club):
    client.force_login(other_club.ebbe.user)
    assert client.get(audit_url(ultimo.club, ultimo.deal)).status_code == 404
    assert client.get(audit_url(other_club.club, ultimo.deal)).status_code == 404
    client.logout()  # an anonymous visitor is sent to log in, as on every club page
    response = client.get(audit_url(ultimo.club, ultimo.deal))
    assert (response.status_code, response["Location"]) == (302, f"/login/?next={audit_url(ultimo.club, ultimo.deal)}")


# --- disputes ---------------------------------------------------------------------------------


def raise_url(club, deal):
    return reverse("deal-dispute-raise", args=[club.slug, deal.pk])


def resolve_url(club, dispute):
    return reverse("dispute-resolve", args=[club.slug, dispute.pk])


def test_dispute_raised_then_resolved_by_correction(client, ultimo):
    client.force_login(ultimo.bent.user)
    response = client.post(raise_url(ultimo.club, ultimo.deal), {"comment": "  Carl never called the Scus  "})
    dispute = Dispute.objects.get()
    assert response.status_code == 302
    assert response["Location"] == audit_url(ultimo.club, ultimo.deal) + f"#dispute-{dispute.pk}"
    assert (dispute.raised_by, dispute.comment, dispute.is_open) == (ultimo.bent, "Carl never called the Scus", True)

    # Bent is no official: he may not resolve his own dispute.
    assert client.post(resolve_url(ultimo.club, dispute), {"action": "closed", "reason": "fine"}).status_code == 403
    dispute.refresh_from_db()
    assert dispute.is_open

    client.force_login(ultimo.dorte.user)
    page = client.get(audit_url(ultimo.club, ultimo.deal), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Mark as corrected" in page and "version 2: No Scus was called in vain" in page
    # The official is pointed to the phone UI's correction form for this deal.
    assert f'href="/c/vestbyen/sittings/{ultimo.sitting.pk}/deals/1/correct/"' in page
    version = ultimo.deal.versions.get(version=2)
    response = client.post(resolve_url(ultimo.club, dispute), {"action": "corrected", "version": version.pk})
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert (dispute.resolution, dispute.correction, dispute.resolved_by) == ("corrected", version, ultimo.dorte)
    assert dispute.resolved_at is not None

    page = client.get(audit_url(ultimo.club, ultimo.deal), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Corrected" in page and "version 2 by Dorte Ærø" in page and "Carl never called the Scus" in page
    # Resolved once is resolved.
    again = client.post(
        resolve_url(ultimo.club, dispute), {"action": "closed", "reason": "x"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert again.status_code == 400 and "This dispute is already resolved." in again.content.decode()


def test_dispute_closed_with_a_reason(client, ultimo):
    dispute = raise_dispute(ultimo.deal, member=ultimo.carl, comment="The ultimo took too much")
    client.force_login(ultimo.dorte.user)
    empty = client.post(
        resolve_url(ultimo.club, dispute), {"action": "closed", "reason": " "}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert empty.status_code == 400 and "Give the reason the settlement stands." in empty.content.decode()
    client.post(
        resolve_url(ultimo.club, dispute), {"action": "closed", "reason": "The cup held 90; the ultimo took it all"}
    )
    dispute.refresh_from_db()
    assert (dispute.resolution, dispute.close_reason, dispute.correction) == (
        "closed", "The cup held 90; the ultimo took it all", None,
    )  # fmt: skip
    page = client.get(audit_url(ultimo.club, ultimo.deal), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Closed" in page and "The cup held 90; the ultimo took it all" in page


def test_dispute_needs_a_comment_and_a_real_correction(client, ultimo):
    client.force_login(ultimo.anna.user)
    response = client.post(raise_url(ultimo.club, ultimo.deal), {"comment": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "Say what looks wrong with the deal." in response.content.decode()
    assert not Dispute.objects.exists()

    dispute = raise_dispute(ultimo.deal, member=ultimo.anna, comment="Wrong")
    with pytest.raises(DisputeError):  # the first version corrects nothing
        resolve_by_correction(dispute, by=ultimo.dorte, version=ultimo.deal.versions.get(version=1))
    with pytest.raises(DisputeError):  # a scorer is no official
        close_dispute(dispute, by=ultimo.anna, reason="I say so")
    client.force_login(ultimo.dorte.user)
    bogus = client.post(resolve_url(ultimo.club, dispute), {"action": "corrected", "version": "999999"})
    assert bogus.status_code == 400
    dispute.refresh_from_db()
    assert dispute.is_open


def test_other_clubs_cannot_raise_or_resolve(client, ultimo, other_club):
    dispute = raise_dispute(ultimo.deal, member=ultimo.bent, comment="Wrong")
    client.force_login(other_club.ebbe.user)  # an official, of Østerbro
    assert client.post(raise_url(ultimo.club, ultimo.deal), {"comment": "x"}).status_code == 404
    assert client.post(resolve_url(ultimo.club, dispute), {"action": "closed", "reason": "x"}).status_code == 404
    assert client.post(resolve_url(other_club.club, dispute), {"action": "closed", "reason": "x"}).status_code == 404
    with pytest.raises(DisputeError):
        raise_dispute(ultimo.deal, member=other_club.ebbe, comment="x")
    assert Dispute.objects.count() == 1 and Dispute.objects.get().is_open


def test_sitting_partial_lists_the_sittings_disputes(ultimo):
    raise_dispute(ultimo.deal, member=ultimo.bent, comment="Deal 1 looks wrong")
    closed = raise_dispute(ultimo.deal, member=ultimo.carl, comment="So does this")
    close_dispute(closed, by=ultimo.dorte, reason="Checked with the table")
    html = render_to_string("reports/_deal_disputes.html", {"disputes": disputes_of_sitting(ultimo.sitting)})
    assert html.count('class="dispute') == 2
    assert "Deal 1 looks wrong" in html and "Checked with the table" in html
    assert audit_url(ultimo.club, ultimo.deal) in html
    assert "Mark as corrected" not in html  # no resolve forms unless the page asks for them


def test_database_refuses_a_half_resolved_dispute(ultimo):
    dispute = raise_dispute(ultimo.deal, member=ultimo.bent, comment="Wrong")
    dispute.resolution, dispute.resolved_by, dispute.resolved_at = "closed", ultimo.dorte, timezone.now()
    with pytest.raises(IntegrityError), transaction.atomic():
        dispute.save()  # closed without a reason
