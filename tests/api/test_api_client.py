"""A Python client generated from the served document (openapi-python-client, no warning) does a
club evening against a live server: it starts a Danish sitting, records a Danish and a Hungarian
deal, corrects the Danish one, reads the standings and downloads a statement PDF (docs/api.md).

The nets are worked by hand. vlk-2010 at a table of three (Erik, Finn, Gitte): each pays 20 into
each empty cup as the sitting starts (-40 each); the dealer's stake is 10 into the cups; the last
trick is 40 to its taker, 20 from each other active player. Magyar `two` with talon choice 4:
8 from each opponent to the lone declarer who makes 60 of 94 (tests/api/test_api_hungarian.py).
"""

from __future__ import annotations

import datetime
import importlib
import io
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from pypdf import PdfReader
from rest_framework.authtoken.models import Token

from world.clubs import add_members, make_club, make_season, make_table, start_sitting

PACKAGE = "tarokbog_client"
# The statement is application/pdf: the generator keeps a response of a type it does not know
# when told to read it as bytes.
CONFIG = "content_type_overrides:\n  application/pdf: application/octet-stream\n"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")


def served_document(url: str) -> bytes:
    """The document as the live server serves it (straight to it: no proxy of the environment)."""
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(url, timeout=60) as response:
        assert response.status == 200
        return response.read()


def generate_client(document: bytes, into: Path) -> str:
    """The client package `PACKAGE` in `into`; what the generator printed."""
    config, schema = into / "config.yaml", into / "schema.json"
    config.write_text(CONFIG)
    schema.write_bytes(document)
    run = subprocess.run(
        [
            GENERATOR,
            "generate",
            "--path",
            schema,
            "--config",
            config,
            "--meta",
            "none",
            "--output-path",
            into / PACKAGE,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        # The generator formats its output with ruff, from the same environment.
        env=os.environ | {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"},
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout + run.stderr


def operation(tag: str, operation_id: str):
    """The generated module of one operation: `sync`, `sync_detailed` and their async twins."""
    return importlib.import_module(f"{PACKAGE}.api.{tag}.{operation_id}")


@pytest.fixture
def client_package(live_server, tmp_path, monkeypatch):
    output = generate_client(served_document(f"{live_server.url}/api/schema/?format=json"), tmp_path)
    assert "warning" not in output.lower(), output
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(PACKAGE)
    for name in [name for name in sys.modules if name == PACKAGE or name.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


@pytest.fixture
def evening(live_server):
    """Vestbyens club with a Danish season (vlk-2010) and a Hungarian one (magyar), a free table
    for each, and Anna the admin with a token."""
    club = make_club("Vestbyens Tarokklub", "vestby", ["Anna"], roles={"Anna": "admin"}, usernames={"Anna": "anna"})
    members = add_members(club, ("Erik", "Finn", "Gitte", "Bela", "Csaba", "Ede"))
    danish = make_season(club, "vlk-2010", name="2026", year=2026)
    hungarian = make_season(club, "magyar", name="2026 Magyar", year=2026)
    tables = make_table(club, "Bord 2"), make_table(club, "Asztal")
    token = Token.objects.create(user=club.members.get(name="Anna").user)
    return members, (danish, hungarian), tables, token.key


def test_a_generated_client_plays_an_evening_against_a_live_server(live_server, client_package, evening):
    members, (danish, hungarian), (table, asztal), token = evening
    api = client_package.AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token")
    models = importlib.import_module(f"{PACKAGE}.models")

    seated = [members[name].pk for name in ("Erik", "Finn", "Gitte")]
    start = models.StartSitting(
        season=danish.pk, table=table.pk, members=seated, first_dealer=seated[0], date=datetime.date(2026, 3, 19)
    )
    started = operation("sittings", "sittings_create").sync_detailed(client=api, body=start)
    assert started.status_code == 201, started.content
    sitting = started.parsed.id

    record = {"dealer": "Erik", "players": ["Erik", "Finn", "Gitte"], "last_trick": "Finn"}
    posted = operation("sittings", "sittings_deals_create").sync_detailed(
        sitting, client=api, body=models.DanishDeal.from_dict(record)
    )
    assert posted.status_code == 201, posted.content
    [event] = posted.parsed.events
    # Stake: Erik -10; last trick: Finn +40, Erik -20, Gitte -20.
    assert event.net.to_dict() == {"Erik": -30, "Finn": 40, "Gitte": -20}
    assert posted.parsed.record.to_dict() == record

    magyar = start_sitting(hungarian, "Ede Bela Csaba", at=asztal, date=datetime.date(2026, 3, 19))
    hungarian_record = {"dealer": "Csaba", "contract": "two", "choice": 4, "declarer": "Ede", "card_points": 60}
    posted_hungarian = operation("sittings", "sittings_deals_create").sync_detailed(
        magyar.pk, client=api, body=models.HungarianDeal.from_dict(hungarian_record)
    )
    assert posted_hungarian.status_code == 201, posted_hungarian.content
    assert posted_hungarian.parsed.events[0].net.to_dict() == {"Ede": 16, "Bela": -8, "Csaba": -8}

    correction = models.CorrectionRequest(
        record=models.DanishDeal.from_dict(record | {"last_trick": "Gitte"}), reason="Gitte took the last trick"
    )
    corrected = operation("deals", "deals_corrections_create").sync_detailed(
        posted.parsed.id, client=api, body=correction
    )
    assert corrected.status_code in (200, 201), corrected.content

    standings = operation("seasons", "seasons_standings_list").sync(danish.pk, client=api)
    # The funding (-40 each) and the corrected deal: Erik -30, Finn -20, Gitte +40.
    assert [(row.name, row.points) for row in standings] == [("Gitte", 0), ("Finn", -60), ("Erik", -70)]

    statement = operation("members", "members_statement_pdf").sync_detailed(members["Finn"].pk, "2026-03", client=api)
    assert statement.status_code == 200
    pdf = statement.parsed.payload.read()
    assert pdf.startswith(b"%PDF")
    assert "Finn" in "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
