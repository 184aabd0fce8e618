"""The MCP write tools refuse an id two entries carry (#24 §3), against a real `pmem mcp` process
on tests/workspaces/months: refused before anyone is asked, naming both lines and the fix, nothing
written."""

from __future__ import annotations

import shutil

import pytest
from features_support import WORKSPACES
from mcp_support import Tree, answering, stdio_client


@pytest.fixture
def months(tmp_path) -> Tree:
    shutil.copytree(WORKSPACES / "months", tmp_path / "months")
    return Tree(tmp_path / "months")


def snapshot(tree: Tree) -> dict[str, bytes]:
    return {
        str(p.relative_to(tree.root)): p.read_bytes()
        for p in sorted(tree.root.rglob("*"))
        if p.is_file() and p.name != ".pmem.lock"
    }


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("profile_evolve", {"id": "PF-20260415-01", "text": "快捷键对齐 VS Code，关掉 Vim 模式"}),
        ("profile_pivot", {"id": "PF-20260415-01", "text": "快捷键用 JetBrains 键位"}),
        ("profile_delete", {"id": "PF-20260415-01"}),
    ],
)
async def test_a_write_to_an_id_two_entries_carry_is_refused_before_anyone_is_asked(
    months: Tree, tool, arguments
):
    before = snapshot(months)
    asked = answering("accept")
    async with stdio_client(months, elicitation=asked) as c:
        result = await c.call_tool(tool, arguments)
    text = result.content[0].text
    assert result.is_error, text
    assert "PF-20260415-01 is carried by 2 entries" in text
    assert "user-profile.md:8 `快捷键对齐 VS Code，保留 Vim 模式`" in text
    assert "user-profile.md:11 `先给结论，再给细节`" in text
    assert "give one of them a new id first" in text
    assert asked.asked == [] and snapshot(months) == before


async def test_an_id_one_entry_carries_is_still_written(months: Tree):
    async with stdio_client(months, elicitation=answering("accept")) as c:
        result = await c.call_tool(
            "profile_evolve",
            {"id": "PF-20260503-01", "text": "组件文件用 PascalCase，hooks 用 useXxx"},
        )
    assert not result.is_error, result.content
    assert "hooks 用 useXxx <!-- PF-20260503-01 -->" in (
        months.project_dir / "project-profile.md"
    ).read_text(encoding="utf-8")
