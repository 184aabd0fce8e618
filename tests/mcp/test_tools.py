"""`pmem mcp`'s tools, in process: schemas and annotations, Cherry's `memory` semantics, reading,
proposing, and profile writes with a person's yes (asked, declined, not askable, trusted)."""

from __future__ import annotations

import hashlib
import json

import pytest
from mcp import Client
from mcp_support import AGENT, Tree, answering
from profile_memory.mcp_server import Door, create_server

PROFILE_TOOLS = ("profile_add", "profile_evolve", "profile_pivot", "profile_delete", "confirm")


def door(tree: Tree, trust: bool = False) -> Door:
    return Door(tree.repo, str(tree.user_dir), trust)


def client(tree: Tree, elicitation=None, trust: bool = False, mode: str = "auto") -> Client:
    return Client(
        create_server(door(tree, trust)),
        client_info=AGENT,
        elicitation_callback=elicitation,
        mode=mode,
    )


async def call(c: Client, tool: str, arguments: dict):
    result = await c.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""
    return result.structured_content, text, result.is_error


def snapshot(tree: Tree) -> dict[str, str]:
    return {
        str(p.relative_to(tree.root)): p.read_text(encoding="utf-8")
        for p in sorted(tree.root.rglob("*"))
        if p.is_file() and p.name != ".pmem.lock"  # a lock file says nothing
    }


async def test_tools_their_inputs_and_honest_annotations(tree: Tree):
    async with client(tree) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
    shape = {
        name: (
            t.annotations.read_only_hint,
            t.annotations.destructive_hint,
            sorted(t.input_schema.get("required", [])),
        )
        for name, t in tools.items()
    }
    assert shape == {
        "memory": (False, True, ["action"]),
        "recall": (True, False, []),
        "trace": (True, False, ["id"]),
        "search": (True, False, ["query"]),
        "check": (True, False, []),
        "facts_history": (True, False, []),
        "propose": (False, False, ["category", "kind", "scope", "text"]),
        "profile_add": (False, True, ["category", "scope", "text"]),
        "profile_evolve": (False, True, ["id", "text"]),
        "profile_pivot": (False, True, ["id", "text"]),
        "profile_delete": (False, True, ["id"]),
        "confirm": (False, True, []),
    }
    memory = tools["memory"].input_schema["properties"]
    assert memory["action"]["enum"] == ["update", "append", "search"]  # Cherry's input schema
    assert set(memory) == {"action", "content", "text", "tags", "query", "tag", "limit", "if_match"}
    assert all(
        not {"consent", "planned"} & set(t.input_schema["properties"]) for t in tools.values()
    )
    assert tools["profile_add"].output_schema["properties"]["status"]["enum"] == [
        "written",
        "pending",
        "declined",
        "cancelled",
        "not_written",
        "changed",
    ]


async def test_memory_is_cherry_studios_tool(tree: Tree):
    journal = tree.repo / "memory" / "JOURNAL.jsonl"
    async with client(tree) as c:
        _, text, error = await call(
            c, "memory", {"action": "append", "text": "部署完成 🚀", "tags": ["ops"]}
        )
        assert not error and text.startswith("Journal entry added at 2") and text.endswith("Z.")
        last = json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])
        assert (
            last["text"] == "部署完成 🚀"
            and last["tags"] == ["ops"]
            and set(last) == {"ts", "tags", "text"}
        )
        _, text, _ = await call(c, "memory", {"action": "search", "query": "部署"})
        assert json.loads(text)[0]["text"] == "部署完成 🚀"
        _, text, _ = await call(c, "memory", {"action": "search", "query": "nothing like this"})
        assert text == "No matching journal entries found."
        _, text, _ = await call(
            c, "memory", {"action": "update", "content": "# Facts\n\n- 用 zsh\n"}
        )
        # Cherry's own text first (the fixture's lines it dropped are named after it)
        assert text.split(" This update removed ")[0] == "Memory updated."
        assert (tree.repo / "memory" / "FACT.md").read_text(
            encoding="utf-8"
        ) == "# Facts\n\n- 用 zsh\n"
        journal.unlink()
        _, text, _ = await call(c, "memory", {"action": "search", "query": "x"})
        assert text == "No journal entries found."


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"action": "append", "text": ""}, "'text' is required for append action"),
        ({"action": "update"}, "'content' is required for update action"),
        ({"action": "search", "query": "x", "limit": 0}, "positive whole number"),
        ({"action": "update", "content": "# new\n", "if_match": "0" * 64}, "changed since"),
        ({"action": "erase"}, "action"),
    ],
)
async def test_memory_refusals_are_tool_errors_that_write_nothing(tree: Tree, arguments, words):
    before = snapshot(tree)
    async with client(tree) as c:
        _, text, error = await call(c, "memory", arguments)
    assert error and words in text, text
    assert snapshot(tree) == before


