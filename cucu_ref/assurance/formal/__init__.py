"""Formal assurance with z3: a symbolic model of one deal's exchange chain and its proofs.

Imported only by the tests and the CLI (``python -m cucu_ref.assurance.formal``); needs ``z3-solver``
(the ``formal`` extra).  Modules:

* :mod:`.model` — the deal as a transition system, one function for symbolic and concrete runs
  (K4-K15, D2-D7, L2, L7, L8 as read there, L10, Z3, Z5), reading ``Rules`` options only;
  it refuses option readings it does not model (``NotImplementedError``).
* :mod:`.invariants` — well-formedness, conservation, the undo chain (K13), the inn's guarantee.
* ``props`` — the checks: one-step induction lemmas over any state, bounded whole-deal
  unrolling, the showdown over any cards; each with a vacuity check on a known concrete run that
  the engine plays the same way.  ``unknown`` and timeouts are failures.
* :mod:`.crosscheck` — the model against :mod:`cucu_ref.game.engine` on recorded random deals.
* :mod:`.parametric` — the same deal cut into micro-steps that move at most one card each,
  over z3 arrays, so the number of seats is symbolic; it plays the recorded deals as
  :mod:`.model` does (tests/formal/test_parametric.py).
* :mod:`.pproofs` — its inductive invariant (well-formedness, the dealing frontier,
  conservation as a bijection, the undo chain, the undo's progress, the inn's guarantee) and
  the properties (termination, blocked requests, K13's undo), each proved by z3 for EVERY
  table size at once, with a vacuity check on a known run.
* :mod:`.match` — the match beyond one deal (K16-K18, L11, Q1, D8, Z11, S6, K2, K3), written
  from the sources and run two ways; the cross-check and the lockstep machine keep it beside the
  engine over whole matches.  :mod:`.matchproofs` — its invariant by induction and its step
  properties, at each table size, each with a vacuity check on a state a seeded match reached.
* ``plan`` — which property, which method, which sizes, per profile (``ci`` / ``long``).

Long run::

    python -m cucu_ref.assurance.formal --profile long --sizes 2-20 --json > formal-long.jsonl
"""
