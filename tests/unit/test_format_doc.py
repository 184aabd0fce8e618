"""docs/format.md stays true: its list of codes is the checker's table, with each code's Chinese
name from the message catalogue."""

from pathlib import Path

from profile_memory.core.codes import CODES
from profile_memory.core.messages import CODE_NAMES_ZH

FORMAT = Path(__file__).parents[2] / "docs" / "format.md"


def test_the_code_list_is_the_checkers_table():
    rows = [
        tuple(cell.strip() for cell in line.strip("|").split("|"))
        for line in FORMAT.read_text(encoding="utf-8").splitlines()
        if line.startswith("| PM0")
    ]
    assert rows == [
        (c.code, c.name, c.default.label, CODE_NAMES_ZH[c.code]) for c in CODES.values()
    ]
