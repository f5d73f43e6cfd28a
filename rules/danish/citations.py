"""Where each settlement rule stands in its rulebook: seed file number and line.

Each preset of the rules engine follows one Danish rulebook, the seed of ``SEED_FILES``:
000 the ensartede rules, 001 VLK 2010, 003 Schiellerup 1900, 004 Schwartz 1847.  ``SEED_REFS[preset][rule]`` says where that book states the
rule or amount, as ``"NNN Lx"`` or ``"NNN Lx–Ly"``: NNN is the seed file's number and
x, y are 1-based line numbers of that file (seed 003 keeps whole paragraphs on one
line, so its numbers point at paragraphs).  Every reference was checked against the
seed text.  A key is missing when the book says nothing about the rule; ``seed_ref``
then answers ``"brief §N"``, the group of the project's decision that settles it (docs/rules.md
lists the decisions): §2 the order of settlement and refunds, §3 melds, §4 fees and counts,
§5 funding and the close, §6 fines and culprits, §7 what a record may say.

Rule keys: ``funding``, ``stake``, ``meld.taroks``, ``meld.matadors``, ``meld.suit``
(kavaleri), ``meld.kings``, ``pagat_saved``, ``pagat_lost``, ``king_lost``,
``last_trick``, ``pagat_ultimo``, ``king_ultimo``, ``pagat_bagud``, ``king_bagud``,
``last_trick_fee``, ``barred_last_trick``, ``nolo``, ``tout``, ``tout_failed``,
``count``, ``count_shortfall``, ``refund``, ``culprit_ultimo``, ``culprit_bagud``, ``prevented_ultimo``,
``close_split``, ``close_carry``, ``skat_fate`` and ``fine.<offence>`` for every
offence key (``FINE_OFFENCES``).
"""

SEED_FILES = {
    "vlk-2010": "001",
    "ensartede": "000",
    "schiellerup-1900": "003",
    "schwartz-1847": "004",
}

# The full seed file names, for readers who want to open the text.
SEED_FILE_NAMES = {
    "001": "001_39936506eba63bfe.txt",
    "000": "000_b2910074b42afd0a.txt",
    "003": "003_be1fc63b33a8e71b.txt",
    "004": "004_9c6850de4e09538f.txt",
}

FINE_OFFENCES = (
    "misdeal",
    "cups_not_pushed",
    "wrong_skat",
    "wrong_cards",
    "revoke",
    "missing_meld",
    "missing_meld_self",
    "wrong_meld",
    "wrong_meld_self",
    "meld_caused_ultimo",
    "lead_out_of_turn",
    "miscount",
    "scus_called_in_vain",
    "play_out_of_turn",
    "meld_out_of_time",
)

# Fallback: the group of the project's decisions that settles a rule when a book is silent.
BRIEF_SECTIONS: dict[str, str] = {
    "funding": "§2",
    "stake": "§4",
    "meld.taroks": "§3",
    "meld.matadors": "§3",
    "meld.suit": "§3",
    "meld.kings": "§3",
    "pagat_saved": "§4",
    "pagat_lost": "§4",
    "king_lost": "§4",
    "last_trick": "§4",
    "pagat_ultimo": "§4",
    "king_ultimo": "§4",
    "pagat_bagud": "§4",
    "king_bagud": "§4",
    "last_trick_fee": "§4",
    "barred_last_trick": "§4",
    "nolo": "§4",
    "tout": "§4",
    "tout_failed": "§4",
    "count": "§4",
    "count_shortfall": "§4",
    "refund": "§2",
    "culprit_ultimo": "§6",
    "culprit_bagud": "§6",
    "prevented_ultimo": "§6",
    "close_split": "§5",
    "close_carry": "§5",
    "skat_fate": "§7",
    **{"fine." + offence: "§6" for offence in FINE_OFFENCES},
}

# Any other "fine.<offence>" or "meld.<kind>" key falls back to its section too.
_PREFIX_SECTIONS = {"fine.": "§6", "meld.": "§3"}

