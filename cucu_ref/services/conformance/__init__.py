"""Conformance vectors and the ``cucu-conformance`` runner (issue 11; ``docs/oracle.rst``).

A *vector* is a deal trace (``cucu-trace/1``) whose ``outcome`` is the expected one and whose
``vector`` block names the rules it exercises, the option readings that decide it (under
another reading its outcome differs), the branches it takes (``features``) and whether its
outcome was checked by hand.  The suite is versioned: ``conformance/v1/`` at the top of the
repository, and the identical copy shipped in the package (``cucu_ref/services/conformance/data/v1/``):

* ``hand-checked.json``: vectors whose expected outcomes were worked out by hand from the
  seeds (and pagat.com for Screw Your Neighbour), each citing its source;
* ``golden/<preset>.jsonl``: vectors generated from the engine, one per line; any change of
  the engine that changes one fails the suite until they are regenerated, deliberately, with
  ``python -m cucu_ref.services.conformance.generate --write`` (which prints the diff to review).

:mod:`cucu_ref.services.conformance.vectors` reads them; :mod:`cucu_ref.services.conformance.runner` runs a
program against them; :mod:`cucu_ref.cli.conformance` is the ``cucu-conformance`` command.
"""

from __future__ import annotations

import os

__all__ = ["VERSION", "PACKAGE_DATA", "REPOSITORY_DATA"]

VERSION = "v1"
PACKAGE_DATA = os.path.join(os.path.dirname(__file__), "data", VERSION)
# the repository's copy, when running from a source tree (absent from an installed wheel)
_REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir))
REPOSITORY_DATA = os.path.join(_REPOSITORY, "conformance", VERSION)
