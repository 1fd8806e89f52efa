"""``cucu-adjudicate``: settle a table dispute from a position written as JSON."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Optional, Sequence, TextIO

__all__ = ["main", "adjudicate_document", "EXIT_OK", "EXIT_INVALID", "EXIT_USAGE", "EXIT_INTERNAL"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

DESCRIPTION = """\
Settle a Cucù table dispute from a position written as JSON (format cucu-position/1,
see specs/position-1.schema.json) or as a deal in the plain-text notation (lines such as
'Anna: V, passo', see docs/notation.rst). The history is replayed through the rules; each step
cites its rule and source; the output says what happens next or, when the deal is over,
who loses or gains marks, who is out, buy-back prices, the next dealer and the winner.
Where the ruling depends on an open question, every reading's outcome is given.
"""

EPILOG = """\
exit codes:
  0  a ruling was given (an overruled claim is still a ruling)
  1  the position is invalid, impossible, or its history cannot have happened
     (the output says why, with the JSON path of each problem)
  2  usage error (bad arguments, unreadable file)
  3  internal error (a message; the traceback only with --debug)
  With several inputs the exit code is the highest of them.

limits:
  a position (a line with --batch) may hold at most 1 MiB of UTF-8 and nest at
  most 64 levels; the cases of cards left unknown are split up to 20000 engine
  steps and 20000 scored showdowns (past that: under-specified, naming the cards).

