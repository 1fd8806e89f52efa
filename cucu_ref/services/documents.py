"""Documents: any input, as a program or a person hands it over, to a ruling value.

The one service between the formats and the command lines (issue 23).  It takes the bytes or
text of one input, or an already parsed JSON document, and says what cucu-ref rules on it:

* a ``cucu-position/1`` JSON document (``specs/position-1.schema.json``): read
  (:mod:`cucu_ref.formats.position`), replayed and ruled on
  (:func:`cucu_ref.services.adjudication.adjudicate`);
* a deal in the plain-text notation (``docs/notation.rst``): read into the same JSON
  document (:mod:`cucu_ref.formats.notation`), ruled on as one, each problem then named by the
  line that wrote it;
* a ``cucu-trace/1`` deal trace (``specs/trace-1.schema.json``): cucu-ref's own outcome and
  the first divergence (:mod:`cucu_ref.formats.trace`).

The result is a :class:`Ruled` value: whether a ruling was given (for a trace: whether
cucu-ref agrees with it), the JSON record (``cucu-ruling/1``), the text for a reader (a thunk:
a batch that writes JSON never builds it), and the position and ruling themselves, so that a
picture (:mod:`cucu_ref.services.pictures`) draws the ruling given here instead of ruling a
second time.  No exit codes and no I/O: :mod:`cucu_ref.cli.adjudicate` maps a value to its
exit code and writes it.

>>> ruled = rule_document('{"format": "cucu-position/1"}', "x.json")
>>> ruled.ok, ruled.record["status"], ruled.position is None
(False, 'invalid', True)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Optional

from . import adjudication, render
from .render_said import as_written
from .adjudication import Ruling, Underdetermined, Unsupported
from .adjudication.conditions import spoken
from ..formats import position as P
from ..formats import vocabulary as V
from ..formats.i18n import gettext as _, keeping, polished, speaking
from ..formats.position import Position
from ..formats.sources import RULES, cite
from ..game.rulesets import PRESETS

if TYPE_CHECKING:
    from ..formats.notation import Locations

__all__ = ["Ruled", "rule_document", "rule_notation", "rule_trace"]


class Ruled(NamedTuple):
    """What cucu-ref rules on one input.

    ``ok``: a ruling was given (an overruled claim is still a ruling); for a trace, cucu-ref
    agrees with it.  ``record``: the JSON record (for a ruling made for its text alone,
    ``every_condition=False``, a :class:`~cucu_ref.services.render.NoRecord`, which refuses every
    read: its type says so, not a cast).  ``text``: the text for a reader, built when called.
    ``position`` and ``ruling``: the position read and the ruling given on it (``None``
    where the input was refused before a ruling, and for a trace).  ``trace``: the input was a
    ``cucu-trace/1`` trace."""

    ok: bool
    record: "dict[str, Any] | render.NoRecord"
    text: Callable[[], str]
    position: Optional[Position] = None
    ruling: Optional[Ruling] = None
    trace: bool = False
    language: str = "en"  # the language its record and text speak (issue 30)


def _refused(problems: list[P.Problem], source: str, verdict: Optional[str] = None) -> Ruled:
    return Ruled(False, render.problems_json(problems, source, verdict),
                 lambda: render.problems_text(problems, source, verdict))


def rule_document(data: bytes | str | dict[str, Any], source: str, readings: bool = True,
                  place: Optional[Callable[[str], str]] = None, language: Optional[str] = None,
                  told: Optional[Callable[[Ruling], Ruling]] = None, every_condition: bool = True) -> Ruled:
    """One input through every layer.  ``source`` names it in the record and the text;
    ``readings``: re-run the position under the other readings of the open questions;
    ``place``: how the text names where a history entry was written (default: its JSON path);
    ``language``: the language of the ruling's words ('it', 'de', 'fr', 'da', 'en'; issue 30),
    by default the language a deal in the notation was written in, else English; ``told``: the
    ruling as the table told it (a deal in the notation: its steps quote the words it wrote);
    ``every_condition`` False: the ruling a table reads alone, for its default text (issue 24 §5,
    :func:`~cucu_ref.services.adjudication.adjudicate`), whose record refuses to be read
    (:class:`~cucu_ref.services.render.NoRecord`) and whose --steps text refuses to be made."""
    if not isinstance(data, dict) and data.lstrip()[:1] not in (b"{", "{"):
        # cold start: formats.notation costs 15 ms, used only by inputs that are not JSON
        from ..formats.notation import looks_like_notation

        if looks_like_notation(data):  # text that is not JSON: a deal in the notation (CONTRACTS §6)
            return rule_notation(data, source, readings, language, every_condition)
    with speaking(language):
        return _in_language(_rule_document(data, source, readings, place, told, every_condition), language)


# the record's fields that speak the ruling's language (issue 30); the others are names, paths,
# rule IDs and the English kept beside them
_SPOKEN_FIELDS = frozenset({"heading", "if", "question", "source", "text", "verdict", "why", "why_chosen",
                            "message_local"})


def _polished(value: Any, key: str = "") -> Any:
    """``value`` (a record or a part of it) with each spoken field's words joined as the active
    language joins them (:func:`cucu_ref.formats.i18n.polished`: "d'Anna", "ad Anna")."""
    if isinstance(value, dict):
        return {k: _polished(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_polished(v, key) for v in value]
    return polished(value) if isinstance(value, str) and key in _SPOKEN_FIELDS else value


def _in_language(ruled: Ruled, language: Optional[str]) -> Ruled:
    """``ruled`` whose text, built later, speaks ``language`` as its record does."""
    if not language or language == "en":
        return ruled
    text = ruled.text
    names = ruled.position.players if ruled.position is not None else ()

    def spoken() -> str:
        with speaking(language), keeping(names):
            return polished(text())

    with speaking(language), keeping(names):
        record = ruled.record if isinstance(ruled.record, render.NoRecord) else _polished(
            _trace_in_language(ruled.record, language) if ruled.trace else _with_local_messages(ruled.record))
    return ruled._replace(text=spoken, record=record, language=language)


def _trace_in_language(record: dict[str, Any], language: str) -> dict[str, Any]:
    """A trace's result (``cucu-trace-result/1``) in ``language``: every ``message`` (the
    divergences', cucu-ref's illegal decision's, an invalid trace's problems') said in it as its
    text says it, and the result's ``language`` after its exit code (issue 30: a trace result has
    no English beside it; ``--language en`` gives the English)."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        out[key] = _trace_messages(value)
        if key == "exit_code":
            out["language"] = language
    return out


