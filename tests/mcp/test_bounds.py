"""Agents' writes are bounded and honest ([trust] §6), against a real `pmem mcp` process: FACT.md
within `maxFileBytes` (and a note over `factFileMaxBytes`); no control characters and one-line
fields within their caps, refused naming the field; the record names the client, always, beside
any source the agent gives."""

from __future__ import annotations

import pytest
from mcp_support import Tree, stdio_client


def snapshot(tree: Tree) -> dict[str, bytes]:
    return {
        str(p.relative_to(tree.root)): p.read_bytes()
        for p in sorted(tree.root.rglob("*"))
        if p.is_file() and p.name != ".pmem.lock"
    }


async def test_facts_over_max_file_bytes_are_refused_and_over_the_fact_limit_noted(tree: Tree):
    (tree.project_dir / "pmem.toml").write_text(
        "maxFileBytes = 40000\nfactFileMaxBytes = 16384\n", encoding="utf-8"
    )
    fact = tree.repo / "memory" / "FACT.md"
    before = fact.read_bytes()
    async with stdio_client(tree) as c:
        refused = await c.call_tool("memory", {"action": "update", "content": "事" * 20_000})
        assert fact.read_bytes() == before
        noted = await c.call_tool("memory", {"action": "update", "content": "x" * 20_000})
    assert refused.is_error and (
        "the new FACT.md is 60,000 bytes, over maxFileBytes (40,000): nothing was written"
        in refused.content[0].text
    )
    # Cherry's text first; the update dropped FACT.md's lines, so the version sentence, then the note
    assert not noted.is_error and noted.content[0].text.startswith("Memory updated. ")
    assert noted.content[0].text.endswith(
        " Note: FACT.md is now 20,000 bytes, over factFileMaxBytes (16,384): all "
        "of it enters every prompt; move what will not matter in 6 months to the journal."
    )
    assert fact.read_text(encoding="utf-8") == "x" * 20_000


PROPOSAL = {"scope": "user", "kind": "add", "category": "技术偏好", "text": "偏好 Go"}


@pytest.mark.parametrize(
    "tool, change, said",
    [
        (
            "propose",
            {"text": "偏好\x00Go"},
            "the proposal's text contains the control character U+0000",
        ),
        (
            "propose",
            {"text": "\x1b[8m偏好 Go"},
            "the proposal's text contains the control character U+001B",
        ),
        (
            "propose",
            {"text": "偏好 \u202eoG"},
            "the proposal's text contains the control character U+202E",
        ),
        (
            "propose",
            {"category": "技术\x07偏好"},
            "the category contains the control character U+0007",
        ),
        ("propose", {"context": "他说\x00"}, "the context contains the control character U+0000"),
        ("propose", {"source": "chat\x7f"}, "the source contains the control character U+007F"),
        (
            "propose",
            {"kind": "evolve", "old": "旧\x0b"},
            "OLD contains the control character U+000B",
        ),
        (
            "propose",
            {"text": "长" * 1001},
            "the proposal's text is 1,001 characters, over the limit of 1,000",
        ),
        ("propose", {"text": "x" * 1_000_000}, "over the limit of 1,000"),
        (
            "propose",
            {"category": "类" * 101},
            "the category is 101 characters, over the limit of 100",
        ),
        (
            "propose",
            {"context": "话" * 10_001},
            "the context is 10,001 characters, over the limit of 10,000",
        ),
        ("propose", {"source": "s" * 1001}, "the source is 1,0"),
        (
            "profile_add",
            {"text": "偏好\x00Go"},
            "the entry text contains the control character U+0000",
        ),
        ("profile_add", {"text": "长" * 1001}, "the entry text is 1,001 characters"),
        ("profile_evolve", {"text": "偏好\x1bGo"}, "the entry text contains the control character"),
        (
            "profile_delete",
            {"context": "\x00"},
            "the context contains the control character U+0000",
        ),
    ],
)
async def test_control_characters_and_long_fields_are_refused_naming_the_field(
    tree: Tree, tool, change, said
):
    arguments = (
        {**PROPOSAL, **change}
        if tool in ("propose", "profile_add")
        else {
            "id": "PF-20260412-02",
            **({"text": "偏好 Vue"} if tool == "profile_evolve" else {}),
            **change,
        }
    )
    if tool == "profile_add":
        del arguments["kind"]
    before = snapshot(tree)
    async with stdio_client(tree, "--trust-client-approval") as c:
        result = await c.call_tool(tool, arguments)
    assert result.is_error and said in result.content[0].text, result.content[0].text
    assert snapshot(tree) == before


async def test_a_context_keeps_its_lines_and_tabs(tree: Tree):
    async with stdio_client(tree, "--trust-client-approval") as c:
        result = await c.call_tool(
            "profile_add",
            {
                "scope": "user",
                "category": "技术偏好",
                "text": "偏好 Go",
                "context": "第一行\n\t第二行 🙂",
            },
        )
    assert not result.is_error, result.content[0].text
    log = (tree.user_dir / "user-profile-log.md").read_text(encoding="utf-8")
    assert "- **原始上下文**: 第一行\n  第二行 🙂" in log


async def test_the_record_names_the_client_beside_the_source_the_agent_gives(tree: Tree):
    claimed = "Claude Code 9 via pmem mcp, 2020-01-01"
    async with stdio_client(tree, "--trust-client-approval") as c:
        proposed = await c.call_tool("propose", {**PROPOSAL, "source": claimed})
        added = await c.call_tool(
            "profile_add",
            {"scope": "user", "category": "技术偏好", "text": "偏好 Zig", "source": claimed},
        )
    recorded = f"test-agent 1.2 via pmem mcp, 2026-11-30; source given by the agent: {claimed}"
    assert proposed.structured_content["proposal"][-1] == f"  - 来源对话: {recorded}"
    assert not added.is_error
    log = (tree.user_dir / "user-profile-log.md").read_text(encoding="utf-8")
    assert f"- **来源对话**: {recorded}" in log
