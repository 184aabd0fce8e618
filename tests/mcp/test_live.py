"""`pmem mcp`'s prompts and live side with the Python SDK's client: the skill's flows as prompts,
resource subscriptions told of changes on disk, the list-changed notice when a pair or memory folder
appears, and log messages at the level the client set (both the initialize handshake, which every
client speaks today, and 2026-07-28's listen streams)."""

from __future__ import annotations

import os
import shutil

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import get_default_environment, stdio_client
from mcp.shared.exceptions import MCPError
from mcp.types import (
    LoggingMessageNotificationParams,
    ResourceListChangedNotification,
    ResourceUpdatedNotification,
)
from mcp_support import AGENT, Tree, forked_mcp
from profile_memory.mcp_server import Door, create_server

# the handshake era's requests, which every client speaks today, are deprecated for 2026-07-28
pytestmark = pytest.mark.filterwarnings("ignore::mcp.shared.exceptions.MCPDeprecationWarning")


class Heard:
    """What the server sent on its own: notifications and log messages, in order."""

    def __init__(self) -> None:
        self.send, self.receive = anyio.create_memory_object_stream[object](100)

    async def message(self, message) -> None:
        if isinstance(message, (ResourceUpdatedNotification, ResourceListChangedNotification)):
            await self.send.send(message)

    async def log(self, params: LoggingMessageNotificationParams) -> None:
        await self.send.send(params)

    async def next(self):
        with anyio.fail_after(30):  # a safety net for a broken watch, not a timing assertion
            return await self.receive.receive()


def legacy(tree: Tree, heard: Heard) -> Client:
    return Client(
        create_server(Door(tree.repo, str(tree.user_dir))),
        client_info=AGENT,
        mode="legacy",
        message_handler=heard.message,
        logging_callback=heard.log,
    )


