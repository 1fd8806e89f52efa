"""The long-run record's table (cucu_ref.assurance.formal.report): sizes grouped into ranges, failures named."""

from cucu_ref.assurance.formal.report import table


def _row(prop, n, ok=True, verdict="proved", seconds=1.0, method="induction", why=None):
    return {"prop": prop, "method": method, "ruleset": "campli", "n": n, "verdict": verdict, "ok": ok,
            "seconds": seconds, "detail": {"why": why} if why else {}}


def test_sizes_become_ranges_and_failures_are_named():
    rows = [_row("termination", n, seconds=n) for n in (2, 3, 4, 7, 8)]
    rows.append(_row("termination", 9, ok=False, verdict="unknown", seconds=60))
    text = table(rows)
    line = next(x for x in text.splitlines() if x.startswith("| termination"))
    assert "| 2-4, 7-9 |" in line
    assert "5/6; n=9: unknown" in line
    assert line.endswith("| 84 | 60.0 |")  # 2+3+4+7+8+60 s in all, the slowest 60 s


def test_every_size_rows_and_inapplicable_checks():
    text = table([_row("conservation", 0, method="induction (small-step, every n)"),
                  _row("cat-undo", 0, verdict="n/a", why="cat=backward")])
    assert "| every n >= 2 | 1/1 |" in text
    assert "(n/a: cat=backward)" in text
