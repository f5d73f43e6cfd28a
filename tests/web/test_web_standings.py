"""Season standings with the server-drawn chart, and a member's statistics."""

import datetime
import re

from django.urls import reverse

from club.services.corrections import correct_deal
from club.services.deals import record_deal
from club.services.stats import member_stats
from club.web.charts import balance_chart
from table_evening import DEAL_1_CORRECTED
from world.clubs import play


def standings(html):
    return re.findall(r'<tr data-name="(\w+)" data-points="(-?\d+)">', html)


def test_standings_list_every_balance_best_first_with_a_chart(played, as_member):
    page = as_member("Erik").get(reverse("standings", args=["nordvest"]))

    assert page.status_code == 200
    assert standings(page.text) == [("Carl", "165"), ("Bent", "-10"), ("Anna", "-130"), ("Dorte", "-305")]
    # One sitting: every line runs from 0 at the left edge to the balance at the right;
    # the scale is 165 … −305 over 164 px of height (8 px padding).
    assert re.findall(r'<polyline [^>]*points="([^"]+)" data-name="(\w+)"', page.text) == [
        ("8.0,65.6 312.0,8.0", "Carl"),
        ("8.0,65.6 312.0,69.1", "Bent"),
        ("8.0,65.6 312.0,110.9", "Anna"),
        ("8.0,65.6 312.0,172.0", "Dorte"),
    ]
    assert '<svg viewBox="0 0 320 180" role="img"' in page.text
    assert "<script" not in page.text.split("</head>")[1]  # drawn on the server


def test_standings_of_a_chosen_season(played, club, make_season, as_member):
    old = make_season(club, name="Forår", starts_on=datetime.date(2020, 1, 1), ends_on=datetime.date(2020, 6, 30))

    page = as_member("Anna").get(reverse("season", args=["nordvest", old.pk]))

    assert page.status_code == 200
    assert "Forår" in page.text and standings(page.text) == []
    assert "No deals this season yet." in page.text


def test_the_chart_keeps_a_balance_over_sittings_a_member_missed():
    d1, d2 = datetime.date(2026, 1, 5), datetime.date(2026, 1, 12)

    chart = balance_chart([("Anna", [(1, d1, 100), (2, d2, -50)]), ("Bent", [(1, d1, -100)])], width=208, height=116)

    # columns at x 8, 104, 200; scale 100 … −100 over 100 px, so y = 8 + (100 − v) / 2
    assert [line.points for line in chart.lines] == [
        "8.0,58.0 104.0,8.0 200.0,33.0",
        "8.0,58.0 104.0,108.0 200.0,108.0",
    ]
    assert [line.last for line in chart.lines] == [50, -100]
    assert (chart.top, chart.bottom, chart.zero_y) == (100, -100, 58.0)
    assert (chart.first_date, chart.last_date) == (d1, d2)


def test_the_chart_draws_a_run_of_missed_sittings_by_its_two_ends():
    d1, d2, d3, d4 = (datetime.date(2026, 1, day) for day in (5, 12, 19, 26))

    chart = balance_chart(
        [("Anna", [(1, d1, 100), (4, d4, -50)]), ("Bent", [(2, d2, -100), (3, d3, 0)])], width=208, height=116
    )

    # columns at x 8, 56, 104, 152, 200; scale 100 … −100 over 100 px, so y = 8 + (100 − v) / 2.
    # Anna is flat at 100 over sittings 2 and 3: the corner at 2 is left out, the line is the same.
    assert [line.points for line in chart.lines] == [
        "8.0,58.0 56.0,8.0 152.0,8.0 200.0,33.0",
        "8.0,58.0 56.0,58.0 104.0,108.0 152.0,108.0 200.0,108.0",
    ]
    assert [line.last for line in chart.lines] == [50, -100]


def test_a_members_page_counts_deals_ultimos_bagud_melds_and_counts(played, members, as_member):
    client = as_member("Erik")

    carl = client.get(reverse("member", args=["nordvest", members["Carl"].pk])).text
    dorte = client.get(reverse("member", args=["nordvest", members["Dorte"].pk])).text

    def stat(html: str, key: str) -> str:
        return re.findall(rf'data-stat="{key}">([^<]+)<', html)[0]

    assert 'data-points="165"' in carl
    assert [
        stat(carl, k) for k in ("deals_played", "deals_dealt", "nolos", "average_card_points", "average_count_result")
    ] == ["2", "1", "0", "40.0", "5.0"]
    assert '<tr data-card="Pagat"><td>Pagat</td><td class="num">1</td><td class="num">0</td></tr>' in carl
    assert '<dd data-meld="taroks">1</dd>' in carl
    # Dorte counted 19 in deal 1 (−5) and paid 10 as forehand in deal 3: −15 over two counted deals.
    assert [stat(dorte, k) for k in ("deals_played", "deals_dealt", "average_card_points", "average_count_result")] == [
        "2",
        "0",
        "19.0",
        "−7.5",  # a real minus, as every other figure has
    ]
    assert (
        '<tr data-card="King of Hearts"><td>King of Hearts</td><td class="num">0</td><td class="num">1</td></tr>'
        in dorte
    )


