"""Shared helpers: in-memory workspaces for unit tests, and the fixture trees under tests/workspaces/."""

from __future__ import annotations

from pathlib import Path, PurePath

import pytest

from profile_memory.core.config import Settings
from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.rules import check_path
from profile_memory.core.workspace import MemoryProvider, Workspace

WORKSPACES = Path(__file__).parent / "workspaces"
USER_DIR = "/home/me/.cursor/profile"
PROJECT_DIR = "/repo/.cursor/profile"


def memory_workspace(files: dict[str, str | bytes], **settings) -> Workspace:
    return Workspace(MemoryProvider(files), Settings(**settings), PurePath(USER_DIR))


def diagnose(files: dict[str, str | bytes], path: str, **settings) -> list[Diagnostic]:
    return check_path(memory_workspace(files, **settings), PurePath(path))


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


@pytest.fixture
def workspaces() -> Path:
    return WORKSPACES
