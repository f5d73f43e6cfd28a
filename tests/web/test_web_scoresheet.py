"""The score sheet adds up postings per event: a correction's reversal and new posting net out."""

from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.web.scoresheet import scoresheet
from table_evening import DEAL_1_CORRECTED, TOTALS, TOTALS_CORRECTED


def test_rows_follow_the_events_of_the_sitting(played):
    sheet = scoresheet(played)

    assert sheet.names == ["Anna", "Bent", "Carl", "Dorte"]
    assert [row.key for row in sheet.rows] == ["funding:1", "deal:1", "deal:2", "deal:3"]
    assert [row.dealer for row in sheet.rows] == [None, "Anna", "Bent", "Carl"]
    assert sheet.rows[2].points == [-75, -80, 175, -20]
    assert sheet.totals == list(TOTALS.values())
    assert (sheet.held_before, sheet.held) == (
        {"cup:pagat": 0, "cup:king": 0},
        {"cup:pagat": 85, "cup:king": 195},
    )


def test_a_corrected_deal_and_the_later_deal_it_moves_show_their_corrected_points(played):
    correct_deal(played.deals.get(number=1), DEAL_1_CORRECTED, reason="forgotten King")

    sheet = scoresheet(played)

    assert sheet.rows[1].points == [-10, 35, 0, -40] and sheet.rows[1].corrected
    assert sheet.rows[3].points == [0, 80, 30, -225] and not sheet.rows[3].corrected
    assert sheet.totals == list(TOTALS_CORRECTED.values())
    assert sheet.held == {"cup:pagat": 85, "cup:king": 205}


def test_carried_cups_open_the_next_sitting(played, season, start_sitting):
    close_sitting(played, how="carry")

    following = scoresheet(start_sitting(season, "Anna Bent Carl"))

    assert following.held_before == {"cup:pagat": 85, "cup:king": 195}
    assert following.rows == [] and following.totals == [0, 0, 0]  # full cups: nothing to fund
