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
    where = _LazyPath(path)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](instance) for t in types):
            yield SchemaError(str(where), f"expected {' or '.join(types)}, got {_type_name(instance)} {_short(instance)}")
            return
    if "const" in schema and instance != schema["const"]:
        yield SchemaError(str(where), f"must be {_short(schema['const'])}, got {_short(instance)}")
    if "enum" in schema and instance not in schema["enum"]:
        yield SchemaError(str(where), f"{_short(instance)} is not one of {', '.join(map(_short, schema['enum']))}")
    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < schema["minLength"]:
            yield SchemaError(str(where), f"must have at least {schema['minLength']} character(s)")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            yield SchemaError(str(where), f"must have at most {schema['maxLength']} characters, has {len(instance)}")
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            yield SchemaError(str(where), f"{_short(instance)} does not match {schema['pattern']!r}")
    if _TYPES["number"](instance):
        if "minimum" in schema and instance < schema["minimum"]:
            yield SchemaError(str(where), f"must be at least {schema['minimum']}, got {instance}")
        if "maximum" in schema and instance > schema["maximum"]:
            yield SchemaError(str(where), f"must be at most {schema['maximum']}, got {instance}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            yield SchemaError(str(where), f"must have at least {schema['minItems']} item(s), has {len(instance)}")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            yield SchemaError(str(where), f"must have at most {schema['maxItems']} items, has {len(instance)}")
        if "items" in schema:
            for i, item in enumerate(instance):
                yield from iter_errors(schema["items"], item, root, path + (i,))
    if isinstance(instance, dict):
        if "minProperties" in schema and len(instance) < schema["minProperties"]:
            yield SchemaError(str(where), f"must have at least {schema['minProperties']} field(s)")
        if "maxProperties" in schema and len(instance) > schema["maxProperties"]:
            yield SchemaError(str(where), f"must have at most {schema['maxProperties']} fields, has {len(instance)}")
        for name in schema.get("required", ()):
            if name not in instance:
                yield SchemaError(str(where), f"missing required field {name!r}")
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
    for keyword in ("anyOf", "oneOf"):
        if keyword not in schema:
            continue
        alternatives = schema[keyword]
        # A branch that needs a field the object lacks, or another type, fails for sure: skip
        # validating it in full (the history's verbs make this the common case).
        possible = [s for s in alternatives if _may_match(s, instance, root)]
        branches = [list(iter_errors(s, instance, root, path)) for s in possible]
        passing = sum(1 for b in branches if not b)
        if passing == 0:
            if possible:
                yield from _best_branch(possible, branches, instance, where)
            else:
                full = [list(iter_errors(s, instance, root, path)) for s in alternatives]
                yield from _best_branch(alternatives, full, instance, where)
        elif passing > 1 and keyword == "oneOf":
            yield SchemaError(str(where), "matches more than one of the allowed forms")


class _LazyPath:
    """A JSON path built only when an error needs it."""

    __slots__ = ("parts", "text")

    def __init__(self, parts: tuple[Any, ...]):
        self.parts = parts
        self.text: str | None = None

    def __str__(self) -> str:
        if self.text is None:
            self.text = json_path(self.parts)
        return self.text

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def _resolve(schema: dict, root: dict) -> dict:
    while "$ref" in schema and len(schema) <= 3:
        target: Any = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        schema = target
    return schema


def _may_match(schema: dict, instance: Any, root: dict) -> bool:
    schema = _resolve(schema, root)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](instance) for t in types):
            return False
    if isinstance(instance, dict):
        return all(r in instance for r in schema.get("required", ()))
    return True


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
            yield SchemaError(str(where), f"not a known form (has {keys}); expected one of: {'; '.join(forms)}")
            return
    typed = [(s, e) for s, e in zip(schemas, branches) if not any(x.path == str(where) and x.message.startswith("expected ") for x in e)]
    if len(typed) == 1:
        yield from typed[0][1]
        return
    titles = [s.get("title") or s.get("type") or "?" for s in schemas]
    yield SchemaError(str(where), f"{_short(instance)} matches none of: {', '.join(map(str, titles))}")


def _resolve_required(schema: dict) -> list[str]:
    return list(schema.get("required", ()))


# --------------------------------------------------------------------------- the fast path

_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "examples", "default"})


def _fused_scalar(schema: dict) -> Any:
    """One tight predicate for the commonest leaf: a string (or null) with length bounds,
    such as a card or a name."""
    if set(schema) - _ANNOTATIONS - {"type", "minLength", "maxLength"} or "type" not in schema:
        return None
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    if not set(types) <= {"string", "null"}:
        return None
    lo, hi = schema.get("minLength", 0), schema.get("maxLength", float("inf"))
    nullable = "null" in types
    strings = "string" in types

    def check(v: Any) -> bool:
        if v is None:
            return nullable
        return strings and type(v) is str and lo <= len(v) <= hi
    return check


def _PYTYPES_OF(preds: tuple) -> set:
    """The Python container types a tuple of type predicates accepts (for the discriminator)."""
    return {t for t in (dict, list) if any(p(t()) for p in preds)}


def compile_validator(schema: dict, root: dict | None = None) -> Any:
    """``schema`` as a predicate ``f(instance) -> bool``: the same verdict as :func:`iter_errors`
    (no errors) in a fraction of the time.  Callers ask :func:`iter_errors` for the messages
    only when the predicate says no."""
    root = schema if root is None else root
    cache: dict[int, Any] = {}
    return _compile(schema, root, cache)


