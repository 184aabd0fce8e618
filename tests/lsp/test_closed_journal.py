"""A closed journal's diagnostics are kept while it is unchanged and found again at each change on
disk: what is published is never a version it no longer has (its text is not kept, issue #25)."""

from __future__ import annotations

import os

from lsp_support import Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures("clean", kinds=("vscode",))


def codes(session: Session, uri: str) -> list[tuple[str, int]]:
    return [(str(d.code), d.range.start.line) for d in session.client.diagnostics.get(uri, [])]


def changed(session: Session, path) -> None:
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(path.as_uri(), types.FileChangeType.Changed)]
        )
    )


async def broken_journal(session: Session):
    """The journal with a broken last line, its PM020 published: (path, URI, its bytes before,
    the broken line's number)."""
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    uri, kept = journal.as_uri(), journal.read_bytes()
    count = kept.count(b"\n")
    journal.write_bytes(kept + b"{broken\n")
    changed(session, journal)
    assert await session.eventually(lambda: codes(session, uri) == [("PM020", count)])
    return journal, uri, kept, count


async def test_a_closed_journal_is_published_again_at_each_change(session: Session):
    journal, uri, kept, count = await broken_journal(session)
    # the same size and timestamps, another content (an agent's atomic replace): a new inode
    replaced = journal.with_name("JOURNAL.jsonl.new")
    replaced.write_bytes(kept + b'{"a":1}\n')
    stat = journal.stat()
    os.utime(replaced, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    os.replace(replaced, journal)
    changed(session, journal)
    assert await session.eventually(lambda: codes(session, uri) == [("PM021", count)])
    journal.write_bytes(kept)
    changed(session, journal)
    assert await session.eventually(lambda: codes(session, uri) == [])


async def test_a_closed_journals_findings_follow_the_settings(session: Session):
    """Its findings are kept by its version in one workspace: a settings change makes another."""
    journal, uri, _, _ = await broken_journal(session)
    settings = {"profileMemory": {"severity": {"PM020": "off"}}}
    session.client.set_configuration(settings)
    session.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=settings)
    )
    assert await session.eventually(lambda: codes(session, uri) == [])


async def test_a_closed_journal_whose_folder_became_a_link_is_refused(session: Session):
    """A link for its folder leaves the journal's own version as it was: not its findings."""
    journal, uri, _, _ = await broken_journal(session)
    os.rename(session.repo / "memory", session.repo / "memory-elsewhere")
    os.symlink(session.repo / "memory-elsewhere", session.repo / "memory")
    changed(session, journal)
    assert await session.eventually(lambda: [c for c, _ in codes(session, uri)] == ["PM030"])
