"""Assurance: the z3 models and proofs, the invariants matrix and the mutation catalogue.

It checks the library from outside: it imports the game, and nothing in the library imports
it (docs/dev/layers.rst).
"""
