"""Review of the Hungarian engine against its brief (hungarian-tarokk.md) and record format
(sitting-format-hungarian.md): the cases an audit checked by hand."""

import pytest

from rules import replay
from rules.problems import InvalidRecord


def test_unknown_ruleset_names_every_preset_of_both_families():
    """A `ruleset` neither family knows is answered by the Danish side; brief §9 `unknown_ruleset`
    ("ruleset … not in §10") and sitting-format-hungarian.md's `ruleset` list (paskievics, magyar,
    kiralyhivo, tapper, stromann, trisak) mean the answer must offer the Hungarian presets too, not
    only vlk-2010, ensartede, schiellerup-1900, schwartz-1847."""
    with pytest.raises(InvalidRecord) as refused:
        replay({"ruleset": "paskievic", "table": ["A", "B", "C", "D"], "deals": []})
    [problem] = refused.value.problems
    assert (problem.deal, problem.field, problem.code) == (None, "ruleset", "unknown_ruleset")
    for preset in ("vlk-2010", "ensartede", "schiellerup-1900", "schwartz-1847",
                   "paskievics", "magyar", "kiralyhivo", "tapper", "stromann", "trisak"):
        assert preset in problem.message
        assert preset in problem.message_in("da")
