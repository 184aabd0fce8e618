"""Diagnostics pushed or pulled, as users type and as agents rewrite files underneath."""

import asyncio

import pytest
from lsp_support import HANG, Session
from lsprotocol import types
from profile_memory.lsp.positions import to_client


def codes(items) -> list[str]:
    return sorted(str(d.code) for d in items)


def change(
    session: Session,
    uri: str,
    version: int,
    line: int,
    start: int,
    end: int,
    text: str,
    line_text: str,
):
    """An incremental edit of one line, positions given in code points of `line_text`."""
    encoding = session.encoding
    session.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        types.Position(line, to_client(line_text, start, encoding)),
                        types.Position(line, to_client(line_text, end, encoding)),
                    ),
                    text=text,
                )
            ],
        )
    )


async def test_problems_appear_and_disappear_as_the_user_types(session: Session):
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    assert await session.diagnostics(uri) == []
    line = "- 🎨 偏好极简界面，反感花哨动效 <!-- PF-20260412-01 -->"
    # type a new unconfirmed entry at the end of the file
    lines = profile.read_text(encoding="utf-8").split("\n")
    change(session, uri, 2, len(lines) - 1, 0, 0, "- 没有锚点 🧠\n", "")
    items = await session.diagnostics(uri, lambda items: "PM005" in codes(items))
    assert (
        codes(items) == ["PM005"]
        and items[0].range.start.line == len(lines) - 1
        and items[0].source == "pmem"
    )
    # break the first anchor: month 13, with the range exactly on the token after emoji + CJK
    start = line.index("PF-20260412-01") + 3
    change(session, uri, 3, 3, start, start + 6, "202613", line)
    items = await session.diagnostics(uri, lambda items: "PM004" in codes(items))
    malformed = next(d for d in items if d.code == "PM004")
    broken = line.replace("20260412", "20261312")
    token = broken.index("PF-")
    assert malformed.range.start.character == to_client(broken, token, session.encoding)
    assert malformed.range.end.character == to_client(broken, token + 14, session.encoding)
    # undo: both problems gone once the entry is removed and the anchor fixed
    change(session, uri, 4, 3, start, start + 6, "202604", broken)
    change(session, uri, 5, len(lines) - 1, 0, len("- 没有锚点 🧠"), "", "- 没有锚点 🧠")
    assert await session.diagnostics(uri, lambda items: items == []) == []


async def test_editing_the_log_refreshes_the_open_profile(session: Session):
    profile = session.user_dir / "user-profile.md"
    log = session.user_dir / "user-profile-log.md"
    profile_uri = session.open(profile)
    log_uri = session.open(log)
    assert await session.diagnostics(profile_uri) == []
    heading = "### [PF-20260412-01] 2026-04-12 — 极简界面偏好"
    number = log.read_text(encoding="utf-8").split("\n").index(heading)
    change(session, log_uri, 2, number, 5, 19, "PF-20260412-07", heading)
    items = await session.diagnostics(profile_uri, lambda items: "PM006" in codes(items))
    assert codes(items) == ["PM006"] and "PF-20260412-01" in items[0].message
    if session.pulls:
        refresh = session.client.capabilities.workspace.diagnostics
        if refresh and refresh.refresh_support:
            assert await session.eventually(lambda: session.client.diagnostic_refresh_count >= 1)
        assert session.client.diagnostics == {}  # a client that pulls is never pushed to


async def test_a_file_rewritten_on_disk_is_seen_by_the_open_profile(session: Session):
    profile = session.user_dir / "user-profile.md"
    log = session.user_dir / "user-profile-log.md"
    uri = session.open(profile)
    assert await session.diagnostics(uri) == []
    # an agent deletes PF-20260412-02 in the log from a shell
    log.write_text(
        log.read_text(encoding="utf-8")
        + "\n### [PF-20260412-02] 2026-11-30 — 删除\n- **分类**: 技术偏好\n"
        "- **精简版**: x\n- **原始上下文**: x\n- **来源对话**: x\n- **操作**: 删除\n",
        encoding="utf-8",
    )
    if session.kind == "vscode":
        session.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                [types.FileEvent(log.as_uri(), types.FileChangeType.Changed)]
            )
        )
    else:  # no file watching: any request that touches the file notices its new modification time
        await session.client.text_document_hover_async(
            types.HoverParams(
                types.TextDocumentIdentifier(uri), session.position(profile, "PF-20260412-02", 1)
            )
        )
    items = await session.diagnostics(uri, lambda items: "PM008" in codes(items))
    assert codes(items) == ["PM008"]