SEED_REFS: dict[str, dict[str, str]] = {
    # VLK Tarokklub 2010: the payment list L244–L353 holds nearly every amount.
    "vlk-2010": {
        "funding": "001 L250–L251",  # all 3, 4 or 5 fund empty cups, 20 (also L25–L26, L57–L59)
        "stake": "001 L258",
        "meld.taroks": "001 L269–L270",
        "meld.matadors": "001 L266–L267",
        "meld.suit": "001 L260–L264",  # half 5 / full 10 / overfull 15 (defined L196–L205)
        "meld.kings": "001 L260–L264",  # same amounts (defined L206–L209)
        "pagat_saved": "001 L286",
        "pagat_lost": "001 L281–L284",
        "king_lost": "001 L281–L284",
        "last_trick": "001 L300",
        "pagat_ultimo": "001 L302–L303",
        "king_ultimo": "001 L302–L303",
        "pagat_bagud": "001 L305–L306",
        "king_bagud": "001 L305–L306",
        "last_trick_fee": "001 L308–L309",  # Pagat only; Kings are a brief decision
        "barred_last_trick": "001 L241–L242",
        "nolo": "001 L311",  # the count lapses after a nolo: L355
        "tout": "001 L313",
        "count": "001 L314–L345",  # worked example L346–L353
        "refund": "001 L57–L59",  # ultimator answers for it: L253–L256
        "skat_fate": "001 L422",  # "I dag heller ikke T 1"; also L503
        "fine.misdeal": "001 L272–L274",  # also L149–L151
        "fine.wrong_skat": "001 L275–L277",
        "fine.wrong_cards": "001 L288–L289",
        "fine.revoke": "001 L295–L296",
        "fine.missing_meld": "001 L234–L235",  # barred: L237–L242; list L291–L293
        "fine.missing_meld_self": "001 L234–L235",
        "fine.wrong_meld": "001 L230–L232",
        "fine.wrong_meld_self": "001 L230–L232",
        "fine.scus_called_in_vain": "001 L298",  # rule L122–L127
    },
    # "Tarok - et bidrag til fremme af ensartede regler".
    "ensartede": {
        "funding": "000 L69",
        "stake": "000 L69",  # also L255, L257
        "meld.taroks": "000 L93",
        "meld.matadors": "000 L91",
        "meld.suit": "000 L97",
        "meld.kings": "000 L99",
        "pagat_saved": "000 L141",
        "pagat_lost": "000 L141",  # also L255
        "king_lost": "000 L141",  # also L257; "15 point for hver konge" L487
        "last_trick": "000 L141",
        "pagat_ultimo": "000 L255",
        "king_ultimo": "000 L257",
        "pagat_bagud": "000 L255",
        "king_bagud": "000 L257",
        "nolo": "000 L677",  # also L129
        "tout": "000 L709",  # both cups + 40 and 45 from each (last line, no newline)
        "count": "000 L143–L145",  # 26 each: L63; a tout counts too: L697
        "count_shortfall": "000 L145",
        "refund": "000 L257",
        "culprit_ultimo": "000 L161–L189",
        "culprit_bagud": "000 L191–L201",  # both at once: L201
        "prevented_ultimo": "000 L187–L189",
        "close_split": "000 L71",
        "skat_fate": "000 L79",
        "fine.misdeal": "000 L71",
        "fine.cups_not_pushed": "000 L69",
        "fine.wrong_skat": "000 L79",
        "fine.wrong_cards": "000 L161",
        "fine.revoke": "000 L127",
        "fine.missing_meld": "000 L101",
        "fine.missing_meld_self": "000 L101",
        "fine.wrong_meld": "000 L103",  # refunds of wrongly paid melds L107–L109
        "fine.wrong_meld_self": "000 L103",
        "fine.meld_caused_ultimo": "000 L107",  # "som ved svigen kulør"
        "fine.lead_out_of_turn": "000 L157",
        "fine.miscount": "000 L145",  # class-1 fine, L151
        "fine.scus_called_in_vain": "000 L557",
        "fine.play_out_of_turn": "000 L157",
        "fine.meld_out_of_time": "000 L85",
    },
    # C. G. Schiellerup 1900: one paragraph per line.
    "schiellerup-1900": {
        "funding": "003 L32",  # also L100, L104
        "stake": "003 L32",
        "meld.taroks": "003 L44",
        "meld.matadors": "003 L42",
        "meld.suit": "003 L46",
        "meld.kings": "003 L48",
        "pagat_saved": "003 L64",
        "pagat_lost": "003 L64",  # also L102
        "king_lost": "003 L64",  # also L104; "taber 15 points" L134
        "last_trick": "003 L64",
        "pagat_ultimo": "003 L100",
        "king_ultimo": "003 L104",
        "pagat_bagud": "003 L100–L102",
        "king_bagud": "003 L104",  # "en 'bagud' koster det samme"
        "nolo": "003 L148",  # also L58
        "tout": "003 L150",
        "tout_failed": "003 L150",  # "tabt tout koster det samme"
        "count": "003 L66–L76",
        "refund": "003 L100–L104",
        "culprit_ultimo": "003 L86",
        "prevented_ultimo": "003 L90",
        "close_split": "003 L34",
        "skat_fate": "003 L36",
        "fine.misdeal": "003 L32",
        "fine.cups_not_pushed": "003 L32",
        "fine.wrong_skat": "003 L36",
        "fine.wrong_cards": "003 L84–L86",
        "fine.revoke": "003 L56",
        "fine.missing_meld": "003 L50",
        "fine.missing_meld_self": "003 L50",
        "fine.wrong_meld": "003 L50",
        "fine.wrong_meld_self": "003 L50",
        "fine.meld_caused_ultimo": "003 L50",
        "fine.lead_out_of_turn": "003 L88",
        "fine.scus_called_in_vain": "003 L144",
        "fine.play_out_of_turn": "003 L88",
    },
    # Martin Schwartz 1847: no cups; fines are paid to each other active player.
    "schwartz-1847": {
        "meld.taroks": "004 L139–L141",
        "meld.matadors": "004 L133–L135",
        "meld.suit": "004 L125–L128",  # defined L107–L109
        "meld.kings": "004 L129–L130",  # defined L111–L112
        "pagat_saved": "004 L157",
        "pagat_lost": "004 L157–L158",
        "king_lost": "004 L165–L166",
        "pagat_ultimo": "004 L148–L149",
        "king_ultimo": "004 L151",
        "pagat_bagud": "004 L149–L150",
        "king_bagud": "004 L151–L152",
        "nolo": "004 L161–L162",
        "count": "004 L173–L176",
        "skat_fate": "004 L183",
        "fine.misdeal": "004 L188–L189",
        "fine.wrong_skat": "004 L185–L186",
        "fine.revoke": "004 L191",
        "fine.wrong_meld": "004 L200–L201",
        "fine.wrong_meld_self": "004 L200–L201",
    },
}


def seed_ref(preset: str, rule: str) -> str:
    """Where `preset`'s rulebook states `rule`, e.g. ``"001 L258"``.

    Falls back to the project's decision (``"brief §4"``) when the book is silent.  An unknown
    preset raises ``ValueError``; an unknown rule key (other than ``fine.*`` and
    ``meld.*``) raises ``KeyError``.
    """
    if preset not in SEED_REFS:
        raise ValueError(f"unknown preset {preset!r}")
    ref = SEED_REFS[preset].get(rule)
    if ref is not None:
        return ref
    section = BRIEF_SECTIONS.get(rule) or _PREFIX_SECTIONS.get(rule.split(".", 1)[0] + ".")
    if section is None:
        raise KeyError(rule)
    return "brief " + section
