"""`pmem mcp` keeps one engine for its life (`Engine`, `KeptDiskProvider`): a file is re-read only
when its identity (device, inode, size, mtime, ctime) changed or its timestamps are too recent to
trust, and nothing stale is ever served, not even after a write behind the server's back that keeps
the size and sets the mtime back (`os.utime`)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from mcp import Client
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, Engine, create_server
from profile_memory.store.disk import KeptDiskProvider

LATER = 60.0  # seconds: a clock this far ahead sees every file as settled (its identity trusted)


def later() -> float:
    return time.time() + LATER


def behind_the_back(path: Path, old: str, new: str) -> None:
    """Replace `old` by `new` (the same size in bytes) in place, and set the mtime back."""
    assert len(old.encode()) == len(new.encode())
    before = os.stat(path)
    data = path.read_bytes()
    assert old.encode() in data
    with open(path, "r+b") as handle:  # in place: the same inode
        handle.write(data.replace(old.encode(), new.encode()))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )


# "trusted": a clock far ahead, so only the identity (its ctime) can tell the change;
# "recent": the real clock, the files just written: their content is compared.
CLOCKS = {"trusted": later, "recent": time.time}


def client(tree: Tree, clock) -> Client:
    return client_of(Door(tree.repo, str(tree.user_dir), engine=Engine(KeptDiskProvider(clock))))


def client_of(door: Door) -> Client:
    return Client(create_server(door), client_info=AGENT)


async def text_of(c: Client, tool: str, arguments: dict) -> str:
    result = await c.call_tool(tool, arguments)
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return result.content[0].text


@pytest.mark.parametrize("clock", CLOCKS.values(), ids=CLOCKS.keys())
async def test_a_profile_changed_behind_the_server_is_recalled_as_it_is_now(tree: Tree, clock):
    profile = tree.project_dir / "project-profile.md"
    async with client(tree, clock) as c:
        assert "FastAPI" in await text_of(c, "recall", {})
        behind_the_back(profile, "FastAPI", "Starlet")
        shown = await text_of(c, "recall", {})
        assert "Starlet" in shown and "FastAPI" not in shown
        resource = (await c.read_resource("pmem://profile/project")).contents[0].text
        assert "Starlet" in resource


@pytest.mark.parametrize("clock", CLOCKS.values(), ids=CLOCKS.keys())
async def test_a_log_changed_behind_the_server_is_traced_and_searched_as_it_is_now(
    tree: Tree, clock
):
    log = tree.project_dir / "project-profile-log.md"
    async with client(tree, clock) as c:
        assert "后端" in await text_of(c, "trace", {"id": "PF-20260601-01"})
        assert "PostgreSQL" in await text_of(c, "search", {"query": "PostgreSQL"})
        behind_the_back(log, "PostgreSQL", "SQLiteDBas")
        traced = await text_of(c, "trace", {"id": "PF-20260601-01"})
        assert "+ SQLiteDBas\\n" in traced and "+ PostgreSQL\\n" not in traced  # the record's
        found = await text_of(c, "search", {"query": "SQLiteDBas"})
        assert "SQLiteDBas" in found
        assert '"hits": []' in await text_of(c, "search", {"query": "PostgreSQL"})


@pytest.mark.parametrize("clock", CLOCKS.values(), ids=CLOCKS.keys())
async def test_facts_and_a_new_finding_are_seen_at_the_next_call(tree: Tree, clock):
    fact = tree.repo / "memory" / "FACT.md"
    log = tree.project_dir / "project-profile-log.md"
    async with client(tree, clock) as c:
        for _ in range(2):  # the second is answered from the first (the files unchanged)
            assert '"errors": 0' in await text_of(c, "check", {})
        behind_the_back(fact, "zsh", "csh")
        assert "csh" in await text_of(c, "recall", {})
        # the same size, and now a broken id: the check sees it
        behind_the_back(log, "[PF-20260601-01]", "[PF-20260601-0x]")
        await c.call_tool("trace", {"id": "PF-20260412-01"})  # reads the log first
        assert '"errors": 0' not in await text_of(c, "check", {})


def test_an_unchanged_settled_file_is_not_read_again(tmp_path: Path):
    path = tmp_path / "FACT.md"
    path.write_text("# Facts\n", encoding="utf-8")
    provider = KeptDiskProvider(later)
    assert provider.version(path) is None  # never read: read it
    first = provider.read(path).version
    assert provider.version(path) == first  # settled and the same identity: trusted
    os.utime(path)  # touched: another identity, the same content, the same version
    assert provider.version(path) is None
    assert provider.read(path).version == first
    behind_the_back(path, "Facts", "Facta")
    assert provider.version(path) is None
    changed = provider.read(path).version
    assert changed != first


def test_a_recent_file_is_always_compared(tmp_path: Path):
    path = tmp_path / "FACT.md"
    path.write_text("# Facts\n", encoding="utf-8")
    provider = KeptDiskProvider()  # the real clock: the file was written just now
    provider.read(path)
    assert provider.version(path) is None


def test_a_version_is_never_given_twice(tmp_path: Path):
    """A file that goes and comes back with other bytes never gets a version a parse was kept
    under."""
    path = tmp_path / "FACT.md"
    provider = KeptDiskProvider(later)
    seen = set()
    for text in ("a", "b", "a", "c"):
        path.write_text(text, encoding="utf-8")
        seen.add(provider.read(path).version)
        path.unlink()
    assert len(seen) == 4


def test_a_recent_file_read_again_keeps_its_parses_and_findings(tmp_path: Path):
    """A file whose timestamps are too recent to trust is read at every call, but when it reads
    the same its source is the one already made, and with it what was found in it (a check called
    right after a write costs a read, not the check again: 25 ms a call at 300 ids)."""
    from profile_memory.core.workspace import Workspace

    profile = tmp_path / "user-profile.md"
    profile.write_text("# User Profile\n\n## 技术偏好\n- 偏好 Vue 🙂 <!-- PF-20260412-01 -->\n")
    workspace = Workspace(KeptDiskProvider(), user_dir=tmp_path)  # the real clock: recent
    first = workspace.source(profile)
    assert workspace.source(profile) is first
    profile.write_text(profile.read_text() + "- 偏好 Go <!-- PF-20260412-02 -->\n")
    assert workspace.source(profile) is not first  # changed: read as it is now


async def test_a_check_of_files_too_recent_to_trust_is_not_made_again_when_they_read_the_same(
    tree: Tree,
):
    """Files written a moment ago are read at each call (their timestamps cannot vouch for them),
    and when each reads the same the check is the one already made (a check right after a write
    cost 17 ms a call at 300 ids, 2.7 ms once the files settled); a change is still seen."""
    engine = Engine(KeptDiskProvider())  # the real clock: the fixture's files are recent
    door = Door(tree.repo, str(tree.user_dir), engine=engine)
    async with client_of(door) as c:
        first = await text_of(c, "check", {})
        made = engine._last
        assert made is not None  # remembered under the files' versions, read to tell them
        assert await text_of(c, "check", {}) == first and engine._last is made
        profile = tree.user_dir / "user-profile.md"
        profile.write_text(
            profile.read_text(encoding="utf-8") + "- 偏好 Go <!-- PF-20260412-01 -->\n",
            encoding="utf-8",
        )
        assert await text_of(c, "check", {}) != first


class CountingProvider(KeptDiskProvider):
    """A clock at the epoch, for which every file's timestamps are too recent to trust (however
    slow the machine), and how many times each file was read."""

    def __init__(self) -> None:
        super().__init__(lambda: 0.0)
        self.reads: dict[Path, int] = {}

    def read(self, path):  # type: ignore[no-untyped-def]
        self.reads[Path(path)] = self.reads.get(Path(path), 0) + 1
        return super().read(path)


async def test_a_call_reads_each_file_once_even_when_its_timestamps_are_too_recent(tree: Tree):
    """A check keys what it remembers by its files' versions, then checks them: files too recent
    to trust were read twice a call; a call is one moment, each file read once in it, and the next
    call reads them again."""
    provider = CountingProvider()
    async with client_of(Door(tree.repo, str(tree.user_dir), engine=Engine(provider))) as c:
        await text_of(c, "check", {})
        first = dict(provider.reads)
        assert first and set(first.values()) == {1}, first
        provider.reads.clear()
        await text_of(c, "check", {})
        assert provider.reads == first  # the next call: read again (still untrusted), once each
