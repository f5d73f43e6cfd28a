"""Members' names as short as a narrow column allows and still telling the table's members apart.

Pure: names in, short names out; the score sheet's column heads and dealer column and the deal
form's buttons show them (the full name stays in a title or beside them for screen readers).
"""

from __future__ import annotations

from collections.abc import Sequence


def _shortened(words: Sequence[str], word: int, letters: int) -> str:
    """The name up to `letters` letters of its word number `word` (the first word always whole)."""
    if word >= len(words):
        return " ".join(words)
    if word == 0:
        return words[0]
    return " ".join([*words[:word], words[word][:letters]])


def _steps(words: Sequence[str]):
    """Every shortening of a name, shortest first: the first word, then one letter more at a time."""
    yield 0, 0
    for word in range(1, len(words)):
        for letters in range(1, len(words[word]) + 1):
            yield word, letters


def short_names(names: Sequence[str]) -> dict[str, str]:
    """Each name by the first word that tells it apart from the others ("Anna"), else by as few
    letters of the next words as it takes: Jens Hansen and Jens Pedersen are "Jens H" and
    "Jens P", Jens Hansen and Jens Hald "Jens Han" and "Jens Hal". A name no shortening tells
    apart (the same name twice, or one that is the start of another) stays whole."""
    split = [name.split() for name in names]
    short: dict[str, str] = {}
    for at, (name, words) in enumerate(zip(names, split)):
        others = [other for elsewhere, other in enumerate(split) if elsewhere != at]
        short[name] = name.strip()
        for word, letters in _steps(words) if words else ():
            candidate = _shortened(words, word, letters)
            if all(_shortened(other, word, letters) != candidate for other in others):
                short[name] = candidate
                break
    return short
