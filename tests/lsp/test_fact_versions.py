"""The language server and FACT.md's kept versions: a rewrite by another program while the folder
is open is kept as `outside`; the editor's update and restore keep theirs as `editor`; the Agent
Memory view's last change (docs/format.md, "FACT.md versions")."""

from __future__ import annotations

import hashlib
import json

import pytest
from cli_support import run_pmem
from lsp_support import Session
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from secrets_support import FAKES
from test_views import plain


async def run(session: Session, command: str, argument=None):
    arguments = [argument] if argument is not None else []
    return await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command, arguments)
    )


def kept(session: Session) -> list[dict]:
    done = run_pmem("facts", "history", "--json", cwd=session.repo)
    assert done.code == 0, done.err
    return json.loads(done.out)


def history_folder(session: Session):
    return session.repo / "memory" / ".fact-history"


def versions_on_disk(session: Session) -> list[str]:
    folder = history_folder(session)
    return sorted(p.name for p in folder.glob("*.md")) if folder.is_dir() else []


def written_outside(session: Session, text: str) -> None:
    fact = session.repo / "memory" / "FACT.md"
    fact.write_text(text, encoding="utf-8")
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(fact.as_uri(), types.FileChangeType.Changed)]
        )
    )


async def test_an_outside_rewrite_keeps_the_version_the_server_had_seen(session: Session):
    fact = session.repo / "memory" / "FACT.md"
    before = fact.read_bytes()
    written_outside(session, "# Facts\n\n- Cherry 重写了 🍒\n")
    assert await session.eventually(lambda: len(versions_on_disk(session)) == 1)
    versions = kept(session)
    assert versions[0]["by"] == "outside" and versions[0]["bytes"] == len(before)
    only = history_folder(session) / versions_on_disk(session)[0]
    assert only.read_bytes() == before
    outline = plain(await session.client.protocol.send_request_async("profileMemory/outline", {}))
    last = outline["memory"][0]["fact"]["lastChange"]
    assert last["rev"] == versions[0]["rev"] and last["by"] == "outside"
    assert last["uri"] == only.as_uri() and last["removed"] == versions[0]["removed"] > 0


async def test_the_editor_update_and_restore_keep_their_versions_once(session: Session):
    fact = session.repo / "memory" / "FACT.md"
    before = fact.read_text(encoding="utf-8")
    await run(session, "profileMemory.factsUpdate", {"content": "# Facts\n\n- 编辑器写的\n"})
    assert [v["by"] for v in kept(session)] == ["editor"]
    # the server's own write, seen again through the watcher, is not kept twice; a later rewrite
    # by another program is
    written_outside(session, "# Facts\n\n- 别的程序写的\n")
    assert await session.eventually(lambda: len(versions_on_disk(session)) == 2)
    versions = kept(session)
    assert [v["by"] for v in versions] == ["outside", "editor"]
    assert versions[0]["sha256"] == hashlib.sha256("# Facts\n\n- 编辑器写的\n".encode()).hexdigest()
    restored = await run(session, "profileMemory.factsRestore", {"rev": versions[1]["rev"]})
    assert fact.read_text(encoding="utf-8") == before and restored["uri"] == fact.as_uri()
    assert [v["by"] for v in kept(session)] == ["editor", "outside", "editor"]
    with pytest.raises(JsonRpcException, match="no kept version"):
        await run(session, "profileMemory.factsRestore", {"rev": "20990101T000000000Z-deadbeef"})
    assert fact.read_text(encoding="utf-8") == before and len(kept(session)) == 3


async def test_a_save_of_a_redacted_secret_keeps_the_version_redacted(session: Session):
    key = FAKES["github-token"]
    fact = session.repo / "memory" / "FACT.md"
    fact.write_text(f"# Facts\n\n- token {key}\n- 事实 😀\n", encoding="utf-8")
    written_outside(session, fact.read_text(encoding="utf-8"))  # now seen with the secret
    assert await session.eventually(lambda: len(versions_on_disk(session)) == 1)
    uri = session.open(fact)
    redacted = "# Facts\n\n- token <redacted:github-token>\n- 事实 😀\n"
    session.client.text_document_did_change(  # what "Redact this secret" and a save do
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text=redacted)],
        )
    )
    # An editor's buffer holds the edit long before it saves; a request answered after the change
    # makes the test's order the same (else the server's own watcher, where the client has none, can
    # see the file written before it has read the change)
    await session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    fact.write_text(redacted, encoding="utf-8")
    session.client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri))
    )
    assert await session.eventually(lambda: len(versions_on_disk(session)) == 2)
    assert kept(session)[0]["by"] == "editor"
    for name in versions_on_disk(session):
        text = (history_folder(session) / name).read_text(encoding="utf-8")
        assert key not in text
    newest = history_folder(session) / f"{kept(session)[0]['rev']}.md"
    assert newest.read_text(encoding="utf-8") == redacted  # the version seen, its secret redacted


async def test_a_fact_md_emptied_for_good_keeps_what_it_held(session: Session):
    # an empty read may be an editor's save caught half-way: the server reads again, and keeps the
    # version once the file stays empty
    fact = session.repo / "memory" / "FACT.md"
    before = fact.read_bytes()
    written_outside(session, "")
    assert await session.eventually(lambda: len(versions_on_disk(session)) == 1)
    assert (history_folder(session) / versions_on_disk(session)[0]).read_bytes() == before
    assert kept(session)[0]["by"] == "outside"