async def test_memory_update_with_the_sha_it_read(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    digest = hashlib.sha256(fact.read_bytes()).hexdigest()
    async with client(tree) as c:
        _, text, error = await call(
            c, "memory", {"action": "update", "content": "# v2\n", "if_match": digest}
        )
    assert not error and fact.read_text(encoding="utf-8") == "# v2\n"


async def test_a_linked_memory_folder_is_refused(tree: Tree, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (tree.repo / "memory").rename(elsewhere)
    (tree.repo / "memory").symlink_to(elsewhere)
    before = (elsewhere / "JOURNAL.jsonl").read_bytes()
    async with client(tree) as c:
        _, text, error = await call(c, "memory", {"action": "append", "text": "x"})
    assert error and "symbolic link" in text
    assert (elsewhere / "JOURNAL.jsonl").read_bytes() == before


async def test_reading_tools(tree: Tree):
    async with client(tree) as c:
        _, recall, _ = await call(c, "recall", {"format": "markdown"})
        assert "偏好 React + Next.js 全栈开发" in recall and "## Agent Knowledge" in recall
        traced, _, _ = await call(c, "trace", {"id": "PF-20260412-02"})
        assert traced["matches"][0]["state"] == "live" and traced["pending"]
        _, text, error = await call(c, "trace", {"id": "PF-20990101-01"})
        assert error and "in no profile or log" in text
        found, _, _ = await call(c, "search", {"query": "fastapi"})
        assert [h["kind"] for h in found["hits"]] == ["journal", "log"]
        checked, _, _ = await call(c, "check", {})
        assert checked["errors"] == 0 and isinstance(checked["findings"], list)


async def test_propose_writes_the_pending_file_and_says_where(tree: Tree):
    pending = tree.project_dir / "profile-pending.md"
    async with client(tree) as c:
        outcome, _, _ = await call(
            c,
            "propose",
            {"scope": "user", "kind": "add", "category": "技术偏好", "text": "偏好 Rust"},
        )
    assert outcome["status"] == "written" and outcome["pending"].endswith(
        ".md:"
        + str(
            pending.read_text(encoding="utf-8").split("\n").index("- [新增][技术偏好] 偏好 Rust")
            + 1
        )
    )
    assert outcome["proposal"] == [
        "- [新增][技术偏好] 偏好 Rust",
        "  - 来源对话: test-agent 1.2 via pmem mcp, 2026-11-30",
    ]


async def test_a_profile_write_asks_the_exact_change_and_writes_on_yes(tree: Tree):
    yes = answering("accept")
    async with client(tree, yes) as c:
        outcome, _, _ = await call(
            c, "profile_add", {"scope": "user", "category": "技术偏好", "text": "偏好 Go 🙂"}
        )
    assert yes.asked == [
        "Profile Memory — may I add PF-20261130-01 to the user profile under `技术偏好`: 偏好 Go 🙂?"
    ]
    assert outcome["status"] == "written" and outcome["ids"] == ["PF-20261130-01"]
    assert outcome["limits"] == [
        {"profile": str(tree.user_dir / "user-profile.md"), "lines": 14, "limit": 50, "over": False}
    ]
    profile = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    log = (tree.user_dir / "user-profile-log.md").read_text(encoding="utf-8")
    assert "- 偏好 Go 🙂 <!-- PF-20261130-01 -->" in profile
    assert "- **来源对话**: test-agent 1.2 via pmem mcp, 2026-11-30" in log  # provenance


@pytest.mark.parametrize("answer, status", [("decline", "declined"), ("cancel", "cancelled")])
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_no_yes_no_write(tree: Tree, answer, status, mode):
    before = snapshot(tree)
    async with client(tree, answering(answer), mode=mode) as c:
        outcome, _, _ = await call(
            c, "profile_evolve", {"id": "PF-20260412-02", "text": "偏好 Vue"}
        )
    assert outcome["status"] == status and snapshot(tree) == before


async def test_a_yes_that_says_no_writes_nothing(tree: Tree):
    before = snapshot(tree)
    no = answering("accept", approve=False)
    async with client(tree, no) as c:
        outcome, _, _ = await call(c, "profile_delete", {"id": "PF-20260412-02"})
    assert outcome["status"] == "declined" and snapshot(tree) == before
    assert no.asked == [
        "Profile Memory — may I delete PF-20260412-02 from the user profile under `技术偏好`: "
        "偏好 React + Next.js 全栈开发?"
    ]


async def test_a_client_that_cannot_ask_gets_the_change_pending(tree: Tree):
    profile_before = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    async with client(tree) as c:
        evolve, _, _ = await call(
            c, "profile_evolve", {"id": "PF-20260412-02", "text": "偏好 React + Next.js，SSR 优先"}
        )
        delete, _, _ = await call(c, "profile_delete", {"id": "PF-20260412-02"})
        decide, _, _ = await call(c, "confirm", {})
    assert evolve["status"] == "pending" and "profile-pending.md:" in evolve["pending"]
    pending = (tree.project_dir / "profile-pending.md").read_text(encoding="utf-8")
    assert (
        "[演进][技术偏好] 旧：偏好 React + Next.js 全栈开发 → 新：偏好 React + Next.js，SSR 优先"
        in pending
    )
    assert delete["status"] == decide["status"] == "not_written"
    assert (tree.user_dir / "user-profile.md").read_text(encoding="utf-8") == profile_before


async def test_trusting_the_clients_approval_writes_at_once(tree: Tree):
    async with client(tree, trust=True) as c:
        outcome, _, _ = await call(
            c, "profile_pivot", {"id": "PF-20260412-02", "text": "偏好 Svelte"}
        )
    assert outcome["status"] == "written" and outcome["ids"][0] == "PF-20261130-01"
    assert outcome["message"] == (
        "done: pivot PF-20260412-02 in the user profile to PF-20261130-01: "
        "偏好 React + Next.js 全栈开发 → 偏好 Svelte"
    )
    assert "偏好 Svelte <!-- PF-20261130-01 -->" in (tree.user_dir / "user-profile.md").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize(
    "tool, arguments, words",
    [
        ("profile_evolve", {"id": "PF-20990101-01", "text": "x"}, "unknown id"),
        ("profile_delete", {"id": "PF-1"}, "not a valid anchor id"),
        ("profile_add", {"scope": "user", "category": "技术偏好", "text": "   "}, "empty"),
    ],
)
async def test_a_change_that_cannot_apply_is_refused_before_anyone_is_asked(
    tree: Tree, tool, arguments, words
):
    yes = answering("accept")
    before = snapshot(tree)
    async with client(tree, yes) as c:
        _, text, error = await call(c, tool, arguments)
    assert error and words in text, text
    assert yes.asked == [] and snapshot(tree) == before


async def test_confirm_decides_the_pending_proposals_on_yes(tree: Tree):
    yes = answering("accept")
    async with client(tree, yes) as c:
        outcome, _, _ = await call(c, "confirm", {})
    assert outcome["status"] == "written" and outcome["message"].startswith("done: 2 confirmed")
    assert yes.asked == [
        "Profile Memory — may I make these 2 changes?\n"
        "1. evolve PF-20260412-02 in the user profile under `技术偏好`: 偏好 React + Next.js 全栈开发"
        ' → 偏好 React + Next.js，SSR 优先 (their words: "默认都做 SSR")\n'
        "2. add PF-20261130-01 to the project profile under `技术栈与架构`: 所有时间存 UTC"
    ]


async def test_resources(tree: Tree):
    async with client(tree) as c:
        listed = {str(r.uri) for r in (await c.list_resources()).resources}
        assert listed == {
            "pmem://profile/user",
            "pmem://profile/project",
            "pmem://facts",
            "pmem://recall",
        }
        user = await c.read_resource("pmem://profile/user")
    assert "偏好 React + Next.js 全栈开发" in user.contents[0].text


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("memory", {"action": "append", "text": "deployed with {fake}"}),
        ("memory", {"action": "update", "content": "# Facts\n\n- key {fake}\n"}),
        ("propose", {"scope": "user", "kind": "add", "category": "技术偏好", "text": "用 {fake}"}),
        ("profile_add", {"scope": "user", "category": "技术偏好", "text": "key {fake}"}),
    ],
)
async def test_no_tool_stores_a_secret_or_echoes_it(tree: Tree, tool, arguments):
    from secrets_support import FAKES

    fake = FAKES["github-token"]
    filled = {k: v.format(fake=fake) if isinstance(v, str) else v for k, v in arguments.items()}
    before = snapshot(tree)
    async with client(tree, trust=True) as c:
        _, text, error = await call(c, tool, filled)
    assert error and "github-token" in text and fake not in text
    assert snapshot(tree) == before