def _compile(schema: dict, root: dict, cache: dict[int, Any]) -> Any:
    key = id(schema)
    if key in cache:
        return cache[key]
    if "$ref" in schema and not any(k in schema for k in _ASSERTIONS):
        target: Any = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        cache[key] = _compile(target, root, cache)
        return cache[key]
    fused = _fused_scalar(schema)
    if fused is not None:
        cache[key] = fused
        return fused
    holder: list[Any] = []
    cache[key] = lambda v: holder[0](v)  # recursion through $ref
    checks: list[Any] = []
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        checks.append(_compile(target, root, cache))
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not {"integer", "number", "boolean"} & set(types):
            pytypes = tuple({"object": dict, "array": list, "string": str, "null": type(None)}[t] for t in types)
            checks.append(lambda v, pytypes=pytypes: isinstance(v, pytypes))
        else:
            preds = [_TYPES[t] for t in types]
            checks.append(lambda v, preds=preds: any(p(v) for p in preds))
    if "const" in schema:
        const = schema["const"]
        checks.append(lambda v: v == const)
    if "enum" in schema:
        enum = schema["enum"]
        checks.append(lambda v: v in enum)
    lo_len, hi_len, pat = schema.get("minLength"), schema.get("maxLength"), schema.get("pattern")
    if lo_len is not None or hi_len is not None or pat is not None:
        rx = re.compile(pat) if pat is not None else None

        def strings(v: Any) -> bool:
            if not isinstance(v, str):
                return True
            n = len(v)
            return ((lo_len is None or n >= lo_len) and (hi_len is None or n <= hi_len)
                    and (rx is None or rx.search(v) is not None))
        checks.append(strings)
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None or hi is not None:
        num = _TYPES["number"]
        checks.append(lambda v: not num(v) or ((lo is None or v >= lo) and (hi is None or v <= hi)))
    lo_items, hi_items = schema.get("minItems"), schema.get("maxItems")
    items = _compile(schema["items"], root, cache) if "items" in schema else None
    if lo_items is not None or hi_items is not None or items is not None:
        def arrays(v: Any) -> bool:
            if not isinstance(v, list):
                return True
            n = len(v)
            if (lo_items is not None and n < lo_items) or (hi_items is not None and n > hi_items):
                return False
            return items is None or all(items(x) for x in v)
        checks.append(arrays)
    object_keys = ("properties", "required", "additionalProperties", "propertyNames", "minProperties",
                   "maxProperties")
    if any(k in schema for k in object_keys):
        props = {k: _compile(s, root, cache) for k, s in schema.get("properties", {}).items()}
        required = tuple(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_f = _compile(extra, root, cache) if isinstance(extra, dict) else None
        names_f = _compile(schema["propertyNames"], root, cache) if "propertyNames" in schema else None
        lo_p, hi_p = schema.get("minProperties"), schema.get("maxProperties")

        def objects(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            n = len(v)
            if (lo_p is not None and n < lo_p) or (hi_p is not None and n > hi_p):
                return False
            for r in required:
                if r not in v:
                    return False
            for k, x in v.items():
                if names_f is not None and not names_f(k):
                    return False
                f = props.get(k)
                if f is not None:
                    if not f(x):
                        return False
                elif extra is False:
                    return False
                elif extra_f is not None and not extra_f(x):
                    return False
            return True
        checks.append(objects)
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            branches = []
            for s in schema[keyword]:
                r = _resolve(s, root)
                types = r.get("type")
                types = (types if isinstance(types, list) else [types]) if types else None
                preds = tuple(_TYPES[t] for t in types) if types else ()
                branches.append((_compile(s, root, cache), preds, tuple(r.get("required", ()))))
            one = keyword == "oneOf"
            # a discriminator: when every branch is an object that requires its own first field
            # (the history's verbs), an object can only match the branches of the fields it has
            firsts = [b[2][0] if b[2] else None for b in branches]
            by_field: dict[str, list] = {}
            if all(firsts) and all(dict in _PYTYPES_OF(b[1]) for b in branches):
                for b, first in zip(branches, firsts):
                    by_field.setdefault(first, []).append(b)

            def alternatives(v: Any, branches: list = branches, one: bool = one, by_field: dict = by_field) -> bool:
                hits = 0
                is_dict = isinstance(v, dict)
                if by_field and is_dict:
                    branches = [b for k in v if k in by_field for b in by_field[k]]
                for f, preds, required in branches:
                    if preds and not any(p(v) for p in preds):
                        continue
                    if is_dict and required and not all(r in v for r in required):
                        continue
                    if f(v):
                        hits += 1
                        if not one:
                            return True
                return hits == 1
            checks.append(alternatives)

    if len(checks) == 1:
        check = checks[0]
    elif len(checks) == 2:
        first, second = checks
        check = lambda v: first(v) and second(v)  # noqa: E731
    else:
        def check(v: Any) -> bool:
            for c in checks:
                if not c(v):
                    return False
            return True
    holder.append(check)
    cache[key] = check
    return check


_ASSERTIONS = frozenset(SUPPORTED_KEYWORDS - {"$schema", "$id", "$defs", "$ref", "$comment", "title", "description",
                                              "examples", "default"})
