"""Helpers for unit tests: in-memory workspaces and builders of profile and log text."""

from __future__ import annotations

from pathlib import Path, PurePath

from profile_memory.core.config import Settings
from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.rules import check_path
from profile_memory.core.workspace import MemoryProvider, Workspace

USER_DIR = "/home/me/.cursor/profile"
PROJECT_DIR = "/repo/.cursor/profile"


def memory_workspace(files: dict[str, str | bytes], **settings) -> Workspace:
    return Workspace(MemoryProvider(files), Settings(**settings), PurePath(USER_DIR))


def diagnose(files: dict[str, str | bytes], path: str, **settings) -> list[Diagnostic]:
    return check_path(memory_workspace(files, **settings), PurePath(path))


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


LOG_HEAD = "# User Profile Log\n\n## 记录\n\n"


def record(
    anchor: str,
    date: str = "2026-04-12",
    op: str = "新增",
    summary: str = "偏好 React",
    category: str = "技术偏好",
    title: str = "标题",
    extra: str = "",
    drop: str = "",
) -> str:
    fields = {
        "分类": category,
        "精简版": summary,
        "原始上下文": '"原话"',
        "来源对话": "[对话](chat-1)",
        "操作": op,
    }
    body = "".join(f"- **{k}**: {v}\n" for k, v in fields.items() if k != drop)
    return f"### [{anchor}] {date} — {title}\n{body}{extra}\n"


class FixtureTree:
    """The layout of a copied fixture (`tests/workspaces/NAME`): the user's home and a project."""

    root: Path

    @property
    def repo(self) -> Path:
        return self.root / "repo"

    @property
    def user_dir(self) -> Path:
        return self.root / "home" / ".cursor" / "profile"

    @property
    def project_dir(self) -> Path:
        return self.repo / ".cursor" / "profile"
