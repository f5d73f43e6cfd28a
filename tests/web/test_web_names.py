"""The shortest names that tell a table's members apart (club.web.names.short_names)."""

import re

import pytest
from django.urls import reverse

from club.models import Member
from club.services.deals import record_deal
from club.web.names import short_names
from world.clubs import add_members


@pytest.mark.parametrize(
    ("names", "short"),
    [
        (["Anna", "Bent", "Carl", "Dorte"], ["Anna", "Bent", "Carl", "Dorte"]),
        (["Anna Berg", "Bent Holm", "Carl Dam"], ["Anna", "Bent", "Carl"]),
        (["Jens Hansen", "Jens Pedersen", "Anna Berg"], ["Jens H", "Jens P", "Anna"]),
        (["Jens Hansen", "Jens Hald"], ["Jens Han", "Jens Hal"]),
        (["Jens Ole Hansen", "Jens Peter Hansen"], ["Jens O", "Jens P"]),
        (["Jens", "Jens Hansen"], ["Jens", "Jens H"]),
        (["Anna Berg", "Anna Bergsen"], ["Anna Berg", "Anna Bergs"]),
        (["Jens", "Jensen Ole"], ["Jens", "Jensen"]),
        (["Kovács Béla", "Kovács Bálint", "Szabó Éva"], ["Kovács Bé", "Kovács Bá", "Szabó"]),
        ([], []),
    ],
)
def test_each_name_is_as_short_as_telling_the_table_apart_allows(names, short):
    assert [short_names(names)[name] for name in names] == short


def test_a_name_no_shortening_tells_apart_stays_whole():
    assert short_names(["Jens Hansen", "Jens Hansen", "Bo"]) == {"Jens Hansen": "Jens Hansen", "Bo": "Bo"}


def test_a_single_member_is_his_first_word():
    assert short_names(["Anna Marie Berg"]) == {"Anna Marie Berg": "Anna"}


def test_the_sheet_and_the_form_tell_two_members_of_one_first_name_apart(club, season, start_sitting, as_member):
    """Jens Hansen and Jens Pedersen at one table: "Jens H" and "Jens P" in the sheet's heads, its
    dealer column and the deal form's buttons; the full names stay in the titles."""
    add_members(club, ["Jens Hansen", "Jens Pedersen"], role=Member.Role.SCORER)
    sitting = start_sitting(season, ["Jens Hansen", "Jens Pedersen", "Anna"])
    record_deal(
        sitting,
        {"dealer": "Jens Hansen", "players": ["Jens Hansen", "Jens Pedersen", "Anna"], "last_trick": "Anna"},
    )
    client = as_member("Anna")

    sheet = client.get(reverse("sitting", args=["nordvest", sitting.pk])).text
    heads = re.search(r"<thead>(.*?)</thead>", sheet, re.S).group(1)
    assert re.findall(r'<span aria-hidden="true">([^<]*)</span>', heads) == ["Jens H", "Jens P"]
    assert 'title="Jens Hansen"' in heads and ">Anna</th>" in heads
    row = re.search(r'<tr id="deal-1".*?</tr>', sheet, re.S).group(0)
    assert 'title="Dealer: Jens Hansen" class="dealer">Jens H</span>' in row

    form = client.get(reverse("deal_new", args=["nordvest", sitting.pk])).text
    dealer = re.search(r'id="field-dealer".*?</fieldset>', form, re.S).group(0)
    assert re.findall(r'value="([^"]+)"[^>]*><span>([^<]*)</span>', dealer) == [
        ("Jens Hansen", "Jens H"),
        ("Jens Pedersen", "Jens P"),
        ("Anna", "Anna"),
    ]
