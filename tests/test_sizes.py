"""Issue 26's size aims hold in the whole package: no function over 60 lines, no class over 250.

Every module of ``cucu_ref`` is read with :mod:`ast` (nothing is imported or run).  A function
(a method, a nested function) is measured from its ``def`` line to its last line, a class from
its ``class`` line to its last, as the shared tools' ``shape.py`` measures (decorators
not counted).  A unit that stays longer on purpose says why in its docstring, in a sentence
that begins with the words of :data:`EXCUSE` and gives the reason in at least five words after
the colon, e.g.::

    Longer than the aim (issue 26): the table of every rule's message is one literal.

so that the reason stands where a reader meets the length, and a grep for those words lists
every exception.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent / "cucu_ref"
MAX_FUNCTION = 60
MAX_CLASS = 250
EXCUSE = "Longer than the aim (issue 26):"
_EXCUSED = re.compile(re.escape(EXCUSE) + r"(?:\s+\S+){5,}")


def oversized(source: str, where: str = "<source>") -> Iterator[str]:
    """Each function over :data:`MAX_FUNCTION` lines and class over :data:`MAX_CLASS` in the
    module's source, as 'where:line kind name (N lines)', unless its docstring excuses it."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kind, limit = "function", MAX_FUNCTION
        elif isinstance(node, ast.ClassDef):
            kind, limit = "class", MAX_CLASS
        else:
            continue
        size = (node.end_lineno or node.lineno) - node.lineno + 1
        if size > limit and not _EXCUSED.search(ast.get_docstring(node) or ""):
            yield f"{where}:{node.lineno} {kind} {node.name} ({size} lines, the aim is {limit})"


def package_oversized(root: Path = ROOT) -> list[str]:
    """:func:`oversized` over every module of the package under ``root``."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        where = str(path.relative_to(root.parent))
        found.extend(oversized(path.read_text(encoding="utf-8"), where))
    return found


def test_no_function_over_60_lines_and_no_class_over_250_in_the_package():
    found = package_oversized()
    assert not found, (f"{len(found)} over issue 26's aim (split it by what it does, or say why in "
                       f"its docstring with {EXCUSE!r}):\n" + "\n".join(found))


def _function(lines: int, doc: str = "a function") -> str:
    body = [f'    """{doc}"""'] + ["    x = 1"] * (lines - 3) + ["    return x"]
    return "\n".join(["def f():"] + body) + "\n"


def _class(lines: int, doc: str = "a class") -> str:
    body = [f'    """{doc}"""'] + ["    x = 1"] * (lines - 2)
    return "\n".join(["class C:"] + body) + "\n"


def test_the_measure_counts_from_the_def_line_to_the_last():
    assert len(_function(60).splitlines()) == 60
    assert list(oversized(_function(60))) == []
    assert list(oversized(_function(61))) == ["<source>:1 function f (61 lines, the aim is 60)"]
    assert list(oversized(_class(250))) == []
    assert list(oversized(_class(251))) == ["<source>:1 class C (251 lines, the aim is 250)"]
    nested = "class C:\n" + "".join("    " + line + "\n" for line in _function(61).splitlines())
    assert list(oversized(nested)) == ["<source>:2 function f (61 lines, the aim is 60)"]


def test_only_a_reason_in_the_docstring_excuses_a_longer_unit():
    reason = f"{EXCUSE} the table of every rule's message is one literal."
    assert list(oversized(_function(61, reason))) == []
    assert list(oversized(_class(251, "Several lines.\n\n    " + reason))) == []
    # the words without a reason, or a reason elsewhere than the docstring, excuse nothing
    assert len(list(oversized(_function(61, EXCUSE + " long")))) == 1
    assert len(list(oversized(_function(61).replace("x = 1", "# " + reason, 1)))) == 1
