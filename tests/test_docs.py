"""The README is a front door of at most 100 lines, and every relative link of it and of docs/
leads to a file that exists, and to a heading of that file when it names one (#anchor)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# [text](target): the target up to a space or the closing parenthesis.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def without_code(markdown: str) -> str:
    """The text outside fenced blocks and backquoted spans, where a link is a link."""
    markdown = re.sub(r"^```.*?^```", "", markdown, flags=re.DOTALL | re.MULTILINE)
    return re.sub(r"`[^`\n]*`", "", markdown)


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, flags=re.MULTILINE):
        name = anchor(heading)
        suffix = 0
        while (f"{name}-{suffix}" if suffix else name) in found:
            suffix += 1  # a repeated heading gets -1, -2, … as on GitHub
        found.add(f"{name}-{suffix}" if suffix else name)
    return found


def relative_links(path: Path) -> list[str]:
    links = LINK.findall(without_code(path.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z+.-]*:", link)]  # http:, https:, mailto:


def test_the_readme_has_at_most_100_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 100


def test_the_readme_links_every_page_of_docs():
    linked = {(README.parent / link.split("#")[0]).resolve() for link in relative_links(README)}
    assert sorted(path.name for path in PAGES[1:] if path.resolve() not in linked) == []


@pytest.mark.parametrize("page", PAGES, ids=[str(path.relative_to(ROOT)) for path in PAGES])
def test_every_relative_link_resolves(page):
    broken = []
    for link in relative_links(page):
        target, _, fragment = link.partition("#")
        file = (page.parent / target).resolve() if target else page
        if not file.exists():
            broken.append(link)
        elif fragment and (file.suffix != ".md" or fragment not in anchors(file)):
            broken.append(link)
    assert broken == []


def test_anchors_are_made_as_github_makes_them():
    assert anchor("What `make serve` does") == "what-make-serve-does"
    assert anchor("Money: points, kroner and the till") == "money-points-kroner-and-the-till"
    assert anchor("The first evening of a new club") == "the-first-evening-of-a-new-club"