examples:
  cucu-adjudicate examples/campli-cat-undo.json
  cucu-adjudicate examples/notation/campli-cat-undo.txt
  cucu-adjudicate --to-notation examples/campli-inn-nulla.json
  cucu-adjudicate --format json examples/*.json
  cat positions.jsonl | cucu-adjudicate --batch -
  cucu-adjudicate --rulesets
"""


class _UsageError(Exception):
    pass


def _parser() -> Any:
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:  # argparse exits 2 itself; keep control of output
            raise _UsageError(message)

    p = Parser(prog="cucu-adjudicate", description=DESCRIPTION, epilog=EPILOG,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help="position files: JSON, or a deal in the notation (any text that is not JSON; "
                        "errors as FILE:LINE:COL); '-' reads standard input")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output: readable text (default) or JSON (cucu-ruling/1, specs/ruling-1.schema.json)")
    p.add_argument("--batch", action="store_true",
                   help="JSON Lines only: one JSON position per input line, one JSON ruling per output line "
                        "(a bad line gets an error record; the rest go on); a deal in the notation, being "
                        "several lines, is given as a file of its own")
    p.add_argument("--to-json", action="store_true",
                   help="write each POSITION given in the notation as its cucu-position/1 JSON, and stop")
    p.add_argument("--to-notation", action="store_true",
                   help="write each JSON POSITION in the notation, and stop")
    p.add_argument("--language", choices=("it", "de", "fr", "en", "da"),
                   help="with --to-notation: the language of the table's words (default: the ruleset's source's)")
    p.add_argument("--rulesets", action="store_true", help="list the presets and options (with readings and sources)")
    p.add_argument("--no-readings", action="store_true",
                   help="skip re-running the position under the other readings of the open questions")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    return p


def adjudicate_document(data: bytes | str | dict, source: str, readings: bool = True) -> tuple[int, dict, Callable[[], str]]:
    """One position through every layer: (exit code, JSON record, text thunk)."""
    from . import position as P
    from . import render as R

    if not isinstance(data, dict) and data.lstrip()[:1] not in (b"{", "{"):
        from .notation import adjudicate_notation, looks_like_notation

        if looks_like_notation(data):  # text that is not JSON: a deal in the notation (CONTRACTS §6)
            return adjudicate_notation(data, source, readings)
    try:
        doc = data if isinstance(data, dict) else P.load(data)
    except P.InputError as err:
        problem = P.Problem("input", err.path, err.message)
        return EXIT_INVALID, R.problems_json([problem], source), lambda: R.problems_text([problem], source)
    problems = P.schema_problems(doc)
    if problems:
        problems = P.verb_hints(doc, problems)
        return EXIT_INVALID, R.problems_json(problems, source), lambda: R.problems_text(problems, source)
    pos, problems = P.parse(doc)
    if pos is None:
        return EXIT_INVALID, R.problems_json(problems, source), lambda: R.problems_text(problems, source)
    from .adjudication import Underdetermined, Unsupported, adjudicate

    try:
        ruling = adjudicate(pos, readings=readings)
    except (Underdetermined, Unsupported) as err:
        problem = P.Problem("meaning", "$", str(err))
        verdict = "under-specified" if isinstance(err, Underdetermined) else None
        return (EXIT_INVALID, R.problems_json([problem], source, verdict),
                lambda: R.problems_text([problem], source, verdict))
    if not ruling.ok:
        args = (ruling.problems, source, ruling.verdict, ruling.valid_under, ruling.warnings)
        return EXIT_INVALID, R.problems_json(*args), lambda: R.problems_text(*args)
    return EXIT_OK, R.ruling_json(ruling, source), lambda: R.ruling_text(ruling, source)


def _read(name: str, stdin: Any) -> bytes:
    from .position import MAX_BYTES

    if name == "-":
        return stdin.read(MAX_BYTES + 1)
    with open(name, "rb") as f:
        return f.read(MAX_BYTES + 1)


def _emit(out: TextIO, fmt: str, record: dict, text: Callable[[], str], many: bool) -> None:
    if fmt == "json":
        out.write(json.dumps(record, ensure_ascii=False, indent=None if many else 2) + "\n")
    else:
        out.write(text() + "\n")
        if many:
            out.write("\n")


def _internal(err: BaseException, source: str, debug: bool) -> tuple[int, dict, Callable[[], str]]:
    from .render import error_json

    if debug:
        import traceback

        traceback.print_exc()
    message = f"internal error: {type(err).__name__}: {err}"
    return EXIT_INTERNAL, error_json(message, source, EXIT_INTERNAL), lambda: f"{source}: {message} (run with --debug)"


def _batch(stream: Any, out: TextIO, readings: bool, debug: bool) -> int:
    from .position import MAX_BYTES

    worst = EXIT_OK
    for number, line in enumerate(stream, 1):
        source = f"line {number}"
        if not line.strip():
            continue
        try:
            if len(line) > MAX_BYTES:
                from .render import error_json

                code, record = EXIT_INVALID, error_json(f"line longer than the {MAX_BYTES // 1024} KiB limit",
                                                        source, EXIT_INVALID)
            else:
                code, record, _ = adjudicate_document(line, source, readings)
        except Exception as err:  # one bad line never stops the batch
            code, record, _ = _internal(err, source, debug)
        worst = max(worst, code)
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return worst


def main(argv: Optional[Sequence[str]] = None, stdin: Any = None, stdout: Optional[TextIO] = None,
         stderr: Optional[TextIO] = None) -> int:
    out = stdout or sys.stdout
    err_out = stderr or sys.stderr
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = _parser()
        if any(a in ("-h", "--help") for a in args_list):
            out.write(parser.format_help())
            return EXIT_OK
        args = parser.parse_args(args_list)
        if args.version:
            from . import __version__

            out.write(f"cucu-adjudicate {__version__}\n")
            return EXIT_OK
        if args.rulesets:
            from .render import rulesets_json, rulesets_text

            if args.format == "json":
                out.write(json.dumps(rulesets_json(), ensure_ascii=False, indent=2) + "\n")
            else:
                out.write(rulesets_text() + "\n")
            return EXIT_OK
        if not args.positions:
            raise _UsageError("give a POSITION file, '-' for standard input, or --rulesets")
        if args.to_json and args.to_notation:
            raise _UsageError("--to-json and --to-notation go one way each: give one")
        if args.positions.count("-") > 1:
            raise _UsageError("standard input ('-') can be read only once")
    except _UsageError as err:
        err_out.write(f"cucu-adjudicate: error: {err}\n(see cucu-adjudicate --help)\n")
        return EXIT_USAGE
    readings = not args.no_readings
    if args.to_json or args.to_notation:
        from .notation import convert

        return convert(args.positions, "json" if args.to_json else "notation", out, err_out,
                       stdin or sys.stdin.buffer, args.language)
    try:
        if args.batch:
            worst = EXIT_OK
            for name in args.positions:
                try:
                    if name == "-":
                        stream = (stdin or sys.stdin.buffer)
                        lines = (ln.decode("utf-8", "replace") if isinstance(ln, bytes) else ln for ln in stream)
                        worst = max(worst, _batch(lines, out, readings, args.debug))
                    else:
                        with open(name, encoding="utf-8", errors="replace") as f:
                            worst = max(worst, _batch(f, out, readings, args.debug))
                except OSError as err:
                    err_out.write(f"cucu-adjudicate: error: cannot read {name}: {err.strerror or err}\n")
                    worst = max(worst, EXIT_USAGE)
            return worst
        worst = EXIT_OK
        many = len(args.positions) > 1
        for name in args.positions:
            source = "<stdin>" if name == "-" else name
            try:
                data = _read(name, stdin or sys.stdin.buffer)
            except OSError as err:
                err_out.write(f"cucu-adjudicate: error: cannot read {name}: {err.strerror or err}\n")
                worst = max(worst, EXIT_USAGE)
                continue
            try:
                code, record, text = adjudicate_document(data, source, readings)
            except RecursionError as err:
                code, record, text = _internal(err, source, args.debug)
            except Exception as err:
                code, record, text = _internal(err, source, args.debug)
            worst = max(worst, code)
            _emit(out, args.format, record, text, many)
        return worst
    except KeyboardInterrupt:  # pragma: no cover
        return EXIT_INTERNAL
    except Exception as err:  # pragma: no cover - last resort: never a traceback without --debug
        if args.debug:
            raise
        err_out.write(f"cucu-adjudicate: internal error: {type(err).__name__}: {err}\n")
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
