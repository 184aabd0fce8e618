"""History by date through the real `pmem` (docs/format.md, "History"): months of records with a
back-filled add ("补记") in the project log and a user log written newest-first. Each gives one
PM051 and nothing else; `trace` shows the latest record by date; `evolve` and `pivot` take OLD
from it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_support import WORKSPACES, run_pmem

PROJECT_LOG = "project-profile-log.md"
USER_LOG = "user-profile-log.md"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / "history-by-date", tmp_path / "ws")
    return tmp_path / "ws"


def pmem(root: Path, *args: str):
    return run_pmem(
        *args, cwd=root / "repo", env={"PMEM_USER_DIR": str(root / "home" / ".cursor" / "profile")}
    )


def findings(root: Path) -> list[tuple[str, int, str]]:
    result = pmem(root, "check", "--format", "json")
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in json.loads(result.out))


def log_text(root: Path, name: str) -> str:
    folder = "home" if name.startswith("user") else "repo"
    return (root / folder / ".cursor" / "profile" / name).read_text(encoding="utf-8")


def test_a_back_filled_add_and_a_newest_first_log_give_one_finding_each(root):
    assert findings(root) == [(PROJECT_LOG, 33, "PM051"), (USER_LOG, 12, "PM051")]
    out = pmem(root, "check").out
    assert "newest-first (5 records" in out  # the whole user log, said once


def test_trace_calls_the_latest_record_by_date_the_latest(root):
    result = pmem(root, "trace", "PF-20260402-01")
    assert result.code == 0, result.err
    assert f"latest record: .cursor/profile/{PROJECT_LOG}:19" in result.out
    assert "2026-04-02  新增  前端框架（补记）" in result.out  # the earlier record, back-filled
    (match,) = json.loads(pmem(root, "trace", "--json", "PF-20260402-01").out)["matches"]
    assert [r["date"] for r in match["records"]] == ["2026-04-02", "2026-04-20"]
    assert match["state"] == "live"
    (match,) = json.loads(pmem(root, "trace", "--json", "PF-20260105-01").out)["matches"]
    assert [r["date"] for r in match["records"]] == ["2026-01-05", "2026-02-25"]


def test_evolve_in_a_newest_first_log_takes_old_from_the_latest_record_by_date(root):
    result = pmem(
        root,
        "evolve",
        "PF-20260110-01",
        "偏好 TypeScript 全栈，后端 Bun + Hono",
        "--context",
        "路由用 Hono",
        "--source",
        "[框架](chat-0200)",
    )
    assert result.code == 0, result.err
    last = log_text(root, USER_LOG).rstrip("\n").splitlines()[-1]
    assert last.startswith("- **操作**: 演进（偏好 TypeScript 全栈") and "后端 Bun →" in last
    # still one finding for the newest-first log, and no PM050 on the new record
    assert findings(root) == [(PROJECT_LOG, 33, "PM051"), (USER_LOG, 12, "PM051")]


def test_evolve_and_pivot_take_old_from_the_latest_record_by_date(root):
    result = pmem(
        root, "evolve", "PF-20260402-01", "前端用 Svelte 5 + SvelteKit", "--context", "上 Kit"
    )
    assert result.code == 0, result.err
    assert "- **操作**: 演进（前端用 Svelte 5 🚀 → 前端用 Svelte 5 + SvelteKit）" in log_text(
        root, PROJECT_LOG
    )
    # the newest-first user log: the latest 精简版 by date is the evolve's, written above its add
    result = pmem(root, "pivot", "--scope", "user", "PF-20260105-01", "偏好信息密集的界面")
    assert result.code == 0, result.err
    last = [line for line in log_text(root, USER_LOG).splitlines() if line.startswith("- **操作**")]
    assert "深色主题优先 → 偏好信息密集的界面）" in last[-1]
    assert findings(root) == [(PROJECT_LOG, 33, "PM051"), (USER_LOG, 12, "PM051")]
