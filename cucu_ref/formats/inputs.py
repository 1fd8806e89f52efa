"""Layer 1 of reading a document: bytes or text to one JSON object, in time linear in the input.

What a hostile input can try here, and what stops it (issue 12):

* size: at most :data:`~cucu_ref.formats.inputs.MAX_BYTES` of UTF-8 (a caller reads at most ``MAX_BYTES + 1`` bytes, so
  a larger input is never held in memory);
* encoding: UTF-8, a leading byte order mark is allowed (as ``utf-8-sig`` reads it);
* syntax: strict JSON: ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json``
  accepts) are refused, and so is a field given twice in one object;
* nesting: at most :data:`MAX_DEPTH` levels of arrays and objects;
* numbers: an integer literal of more than :data:`MAX_INT_DIGITS` digits (Python's own
  int-to-string limit, ``sys.get_int_max_str_digits()``, is 4,300) is refused before it is
  converted, so that no value can later fail to print;
* strings: a lone surrogate (``"\\ud800"``), which no UTF-8 output can encode, is refused.

Every problem names its place: the JSON path where there is a parsed document (duplicate
fields, nesting of up to about a thousand levels, surrogates, constants, long integers), else
the line and column (syntax errors, and nesting too deep for ``json`` itself).  Every check is
a single pass: ``json.loads`` (C), ``str.count`` and one regular-expression search that
cannot backtrack, and, only when one of them says so, one walk of the parsed document.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any, Iterator, NamedTuple, Optional, Union

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "TOO_LARGE", "InputError", "InputProblem", "load",
           "json_path", "json_type", "decode"]

MAX_BYTES = 1 << 20  # 1 MiB per document (per line with --batch)
MAX_DEPTH = 64  # nesting of arrays and objects; the document itself is level 1
MAX_INT_DIGITS = 100  # digits of an integer literal; every bound of the schemas is far below this
TOO_LARGE = f"input is larger than the {MAX_BYTES // 1024} KiB limit"

JSONValue = Union[None, bool, int, float, str, list[Any], dict[str, Any]]


class InputProblem(NamedTuple):
    path: str  # JSON path, '$' for the document (the message then says line and column)
    message: str


class InputError(Exception):
    """The input cannot be read as a JSON object (layer 1).

    ``problems`` holds every problem found (all of them where the document could be parsed);
    ``path`` and ``message`` are the first one's."""

    def __init__(self, message: str, path: str = "$", problems: Optional[list[InputProblem]] = None):
        super().__init__(message)
        self.path = path
        self.message = message
        self.problems = problems or [InputProblem(path, message)]


def decode(data: bytes) -> str:
    """UTF-8 (with or without a byte order mark) to text, or :class:`InputError`."""
    try:  # what utf-8-sig reads, by the C codec (utf-8-sig's is Python)
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        # counted as utf-8-sig counts it (and always has here): after a byte order mark
        start = err.start - 3 if data.startswith(b"\xef\xbb\xbf") else err.start
        line, col = _line_col_bytes(data, start)
        raise InputError(f"not UTF-8 text (byte {start}: line {line}, column {col})") from None
    return text[1:] if text.startswith("\ufeff") else text


