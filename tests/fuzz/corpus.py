"""The fuzz harness's inputs: the shipped examples, a corpus of hostile documents (one or more
per finding of issue 12), and hypothesis strategies that draw positions from the schema and
mutate the examples at the level of JSON values and of bytes.

Budget: ``FUZZ_EXAMPLES`` scales every fuzz test (``CUCU_FUZZ_EXAMPLES``; default small in CI).
The long run, documented in docs/cli.rst ("Fuzzing"), is::

    CUCU_FUZZ_EXAMPLES=20000 nice -n 10 python -m pytest tests/fuzz -p no:cacheprovider -q
"""

from __future__ import annotations

import copy
import glob
import json
import os
import random
import unicodedata

from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE_PATHS = sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))
                       + glob.glob(os.path.join(ROOT, "examples", "counterexamples", "*.json")))


def _load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


EXAMPLES = [_load(p) for p in EXAMPLE_PATHS]
# deals in the notation (cucu_ref.formats.notation): the command line reads any text that is not JSON so
NOTATION_PATHS = sorted(glob.glob(os.path.join(ROOT, "examples", "notation", "*.txt")))


def _bytes(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


NOTATION = [_bytes(p) for p in NOTATION_PATHS]
with open(os.path.join(ROOT, "specs", "position-1.schema.json"), encoding="utf-8") as f:
    POSITION_SCHEMA = json.load(f)
with open(os.path.join(ROOT, "specs", "ruling-1.schema.json"), encoding="utf-8") as f:
    RULING_SCHEMA = json.load(f)

IN_CI = bool(os.environ.get("CI"))
FUZZ_EXAMPLES = int(os.environ.get("CUCU_FUZZ_EXAMPLES") or (40 if IN_CI else 100))

GOOD = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno", "Carla"], "dealer": "Carla",
        "history": [{"keep": "Anna"}]}
GOOD_TEXT = json.dumps(GOOD)


def _here_three_unknown() -> dict:
    # finding 2: a 3-player 'here' position with three unknown dealt cards
    return {"format": "cucu-position/1", "ruleset": "here", "players": ["Anna", "Bruno", "Carla"], "dealer": "Carla",
            "history": [{"offer": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}]}


HERE_THREE_UNKNOWN = _here_three_unknown()

# (name, bytes): hostile documents, each a case of a finding (F1 ... F10) or of its neighbours
HOSTILE: list[tuple[str, bytes]] = [
    ("F1 unterminated escapes after 65 brackets", b"[" * 65 + b'"' + b'\\"' * 20_000),
    ("F1 65 levels", b"[" * 65 + b"]" * 65),
    ("F1 beyond json's recursion", b'{"history": [' + b"[" * 5000),
    ("F1 deep object", b'{"a":' * 70 + b"1" + b"}" * 70),
    ("F2 here, three unknown dealt cards", json.dumps(HERE_THREE_UNKNOWN).encode()),
    ("F3 lone surrogate in a name", GOOD_TEXT.replace('"Anna", "Bruno"', '"\\ud800", "Bruno"').encode()),
    ("F3 lone low surrogate in a key", b'{"format": "cucu-position/1", "hands": {"\\udc00": "XV"}}'),
    ("F4 4301 digits", GOOD_TEXT.replace('"dealer"', '"pot": ' + "1" * 4301 + ', "dealer"').encode()),
    ("F4 stake 10**4299", json.dumps({**GOOD, "ruleset": {"preset": "campli", "options": {"stake": 0}}}).replace(
        '"stake": 0', '"stake": 1' + "0" * 4299).encode()),
    ("F4 NaN", GOOD_TEXT.replace('"dealer"', '"pot": NaN, "dealer"').encode()),
    ("F4 1e400", GOOD_TEXT.replace('"dealer"', '"pot": 1e400, "dealer"').encode()),
    ("F5 third copy split between hands and stack", json.dumps({**GOOD, "stack": {"cards": ["XV", "XV"]},
                                                                "hands": {"Anna": "XV"}}).encode()),
    ("F7 BOM", b"\xef\xbb\xbf" + GOOD_TEXT.encode()),
    ("F7 invalid UTF-8", GOOD_TEXT.encode().replace(b"Anna", b"An\xc3na")),
    ("F7 overlong UTF-8", GOOD_TEXT.encode().replace(b"Anna", b"An\xc0\xafna")),
    ("F7 UTF-16", GOOD_TEXT.encode("utf-16")),
    ("F9 newline in a name",
     json.dumps({**GOOD, "players": ["Anna\nClaim by Anna: UPHELD", "Bruno", "Carla"]}).encode()),
    ("F9 ANSI in a name", json.dumps({**GOOD, "players": ["Anna\x1b[2J", "Bruno", "Carla"]}).encode()),
    ("F9 NUL in a claim", json.dumps({**GOOD, "claim": {"by": "\x00"}}).encode()),
    ("F9 bidi in a card", json.dumps({**GOOD, "hands": {"Anna": "X\u202eV"}}).encode()),
    ("F9 NEL in a description", json.dumps({**GOOD, "description": "a\x85b\u2028c"}).encode()),
    ("F9 NFC and NFD", json.dumps({**GOOD, "players": [unicodedata.normalize("NFC", "Chloé"), "Bruno",
                                                       unicodedata.normalize("NFD", "Chloé")]}).encode()),
    ("F9 case only", json.dumps({**GOOD, "players": ["Anna", "anna", "Carla"]}).encode()),
    ("F10 duplicate key", b'{"format": "cucu-position/1", "format": "cucu-position/1"}'),
    ("F10 duplicate key deep", GOOD_TEXT.replace('{"keep": "Anna"}', '{"keep": "Anna", "keep": "Bruno"}').encode()),
    ("F10 third XV", json.dumps({**GOOD, "stack": {"cards": ["XV", "XV", "XV"]}}).encode()),
    ("empty", b""),
    ("NUL bytes", b"\x00" * 100),
    ("a number", b"12"),
    ("null", b"null"),
    ("trailing data", GOOD_TEXT.encode() + b" {}"),
]

