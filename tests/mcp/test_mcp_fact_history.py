"""`pmem mcp` and FACT.md's kept versions: the `memory` update's one added sentence when lines were
removed, and the read-only `facts_history` tool (docs/format.md, "FACT.md versions")."""

from __future__ import annotations

import json

from mcp import Client
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, create_server

BEFORE = "# Facts\n\n- 用 zsh\n- 部署在周五 🚀\n- 测试用 pytest\n"


def client(tree: Tree) -> Client:
    return Client(create_server(Door(tree.repo, str(tree.user_dir))), client_info=AGENT)


async def call(c: Client, tool: str, arguments: dict):
    result = await c.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""
    return text, result.is_error


async def test_an_update_that_removes_lines_says_so_and_names_facts_history(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    fact.write_text(BEFORE, encoding="utf-8")
    async with client(tree) as c:
        text, error = await call(
            c, "memory", {"action": "update", "content": "# Facts\n\n- 用 zsh\n"}
        )
        assert not error and text.startswith("Memory updated. ")
        assert "removed 2 lines" in text and "`facts_history`" in text
        added_only = "# Facts\n\n- 用 zsh\n- 新的\n"
        text, error = await call(c, "memory", {"action": "update", "content": added_only})
        assert not error and text == "Memory updated."  # Cherry's own text alone
        same, _ = await call(c, "memory", {"action": "update", "content": added_only})
        assert same == "Memory updated."
        listed, error = await call(c, "facts_history", {})
    versions = json.loads(listed)
    assert not error and len(versions) == 2  # the unchanged update kept nothing
    assert [(v["added"], v["removed"], v["by"]) for v in versions] == [
        (1, 0, "mcp:test-agent"),
        (0, 2, "mcp:test-agent"),
    ]


async def test_facts_history_gives_the_diff_of_a_rev_and_refuses_an_unknown_one(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    fact.write_text(BEFORE, encoding="utf-8")
    async with client(tree) as c:
        await call(c, "memory", {"action": "update", "content": "# Facts\n"})
        rev = json.loads((await call(c, "facts_history", {}))[0])[0]["rev"]
        diff, error = await call(c, "facts_history", {"rev": rev})
        assert not error and "-- 部署在周五 🚀\n" in diff and diff.startswith("--- ")
        text, error = await call(c, "facts_history", {"rev": "20990101T000000000Z-deadbeef"})
        assert error and "no kept version" in text
    assert fact.read_text(encoding="utf-8") == "# Facts\n"


async def test_facts_history_is_read_only_and_recall_never_shows_a_version(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    fact.write_text(BEFORE, encoding="utf-8")
    async with client(tree) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        await call(c, "memory", {"action": "update", "content": "# Facts\n\n- 新的事实\n"})
        recall, _ = await call(c, "recall", {})
        found, _ = await call(c, "search", {"query": "部署在周五"})
    annotations = tools["facts_history"].annotations
    assert annotations.read_only_hint and not annotations.destructive_hint
    assert "新的事实" in recall and "部署在周五" not in recall
    assert "部署在周五" not in found
