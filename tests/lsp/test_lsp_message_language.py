"""The interface language end to end (core/messages.py): the client's `locale` from `initialize`
chooses it, `messageLanguage` (initializationOptions or the `profileMemory` section) overrides it;
every diagnostic, the hover and code action titles follow."""

from __future__ import annotations

from pathlib import Path, PurePath

import pytest
import pytest_lsp
from helpers import PROJECT_DIR, USER_DIR, diagnose
from lsp_support import SERVER, Session, start_session
from lsprotocol import types
from messages_support import MESSY, NOT_YET
from profile_memory.core.messages import render
from pytest_lsp import LanguageClient

# (locale, initializationOptions, profileMemory section) → the language expected
CASES = {
    "zh-CN": ("zh-CN", {}, {}, "zh"),
    "zh-cn": ("zh-cn", {}, {}, "zh"),
    "en": ("en", {}, {}, "en"),
    "zh-TW": ("zh-TW", {}, {}, "en"),
    "no-locale": (None, {}, {}, "en"),
    "zh-cn-but-option-en": ("zh-cn", {"messageLanguage": "en"}, {}, "en"),
    "en-but-section-zh": ("en", {}, {"messageLanguage": "zh"}, "zh"),
}


@pytest_lsp.fixture(config=SERVER, params=list(CASES))
async def client(lsp_client: LanguageClient, request, tmp_path):
    locale, options, section, lang = CASES[request.param]
    lsp_client.session = await start_session(
        lsp_client, "vscode", tmp_path, options=options, locale=locale, configuration=section
    )
    lsp_client.session.lang = lang
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def session(client) -> Session:
    return client.session


def _on_disk(session: Session, path: str) -> Path:
    if path.startswith(USER_DIR):
        return session.user_dir / PurePath(path).relative_to(USER_DIR)
    if path.startswith(PROJECT_DIR):
        return session.repo / ".cursor/profile" / PurePath(path).relative_to(PROJECT_DIR)
    return session.repo / PurePath(path).relative_to("/repo")


def _shown(items: list[types.Diagnostic]) -> list[tuple]:
    return sorted(
        (str(d.code), d.message, tuple(r.message for r in d.related_information or ()))
        for d in items
    )


async def test_every_diagnostic_is_in_the_chosen_language(session: Session):
    for old in [*session.user_dir.iterdir(), *(session.repo / ".cursor/profile").iterdir()]:
        old.unlink()
    for path, text in MESSY.items():
        _on_disk(session, path).write_text(text, encoding="utf-8")
    seen = set()
    for path in MESSY:
        expected = sorted(
            (
                d.code,
                render(d.message, session.lang),
                tuple(render(r.message, session.lang) for r in d.related),
            )
            for d in diagnose(MESSY, path)
        )
        uri = session.open(_on_disk(session, path))
        # the `profileMemory` section is read after `initialize`: a refresh follows
        items = await session.diagnostics(
            uri, until=lambda items, want=expected: _shown(items) == want
        )
        got = _shown(items)
        assert got == expected, path
        seen |= {code for code, _, _ in got if code not in NOT_YET}
    assert len(seen) >= 20


async def test_hover_and_code_action_titles_are_in_the_chosen_language(session: Session):
    zh = session.lang == "zh"
    profile = session.user_dir / "user-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 新条目没有锚点\n", encoding="utf-8")
    uri = session.open(profile)
    message = (
        "未确认的条目（没有锚点）：新条目没有锚点"
        if zh
        else "unconfirmed entry (no anchor): 新条目没有锚点"
    )
    # the `profileMemory` section is read after `initialize`: wait until it has taken effect
    items = await session.diagnostics(
        uri, until=lambda items: any(d.message == message for d in items)
    )
    (unconfirmed,) = [d for d in items if d.code == "PM005"]
    assert unconfirmed.message == message
    actions = await session.client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            unconfirmed.range,
            types.CodeActionContext([unconfirmed]),
        )
    )
    titles = [a.title for a in actions or []]
    assert any(t.startswith("确认为 PF-" if zh else "Confirm as PF-") for t in titles), titles
    hover = await session.client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), session.position(profile, "PF-20260412-02", 3)
        )
    )
    text = hover.contents.value
    if zh:
        assert "**PF-20260412-02** · 有效 · 技术偏好 · user-profile" in text and "历史：" in text
    else:
        assert "**PF-20260412-02** · live · 技术偏好 · user-profile" in text and "History:" in text
