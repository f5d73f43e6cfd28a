"""`python -m rules replay FILE` (or `-` for standard input): see sitting-format.md.

Exit 0 with the JSON result; exit 2 with the JSON error list and nothing settled.
"""

from __future__ import annotations

import argparse
import json
import sys

from .replay import replay
from .problems import InvalidRecord, problem


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description="Danish Tarok rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="settle a sitting record and print the result as JSON")
    replay_parser.add_argument("file", help="a sitting record (JSON), or - for standard input")
    args = parser.parse_args(argv)

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        print(f"rules replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 1

    try:
        data = json.loads(text)
        result = replay(data)
    except json.JSONDecodeError as error:
        failure = InvalidRecord([problem(None, "", "not_json", error=f"line {error.lineno}, column {error.colno}: {error.msg}")])
        return _print(failure.as_dict(), 2)
    except InvalidRecord as error:
        return _print(error.as_dict(), 2)
    return _print(result, 0)


def _print(data: dict, status: int) -> int:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
