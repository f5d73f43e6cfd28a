"""Every family through the whole club, from its package alone: for each family of `rules.FAMILIES`
and the toy family Kasse, a sample record from its record schema's examples goes through the deal
form, the preview, the save, the API, a correction of the earlier deal, the close, the score sheet,
the member page, the statement PDF and `ledger_check`.

What the club shows is checked against the family's own settlement of the same record
(`python -m rules replay`, whose figures tests/rules/ holds to the rule books' worked examples);
Kasse's figures are worked by hand below.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

import rules
from club.models import Deal, Member
from club.reports.pdf import render_statement_pdf
from club.services import balances
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.web import deal_form
from world.clubs import make_club, make_season, make_table, start_sitting
from world.records import sample

pytestmark = pytest.mark.django_db


def sitting_of(family, table, deals, close=None) -> dict:
    record = {"ruleset": family.default_preset, "table": table, "deals": deals}
    if close is not None:
        record["close"] = family.record_close(close)
    return record


def replayed(family, table, deals, close=None) -> dict[str, int]:
    """The family's own settlement of the sitting: every member's and table account's balance."""
    return rules.replay(sitting_of(family, table, deals, close))["balances"]


def nets(html: str) -> dict[str, int]:
    return {name: int(points) for name, points in re.findall(r'data-name="([^"]+)" data-points="(-?\d+)"', html)}


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def standings(season) -> dict[str, int]:
    return {row.name: row.points for row in balances.season_standings(season)}


def ledger_check_problems() -> str:
    out = io.StringIO()
    with translation.override("en"):
        call_command("ledger_check", stdout=out)
    return re.search(r"problems found: (\d+)", out.getvalue())[1]


def test_every_family_goes_through_the_whole_club(family, client, api, today):
    record, table = sample(family)
    club = make_club("Prøveklubben", "proeve", table, role=Member.Role.SCORER, logins=True)
    season = make_season(club, family.default_preset, starts_on=today, ends_on=today)
    sitting = start_sitting(season, table, at=make_table(club), date=today, first_dealer=record.get("dealer"))
    scorer = club.members.get(name=table[0])
    client.force_login(scorer.user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = lambda name, *more: reverse(name, args=[club.slug, sitting.pk, *more])  # noqa: E731
    game = season.ruleset()
    members = list(table)

    # The deal form: a field for the table's members.
    form = client.get(url("deal_new"))
    assert form.status_code == 200
    assert all(f'value="{name}"' in form.content.decode() for name in table)

    # The preview answers the family's own settlement of the example.
    layout = family.deal_layout(game, table)
    posted = {
        key: value if isinstance(value, list) else "" if value is None else str(value)
        for key, value in deal_form.initial_from_record(layout, record).items()
    }
    one_deal = replayed(family, table, [record])
    preview = nets(client.post(url("deal_preview"), posted).content.decode())
    [settled] = [
        event for event in rules.replay(sitting_of(family, table, [record]))["events"] if event["kind"] == "deal"
    ]
    assert preview == settled["net"]

    # Saved from the form, the deal posts what the family settles.
    page = form.content.decode()
    saved = client.post(
        url("deal_new"), posted | {"number": hidden(page, "number"), "idempotency_key": hidden(page, "idempotency_key")}
    )
    assert saved.status_code == 302
    stored = Deal.objects.get(sitting=sitting, number=1).current_version.record
    assert rules.replay({"ruleset": season.preset, "table": table, "deals": [stored]})["balances"] == one_deal

    # The API records the same deal again as deal 2; the table answers its own family's accounts.
    program = api(scorer.user)
    assert program.post(f"/api/sittings/{sitting.pk}/deals/", stored, format="json").status_code == 201
    two_deals = replayed(family, table, [stored, stored])
    assert standings(season) == {name: two_deals[name] for name in members}
    answered = program.get(f"/api/tables/{sitting.table_id}/").json()
    assert answered["family"] == family.name
    assert answered["accounts"] == {name: two_deals[name] for name in family.table_accounts(game)}

    # Deal 1 corrected (voided): deal 2 stands alone.
    correct_deal(Deal.objects.get(sitting=sitting, number=1), {"void": True}, reason="misdeal", by=scorer.user)
    assert standings(season) == {name: one_deal[name] for name in members}

    # The close, as the season says (split): what the family's close settles.
    close_sitting(sitting, by=scorer.user)
    closed = replayed(family, table, [stored], close="split")
    assert standings(season) == {name: closed[name] for name in members}

    # The score sheet and the member page.
    sheet = client.get(url("sitting")).content.decode()
    assert all(name in sheet for name in table)
    player = next(name for name in table if family.pages.plays_in(stored, name, table))
    page = client.get(reverse("member", args=[club.slug, club.members.get(name=player).pk])).content.decode()
    assert re.search(r'data-stat="deals_played">1<', page)

    # The statement PDF: the member and his saldo at the month's end, his season's points in kroner.
    pdf = render_statement_pdf(club.members.get(name=player), today.year, today.month, "en")
    assert pdf.startswith(b"%PDF")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).replace("−", "-")
    saldo = closed[player] / 100  # kroner: the season's point is worth 1 øre
    assert player in text and re.search(rf"Saldo on \d+ \w+ \d+ {saldo:.2f} kr\.\nTo", text)

    assert ledger_check_problems() == "0"


def test_the_toy_familys_kasse_by_hand(client, today, monkeypatch):
    """Kasse at Anna, Bent, Carl (stake 2): Bent declares and loses (Bent −4 − 1 into the kasse,
    Anna and Carl +2), Carl declares and wins (Carl +4, Anna and Bent −2); the close splits the kasse
    of 1 in threes: nothing to share, it stays. Anna 0, Bent −7, Carl 6, the kasse 1."""
    from conformance.conftest import register
    from conformance.toyfamily import KASSE_FAMILY

    register(monkeypatch, KASSE_FAMILY)
    table = ["Anna", "Bent", "Carl"]
    club = make_club("Kasseklubben", "kasse", table, role=Member.Role.SCORER, logins=True)
    season = make_season(club, "kasse", starts_on=today, ends_on=today)
    sitting = start_sitting(season, table, at=make_table(club), date=today)
    from world.clubs import play

    play(
        sitting,
        [{"dealer": "Anna", "declarer": "Bent", "won": False}, {"dealer": "Bent", "declarer": "Carl", "won": True}],
        close=True,
    )
    assert standings(season) == {"Anna": 0, "Bent": -7, "Carl": 6}
    assert balances.table_holdings(sitting.table)["kasse"] == 1
    assert ledger_check_problems() == "0"
