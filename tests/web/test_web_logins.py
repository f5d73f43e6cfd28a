"""Logins belong to people, not to clubs' admins.

Sofie and Ib are members of Østerbro with their own logins (sofie@example.org, ib@example.org).
Bo is the admin of Vestbyen, another club. Whatever address Bo gives a new or edited member
(Sofie's exactly, in capitals, with the long s "ſ", or with the dotless "ı"), Sofie's and Ib's
logins stay as they are, and mail goes to no address but a login's own: Sofie is asked to join,
at her stored address, and only her "yes", signed in, links Vestbyen's member to her login.
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import JoinRequest, LoginLanguage, Member
from club.services import joining
from club.services import members as office
from world.clubs import make_club, make_user

PASSWORD = "k0ngekop-42"
SOFIE = "sofie@example.org"


@pytest.fixture
def osterbro(db):
    club = make_club("Østerbro Tarok", "osterbro")
    for name, address in (("Sofie", SOFIE), ("Ib", "ib@example.org")):
        user = make_user(address, PASSWORD, email=address)
        Member.objects.create(club=club, name=name, email=address, user=user)
    return club


@pytest.fixture
def sofie(osterbro):
    """Her login reads English: the club's requests to join speak it, whoever asks."""
    login = get_user_model().objects.get(username=SOFIE)
    LoginLanguage.objects.create(user=login, language="en")
    return login


@pytest.fixture
def vestbyen(db):
    return make_club(
        "Vestbyen", "vestbyen", ["Bo"], roles={"Bo": Member.Role.ADMIN}, usernames={"Bo": "bo@example.org"}
    )


