"""The server's error answers (commands' argument errors, refused renames, code action and plan
refusals) in the interface's language (core/messages.py, rendered in lsp/safety.py): Chinese
under locale zh-CN, English (today's texts) under en."""

from __future__ import annotations

import pytest
from lsp_support import Session, lsp_fixtures
from lsprotocol import types
from pygls.exceptions import JsonRpcException

client, session = lsp_fixtures(locales=("zh-CN", "en"))


async def refused(session: Session, command: str, *arguments) -> str:
    with pytest.raises(JsonRpcException) as caught:
        await session.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command, list(arguments))
        )
    return caught.value.message


async def test_command_argument_errors_are_in_the_interface_language(session: Session, tmp_path):
    zh = session.lang == "zh"
    search = "profileMemory.search"
    said = [
        await refused(session, search, "not an object"),
        await refused(session, search, {"query": "x", "limit": 0}),
        await refused(session, search, {"kinds": ["everything"]}),
        await refused(session, "profileMemory.journalAppend", {"text": "   "}),
        await refused(session, "profileMemory.recall", {"format": "xml"}),
        await refused(session, "profileMemory.init", {"scope": "nowhere"}),
        await refused(session, "profileMemory.trace", {"id": "PF-20261399-01"}),
    ]
    assert said == (
        [
            "profileMemory.search：需要一个对象参数",
            "profileMemory.search：limit 必须是正整数，而不是 0",
            "profileMemory.search：`kinds` 必须是由 journal、log 组成的列表",
            "profileMemory.journalAppend：`text` 必须是非空字符串",
            "profileMemory.recall：`format` 必须是 text、markdown 或 json",
            "profileMemory.init：`scope` 必须是 user、project 或 memory，`lang` 必须是 zh 或 en",
            "profileMemory.trace：PF-20261399-01 不是有效的锚点 id：不存在 13 月",
        ]
        if zh
        else [
            "profileMemory.search: expected one object argument",
            "profileMemory.search: limit must be a positive whole number, not 0",
            "profileMemory.search: `kinds` must be a list of journal, log",
            "profileMemory.journalAppend: `text` must be a non-empty string",
            "profileMemory.recall: `format` must be text, markdown or json",
            "profileMemory.init: `scope` must be user, project or memory and `lang` zh or en",
            "profileMemory.trace: PF-20261399-01 is not a valid anchor id: month 13 does not exist",
        ]
    )
    outside = tmp_path / "elsewhere" / "memory"
    outside.mkdir(parents=True)
    folder = await refused(
        session, "profileMemory.journalAppend", {"text": "x", "dir": str(outside)}
    )
    assert folder.startswith(
        f"profileMemory.journalAppend：{outside} 不是已知的记忆文件夹（"
        if zh
        else f"profileMemory.journalAppend: {outside} is not a known memory folder ("
    )
    changed = await refused(
        session, "profileMemory.factsUpdate", {"content": "# new\n", "expectedSha256": "0" * 64}
    )
    assert changed.startswith(
        "profileMemory.factsUpdate：" if zh else "profileMemory.factsUpdate: "
    )
    assert (
        "在读取之后被改动过（sha256 " if zh else "changed since it was read (sha256 "
    ) in changed


async def test_a_refused_rename_is_in_the_interface_language(session: Session):
    zh = session.lang == "zh"
    profile = session.user_dir / "user-profile.md"
    identifier = types.TextDocumentIdentifier(profile.as_uri())
    position = session.position(profile, "PF-20260412-02", 1)
    answers = []
    for new_name in ("PF-20260230-01", "PF-20260413-01"):
        with pytest.raises(JsonRpcException) as caught:
            await session.client.text_document_rename_async(
                types.RenameParams(identifier, position, new_name)
            )
        answers.append(caught.value.message)
    assert answers == (
        [
            "PF-20260230-01 不是格式正确的 id：2026-02-30 不是真实存在的日期",
            "PF-20260413-01 已在这组画像中用过；id 从不重复使用",
        ]
        if zh
        else [
            "PF-20260230-01 is not a well-formed id: 2026-02-30 is not a real date",
            "PF-20260413-01 is already used in the profile set; ids are never reused",
        ]
    )


async def test_a_pending_command_on_another_file_is_refused_in_the_language(session: Session):
    zh = session.lang == "zh"
    profile = (session.user_dir / "user-profile.md").as_uri()
    said = await refused(session, "profileMemory.discardAll", profile)
    assert said == (f"{profile} 不是待确认提议文件" if zh else f"{profile} is not a pending file")
    wrong = await refused(session, "profileMemory.discardAll")
    assert wrong == (
        "需要一个参数：待确认提议文件的 URI"
        if zh
        else "expected one argument: the pending file's URI"
    )


async def test_symbol_details_are_in_the_interface_language(session: Session):
    zh = session.lang == "zh"
    profile = session.user_dir / "user-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 新条目没有锚点\n", encoding="utf-8")
    uri = session.open(profile)
    symbols = await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
    )
    details = [s.detail for s in symbols or []]
    assert details and all(d.endswith(" 个条目" if zh else " entries") for d in details), details
    found = await session.client.workspace_symbol_async(types.WorkspaceSymbolParams("新条目"))
    names = [s.name for s in found or []]
    assert ("未确认 新条目没有锚点" if zh else "unconfirmed 新条目没有锚点") in names, names
