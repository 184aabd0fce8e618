"""In-process MCP tests: the SDK's own client against `pmem mcp`'s server over memory streams, on a
copy of the `clean` fixture (helpers in `tests/mcp_support.py`)."""

from __future__ import annotations

import shutil

import pytest
from features_support import WORKSPACES
from mcp_support import Tree


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Tree:
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    # English, whatever this machine's locale (a test that wants Chinese sets LANG)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C")
    shutil.copytree(WORKSPACES / "clean", tmp_path / "clean")
    return Tree(tmp_path / "clean")
