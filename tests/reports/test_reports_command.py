"""manage.py statements: one PDF per member with activity or a balance, and its progress output."""

from __future__ import annotations

import datetime
import io
from unittest import mock

import pypdf
import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone, translation


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_writes_one_pdf_per_member_with_plain_lines_when_piped(autumn, other_club, tmp_path):
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--out", str(tmp_path / "nov"), "--language", "en", stdout=out)
    files = sorted(path.name for path in (tmp_path / "nov").iterdir())
    # Dorte never plays and owes nothing; Østerbro has no activity at all.
    assert files == [
        "vestbyen-2026-11-anna-jensen.pdf",
        "vestbyen-2026-11-bent-oersted.pdf",
        "vestbyen-2026-11-carl-aaberg.pdf",
    ]
    text = pypdf.PdfReader(tmp_path / "nov" / "vestbyen-2026-11-carl-aaberg.pdf").pages[0].extract_text()
    assert "Carl Åberg" in text and "To the good 9.75 kr." in text
    lines = out.getvalue().splitlines()
    assert lines[0] == f"1/3 {tmp_path / 'nov' / 'vestbyen-2026-11-anna-jensen.pdf'}"
    assert lines[-1] == f"3 statements for 2026-11 in {tmp_path / 'nov'}."
    assert "\r" not in out.getvalue()


def test_draws_a_progress_bar_on_a_terminal(autumn, tmp_path):
    out = Terminal()
    call_command("statements", "--month", "2026-11", "--club", "vestbyen", "--out", str(tmp_path), stdout=out)
    assert "\r[" + "#" * 10 + "-" * 20 + "] 1/3 vestbyen-2026-11-anna-jensen.pdf" in out.getvalue()
    assert "\r[" + "#" * 30 + "] 3/3 vestbyen-2026-11-carl-aaberg.pdf" in out.getvalue()


def test_one_club_only(autumn, other_club, tmp_path):
    out = io.StringIO()
    call_command("statements", "--month", "2026-11", "--club", "osterbro", "--out", str(tmp_path), stdout=out)
    assert list(tmp_path.iterdir()) == []
    assert out.getvalue().strip() == f"0 opgørelser for 2026-11 i {tmp_path}."  # Danish by default


def test_refuses_a_bad_month_or_an_unknown_club(db, tmp_path):
    with translation.override("en"):
        with pytest.raises(CommandError, match="2026-13 is not a month"):
            call_command("statements", "--month", "2026-13", "--out", str(tmp_path))
        with pytest.raises(CommandError, match="No club has the short name 'nowhere'"):
            call_command("statements", "--month", "2026-11", "--club", "nowhere", "--out", str(tmp_path))
    with pytest.raises(CommandError, match="2026-13 er ikke en måned"):
        call_command("statements", "--month", "2026-13", "--out", str(tmp_path))


def test_previous_month_is_the_month_before_today(autumn, tmp_path):
    out = io.StringIO()
    with mock.patch.object(timezone, "localdate", return_value=datetime.date(2026, 12, 1)):
        call_command("statements", "--month", "previous", "--club", "vestbyen", "--out", str(tmp_path), stdout=out)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "vestbyen-2026-11-anna-jensen.pdf",
        "vestbyen-2026-11-bent-oersted.pdf",
        "vestbyen-2026-11-carl-aaberg.pdf",
    ]
    assert out.getvalue().splitlines()[-1] == f"3 opgørelser for 2026-11 i {tmp_path}."


def test_previous_month_in_january_is_last_december(db, tmp_path):
    out = io.StringIO()
    with mock.patch.object(timezone, "localdate", return_value=datetime.date(2027, 1, 15)):
        call_command("statements", "--month", "previous", "--out", str(tmp_path), stdout=out)
    assert out.getvalue().strip() == f"0 opgørelser for 2026-12 i {tmp_path}."
