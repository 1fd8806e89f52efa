"""A pure-Python schema checker for where jsonschema-rs (compiled) cannot run: the browser page
(issue 31), where the package runs in Pyodide.

It checks the keywords our draft 2020-12 schemas use (``cucu_ref/formats/schemas``) and gives
the errors jsonschema-rs gives, in the order jsonschema-rs gives them, with the same kinds,
instance paths and schema paths, so that :mod:`cucu_ref.formats.validation` words them alike
and a position gets the same problems at the same places on the command line and in the page
(``tests/position/test_pure_schema_check.py`` compares the two over the hostile inputs).

The order, read off jsonschema-rs 0.61: whatever the order in the schema, a schema's keywords
are checked as type, const, enum, the bounds (minimum, maximum; minLength, maxLength, pattern;
minItems, maxItems, uniqueItems; minProperties, maxProperties), then required (in its own
order), properties with additionalProperties (each field in the document's order; a lone
required field of a closed object comes after them), items, propertyNames (each field in the
document's order), anyOf, oneOf, not, and last $ref.  Every keyword is checked even after the
type fails (the bounds of a type apply only to values of it).  An infinite number (``1e400``)
is checked as null, as jsonschema-rs reads it.
Only local ``$ref`` (``#/...``) are followed, which is all our schemas have.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Iterator, Optional

from .inputs import json_type

__all__ = ["Validator", "SchemaError", "ErrorKind"]

# jsonschema-rs lists a failed type's allowed types in this order, whatever the schema's
_TYPE_ORDER = ("array", "boolean", "integer", "null", "number", "object", "string")


class ErrorKind:
    """One kind of error, shaped as jsonschema-rs's ``ValidationErrorKind``: ``name`` is the
    keyword, ``as_dict()`` its details; the class's name is jsonschema-rs's."""

    def __init__(self, name: str, details: Optional[dict[str, Any]] = None) -> None:
        self.name = name
        self.details = details or {}

    def as_dict(self) -> dict[str, Any]:
        return dict(self.details)

    def __getattr__(self, attr: str) -> Any:  # kind.context, kind.error, kind.schema, as in jsonschema-rs
        details = self.__dict__.get("details", {})
        if attr in details:
            return details[attr]
        raise AttributeError(attr)


class Type(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Type``."""


