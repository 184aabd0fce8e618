"""A client without file watching (Neovim 0.7): the server watches the memory files itself, with
inotify and, where it has none, by polling, and publishes a change on disk while the client sends
nothing at all."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest
import pytest_lsp
from lsp_support import SERVER, Session, start_session
from pytest_lsp import ClientServerConfig, LanguageClient

CONFIGS = {
    "inotify": SERVER,
    "poll": ClientServerConfig(
        server_command=[sys.executable, "-m", "profile_memory", "serve"],
        server_env={**os.environ, "PMEM_TODAY": "2026-11-30", "PMEM_WATCH": "poll"},
    ),
}

ENTRY = "- 新偏好 🙂 <!-- PF-20261130-07 -->\n"
RECORD = """
### [PF-20261130-07] 2026-11-30 — 新偏好 🙂
- **分类**: 审美与设计
- **精简版**: 新偏好 🙂
- **原始上下文**: "以后这样"
- **操作**: 新增
"""


@pytest_lsp.fixture(config=CONFIGS["inotify"])
async def inotify_client(lsp_client: LanguageClient, tmp_path):
    lsp_client.session = await start_session(lsp_client, "neovim-0.7", tmp_path, "sloppy")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIGS["poll"])
async def poll_client(lsp_client: LanguageClient, tmp_path):
    lsp_client.session = await start_session(lsp_client, "neovim-0.7", tmp_path, "sloppy")
    yield
    await lsp_client.shutdown_session()


@pytest.fixture(params=list(CONFIGS))
def session(request) -> Session:
    return request.getfixturevalue(f"{request.param}_client").session


async def quiet(session: Session, for_seconds: float = 1.5) -> None:
    """Until the published diagnostics stay the same a while: the start-up's own checks (which
    re-read every file) are over, and only the server's watching can see what is written next."""
    loop = asyncio.get_running_loop()
    seen, since = None, loop.time()
    while loop.time() - since < for_seconds:
        now = {uri: list(items) for uri, items in session.client.diagnostics.items()}
        if now != seen:
            seen, since = now, loop.time()
        await asyncio.sleep(0.05)


def codes(session: Session, uri: str) -> list[str]:
    return [str(d.code) for d in session.client.diagnostics.get(uri, [])]


async def test_a_record_appended_on_disk_is_published_without_a_request(session: Session):
    profile = session.user_dir / "user-profile.md"
    lines = profile.read_text(encoding="utf-8").split("\n")
    lines.insert(4, ENTRY.rstrip("\n"))
    profile.write_text("\n".join(lines), encoding="utf-8")
    uri = session.open(profile)
    assert await session.eventually(lambda: "PM006" in codes(session, uri))
    await quiet(session)
    log = session.user_dir / "user-profile-log.md"
    with log.open("a", encoding="utf-8") as appended:  # an agent appends; the client says nothing
        appended.write(RECORD)
    assert await session.eventually(lambda: "PM006" not in codes(session, uri))


async def test_a_closed_file_written_on_disk_is_published(session: Session):
    log = session.project_dir / "project-profile-log.md"
    assert await session.eventually(lambda: bool(codes(session, log.as_uri())))
    await quiet(session)
    log.write_text("# Project Profile Log\n", encoding="utf-8")  # every finding fixed by an agent
    assert await session.eventually(lambda: not codes(session, log.as_uri()))