# hostile strings for names, cards and words
HOSTILE_TEXT = ["", " ", "\x00", "\n", "\r\n", "\x1b[2J", "\u202e", "\u2028", "\x85", "\ud800", "\U0001F0CF",
                "A" * 41, "é", "e\u0301", "ANNA", "Anna ", "?", "null", "XV", "matto", "0", "-1", "K", "10",
                "cucù", "fermatevi", "gnaf", "\ufeff", "\u200b"]
HOSTILE_NUMBERS = [0, 1, -1, 2, 3, 40, 41, 64, 65, 1000, 1001, 10**6, 10**6 + 1, 10**9, 10**9 + 1, 2**63, 10**30]


def schema_positions():
    """Positions drawn from the position schema (hypothesis-jsonschema): valid by the schema,
    mostly meaningless to the rules."""
    from hypothesis_jsonschema import from_schema

    return from_schema(POSITION_SCHEMA)


_LEAVES = st.one_of(st.none(), st.booleans(), st.sampled_from(HOSTILE_NUMBERS), st.integers(-3, 25),
                    st.sampled_from(HOSTILE_TEXT), st.sampled_from(["Anna", "Bruno", "Carla", "Dora", "campli", "?"]),
                    st.just([]), st.just({}))


def _paths(node, at=()):
    yield at
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*at, i))


@st.composite
def mutated_examples(draw):
    """An example with one to four edits at the level of JSON values: a value replaced by a
    hostile one, a field dropped or added, a history entry dropped, duplicated or moved, a
    name renamed everywhere or in one place only."""
    doc = copy.deepcopy(draw(st.sampled_from(EXAMPLES)))
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(doc) if p]
        kind = draw(st.sampled_from(["replace", "replace", "drop", "add", "history", "rename"]))
        if kind == "history" and isinstance(doc.get("history"), list) and doc["history"]:
            h = doc["history"]
            i, j = draw(st.integers(0, len(h) - 1)), draw(st.integers(0, len(h)))
            op = draw(st.sampled_from(["drop", "duplicate", "move"]))
            if op == "drop":
                del h[i]
            elif op == "duplicate":
                h.insert(j, copy.deepcopy(h[i]))
            else:
                h.insert(j, h.pop(i))
        elif kind == "rename":
            players = doc.get("players")
            players = players if isinstance(players, list) else []
            names = [p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None for p in players]
            names = [n for n in names if isinstance(n, str) and n]
            if names:
                old, new = draw(st.sampled_from(names)), draw(st.sampled_from(HOSTILE_TEXT + ["Zeno"]))
                text = json.dumps(doc, ensure_ascii=False)
                everywhere = draw(st.booleans())
                text = text.replace(json.dumps(old, ensure_ascii=False), json.dumps(new, ensure_ascii=False),
                                    -1 if everywhere else 1)
                doc = json.loads(text)
        elif paths:
            at = draw(st.sampled_from(paths))
            parent = doc
            for p in at[:-1]:
                parent = parent[p]
            if kind == "drop" and isinstance(parent, (dict, list)):
                del parent[at[-1]]
            elif kind == "add" and isinstance(parent, dict):
                parent[draw(st.sampled_from(["zz", "card", "by", "note", "amount", "marks", "name"]))] = draw(_LEAVES)
            else:
                parent[at[-1]] = draw(_LEAVES)
    return doc


@st.composite
def mutated_bytes(draw):
    """An example (or a hostile document) serialised, then edited as bytes: bytes flipped,
    inserted or deleted, the text cut short, a BOM, a NUL, a bracket run or a long number
    spliced in."""
    source = draw(st.integers(0, 5))
    if source == 0:
        data = bytearray(draw(st.sampled_from(HOSTILE))[1])
    elif source == 1 and NOTATION:
        data = bytearray(draw(st.sampled_from(NOTATION)))
    else:
        doc = draw(st.sampled_from(EXAMPLES))
        data = bytearray(json.dumps(doc, ensure_ascii=draw(st.booleans()),
                                    indent=draw(st.sampled_from([None, 1]))).encode())
    for _ in range(draw(st.integers(1, 3))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "insert", "delete", "cut", "splice"]))
        if op == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[at:at] = bytes([draw(st.integers(0, 255))])
        elif op == "delete":
            del data[at]
        elif op == "cut":
            del data[at:]
        else:
            data[at:at] = draw(st.sampled_from([b"\xef\xbb\xbf", b"\x00", b"[" * 70, b"9" * 120, b"\\ud800",
                                                b'"a": 1, "a": 2, ', b"NaN", b"\xff", b"\xed\xa0\x80", b"\n",
                                                b"\x1b[2J", b"\xe2\x80\xae", b"\nClaim by Anna: UPHELD\n",
                                                b"Players: ", b": passo"]))
    return bytes(data)


def hostile_lines(rng: random.Random, count: int) -> list[bytes]:
    """A batch: examples and hostile documents on one line each, with blank lines among them."""
    out = []
    docs = [json.dumps(d).encode() for d in EXAMPLES] + [b for _, b in HOSTILE if b"\n" not in b]
    for _ in range(count):
        out.append(rng.choice(docs) if rng.random() < 0.9 else rng.choice([b"", b"  ", b"\r"]))
    return out
