"""The server reads what `pmem` reads (#24 §4, §5): a format example in fenced code or a
multi-line comment is no symbol, no hover, no folding region and no rename target; decorated
headings are the categories' symbols, and the skill's own message is the pending file's proposals."""

from lsp_support import ENCODINGS, Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures("agent-months", kinds=ENCODINGS)


def doc(session: Session, path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(session.open(path))


async def symbols(session: Session, path) -> list[types.DocumentSymbol]:
    return await session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(session, path))
    )


async def test_symbols_are_the_records_and_proposals_never_the_examples(session: Session):
    log = session.user_dir / "user-profile-log.md"
    assert [r.name.split()[0] for r in await symbols(session, log)] == [
        "PF-20260302-01",
        "PF-20260302-03",
        "PF-20260302-04",
        "PF-20260305-02",
    ]
    profile = session.user_dir / "user-profile.md"
    assert [s.name for s in await symbols(session, profile)][:2] == ["🎨 审美与设计", "🛠️ 技术偏好"]
    pending = session.project_dir / "profile-pending.md"
    proposals = await symbols(session, pending)
    assert [p.detail for p in proposals] == ["user", "user", "user", "project", "project"]
    assert "条目内容" not in " ".join(p.name for p in proposals)


async def test_no_hover_on_an_examples_id_and_hover_on_a_real_one(session: Session):
    log = session.user_dir / "user-profile-log.md"
    uri = session.open(log)
    for example in ("PF-20260101-01", "PF-20260102-01", "PF-20260103-01"):
        found = await session.client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), session.position(log, example, 3))
        )
        assert found is None, example
    real = await session.client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(uri), session.position(log, "[PF-20260302-03]", 3)
        )
    )
    assert real is not None and "**PF-20260302-03** · live" in real.contents.value


async def test_folding_has_one_region_a_record_and_none_for_an_example(session: Session):
    log = session.user_dir / "user-profile-log.md"
    ranges = await session.client.text_document_folding_range_async(
        types.FoldingRangeParams(doc(session, log))
    )
    starts = [r.start_line for r in ranges]
    assert starts == [
        session.position(log, f"### [{anchor}]").line
        for anchor in ("PF-20260302-01", "PF-20260302-03", "PF-20260302-04", "PF-20260305-02")
    ]


async def test_rename_leaves_an_example_that_quotes_the_id(session: Session):
    profile = session.user_dir / "user-profile.md"
    identifier = doc(session, profile)
    position = session.position(profile, "PF-20260302-03", 2)
    edit = await session.client.text_document_rename_async(
        types.RenameParams(identifier, position, "PF-20260302-09")
    )
    counts = {uri.rsplit("/", 1)[1]: len(edits) for uri, edits in edit.changes.items()}
    assert counts == {"user-profile.md": 1, "user-profile-log.md": 1}  # not the pending example


def _insert_line(session: Session, uri: str, version: int, line: int, text: str) -> None:
    """A line inserted before `line` of an open document (an incremental change)."""
    start = types.Position(line, 0)
    session.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangePartial(range=types.Range(start, start), text=text)],
        )
    )


async def test_an_id_fenced_after_a_hover_has_no_hover_and_has_one_again_unfenced(
    session: Session,
):
    """What hover keeps of a document (where its code blocks are) follows each edit."""
    profile = session.user_dir / "user-profile.md"
    uri = session.open(profile)
    position = session.position(profile, "PF-20260302-03", 3)

    async def hovered(at: types.Position) -> bool:
        found = await session.client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), at)
        )
        return found is not None

    assert await hovered(position)
    _insert_line(session, uri, 2, position.line + 1, "```\n")
    _insert_line(session, uri, 3, position.line, "```\n")  # the entry's line is fenced now
    fenced = types.Position(position.line + 1, position.character)
    assert not await hovered(fenced)
    _insert_line(session, uri, 4, 0, "\n")  # one more line above: the fence moves, still holds
    assert not await hovered(types.Position(fenced.line + 1, fenced.character))
    session.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=5),
            [types.TextDocumentContentChangeWholeDocument(profile.read_text(encoding="utf-8"))],
        )
    )
    assert await hovered(position)
