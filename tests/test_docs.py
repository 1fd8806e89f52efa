"""The documentation builds cleanly and its examples run against the engine.

Runs the two commands the README gives, into a temporary directory:

* ``sphinx-build -n -W -b html``: nitpicky, warnings are errors (an unknown rule ID,
  a broken reference, a preset without worked examples all fail here);
* ``sphinx-build -n -W -b doctest``: every example on every page is executed, including
  the worked examples of each ruleset, whose expected outcomes were worked out by hand
  from the sources.

It also checks that the generated ruleset pages say what ``cucu_ref.rulesets`` says,
so a page can never silently disagree with the code.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cucu_ref.rulesets import OPTIONS, PRESETS
from cucu_ref.sources import RULES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def sphinx(builder: str, out: Path) -> subprocess.CompletedProcess:
    # -E: read every page afresh, so every warning shows; -q: only warnings and errors
    command = [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-E", "-q",
               "-b", builder, "-d", str(out / "doctrees"), str(DOCS), str(out / builder)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def html_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs-html")
    result = sphinx("html", out)
    assert result.returncode == 0, f"sphinx-build -b html failed:\n{result.stdout}\n{result.stderr}"
    return out / "html"


def test_html_builds_without_warnings(html_build: Path) -> None:
    assert (html_build / "index.html").exists()


def test_every_doctest_passes(tmp_path: Path) -> None:
    result = sphinx("doctest", tmp_path)
    report = (tmp_path / "doctest" / "output.txt")
    summary = report.read_text(encoding="utf-8") if report.exists() else ""
    assert result.returncode == 0, f"doctests failed:\n{result.stdout}\n{result.stderr}\n{summary[-4000:]}"
    # the summary must show real tests, all passing: a build that found none is a failure too
    counted = re.search(r"(\d+) tests\s+0 failures in tests", summary)
    assert counted and int(counted.group(1)) > 0, summary[-2000:]


def _page_text(path: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_page_shows_its_chosen_reading_of_every_option(html_build: Path, name: str) -> None:
    page = html_build / "rulesets" / f"{name}.html"
    assert page.exists(), f"no generated page for preset {name!r}"
    raw = page.read_text(encoding="utf-8")
    chosen = re.findall(r'<span class="pre">([^<]+)</span></code> \(<em>chosen</em>\)', raw)
    # one chosen reading per option, in OPTIONS order, each the preset's own value
    assert chosen == [getattr(PRESETS[name], option) for option in OPTIONS]
    text = _page_text(page)
    for option in OPTIONS.values():
        for reading in option.readings:
            assert reading.value in text, f"{name}: reading {reading.value!r} of {option.name!r} missing"
    assert "Worked examples" in text


def test_every_rule_id_has_an_anchor_on_the_sources_page(html_build: Path) -> None:
    raw = (html_build / "sources.html").read_text(encoding="utf-8")
    missing = [rule_id for rule_id in RULES if f'id="std-rule-{rule_id}"' not in raw]
    assert not missing
