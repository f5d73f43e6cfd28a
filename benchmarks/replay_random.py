"""Replay throughput: one long random sitting through `rules.replay`, best of three.

    python benchmarks/replay_random.py                 # vlk-2010, 10,000 deals
    python benchmarks/replay_random.py --all-presets   # every preset of both families, one line each
    python benchmarks/replay_random.py --hungarian     # the six Hungarian games only
    python benchmarks/replay_random.py --profile       # and the cProfile hot spots

The sitting comes from `fixtures/sittings.py` (`fixtures/hungarian_sittings.py`) with a fixed seed, so every run replays the same
record. Timing covers `rules.replay` alone (parse, validate, settle, build the JSON result), not
the generator; the garbage collector runs as it would in production.

The goal is wall-clock time on an idle machine. On a shared, busy one the wall clock mostly
measures the other processes, so the CPU time this process spent (`time.process_time`, best of
the same runs) is printed beside it: on an idle machine the two agree.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from fixtures import hungarian_sittings  # noqa: E402
from fixtures.sittings import random_sitting  # noqa: E402

GOAL = 20_000  # deals per second


def best_of(repeat: int, record: dict) -> tuple[float, float]:
    """The fastest of `repeat` replays: (wall-clock seconds, CPU seconds)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        rules.replay(record)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2010)
    parser.add_argument("--table-size", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--all-presets", action="store_true", help="every preset of both families, not only vlk-2010")
    parser.add_argument("--hungarian", action="store_true", help="the six Hungarian games only")
    parser.add_argument("--profile", action="store_true", help="print the top functions of one replay by cProfile")
    args = parser.parse_args(argv)

    if args.hungarian:
        presets = list(rules.hungarian.PRESETS)
    elif args.all_presets:
        presets = [*rules.danish.PRESETS, *rules.hungarian.PRESETS]
    else:
        presets = [rules.danish.DEFAULT_PRESET]
    print(
        f"rules.replay, {args.deals:,} deals at a table of {args.table_size}, seed {args.seed}, best of {args.repeat}"
    )
    for preset in presets:
        if preset in rules.hungarian.PRESETS:  # the game's own table size, the largest it seats
            size = max(rules.hungarian.PRESETS[preset].table_sizes)
            record = hungarian_sittings.random_sitting(
                random.Random(args.seed), preset, args.deals, table_size=size, close="split"
            )
        else:
            record = random_sitting(
                random.Random(args.seed), preset, args.deals, table_size=args.table_size, close="split"
            )
        seconds, cpu = best_of(args.repeat, record)
        rate, cpu_rate = args.deals / seconds, args.deals / cpu
        verdict = "meets" if rate >= GOAL else "below"
        print(
            f"  {preset:17s} {seconds:7.3f} s  {rate:10,.0f} deals/s  ({verdict} the {GOAL:,} goal)   CPU {cpu:6.3f} s  {cpu_rate:8,.0f} deals/s"
        )
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(rules.replay, record)
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
            print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
