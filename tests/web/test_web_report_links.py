"""The table pages lead to the reports: audit per deal, disputes on the sitting page,
statements and CSV exports where the viewer may open them."""

from django.urls import reverse
from django.utils import timezone

from club.models import Deal
from club.services import disputes


def test_sitting_page_links_every_deal_to_its_audit_and_lists_disputes(played, members, as_member):
    deal_2 = Deal.objects.get(sitting=played, number=2)
    disputes.raise_dispute(deal_2, member=members["Dorte"], comment="Carl had the Pagat in the skat")

    page = as_member("Erik").get(reverse("sitting", args=["nordvest", played.pk]))

    assert page.status_code == 200
    for deal in played.deals.all():
        assert reverse("deal-audit", args=["nordvest", deal.pk]) in page.text
    assert 'id="disputes"' in page.text
    assert "Carl had the Pagat in the skat" in page.text
    assert "Dorte disputed it" in page.text


def test_member_page_offers_statement_and_postings_to_the_member_and_officials_only(played, members, as_member):
    month = timezone.localdate().strftime("%Y-%m")
    bent = members["Bent"]
    statement = reverse("member-statement", args=["nordvest", bent.pk, month])

    own = as_member("Bent").get(reverse("member", args=["nordvest", bent.pk]))
    official = as_member("Anna").get(reverse("member", args=["nordvest", bent.pk]))
    other = as_member("Erik").get(reverse("member", args=["nordvest", bent.pk]))

    assert statement in own.text and statement in official.text
    assert reverse("member-postings-csv", args=["nordvest", bent.pk]) in own.text
    assert 'id="statement-links"' not in other.text
    assert as_member("Bent").get(statement).status_code == 200


def test_standings_link_the_season_csv(played, season, as_member):
    page = as_member("Erik").get(reverse("season", args=["nordvest", season.pk]))

    assert reverse("season-standings-csv", args=["nordvest", season.pk]) in page.text