async def test_a_change_that_repeats_a_version_number_is_still_read(session: Session):
    """A client that sends two changes with one version (the LSP says it must not; some do) has
    the second read all the same: what the server keeps is keyed by its own count of changes."""
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    lines = profile.read_text(encoding="utf-8").split("\n")
    change(session, uri, 2, len(lines) - 1, 0, 0, "", "")  # nothing typed: checked as it was
    await asyncio.sleep(0.3)  # past the debounce: version 2 is checked
    assert await session.diagnostics(uri) == []
    change(session, uri, 2, len(lines) - 1, 0, 0, "- 没有锚点 🧠\n", "")
    items = await session.diagnostics(uri, lambda items: "PM005" in codes(items))
    assert codes(items) == ["PM005"]


async def test_a_profile_opened_before_its_log_is_read_shows_its_own_findings_first(
    session: Session,
):
    """What the profile says about itself arrives at once; what needs the log (a large one takes a
    while to read) follows in a second publish that replaces it."""
    if session.pulls:
        pytest.skip("a pulling client asks for the whole check when it wants it")
    profile = session.user_dir / "user-profile.md"
    text = profile.read_text(encoding="utf-8")
    # a second entry with one id (PM002, the profile alone) and an id no record has (PM006)
    text += "- 又一条 🎨 <!-- PF-20260412-01 -->\n- 没有记录 <!-- PF-20260301-07 -->\n"
    first = asyncio.ensure_future(
        session.client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    )
    uri = session.open(profile, text)
    alone = await asyncio.wait_for(first, HANG)
    assert alone.uri == uri and codes(alone.diagnostics) == ["PM002", "PM002"]
    items = await session.diagnostics(uri, lambda items: "PM006" in codes(items))
    assert {"PM002", "PM006"} <= set(codes(items))


async def test_file_watchers_are_registered_only_when_the_client_allows(session: Session):
    if session.kind == "vscode":  # wait for the registration, however slow the machine
        assert await session.eventually(lambda: session.client.registrations)
    else:  # nothing to wait for: a moment for a registration that should never come
        await asyncio.sleep(0.3)
    methods = [r.method for r in session.client.registrations]
    assert methods == (["workspace/didChangeWatchedFiles"] if session.kind == "vscode" else [])


async def test_documents_that_are_no_memory_files_are_ignored(session: Session):
    readme = session.repo / "README.md"
    readme.write_text("- [x] PF-2026 散文\n", encoding="utf-8")
    uri = session.open(readme)
    other = session.repo / "notes.jsonl"
    other.write_text("{oops\n", encoding="utf-8")
    other_uri = session.open(other, language="json")
    await asyncio.sleep(0.3)
    assert await session.diagnostics(uri) == [] and await session.diagnostics(other_uri) == []
    assert uri not in session.client.diagnostics and other_uri not in session.client.diagnostics
    lenses = await session.client.text_document_code_lens_async(
        types.CodeLensParams(types.TextDocumentIdentifier(uri))
    )
    assert lenses is None


async def test_a_huge_document_is_bounded_and_reported(session: Session):
    log = session.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8") + "\n" + ("长" * 200 + "\n") * 50_000  # ~30 MB
    uri = session.open(log, text)
    items = await session.diagnostics(uri, lambda items: "PM033" in codes(items))
    assert "PM033" in codes(items)


async def test_a_binary_fact_file_does_not_break_the_server(session: Session):
    fact = session.repo / "memory" / "FACT.md"
    fact.write_bytes(b"\x00\xff\xfe\x89PNG\r\n" * 100)
    uri = session.open(fact, fact.read_bytes().decode("utf-8", errors="replace"))
    await session.diagnostics(uri)
    hover = await session.client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 0))
    )
    assert hover is None
