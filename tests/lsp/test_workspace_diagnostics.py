"""The whole workspace's problems: every memory file `pmem check` checks is published, open or
not, at start and when files change, with the same findings as `pmem check`; Check Workspace
says how many."""

from __future__ import annotations

import json

from cli_support import run_pmem
from lsp_support import CLIENTS, Session, lsp_fixtures
from lsprotocol import types
from pygls.uris import from_fs_path

client, session = lsp_fixtures("sloppy", kinds=CLIENTS)


def pmem_check(session: Session) -> dict[str, list[tuple[str, int]]]:
    """`pmem check`'s findings by file URI: (code, 0-based line)."""
    shell = run_pmem(
        "check", "--format", "json", "--user-dir", str(session.user_dir), cwd=session.repo
    )
    found: dict[str, list[tuple[str, int]]] = {}
    for item in json.loads(shell.out):
        path = (session.repo / item["path"]).resolve()
        found.setdefault(from_fs_path(str(path)), []).append((item["code"], item["line"] - 1))
    return found


def pushed(session: Session) -> dict[str, list[tuple[str, int]]]:
    return {
        uri: sorted((str(d.code), d.range.start.line) for d in items)
        for uri, items in session.client.diagnostics.items()
        if items
    }


async def test_closed_files_are_published_as_pmem_check_reports_them(session: Session):
    expected = {uri: sorted(items) for uri, items in pmem_check(session).items()}
    assert len(expected) == 4 and sum(map(len, expected.values())) == 23
    assert await session.eventually(lambda: pushed(session) == expected)


async def test_a_file_changed_on_disk_is_published_again(session: Session):
    assert await session.eventually(lambda: len(pushed(session)) == 4)
    profile = session.user_dir / "user-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 新偏好 🙂 <!-- PF-1 -->\n", "utf-8")
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(profile.as_uri(), types.FileChangeType.Changed)]
        )
    )
    expected = {uri: sorted(items) for uri, items in pmem_check(session).items()}
    assert await session.eventually(lambda: pushed(session) == expected)


async def test_an_opened_file_is_the_documents_and_check_workspace_counts_all(session: Session):
    log = session.project_dir / "project-profile-log.md"
    expected = pmem_check(session)
    assert await session.eventually(lambda: len(pushed(session)) == 4)
    uri = session.open(log)
    items = await session.diagnostics(uri, until=lambda found: len(found) == len(expected[uri]))
    assert sorted((str(d.code), d.range.start.line) for d in items) == sorted(expected[uri])
    if session.pulls:  # what was pushed for it closed is cleared: Problems lists it once
        assert await session.eventually(lambda: uri not in pushed(session))
    counts = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams("profileMemory.checkWorkspace", [])
    )
    assert (counts["files"], counts["findings"]) == (4, 23)
