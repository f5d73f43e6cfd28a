"""The deployment kit in deploy/: the environment file, the systemd units and timers, the Caddy site.

The environment example must mean the same to bash (`set -a; . ./production.env`, as the docs and
a cron line read it) and to systemd (`EnvironmentFile=`): each value comes out exactly as written
between its quotes. It names every setting the site reads, and nothing else. The units pass
`systemd-analyze verify` (with /srv/tarokbog put where this checkout is, so their programs
exist), and, wherever they run, use only sections and keys from systemd's manuals; the site's
unit runs gunicorn with the flags of scripts/serve's exec line.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
DEPLOY = BASE / "deploy"
ENV_EXAMPLE = DEPLOY / "production.env.example"
UNITS = sorted([*DEPLOY.glob("*.service"), *DEPLOY.glob("*.timer")])
SERVE = BASE / "scripts" / "serve"
INSTALL_DIR = "/srv/tarokbog"

# systemd.unit(5), systemd.service(5), systemd.exec(5), systemd.kill(5), systemd.timer(5): the
# sections and keys the kit may use; a misspelt key is otherwise only a warning in the journal.
KNOWN_KEYS = {
    "Unit": {"Description", "After", "Before", "Wants", "Requires", "BindsTo", "PartOf", "Documentation"},
    "Service": {
        "Type",
        "NotifyAccess",
        "User",
        "Group",
        "WorkingDirectory",
        "EnvironmentFile",
        "Environment",
        "ExecStartPre",
        "ExecStart",
        "ExecReload",
        "Restart",
        "RestartSec",
        "TimeoutStartSec",
        "NoNewPrivileges",
        "PrivateTmp",
        "ProtectSystem",
        "ProtectHome",
        "UMask",
        "ReadWritePaths",
    },
    "Timer": {"OnCalendar", "OnUnitActiveSec", "OnBootSec", "AccuracySec", "RandomizedDelaySec", "Persistent", "Unit"},
    "Install": {"WantedBy", "RequiredBy", "Alias"},
}


# -- the environment file ----------------------------------------------------------------------


def as_written(text: str) -> dict[str, str]:
    """KEY=value and KEY="value" lines, the value as written between its double quotes."""
    values = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition("=")
        assert sep, f"not KEY=value: {line!r}"
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        values[key] = value
    return values


class SystemdEnvironmentFile:
    """The variables systemd reads from an EnvironmentFile=, by the rules of systemd.exec(5) as its
    parser (src/basic/env-file.c) applies them: # and ; begin a comment line (which a trailing
    backslash continues); around the value, blanks are dropped; single quotes keep everything;
    in double quotes a backslash escapes only " \\ ` $ and a newline; outside quotes a backslash
    escapes the next character; quoted and unquoted parts run together until the line ends.

    One method per state of that parser: each takes the next character and returns the next state.
    """

    def __init__(self) -> None:
        self.values: dict[str, str] = {}
        self.key = self.value = self.blanks = ""

    def read(self, text: str) -> dict[str, str]:
        state = self.pre_key
        for char in text + "\n":
            state = state(char)
        return self.values

    def pre_key(self, char: str):
        if char in "#;":
            return self.comment
        if char.isspace():
            return self.pre_key
        self.key = char
        return self.in_key

    def in_key(self, char: str):
        if char == "\n":
            return self.pre_key  # a key without "=" is ignored
        if char == "=":
            self.key, self.value, self.blanks = self.key.strip(), "", ""
            return self.in_value
        self.key += char
        return self.in_key

    def in_value(self, char: str):
        if char == "\n":
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", self.key):
                self.values[self.key] = self.value
            return self.pre_key
        if char in " \t":
            self.blanks += char if self.value else ""  # kept only if more of the value follows
            return self.in_value
        self.value, self.blanks = self.value + self.blanks, ""
        quoted = {"'": self.single_quoted, '"': self.double_quoted, "\\": self.escaped}
        if char in quoted:
            return quoted[char]
        self.value += char
        return self.in_value

    def single_quoted(self, char: str):
        if char == "'":
            return self.in_value
        self.value += char
        return self.single_quoted

    def double_quoted(self, char: str):
        if char == '"':
            return self.in_value
        if char == "\\":
            return self.double_quoted_escaped
        self.value += char
        return self.double_quoted

    def double_quoted_escaped(self, char: str):
        if char in '"\\`$':
            self.value += char
        elif char != "\n":
            self.value += "\\" + char
        return self.double_quoted

    def escaped(self, char: str):
        if char != "\n":
            self.value += char
        return self.in_value

    def comment(self, char: str):
        return {"\\": self.comment_escaped, "\n": self.pre_key}.get(char, self.comment)

    def comment_escaped(self, char: str):
        return self.comment


def systemd_environment_file(text: str) -> dict[str, str]:
    return SystemdEnvironmentFile().read(text)


def bash_environment_file(path: Path, keys: list[str]) -> dict[str, str]:
    """What `set -a; . ./FILE` in bash exports for these keys; fails on any error in the file."""
    script = 'set -euo pipefail; set -a; . "$1"; set +a; shift; exec python3 -c "$@"'
    program = "import json, os, sys; print(json.dumps({k: os.environ.get(k) for k in sys.argv[1:]}))"
    result = subprocess.run(
        ["bash", "-c", script, "bash", str(path), program, *keys],
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and not result.stderr, result.stderr
    return json.loads(result.stdout)


def test_the_environment_example_means_the_same_to_bash_and_to_systemd():
    text = ENV_EXAMPLE.read_text(encoding="utf-8")
    written = as_written(text)

    assert systemd_environment_file(text) == written
    assert bash_environment_file(ENV_EXAMPLE, sorted(written)) == written
    assert written["DEFAULT_FROM_EMAIL"] == "Vestbyens Tarokklub <kasserer@example.org>"
    # What reads differently in the two, or expands in bash, has no place in the file.
    assert [key for key, value in written.items() if set(value) & set("$`\\'")] == []


def test_an_unquoted_address_is_caught(tmp_path):
    bad = tmp_path / "production.env"
    bad.write_text("DEBUG=0\nDEFAULT_FROM_EMAIL=Club <x@y>\nEMAIL_PORT=587\n", encoding="utf-8")

    assert systemd_environment_file(bad.read_text()) == {
        "DEBUG": "0",
        "DEFAULT_FROM_EMAIL": "Club <x@y>",
        "EMAIL_PORT": "587",
    }
    with pytest.raises(AssertionError, match=r"production\.env: line 2: syntax error"):
        bash_environment_file(bad, ["DEFAULT_FROM_EMAIL"])


def test_the_systemd_parser_follows_the_manual():
    text = (
        "# a comment\n; another\nA=plain\n  B = spaced out  \nC='single $HOME \"q\"'\n"
        'D="double \\"q\\" \\$x \\n"\nE=back\\\nslash\nF="one"\'two\'three\nnot a line\n9X=bad key\n'
    )
    assert systemd_environment_file(text) == {
        "A": "plain",
        "B": "spaced out",
        "C": 'single $HOME "q"',
        "D": 'double "q" $x \\n',
        "E": "backslash",
        "F": "onetwothree",
    }


def variables_read() -> set[str]:
    """Every environment variable club/settings.py and scripts/serve read."""
    source = (BASE / "club" / "settings.py").read_text(encoding="utf-8")
    read = set(re.findall(r'(?:env_\w+|os\.environ\.get)\(\s*"([A-Z][A-Z0-9_]*)"', source))
    read |= set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)(?::-[^}]*)?\}", SERVE.read_text(encoding="utf-8")))
    return read - {"PY"}  # scripts/serve's own python, for its tests


def test_the_environment_example_names_every_setting_and_only_those():
    written = set(as_written(ENV_EXAMPLE.read_text(encoding="utf-8")))

    assert "SECURE_HSTS_PRELOAD" in variables_read() and "WEB_CONCURRENCY" in variables_read()
    assert sorted(variables_read() - written) == []
    assert sorted(written - variables_read()) == []


def test_every_setting_in_the_example_has_a_comment_above_it():
    lines = ENV_EXAMPLE.read_text(encoding="utf-8").splitlines()
    uncommented = []
    for number, line in enumerate(lines):
        if line and not line.startswith("#"):
            above = number - 1
            while above >= 0 and lines[above] and not lines[above].startswith("#"):
                above -= 1  # a group of settings shares one comment: HOST and PORT
            if above < 0 or not lines[above].startswith("#"):
                uncommented.append(line)
    assert uncommented == []


def test_the_site_starts_on_the_example_settings():
    program = (
        "from club.startup import load_settings; load_settings('tarokbog'); from django.conf import settings as s; "
        "print(s.DEBUG, s.ALLOWED_HOSTS, s.DEFAULT_FROM_EMAIL, s.ADMINS, s.DATABASES['default']['USER'], "
        "s.SECURE_SSL_REDIRECT, s.EMAIL_USE_TLS, s.DBBACKUP_CLEANUP_KEEP)"
    )
    script = 'set -euo pipefail; set -a; . "$1"; set +a; exec "$2" -c "$3"'
    result = subprocess.run(
        ["bash", "-c", script, "bash", str(ENV_EXAMPLE), str(BASE / ".venv" / "bin" / "python"), program],
        cwd=BASE,
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "False ['tarok.example.org'] Vestbyens Tarokklub <kasserer@example.org> "
        "[('Anna Jensen', 'anna@example.org')] tarokbog_app True True 30"
    )


# -- the units ---------------------------------------------------------------------------------


def unit_entries(path: Path) -> list[tuple[str, str, str]]:
    """(section, key, value) for every setting of a unit file, continuation lines joined."""
    entries, section, logical = [], "", ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not logical and (not raw.strip() or raw.lstrip().startswith(("#", ";"))):
            continue
        if raw.endswith("\\"):
            logical += raw[:-1] + " "
            continue
        line, logical = logical + raw, ""
        if line.startswith("["):
            section = line.strip("[] ")
            continue
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: not KEY=value: {line!r}"
        entries.append((section, key.strip(), value.strip()))
    return entries


def test_the_kit_has_the_site_the_mail_worker_the_statements_and_the_backup():
    assert [path.name for path in UNITS] == [
        "tarokbog-backup.service",
        "tarokbog-backup.timer",
        "tarokbog-cleanup.service",
        "tarokbog-cleanup.timer",
        "tarokbog-mail.service",
        "tarokbog-mail.timer",
        "tarokbog-statements.service",
        "tarokbog-statements.timer",
        "tarokbog.service",
    ]


@pytest.mark.parametrize("unit", UNITS, ids=[path.name for path in UNITS])
def test_units_use_only_known_sections_and_keys(unit):
    unknown = [(section, key) for section, key, _value in unit_entries(unit) if key not in KNOWN_KEYS.get(section, ())]
    assert unknown == []


def test_units_pass_systemd_analyze_verify(tmp_path):
    if shutil.which("systemd-analyze") is None:
        # Where systemd is not installed the check above (known sections and keys) is what remains.
        assert all(unit_entries(unit) for unit in UNITS)
        return
    for unit in UNITS:
        (tmp_path / unit.name).write_text(unit.read_text(encoding="utf-8").replace(INSTALL_DIR, str(BASE)))
    result = subprocess.run(
        ["systemd-analyze", "verify", *sorted(str(path) for path in tmp_path.iterdir())],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr


def services() -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {}
    for unit in UNITS:
        for section, key, value in unit_entries(unit):
            found.setdefault(unit.name, {}).setdefault(f"{section}.{key}", []).append(value)
    return found


def test_every_service_runs_in_the_checkout_with_the_environment_file():
    for name, keys in services().items():
        if name.endswith(".service"):
            assert keys["Service.WorkingDirectory"] == [INSTALL_DIR], name
            assert keys["Service.EnvironmentFile"] == [f"{INSTALL_DIR}/production.env"], name
            assert keys["Service.User"] == ["tarokbog"], name


def test_units_use_only_variables_the_environment_example_sets():
    written = set(as_written(ENV_EXAMPLE.read_text(encoding="utf-8")))
    used = {name for unit in UNITS for name in re.findall(r"\$\{(\w+)\}", unit.read_text(encoding="utf-8"))}
    assert used and sorted(used - written) == []


def serve_exec_line() -> list[str]:
    """scripts/serve's `exec` line, its ${NAME:-default} made ${NAME} as systemd writes it."""
    text = SERVE.read_text(encoding="utf-8")
    line = re.search(r"^exec (.*?)(?<!\\)$", text, re.MULTILINE | re.DOTALL).group(1)
    line = re.sub(r"\$\{(\w+):-[^}]*\}", r"${\1}", line.replace("\\\n", " "))
    return shlex.split(line.replace('"$PY"', "python"))