def load(data: bytes | str) -> dict[str, Any]:
    """Read one document's bytes (or text) into a JSON object, or raise :class:`InputError`.

    Limits: :data:`~cucu_ref.formats.inputs.MAX_BYTES`, :data:`~cucu_ref.formats.inputs.MAX_DEPTH`,
    :data:`~cucu_ref.formats.inputs.MAX_INT_DIGITS`."""
    if isinstance(data, str):
        # text given by a program: its UTF-8 size; a lone surrogate has none, so it counts
        # as what 'surrogatepass' makes of it and is refused below
        if len(data) * 4 > MAX_BYTES and len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise InputError(TOO_LARGE)
        text = data[1:] if data.startswith("\ufeff") else data
        raw_surrogates = _RAW_SURROGATE.search(text) is not None
    else:
        if len(data) > MAX_BYTES:
            raise InputError(TOO_LARGE)
        text = decode(data)
        raw_surrogates = False
    if not text.strip():
        raise InputError("empty input: expected a JSON object")
    reader = _READER
    marks = reader.marks  # what the hooks saw that needs a walk to be placed
    marks.clear()
    try:
        if text.startswith("\ufeff"):  # a second byte order mark: refused as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        doc = reader.decoder.decode(text)
    except json.JSONDecodeError as err:
        raise InputError(f"not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except RecursionError:
        # deeper than json's own recursion limit (about a thousand levels): place it by a scan
        raise InputError(_too_deep_by_scan(text)) from None
    problems: list[InputProblem] = []
    deep = text.count("[") + text.count("{") > MAX_DEPTH
    surrogates = raw_surrogates or _ESCAPED_SURROGATE.search(text) is not None
    if marks or deep or surrogates:
        problems = list(_walk(doc, deep, surrogates))
    if not isinstance(doc, dict):
        kind = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "a boolean"}.get(
            type(doc), "null")
        problems.append(InputProblem("$", f"expected a JSON object (a position), got {kind}"))
    if isinstance(doc, dict) and not problems:
        return doc
    raise InputError(problems[0].message, problems[0].path, problems)


# --------------------------------------------------------------------------- hooks


class _Reader(threading.local):
    """The decoder with the hooks below, built once per thread (``json.loads`` with hooks builds
    a decoder and its scanner on every call, about 2 µs a document), and the list its hooks
    note marks in, emptied by :func:`load` before each document."""

    def __init__(self) -> None:
        self.marks: list[str] = []
        self.decoder = json.JSONDecoder(object_pairs_hook=_pairs(self.marks), parse_constant=_constant(self.marks),
                                        parse_int=_integer(self.marks))


# A lone surrogate written as an escape ('\ud800' or '\uDFFF'); a pair (an astral character)
# matches too and the walk then finds nothing. No backtracking: a fixed-length pattern.
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_RAW_SURROGATE = re.compile("[\ud800-\udfff]")


class _Duplicates(dict[str, Any]):
    """An object that had a field twice; the walk reports it with its path."""

    duplicates: list[str]


class _Constant(float):
    """NaN, Infinity or -Infinity: not JSON (RFC 8259 §6)."""

    literal: str


class _LongInteger(float):
    """An integer literal of more than MAX_INT_DIGITS digits (never converted)."""

    digits: int


def _pairs(marks: list[str]) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) == len(pairs):
            return out
        seen: set[str] = set()
        dups = []
        for key, _ in pairs:
            if key in seen and key not in dups:
                dups.append(key)
            seen.add(key)
        marked = _Duplicates(out)
        marked.duplicates = dups
        marks.append("duplicates")
        return marked
    return hook


def _constant(marks: list[str]) -> Any:
    def hook(literal: str) -> float:
        value = _Constant("nan")
        value.literal = literal
        marks.append("constant")
        return value
    return hook


def _integer(marks: list[str]) -> Any:
    def hook(literal: str) -> Any:
        if len(literal) <= MAX_INT_DIGITS:
            return int(literal)
        value = _LongInteger("nan")
        value.digits = len(literal.lstrip("-"))
        marks.append("integer")
        return value
    return hook


_READER = _Reader()


# --------------------------------------------------------------------------- the walk


