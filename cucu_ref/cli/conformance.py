"""``cucu-conformance``: run another Cucù implementation against the conformance vectors.

In the style of toml-test: the implementation under test is a command that speaks the trace
format (the protocol: :mod:`cucu_ref.services.conformance.runner` and ``docs/oracle.rst``).

``run -- CMD ARGS...`` keeps one process for all vectors (JSON Lines on its standard input and
output; it is restarted after a crash or a timeout); ``--per-vector`` starts the command once
per vector, the trace on standard input and the answer on standard output.  ``run --self``
checks cucu-ref's own engine in-process; ``serve`` is cucu-ref as such a command.  Every
failure prints cucu-ref's first divergence from the answer, with rule and source.  The last
line is ``N passed, M failed``; the exit code is 0 only when every vector run passed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, Iterator, Optional, Sequence, TextIO, Union

from ..formats.inputs import MAX_BYTES
from ..game.rulesets import PRESETS
from ..services.conformance import PACKAGE_DATA, REPOSITORY_DATA
from ..services.conformance.names import BUILTIN, load_map
from ..services.conformance.profile import (CAPABILITIES, NO_PROFILE, Profile, ProfileError, load_profile,
                                            parse_lacks, parse_options, run_under)
from ..services.conformance.program import Process
from ..services.conformance.runner import Result, self_answer, serve_line, stats
from ..services.conformance.vectors import Vector, load, select

__all__ = ["main", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _vectors(args: argparse.Namespace) -> list[Vector]:
    root = args.vectors or (REPOSITORY_DATA if args.repository else PACKAGE_DATA)
    return select(load(root), args.preset, args.rule, args.id, args.defaults)


def _report(result: Result, args: argparse.Namespace, out: TextIO) -> None:
    """One vector's line.  ``why`` may quote the program (its error, its stderr, its ids): text
    output escapes every non-printable character and the line feed, JSON output escapes them
    as ``\\uXXXX``, so a hostile program can neither forge a line nor act on a terminal."""
    # cold start: cucu_ref.services.render costs 290 ms, used only by run's reports (render pulls
    # in the adjudication service; serve, started once per vector with --per-vector, never
    # reports: python -m cucu_ref.cli.conformance serve </dev/null takes 0.76 s, 1.07 s with
    # this import at module level; best of five, 2 Dec 2026)
    from ..services.render import json_printable

    vector, verdict, why, rule = result
    if args.json:
        # 'rule': the ID of the rule the why cites (specs/conformance-result-1.schema.json), so a
        # tool can group failures by rule without reading the words
        record = json.dumps({"id": vector.id, "result": verdict, "why": why, "rule": rule}, ensure_ascii=False)
        out.write(json_printable(record) + "\n")
        return
    why = _one_line(why)
    if verdict == "fail":
        out.write(f"FAIL {vector.id} ({vector.file}): {why}\n")
    elif verdict == "skip" and args.verbose:
        out.write(f"SKIP {vector.id}: {why}\n")
    elif args.verbose and verdict == "pass":
        out.write(f"PASS {vector.id}\n")


def _one_line(text: str) -> str:
    """A program's words as one printable line: non-printable characters and line feeds escaped."""
    # cold start: cucu_ref.services.render costs 290 ms, used only by run's reports (as above)
    from ..services.render import printable

    return printable(text).replace("\n", "\\n")


def _run(args: argparse.Namespace, out: TextIO) -> int:
    vectors = _vectors(args)
    if not vectors:
        out.write("no vectors selected\n")
        return EXIT_USAGE
    try:
        names = load_map(args.card_names, args.suits)
    except ValueError as err:
        out.write(f"cucu-conformance: error: {err}\n")
        return EXIT_USAGE
    try:
        profile = _profile(args)
    except ProfileError as err:
        out.write(f"cucu-conformance: error: {err}\n")
        return EXIT_USAGE
    ask: Callable[[dict[str, Any]], Any] = self_answer
    process: Optional[Process] = None
    if not args.self_test:
        process = Process(args.command, args.per_vector, args.timeout)
        ask = process.ask
    counts = {"pass": 0, "fail": 0, "skip": 0}
    skipped: dict[str, int] = {}
    started = time.perf_counter()
    try:
        for result in run_under(vectors, ask, names, profile):
            counts[result.verdict] += 1
            skipped[result.why] = skipped.get(result.why, 0) + (result.verdict == "skip")
            _report(result, args, out)
    finally:
        if process is not None:
            process.close()
    elapsed = time.perf_counter() - started
    out.write(f"{len(vectors)} vectors in {elapsed:.2f} s ({len(vectors) / elapsed if elapsed else 0:.0f}/s)\n")
    if counts["skip"]:
        out.write(f"{counts['skip']} skipped\n")
        for why, n in sorted(skipped.items(), key=lambda kv: -kv[1]):
            if n:
                out.write(f"  {n} {_one_line(why)}\n")  # a skip's reason is the program's own words
    out.write(f"{counts['pass']} passed, {counts['fail']} failed\n")
    return EXIT_OK if counts["fail"] == 0 and counts["pass"] > 0 else EXIT_FAILED


