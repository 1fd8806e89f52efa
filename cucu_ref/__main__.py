"""``python -m cucu_ref``: the same as ``cucu-adjudicate``."""

import sys

from .cli.adjudicate import main

sys.exit(main())
