"""A test program that speaks only Italian card names (seed 000's): it refuses canonical tokens
of the event cards, answers through cucu-ref's engine, and names its hands in Italian."""

import json
import sys

from cucu_ref.services.conformance.names import BUILTIN
from cucu_ref.formats.trace import answer

ITALIAN = BUILTIN["italian"]["cuccu"]
BACK = {v: k for k, v in ITALIAN.items()}

for line in sys.stdin:
    doc = json.loads(line)
    cards = [c for c in doc["deal"]["cards"] + doc["deal"]["rest"] if c is not None]
    foreign = sorted({c for c in cards if c in ITALIAN})
    if foreign:
        print(json.dumps({"id": doc.get("id"), "error": f"unknown cards {foreign}"}), flush=True)
        continue
    doc["deal"]["cards"] = [BACK.get(c, c) if c else c for c in doc["deal"]["cards"]]
    doc["deal"]["rest"] = [BACK.get(c, c) for c in doc["deal"]["rest"]]
    out = answer(doc)
    out["outcome"]["hands"] = [ITALIAN.get(c, c) if c else c for c in out["outcome"].get("hands", [])]
    print(json.dumps(out, ensure_ascii=False), flush=True)
