"""The score sheet adds up postings per event: a correction's reversal and new posting net out."""

from club.families import Holding, TableAccount
from club.services.closing import close_sitting
from club.services.corrections import correct_deal
from club.web.scoresheet import OwnCell, Row, Scoresheet, scoresheet
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


PAGAT = TableAccount("cup:pagat", "cup", "pagat", "cups", "Pagatkop", "P")
KING = TableAccount("cup:king", "cup", "king", "cups", "Kongekop", "K")


def test_the_sheet_sizes_its_columns_by_its_widest_figure_name_and_holding():
    """In quarter ems of their fonts, at DejaVu Sans's widths: "−1195" in bold is 0.84 + 4 × 0.70
    = 3.64 em (15 quarters, rounded up), above "+1930" on the smaller second line (5/6 of 3.40 em);
    "Hanne" is 0.80 + 4 × 0.70 = 3.60 em (15); the Kongekop's 10985 is 5 × 0.64 = 3.20 em (13)."""
    row = Row(
        key="deal:15",
        kind="deal",
        number=15,
        points=[-1040, 1930, 0, 120, -5],
        totals=[-1195, 830, -580, 205, -310],
        holdings=[Holding(PAGAT, 165), Holding(KING, 10985)],
    )
    sheet = Scoresheet(["Anna", "Bent", "Carl", "Dorte", "Hanne"], [Holding(PAGAT, 0), Holding(KING, 0)], [row])

    assert sheet.fit == "members-5 fig-15 name-15 held-13"


def test_a_games_own_line_with_its_marks_can_be_the_widest_figure():
    """A Slovenian cell's third line, "−25 ○○" on the smaller font: 5/6 × (0.84 + 2 × 0.64 + 0.35 +
    2 × 0.88) = 3.525 em, 15 quarters, wider than "−115" in bold (2.94 em). "Cene" is 2.90 em (12);
    no table accounts: the narrowest holding class."""
    row = Row(
        key="deal:3",
        kind="deal",
        number=3,
        points=[80, 130, -120, -70, -20],
        totals=[85, 360, -115, -190, -140],
        holdings=[],
        own=[OwnCell(15, 1), OwnCell(70, 1), OwnCell(-25, 2), OwnCell(-40, 2), OwnCell(-30, 2)],
    )
    sheet = Scoresheet(["Ana", "Bor", "Cene", "Dana", "Eva"], [], [row])

    assert sheet.fit == "members-5 fig-15 name-12 held-4"


def test_a_voided_deal_is_not_counted_among_the_deals_played(played):
    """The club page, the statements and the standings count a sitting's deals by `deal_count`:
    deal 3 voided leaves two deals played of the three recorded."""
    from club.models import Sitting
    from club.services.corrections import void_last_deal
    from club.services.sittings import deal_count

    void_last_deal(played, reason="Tastet to gange")

    counted = Sitting.objects.filter(pk=played.pk).annotate(deal_count=deal_count()).get()
    assert (played.deals.count(), counted.deal_count) == (3, 2)


def test_a_games_own_line_is_sized_for_three_marks_and_wraps_the_rest():
    """Five marks, "−215 ⊗⊗○○○": the line is sized for "−215 ⊗⊗○", 5/6 × (0.84 + 3 × 0.64 + 0.35 +
    3 × 0.88) = 4.79 em (20 quarters); the marks past three wrap under it (static site.css), where
    sizing for all five (6.26 em) would pass the sheet's largest class and cut them."""
    row = Row(
        key="deal:9",
        kind="deal",
        number=9,
        points=[10, 10, -10, -10],
        totals=[100, 100, -100, -100],
        holdings=[],
        own=[OwnCell(-215, 3, 2), OwnCell(15), OwnCell(15), OwnCell(15)],
    )
    sheet = Scoresheet(["Ana", "Bor", "Cene", "Dana"], [], [row])

    assert sheet.fit == "members-4 fig-20 name-12 held-4"


def test_cups_carried_into_an_evening_size_their_column_before_its_first_deal():
    """No row yet, and the Kongekop carried in holds 10985: its Σ cell needs 5 × 0.64 = 3.20 em (13
    quarters). "Anna", "Bent" and "Carl" are each 0.80 + 3 × 0.70 = 2.90 em (12); the totals are 0 (6)."""
    sheet = Scoresheet(["Anna", "Bent", "Carl"], [Holding(PAGAT, 165), Holding(KING, 10985)], [])

    assert sheet.fit == "members-3 fig-6 name-12 held-13"
