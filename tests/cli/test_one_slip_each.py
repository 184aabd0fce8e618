"""One slip, one finding, on every shape, through the real `pmem` (docs/format.md, "Tolerant
reading"): a project whose agent writes three-digit sequences (`PF-20260412-001`) and files a
record under a 分类 that is no heading; a user log in Traditional Chinese with a heading that
carries two ids and an unknown operation word."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem

PROJECT, PROJECT_LOG = "project-profile.md", "project-profile-log.md"
USER, USER_LOG = "user-profile.md", "user-profile-log.md"

TRADITIONAL_KEY_LINES = [6, 7, 9, 13, 14, 16, 27, 28, 30, 34, 35, 37, 41, 42, 44]

FINDINGS = sorted(
    [
        *[(PROJECT_LOG, line, "PM004") for line in (5, 12, 19, 26, 33)],  # no PM018 beside them
        *[(PROJECT, line, "PM004") for line in (4, 7, 8, 11)],
        (PROJECT, 8, "PM019"),  # 同步与存储 is no heading: said at the entry, not in the log
        *[(USER_LOG, line, "PM018") for line in TRADITIONAL_KEY_LINES if line not in (27, 28, 30)],
        (USER_LOG, 19, "PM016"),  # two ids
        (USER_LOG, 38, "PM018"),  # 演進
        (USER_LOG, 45, "PM013"),  # 變動
        (USER, 11, "PM019"),  # 工作习惯 is no heading
    ]
)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / "one-slip", tmp_path / "ws")
    return tmp_path / "ws"


def pmem(root: Path, *args: str):
    return run_pmem(
        *args, cwd=root / "repo", env={"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    )


def diagnostics(root: Path) -> list[dict]:
    return json.loads(pmem(root, "check", "--format", "json").out)


def findings(root: Path) -> list[tuple[str, int, str]]:
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in diagnostics(root))


def message(root: Path, name: str, line: int, code: str) -> str:
    (found,) = [
        d["message"]
        for d in diagnostics(root)
        if Path(d["path"]).name == name and d["line"] == line and d["code"] == code
    ]
    return found


def text(root: Path, name: str) -> str:
    folder = "home" if name.startswith("user") else "repo"
    return (root / folder / ".cursor" / "profile" / name).read_text(encoding="utf-8")


def test_each_slip_gets_one_finding_that_says_what_is_wrong(root):
    assert findings(root) == FINDINGS
    assert "it reads as PF-20260412-01" in message(root, PROJECT_LOG, 5, "PM004")
    assert "two ids `[PF-20260605-01][PF-20260605-02]`" in message(root, USER_LOG, 19, "PM016")
    assert "no date" not in message(root, USER_LOG, 19, "PM016")
    assert "`分類` is the Traditional spelling of the key `分类`" in message(
        root, USER_LOG, 6, "PM018"
    )
    assert "`演進` is the Traditional spelling of `演进`" in message(root, USER_LOG, 38, "PM018")
    # told in the file's own script what it may write
    assert "expected 新增/演進/轉向/刪除/恢復" in message(root, USER_LOG, 45, "PM013")
    assert "`同步与存储`, which is no heading of project-profile.md" in message(
        root, PROJECT, 8, "PM019"
    )


def test_traditional_words_are_read_as_their_twins(root):
    (match,) = json.loads(pmem(root, "trace", "--json", "PF-20260602-01").out)["matches"]
    assert [(r["operation"], r["fields"]["summary"]) for r in match["records"]] == [
        ("add", "偏好 Go 写 CLI 工具"),
        ("evolve", "偏好 Rust 写 CLI 工具"),
    ]
    assert match["state"] == "live"


def test_fix_rewrites_ids_and_keys_and_leaves_what_it_cannot_decide(root):
    before = text(root, USER_LOG)
    result = pmem(root, "fix")
    assert result.code == 0, result.err
    after = text(root, USER_LOG)
    assert "分類" not in after and "精簡版" not in after and "來源對話" not in after
    assert "- **操作**: 演进（偏好 Go 写 CLI 工具 → 偏好 Rust 写 CLI 工具）" in after
    # values are the person's, untouched: a Traditional category and context stay as written
    assert "- **分类**: 審美與設計" in after and '"太鮮艷的顏色看著累"' in after
    assert before.count("\n") == after.count("\n")
    assert "### [PF-20260605-01][PF-20260605-02] 2026-06-05" in after  # no guess between two ids
    assert "PF-20260412-001" not in text(root, PROJECT) + text(root, PROJECT_LOG)
    assert findings(root) == [
        (PROJECT, 8, "PM019"),
        (USER_LOG, 19, "PM016"),
        (USER_LOG, 45, "PM013"),
        (USER, 11, "PM019"),
    ]


def test_write_commands_take_a_three_digit_id_for_the_id_it_means(root):
    result = pmem(root, "evolve", "PF-20260412-002", "桌面端用 Tauri 2.1 + Rust 🦀")
    assert result.code == 0, result.err
    assert "PF-20260412-002 is read as PF-20260412-02" in result.err
    assert "- **操作**: 演进（桌面端用 Tauri 2 + Rust → 桌面端用 Tauri 2.1 + Rust 🦀）" in text(
        root, PROJECT_LOG
    )
    traced = pmem(root, "trace", "PF-20260503-001")
    assert traced.code == 0, traced.err
    assert traced.out.startswith("PF-20260503-01 · live")
    deleted = pmem(root, "delete", "PF-20260520-001")
    assert deleted.code == 0, deleted.err
    assert "thiserror" not in text(root, PROJECT)
    assert "not a valid anchor id" in pmem(root, "evolve", "PF-2026041-2", "x").err
