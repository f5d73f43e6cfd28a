"""`python -m rules replay FILE` (or `-` for standard input): settle a sitting record of any family.

Exit 0 with the JSON result; exit 2 with the JSON error list and nothing settled: each problem's
code, its message in English (in Danish, Magyar or Slovenian with `--language`, from the club's compiled
catalogues in locale/) and its Danish message. Any bytes at all
get one of the two answers, never a traceback: text that is not UTF-8, a byte-order mark
(accepted), numbers too long to read, nesting deeper than 100 levels. The output is UTF-8 JSON,
compact unless `--indent N` asks for it pretty-printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Any

from .problems import InvalidRecord, problem
from .registry import FAMILIES
from .replay import ALL_PRESETS, replay
from .texts import LANGUAGES

MAX_DEPTH = 100  # nesting deeper than this is refused before it is parsed (Python would recurse)
BOM = b"\xef\xbb\xbf"
# A JSON string (escapes included) and the brackets outside strings.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules",
        description=(
            "Tarok rules engine: validates and settles sitting records of every family it knows — " + _families() + "."
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", help="what to do")
    replay_parser = commands.add_parser(
        "replay",
        help="settle a sitting record and print the result as JSON",
        description=(
            "Read one sitting record (JSON), settle it with the family its 'ruleset' names, and print "
            "every event and the final balances as JSON (exit 0), or every problem of the record "
            "in English (or --language) and Danish (exit 2, nothing settled). Presets: "
            + ", ".join(ALL_PRESETS)
            + "; a "
            "record without 'ruleset' plays " + FAMILIES[0].default_preset + "."
        ),
    )
    replay_parser.add_argument("file", help="a sitting record (JSON file), or - for standard input")
    replay_parser.add_argument(
        "--indent", type=_indent, metavar="N", help="pretty-print with N spaces (0-16); compact by default"
    )
    replay_parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help=(
            "the language of each problem's message: en (English, the default), da (Danish), hu (Magyar) "
            "or sl (Slovenian; English until its catalogue is translated)"
        ),
    )
    args = parser.parse_args(argv)

    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        print(f"rules replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 1
    answer, status = answer_for(raw, args.language)
    return _print(answer, status, args.indent)


def _families() -> str:
    """Each family with its presets, e.g. "Danish Tarok (vlk-2010, ensartede, …)"."""
    return "; ".join(f"{family.title} ({', '.join(family.presets)})" for family in FAMILIES)


def answer_for(raw: bytes, language: str = "en") -> tuple[dict[str, Any], int]:
    """The answer to one input: (result, 0) or ({"errors": [...]}, 2), problems said in `language`."""
    settled = _settled_as_read(raw)
    if settled is not None:
        return settled, 0
    try:
        data = read_json(raw)
        return replay(data), 0
    except InvalidRecord as error:
        return error.as_dict(language), 2
    except RecursionError:  # the depth check should make this impossible; never a traceback
        return _refused("too_deep", language, limit=MAX_DEPTH), 2


def _settled_as_read(raw: bytes) -> dict[str, Any] | None:
    """The result of a record that reads and settles at the first try, else None.

    A record that settles has every value checked against its family's format, whose deepest
    object lies a few levels down, so it cannot nest deeper than `MAX_DEPTH`: only a refused
    record needs the depth walk, and `answer_for` gives it the checks in their order.
    """
    try:
        text = (raw[len(BOM) :] if raw.startswith(BOM) else raw).decode("utf-8")
        return replay(json.loads(text))
    except (ValueError, RecursionError):  # refused (InvalidRecord) or unreadable: answered check by check
        return None


def read_json(raw: bytes) -> Any:
    """The JSON value in `raw`, or `InvalidRecord` saying why there is none."""
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRecord([problem(None, "", "not_utf8", position=error.start)]) from None
    try:
        value = json.loads(text)  # its C parser stops at the recursion limit, with RecursionError
    except (ValueError, RecursionError):
        pass  # the answer is worked out below, in the order of the checks
    else:
        if not _nests_deeper(value, MAX_DEPTH):
            return value  # nearly every record: read once, and its depth checked on the value
    if _depth(text) > MAX_DEPTH:
        raise InvalidRecord([problem(None, "", "too_deep", limit=MAX_DEPTH)])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(
            [problem(None, "", "not_json", error=f"line {error.lineno}, column {error.colno}: {error.msg}")]
        ) from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits (sys.set_int_max_str_digits).
        raise InvalidRecord([problem(None, "", "number_too_long", limit=sys.get_int_max_str_digits())]) from None


def _nests_deeper(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` levels deep in a parsed value: level by
    level, the containers that `k` others enclose."""
    # json.loads makes plain dicts and lists: an exact type test is all a child needs.
    level = [value] if type(value) is dict or type(value) is list else []
    for _ in range(limit):
        if not level:
            return False
        deeper = []
        for container in level:
            for child in container.values() if type(container) is dict else container:
                if type(child) is dict or type(child) is list:
                    deeper.append(child)
        level = deeper
    return bool(level)


def _depth(text: str) -> int:
    """How deep arrays and objects nest in `text`, counting brackets outside strings."""
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _refused(code: str, language: str, **params: Any) -> dict[str, Any]:
    return InvalidRecord([problem(None, "", code, **params)]).as_dict(language)


def _indent(value: str) -> int:
    try:
        indent = int(value)
    except ValueError:
        indent = -1
    if not 0 <= indent <= 16:
        raise argparse.ArgumentTypeError("N is a whole number from 0 to 16")
    return indent


def _print(data: dict[str, Any], status: int, indent: int | None = None) -> int:
    separators = (",", ":") if indent is None else None
    text = json.dumps(data, ensure_ascii=False, indent=indent, separators=separators) + "\n"
    # Problems show a lone surrogate as U+FFFD already; "replace" keeps the output UTF-8 anyway.
    output = text.encode("utf-8", "replace")
    try:
        stream = getattr(sys.stdout, "buffer", None)
        if stream is not None:
            stream.write(output)
        else:  # a text-only stand-in for standard output (a test's StringIO)
            sys.stdout.write(output.decode("utf-8"))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`| head`): say nothing more, and let Python's exit not complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