def _profile(args: argparse.Namespace) -> Profile:
    """The program's readings and lacks: the profile file's, then --options and --lacks over it."""
    profile = load_profile(args.profile) if args.profile else NO_PROFILE
    return profile.merged(Profile(parse_options(args.options or ""), parse_lacks(args.lacks or "")))


def _list(args: argparse.Namespace, out: TextIO) -> int:
    vectors = _vectors(args)
    if args.stats:
        counts = stats(vectors)
        out.write("vectors per preset:\n")
        for name in PRESETS:
            out.write(f"  {name:<22} {counts.by_preset.get(name, 0)}\n")
        out.write("vectors per rule:\n")
        for rule_id, n in counts.by_rule.items():
            out.write(f"  {rule_id:<7} {n}\n")
        out.write(f"{counts.total} vectors ({counts.hand_checked} hand-checked, {counts.illegal} illegal)\n")
        return EXIT_OK
    for v in vectors:
        kind = "hand-checked" if v.hand_checked else "golden"
        options = "".join(f" {k}={val}" for k, val in v.options.items())
        out.write(f"{v.id}\t{v.preset}{options}\t{kind}\t{' '.join(v.rules)}\n")
    out.write(f"{len(vectors)} vectors\n")
    return EXIT_OK


def _bounded_lines(stream: Any, limit: int) -> Iterator[Union[str, bytes, None]]:
    """The stream's lines of at most ``limit`` bytes; None for a longer one, whose rest is read
    and dropped a bounded piece at a time (memory bounded by ``limit``, time linear)."""
    while line := stream.readline(limit + 1):
        if len(line) <= limit:
            yield line
            continue
        while line and line[-1:] not in (b"\n", "\n"):
            line = stream.readline(limit + 1)
        yield None


def _serve(inp: TextIO, out: TextIO) -> int:
    """Answer line by line; lines are read as bytes where the stream has them, so a line that
    is not UTF-8 is one error answer, not the end of the server (issue 27, finding 11); a line
    over the documents' 1 MiB bound (:data:`~cucu_ref.formats.inputs.MAX_BYTES`) is one too."""
    for line in _bounded_lines(getattr(inp, "buffer", inp), MAX_BYTES):
        if line is None:
            answer: Optional[str] = json.dumps({"id": None, "error": f"the line is longer than {MAX_BYTES} bytes"})
        else:
            answer = serve_line(line)
        if answer is not None:
            out.write(answer + "\n")
            out.flush()
    return EXIT_OK


def _selection(q: argparse.ArgumentParser) -> None:
    q.add_argument("--preset", action="append", default=[], metavar="P", help="only vectors of preset P")
    q.add_argument("--rule", action="append", default=[], metavar="ID", help="only vectors exercising rule ID")
    q.add_argument("--id", action="append", default=[], metavar="PREFIX", help="only vectors whose id starts so")
    q.add_argument("--defaults", action="store_true",
                   help="only vectors played under the preset's own readings (no options)")
    q.add_argument("--vectors", metavar="DIR", help="the suite's directory (default: the copy in the package)")
    q.add_argument("--repository", action="store_true", help="use the repository's copy (conformance/v1)")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cucu-conformance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command_name", required=True)
    run_ = sub.add_parser("run", help="run a program (after --) or cucu-ref itself (--self) against the vectors")
    _selection(run_)
    run_.add_argument("--self", dest="self_test", action="store_true", help="check cucu-ref's own engine")
    run_.add_argument("--per-vector", action="store_true", help="start the program once per vector")
    run_.add_argument("--card-names", metavar="MAP",
                      help=f"the program's card names: {', '.join(BUILTIN)}, or a JSON file (see the docs)")
    run_.add_argument("--suits", action="store_true", help="give the ordinary pack's cards suits (♠♥♦♣)")
    run_.add_argument("--timeout", type=float, default=10.0, metavar="S", help="seconds per answer (default 10)")
    run_.add_argument("--json", action="store_true", help="one JSON line per vector (id, result, why, rule)")
    run_.add_argument("-v", "--verbose", action="store_true", help="also print passes and skips")
    run_.add_argument("--options", metavar="NAME=READING,...",
                      help="the program's readings of named rule options: every vector is re-ruled under them")
    run_.add_argument("--lacks", metavar="CAP,...",
                      help=f"capabilities the program lacks ({', '.join(CAPABILITIES)}): vectors needing one are "
                           "skipped")
    run_.add_argument("--profile", metavar="FILE",
                      help="a JSON profile (cucu-conformance-profile/1) with 'options' and 'lacks'")
    run_.add_argument("command", nargs="*", metavar="-- COMMAND", help="the program under test and its arguments")
    lst = sub.add_parser("list", help="list the vectors (or --stats: per preset and per rule)")
    _selection(lst)
    lst.add_argument("--stats", action="store_true", help="counts per preset and per rule")
    sub.add_parser("serve", help="answer vectors on standard input with cucu-ref's engine (JSON Lines)")
    return p


def main(argv: Optional[Sequence[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    out = stdout or sys.stdout
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(args_list)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code else EXIT_OK
    if args.command_name == "serve":
        return _serve(stdin or sys.stdin, out)
    if args.command_name == "list":
        return _list(args, out)
    if args.self_test == bool(args.command):
        out.write("cucu-conformance: error: give --self or a program after '--'\n")
        return EXIT_USAGE
    return _run(args, out)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