@pytest.fixture
def bo(vestbyen, client):
    client.force_login(vestbyen.members.get(name="Bo").user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def login_state(username: str) -> tuple:
    """All of a login that an official must never change: its names, password and clubs."""
    user = get_user_model().objects.get(username=username)
    clubs = sorted(user.memberships.values_list("club__slug", flat=True))
    return user.username, user.email, user.password, clubs


def add_by_office(client, club, email: str, name: str = "Sofie H", language: str = ""):
    fields = {"name": name, "email": email, "role": "member", "language": language}
    return client.post(reverse("office_member_new", args=[club.slug]), fields)


def add_by_api(client, club, email: str, name: str = "Sofie H"):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(club.members.get(name="Bo").user)
    return api.post("/api/members/", {"club": club.pk, "name": name, "email": email}, format="json")


ADD = {"office": add_by_office, "api": add_by_api}


@pytest.mark.parametrize("way", ADD)
@pytest.mark.parametrize("typed", [SOFIE, "Sofie@Example.ORG", "ſofie@example.org"])
def test_an_address_with_a_login_of_another_club_leaves_that_login_alone_and_asks_its_owner(
    bo, vestbyen, sofie, way, typed, send_queued_mail
):
    before = login_state(SOFIE)

    response = ADD[way](bo, vestbyen, typed)

    assert response.status_code in (201, 302), response.content[:300]
    added = Member.objects.get(club=vestbyen, name="Sofie H")
    assert (added.email, added.user) == (SOFIE, None)
    assert login_state(SOFIE) == before == (SOFIE, SOFIE, before[2], ["osterbro"])
    (asked,) = JoinRequest.objects.all()
    assert (asked.member, asked.user, asked.decided_at, asked.accepted) == (added, sofie, None, None)
    send_queued_mail()
    (message,) = mail.outbox
    assert message.to == [SOFIE]  # the login's own stored address, whatever was typed
    assert message.subject == "Vestbyen asks you to join"
    assert "wants to add you as its member Sofie H" in message.body
    assert "http://testserver/\n" in message.body
    assert "/password/" not in message.body


@pytest.mark.parametrize("way", ADD)
def test_a_dotless_i_address_is_refused_and_mails_nobody(bo, vestbyen, osterbro, way, send_queued_mail):
    before = login_state("ib@example.org")

    response = ADD[way](bo, vestbyen, "ıb@example.org", name="Ib")

    refusal = "Write the part before the @ in plain letters (a to z), digits and signs: a login needs such an address."
    if way == "api":
        assert response.status_code == 400
        assert response.json() == {"errors": [{"field": "email", "code": "refused", "message": refusal}]}
    else:
        assert response.status_code == 200
        assert response.context["form"].errors["email"] == [refusal]
    assert not Member.objects.filter(club=vestbyen, name="Ib").exists()
    assert get_user_model().objects.count() == 3  # Sofie, Ib, Bo: no new login either
    assert login_state("ib@example.org") == before
    send_queued_mail()
    assert mail.outbox == []


def test_editing_a_members_address_to_anothers_login_asks_its_owner(bo, vestbyen, sofie, send_queued_mail):
    carl = office.add_member(vestbyen, name="Carl", email="carl@example.org")
    carl_login = carl.user
    before = login_state(SOFIE)

    response = bo.post(
        reverse("office_member_edit", args=[vestbyen.slug, carl.pk]),
        {"name": "Carl", "email": "ſofie@example.org", "role": "member"},
        follow=True,
    )

    assert response.status_code == 200
    # The answer of an address without a login anywhere (issue 36, N8).
    assert "Saved." in response.text and "login" not in response.text.split('class="messages"')[-1][:500]
    carl.refresh_from_db()
    assert (carl.email, carl.user) == (SOFIE, None)
    assert login_state(SOFIE) == before
    send_queued_mail()
    assert [m.to for m in mail.outbox] == [[SOFIE]]
    # His old login, which nobody else uses and nobody ever signed in with, is gone.
    assert not get_user_model().objects.filter(pk=carl_login.pk).exists()
    assert not get_user_model().objects.filter(username="carl@example.org").exists()


def test_a_new_address_leaves_an_old_login_that_someone_needs(bo, vestbyen, osterbro, sofie):
    """Carl's old login stays as it is when another club's member uses it, when a club waits for
    its owner's answer, or when it is staff's: an address change never retires it then."""
    carl = office.add_member(vestbyen, name="Carl", email="carl@example.org")
    dan = office.add_member(vestbyen, name="Dan", email="dan@example.org")
    eva = office.add_member(vestbyen, name="Eva", email="eva@example.org")
    Member.objects.create(club=osterbro, name="Carl", email="carl@example.org", user=carl.user)
    JoinRequest.objects.create(member=Member.objects.create(club=osterbro, name="Dan"), user=dan.user)
    get_user_model().objects.filter(pk=eva.user_id).update(is_staff=True)
    logins = get_user_model().objects.filter(username__in=["carl@example.org", "dan@example.org", "eva@example.org"])
    fields = ("username", "email", "password", "is_active")
    before = sorted(logins.values_list(*fields))

    for member, name in ((carl, "Carl"), (dan, "Dan"), (eva, "Eva")):
        office.edit_member(member, name=name, email=f"{name.lower()}@example.net", role="member")

    assert sorted(logins.values_list(*fields)) == before and len(before) == 3
    assert Member.objects.get(pk=carl.pk).user.username == "carl@example.net"


def test_send_invitation_waits_for_the_owners_answer(bo, vestbyen, sofie, send_queued_mail):
    add_by_office(bo, vestbyen, "ſofie@example.org")
    added = Member.objects.get(club=vestbyen, name="Sofie H")
    send_queued_mail()
    mail.outbox.clear()
    before = login_state(SOFIE)

    answer = bo.post(reverse("office_member_invite", args=[vestbyen.slug, added.pk]), follow=True)

    # Answered as any invitation (issue 36, N8); the request's mail went today already, so none goes.
    assert "An invitation is on its way to sofie@example.org." in answer.text
    send_queued_mail()
    assert mail.outbox == []
    assert login_state(SOFIE) == before


def test_the_owner_sees_the_request_after_login_and_accepting_links_her(vestbyen, sofie, client):
    office.add_member(vestbyen, name="Sofie H", email="ſofie@example.org")
    added = Member.objects.get(club=vestbyen, name="Sofie H")
    (asked,) = JoinRequest.objects.all()

    signed_in = client.post(reverse("login"), {"username": "Sofie@Example.org", "password": PASSWORD})
    assert signed_in.status_code == 302
    first_page = client.get(signed_in["Location"], HTTP_ACCEPT_LANGUAGE="en")
    # One club, yet no redirect into it: the request waits on the first page.
    assert first_page.status_code == 200
    assert "Vestbyen asks you to join as Sofie H." in first_page.text
    assert reverse("join_request", args=[asked.pk]) in first_page.text

    answered = client.post(reverse("join_request", args=[asked.pk]), {"answer": "accept"}, HTTP_ACCEPT_LANGUAGE="en")

    assert answered.status_code == 302
    added.refresh_from_db()
    assert added.user == sofie
    assert login_state(SOFIE)[3] == ["osterbro", "vestbyen"]
    asked.refresh_from_db()
    assert asked.accepted is True and asked.decided_at is not None
    assert client.get(reverse("club_home", args=["vestbyen"])).status_code == 200
    # Answered once: a second answer finds no open request.
    assert client.post(reverse("join_request", args=[asked.pk]), {"answer": "decline"}).status_code == 404


def test_declining_leaves_the_member_without_a_login(vestbyen, sofie, client):
    office.add_member(vestbyen, name="Sofie H", email=SOFIE)
    (asked,) = JoinRequest.objects.all()
    client.force_login(sofie)

    assert client.post(reverse("join_request", args=[asked.pk]), {"answer": "decline"}).status_code == 302

    assert Member.objects.get(club=vestbyen, name="Sofie H").user is None
    asked.refresh_from_db()
    assert asked.accepted is False
    assert login_state(SOFIE)[3] == ["osterbro"]
    assert client.get(reverse("club_home", args=["vestbyen"])).status_code == 404


def test_only_the_login_asked_may_answer(vestbyen, osterbro, sofie, client):
    office.add_member(vestbyen, name="Sofie H", email=SOFIE)
    (asked,) = JoinRequest.objects.all()
    client.force_login(get_user_model().objects.get(username="ib@example.org"))

    assert client.post(reverse("join_request", args=[asked.pk]), {"answer": "accept"}).status_code == 404
    assert client.post(reverse("join_request", args=[asked.pk]), {"answer": "maybe"}).status_code == 400
    assert Member.objects.get(club=vestbyen, name="Sofie H").user is None


def test_the_same_address_twice_in_one_club_stays_refused(bo, vestbyen, sofie):
    add_by_office(bo, vestbyen, SOFIE)
    again = add_by_office(bo, vestbyen, "ſofie@example.org", name="Sofie again")

    assert again.context["form"].errors["email"] == ["Another member of the club has this email address."]
    assert JoinRequest.objects.count() == 1


def test_the_clubs_log_tells_the_request_and_its_answer(bo, vestbyen, sofie, client):
    add_by_office(bo, vestbyen, SOFIE)
    (asked,) = JoinRequest.objects.all()
    client.force_login(sofie)
    client.post(reverse("join_request", args=[asked.pk]), {"answer": "accept"})
    client.force_login(vestbyen.members.get(name="Bo").user)

    page = client.get(reverse("club_log", args=[vestbyen.slug]), HTTP_ACCEPT_LANGUAGE="en")

    lines = [line.text for line in page.context["page"]]
    # The request itself says nothing (issue 36, N8): the member added, then the owner's answer.
    assert lines[:2] == [
        "The owner of the login accepted: Sofie H signs in with it.",
        "Bo added the member Sofie H (member).",
    ]


def test_a_new_address_still_gets_its_own_login_and_invitation(bo, vestbyen, send_queued_mail):
    add_by_office(bo, vestbyen, "Frida@Example.org", name="Frida", language="en")
    frida = Member.objects.get(club=vestbyen, name="Frida")
    assert (frida.user.username, frida.user.email) == ("frida@example.org", "frida@example.org")

    bo.post(reverse("office_member_invite", args=[vestbyen.slug, frida.pk]))
    send_queued_mail()

    (message,) = mail.outbox
    assert message.to == ["frida@example.org"]
    assert "You log in with your email address, frida@example.org." in message.body


def test_an_invitation_goes_to_the_logins_address_not_the_members(vestbyen, send_queued_mail):
    frida = office.add_member(vestbyen, name="Frida", email="frida@example.org")
    # An address that differs from his login's (written before the two were kept alike).
    Member.objects.filter(pk=frida.pk).update(email="someone.else@example.org")
    frida.refresh_from_db()

    office.invite(frida, base_url="https://tarok.example.org")
    send_queued_mail()

    assert [m.to for m in mail.outbox] == [["frida@example.org"]]


# --- stored usernames ------------------------------------------------------------------------------


def test_the_migration_folds_usernames_but_never_merges_two_logins(db, capsys):
    users = get_user_model().objects
    anna = users.create_user("Anna@Example.org")
    fullwidth = users.create_user("ｇｏｒｍ")
    bo_upper, bo_lower = users.create_user("Bo"), users.create_user("bo")
    migration = importlib.import_module("club.migrations.0014_join_requests_and_login_addresses")

    migration.normalise_usernames(apps, SimpleNamespace(connection=connection))

    stored = dict(users.filter(pk__in=[anna.pk, fullwidth.pk, bo_upper.pk, bo_lower.pk]).values_list("pk", "username"))
    assert stored == {anna.pk: "anna@example.org", fullwidth.pk: "gorm", bo_upper.pk: "Bo", bo_lower.pk: "bo"}
    assert f"login {bo_upper.pk} ('Bo') is kept as it is" in capsys.readouterr().out


# -- two officials, or two answers, at the same moment ----------------------------------------
# The one that comes second is refused as the service refuses (a form error, the API's 400
# "refused"), never a server error, and writes nothing. The race is made by letting its check run
# before the first one's write: the check finds nothing, while the row is already there.

LOGIN_TAKEN = "This address was given a login a moment ago: save again."


@pytest.fixture
def sofie_signed_up_elsewhere_meanwhile(osterbro, monkeypatch):
    """Sofie's login exists (Østerbro made it), but this request's check ran just before."""
    monkeypatch.setattr(joining, "existing_login", lambda address: None)


@pytest.mark.parametrize("way", ADD)
def test_a_login_made_by_another_club_meanwhile_is_a_refusal(
    bo,
    vestbyen,
    sofie_signed_up_elsewhere_meanwhile,
    way,
    send_queued_mail,
):
    logins = get_user_model().objects.count()

    response = ADD[way](bo, vestbyen, SOFIE)

    if way == "api":
        assert response.status_code == 400
        assert response.json() == {"errors": [{"field": "email", "code": "refused", "message": LOGIN_TAKEN}]}
    else:
        assert response.status_code == 200
        assert response.context["form"].errors["email"] == [LOGIN_TAKEN]
    assert not Member.objects.filter(club=vestbyen, name="Sofie H").exists()
    assert get_user_model().objects.count() == logins
    send_queued_mail()
    assert mail.outbox == []


def test_saved_again_the_member_asks_the_new_logins_owner(bo, vestbyen, sofie, monkeypatch):
    found = joining.existing_login
    monkeypatch.setattr(joining, "existing_login", lambda address: None)
    add_by_api(bo, vestbyen, SOFIE)
    monkeypatch.setattr(joining, "existing_login", found)

    assert add_by_api(bo, vestbyen, SOFIE).status_code == 201

    (asked,) = JoinRequest.objects.all()
    assert (asked.member.name, asked.member.user, asked.user) == ("Sofie H", None, sofie)


def test_two_requests_of_one_club_accepted_at_once_leave_the_second_refused(vestbyen, sofie, client, monkeypatch):
    office.add_member(vestbyen, name="Sofie H", email=SOFIE)
    first = JoinRequest.objects.get()
    # A second member of the club waiting for the same login (asked by its address, before the first had it).
    second_member = Member.objects.create(club=vestbyen, name="Sofie W")
    second = JoinRequest.objects.create(member=second_member, user=sofie)
    client.force_login(sofie)
    accepted = client.post(reverse("join_request", args=[first.pk]), {"answer": "accept"}, follow=True)
    assert accepted.status_code == 200 and accepted.redirect_chain == [(reverse("home"), 302)]
    monkeypatch.setattr(joining, "_member_of", lambda club_id, user: False)  # checked before the first was saved

    answered = client.post(
        reverse("join_request", args=[second.pk]), {"answer": "accept"}, HTTP_ACCEPT_LANGUAGE="en", follow=True
    )

    assert answered.status_code == 200
    assert [str(message) for message in answered.context["messages"]] == ["You are already a member of Vestbyen."]
    assert list(Member.objects.filter(club=vestbyen, user=sofie).values_list("name", flat=True)) == ["Sofie H"]
    second.refresh_from_db()
    assert (second.decided_at, second.accepted) == (None, None)  # still open: nothing half-written


@pytest.mark.parametrize("way", ADD)
def test_a_join_request_made_in_another_clubs_scope_speaks_the_logins_first_clubs_language(
    bo, vestbyen, osterbro, way, send_queued_mail
):
    """Sofie chose no language: her mail speaks her first membership's, even when the request is
    made in Vestbyen's pages, whose scope sees only Vestbyen's members."""
    osterbro.language = "hu"
    osterbro.save()

    assert ADD[way](bo, vestbyen, SOFIE).status_code in (201, 302)

    send_queued_mail()
    (message,) = mail.outbox
    assert (message.to, message.subject) == ([SOFIE], "A(z) Vestbyen csatlakozásra hív")


def test_the_migration_folds_stored_addresses_but_never_two_into_one(db, capsys):
    users = get_user_model().objects
    admin = users.create_user("root", email="Admin@Example.org")
    ib_upper = users.create_user("ib1", email="IB@example.org")
    ib_lower = users.create_user("ib2", email="ib@example.org")
    migration = importlib.import_module("club.migrations.0022_login_emails_folded")

    migration.fold_emails(apps, SimpleNamespace(connection=connection))

    stored = dict(users.filter(pk__in=[admin.pk, ib_upper.pk, ib_lower.pk]).values_list("pk", "email"))
    assert stored == {admin.pk: "admin@example.org", ib_upper.pk: "IB@example.org", ib_lower.pk: "ib@example.org"}
    assert f"login {ib_upper.pk} ('IB@example.org') keeps its address as it is" in capsys.readouterr().out


def test_a_login_gets_at_most_one_request_mail_a_day_from_a_club(bo, vestbyen, sofie, send_queued_mail):
    """N8: the address given, taken away and given again (or to another member) asks again, but
    mails the login once a day per club; another club's request is its own."""
    first = add_by_office(bo, vestbyen, SOFIE)
    assert first.status_code == 302
    sofie_h = Member.objects.get(club=vestbyen, name="Sofie H")
    office.edit_member(sofie_h, name="Sofie H", email="", role="member")
    office.edit_member(sofie_h, name="Sofie H", email=SOFIE, role="member")
    assert JoinRequest.objects.filter(user=sofie, decided_at__isnull=True).count() == 1
    other = make_club("Nørrebro", "norrebro", ["Ulla"], roles={"Ulla": Member.Role.ADMIN})
    office.add_member(other, name="Sofie N", email=SOFIE)

    send_queued_mail()

    assert [(m.to, m.subject) for m in mail.outbox] == [
        ([SOFIE], "Vestbyen asks you to join"),
        ([SOFIE], "Nørrebro asks you to join"),
    ]


# --- addresses in IDNA's ASCII form, and what no address holds (L3) ------------------------------


@pytest.mark.parametrize("way", ADD)
def test_an_address_with_a_unicode_domain_is_the_same_login_as_its_ascii_form(bo, vestbyen, way, send_queued_mail):
    users = get_user_model().objects
    bucher = users.create_user("anna@xn--bcher-kva.dk", "anna@xn--bcher-kva.dk", PASSWORD)
    Member.objects.create(club=make_club("Østerbro Tarok", "osterbro"), name="Anna", user=bucher)

    response = ADD[way](bo, vestbyen, "Anna@Bücher.DK", name="Anna B")

    assert response.status_code in (201, 302), response.content[:300]
    added = Member.objects.get(club=vestbyen, name="Anna B")
    assert (added.email, added.user) == ("anna@xn--bcher-kva.dk", None)
    assert JoinRequest.objects.get().user == bucher
    assert users.count() == 2  # Bo's and Anna's: no second login for the same mailbox


@pytest.mark.parametrize(
    "typed",
    [
        '"anna b"@example.org',  # a quoted part reads as another address
        "an\u200bna@example.org",  # format characters, shown as nothing
        "anna@exa\u00admple.org",
        "an\u034fna@example.org",  # a default-ignorable mark
        "an\x07na@example.org",  # a control character
    ],
)
def test_an_address_with_a_hidden_or_quoted_part_is_refused(bo, vestbyen, typed):
    response = add_by_office(bo, vestbyen, typed)
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == ["Enter a valid email address."]
    assert not Member.objects.filter(club=vestbyen, name="Sofie H").exists()


def test_the_migration_writes_stored_unicode_domains_in_ascii_but_never_two_into_one(db, capsys):
    users = get_user_model().objects
    anna = users.create_user("anna@bücher.dk", email="anna@bücher.dk")
    ib_ascii = users.create_user("ib@xn--bcher-kva.dk", email="ib@xn--bcher-kva.dk")
    ib_unicode = users.create_user("ib@bücher.dk", email="ib@bücher.dk")
    migration = importlib.import_module("club.migrations.0036_login_addresses_in_ascii")

    migration.addresses_in_ascii(apps, SimpleNamespace(connection=connection))

    stored = {pk: (u, e) for pk, u, e in users.values_list("pk", "username", "email")}
    assert stored[anna.pk] == ("anna@xn--bcher-kva.dk", "anna@xn--bcher-kva.dk")
    assert stored[ib_ascii.pk] == ("ib@xn--bcher-kva.dk", "ib@xn--bcher-kva.dk")
    assert stored[ib_unicode.pk] == ("ib@bücher.dk", "ib@bücher.dk")
    assert f"{ib_unicode.pk} keeps its username 'ib@bücher.dk'" in capsys.readouterr().out


@pytest.mark.parametrize("way", ADD)
def test_the_office_answers_alike_with_or_without_a_login_elsewhere(bo, vestbyen, sofie, way):
    """N8: a new member at Sofie's address and one at an address nobody has get the same answer."""
    said = []
    for address, name in ((SOFIE, "Sofie H"), ("nobody@example.org", "Nobody")):
        response = ADD[way](bo, vestbyen, address, name=name)
        if way == "api":
            assert response.status_code == 201
            said.append({key: value for key, value in response.json().items() if key not in ("id", "name")})
        else:
            said.append([str(message) for message in bo.get(response.url).context["messages"]])

    if way == "api":
        assert said[0] == said[1] == {"club": vestbyen.pk, "role": "member", "active": True, "language": ""}
    else:
        assert said == [["Sofie H is a member now."], ["Nobody is a member now."]]


def test_an_address_flipped_fifteen_times_mails_once_and_leaves_no_logins_behind(bo, vestbyen, sofie, send_queued_mail):
    """N8: an official flipping a member between Sofie's address and a new one, and between two new
    ones, sends Sofie one request mail and leaves auth_user with one login more: the member's."""
    users = get_user_model().objects
    before = users.count()
    carl = office.add_member(vestbyen, name="Carl", email="carl@example.org")
    for turn in range(15):
        address = (SOFIE, "carl@example.net", "carl@example.org")[turn % 3]
        response = bo.post(
            reverse("office_member_edit", args=[vestbyen.slug, carl.pk]),
            {"name": "Carl", "email": address, "role": "member"},
        )
        assert response.status_code == 302

    send_queued_mail()
    assert [m.to for m in mail.outbox if m.to == [SOFIE]] == [[SOFIE]]
    assert users.count() == before + 1
    assert Member.objects.get(pk=carl.pk).user.username == "carl@example.org"
    assert not users.filter(username__startswith="tidligere-").exists()
