"""`pmem mcp`'s result texts and errors in the person's language (core/messages.py, `mcp.*`):
under `LANG=zh_CN.UTF-8` a write's `message`, a change waiting for the person, a refused call and
a misnamed argument are Chinese; under `LANG=C` they are exactly today's English. Statuses, ids,
paths and JSON keys stay as they are."""

from __future__ import annotations

from mcp import Client
from mcp.types import ElicitResult
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, create_server

ADD = {"scope": "user", "category": "技术偏好", "text": "偏好 Go 🙂"}


async def yes(context, params):
    return ElicitResult(action="accept", content={"approve": True})


def client(tree: Tree, elicitation=None) -> Client:
    door = Door(tree.repo, str(tree.user_dir))
    return Client(create_server(door), client_info=AGENT, elicitation_callback=elicitation)


async def test_a_written_change_says_done_in_chinese(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree, yes) as c:
        added = await c.call_tool("profile_add", ADD)
        evolved = await c.call_tool(
            "profile_evolve", {"id": "PF-20260412-02", "text": "偏好 Vue", "scope": "user"}
        )
    said = added.structured_content
    assert said["status"] == "written" and said["ids"] == ["PF-20261130-01"]
    assert said["message"] == "完成：在个人画像的 `技术偏好` 下新增 PF-20261130-01：偏好 Go 🙂"
    assert evolved.structured_content["message"].startswith(
        "完成：演进个人画像中的 PF-20260412-02："
    )


async def test_a_written_change_says_done_in_english_as_before(tree: Tree):
    async with client(tree, yes) as c:
        added = await c.call_tool("profile_add", ADD)
    assert added.structured_content["message"] == (
        "done: add PF-20261130-01 to the user profile under `技术偏好`: 偏好 Go 🙂"
    )


async def test_a_client_that_cannot_ask_is_told_in_chinese(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree) as c:
        waiting = await c.call_tool("profile_add", ADD)
        deleting = await c.call_tool("profile_delete", {"id": "PF-20260412-02"})
    said = waiting.structured_content
    assert said["status"] == "pending"
    assert said["message"] == (
        f"在 {said['pending']} 等待本人确认（在编辑器里确认，或用 `pmem confirm`）"
    )
    assert deleting.structured_content["message"].startswith(
        "这个客户端无法询问本人，而删除不能在待确认文件中等待：请本人运行 `pmem delete PF-20260412-02`"
    )
    monkeypatch.setenv("LANG", "C")
    async with client(tree) as c:
        english = await c.call_tool("profile_delete", {"id": "PF-20260412-02"})
    assert english.structured_content["message"].startswith(
        "this client cannot ask the person, and a delete cannot wait in the pending file"
    )


async def test_a_refused_call_and_a_misnamed_argument_are_chinese(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree) as c:
        unknown = await c.call_tool("trace", {"id": "PF-20990101-01"})
        misnamed = await c.call_tool("trace", {"idd": "PF-20260412-02"})
        no_proposal = await c.call_tool("confirm", {"line": 99})
    assert unknown.is_error and unknown.content[0].text.endswith(
        ": PF-20990101-01 不在任何画像或日志中"
    )
    assert misnamed.is_error and misnamed.content[0].text == (
        "trace 没有参数 `idd`：是不是要用 `id`？"
    )
    assert no_proposal.is_error and no_proposal.content[0].text.endswith(
        ": .cursor/profile/profile-pending.md 第 99 行不是提议"
    )
    monkeypatch.setenv("LANG", "C")
    async with client(tree) as c:
        unknown = await c.call_tool("trace", {"id": "PF-20990101-01"})
        misnamed = await c.call_tool("trace", {"idd": "PF-20260412-02"})
    assert unknown.content[0].text.endswith(": PF-20990101-01 is in no profile or log")
    assert misnamed.content[0].text == "trace takes no argument `idd`: did you mean `id`?"


async def test_the_memory_tools_refusals_stay_english(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree) as c:
        stale = await c.call_tool(
            "memory", {"action": "update", "content": "# F\n", "if_match": "0" * 64}
        )
    assert stale.is_error and "changed since it was read (sha256 " in stale.content[0].text


async def test_a_bad_search_limit_is_refused_in_chinese(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree) as c:
        refused = await c.call_tool("search", {"query": "部署", "limit": 0})
    assert refused.is_error and refused.content[0].text.endswith("limit 必须是正整数，而不是 0")
