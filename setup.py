"""The one build step pyproject.toml cannot say: the gettext catalogs compiled (issue 30).

Each ``cucu_ref/locale/<lang>/LC_MESSAGES/cucu_ref.po`` (the source, in the repository and the
sdist) is compiled with Babel into the ``.mo`` beside it in the build tree, so a wheel (and an
install from the sdist) carries the compiled catalogs and no ``.po``.  A fuzzy entry is left
out, as gettext's own msgfmt does.  A source checkout or an editable install compiles the
``.po`` in memory on first use instead (cucu_ref/formats/i18n.py).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("cucu_ref", "locale").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f:
                catalog = read_po(f)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
        # the sources stay in the sdist only (MANIFEST.in brings them into the build tree too)
        for source in Path(self.build_lib, "cucu_ref", "locale").glob("**/*.po*"):
            source.unlink()


setup(cmdclass={"build_py": BuildWithCatalogs})
