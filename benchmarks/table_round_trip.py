"""The card table's round trip in a phone's browser, against the demo club served on this machine.

    .venv/bin/python benchmarks/table_round_trip.py [--deals 15]

Loads the demo club into a fresh SQLite file, starts a sitting of four demo members at a new
table, and serves the site as in production (`DEBUG=0`, gunicorn with two workers, static files
collected and served by WhiteNoise; plain http on localhost, which Chromium counts as secure).
Debian's Chromium at 360x740 then signs in as the demo admin and, `--deals` times:

- opens the deal form from the score sheet: the tap on "Enter the next deal" until the form is
  ready (DOMContentLoaded; goal: median at most 200 ms);
- enters a plain deal (the dealer stakes, forehand takes the last trick) and taps Save: the tap
  until the score sheet shows the new deal's row (goal: median at most 300 ms).

It prints the medians and the spread. The server and the browser share this machine's cores, so
on a busy machine the wall-clock figures say more about the load than about the site: it then also
prints the server's own CPU time per request (in one process, `time.process_time`, on the same
database): opening the deal form, and saving a deal with the score sheet it redirects to.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median, quantiles

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CHROMIUM = "/usr/bin/chromium"
SEATS = ("Tove", "Ulla", "Vagn", "Willy")  # new members of the demo club, at a table of their own
PASSWORD = "runde-tur-2026"

SETUP = f"""
import datetime
import django
django.setup()
from django.contrib.auth import get_user_model
from django.utils import timezone
from club.services.sittings import start_sitting
from club.models import Club, Member, Season, Table
club = Club.objects.get(slug="vestbyen")
season = club.seasons.filter(preset__startswith="vlk").order_by("-starts_on").first() or club.seasons.first()
users = get_user_model()
members = []
for name in {SEATS!r}:
    user = users.objects.create_user(name.lower(), password={PASSWORD!r})
    members.append(Member.objects.create(club=club, name=name, user=user, role=Member.Role.SCORER))
table = Table.objects.create(club=club, name="Bænk")
sitting = start_sitting(season=season, table=table, members=members, first_dealer=members[0], date=season.starts_on)
print(sitting.pk)
"""


SERVER_CPU = """
import re, statistics, sys, time
import django
django.setup()
from django.contrib.auth import get_user_model
from django.test import Client
client = Client(HTTP_HOST="localhost")
client.force_login(get_user_model().objects.get(username="tove"))
form_url = "/c/vestbyen/sittings/%d/deals/new/" % int(sys.argv[1])
opens, saves = [], []
for _ in range(int(sys.argv[2])):
    start = time.process_time()
    html = client.get(form_url).content.decode()
    opens.append(time.process_time() - start)
    data = {}
    for attrs in re.findall(r"<input([^>]*)>", html):
        name, value = re.search(r'name="([^"]*)"', attrs), re.search(r'value="([^"]*)"', attrs)
        if name and (' checked' in attrs or not re.search(r'type="(radio|checkbox)"', attrs)):
            data[name.group(1)] = value.group(1) if value else ""
    data["last_trick"] = data["forehand"]  # the plain deal of the browser's run
    start = time.process_time()
    assert client.post(form_url, data, follow=True).status_code == 200
    saves.append(time.process_time() - start)
print(round(statistics.median(opens) * 1000), round(statistics.median(saves) * 1000))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(folder: Path) -> tuple[dict[str, str], int]:
    env = os.environ | {
        "DATABASE_URL": f"sqlite:///{folder / 'demo.sqlite3'}",
        "DEBUG": "0",
        "SECRET_KEY": "benchmark-only-" + "x" * 40,
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(folder / "static"),
        "DJANGO_SETTINGS_MODULE": "club.settings",
    }
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*manage, "load_demo"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([*manage, "collectstatic", "--noinput"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run([PYTHON, "-c", SETUP], env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    return env, int(out.stdout.strip().splitlines()[-1])


def serve(env: dict[str, str], port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(Path(PYTHON).parent / "gunicorn"), "club.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start")


def measure(base: str, sitting: int, deals: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import expect, sync_playwright

    opens, saves = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{base}/login/")
        page.fill("#id_username", "tove")
        page.fill("#id_password", PASSWORD)
        page.locator("main button[type=submit]").click()
        page.goto(f"{base}/c/vestbyen/sittings/{sitting}/")
        for number in range(1, deals + 2):
            start = time.perf_counter()
            page.click("#new-deal", no_wait_after=True)
            page.wait_for_url("**/deals/new/", wait_until="domcontentloaded")
            opened = time.perf_counter() - start
            forehand = page.locator("#field-forehand input[type=radio]:checked").get_attribute("value")
            page.locator(f'#field-last_trick input[value="{forehand}"] + span').click()
            page.wait_for_load_state("networkidle")  # the live preview has answered
            start = time.perf_counter()
            page.click("#save-deal", no_wait_after=True)
            expect(page.locator(f"#deal-{number}")).to_be_attached(timeout=30_000)
            saved = time.perf_counter() - start
            if number > 1:  # the first of each is a warm-up (worker start, caches)
                opens.append(opened * 1000)
                saves.append(saved * 1000)
        browser.close()
    return opens, saves


def report(name: str, values: list[float], goal: float) -> None:
    q = quantiles(values, n=10) if len(values) > 1 else values * 9
    print(f"{name}: median {median(values):.0f} ms (10%: {q[0]:.0f}, 90%: {q[-1]:.0f}; goal ≤ {goal:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env, sitting = prepare(Path(folder))
        port = free_port()
        server = serve(env, port)
        try:
            opens, saves = measure(f"http://localhost:{port}", sitting, args.deals)
        finally:
            server.terminate()
            server.wait()
        cpu = subprocess.run(
            [PYTHON, "-c", SERVER_CPU, str(sitting), str(args.deals)],
            env=env | {"ALLOWED_HOSTS": "localhost"},
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    report("deal form opens (tap → form ready)", opens, 200)
    report("save round trip (tap Save → the sheet shows the deal)", saves, 300)
    form_cpu, save_cpu = cpu.stdout.splitlines()[-1].split()
    print(f"server CPU per request (median): deal form {form_cpu} ms; save and the sheet after it {save_cpu} ms")


if __name__ == "__main__":
    from django_scopes import scopes_disabled

    with scopes_disabled():  # its own set-up reads and writes any club's rows (club/scoping.py)
        main()
