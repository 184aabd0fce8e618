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


async def test_a_closed_journal_is_published_again_at_each_change(session: Session):
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    uri, kept = journal.as_uri(), journal.read_bytes()
    count = kept.count(b"\n")
    journal.write_bytes(kept + b"{broken\n")
    changed(session, journal)
    assert await session.eventually(lambda: codes(session, uri) == [("PM020", count)])
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
