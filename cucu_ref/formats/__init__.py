"""The formats: parse/format pairs over the game's values.

``cucu-position/1`` (:mod:`~cucu_ref.formats.position`), the deal notation
(:mod:`~cucu_ref.formats.notation`), the deal trace (:mod:`~cucu_ref.formats.trace`), the
words of each game (:mod:`~cucu_ref.formats.vocabulary`) and the sources cited
(:mod:`~cucu_ref.formats.sources`).  They import the game layer only (docs/dev/layers.rst).
"""