def test_the_site_runs_gunicorn_with_the_flags_of_make_serve():
    [exec_start] = services()["tarokbog.service"]["Service.ExecStart"]
    words = shlex.split(exec_start.replace("%%", "%"))

    assert words[0] == f"{INSTALL_DIR}/.venv/bin/python"
    assert ["python", *words[1:]] == serve_exec_line()
    assert "--preload" in words and "--access-logformat" in words


def test_the_timers_run_every_minute_monthly_and_nightly():
    timers = {name: keys["Timer.OnCalendar"] for name, keys in services().items() if name.endswith(".timer")}
    assert timers == {
        "tarokbog-backup.timer": ["*-*-* 03:30:00"],
        "tarokbog-cleanup.timer": ["*-*-* 04:15:00"],
        "tarokbog-mail.timer": ["minutely"],
        "tarokbog-statements.timer": ["*-*-01 07:00:00"],
    }
    commands = {
        name: keys["Service.ExecStart"]
        for name, keys in services().items()
        if name.endswith(".service") and name != "tarokbog.service"
    }
    assert commands == {
        "tarokbog-backup.service": [
            f"/usr/bin/env DATABASE_URL=${{MIGRATE_DATABASE_URL}} {INSTALL_DIR}/.venv/bin/python manage.py dbbackup --clean"
        ],
        "tarokbog-cleanup.service": [
            f"{INSTALL_DIR}/.venv/bin/python manage.py cleanup_mail --days 90 --delete-attachments"
        ],
        "tarokbog-mail.service": [
            f"{INSTALL_DIR}/.venv/bin/python manage.py send_queued_mail",
            f"{INSTALL_DIR}/.venv/bin/python manage.py purge_throttles",
        ],
        "tarokbog-statements.service": [
            f"{INSTALL_DIR}/.venv/bin/python manage.py statements --month previous --email"
        ],
    }


def test_the_caddy_site_is_the_public_name_proxied_to_gunicorn():
    written = as_written(ENV_EXAMPLE.read_text(encoding="utf-8"))
    lines = [
        line.strip()
        for line in (DEPLOY / "Caddyfile").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert lines == [f"{written['ALLOWED_HOSTS']} {{", f"reverse_proxy {written['HOST']}:{written['PORT']}", "}"]
