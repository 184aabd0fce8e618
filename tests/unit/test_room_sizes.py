"""Rooms of one concern each (ARCHITECTURE.md): no module of the server over 800 lines, no
function over 80, so that the next change finds a small place to go (#23)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "server" / "profile_memory"
MODULES = sorted(SERVER.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SERVER)))
def test_a_module_and_its_functions_are_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 800, f"{path.name}: over 800 lines"
    too_long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > 80
    ]
    assert not too_long, f"{path.name}: functions over 80 lines: {too_long}"
