"""Issue 24 §2: the docs cite a source at the pages its seed gives.  Seed 003 cites Ranter Go
Round in Cassell's Book of In-Door Amusements (1881) at «S. 125–126»; the digest's pages 167-168
are those of the public copy it was read in, and are said only as that copy's numbering."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_cassell_is_cited_at_the_seeds_pages():
    for page in sorted(DOCS.rglob("*.rst")):
        text = page.read_text(encoding="utf-8")
        if "Cassell" not in text:
            continue
        for m in re.finditer(r"167\s*[-–]\s*168", text):
            around = " ".join(text[max(0, m.start() - 120):m.end() + 20].split())
            assert "public copy" in around, f"{page.relative_to(DOCS)}: {around}"
