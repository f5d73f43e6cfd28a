"""Replay throughput over a season of realistic sittings, per preset, best of three.

    python benchmarks/replay_season.py                       # all ten presets
    python benchmarks/replay_season.py paskievics vlk-2010   # some of them
    python benchmarks/replay_season.py --profile paskievics  # and the cProfile hot spots

A club's season is many short sittings, not one long one: each preset gets sittings of 3 to 60
deals at the game's own table sizes, with overrides now and then, carried cups or pot, and every
kind of deal the generators make (melds, fines, culprits, nolo and tout; contracts, calls,
announcements and contras, trump counts, hand bonuses, no-game deals) as often as they make them.
The sittings come from `fixtures/sittings.py` and `fixtures/hungarian_sittings.py` with a fixed
seed, so every run replays the same records; the mix is printed beside the speed.

Each sitting is replayed as `python -m rules replay` does it, from the record's JSON bytes: read
the JSON, validate, settle, build the answer (`rules.__main__.answer_for`); writing the answer out
as JSON text is the command's I/O and not timed (`--with-output` times it too). The
goal is wall-clock deals per second on an idle machine; the CPU time of the process is printed
beside it, since on a shared machine only that says what the code costs.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fixtures import hungarian_sittings, sittings  # noqa: E402
from rules import hungarian  # noqa: E402
from rules.__main__ import answer_for  # noqa: E402
from rules.danish import PRESETS as DANISH_PRESETS  # noqa: E402

GOAL = 15_000  # deals per second, every preset: far beyond a club's season of a few thousand deals
PRESETS = (*DANISH_PRESETS, *hungarian.PRESETS)
SHORTEST, LONGEST = 3, 60  # deals in a sitting

# Overrides a Danish club sets now and then (brief §8 names): amounts and a fine or two.
DANISH_OVERRIDES: dict[str, tuple[Any, ...]] = {
    "nolo": (20, 30, 50),
    "tout": (60, 100),
    "stake": (5, 10),
    "last_trick": (10, 20, 30),
    "meld_half": (5, 10),
}


def danish_overrides(rng: random.Random, preset: str) -> dict[str, Any] | None:
    """One sitting in four plays with a club's overrides (a fine amount among them now and then)."""
    if rng.random() >= 0.25:
        return None
    names = sorted(DANISH_OVERRIDES)
    if not DANISH_PRESETS[preset].cups:
        names.remove("stake")
    chosen: dict[str, Any] = {name: rng.choice(DANISH_OVERRIDES[name]) for name in rng.sample(names, rng.randint(1, 2))}
    if rng.random() < 0.3:
        chosen["fines"] = {"misdeal": rng.choice((5, 10))}
    return chosen


def season(preset: str, deals: int, seed: int) -> list[dict[str, Any]]:
    """Sittings of `preset` until about `deals` deals, each of 3 to 60 deals, drawn from `seed`."""
    rng = random.Random(f"{seed}:{preset}")
    records: list[dict[str, Any]] = []
    total = 0
    while total < deals:
        length = rng.randint(SHORTEST, LONGEST)
        if preset in hungarian.PRESETS:
            record = hungarian_sittings.random_sitting(rng, preset, length, overrides="random")
        else:
            record = sittings.random_sitting(rng, preset, length, close=sittings.RANDOM, overrides=None)
            overrides = danish_overrides(rng, preset)
            if overrides:
                # Drawn after the deals so the deals stay those of the plain preset: every
                # override here changes amounts only, never what a valid deal is.
                record = {"ruleset": preset, "overrides": overrides} | {
                    k: v for k, v in record.items() if k != "ruleset"
                }
        records.append(record)
        total += length
    return records


