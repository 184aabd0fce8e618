"""`pmem mcp` asks and answers in the person's language (core/messages.py): the environment's
(LC_ALL, LC_MESSAGES, LANG), pmem.toml's `messageLanguage` over it; the question's form is part of
the question. The `memory` tool's results stay Cherry Studio's own texts."""

from __future__ import annotations

from mcp import Client
from mcp.types import ElicitResult
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, create_server

ADD = {"scope": "user", "category": "技术偏好", "text": "偏好 Go 🙂"}
ASKED_ZH = "Profile Memory —— 可以在个人画像的 `技术偏好` 下新增 PF-20261130-01：偏好 Go 🙂吗？"


def recording(action: str = "accept", approve: bool = True):
    """An elicitation callback that answers once and records the questions and their forms."""
    asked: list = []

    async def callback(context, params):
        asked.append(params)
        return ElicitResult(
            action=action, content={"approve": approve} if action == "accept" else None
        )

    callback.asked = asked
    return callback


def client(tree: Tree, elicitation) -> Client:
    door = Door(tree.repo, str(tree.user_dir))
    return Client(create_server(door), client_info=AGENT, elicitation_callback=elicitation)


async def test_lang_zh_cn_asks_in_chinese_with_a_chinese_form(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    yes = recording()
    async with client(tree, yes) as c:
        result = await c.call_tool("profile_add", ADD)
    (params,) = yes.asked
    assert params.message == ASKED_ZH
    assert params.requested_schema["properties"]["approve"]["description"] == "将这处改动写入画像"
    assert result.structured_content["status"] == "written"


async def test_a_declined_question_says_so_in_chinese(tree: Tree, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    async with client(tree, recording("decline")) as c:
        result = await c.call_tool("profile_delete", {"id": "PF-20260412-02"})
    assert result.structured_content["status"] == "declined"
    assert result.structured_content["message"] == "本人拒绝了：没有写入任何内容"


async def test_pmem_toml_message_language_wins_over_lang(tree: Tree, monkeypatch):
    (tree.repo / ".cursor/profile/pmem.toml").write_text(
        'messageLanguage = "zh"\n', encoding="utf-8"
    )
    yes = recording()
    async with client(tree, yes) as c:
        await c.call_tool("profile_add", ADD)
    assert yes.asked[0].message == ASKED_ZH
    (tree.repo / ".cursor/profile/pmem.toml").write_text(
        'messageLanguage = "en"\n', encoding="utf-8"
    )
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    no = recording(approve=False)
    async with client(tree, no) as c:
        await c.call_tool("profile_delete", {"id": "PF-20260412-02"})
    assert no.asked[0].message.startswith("Profile Memory — may I delete PF-20260412-02")
    schema = no.asked[0].requested_schema
    assert schema["properties"]["approve"]["description"] == "Write this change to the profile"


async def test_the_memory_tools_results_stay_cherrys_own_texts(tree: Tree, monkeypatch):
    async def results(text: str) -> list:
        async with client(tree, recording()) as c:
            appended = await c.call_tool("memory", {"action": "append", "text": text})
            found = await c.call_tool("memory", {"action": "search", "query": "部署"})
        assert not appended.is_error and not found.is_error, appended.content
        return [part.text for part in appended.content]

    english = await results("部署完成")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    chinese = await results("部署完成")
    said = [text.split(" at ")[0] for text in (*english, *chinese)]  # the time differs
    assert said == ["Journal entry added"] * 2, (english, chinese)