def replace(path, text: str) -> None:
    """Write as the writers do (pmem, Cherry): whole, by an atomic rename, so one poll cannot see
    the file half written."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def updated(uri: str):
    return lambda m: isinstance(m, ResourceUpdatedNotification) and str(m.params.uri) == uri


# -- prompts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_the_skills_flows_are_prompts(tree: Tree, mode: str):
    async with Client(create_server(Door(tree.repo, str(tree.user_dir))), mode=mode) as c:
        prompts = {p.name: p for p in (await c.list_prompts()).prompts}
        start = await c.get_prompt("start_session")
        review = await c.get_prompt("review_pending")
        end = await c.get_prompt("end_conversation")
        english = await c.get_prompt("end_conversation", {"language": "en"})
    assert set(prompts) == {"start_session", "review_pending", "end_conversation"}
    assert [a.name for a in prompts["end_conversation"].arguments] == ["language"]
    project = (tree.project_dir / "project-profile.md").read_text(encoding="utf-8")
    entry = next(line for line in project.splitlines() if line.startswith("- "))
    text = start.messages[0].content.text
    assert start.messages[0].role == "user" and entry.split(" <!--")[0] in text
    assert "`trace`" in text
    pending = (tree.project_dir / "profile-pending.md").read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(pending) if line.startswith("- ["))
    listing = review.messages[0].content.text
    assert f"line {first + 1} (" in listing and pending[first] in listing
    assert "`confirm`" in listing and "keep-both" in listing
    closing = end.messages[0].content.text
    assert "本次对话中我注意到以下可记录的画像信息：" in closing
    assert "- [转向][分类] 旧：xxx → 新：yyy ⚠️" in closing and "是否记录？" in closing
    assert entry.split(" <!--")[0] in closing  # compared with the profiles as they are
    assert "**Personal:**" in english.messages[0].content.text


async def test_review_pending_says_when_nothing_waits(tree: Tree):
    (tree.project_dir / "profile-pending.md").unlink()
    async with Client(create_server(Door(tree.repo, str(tree.user_dir)))) as c:
        review = await c.get_prompt("review_pending")
    assert "There are no pending proposals." in review.messages[0].content.text


# -- subscriptions ------------------------------------------------------------------------------


async def test_the_handshake_declares_subscribe_list_changes_logging_and_prompts(tree: Tree):
    async with legacy(tree, Heard()) as c:
        capabilities = c.server_capabilities
    assert capabilities.resources.subscribe is True
    assert capabilities.resources.list_changed is True
    assert capabilities.logging is not None and capabilities.prompts is not None


async def test_a_subscribed_resource_is_told_when_its_file_changes_on_disk(tree: Tree):
    heard = Heard()
    fact = tree.repo / "memory" / "FACT.md"
    async with legacy(tree, heard) as c:
        await c.subscribe_resource("pmem://facts")
        await c.subscribe_resource("pmem://recall")
        replace(fact, "# Long-term knowledge\n\n- 用 uv 管理依赖 🙂\n")
        first, second = await heard.next(), await heard.next()
        assert updated("pmem://facts")(first) and updated("pmem://recall")(second)
        read = await c.read_resource("pmem://facts")
        assert "用 uv 管理依赖 🙂" in read.contents[0].text
        await c.unsubscribe_resource("pmem://facts")
        replace(fact, "# Long-term knowledge\n\n- 第二次\n")
        # the same poll sees the change for both: only the one still subscribed is told
        assert updated("pmem://recall")(await heard.next())
        profile = tree.user_dir / "user-profile.md"
        replace(profile, profile.read_text(encoding="utf-8") + "\n")
        assert updated("pmem://recall")(await heard.next())


async def test_an_unknown_resource_cannot_be_subscribed(tree: Tree):
    async with legacy(tree, Heard()) as c:
        with pytest.raises(MCPError, match="pmem://nothing: no such resource"):
            await c.subscribe_resource("pmem://nothing")


async def test_a_new_pair_or_memory_folder_changes_the_resource_list(tree: Tree):
    heard = Heard()
    shutil.rmtree(tree.repo / "memory")
    async with legacy(tree, heard) as c:
        await c.list_resources()
        replace((tree.project_dir / "design-profile.md"), "# Design\n")
        assert isinstance(await heard.next(), ResourceListChangedNotification)
        (tree.repo / "memory").mkdir()
        assert isinstance(await heard.next(), ResourceListChangedNotification)


async def test_a_listen_stream_hears_of_changes_on_2026_07_28(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    async with Client(create_server(Door(tree.repo, str(tree.user_dir)))) as c:
        async with c.listen(
            resource_subscriptions=["pmem://facts"], resources_list_changed=True
        ) as events:
            replace(fact, "# Long-term knowledge\n\n- 新的事实\n")
            with anyio.fail_after(30):
                event = await events.__anext__()
    assert getattr(event, "uri", None) == "pmem://facts"


# -- logging ------------------------------------------------------------------------------------


async def test_log_messages_reach_the_client_at_the_level_it_set(tree: Tree):
    heard = Heard()
    fact = tree.repo / "memory" / "FACT.md"
    async with legacy(tree, heard) as c:
        await c.subscribe_resource("pmem://facts")
        await c.set_logging_level("info")
        replace(fact, "# Long-term knowledge\n\n- 一\n")
        logged = await heard.next()
        assert isinstance(logged, LoggingMessageNotificationParams)
        assert logged.level == "info" and logged.data == "pmem://facts changed on disk"
        assert logged.logger == "profile_memory.mcp"
        assert updated("pmem://facts")(await heard.next())
        also = await heard.next()  # recall reads FACT.md too (not subscribed: logged only)
        assert isinstance(also, LoggingMessageNotificationParams)
        assert also.data == "pmem://recall changed on disk"
        await c.set_logging_level("error")
        replace(fact, "# Long-term knowledge\n\n- 二\n")
        # logged before the update is sent: at "error" the info line is not sent at all
        last = await heard.next()
        assert updated("pmem://facts")(last), last


async def test_stderr_stays_at_its_own_level_whatever_the_client_asks(tree: Tree, tmp_path):
    """`pmem mcp` as a process: the client asks for debug; stderr (the person's log, WARNING
    without -v) still gets no info line."""
    heard = Heard()
    fact = tree.repo / "memory" / "FACT.md"
    errors = tmp_path / "stderr.txt"
    env = {"PMEM_TODAY": "2026-11-30"}
    command = forked_mcp(tree, get_default_environment() | env)  # what the SDK gives it
    params = StdioServerParameters(command=command[0], args=command[1:], env=env)
    with errors.open("w", encoding="utf-8") as errlog:
        async with Client(
            stdio_client(params, errlog=errlog),
            mode="legacy",
            message_handler=heard.message,
            logging_callback=heard.log,
        ) as c:
            await c.subscribe_resource("pmem://facts")
            await c.set_logging_level("debug")
            replace(fact, "# Long-term knowledge\n\n- 三\n")
            while getattr(await heard.next(), "data", None) != "pmem://facts changed on disk":
                pass  # the client hears it (and its own debug lines before it)
    assert "changed on disk" not in errors.read_text(encoding="utf-8")