def mix(records: Iterable[dict[str, Any]]) -> str:
    """What the season holds: sittings, deals, table sizes and how often each kind of entry occurs."""
    records = list(records)
    deals = [deal for record in records for deal in record["deals"]]
    sizes = Counter(len(record["table"]) for record in records)
    with_overrides = sum(1 for record in records if record.get("overrides"))
    keys: Counter[str] = Counter()
    for deal in deals:
        for key, value in deal.items():
            if value not in (None, False, [], {}) and key not in ("dealer", "players", "declarer", "last_trick"):
                keys[key] += 1
    contras = sum(
        1 for deal in deals if deal.get("game_contra") or any(a.get("contra") for a in deal.get("announcements", ()))
    )
    if contras:
        keys["(any contra)"] = contras
    share = ", ".join(f"{key} {count / len(deals):.0%}" for key, count in sorted(keys.items()))
    size_text = " ".join(f"{size}:{count}" for size, count in sorted(sizes.items()))
    return (
        f"{len(records)} sittings, {len(deals)} deals ({len(deals) / len(records):.1f} a sitting), "
        f"tables {size_text}, overrides in {with_overrides}; deals with {share}"
    )


def replay_all(raws: list[bytes], with_output: bool = False) -> None:
    """Every sitting as `python -m rules replay` answers it; a refused record is a generator bug."""
    for raw in raws:
        answer, status = answer_for(raw)
        if status:
            raise SystemExit(f"a generated sitting was refused: {answer['errors'][:2]}")
        if with_output:
            json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def best_of(repeat: int, raws: list[bytes], with_output: bool) -> tuple[float, float]:
    """The fastest of `repeat` replays of the season: (wall-clock seconds, CPU seconds)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        replay_all(raws, with_output)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def profile(raws: list[bytes], deals: int, top: int, out: Path | None) -> str:
    profiler = cProfile.Profile(time.process_time)  # CPU time: other processes do not count
    profiler.runcall(replay_all, raws)
    if out is not None:
        profiler.dump_stats(str(out))
    stats = pstats.Stats(profiler)
    calls = stats.total_calls  # type: ignore[attr-defined]
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    return f"  {calls / deals:.0f} function calls a deal\n" + text.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET", help=f"any of {', '.join(PRESETS)} (default: all)")
    parser.add_argument("--deals", type=int, default=6_000, help="deals per preset, about (default 6,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print the top functions of one replay by cProfile")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--save-profile", type=Path, metavar="DIR", help="write each preset's cProfile stats here")
    parser.add_argument("--with-output", action="store_true", help="time writing each answer as JSON text too")
    parser.add_argument("--quiet-mix", action="store_true", help="do not print the mix of each season")
    args = parser.parse_args(argv)

    presets = args.presets or list(PRESETS)
    unknown = [preset for preset in presets if preset not in PRESETS]
    if unknown:
        parser.error(f"no preset called {', '.join(unknown)}")
    print(f"a season of sittings of {SHORTEST}-{LONGEST} deals per preset, seed {args.seed}, best of {args.repeat}")
    slowest = float("inf")
    for preset in presets:
        records = season(preset, args.deals, args.seed)
        raws = [json.dumps(record, ensure_ascii=False).encode() for record in records]
        deals = sum(len(record["deals"]) for record in records)
        seconds, cpu = best_of(args.repeat, raws, args.with_output)
        rate, cpu_rate = deals / seconds, deals / cpu
        slowest = min(slowest, rate)
        verdict = "meets" if rate >= GOAL else "below"
        print(
            f"{preset:17s} {deals:6,} deals {seconds:6.3f} s {rate:9,.0f} deals/s ({verdict} the {GOAL:,} goal)"
            f"   CPU {cpu:6.3f} s {cpu_rate:9,.0f} deals/s  {seconds / deals * 1e6:5.1f} µs a deal"
        )
        if not args.quiet_mix:
            print("    " + mix(records))
        if args.profile or args.save_profile:
            out = None
            if args.save_profile:
                args.save_profile.mkdir(parents=True, exist_ok=True)
                out = args.save_profile / f"{preset}.prof"
            report = profile(raws, deals, args.top, out)
            if args.profile:
                print(report)
    print(f"slowest preset: {slowest:,.0f} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
