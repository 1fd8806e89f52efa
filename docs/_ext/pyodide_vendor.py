"""Vendor what the page "Rule a deal in your browser" runs (issue 31), at docs build time.

* **Pyodide**, the npm package ``pyodide`` at the pinned :data:`VERSION`, fetched once with
  ``npm pack`` from the npm registry into a cache folder (``docs/_vendor/``, gitignored; or
  ``$CUCU_PYODIDE_CACHE``) and checked against the registry's :data:`INTEGRITY` (sha512) every
  time it is used.  Only the five files the page loads are copied into the built site.
* **the cucu-ref wheel**, built from this checkout by ``pip wheel --no-deps`` (in a copy of
  the tree, so a build never writes into the checkout), cached by a digest of its sources;
* **confusable-homoglyphs**, the package's one pure-Python dependency, as installed beside the
  docs build (its files zipped as they are: nothing is downloaded for it).

Nothing is fetched when the page runs: the built site holds it all, so the page works offline
once loaded.  Where something is missing, :func:`vendor` says what and how to add it, and the
page says so instead of ruling; the docs still build.

Run by hand: ``python docs/_ext/pyodide_vendor.py`` fetches and checks Pyodide (``.ci/run``
does this before the tests); ``--check`` only checks the cache.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

VERSION = "314.0.8"
# the npm registry's "dist.integrity" of pyodide@314.0.8 (npm view pyodide@314.0.8 dist.integrity)
INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
# what the page loads of the package (pyodide.mjs, imported by the page's worker, loads the others from its folder)
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
# the files of the checkout a wheel is built from (setup.py compiles the gettext catalogs, issue 30)
BUILD_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "babel.cfg", "README.md", "LICENSE")
HOW_TO_ADD = "python docs/_ext/pyodide_vendor.py (fetches pyodide@{v} with npm from the npm registry, once)"


def cache_dir() -> Path:
    return Path(os.environ.get("CUCU_PYODIDE_CACHE") or DOCS / "_vendor")


def tarball() -> Path:
    return cache_dir() / f"pyodide-{VERSION}.tgz"


def integrity_of(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode("ascii")


def check() -> str | None:
    """None where the cached Pyodide is there and has the pinned hash, else what is wrong."""
    path = tarball()
    if not path.exists():
        return f"Pyodide {VERSION} is not in {path.parent}"
    if integrity_of(path) != INTEGRITY:
        return f"{path} does not have the pinned hash of pyodide@{VERSION}: remove it and fetch it again"
    return None


def fetch() -> str | None:
    """Fetch pyodide@VERSION with npm into the cache (where it is not there yet) and check it;
    None when done, else why not."""
    if check() is None:
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed (Debian: apt-get install -y npm)"
    cache_dir().mkdir(parents=True, exist_ok=True)
    # packed into a folder of its own, checked, then moved in whole: two builds at once (the
    # test workers) never see half a file, and a file without the pinned hash is never kept
    with tempfile.TemporaryDirectory(dir=cache_dir()) as tmp:
        try:
            # one try, a minute at most: a machine without the registry gets its answer soon
            subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--pack-destination", tmp, "--fetch-retries=0",
                            "--fetch-timeout=60000"], check=True, capture_output=True, timeout=120)
        except (subprocess.SubprocessError, OSError) as exc:
            return f"npm pack pyodide@{VERSION} failed: {exc}"
        packed = Path(tmp) / tarball().name
        if not packed.exists() or integrity_of(packed) != INTEGRITY:
            return f"npm pack pyodide@{VERSION} gave a file without the pinned hash"
        os.replace(packed, tarball())
    return check()


def _sources_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "cucu_ref").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for name in BUILD_FILES:
        if (ROOT / name).exists():
            digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
    return digest.hexdigest()[:16]


def prune_wheels(keep: Path) -> list[Path]:
    """Remove the cached wheels of other sources than ``keep``'s (one per edit of the package
    would pile up in the cache: issue 31); the folders removed."""
    gone = [f for f in sorted(keep.parent.glob("wheel-*")) if f.is_dir() and f != keep]
    for folder in gone:
        shutil.rmtree(folder, ignore_errors=True)
    return gone


def build_wheel() -> tuple[Path | None, str | None]:
    """The cucu-ref wheel of this checkout (``pip wheel --no-deps``, cached by its sources;
    only the current one is kept)."""
    folder = cache_dir() / f"wheel-{_sources_digest()}"
    found = sorted(folder.glob("cucu_ref-*.whl")) if folder.exists() else []
    if found:
        prune_wheels(folder)
        return found[0], None
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT / "cucu_ref", tree / "cucu_ref", ignore=shutil.ignore_patterns("__pycache__"))
        for name in BUILD_FILES:
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, tree / name)
        try:
            subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(Path(tmp) / "out"),
                            str(tree)], check=True, capture_output=True, timeout=300)
        except (subprocess.SubprocessError, OSError) as exc:
            return None, f"the cucu-ref wheel did not build (pip wheel --no-deps): {exc}"
        built = sorted((Path(tmp) / "out").glob("cucu_ref-*.whl"))
        if not built:
            return None, "pip wheel built no cucu-ref wheel"
        staged = Path(tmp) / "staged"
        staged.mkdir()
        shutil.copy2(built[0], staged / built[0].name)
        folder.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # whole, or not at all where another build was first
            os.replace(staged, folder)
        prune_wheels(folder)
        return sorted(folder.glob("cucu_ref-*.whl"))[0], None


def zip_dependency(name: str, out: Path) -> str | None:
    """An installed pure-Python package's files as a zip the page unpacks into site-packages."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return f"the package {name} is not installed where the docs build"
    folder = Path(next(iter(spec.submodule_search_locations)))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, Path(name) / path.relative_to(folder))
    return None


class Vendored(NamedTuple):
    missing: list[str]  # what is missing, each with how to add it; [] when the page can rule
    files: list[str]  # written under the target folder


def vendor(target: Path, fetch_if_missing: bool = True) -> Vendored:
    """Write into ``target`` (the built site's ``_static/rule/``) what the page runs."""
    missing: list[str] = []
    files: list[str] = []
    target.mkdir(parents=True, exist_ok=True)
    problem = fetch() if fetch_if_missing else check()
    if problem is None:
        out = target / "pyodide"
        out.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball()) as tar:
            for name in FILES:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise RuntimeError(f"pyodide@{VERSION} has no {name}")
                (out / name).write_bytes(member.read())
                files.append(f"pyodide/{name}")
    else:
        missing.append(f"{problem}; to add it: {HOW_TO_ADD.format(v=VERSION)}")
    wheel, why = build_wheel()
    if wheel is None:
        missing.append(f"{why}; to add it: pip install build setuptools>=77, then build the docs again")
    else:
        shutil.copy2(wheel, target / wheel.name)
        files.append(wheel.name)
    why = zip_dependency("confusable_homoglyphs", target / "confusable_homoglyphs.zip")
    if why is None:
        files.append("confusable_homoglyphs.zip")
    else:
        missing.append(f"{why}; to add it: pip install -e . (it is a dependency of cucu-ref)")
    return Vendored(missing, files)


if __name__ == "__main__":
    problem = check() if "--check" in sys.argv[1:] else fetch()
    print(problem or f"pyodide@{VERSION}: {tarball()} has the pinned hash")
    sys.exit(1 if problem else 0)
