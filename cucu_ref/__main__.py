"""``python -m cucu_ref``: the same as ``cucu-adjudicate``."""

import sys

from .cli import main

sys.exit(main())
