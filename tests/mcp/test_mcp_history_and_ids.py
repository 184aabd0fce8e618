"""`pmem mcp`'s writes on months of agent writing: an evolve in a log written newest-first takes
OLD from the latest record by date (docs/format.md, "History"), and an id written with a
three-digit sequence is taken for the id it means, named in the question (docs/format.md,
"Anchors")."""

from __future__ import annotations

import shutil

from features_support import WORKSPACES
from mcp import Client
from mcp_support import AGENT, Tree, answering
from profile_memory.mcp_server import Door, create_server


def copied(tmp_path, monkeypatch, name: str) -> Tree:
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    shutil.copytree(WORKSPACES / name, tmp_path / name)
    return Tree(tmp_path / name)


def client(tree: Tree, elicitation) -> Client:
    return Client(
        create_server(Door(tree.repo, str(tree.user_dir), False)),
        client_info=AGENT,
        elicitation_callback=elicitation,
    )


async def test_an_evolve_in_a_newest_first_log_takes_old_from_the_latest_by_date(
    tmp_path, monkeypatch
):
    tree = copied(tmp_path, monkeypatch, "history-by-date")
    yes = answering("accept")
    async with client(tree, yes) as c:
        result = await c.call_tool(
            "profile_evolve",
            {"id": "PF-20260105-01", "text": "🎨 偏好极简界面，深色主题优先，高对比"},
        )
    assert result.structured_content["status"] == "written", result
    log = (tree.user_dir / "user-profile-log.md").read_text(encoding="utf-8")
    last = log.rstrip("\n").splitlines()[-1]
    assert "深色主题优先 → 🎨 偏好极简界面" in last  # not the add's `🎨 偏好极简界面`


async def test_a_three_digit_id_is_taken_for_the_id_it_means(tmp_path, monkeypatch):
    tree = copied(tmp_path, monkeypatch, "one-slip")
    yes = answering("accept")
    async with client(tree, yes) as c:
        result = await c.call_tool(
            "profile_evolve", {"id": "PF-20260412-002", "text": "桌面端用 Tauri 2.1 + Rust"}
        )
    assert result.structured_content["status"] == "written", result
    (asked,) = yes.asked
    assert "evolve PF-20260412-02 in the project profile" in asked
    log = (tree.project_dir / "project-profile-log.md").read_text(encoding="utf-8")
    assert "演进（桌面端用 Tauri 2 + Rust → 桌面端用 Tauri 2.1 + Rust）" in log
