"""The MCP confirm decides the skill's own message (#24 §1) on the `agent-months` workspace: its
indented, quoted and numbered proposals, under emoji-decorated headings (§5), never the example in
its fence (§4)."""

from __future__ import annotations

import shutil

from cli_support import WORKSPACES
from mcp_support import Tree, answering, stdio_client


async def test_mcp_confirm_decides_every_proposal_of_the_message(tmp_path, monkeypatch):
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    shutil.copytree(WORKSPACES / "agent-months", tmp_path / "agent-months")
    tree = Tree(tmp_path / "agent-months")
    answer = answering("accept")
    async with stdio_client(tree, elicitation=answer, mode="legacy") as c:
        result = await c.call_tool("confirm", {})
    assert not result.is_error, result.content
    outcome = result.structured_content
    assert outcome["status"] == "written" and len(outcome["ids"]) == 5, outcome
    profile = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    assert profile.count("技术偏好") == 1 and "- 用 uv 管理 Python 依赖 <!-- PF-" in profile
    project = (tree.project_dir / "project-profile.md").read_text(encoding="utf-8")
    assert "## ✨ 设计约定\n- 所有时间存 UTC <!-- PF-" in project
    pending = (tree.project_dir / "profile-pending.md").read_text(encoding="utf-8")
    assert "- [新增][分类] 条目内容" in pending and "[新增][设计约定]" not in pending
