"""The MCP `recall` tool names a file it could not read, and why, in the CLI's words: a block is
never left out silently (docs/format.md, "Recall")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_pmem
from mcp import Client
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, create_server


def client(tree: Tree) -> Client:
    return Client(create_server(Door(tree.repo, str(tree.user_dir))), client_info=AGENT)


def _link_fact(tree: Tree, tmp_path: Path) -> Path:
    fact = tree.repo / "memory" / "FACT.md"
    fact.parent.mkdir(exist_ok=True)
    fact.unlink(missing_ok=True)
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_text("- 不该被读到 🙈\n", encoding="utf-8")
    fact.symlink_to(elsewhere)
    return fact


@pytest.mark.parametrize("format", ["text", "markdown", "json"])
async def test_a_fact_md_that_is_a_link_is_named_with_the_reason(
    tree: Tree, tmp_path: Path, format: str
):
    _link_fact(tree, tmp_path)
    async with client(tree) as c:
        result = await c.call_tool("recall", {"format": format})
    texts = [item.text for item in result.content]
    assert not result.is_error and len(texts) == 2
    blocks, note = texts
    assert "不该被读到" not in blocks + note
    if format == "json":
        assert all(block["name"] != "facts" for block in json.loads(blocks))
    assert "FACT.md" in note and "symbolic link" in note and "its block is left out" in note
    cli = run_pmem("recall", cwd=tree.repo, env={"PMEM_USER_DIR": str(tree.user_dir)})
    assert cli.code == 2 and cli.err.strip() == f"pmem: {note}"  # the same sentence


async def test_nothing_unread_is_one_text_as_before(tree: Tree):
    async with client(tree) as c:
        result = await c.call_tool("recall", {})
    assert len(result.content) == 1 and result.content[0].text