def test_statistics_follow_corrections_and_skip_void_counts(played, sitting, members):
    correct_deal(played.deals.get(number=1), DEAL_1_CORRECTED, reason="forgotten King")
    # Deal 4: Dorte deals, Anna forehand, Carl middlehand; Carl takes no trick (nolo), so the
    # counts given are void.
    record_deal(
        played,
        {
            "dealer": "Dorte",
            "players": ["Dorte", "Anna", "Carl"],
            "nolo": "Carl",
            "last_trick": "Anna",
            "counts": {"Dorte": 30, "Carl": 0},
        },
    )

    carl = member_stats(members["Carl"], played.season)
    dorte = member_stats(members["Dorte"], played.season)

    assert (carl.deals_played, carl.counts["nolos"], carl.counts["deals_counted"], carl.counts["own_counts"]) == (
        3,
        1,
        2,
        1,
    )
    assert (dorte.deals_played, dorte.deals_dealt, dorte.counts["count_result"], dorte.counts["deals_counted"]) == (
        3,
        1,
        -15,
        2,
    )
    assert fates(dorte, "bagud") == {"king:hearts": 1} and fates(dorte, "ultimo") == {}


def fates(stats, fate):
    """The cards whose `fate` (ultimo, bagud) the member's counters hold, by card."""
    return {key.removeprefix(f"{fate}:"): n for key, n in stats.counts.items() if key.startswith(f"{fate}:") and n}


DEAL_4_NOLO = {
    "dealer": "Dorte",
    "players": ["Dorte", "Anna", "Carl"],
    "nolo": "Carl",
    "last_trick": "Anna",
    "counts": {"Dorte": 30, "Carl": 0},
}


def figures(stats):
    return (
        stats.deals_played,
        stats.deals_dealt,
        stats.counts["nolos"],
        stats.counts["deals_counted"],
        stats.counts["own_counts"],
        stats.counts["count_result"],
    )


def test_kept_statistics_follow_a_correction_a_new_deal_and_a_void(played, members, django_assert_num_queries):
    from club.models import Seat

    carl, dorte = members["Carl"], members["Dorte"]
    first = {name: figures(member_stats(members[name], played.season)) for name in ("Carl", "Dorte")}
    seat = Seat.objects.get(sitting=played, member=carl)
    assert seat.stats_of == seat.changes and seat.stats["deals_played"] == first["Carl"][0]
    with django_assert_num_queries(1):  # nothing changed: the seats' kept figures, no deal read
        assert figures(member_stats(carl, played.season)) == first["Carl"]

    # The same correction and deal 4 as above, now over kept figures: the same hand-counted values.
    correct_deal(played.deals.get(number=1), DEAL_1_CORRECTED, reason="forgotten King")
    record_deal(played, DEAL_4_NOLO)
    carl_stats, dorte_stats = member_stats(carl, played.season), member_stats(dorte, played.season)
    assert (
        carl_stats.deals_played,
        carl_stats.counts["nolos"],
        carl_stats.counts["deals_counted"],
        carl_stats.counts["own_counts"],
    ) == (3, 1, 2, 1)
    assert (dorte_stats.deals_played, dorte_stats.deals_dealt, dorte_stats.counts["count_result"]) == (3, 1, -15)
    assert fates(dorte_stats, "bagud") == {"king:hearts": 1} and fates(dorte_stats, "ultimo") == {}

    # Deal 4 voided: Carl loses its deal and its nolo (its counts were void) and keeps deal 3, which
    # he dealt; Dorte loses deal 4, the one she dealt.
    correct_deal(played.deals.get(number=4), {"void": True}, reason="misdeal")
    assert figures(member_stats(carl, played.season))[:5] == (2, 1, 0, 2, 1)
    assert figures(member_stats(dorte, played.season))[:4] == (2, 0, 0, 2)
    assert member_stats(dorte, played.season).counts["count_result"] == -15


def test_kept_statistics_are_counted_again_when_the_seasons_rules_change(played, members):
    from club.models import Seat

    member_stats(members["Carl"], played.season)
    kept = Seat.objects.get(sitting=played, member=members["Carl"]).stats
    Seat.objects.filter(sitting=played).update(stats={**kept, "deals_played": 99, "key": "0:old rules"})

    assert member_stats(members["Carl"], played.season).deals_played == kept["deals_played"]


def test_a_member_of_another_club_is_404_by_id(played, members, outsider, as_member):
    olaf = outsider.memberships.get()

    assert as_member("Anna").get(reverse("member", args=["nordvest", olaf.pk])).status_code == 404


def test_the_standings_list_the_newest_sittings_and_link_to_every_one(
    club, make_season, table, start_sitting, as_member, monkeypatch
):
    """A season of three hundred evenings is not three hundred cards on a phone: the newest
    (here two of three) and a link to them all."""
    monkeypatch.setattr("club.web.views.SITTING_CARDS", 2)
    season = make_season(club, name="Vinter", year=2026)
    days = [datetime.date(2026, 1, 5), datetime.date(2026, 1, 12), datetime.date(2026, 1, 19)]
    sittings = []
    for day in days:
        sittings.append(start_sitting(season, date=day))
        play(sittings[-1], [], close="split")
    client = as_member("Erik")

    def cards(html: str) -> list[str]:
        return re.findall(r'<a class="card" href="[^"]*/sittings/(\d+)/"', html)

    page = client.get(reverse("season", args=["nordvest", season.pk])).text
    assert cards(page) == [str(sittings[2].pk), str(sittings[1].pk)]
    assert 'id="all-sittings"' in page and "not only the newest 2" in page

    every = client.get(reverse("season", args=["nordvest", season.pk]), {"sittings": "all"}).text
    assert cards(every) == [str(s.pk) for s in reversed(sittings)]
    assert 'id="all-sittings"' not in every
