"""Where each settlement rule stands in Tolnai 1930 (seed 002), per game: `"002 L1009"`.

A key may be refined by the contract (`"game:solo"`). A rule the book leaves open cites
`"brief §N"`, the group of the project's decision it follows (docs/rules-hungarian.md explains
each): §2 the pot's funding and the close, §5 a Királyhívó ultimo outside a call, §6 Tapper's
no-game pot payment, §7 Strómann's two honours.
"""

from __future__ import annotations

import functools

# Figures, fines and the pot as Paskievics states them; the later chapters refer back (002 L67).
_PASKIEVICS = {
    "game": "002 L259-L275",
    "double.announced": "002 L772-L780",
    "double.silent": "002 L772-L780",
    "volat.announced": "002 L785-L799",
    "volat.silent": "002 L785-L799",
    "trull.announced": "002 L735-L737",
    "trull.silent": "002 L735-L737",
    "four_kings.announced": "002 L1058-L1059",
    "four_kings.silent": "002 L1058-L1059",
    "ultimo.announced": "002 L835-L837",
    "ultimo.silent": "002 L835-L837",
    "xxi_capture.announced": "002 L956-L958",
    "xxi_capture.silent": "002 L956-L958",
    "trump_count": "002 L636-L652",
    "talon_honour": "002 L562-L566",
    "fine.revoke": "002 L1000-L1002",
    "fine.faulty_discard": "002 L534-L540",
    "fine.honourless_bid": "002 L544",
    "cries_and_laughs": "002 L580-L582",
    "pot_fund": "brief §2",
    "pot_no_game": "002 L550",
    "pot_double": "002 L839-L847",
    "pot_take": "002 L839-L847",
    "pot_lost_three": "002 L387",
    "close.split": "brief §2",
}

SEED_REFS: dict[str, dict[str, str]] = {
    "paskievics": _PASKIEVICS,
    "magyar": _PASKIEVICS
    | {
        "game": "002 L1099-L1118",
        "volat.announced": "002 L1120-L1124",
        "volat.silent": "002 L1120-L1124",
        "trull.announced": "002 L1120-L1124",
        "trull.silent": "002 L1120-L1124",
        "four_kings.announced": "002 L1120-L1124",
        "four_kings.silent": "002 L1120-L1124",
        "ultimo.announced": "002 L1120-L1124",
        "ultimo.silent": "002 L1120-L1124",
        "xxi_capture.announced": "002 L1120-L1124",
        "xxi_capture.silent": "002 L1120-L1124",
    },
    "kiralyhivo": _PASKIEVICS
    | {
        "game:call": "002 L1181-L1201",
        "game:solo": "002 L1203-L1205",
        "game:three": "002 L1209-L1211",
        "game:solo_three": "002 L1213-L1215",
        "king_ultimo.announced": "002 L1191-L1199",
        "king_ultimo.silent": "002 L1191-L1199",
        "ultimo.announced:call": "002 L1191-L1199",
        "ultimo.silent:call": "002 L1191-L1199",
        "ultimo.announced": "brief §5",
        "ultimo.silent": "brief §5",
        "called_king_fine": "002 L1207",
        "called_king_fine:talon": "002 L1189",
        "thrown": "002 L1189",
    }
    | {
        f"{figure}.{how}:{contract}": ref
        for contract, ref in (
            ("call", "002 L1181-L1201"),
            ("solo", "002 L1203-L1205"),
            ("three", "002 L1209-L1211"),
            ("solo_three", "002 L1213-L1215"),
        )
        for figure in ("trull", "four_kings", "xxi_capture", "volat")
        for how in ("announced", "silent")
    },
    "tapper": _PASKIEVICS
    | {
        "game": "002 L1235",
        "ultimo.announced": "002 L1264",
        "ultimo.silent": "002 L1264",
        "volat.announced": "002 L1266",
        "volat.silent": "002 L1266",
        "hand_bonus": "002 L1270-L1275",
        "hand_bonus.many_trumps": "002 L1254",
        "pot_fund": "002 L1260-L1262",
        "pot_no_game": "brief §6",
        "pot_double": "002 L1260-L1262",
        "pot_take": "002 L1260-L1262",
    },
    "stromann": {
        "game:simple": "002 L1289-L1293",
        "game:game": "002 L1291",
        "ultimo.silent": "002 L1295-L1297",
        "hand_bonus": "002 L1295-L1297",
        "hand_bonus.two_honours": "brief §7",
        "close.split": "brief §2",
    },
    "trisak": _PASKIEVICS
    | {
        "trisak": "002 L1335",
        "game:simple": "002 L1339",
        "game:ultimo_call": "002 L1341-L1345",
        "game:bettli": "002 L1347",
        "game:three_take": "002 L1349",
        "game:open_bettli": "002 L1351",
        "game:three_solo": "002 L1364-L1370",
        "ultimo.announced": "002 L1379-L1384",
        "ultimo.silent": "002 L1379-L1384",
        "concession": "002 L1345",
        "hand_bonus": "002 L1386-L1400",
    },
}


@functools.lru_cache(maxsize=1024)
def seed_ref(preset: str, rule: str, refinement: str | None = None) -> str:
    """Where `preset`'s chapter states `rule`, e.g. ``"002 L1009"``; the refinement (a contract,
    `talon`) is tried first. An unknown preset or rule raises `KeyError`."""
    refs = SEED_REFS[preset]
    if refinement is not None:
        ref = refs.get(f"{rule}:{refinement}")
        if ref is not None:
            return ref
    if rule in refs:
        return refs[rule]
    return refs[rule.split(".", 1)[0]]  # hand_bonus.<bonus> falls back to hand_bonus
