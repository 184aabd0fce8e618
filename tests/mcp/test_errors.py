"""Errors a model can act on (#26 §5, [trust] §7), against a real `pmem mcp` process: a name a
tool does not take is refused with the name it probably meant; a value of the wrong shape is one
sentence naming the field, never pydantic's text; tool descriptions are clean text."""

from __future__ import annotations

import pytest
from mcp_support import Tree, stdio_client


def snapshot(tree: Tree) -> dict[str, bytes]:
    return {
        str(p.relative_to(tree.root)): p.read_bytes()
        for p in sorted(tree.root.rglob("*"))
        if p.is_file() and p.name != ".pmem.lock"
    }


@pytest.fixture
async def refused(tree: Tree):
    async def call(tool: str, arguments: dict) -> str:
        before = snapshot(tree)
        async with stdio_client(tree) as c:
            result = await c.call_tool(tool, arguments)
        text = result.content[0].text
        assert result.is_error, text
        assert snapshot(tree) == before
        assert "pydantic" not in text and "http" not in text and "\n" not in text, text
        return text

    return call


@pytest.mark.parametrize(
    "tool, arguments, said",
    [
        (
            "memory",
            {"action": "append", "text": "部署完成", "tag": "ops"},
            "memory append takes no `tag` (it is for search): did you mean `tags`?",
        ),
        (
            "memory",
            {"action": "update", "content": "# x\n", "query": "x"},
            "memory update takes no `query` (it is for search): the arguments are content, "
            "if_match",
        ),
        (
            "propose",
            {"scope": "user", "kind": "add", "categroy": "技术偏好", "text": "偏好 Go"},
            "propose takes no argument `categroy`: did you mean `category`?",
        ),
        ("trace", {"id": "PF-20260412-02", "consent": True}, "trace takes no argument `consent`"),
        (
            "profile_add",
            {"scope": "user", "category": "c", "text": "t", "planned": {}},
            "profile_add takes no argument `planned`",
        ),
    ],
)
async def test_a_name_a_tool_does_not_take_is_refused(refused, tool, arguments, said):
    assert said in await refused(tool, arguments)


@pytest.mark.parametrize(
    "tool, arguments, said",
    [
        (
            "memory",
            {"action": "search", "query": "x", "limit": "many"},
            "memory: `limit`: input should be a valid integer",
        ),
        (
            "memory",
            {"action": "erase"},
            "memory: `action`: input should be 'update', 'append' or 'search'",
        ),
        ("memory", {"text": "x"}, "memory: `action` is required"),
        (
            "memory",
            {"action": "append", "text": "x", "tags": ["ok", 7]},
            "memory: `tags` item 2: input should be a valid string",
        ),
        (
            "propose",
            {"scope": "both", "kind": "add", "category": "c", "text": "t"},
            "propose: `scope`: input should be 'user' or 'project'",
        ),
        ("confirm", {"line": 2.5}, "confirm: `line`: input should be a valid integer"),
    ],
)
async def test_a_wrong_value_is_one_sentence_naming_the_field(refused, tool, arguments, said):
    assert (await refused(tool, arguments)).startswith(said)


async def test_schemas_take_no_other_names_and_descriptions_are_clean_text(tree: Tree):
    async with stdio_client(tree) as c:
        tools = (await c.list_tools()).tools
    assert {t.name: t.input_schema.get("additionalProperties") for t in tools} == {
        t.name: False for t in tools
    }
    for t in tools:
        lines = (t.description or "").splitlines()
        assert lines and not [line for line in lines if line != line.strip()], t.description
