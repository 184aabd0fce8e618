"""The README stays true: its diagnostics table is the checker's table."""

from pathlib import Path

from profile_memory.core.codes import CODES

README = Path(__file__).parents[2] / "README.md"


def test_diagnostics_table_matches_the_codes():
    rows = [
        line.split(" | ")
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("| PM0")
    ]
    table = {row[0].lstrip("| "): row for row in rows}
    assert sorted(table) == sorted(CODES)
    for code, info in CODES.items():
        row = table[code]
        assert (
            row[1] == info.name and row[2].startswith(info.default.label) and row[3] == info.meaning
        ), code


def test_quick_start_has_the_two_commands_ci_runs():
    text = README.read_text(encoding="utf-8")
    ci = (Path(__file__).parents[2] / ".ci" / "run").read_text()
    test_command = (
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest"
    )
    assert test_command in text and test_command in ci
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/pmem demo" in text
