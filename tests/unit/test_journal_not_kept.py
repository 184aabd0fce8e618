"""The editor's workspace keeps no journal read from disk between requests
(`Workspace.keeps_journals`), nor what an editor's buffer of one left once it is closed (#25: a
journal may hold a million lines)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path, PurePath

from profile_memory.core.workspace import Workspace
from profile_memory.lsp.documents import Document
from profile_memory.lsp.provider import EditorProvider


def test_a_closed_journals_buffer_is_not_kept(tmp_path: Path) -> None:
    journal = tmp_path / "memory" / "JOURNAL.jsonl"
    journal.parent.mkdir()
    journal.write_text('{"ts": "2026-11-30T08:00:00.000Z", "tags": [], "text": "磁盘"}\n')
    provider = EditorProvider()
    workspace = Workspace(provider, keeps_journals=False)
    path = PurePath(journal)
    provider.opened(path, Document.create(journal.as_uri(), 1, '{"text": "缓冲 🧠"}\n' * 5))
    source = workspace.source(path)
    assert source is not None and source.lines is not None
    buffer_lines = source.lines
    assert len(workspace.lines(source)) == 6
    del source
    provider.closed(path)
    on_disk = workspace.source(path)
    assert on_disk is not None and "磁盘" in on_disk.text
    del on_disk
    gc.collect()
    # held here and by getrefcount's argument only: no workspace entry keeps the buffer
    assert sys.getrefcount(buffer_lines) == 2
    assert workspace.source(path) is not workspace.source(path)  # read again at each request
