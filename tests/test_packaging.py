"""Packaging: the license as a PEP 639 expression with its file, the dependencies the package
imports at run time, and the data files the package reads (issue 12)."""

from __future__ import annotations

import os
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
    PYPROJECT = tomllib.load(f)


def test_license_is_a_pep_639_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"  # a string, not the deprecated {text = ...} table
    assert project["license-files"] == ["LICENSE"]
    with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as f:
        text = f.read()
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    # setuptools reads PEP 639 metadata from version 77 on
    assert PYPROJECT["build-system"]["requires"][0] == "setuptools>=77"


def test_the_schema_library_is_a_dependency_and_jsonschema_only_a_test_one():
    deps = PYPROJECT["project"]["dependencies"]
    assert any(d.startswith("jsonschema-rs") for d in deps)
    assert not any(d.split(">")[0].split("<")[0] == "jsonschema" for d in deps)
    assert any(d.startswith("jsonschema>=") for d in PYPROJECT["project"]["optional-dependencies"]["test"])


def test_package_data_holds_the_schemas_and_the_type_marker():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["cucu_ref"]
    assert "py.typed" in data and "formats/schemas/*.json" in data
    assert os.path.exists(os.path.join(ROOT, "cucu_ref", "py.typed"))


def test_ci_runs_the_lint_and_type_gates_after_the_tests():
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        script = f.read()
    tests = script.index("python -m pytest -n auto")
    lint, types = script.index("ruff check ."), script.index("\nmypy\n")
    assert tests < lint < types
    # the README's test command, word for word (the guide: .ci/run runs that same command)
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "pip install -e '.[test]' && python -m pytest -n auto\n" in f.read()
    extras = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert any(d.startswith("pytest-xdist") for d in extras)
    assert any(d.startswith("ruff") for d in extras) and any(d.startswith("mypy") for d in extras)
    assert PYPROJECT["tool"]["mypy"]["strict"] is True


def _newest_release(changelog: str) -> str:
    import re

    versions = re.findall(r"^## \[([^\]]+)\]", changelog, re.M)
    assert versions[0] == "Unreleased", "the other changes land under [Unreleased], at the top"
    return versions[1]


def test_the_version_is_one_in_pyproject_the_package_and_the_changelog():
    import cucu_ref

    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        changelog = f.read()
    version = PYPROJECT["project"]["version"]
    assert version == "0.2.0"  # the release of issue 31
    assert cucu_ref.__version__ == version
    assert _newest_release(changelog) == version
    assert f"## [{version}] - " in changelog  # a released version carries its date
    with open(os.path.join(ROOT, "docs", "install.rst"), encoding="utf-8") as f:
        assert f"cucu_ref-{version}-py3-none-any.whl" in f.read()
    # the release tools are in the dev extra
    dev = PYPROJECT["project"]["optional-dependencies"]["dev"]
    assert any(d.startswith("build") for d in dev) and any(d.startswith("twine") for d in dev)


def test_the_changelog_keeps_issue_numbers_and_benchmarks_out_of_the_releases():
    import re

    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        changelog = f.read()
    released = changelog[changelog.index("## [0.2.0]"):]
    assert not re.search(r"\bissues? \d+", released)
    assert "bench_" not in released and "frozen" not in released
    assert "## [0.1.0]" in released


def test_version_names_the_package_and_its_rules_data():
    import io

    from cucu_ref import __version__
    from cucu_ref.cli.adjudicate import main
    from cucu_ref.formats.sources import RULES
    from cucu_ref.game.rulesets import PRESETS

    out = io.StringIO()
    assert main(["--version"], stdout=out) == 0
    line = out.getvalue()
    assert line.startswith(f"cucu-adjudicate {__version__} (rules data: {len(PRESETS)} rulesets, ")
    assert f"{len(RULES)} rule IDs, sha256 " in line and line.endswith("; conformance vectors v1)\n")


def test_the_changelog_links_no_address_it_cannot_know():
    # issue 31: the repository's address appears nowhere; a made-up compare link would mislead
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        assert "github.com/cucu-ref" not in f.read()


def test_every_released_entry_is_whole():
    # a merge of an entry another branch rewrote can leave a fragment ("... comes first and"
    # then a blank line): every entry of a release ends as a sentence does
    import re

    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        changelog = f.read()
    released = changelog[changelog.index("## [0.2.0]"):]
    entries = re.findall(r"^- .*?(?=\n(?:- |\n|#)|\Z)", released, re.M | re.S)
    assert len(entries) > 100
    broken = [e[:80] for e in entries if not re.search(r"[.)\"'`:;!]$", e.rstrip())]
    assert broken == [], broken
