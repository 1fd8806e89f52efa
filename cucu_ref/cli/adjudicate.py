"""``cucu-adjudicate``: settle a table dispute from a position written as JSON.

Input handling (issue 12; documented in ``docs/cli.rst``):

* a position file, or a ``--batch`` line, is read with a bound: at most
  :data:`~cucu_ref.formats.inputs.MAX_BYTES` bytes are ever held for one position, so ``/dev/zero`` or a
  stream without a newline costs time, never memory;
* a batch line is treated exactly as a file holding the same bytes (less its ``\\n``): the same
  UTF-8 check, byte order mark, limits and messages; a line of only spaces, tabs and ``\\r`` is
  skipped and gets no record; records name their physical line number;
* text output never carries a character that could act on a terminal or forge a line: every
  non-printable character is escaped (:func:`cucu_ref.services.render.printable`); JSON output escapes
  the same characters as ``\\uXXXX``, so a record is always one line for any line splitter;
* a reader that goes away (``| head -1``) ends the run at once and silently, with exit status
  141 (128 + SIGPIPE, what a shell reports for a command killed by a broken pipe);
* ``--jobs N`` rules with N worker processes; the output is in input order and byte-identical
  to ``--jobs 1`` (each worker runs the same function on the same bytes).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections import deque
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple, Optional, Sequence, TextIO

from .. import __version__
from ..formats.i18n import gettext as _, ngettext, speaking
from ..formats.inputs import MAX_BYTES, TOO_LARGE, InputError, load
from ..formats.sources import RULES
from ..game.rulesets import PRESET_INFO, PRESETS, page_open_points
from ..formats.position import Problem, schema_problems
from ..services.documents import Ruled, rule_document
from ..services.render import (
    NoRecord, error_json, full_steps, json_printable, printable, problems_json, problems_text, rulesets_json,
    rulesets_text,
)

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["main", "adjudicate_document", "EXIT_OK", "EXIT_INVALID", "EXIT_USAGE", "EXIT_INTERNAL",
           "EXIT_BROKEN_PIPE", "MAX_JOBS"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader of the output went away
MAX_JOBS = 256

DESCRIPTION = """\
Settle a Cucù table dispute from a position written as JSON (format cucu-position/1,
see specs/position-1.schema.json) or as a deal in the plain-text notation (lines such as
'Anna: V, passo', see docs/notation.rst). The history is replayed through the rules; each step
cites its rule and source; the output says what happens next or, when the deal is over,
who loses or gains marks, who is out, buy-back prices, the next dealer and the winner.
Where the ruling depends on an open question, every reading's outcome is given.
"""

SHORT_DESCRIPTION = """\
Rule on a Cucù deal written down: a JSON position or the plain-text notation (docs/notation.rst).
"""

SHORT_EPILOG = """\
exit codes: 0 a ruling, 1 an invalid or impossible position, 2 usage error, 3 internal error.
examples:
  cucu-adjudicate examples/notation/campli-cat-undo.txt
  cucu-adjudicate --rulesets               the rulesets' names (--rulesets NAME: one in full)
The whole help (exit codes, limits, batch): cucu-adjudicate --help --long; docs/cli.rst.
"""

EPILOG = """\
exit codes:
  0  a ruling was given (an overruled claim is still a ruling); for a trace:
     cucu-ref agrees with it
  1  the position is invalid, impossible, or its history cannot have happened
     (the output says why, with the JSON path of each problem); for a trace:
     cucu-ref diverges from it (the first divergence, rule and source) or it is invalid
  2  usage error (bad arguments, unreadable file; --format svg given a trace)
  3  internal error (a message; the traceback only with --debug)
  141  the reader of the output went away (broken pipe, e.g. '| head -1'): nothing more is
     written, no message
  With several inputs the exit code is the highest of them.

limits:
  a position (a line with --batch) may hold at most 1 MiB of UTF-8 and nest at
  most 64 levels; integers have at most 100 digits, and the schema bounds each one
  (marks 0-1000, stake 0-1000000 ...); player names have no control characters;
  the cases of cards left unknown are split up to 20000 engine steps and 20000
  scored showdowns (past that: under-specified, naming the cards).

