"""Schema checking by a maintained library: jsonschema-rs (draft 2020-12), worded for people.

Why jsonschema-rs (measured by ``benchmarks/bench_schema.py``; issue 12): it compiles our
position schema in about 3 ms and validates a position in a few microseconds, and its
``iter_errors`` yields *every* error with its instance path and, for a failed ``oneOf``, each
branch's own errors.  fastjsonschema imports faster but takes tens of milliseconds to compile
the schema on every cold start (unless its generated code is shipped, which is our own
validator again), validates a position about a hundred times slower here (exceptions through
the history's ``oneOf``) and stops at the first error.  The library never fetches anything:
it is built ``offline``; our schemas have only local ``$ref``.

This module only words the library's errors (in the style of check-jsonschema: each with its
JSON path, all collected): a failed ``oneOf`` is explained by the branch the value was evidently
meant for (the history verb it holds, or its type), an unknown field suggests the nearest known
one, and a character a pattern refuses is named with its code point.
``jsonschema`` stays the test suite's oracle (``tests/position/test_schemas.py``).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from typing import TYPE_CHECKING, Any, Iterator

from .inputs import json_path, json_type

if TYPE_CHECKING:  # imported lazily at run time: the CLI's cold start pays for it only when checking
    import jsonschema_rs

__all__ = ["schema", "problems", "is_valid"]

_SCHEMAS: dict[str, dict[str, Any]] = {}
_VALIDATORS: dict[str, Any] = {}  # jsonschema_rs.Validator, or schema_check.Validator where it is missing


def schema(name: str = "position-1") -> dict[str, Any]:
    """A schema shipped as package data (``cucu_ref/formats/schemas/<name>.schema.json``)."""
    if name not in _SCHEMAS:
        if not re.fullmatch(r"[a-z0-9-]+", name):
            raise ValueError(f"not a schema name: {name!r}")
        # package data next to this module (pyproject: schemas/*.json); plain open() is the
        # cheapest way to read it and works for wheels and source trees alike
        with open(os.path.join(os.path.dirname(__file__), "schemas", f"{name}.schema.json"), encoding="utf-8") as f:
            _SCHEMAS[name] = json.load(f)
    return _SCHEMAS[name]


def _validator(name: str) -> Any:
    v = _VALIDATORS.get(name)
    if v is None:
        try:
            # cold start: jsonschema_rs costs 14 ms, used only by schema checks (not --help, --rulesets, a trace)
            import jsonschema_rs
        except ImportError:  # no compiled library (the browser page, Pyodide): the same problems in pure Python
            v = _VALIDATORS[name] = _pure_validator(name)
        else:
            v = _VALIDATORS[name] = jsonschema_rs.Draft202012Validator(schema(name), offline=True)
    return v


def _pure_validator(name: str) -> Any:
    # cold start: schema_check costs 6 ms, used only by the browser page (no jsonschema_rs in Pyodide) and tests
    from .schema_check import Validator

    return Validator(schema(name))


def is_valid(doc: Any, name: str = "position-1") -> bool:
    return bool(_validator(name).is_valid(doc))


def problems(doc: Any, name: str = "position-1", *, pure: bool = False) -> list[tuple[str, str]]:
    """Every way ``doc`` breaks the schema ``name``, as (JSON path, message) pairs in document
    order; [] when it is valid.  ``doc`` that is not JSON data at all (a set, a non-string key,
    a lone surrogate) gives one problem naming where.  ``pure``: check with the pure-Python
    checker (:mod:`cucu_ref.formats.schema_check`, what the browser page runs) even where
    jsonschema-rs is installed; the problems are the same."""
    v = _pure_validator(name) if pure else _validator(name)
    try:
        if v.is_valid(doc):
            return []
        errors = list(v.iter_errors(doc))
    except (ValueError, TypeError, UnicodeError, OverflowError):
        return [_not_json(doc)]
    root = schema(name)
    out: list[tuple[str, str]] = []
    for err in errors:
        for item in _explain(err, root):
            if item not in out:
                out.append(item)
    return out


# --------------------------------------------------------------------------- wording


def _explain(err: "jsonschema_rs.ValidationError", root: dict[str, Any]) -> Iterator[tuple[str, str]]:
    kind = err.kind
    keyword = kind.name
    parts = list(err.instance_path)
    where = json_path(parts)
    value = err.instance
    k = kind.as_dict()
    if keyword == "type":
        types = list(k.get("types") or [])
        yield where, f"expected {' or '.join(types)}, got {_type_name(value)} {_short(value)}"
    elif keyword == "const":
        yield where, f"must be {_short(k.get('expected_value'))}, got {_short(value)}"
    elif keyword == "enum":
        options = ", ".join(_short(o) for o in k.get("options") or [])
        yield where, f"{_short(value)} is not one of {options}"
    elif keyword == "minLength":
        yield where, f"must have at least {k['limit']} {_plural(k['limit'], 'character')}"
    elif keyword == "maxLength":
        yield where, f"must have at most {k['limit']} characters, has {len(value) if isinstance(value, str) else '?'}"
    elif keyword == "pattern":
        yield where, _pattern_message(str(k.get("pattern", "")), value)
    elif keyword == "not" and isinstance(k.get("schema"), dict) and set(k["schema"]) == {"type", "pattern"}:
        # our schemas refuse characters as {"not": {"type": "string", "pattern": "[...]"}} (a string
        # holding one of them; the type keeps numbers out of it): name the first one
        yield where, _refused_message(str(k["schema"]["pattern"]), value)
    elif keyword == "minimum":
        yield where, f"must be at least {k['limit']}, got {_short(value)}"
    elif keyword == "maximum":
        yield where, f"must be at most {k['limit']}, got {_short(value)}"
    elif keyword == "minItems":
        yield where, f"must have at least {k['limit']} {_plural(k['limit'], 'item')}, has {_size(value)}"
    elif keyword == "maxItems":
        yield where, f"must have at most {k['limit']} items, has {_size(value)}"
    elif keyword == "minProperties":
        yield where, f"must have at least {k['limit']} {_plural(k['limit'], 'field')}"
    elif keyword == "maxProperties":
        yield where, f"must have at most {k['limit']} fields, has {_size(value)}"
    elif keyword == "required":
        yield where, f"missing required field {k.get('property')!r}"
    elif keyword == "additionalProperties":
        known = _at(root, list(err.schema_path)[:-1]).get("properties", {})
        for key in k.get("unexpected") or []:
            near = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            yield json_path([*parts, key]), f"unknown field {key!r}{hint}"
    elif keyword == "propertyNames":
        inner = getattr(kind, "error", None)
        if inner is not None:
            for _, message in _explain(inner, root):
                yield where, f"field name {message}"
        else:  # pragma: no cover - the library always gives the inner error
            yield where, err.message
    elif keyword in ("oneOf", "anyOf") and type(kind).__name__ in ("OneOfNotValid", "AnyOf"):
        yield from _best_branch(err, root, where, value)
    elif keyword == "oneOf":
        yield where, "matches more than one of the allowed forms"
    else:  # a keyword our schemas do not use: the library's own words
        yield where, err.message


def _best_branch(err: "jsonschema_rs.ValidationError", root: dict[str, Any], where: str,
                 value: Any) -> Iterator[tuple[str, str]]:
    """A failed oneOf/anyOf, explained by the branch the value was evidently meant for: an
    object holding all of a branch's required fields (the history verbs), else the one branch
    of the right type; otherwise the forms it may take."""
    context: list[list[Any]] = list(getattr(err.kind, "context", []) or [])
    branches = _at(root, list(err.schema_path))
    alternatives = [_resolve(b, root) for b in branches] if isinstance(branches, list) else []
    if len(alternatives) != len(context):  # pragma: no cover - defensive: the library's own words
        yield where, err.message
        return
    if isinstance(value, dict):
        for alt, errors in zip(alternatives, context):
            required = alt.get("required") or []
            if required and all(r in value for r in required):
                for e in errors:
                    yield from _explain(e, root)
                return
        forms = [" + ".join(alt["required"]) for alt in alternatives if alt.get("required")]
        if forms:
            keys = ", ".join(map(repr, value)) or "no fields"
            yield where, f"not a known form (has {keys}); expected one of: {'; '.join(forms)}"
            return
    typed = [errors for errors in context
             if not any(e.kind.name == "type" and list(e.instance_path) == list(err.instance_path) for e in errors)]
    if len(typed) == 1:
        for e in typed[0]:
            yield from _explain(e, root)
        return
    titles = [str(alt.get("title") or alt.get("type") or "?") for alt in alternatives]
    yield where, f"{_short(value)} matches none of: {', '.join(titles)}"


def _at(root: Any, pointer: list[Any]) -> Any:
    node = root
    for part in pointer:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return {}
    return node


def _resolve(node: Any, root: dict[str, Any]) -> dict[str, Any]:
    for _ in range(16):  # local references only, no cycles in our schemas
        if not isinstance(node, dict) or "$ref" not in node or not str(node["$ref"]).startswith("#/"):
            break
        node = _at(root, str(node["$ref"])[2:].split("/"))
    return node if isinstance(node, dict) else {}


# the controls unicodedata has no name for, by their usual names (Unicode's name aliases)
_CONTROLS = {0x00: "NULL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION",
             0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE",
             0x9B: "CONTROL SEQUENCE INTRODUCER"}
def _refused_message(pattern: str, value: Any) -> str:
    """The first character of ``value`` the class ``pattern`` finds, by code point and Unicode
    name (never the raw character: it may be a control that would act on a terminal)."""
    try:
        bad = re.search(pattern, value) if isinstance(value, str) else None
    except re.error:  # pragma: no cover - our patterns compile
        bad = None
    if bad is None:
        return f"{_short(value)} holds a character that is not allowed here"
    ch = bad.group()[:1]
    name = unicodedata.name(ch, _CONTROLS.get(ord(ch), "a control character"))
    return (f"holds the character U+{ord(ch):04X} ({name}) at offset {bad.start()}: control characters, "
            "line and paragraph separators and bidirectional controls are not allowed here")


def _pattern_message(pattern: str, value: Any) -> str:
    return f"{_short(value)} does not match {pattern!r}"


def _type_name(value: Any) -> str:
    # as a reader says it: 2.0 is an integer; anything not JSON by its Python name
    if isinstance(value, float) and value.is_integer():
        return "integer"
    try:
        return json_type(value)
    except ValueError:
        return type(value).__name__


def _short(value: Any) -> str:
    """A value for a message: short, one line, every character printable."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        if value.bit_length() < 14_000:  # well within the int-to-string limit: count them
            return f"an integer of {len(str(abs(value)))} digits"
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, sort_keys=False)
        except (TypeError, ValueError):
            text = repr(value)
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return text if len(text) <= 40 else text[:37] + "..."


def _size(value: Any) -> Any:
    return len(value) if isinstance(value, (list, dict)) else "?"


def _plural(n: Any, word: str) -> str:
    """'item' for one, 'items' for any other count: no 'item(s)' (issue 24 §2, '1 stake(s)')."""
    return word if n == 1 else word + "s"


def _not_json(doc: Any) -> tuple[str, str]:
    """The first place where ``doc`` holds something that is not JSON data."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(doc, ())]
    while stack:
        node, parts = stack.pop()
        if isinstance(node, dict):
            for key, val in node.items():
                if not isinstance(key, str):
                    return json_path(parts), f"a field name must be a string, not {type(key).__name__} {key!r}"
                stack.append((val, (*parts, key)))
        elif isinstance(node, (list, tuple)):
            stack.extend((x, (*parts, i)) for i, x in enumerate(node))
        elif isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return json_path(parts), "a string with a lone surrogate is not text"
        elif node is not None and not isinstance(node, (bool, int, float)):
            return json_path(parts), f"{type(node).__name__} is not a JSON value"
    return "$", "not JSON data"
