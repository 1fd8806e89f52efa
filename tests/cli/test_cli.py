"""The command line: help, --rulesets, --batch, stdin, several files, exit codes (subprocess)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.rulesets import OPTIONS, PRESETS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EX = os.path.join(ROOT, "examples")


def test_help_documents_exit_codes_and_limits(capsys):
    assert main(["--help", "--long"]) == 0
    text = capsys.readouterr().out
    for words in ("exit codes", "0  a ruling", "1  the position is invalid", "2  usage error", "3  internal error",
                  "1 MiB", "64 levels", "--batch", "--rulesets"):
        assert words in text


def test_help_is_short_and_opens_with_usage(capsys):
    # issue 31: --help ran to 94 lines opening with the schema; the whole is --help --long
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: cucu-adjudicate")
    assert len(text.splitlines()) < 70 and "schema" not in text.split("options:")[0]
    assert "exit codes: 0 a ruling, 1 " in text and "--help --long" in text
    assert main(["--help", "--long"]) == 0
    assert len(capsys.readouterr().out.splitlines()) > len(text.splitlines()) + 20


def test_rulesets_lists_the_names_first_and_one_in_full_on_request(capsys):
    # issue 31: --rulesets printed 800 lines with no list of names first
    from cucu_ref.game.rulesets import PRESET_INFO, open_options

    assert main(["--rulesets"]) == 0
    short = capsys.readouterr().out
    assert len(short.splitlines()) < len(PRESETS) + 10
    for name in PRESETS:
        line = rf"^  {re.escape(name)} +{re.escape(PRESET_INFO[name].title)} \(\d+ open points?\)$"
        assert re.search(line, short, re.M)
    # Ranter-Go-Round's source settles every option it meets (rulesets.py: no open point)
    assert re.search(r"^  ranter-go-round +Ranter-Go-Round \(0 open points\)$", short, re.M)
    assert open_options("ranter-go-round") == ()
    assert main(["--rulesets", "lu-stu"]) == 0
    one = capsys.readouterr().out
    assert one.startswith("lu-stu: Lu Stù of Montorio al Vomano") and "campli: " not in one
    assert main(["--rulesets", "--long"]) == 0
    whole = capsys.readouterr().out
    assert one.split("\n\nThe named options")[0].strip() in whole and len(whole) > 10 * len(short)
    assert main(["--rulesets", "nosuch"]) == 2


def test_rulesets_text_and_json(capsys):
    assert main(["--rulesets"]) == 0
    text = capsys.readouterr().out
    for name in PRESETS:  # read dynamically: new presets appear without changes here
        assert name in text
    assert main(["--rulesets", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {p["name"] for p in data["presets"]} == set(PRESETS)
    assert {o["name"] for o in data["options"]} == set(OPTIONS)
    ties = next(o for o in data["options"] if o["name"] == "ties")
    assert any(r["value"] == "first" and r["source"].startswith("L3 (G. Di Luigi") for r in ties["readings"])


def test_batch_bad_line_gets_error_record_and_rest_go_on(capsys):
    with open(os.path.join(EX, "campli-cat-undo.json"), encoding="utf-8") as f:
        good = f.read().replace("\n", " ")
    lines = "\n".join([good, "{not json", "[]", good, ""]) + "\n"
    code = main(["--batch", "-"], stdin=io.BytesIO(lines.encode()))
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [r["status"] for r in out] == ["ruling", "invalid", "invalid", "ruling"]
    assert [r["input"] for r in out] == ["line 1", "line 2", "line 3", "line 4"]


def test_stdin_and_several_files(capsys):
    with open(os.path.join(EX, "campli-one-fool.json"), "rb") as f:
        data = f.read()
    assert main(["-"], stdin=io.BytesIO(data)) == 0
    assert "<stdin>" in capsys.readouterr().out
    code = main([os.path.join(EX, "campli-one-fool.json"), os.path.join(EX, "campli-illegal-history.json")])
    assert code == 1  # the worst of the inputs
    assert main(["-", "-"], stdin=io.BytesIO(data)) == 2


def test_internal_error_is_a_message_not_a_traceback(capsys, monkeypatch):
    import cucu_ref.services.adjudication as adjudication

    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(adjudication, "adjudicate", boom)
    assert main([os.path.join(EX, "campli-one-fool.json")]) == 3
    out, err = capsys.readouterr()
    assert "internal error: RuntimeError: kaboom" in out and "Traceback" not in out + err
    assert main(["--debug", os.path.join(EX, "campli-one-fool.json")]) == 3
    assert "Traceback" in capsys.readouterr().err


def run(*args, stdin: bytes = b""):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "cucu_ref", *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=env, timeout=60)


def test_exit_codes_by_subprocess():
    assert run("examples/campli-cat-undo.json").returncode == 0
    bad = run("examples/campli-illegal-history.json")
    assert bad.returncode == 1 and b"cannot have happened" in bad.stdout
    assert run().returncode == 2
    empty = run("-", stdin=b"")
    assert empty.returncode == 1 and b"empty input" in empty.stdout and b"Traceback" not in empty.stderr


def test_cli_does_not_import_heavy_modules():
    code = ("import sys, cucu_ref.cli.adjudicate as c; c.main(['examples/campli-cat-undo.json']); "
            "print(sorted(m for m in ('z3', 'hypothesis', 'jsonschema') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, timeout=60,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    assert out.stdout.decode().strip().splitlines()[-1] == "[]"
