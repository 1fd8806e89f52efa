"""The rules of a deal and of a match, grouped as a rulebook groups them.

Each module holds one part of the game, and each rule is written once, in one function
that cites its rule IDs (``docs/engine.rst`` has the table of rule ID -> function):

==================  ==========================================================================
``table``           the scratch a step works on (:class:`~cucu_ref.game.rulebook.table.Table`); moving cards (K7, K8)
``dealing``         the shuffle (C1), the deal (K4, L2, F2), seating by draw (K2)
``turn_order``      whose turn comes next (K6, K10-K14's play on, Q2)
``turns``           a turn: keep and offer (K5, K7), the request (K7), the dealer's last
                    decision (K8, S4), the talon (F4), refusing by paying (Q9)
``cuckoo``          the cuckoo (K10)
``hunter``          the hunter (K11)
``horse``           the horse (K12)
``cat``             the cat (K13, Z5), K13's undo and L8's way back
``inn``             the inn (K14, L7, D6)
``showdown``        the showdown call (K15); the comparison itself is :mod:`cucu_ref.game.scoring`'s
``match``           marks lost and gained during a deal (K15, K16, L10), buying back (K17,
                    L11, Q1, Q7), everybody out (K18, D8, Z11, S6), the winner (K3), the
                    next dealer (K2, D2)
==================  ==========================================================================

The public API is :mod:`cucu_ref.game.engine`'s; nothing here is imported by this package's
``__init__`` (each module imports only those below it: table <- dealing <- match <-
showdown <- turn_order <- the event cards <- turns <- engine).
"""
