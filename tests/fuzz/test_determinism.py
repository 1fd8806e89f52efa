"""The same input gives byte-identical output under any PYTHONHASHSEED, in text and JSON, in
single-file and batch mode, and with any --jobs (issue 12 finding 2; issue 13).

Each run is a fresh interpreter (the hash seed is fixed at start-up), so these are subprocess
tests; the inputs are the 3-player 'here' position with three unknown dealt cards that showed
the fault, every example, and the hostile corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from corpus import EXAMPLE_PATHS, HERE_THREE_UNKNOWN, HOSTILE, IN_CI, ROOT

# seeds: 0 disables randomisation; the others were among those that showed the fault
SEEDS = ["0", "1", "2", "4294967295"] if not IN_CI else ["0", "1", "4294967295"]


def run(args, seed, stdin=b""):
    env = dict(os.environ, PYTHONPATH=ROOT, PYTHONHASHSEED=seed)
    done = subprocess.run([sys.executable, "-m", "cucu_ref", *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=env, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def here_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("det") / "here-three-unknown.json"
    path.write_text(json.dumps(HERE_THREE_UNKNOWN))
    return str(path)


@pytest.fixture(scope="module")
def batch_file(tmp_path_factory):
    lines = []
    for p in EXAMPLE_PATHS:
        with open(p, encoding="utf-8") as f:
            lines.append(json.dumps(json.load(f)).encode())
    lines += [data for name, data in HOSTILE if b"\n" not in data and not name.startswith("F5 ")]
    path = tmp_path_factory.mktemp("det") / "batch.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return str(path)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_here_position_is_the_same_under_every_hash_seed(here_file, fmt):
    outs = {seed: run(["--format", fmt, here_file], seed) for seed in SEEDS}
    assert b"\n  If " in outs["0"] or b'"when"' in outs["0"]  # it does list cases of unknown cards
    assert len(set(outs.values())) == 1, {s: len(o) for s, o in outs.items()}


def test_every_example_is_the_same_under_every_hash_seed():
    outs = {seed: run(["--format", "json", *EXAMPLE_PATHS], seed) for seed in SEEDS[:2]}
    assert len(set(outs.values())) == 1


def test_a_batch_is_the_same_under_every_hash_seed_and_every_jobs(batch_file):
    outs = {(seed, "1"): run(["--batch", batch_file], seed) for seed in SEEDS}
    outs[(SEEDS[1], "2")] = run(["--batch", "--jobs", "2", batch_file], SEEDS[1])
    with open(batch_file, "rb") as f:
        data = f.read()
    outs[(SEEDS[0], "3")] = run(["--batch", "--jobs", "3", "-"], SEEDS[0], stdin=data)
    assert len(set(outs.values())) == 1, {k: len(o) for k, o in outs.items()}
    lines = data.split(b"\n")[:-1]
    assert len(outs[(SEEDS[0], "1")].split(b"\n")[:-1]) == sum(1 for x in lines if x.strip(b" \t\r"))


def test_several_files_with_jobs_are_in_order_and_the_same(here_file):
    files = [*EXAMPLE_PATHS[:6], here_file, *EXAMPLE_PATHS[6:10]]
    for fmt in ("text", "json"):
        one = run(["--format", fmt, *files], "0")
        assert run(["--format", fmt, "--jobs", "2", *files], "1") == one
