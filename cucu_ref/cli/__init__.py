"""The command lines: argument parsing, files, jobs and exit codes.

``cucu-adjudicate`` (:mod:`~cucu_ref.cli.adjudicate`) and ``cucu-conformance``
(:mod:`~cucu_ref.cli.conformance`).  The top layer: nothing in the
package imports it (docs/dev/layers.rst).
"""
