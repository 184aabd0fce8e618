"""The view's timeline document (lsp/views.py, `markdown`), the hover's history line of a record
with no operation (lsp/hover.py) and the refusal to restore a FACT.md version holding a secret
(lsp/commands.py) in the interface's language: Chinese under locale zh-cn, today's English under
en."""

from __future__ import annotations

import json

import pytest
from cli_support import run_pmem
from lsp_support import Session, lsp_fixtures
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from secrets_support import FAKES

client, session = lsp_fixtures(locales=("zh-cn", "en"))


async def test_a_timeline_with_no_record_says_so_in_the_interface_language(session: Session):
    found = await session.client.protocol.send_request_async(
        "profileMemory/timeline", {"id": "PF-20250101-09"}
    )
    expected = "日志里没有这个 id 的记录。" if session.lang == "zh" else "No log record of this id."
    assert found.markdown == f"# PF-20250101-09\n\n{expected}"


async def test_a_record_with_no_operation_says_so_in_the_hover(session: Session):
    log = session.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8")
    session.open(log, text.replace("- **操作**: 新增\n", "", 1))  # PF-20260412-01's record
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    found = await session.client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), session.position(profile, "PF-20260412-01", 3)
        )
    )
    word = "没有操作" if session.lang == "zh" else "no operation"
    assert f"- 2026-04-12 {word} — 极简界面偏好" in found.contents.value, found.contents.value


async def test_a_version_holding_a_secret_is_not_restored_and_named_in_the_language(
    session: Session,
):
    key = FAKES["github-token"]
    fact = session.repo / "memory" / "FACT.md"
    fact.write_text(f"# Facts\n\n- token {key}\n", encoding="utf-8")
    newer = f"# Facts\n\n- token {key}\n- 新的事实\n"
    done = run_pmem("facts", "update", "--allow-secret", "-", cwd=session.repo, stdin=newer)
    assert done.code == 0, done.err
    listed = run_pmem("facts", "history", "--json", cwd=session.repo)
    (rev,) = [v["rev"] for v in json.loads(listed.out) if v["by"] != "outside"]
    session.open(fact)
    with pytest.raises(JsonRpcException) as caught:
        await session.client.workspace_execute_command_async(
            types.ExecuteCommandParams("profileMemory.factsRestore", [{"rev": rev}])
        )
    said = caught.value.message
    assert (f"版本 {rev} 中有" if session.lang == "zh" else f"version {rev} contains") in said, said
    assert key not in said
