"""The game: cards, the state of a match, the rulesets, the deal, the engine and the showdown.

The bottom layer.  It imports nothing but the standard library and its own modules; every
other layer builds on it (docs/dev/layers.rst).
"""
