"""The services: what turns a document into a ruling, a picture or a conformance run.

The adjudicator (:mod:`~cucu_ref.services.adjudication`), the text and JSON rulings
(:mod:`~cucu_ref.services.render`), the diagrams, and the conformance kit.  They import the
game and the formats, never a command line (docs/dev/layers.rst).
"""