class Constant(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Constant``."""


class Enum(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Enum``."""


class Bound(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Bound``."""


class Pattern(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Pattern``."""


class UniqueItems(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.UniqueItems``."""


class Required(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Required``."""


class AdditionalProperties(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.AdditionalProperties``."""


class FalseSchema(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.FalseSchema``."""


class PropertyNames(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.PropertyNames``."""


class AnyOf(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.AnyOf``."""


class OneOfNotValid(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.OneOfNotValid``."""


class OneOfMultipleValid(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.OneOfMultipleValid``."""


class Not(ErrorKind):
    """jsonschema-rs's ``ValidationErrorKind.Not``."""



@dataclass
class SchemaError:
    """One error, shaped as jsonschema-rs's ``ValidationError``."""

    kind: ErrorKind
    instance_path: tuple[Any, ...]
    schema_path: tuple[Any, ...]
    instance: Any
    message: str = ""


def _is_type(value: Any, name: str) -> bool:
    actual = json_type(value)
    if name == "number":
        return actual in ("integer", "number")
    if name == "integer":  # draft 2020-12: 1.0 is an integer
        return actual == "integer" or (actual == "number" and float(value).is_integer())
    return actual == name


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: true and 1 differ, 1 and 1.0 are the same number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _check_json(doc: Any) -> bool:
    """Refuse what is not JSON data, as jsonschema-rs does before it checks anything; False
    where a number is not finite (``1e400`` reads as infinity)."""
    finite = True
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, val in node.items():
                if not isinstance(key, str):
                    raise TypeError("a field name must be a string")
                key.encode("utf-8")
                stack.append(val)
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            node.encode("utf-8")  # a lone surrogate: UnicodeEncodeError
        elif isinstance(node, float) and not math.isfinite(node):
            finite = False
        else:
            json_type(node)
    return finite


def _finite(doc: Any) -> Any:
    """``doc`` as jsonschema-rs sees it: JSON has no infinite number, so it reads one as null."""
    if isinstance(doc, dict):
        return {key: _finite(val) for key, val in doc.items()}
    if isinstance(doc, list):
        return [_finite(x) for x in doc]
    if isinstance(doc, float) and not math.isfinite(doc):
        return None
    return doc


class Validator:
    """``Validator(schema).iter_errors(doc)`` and ``.is_valid(doc)``, as jsonschema-rs's
    ``Draft202012Validator`` for our schemas."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.root = schema
        self._patterns: dict[str, re.Pattern[str]] = {}

    def is_valid(self, doc: Any) -> bool:
        return next(self.iter_errors(doc), None) is None

    def iter_errors(self, doc: Any) -> Iterator[SchemaError]:
        if not _check_json(doc):
            doc = _finite(doc)
        return self._errors(self.root, doc, (), ())

    # ------------------------------------------------------------------ the keywords, in order

    def _errors(self, node: Any, value: Any, at: tuple[Any, ...], path: tuple[Any, ...]) -> Iterator[SchemaError]:
        if node is False:
            yield SchemaError(FalseSchema("falseSchema"), at, path, value, f"False schema does not allow {value!r}")
            return
        if not isinstance(node, dict):
            return
        yield from self._any_value(node, value, at, path)
        yield from self._bounds(node, value, at, path)
        if isinstance(value, dict):
            yield from self._object(node, value, at, path)
        elif isinstance(value, list) and "items" in node:
            for i, item in enumerate(value):
                yield from self._errors(node["items"], item, (*at, i), (*path, "items"))
        yield from self._combined(node, value, at, path)
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target = tuple(ref[2:].split("/"))
            yield from self._errors(self._at(target), value, at, target)

    def _any_value(self, node: dict[str, Any], value: Any, at: tuple[Any, ...],
                   path: tuple[Any, ...]) -> Iterator[SchemaError]:
        if "type" in node:
            types = node["type"] if isinstance(node["type"], list) else [node["type"]]
            if not any(_is_type(value, t) for t in types):
                ordered = sorted(types, key=lambda t: _TYPE_ORDER.index(t) if t in _TYPE_ORDER else 99)
                yield SchemaError(Type("type", {"types": ordered}), at, (*path, "type"), value)
        if "const" in node and not _equal(value, node["const"]):
            yield SchemaError(Constant("const", {"expected_value": node["const"]}), at, (*path, "const"), value)
        if "enum" in node and not any(_equal(value, option) for option in node["enum"]):
            yield SchemaError(Enum("enum", {"options": list(node["enum"])}), at, (*path, "enum"), value)

    def _bounds(self, node: dict[str, Any], value: Any, at: tuple[Any, ...],
                path: tuple[Any, ...]) -> Iterator[SchemaError]:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            size: Any = value
            words = ("minimum", "maximum")
        elif isinstance(value, str):
            size, words = len(value), ("minLength", "maxLength")
        elif isinstance(value, list):
            size, words = len(value), ("minItems", "maxItems")
        elif isinstance(value, dict):
            size, words = len(value), ("minProperties", "maxProperties")
        else:
            return
        low, high = words
        if low in node and size < node[low]:
            yield SchemaError(Bound(low, {"limit": node[low]}), at, (*path, low), value)
        if high in node and size > node[high]:
            yield SchemaError(Bound(high, {"limit": node[high]}), at, (*path, high), value)
        if isinstance(value, str) and "pattern" in node and not self._pattern(node["pattern"]).search(value):
            yield SchemaError(Pattern("pattern", {"pattern": node["pattern"]}), at, (*path, "pattern"), value)
        if isinstance(value, list) and node.get("uniqueItems") is True and not _unique(value):
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            yield SchemaError(UniqueItems("uniqueItems"), at, (*path, "uniqueItems"), value,
                              f"{text} has non-unique elements")

    def _object(self, node: dict[str, Any], value: dict[str, Any], at: tuple[Any, ...],
                path: tuple[Any, ...]) -> Iterator[SchemaError]:
        properties = node.get("properties") or {}
        extra = node.get("additionalProperties", True)
        required = [name for name in node.get("required") or [] if name not in value]
        # jsonschema-rs checks 'required' before the fields, except a lone required field of a
        # closed object (properties with additionalProperties false), which it checks after them
        late = len(node.get("required") or []) == 1 and extra is False and "properties" in node
        if not late:
            yield from self._required(required, value, at, path)
        unexpected: list[str] = []
        for key, item in value.items():
            if key in properties:
                yield from self._errors(properties[key], item, (*at, key), (*path, "properties", key))
            elif extra is False:
                unexpected.append(key)
            elif isinstance(extra, dict):
                yield from self._errors(extra, item, (*at, key), (*path, "additionalProperties"))
        if unexpected:
            yield SchemaError(AdditionalProperties("additionalProperties", {"unexpected": unexpected}), at,
                              (*path, "additionalProperties"), value)
        if late:
            yield from self._required(required, value, at, path)
        if "propertyNames" in node:
            for key in value:
                for inner in self._errors(node["propertyNames"], key, at, (*path, "propertyNames")):
                    yield SchemaError(PropertyNames("propertyNames", {"error": inner}), at, inner.schema_path, value)

    @staticmethod
    def _required(missing: list[str], value: dict[str, Any], at: tuple[Any, ...],
                  path: tuple[Any, ...]) -> Iterator[SchemaError]:
        for name in missing:
            yield SchemaError(Required("required", {"property": name}), at, (*path, "required"), value)

    def _combined(self, node: dict[str, Any], value: Any, at: tuple[Any, ...],
                  path: tuple[Any, ...]) -> Iterator[SchemaError]:
        if "anyOf" in node:
            context = [list(self._errors(b, value, at, (*path, "anyOf", i))) for i, b in enumerate(node["anyOf"])]
            if all(context):
                yield SchemaError(AnyOf("anyOf", {"context": context}), at, (*path, "anyOf"), value)
        if "oneOf" in node:
            context = [list(self._errors(b, value, at, (*path, "oneOf", i))) for i, b in enumerate(node["oneOf"])]
            valid = sum(1 for errors in context if not errors)
            if valid == 0:
                yield SchemaError(OneOfNotValid("oneOf", {"context": context}), at, (*path, "oneOf"), value)
            elif valid > 1:
                yield SchemaError(OneOfMultipleValid("oneOf", {"context": context}), at, (*path, "oneOf"), value)
        if "not" in node and next(self._errors(node["not"], value, at, (*path, "not")), None) is None:
            yield SchemaError(Not("not", {"schema": node["not"]}), at, (*path, "not"), value)

    def _pattern(self, pattern: str) -> re.Pattern[str]:
        compiled = self._patterns.get(pattern)
        if compiled is None:
            compiled = self._patterns[pattern] = re.compile(pattern)
        return compiled

    def _at(self, pointer: tuple[Any, ...]) -> Any:
        node: Any = self.root
        for part in pointer:
            node = node[part.replace("~1", "/").replace("~0", "~")] if isinstance(node, dict) else node[int(part)]
        return node


def _unique(items: list[Any]) -> bool:
    return not any(_equal(items[i], items[j]) for i in range(len(items)) for j in range(i + 1, len(items)))