def _trace_messages(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: polished(_trace_message(v)) if k == "message" and isinstance(v, str) else _trace_messages(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_trace_messages(v) for v in value]
    return value


def _trace_message(message: str) -> str:
    # cold start: formats.trace costs 10 ms, used only by traces (loaded already by rule_trace)
    from ..formats.trace import divergence_message

    return divergence_message(message) or _local_message(message)


# a notation error's message in the record: 'line L, column C: ...' (rule_notation)
_AT_LINE = re.compile(r"line (?P<line>\d+), column (?P<column>\d+): (?P<message>.*)", re.DOTALL)


def _local_message(message: str) -> str:
    """A problem's English message in the active language (issue 30): a notation error's, with
    its line and column, or one the replay and the position's checks find; a message none of
    their templates matches stays English."""
    at = _AT_LINE.fullmatch(message)
    if at is None:
        return render.problem_message(message)
    # cold start: formats.notation costs 15 ms, used only by a notation error ruled in another language
    from ..formats.notation import error_message

    return _("line {line}, column {column}: {message}").format(
        line=at["line"], column=at["column"], message=error_message(at["message"]))


def _with_local_messages(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with the English kept and the language's words beside it (the choice, written
    in docs/languages.rst and the schema): each problem's and warning's ``message_local``, and
    ``unknown_cards_local`` beside ``unknown_cards``; only in a ruling that is not English."""
    out = dict(record)
    for key in ("problems", "warnings"):
        if isinstance(out.get(key), list):
            out[key] = [{**p, "message_local": _local_message(p["message"])} for p in out[key]]
    if out.get("unknown_cards"):
        out["unknown_cards_local"] = [spoken(label) for label in out["unknown_cards"]]
    return out


def _rule_document(data: bytes | str | dict[str, Any], source: str, readings: bool,
                   place: Optional[Callable[[str], str]], told: Optional[Callable[[Ruling], Ruling]] = None,
                   every_condition: bool = True) -> Ruled:
    try:
        doc = data if isinstance(data, dict) else P.load(data)
    except P.InputError as err:
        return _refused([P.Problem("input", p.path, p.message) for p in err.problems], source)
    if isinstance(doc, dict) and doc.get("format") == "cucu-trace/1":
        return rule_trace(doc, source, readings)
    problems = P.schema_problems(doc)
    if problems:
        return _refused(P.verb_hints(doc, problems), source)
    pos, problems = P.parse(doc)
    if pos is None:
        return _refused(problems, source)
    try:
        # (looked up here: a test may replace it)
        ruling = adjudication.adjudicate(pos, readings=readings, every_condition=every_condition)
    except (Underdetermined, Unsupported) as err:
        where = (err.path, err.rule) if isinstance(err, Unsupported) else ("$", None)
        verdict = "under-specified" if isinstance(err, Underdetermined) else None
        problem = [P.Problem("meaning", where[0], str(err), where[1])]
        if isinstance(err, Underdetermined) and err.certain:
            # (issue 24 §5: a partial ruling, what is certain whatever the cards)
            certain, cards = err.certain, err.cards
            return Ruled(False, render.problems_json(problem, source, verdict, certain=certain, cards=cards),
                         lambda: render.problems_text(problem, source, verdict, certain=certain, rules=pos.rules), pos)
        return _refused(problem, source, verdict)
    if told is not None:
        ruling = told(ruling)
    if not ruling.ok:
        args = (ruling.problems, source, ruling.verdict, ruling.valid_under, ruling.warnings)
        return Ruled(False, render.problems_json(*args), lambda: render.problems_text(*args), pos, ruling)
    # (a ruling made for its text alone has no record: NoRecord, which refuses every read)
    record = render.ruling_json(ruling, source) if ruling.conditions_said else render.NoRecord()
    return Ruled(True, record, lambda: render.ruling_text(ruling, source, place), pos, ruling)


def rule_trace(doc: dict[str, Any], source: str, readings: bool = True) -> Ruled:
    """A deal trace (``cucu-trace/1``): cucu-ref's outcome and the first divergence; ``ok``
    when cucu-ref agrees with the trace."""
    from ..formats import trace as T  # cold start: formats.trace costs 10 ms, used only by traces

    verdict = T.check_document(doc, readings)
    return Ruled(verdict.status == "agrees", T.verdict_json(verdict, source),
                 lambda: T.verdict_text(verdict, source), trace=True)


def rule_notation(data: bytes | str, source: str, readings: bool = True, language: Optional[str] = None,
                  every_condition: bool = True) -> Ruled:
    """A deal in the notation, ruled on as its JSON document is.  A notation error is refused
    with JSON problems of layer 'input' (path '$', the message starting 'line L, column C:');
    later problems keep their JSON paths, and the text gives each the line it came from.
    ``language``: the ruling's (default: the language the deal is written in, issue 30);
    ``every_condition``: as :func:`rule_document`'s."""
    # cold start: formats.notation costs 15 ms, used only by inputs that are not JSON
    from ..formats.notation import NotationError, _text, errors_text, parse_with_locations, table_rules

    try:
        text = _text(data)
    except P.InputError as err:
        return _refused([P.Problem("input", err.path, err.message)], source)
    try:
        doc, where = parse_with_locations(text)
    except NotationError as err:
        problems = [P.Problem("input", "$", f"line {e.line}, column {e.column}: {e.message}", e.rule)
                    for e in err.errors]
        errors = err.errors
        with table_rules(err.rules):  # (message_local names the table's words as the text does)
            return _in_language(Ruled(False, render.problems_json(problems, source),
                                      lambda: errors_text(errors, source)), language or err.language)

    spoken = language or where.language or "en"  # (the deal's own language, issue 30)

    def place(path: str) -> str:
        at = where.of(path)
        return _("line {n}").format(n=at[0]) if at else path

    ruled = rule_document(doc, source, readings, place, spoken, lambda ruling: as_written(ruling, where.said),
                          every_condition)
    record = ruled.record
    if not ruled.ok and isinstance(record, dict) and record.get("problems"):  # (refused: a record, never NoRecord)
        say = _table_says(doc, spoken, where.words)

        def located() -> str:
            with render.table_words(say):
                return _located(record, where, source, ruled.position.rules if ruled.position is not None else None)

        with render.table_words(say):
            return _in_language(ruled._replace(text=located), spoken)
    return ruled


# a position's verb -> the meaning the notation's words are kept under (formats.vocabulary)
_MEANING_OF_VERB = {"dealer-exchange": "stack"}


def _table_says(doc: dict[str, Any], lang: str,
                written: Optional[dict[str, tuple[str, str]]] = None) -> Optional[Callable[[str], Optional[str]]]:
    """How a table of the deal's ruleset says each decision in ``lang`` ('passo', 'es ist gut',
    'je garde', 'behold') and each event card's call ('kukku', 'Gnau'), for its problems (issue
    30); None in English, whose problems keep
    the position's verbs as the English notation writes them, or where the ruleset is unknown.
    ``written``: the words the table wrote (meaning -> (word, language)): each is quoted as the
    table wrote it, a Campli table's 'sto bene' in a French ruling too, and a decision it did not
    write is said in the language of the words it did (issue 24 §2)."""
    name = doc.get("ruleset")
    name = name.get("preset") if isinstance(name, dict) else name
    rules = PRESETS.get(name) if isinstance(name, str) else None
    if rules is None or lang == "en":
        return None

    roles = {call: role for role, call in V.ROLE_CALL.items()}
    written = written or {}
    counted = [language for _word, language in written.values()]
    own = max(counted, key=counted.count) if counted else lang
    words_in = own if own != "en" else lang  # (a table that wrote English words: the ruling's language)

    def say(verb: str) -> Optional[str]:
        if verb in roles:  # an event card's call ('cucù' is the digital page's 'kukku', Zeh's cat 'Gnau')
            return V.call(rules, roles[verb], lang) if roles[verb] in rules.role_of.values() else None
        meaning = _MEANING_OF_VERB.get(verb, verb)
        if meaning not in V.DECISION_MEANINGS:
            return None
        if meaning in written:
            return written[meaning][0]
        try:
            return V.say(rules, meaning, words_in)
        except ValueError:
            return None

    return say


def _located(record: dict[str, Any], where: "Locations", source: str, rules: Any = None) -> str:
    """The problems of a position read from notation, each at the line that wrote it (what is
    certain in the words of ``rules``' source, where known)."""
    problems = [P.Problem(p["layer"], p["path"], p["message"], p.get("rule")) for p in record["problems"]]
    # the JSON path's text, its head and what follows the problems (the readings under which a
    # rejected history is valid), with each problem at its line instead of its path
    warnings = [P.Problem(w["layer"], w["path"], w["message"], w.get("rule")) for w in record.get("warnings", ())]
    certain = record.get("certain")
    whole = render.problems_text(problems, source, record.get("verdict"), record.get("valid_under", ()),
                                 warnings, certain, rules).split("\n")
    head = 2 if certain else 1  # (the head, and what is certain whatever the cards: issue 24 §5)
    lines = whole[:head]
    for p in problems:
        rule = f" [{cite(p.rule)}]" if p.rule in RULES else (f" [{p.rule}]" if p.rule else "")
        at = where.of(p.path) if p.path != "$" else None
        place = f"{source}:{at[0]}:{at[1]}" if at else source
        lines.append(f"{place}: {render.problem_message(p.message)}{rule}")
    return "\n".join(lines + whole[head + len(problems):])