batch:
  each line is ruled on as a file holding that line would be; a line of only spaces,
  tabs and \\r gets no record; each record names its line ("input": "line N").

examples:
  cucu-adjudicate examples/campli-cat-undo.json
  cucu-adjudicate examples/notation/campli-cat-undo.txt
  cucu-adjudicate --to-notation examples/campli-inn-nulla.json
  cucu-adjudicate --format json examples/*.json
  cat positions.jsonl | cucu-adjudicate --batch -
  cucu-adjudicate --batch --jobs 0 positions.jsonl > rulings.jsonl
  cucu-adjudicate --rulesets
  cucu-adjudicate --trace my-client-deal.json
  cucu-adjudicate --format svg examples/notation/campli-cat-undo.txt > cat.svg
  cucu-adjudicate --format svg --svg-dir pictures examples/notation/*.txt
"""


class _UsageError(Exception):
    pass


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise _UsageError(f"--jobs takes a whole number, not {text!r}") from None
    if not 0 <= n <= MAX_JOBS:
        raise _UsageError(f"--jobs takes 0 (one per core) to {MAX_JOBS}, not {n}")
    return n


def _rulesets_listing(names: Sequence[str], long: bool) -> str:
    """``--rulesets``: the names first (issue 31: the whole listing ran to 800 lines); with
    NAMEs, those presets' paragraphs of the whole listing; with ``--long``, the whole."""
    whole = rulesets_text()
    if long:
        return whole
    if names:
        unknown = [n for n in names if n not in PRESETS]
        if unknown:
            raise _UsageError(f"no ruleset {', '.join(map(repr, unknown))}; the rulesets: {', '.join(PRESETS)}")
        blocks = [b for b in whole.split("\n\n") if b.split(":", 1)[0] in names]
        return "\n\n".join(blocks) + "\n\n" + _("The named options in full: cucu-adjudicate --rulesets --long")
    width = max(map(len, PRESETS))
    lines = [_("The rulesets cucu-adjudicate knows (a position names one on its Ruleset: line):"), ""]
    for name in PRESETS:
        info = PRESET_INFO.get(name)
        points = len(page_open_points(name))
        lines.append(f"  {name.ljust(width)}  {_(info.title) if info else name} ("
                     + ngettext("{n} open point", "{n} open points", points).format(n=points) + ")")
    lines += ["", _("One in full (settings, open points, the reading taken and why): cucu-adjudicate --rulesets NAME"),
              _("Every preset and named option in full: cucu-adjudicate --rulesets --long"),
              _("As data: cucu-adjudicate --rulesets --format json")]
    return "\n".join(lines)


def version_line() -> str:
    """``--version``: the package's version and the version of the rules data it rules by (issue
    31): the rulesets, options and rule IDs it knows, with a fingerprint of the rulesets' data
    as ``--rulesets --format json`` prints it (two installs that print the same line rule
    alike), and the conformance vectors' format."""
    import hashlib  # cold start: hashlib costs 2.9 ms, used only by --version

    # cold start: services.conformance costs 0.5 ms, used only by --version
    from ..services.conformance import VERSION as VECTORS

    data = rulesets_json()
    fingerprint = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return (f"cucu-adjudicate {__version__} (rules data: {len(data['presets'])} rulesets, "
            f"{len(data['options'])} options, "
            f"{len(RULES)} rule IDs, sha256 {fingerprint.hexdigest()[:12]}; conformance vectors {VECTORS})\n")


def _parser(long: bool = True) -> argparse.ArgumentParser:
    """The argument parser; ``long=False``: the short ``--help`` (usage, one line of what it
    does, the options, the exit codes in a line; issue 31), ``--help --long`` the whole."""
    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:  # argparse exits 2 itself; keep control of output
            if message.startswith("unrecognized arguments:"):  # an output written as its own option
                meant = [f"--format {w[2:]}" for w in message.split()[2:] if w in ("--json", "--svg", "--text")]
                message += "".join(f"; did you mean {m}?" for m in meant)
            raise _UsageError(message)

    p = Parser(prog="cucu-adjudicate", description=DESCRIPTION if long else SHORT_DESCRIPTION,
               epilog=EPILOG if long else SHORT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help="position files: JSON, or a deal in the notation (any text that is not JSON; "
                        "errors as FILE:LINE:COL); '-' reads standard input")
    p.add_argument("--format", choices=("text", "json", "svg"), default="text",
                   help="output: readable text (default), JSON (cucu-ruling/1, specs/ruling-1.schema.json), or "
                        "the ruling's pictures as one SVG document (a figure per case; one POSITION, or --svg-dir)")
    p.add_argument("--svg-dir", metavar="DIR",
                   help="with --format svg: write each POSITION's SVG document to DIR/NAME.svg (NAME: the "
                        "file's name without its extension, or with it where two inputs share one) and list "
                        "what was written")
    p.add_argument("--batch", action="store_true",
                   help="JSON Lines only: one JSON position per input line, one JSON ruling per output line "
                        "(a bad line gets an error record; the rest go on); a deal in the notation, being "
                        "several lines, is given as a file of its own")
    p.add_argument("--jobs", default="1", metavar="N",
                   help="rule with N worker processes (0: one per available core); the output is in "
                        "input order and the same bytes as with --jobs 1 (default 1)")
    p.add_argument("--to-json", action="store_true",
                   help="write each POSITION given in the notation as its cucu-position/1 JSON, and stop")
    p.add_argument("--to-notation", action="store_true",
                   help="write each JSON POSITION in the notation, and stop")
    p.add_argument("--language", choices=("it", "de", "fr", "en", "da"),
                   help="the language of the ruling (Italian, German, French, English, Danish; default: the "
                        "language a deal in the notation is written in, else English) and, with --to-notation, "
                        "of the table's words (default: the ruleset's source's)")
    p.add_argument("--trace", action="append", default=[], metavar="FILE",
                   help="a deal trace as another program records it (cucu-trace/1, specs/trace-1.schema.json): "
                        "cucu-ref's outcome, the first divergence with rule and source, and the readings under "
                        "which the trace agrees; exit 0 when cucu-ref agrees (traces also work as POSITION "
                        "and in --batch)")
    p.add_argument("--rulesets", action="store_true",
                   help="list the rulesets' names; --rulesets NAME...: those in full (settings, open points, "
                        "readings taken and why); --rulesets --long: every preset and option in full")
    p.add_argument("--long", action="store_true",
                   help="with --rulesets: the whole listing; with --help: the whole help")
    p.add_argument("--no-readings", action="store_true",
                   help="skip re-running the position under the other readings of the open questions")
    p.add_argument("--steps", action="store_true",
                   help="text: list every step of the deal with its rule and source in full (the default "
                        "text gives the verdict, the account of the deal one line per thing said or done, "
                        "and each source once)")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    return p


Result = tuple[int, "dict[str, Any] | NoRecord", Callable[[], str]]


def adjudicate_document(data: bytes | str | dict[str, Any], source: str, readings: bool = True,
                        place: Optional[Callable[[str], str]] = None, language: Optional[str] = None,
                        every_condition: bool = True) -> Result:
    """One input through every layer (:func:`cucu_ref.services.documents.rule_document`), as
    (exit code, JSON record, text thunk): exit 0 for a ruling (for a trace: cucu-ref agrees
    with it), 1 otherwise.  ``place``: how the text names where a history entry was written
    (default: its JSON path); ``language``: the ruling's (issue 30); ``every_condition`` False:
    for the default text alone (its record refuses to be read: rule_document)."""
    return _result(rule_document(data, source, readings, place, language, every_condition=every_condition))


def _result(ruled: Ruled) -> Result:
    return (EXIT_OK if ruled.ok else EXIT_INVALID), ruled.record, ruled.text


# --------------------------------------------------------------------------- one item of work


class _Settings(NamedTuple):
    fmt: str  # 'text' or 'json'
    readings: bool
    debug: bool
    many: bool  # several inputs: a blank line between texts, one JSON object per line
    batch: bool  # JSON Lines out, whatever fmt says
    steps: bool = False  # text: every step of the deal with its source (today's full list), not the account
    language: Optional[str] = None  # the ruling's language (issue 30); None: the deal's, else English


# (source, the position's bytes); None for a batch line over the size limit
Item = tuple[str, Optional[bytes]]


def _internal(err: BaseException, source: str, debug: bool) -> Result:
    if debug:
        import traceback  # cold start: traceback costs 1.4 ms, used only by --debug

        traceback.print_exception(err)
    message = f"internal error: {type(err).__name__}: {err}"
    return EXIT_INTERNAL, error_json(message, source, EXIT_INTERNAL), lambda: f"{source}: {message} (run with --debug)"


# A record is a tree of dicts, lists and strings, never circular: the encoder skips the check
# (one set insertion per container); the text is the same as json.dumps(record, ensure_ascii=False).
_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)


class _Literals(dict[str, str]):
    """Each string of a record as its JSON literal, made printable (:func:`json_printable`), kept:
    a batch writes the same names, rule IDs, sources and step texts in record after record, and
    escaping them is most of the encoding.  Outside its strings a record's JSON text (no indent)
    is printable ASCII, and json_printable escapes character by character, so the text of the
    literals kept is the text of json_printable(json.dumps(record, ensure_ascii=False))."""

    def __missing__(self, text: str) -> str:
        literal = json_printable(json.encoder.encode_basestring(text))
        if len(self) >= 1 << 16:  # (a batch's own strings, its sources names, are a few thousand)
            self.clear()
        self[text] = literal
        return literal


_LITERALS = _Literals()
# the C encoder (json.dumps's own, with its arguments) writing each string by _LITERALS; None
# where the json module has no C accelerator (then json.dumps and json_printable)
_MAKE_ENCODER = getattr(json.encoder, "c_make_encoder", None)
_ENCODE = (_MAKE_ENCODER(None, _ENCODER.default, _LITERALS.__getitem__, None, _ENCODER.key_separator,
                         _ENCODER.item_separator, False, False, True) if _MAKE_ENCODER is not None else None)


def _json_text(record: dict[str, Any], indent: Optional[int] = None) -> str:
    if indent is None and _ENCODE is not None:
        return "".join(_ENCODE(record, 0))
    text = _ENCODER.encode(record) if indent is None else json.dumps(record, ensure_ascii=False, indent=indent,
                                                                     check_circular=False)
    return json_printable(text)


def _render(settings: _Settings, result: Result) -> tuple[int, str]:
    code, record, text = result
    if settings.batch or settings.fmt == "json":
        # (never a ruling made for the default text alone, _rule_one; NoRecord refuses to be written)
        assert isinstance(record, dict), "a JSON record of a ruling made for its text alone"
        return code, _json_text(record, None if settings.many or settings.batch else 2) + "\n"
    with full_steps(settings.steps):
        said = text()
    return code, printable(said) + ("\n\n" if settings.many else "\n")


def _rule_one(settings: _Settings, source: str, data: Optional[bytes]) -> tuple[int, str]:
    """The output of one position, as it will be written: the one function that both
    ``--jobs 1`` and every worker of ``--jobs N`` run."""
    try:
        if data is None:  # a batch line over the limit: the record a file of those bytes gets
            big = [Problem("input", "$", TOO_LARGE)]
            return _render(settings, (EXIT_INVALID, problems_json(big, source), lambda: problems_text(big, source)))
        # (the default text gives another reading's many cases by their count alone: it needs not
        # their conditions in words, which JSON and --steps give; issue 24 §5)
        text_alone = settings.fmt == "text" and not settings.batch and not settings.steps
        return _render(settings, adjudicate_document(data, source, settings.readings, language=settings.language,
                                                     every_condition=not text_alone))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as err:  # one bad position never stops the run (a Rust panic is a BaseException)
        return _render(settings, _internal(err, source, settings.debug))


def _rule_chunk(settings: _Settings, chunk: list[Item]) -> list[tuple[int, str]]:
    return [_rule_one(settings, source, data) for source, data in chunk]


# --------------------------------------------------------------------------- reading


def _lines(stream: IO[Any]) -> Iterator[tuple[int, Optional[bytes]]]:
    """(physical line number, bytes without the '\\n') of each line that is not blank; None
    for a line longer than MAX_BYTES, whose rest is read and dropped, never held."""
    limit = MAX_BYTES + 2  # the line, its '\n', and one byte more to know it is too long
    number = 0
    while True:
        chunk = stream.readline(limit)
        if not chunk:
            return
        if isinstance(chunk, str):  # a text stream given by a program
            chunk = chunk.encode("utf-8", "surrogatepass")
        number += 1
        if chunk.endswith(b"\n"):
            chunk = chunk[:-1]
        elif len(chunk) >= limit:
            yield number, None
            while True:  # skip the rest of the line, 64 KiB at a time
                rest = stream.readline(1 << 16)
                if not rest or rest.endswith(b"\n" if isinstance(rest, bytes) else "\n"):
                    break
            continue
        if len(chunk) > MAX_BYTES:
            yield number, None
        elif chunk.strip(b" \t\r"):
            yield number, chunk


def _read(name: str, stdin: IO[bytes]) -> bytes:
    if name == "-":
        data = stdin.read(MAX_BYTES + 1)
    else:
        with open(name, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data


def _cannot_read(err_out: TextIO, name: str, err: OSError) -> None:
    err_out.write(printable(f"cucu-adjudicate: error: cannot read {name}: {err.strerror or err}") + "\n")


def _items(names: list[str], batch: bool, stdin: IO[bytes], err_out: TextIO, failed: list[int]) -> Iterator[Item]:
    """Every position to rule on, in order; an input that cannot be read is reported on
    standard error and counted in ``failed``."""
    for name in names:
        if not batch:
            try:
                data = _read(name, stdin)
            except OSError as err:
                _cannot_read(err_out, name, err)
                failed.append(EXIT_USAGE)
                continue
            yield ("<stdin>" if name == "-" else name), data
            continue
        prefix = "line" if len(names) == 1 else f"{'<stdin>' if name == '-' else name} line"
        if name == "-":
            yield from _batch_items(name, stdin, prefix, err_out, failed)
            continue
        try:
            with open(name, "rb") as f:
                yield from _batch_items(name, f, prefix, err_out, failed)
        except OSError as err:  # it cannot be opened
            _cannot_read(err_out, name, err)
            failed.append(EXIT_USAGE)


def _batch_items(name: str, stream: IO[bytes], prefix: str, err_out: TextIO, failed: list[int]) -> Iterator[Item]:
    lines = _lines(stream)
    while True:
        try:
            number, data = next(lines)
        except StopIteration:
            return
        except OSError as err:  # a read error: this input ends here
            _cannot_read(err_out, name, err)
            failed.append(EXIT_USAGE)
            return
        yield f"{prefix} {number}", data


# --------------------------------------------------------------------------- running


def _run(items: Iterable[Item], settings: _Settings, out: TextIO, jobs: int) -> int:
    worst = EXIT_OK
    if jobs == 1:
        for source, data in items:
            code, text = _rule_one(settings, source, data)
            out.write(text)
            if settings.batch:
                out.flush()  # a program may send one line and wait for its ruling
            worst = max(worst, code)
        return worst
    return _run_parallel(items, settings, out, jobs)


def _available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _worker_init() -> None:  # pragma: no cover - runs in the workers
    import signal  # cold start: signal costs 0.9 ms, used only by --jobs N (N > 1)

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _pool(jobs: int) -> "ProcessPoolExecutor":
    import multiprocessing  # cold start: multiprocessing costs 6 ms, used only by --jobs N (N > 1)
    # cold start: concurrent.futures costs 16 ms, used only by --jobs N (N > 1)
    from concurrent.futures import ProcessPoolExecutor

    # fork where there is one (Linux): the workers start warm, with the modules and the compiled
    # schema of the parent, which has started no thread yet
    method = "fork" if sys.platform.startswith("linux") else None
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method),
                               initializer=_worker_init)


def _run_parallel(items: Iterable[Item], settings: _Settings, out: TextIO, jobs: int) -> int:
    """Chunks of positions to a pool of workers, a bounded number in flight (so a long input
    is never read ahead in full), written in input order.  A worker that dies (killed from
    outside) gives its positions internal-error records and a new pool takes the rest."""
    # cold start: concurrent.futures costs 16 ms, used only by --jobs N (N > 1)
    from concurrent.futures.process import BrokenProcessPool

    size = 32 if settings.batch else 1
    worst = EXIT_OK
    pool = _pool(jobs)
    pending: deque[tuple["Future[list[tuple[int, str]]]", list[Item]]] = deque()

    def chunks() -> Iterator[list[Item]]:
        chunk: list[Item] = []
        for item in items:
            chunk.append(item)
            if len(chunk) >= size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def drain_one() -> None:
        nonlocal worst, pool
        future, chunk = pending.popleft()
        try:
            results = future.result()
        except BrokenProcessPool as err:
            results = [_rule_error(settings, source, err) for source, _ in chunk]
            pool.shutdown(wait=False, cancel_futures=True)
            pool = _pool(jobs)
            for i, (_, rest) in enumerate(list(pending)):
                pending[i] = (pool.submit(_rule_chunk, settings, rest), rest)
        for code, text in results:
            out.write(text)
            worst = max(worst, code)

    try:
        for chunk in chunks():
            pending.append((pool.submit(_rule_chunk, settings, chunk), chunk))
            while len(pending) >= 2 * jobs:
                drain_one()
        while pending:
            drain_one()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return worst


def _rule_error(settings: _Settings, source: str, err: BaseException) -> tuple[int, str]:
    return _render(settings, _internal(RuntimeError(f"the worker process died ({err})"), source, False))


def _svg_usage(args: argparse.Namespace) -> Optional[str]:
    """What is wrong with the arguments of ``--format svg``, if anything."""
    if args.format != "svg":
        return "--svg-dir goes with --format svg"
    if args.batch or args.to_json or args.to_notation:
        return "--format svg draws positions given as files; not with --batch, --to-json or --to-notation"
    if not args.svg_dir and len(args.positions) != 1:
        return "--format svg writes one SVG document: give one POSITION, or --svg-dir DIR for several"
    return None


def _svg_targets(names: list[str], svg_dir: str) -> tuple[dict[str, str], Optional[str]]:
    """Where ``--svg-dir`` writes each input: DIR/NAME.svg; where two inputs share a NAME
    (deal.txt and deal.json), each keeps its extension.  Or the usage error that stops it."""
    targets: dict[str, str] = {}
    stems = {name: "stdin" if name == "-" else Path(name).stem or "position" for name in names}
    shared = {stem for stem in stems.values() if list(stems.values()).count(stem) > 1}
    for name in names:
        base = Path(name).name if stems[name] in shared and name != "-" else stems[name]
        target = str(Path(svg_dir) / f"{base}.svg")
        if target in targets.values():
            return targets, f"two inputs would both be written to {target}"
        targets[name] = target
    try:
        Path(svg_dir).mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return targets, f"cannot make {svg_dir}: {err.strerror or err}"
    return targets, None


def _svg_of(data: bytes, source: str, language: Optional[str] = None) -> tuple[int, Optional[str], str]:
    """One input's pictures: (exit code, the SVG document or None, the message to give
    instead).  The input is ruled on once, as for a text ruling, and the pictures draw that
    ruling (:func:`cucu_ref.services.pictures.ruling_svg`); a position it rejects has no
    picture, and the message is its text ruling (its problems, with their lines for the
    notation).  A trace (``cucu-trace/1``) is not drawn."""
    # cold start: services.pictures costs 33 ms, used only by --format svg
    from ..services.pictures import ruling_svg

    ruled = rule_document(data, source, True, language=language)
    if not ruled.ok:
        return EXIT_INVALID, None, ruled.text()
    if ruled.trace or ruled.position is None or ruled.ruling is None:
        return EXIT_USAGE, None, f"{source}: a trace (cucu-trace/1) is not drawn; --format svg draws a position"
    pos = ruled.position
    with speaking(ruled.language):  # (the pictures' words in the ruling's language, issue 30)
        title = _("{source}: ruling under {preset}").format(source=source, preset=pos.rules.name)
        return EXIT_OK, ruling_svg(pos, ruled.ruling, title), ""


def _svg_write(svg: str, target: str, source: str, out: TextIO, err_out: TextIO) -> int:
    """Write one SVG document to ``--svg-dir`` and list it."""
    try:
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            f.write(svg)
    except OSError as err:
        err_out.write(printable(f"cucu-adjudicate: error: cannot write {target}: {err.strerror or err}") + "\n")
        return EXIT_USAGE
    figures = svg.count(' data-figure="')
    out.write(printable(f"{target}: {figures} figure{'s' if figures != 1 else ''} ({source})") + "\n")
    return EXIT_OK


def _svg_main(args: argparse.Namespace, out: TextIO, err_out: TextIO, stdin: IO[bytes]) -> int:
    """``--format svg``: each POSITION's pictures (:mod:`cucu_ref.services.pictures`), to standard output
    (one POSITION) or to ``--svg-dir``; a position with no ruling gets its text ruling on
    standard error, and nothing is written for it."""
    names = list(args.positions)
    message = _svg_usage(args)
    targets: dict[str, str] = {}
    if message is None and args.svg_dir:
        targets, message = _svg_targets(names, args.svg_dir)
    if message is not None:
        err_out.write(printable(f"cucu-adjudicate: error: {message}") + "\n(see cucu-adjudicate --help)\n")
        return EXIT_USAGE
    worst = EXIT_OK
    for name in names:
        source = "<stdin>" if name == "-" else name
        try:
            data = _read(name, stdin)
        except OSError as err:
            _cannot_read(err_out, name, err)
            worst = max(worst, EXIT_USAGE)
            continue
        try:
            code, svg, message = _svg_of(data, source, args.language)
        except Exception as err:  # one bad position never stops the run
            if args.debug:
                raise
            code, svg, message = EXIT_INTERNAL, None, f"{source}: internal error: {type(err).__name__}: {err}"
        worst = max(worst, code)
        if svg is None:
            err_out.write(printable(message or "") + "\n")
        elif not args.svg_dir:
            out.write(svg)
        else:
            worst = max(worst, _svg_write(svg, targets[name], source, out, err_out))
    out.flush()
    return worst


def _convert(names: list[str], to: str, out: TextIO, err: TextIO, stdin: IO[bytes],
             language: Optional[str] = None) -> int:
    """``--to-json FILE`` / ``--to-notation FILE``: write each input in the other form (exit 1
    when one cannot be read, 2 when a file cannot be opened).  As for a ruling (issue 12): at
    most MAX_BYTES + 1 bytes of an input are read, and no character that could act on a
    terminal reaches either output unescaped."""
    worst = EXIT_OK
    for name in names:
        try:  # read as given (a text stream stays text), at most MAX_BYTES + 1
            if name == "-":
                data = stdin.read(MAX_BYTES + 1)
            else:
                with open(name, "rb") as f:
                    data = f.read(MAX_BYTES + 1)
        except OSError as e:
            _cannot_read(err, name, e)
            worst = max(worst, EXIT_USAGE)
            continue
        worst = max(worst, _convert_one(data, "<stdin>" if name == "-" else name, to, out, err, language))
    return worst


def _convert_one(data: bytes | str, source: str, to: str, out: TextIO, err: TextIO, language: Optional[str]) -> int:
    # cold start: formats.notation costs 15 ms, used only by --to-json, --to-notation (and notation inputs)
    from ..formats.notation import NotationError, _text, errors_text, format, parse

    try:
        if to == "json":
            doc = parse(_text(data))
            out.write(json_printable(json.dumps(doc, ensure_ascii=False, indent=2)) + "\n")
            return EXIT_OK
        doc = load(data)
        problems = schema_problems(doc)
        if problems:
            err.write(problems_text(problems, source) + "\n")
            return EXIT_INVALID
        out.write(printable(format(doc, language)))
        return EXIT_OK
    except NotationError as e:
        err.write(printable(errors_text(e.errors, source)) + "\n")
    except ValueError as e:  # format's refusal of what the notation cannot write back
        err.write(printable(f"{source}: cannot be written as notation: {e}") + "\n")
    except InputError as e:
        err.write(printable(f"{source}: cannot read the position: {e.message}") + "\n")
    return EXIT_INVALID


def _stdin(given: Any) -> Any:
    """The standard input to read '-' from: the one given, else sys.stdin's bytes; a run
    without a standard input (CI gives none) reads '-' as empty."""
    if given is not None:
        return given
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return io.BytesIO(b"")
    return stream


def _quiet(out: TextIO) -> None:
    """After a broken pipe: point the output at /dev/null, so that the interpreter's last
    flush does not print an error of its own."""
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _arguments(args_list: list[str], out: TextIO) -> argparse.Namespace | int:
    """The command line read and checked (a mistake raises :class:`_UsageError`), with ``jobs``
    made a number; or, where ``--help``, ``--version`` or ``--rulesets`` answered at once, the
    exit status."""
    parser = _parser()
    if any(a in ("-h", "--help") for a in args_list):
        out.write(_parser(long="--long" in args_list).format_help())
        out.flush()
        return EXIT_OK
    args = parser.parse_args(args_list)
    args.jobs = _jobs(args.jobs)  # checked before any answer, --version's too
    if args.version:
        out.write(version_line())
        out.flush()
        return EXIT_OK
    if args.rulesets:
        with speaking(args.language):
            if args.format == "json":
                out.write(json_printable(json.dumps(rulesets_json(), ensure_ascii=False, indent=2)) + "\n")
            else:
                out.write(printable(_rulesets_listing(args.positions, args.long)) + "\n")
        out.flush()
        return EXIT_OK
    args.positions += args.trace  # a trace is recognised by its format, like any input
    if not args.positions:
        raise _UsageError("give a POSITION file, '-' for standard input, --trace FILE, or --rulesets")
    if args.to_json and args.to_notation:
        raise _UsageError("--to-json and --to-notation go one way each: give one")
    if args.positions.count("-") > 1:
        raise _UsageError("standard input ('-') can be read only once")
    return args


def _answer(args: argparse.Namespace, out: TextIO, err_out: TextIO, stdin: Any) -> int:
    """What the checked command line asks: pictures (``--svg``), a conversion between the JSON
    and the notation, or the rulings of the positions, in input order; the exit status."""
    if args.format == "svg" or args.svg_dir:
        return _svg_main(args, out, err_out, _stdin(stdin))
    if args.to_json or args.to_notation:
        return _convert(args.positions, "json" if args.to_json else "notation", out, err_out,
                        _stdin(stdin), args.language)
    settings = _Settings(fmt=args.format, readings=not args.no_readings, debug=args.debug,
                         many=len(args.positions) > 1, batch=args.batch, steps=args.steps,
                         language=args.language)
    jobs = args.jobs or _available_cores()
    failed: list[int] = []
    items = _items(list(args.positions), args.batch, _stdin(stdin), err_out, failed)
    worst = _run(items, settings, out, jobs)
    out.flush()
    return max([worst, *failed])


def main(argv: Optional[Sequence[str]] = None, stdin: Any = None, stdout: Optional[TextIO] = None,
         stderr: Optional[TextIO] = None) -> int:
    out = stdout or sys.stdout
    err_out = stderr or sys.stderr
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            args = _arguments(args_list, out)
        except _UsageError as err:
            err_out.write(printable(f"cucu-adjudicate: error: {err}") + "\n(see cucu-adjudicate --help)\n")
            return EXIT_USAGE
        if isinstance(args, int):
            return args
        return _answer(args, out, err_out, stdin)
    except BrokenPipeError:
        _quiet(out)
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:  # pragma: no cover
        return EXIT_INTERNAL
    except Exception as err:  # pragma: no cover - last resort: never a traceback without --debug
        if "--debug" in args_list:
            raise
        err_out.write(f"cucu-adjudicate: internal error: {type(err).__name__}: {err}\n")
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
