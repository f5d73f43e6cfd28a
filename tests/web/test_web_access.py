"""Login, logout, throttling, the club chooser; every club page is the club's members' only."""

from django.urls import reverse

from club.models import Member, Sitting
from table_evening import PASSWORD
from world.clubs import make_user


def club_urls(sitting, members):
    slug, pk = "nordvest", sitting.pk
    return [
        ("get", reverse("club_home", args=[slug])),
        ("get", reverse("sitting_new", args=[slug])),
        ("get", reverse("sitting", args=[slug, pk])),
        ("post", reverse("sitting_close", args=[slug, pk])),
        ("get", reverse("deal_new", args=[slug, pk])),
        ("post", reverse("deal_preview", args=[slug, pk])),
        ("get", reverse("deal_correct", args=[slug, pk, 1])),
        ("get", reverse("standings", args=[slug])),
        ("get", reverse("season", args=[slug, sitting.season_id])),
        ("get", reverse("member", args=[slug, members["Anna"].pk])),
    ]


def test_another_clubs_member_gets_404_on_every_page(played, members, outsider, client):
    client.force_login(outsider)

    for method, url in club_urls(played, members):
        assert getattr(client, method)(url).status_code == 404, url


def test_an_inactive_member_gets_404(played, members, client):
    Member.objects.filter(pk=members["Bent"].pk).update(active=False)
    client.force_login(members["Bent"].user)

    assert client.get(reverse("club_home", args=["nordvest"])).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(played, members, client):
    for method, url in club_urls(played, members):
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/login/?next="), url


def test_a_member_who_only_looks_may_not_score(played, members, as_member):
    client = as_member("Erik")
    pk = played.pk

    assert client.get(reverse("sitting", args=["nordvest", pk])).status_code == 200
    assert client.get(reverse("sitting_new", args=["nordvest"])).status_code == 403
    assert client.get(reverse("deal_new", args=["nordvest", pk])).status_code == 403
    assert client.post(reverse("deal_preview", args=["nordvest", pk])).status_code == 403
    assert client.get(reverse("deal_correct", args=["nordvest", pk, 1])).status_code == 403
    assert client.post(reverse("sitting_close", args=["nordvest", pk]), {"how": "split"}).status_code == 403
    assert Sitting.objects.get(pk=pk).is_open
    page = client.get(reverse("sitting", args=["nordvest", pk])).text
    assert "Enter the next deal" not in page and "Close the sitting" not in page


def test_logging_in_goes_to_the_members_club(members, client):
    response = client.post(reverse("login"), {"username": "anna", "password": PASSWORD}, follow=True)

    assert response.redirect_chain[-1][0] == "/c/nordvest/"
    assert "Nordvest Tarok" in response.text


def test_a_member_of_two_clubs_chooses(members, make_club, client):
    other = make_club("Sydhavn Tarok", "sydhavn")
    Member.objects.create(club=other, name="Anna S.", user=members["Anna"].user)
    client.post(reverse("login"), {"username": "anna", "password": PASSWORD})

    response = client.get("/")

    assert response.status_code == 200
    assert 'href="/c/nordvest/"' in response.text and 'href="/c/sydhavn/"' in response.text


def test_a_user_without_a_club_is_told_so(db, client):
    client.force_login(make_user("nobody"))

    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")

    assert "You are not a member of any club yet" in response.text


def test_logging_out_ends_the_session(members, client):
    client.force_login(members["Anna"].user)

    response = client.post(reverse("logout"))

    assert response.status_code == 302 and response["Location"] == "/login/"
    assert client.get("/c/nordvest/").status_code == 302


def test_five_failed_logins_lock_that_username_from_that_address(members, client):
    wrong = {"username": "anna", "password": "gæt"}
    for _ in range(4):
        assert client.post(reverse("login"), wrong).status_code == 200
    # django-axes answers the failure that reaches the limit with the lockout page already.
    assert client.post(reverse("login"), wrong).status_code == 429

    locked = client.post(reverse("login"), {"username": "anna", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")

    assert locked.status_code == 429
    assert "Too many failed logins" in locked.text
    assert "_auth_user_id" not in client.session
    # Another member at the same address, and Anna from another address, still get in.
    assert client.post(reverse("login"), {"username": "bent", "password": PASSWORD}).status_code == 302
    client.logout()
    elsewhere = client.post(reverse("login"), {"username": "anna", "password": PASSWORD}, REMOTE_ADDR="10.0.0.7")
    assert elsewhere.status_code == 302


def test_a_good_login_clears_earlier_failures(members, client):
    for _ in range(4):
        client.post(reverse("login"), {"username": "Anna", "password": "gæt"})
    assert client.post(reverse("login"), {"username": "anna", "password": PASSWORD}).status_code == 302
    client.logout()

    for _ in range(4):
        client.post(reverse("login"), {"username": "anna", "password": "gæt"})

    assert client.post(reverse("login"), {"username": "anna", "password": PASSWORD}).status_code == 302


def test_another_clubs_sitting_is_404_under_this_clubs_address(
    played, as_member, make_club, make_season, make_table, start_sitting, today
):
    other = make_club("Sydhavn Tarok", "sydhavn", ("Ib", "Jytte", "Kaj"))
    season = make_season(other, name="Vinter", starts_on=today, ends_on=today)
    foreign = start_sitting(season, "Ib Jytte Kaj", at=make_table(other, "Bord A"))
    seated = list(other.members.order_by("pk"))
    client = as_member("Anna")

    assert client.get(reverse("sitting", args=["nordvest", foreign.pk])).status_code == 404
    assert client.get(reverse("deal_new", args=["nordvest", foreign.pk])).status_code == 404
    assert client.get(reverse("season", args=["nordvest", season.pk])).status_code == 404
    assert client.get(reverse("member", args=["nordvest", seated[0].pk])).status_code == 404
