"""Frozen reference code the tests compare the package against (see each module's header)."""
