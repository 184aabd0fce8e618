"""The view's timeline document (lsp/views.py, `markdown`) and the hover's history line of a
record with no operation (lsp/hover.py) in the interface's language: Chinese under locale zh-cn,
today's English under en."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsp_support import SERVER, Session, start_session
from lsprotocol import types
from pytest_lsp import LanguageClient


@pytest_lsp.fixture(config=SERVER, params=["zh-cn", "en"])
async def client(lsp_client: LanguageClient, request, tmp_path):
    lsp_client.session = await start_session(lsp_client, "vscode", tmp_path, locale=request.param)
    lsp_client.session.lang = "zh" if request.param == "zh-cn" else "en"
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def session(client) -> Session:
    return client.session


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
