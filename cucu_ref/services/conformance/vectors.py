"""Reading the conformance vectors, selecting them, and splitting each into the input a
program under test receives and the outcome it must answer."""

from __future__ import annotations

import glob
import json
import os
from typing import Any, Iterable, NamedTuple, Optional, Sequence

from . import PACKAGE_DATA

__all__ = ["Vector", "load", "select", "input_of", "INPUT_FIELDS", "REQUIRED_ANSWER_FIELDS"]

# What a program under test receives of a vector: the trace without its outcome and metadata.
INPUT_FIELDS = ("format", "id", "ruleset", "seats", "seat_order", "seating", "dealer", "first", "pot", "eliminations",
                "reentries", "deals_played", "deal", "stack", "decisions", "policies", "then")
# What it must answer for a legal deal ('marks' is checked when given).
REQUIRED_ANSWER_FIELDS = ("net", "out", "hands", "next_dealer", "winner")


class Vector(NamedTuple):
    id: str
    doc: dict[str, Any]
    file: str  # the file it was read from, relative to the suite's directory

    @property
    def preset(self) -> str:
        ruleset = self.doc["ruleset"]
        return ruleset if isinstance(ruleset, str) else ruleset["preset"]

    @property
    def options(self) -> dict[str, Any]:
        ruleset = self.doc["ruleset"]
        return {} if isinstance(ruleset, str) else dict(ruleset.get("options", {}))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(self.doc["vector"]["rules"])

    @property
    def features(self) -> tuple[str, ...]:
        return tuple(self.doc["vector"].get("features", ()))

    @property
    def readings(self) -> dict[str, str]:
        return dict(self.doc["vector"].get("readings", {}))

    @property
    def hand_checked(self) -> bool:
        return bool(self.doc["vector"].get("hand_checked", False))

    @property
    def expected(self) -> dict[str, Any]:
        return dict(self.doc["outcome"])

    @property
    def illegal(self) -> bool:
        return "illegal" in self.doc["outcome"]


def load(root: Optional[str] = None) -> list[Vector]:
    """Every vector of the suite in ``root`` (default: the copy shipped in the package): the
    hand-checked ones first, then the golden ones file by file, in file order."""
    root = root or PACKAGE_DATA
    out: list[Vector] = []
    hand = os.path.join(root, "hand-checked.json")
    if os.path.exists(hand):
        with open(hand, encoding="utf-8") as f:
            out += [Vector(doc["id"], doc, "hand-checked.json") for doc in json.load(f)]
    for path in sorted(glob.glob(os.path.join(root, "golden", "*.jsonl"))):
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            out += [Vector(doc["id"], doc, rel) for doc in map(json.loads, filter(str.strip, f))]
    return out


def select(vectors: Iterable[Vector], presets: Sequence[str] = (), rules: Sequence[str] = (),
           ids: Sequence[str] = (), defaults_only: bool = False) -> list[Vector]:
    """The vectors of any of ``presets`` (by the ruleset's preset, any options), exercising any of
    ``rules``, whose id starts with any of ``ids``; ``defaults_only``: only those run under the
    preset's own readings (no options)."""
    picked = []
    for v in vectors:
        if presets and v.preset not in presets:
            continue
        if rules and not set(rules) & set(v.rules):
            continue
        if ids and not any(v.id.startswith(prefix) for prefix in ids):
            continue
        if defaults_only and v.options:
            continue
        picked.append(v)
    return picked


def input_of(vector: Vector) -> dict[str, Any]:
    """The trace a program under test receives: no outcome, no metadata, no description."""
    return {k: vector.doc[k] for k in INPUT_FIELDS if k in vector.doc}
