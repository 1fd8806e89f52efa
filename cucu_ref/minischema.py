"""A small JSON Schema (draft 2020-12) validator for the keywords our own schemas use.

The adjudicator must answer in well under 150 ms from a cold start; importing
``jsonschema`` alone costs more than half of that on a slow machine.  Our two
schemas use a small, fixed subset of the vocabulary, so the CLI validates with
this module and the test suite checks, with ``jsonschema`` itself, that both
agree on every example and on generated documents.

Every error carries its JSON path (``$.history[3].by``), in the style of
check-jsonschema: all errors are collected, none stops the walk.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, NamedTuple

__all__ = ["SchemaError", "iter_errors", "SUPPORTED_KEYWORDS", "json_path"]

SUPPORTED_KEYWORDS = frozenset({
    "$schema", "$id", "$defs", "$ref", "$comment", "title", "description", "examples", "default",
    "type", "const", "enum", "properties", "required", "additionalProperties", "propertyNames",
    "items", "minItems", "maxItems", "minimum", "maximum", "minLength", "maxLength", "pattern",
    "oneOf", "anyOf", "minProperties", "maxProperties",
})


class SchemaError(NamedTuple):
    path: str  # JSON path of the offending value, '$' for the document
    message: str


def json_path(parts: tuple[Any, ...]) -> str:
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", p):
            out += f".{p}"
        else:
            out += "[" + repr(p).replace("'", '"') + "]"
    return out


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _type_name(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _TYPES[name](value):
            return name
    return type(value).__name__


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else '"' + value + '"'
    return text if len(text) <= 40 else text[:37] + "..."


def iter_errors(schema: dict, instance: Any, root: dict | None = None,
                path: tuple[Any, ...] = ()) -> Iterator[SchemaError]:
    """Every violation of ``schema`` by ``instance``, depth first."""
    root = schema if root is None else root
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are supported, not {ref!r}")
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        yield from iter_errors(target, instance, root, path)
    where = json_path(path)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](instance) for t in types):
            yield SchemaError(where, f"expected {' or '.join(types)}, got {_type_name(instance)} {_short(instance)}")
            return
    if "const" in schema and instance != schema["const"]:
        yield SchemaError(where, f"must be {_short(schema['const'])}, got {_short(instance)}")
    if "enum" in schema and instance not in schema["enum"]:
        yield SchemaError(where, f"{_short(instance)} is not one of {', '.join(map(_short, schema['enum']))}")
    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < schema["minLength"]:
            yield SchemaError(where, f"must have at least {schema['minLength']} character(s)")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            yield SchemaError(where, f"must have at most {schema['maxLength']} characters, has {len(instance)}")
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            yield SchemaError(where, f"{_short(instance)} does not match {schema['pattern']!r}")
    if _TYPES["number"](instance):
        if "minimum" in schema and instance < schema["minimum"]:
            yield SchemaError(where, f"must be at least {schema['minimum']}, got {instance}")
        if "maximum" in schema and instance > schema["maximum"]:
            yield SchemaError(where, f"must be at most {schema['maximum']}, got {instance}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            yield SchemaError(where, f"must have at least {schema['minItems']} item(s), has {len(instance)}")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            yield SchemaError(where, f"must have at most {schema['maxItems']} items, has {len(instance)}")
        if "items" in schema:
            for i, item in enumerate(instance):
                yield from iter_errors(schema["items"], item, root, path + (i,))
    if isinstance(instance, dict):
        if "minProperties" in schema and len(instance) < schema["minProperties"]:
            yield SchemaError(where, f"must have at least {schema['minProperties']} field(s)")
        if "maxProperties" in schema and len(instance) > schema["maxProperties"]:
            yield SchemaError(where, f"must have at most {schema['maxProperties']} fields, has {len(instance)}")
        for name in schema.get("required", ()):
            if name not in instance:
                yield SchemaError(where, f"missing required field {name!r}")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, value in instance.items():
            if "propertyNames" in schema:
                for err in iter_errors(schema["propertyNames"], key, root, path + (key,)):
                    yield SchemaError(err.path, f"field name {err.message}")
            if key in props:
                yield from iter_errors(props[key], value, root, path + (key,))
            elif extra is False:
                near = _nearest(key, props)
                hint = f"; did you mean {near!r}?" if near else ""
                yield SchemaError(json_path(path + (key,)), f"unknown field {key!r}{hint}")
            elif isinstance(extra, dict):
                yield from iter_errors(extra, value, root, path + (key,))
    if "anyOf" in schema:
        branches = [list(iter_errors(s, instance, root, path)) for s in schema["anyOf"]]
        if all(branches):
            yield from _best_branch(schema["anyOf"], branches, instance, where)
    if "oneOf" in schema:
        branches = [list(iter_errors(s, instance, root, path)) for s in schema["oneOf"]]
        passing = sum(1 for b in branches if not b)
        if passing == 0:
            yield from _best_branch(schema["oneOf"], branches, instance, where)
        elif passing > 1:
            yield SchemaError(where, "matches more than one of the allowed forms")


def _nearest(key: str, names: Any) -> str | None:
    import difflib

    near = difflib.get_close_matches(key, list(names), n=1, cutoff=0.6)
    return near[0] if near else None


def _best_branch(schemas: list, branches: list[list[SchemaError]], instance: Any,
                 where: str) -> Iterator[SchemaError]:
    """Explain a failed oneOf/anyOf by the branch the instance was evidently meant for: an
    object whose fields include a branch's required ones (the history verbs), else the
    branch of the right type; otherwise list the forms."""
    if isinstance(instance, dict):
        for s, errors in zip(schemas, branches):
            req = _resolve_required(s)
            if req and all(r in instance for r in req):
                yield from errors
                return
        forms = [" + ".join(_resolve_required(s)) for s in schemas if _resolve_required(s)]
        if forms:
            keys = ", ".join(map(repr, instance)) or "no fields"
            yield SchemaError(where, f"not a known form (has {keys}); expected one of: {'; '.join(forms)}")
            return
    typed = [(s, e) for s, e in zip(schemas, branches) if not any(x.path == where and x.message.startswith("expected ") for x in e)]
    if len(typed) == 1:
        yield from typed[0][1]
        return
    titles = [s.get("title") or s.get("type") or "?" for s in schemas]
    yield SchemaError(where, f"{_short(instance)} matches none of: {', '.join(map(str, titles))}")


def _resolve_required(schema: dict) -> list[str]:
    return list(schema.get("required", ()))
