"""German and Danish write the genitive of a name ending in an s sound with the apostrophe alone
('Jens' kort', 'Jens' Karte'; Duden and Retskrivningsordbogen), where the catalogs write
'{player}s': a table's ruling said 'Jenss kort' (found writing fresh positions, issue 24 §2)."""

import subprocess
import sys

import pytest

from test_fresh_positions import DIGITAL_DA

# the fresh Danish position with Jens holding the cat (D5): Lars offers to Jens's XII
JENS_HOLDS_THE_CAT = DIGITAL_DA.replace("Sofie", "@").replace("Jens", "Sofie").replace("@", "Jens")


@pytest.mark.parametrize("language, words", [("da", "tilbudt til Jens' XII kat"),
                                             ("de", "Tauschangebot an Jens' XII kat"),
                                             ("en", "offered to Jens's XII kat")])
def test_a_name_ending_in_s_takes_the_apostrophe(tmp_path, language, words):
    path = tmp_path / "deal.txt"
    path.write_text(JENS_HOLDS_THE_CAT, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cucu_ref.cli.adjudicate", str(path), "--language", language],
                         capture_output=True, text=True, check=False).stdout
    assert words in out.splitlines()[1]
    assert "Jenss" not in out


def test_only_a_whole_name_ending_in_s_is_changed():
    from cucu_ref.formats import i18n

    with i18n.speaking("da"), i18n.keeping(["Jens", "Mette", "Klaus"]):
        # Mette's genitive keeps its s; a word that only begins with a name is not a name
        assert i18n.polished("Mettes kort, Jenss kort, Jenssen, Klauss hest") == \
            "Mettes kort, Jens' kort, Jenssen, Klaus' hest"