def json_type(value: Any) -> str:
    """The JSON Schema type of a parsed JSON value (a ``bool`` is a boolean, not an integer)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    raise ValueError(f"{type(value).__name__} is not a JSON value")


def json_path(parts: tuple[Any, ...] | list[Any]) -> str:
    """``$.history[3].by``; a key that is not a plain identifier in brackets, as JSON: ``$.hands["Anna B"]``."""
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif _IDENT.fullmatch(p):
            out += f".{p}"
        else:
            # as JSON; all in ASCII escapes if the key holds anything not printable
            out += "[" + json.dumps(p, ensure_ascii=not p.isprintable()) + "]"
    return out


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def _walk(doc: Any, deep: bool, surrogates: bool) -> Iterator[InputProblem]:
    """Every placed problem of a parsed document, in document order.  Iterative (any depth json
    could parse is walked without recursion) and linear: a node's path is a link to its
    parent's, spelled out only for a problem; below the first level too deep it stops."""
    Link = Optional[tuple[Any, Any]]  # (parent link, key or index)
    stack: list[tuple[Any, Link, int]] = [(doc, None, 1)]
    too_deep = False
    while stack:
        node, link, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if deep and depth > MAX_DEPTH:
                if not too_deep:
                    too_deep = True
                    yield InputProblem(_spell(link), f"nesting deeper than {MAX_DEPTH} levels")
                continue
            if isinstance(node, dict):
                if isinstance(node, _Duplicates):
                    for key in node.duplicates:
                        yield InputProblem(_spell((link, key)), f"the field {key!r} is given more than once in its "
                                                                "object (JSON keeps only the last: ambiguous)")
                for key, value in reversed(list(node.items())):
                    if surrogates and _RAW_SURROGATE.search(key):
                        yield InputProblem(_spell((link, key)), f"the field name {key!r} holds a lone surrogate "
                                                                f"{_first_surrogate(key)}, which is not a character")
                    stack.append((value, (link, key), depth + 1))
            else:
                for i in range(len(node) - 1, -1, -1):
                    stack.append((node[i], (link, i), depth + 1))
        elif isinstance(node, str):
            if surrogates and _RAW_SURROGATE.search(node):
                yield InputProblem(_spell(link), f"a lone surrogate {_first_surrogate(node)} is not a "
                                                 "character (no UTF-8 text can hold it)")
        elif isinstance(node, _Constant):
            yield InputProblem(_spell(link), f"{node.literal} is not a JSON number")
        elif isinstance(node, _LongInteger):
            yield InputProblem(_spell(link), f"an integer of {node.digits} digits: at most {MAX_INT_DIGITS} "
                                             "digits are read")


def _spell(link: Optional[tuple[Any, Any]]) -> str:
    parts = []
    while link is not None:
        link, key = link
        parts.append(key)
    return json_path(parts[::-1])


def _first_surrogate(text: str) -> str:
    m = _RAW_SURROGATE.search(text)
    return f"U+{ord(m.group()):04X}" if m else "?"


# --------------------------------------------------------------------------- places by offset

# One token: a string (to its closing quote, or to the end if it has none: so a match never
# fails and the engine never retries from a later quote, which made the old guard quadratic)
# or a structural character.  Possessive quantifiers: no backtracking at all.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{},:]')


def _too_deep_by_scan(text: str) -> str:
    """The message for nesting beyond json's recursion limit, with the JSON path and line and
    column of the first bracket past :data:`MAX_DEPTH`; linear, stops at that bracket."""
    frames: list[list[Any]] = []  # [kind, index or key, last string seen]
    for m in _TOKEN.finditer(text):
        tok = m.group()
        ch = tok[0]
        if ch in "[{":
            if len(frames) >= MAX_DEPTH:
                line, col = _line_col(text, m.start())
                where = json_path([f[1] for f in frames if f[1] is not None])
                return f"nesting deeper than {MAX_DEPTH} levels at {where} (line {line}, column {col})"
            frames.append(["a", 0, None] if ch == "[" else ["o", None, None])
        elif ch in "]}":
            if frames:
                frames.pop()
        elif ch == ",":
            if frames and frames[-1][0] == "a":
                frames[-1][1] += 1
        elif ch == ":":
            if frames and frames[-1][0] == "o" and frames[-1][2] is not None:
                try:
                    frames[-1][1] = json.loads(frames[-1][2])
                except ValueError:
                    frames[-1][1] = frames[-1][2].strip('"')
        elif frames:  # a string: perhaps the key of the next ':' (decoded only then)
            frames[-1][2] = tok
    return f"nesting deeper than {MAX_DEPTH} levels"  # pragma: no cover - json raised for depth


def _line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _line_col_bytes(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, len(data[start:offset].decode("utf-8", "replace")) + 1
