"""A person's yes covers exactly the plan the question showed ([trust] §1), against a real
`pmem mcp` process: while the question is open, a second `pmem` process or a second MCP client
writes the same files; nothing the person was not asked about is written."""

from __future__ import annotations

import asyncio

import pytest
from cli_support import run_pmem
from mcp.types import ElicitResult
from mcp_support import Tree, stdio_client

PENDING = "profile-pending.md"


def snapshot(tree: Tree) -> dict[str, str]:
    return {
        str(p.relative_to(tree.root)): p.read_text(encoding="utf-8")
        for p in sorted(tree.root.rglob("*.md"))
    }


def pmem(tree: Tree, *args: str):
    return run_pmem(*args, cwd=tree.repo, env={"PMEM_USER_DIR": str(tree.user_dir)})


def proposing(tree: Tree, text: str):
    """A second `pmem` process that proposes adding `text` to the user's 技术偏好."""

    async def propose() -> None:
        args = "propose --scope user --kind add --category 技术偏好".split()
        done = await asyncio.to_thread(pmem, tree, *args, text)
        assert done.code == 0, done.err

    return propose


def behind_its_back(write, content=None):
    """An elicitation callback that, while the person is asked, lets `write` run to its end (a
    second process or client writing), then answers `content` (a yes by default)."""
    asked: list[str] = []

    async def callback(context, params):
        asked.append(params.message)
        if len(asked) == 1:
            await write()
        return ElicitResult(action="accept", content=content or {"approve": True})

    callback.asked = asked
    return callback


async def call(c, tool: str, arguments: dict) -> dict:
    result = await c.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


async def test_a_proposal_added_while_confirm_asks_is_not_decided(tree: Tree):
    answer = behind_its_back(proposing(tree, "偏好 Rust"))
    async with stdio_client(tree, elicitation=answer, mode="legacy") as c:
        outcome = await call(c, "confirm", {})
    assert outcome["status"] == "changed" and outcome["ids"] == []
    assert [path.endswith(PENDING) for path in outcome["changed"]] == [True]
    assert "nothing was written" in outcome["message"]
    after = snapshot(tree)
    pending = after["repo/.cursor/profile/" + PENDING]
    assert "偏好 Rust" in pending and "所有时间存 UTC" in pending  # all three still pending
    profile = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    assert "偏好 Rust" not in profile and "SSR 优先" not in profile


async def test_an_add_that_lands_while_asked_takes_nothing_the_person_did_not_see(tree: Tree):
    async def add() -> None:
        done = await asyncio.to_thread(
            pmem, tree, "add", "--scope", "user", "--category", "技术偏好", "偏好 Zig"
        )
        assert done.code == 0 and "PF-20261130-01" in done.out, done.err

    answer = behind_its_back(add)
    async with stdio_client(tree, elicitation=answer, mode="legacy") as c:
        outcome = await call(
            c, "profile_add", {"scope": "user", "category": "技术偏好", "text": "偏好 Go"}
        )
    assert answer.asked == [
        "Profile Memory — may I add PF-20261130-01 to the user profile under `技术偏好`: 偏好 Go?"
    ]
    assert outcome["status"] == "changed"
    assert "user-profile.md" in {path.rsplit("/", 1)[-1] for path in outcome["changed"]}
    profile = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    assert "偏好 Zig <!-- PF-20261130-01 -->" in profile and "偏好 Go" not in profile


async def test_a_second_mcp_client_writing_while_asked(tree: Tree):
    async def second_client() -> None:
        async with stdio_client(tree) as other:
            await call(
                other,
                "propose",
                {"scope": "project", "kind": "add", "category": "技术栈与架构", "text": "用 uv"},
            )

    answer = behind_its_back(second_client)
    async with stdio_client(tree, elicitation=answer, mode="legacy") as c:
        outcome = await call(c, "confirm", {"decision": "discard"})
    assert outcome["status"] == "changed"
    assert "用 uv" in (tree.project_dir / PENDING).read_text(encoding="utf-8")


async def test_with_questions_asked_between_rounds_each_written_change_was_shown(tree: Tree):
    """The newer protocol asks between rounds: the plan is made again and, when it differs, asked
    again; what is written is what the last question showed."""

    answer = behind_its_back(proposing(tree, "偏好 Rust"))
    async with stdio_client(tree, elicitation=answer) as c:
        outcome = await call(c, "confirm", {})
    assert len(answer.asked) == 2, answer.asked  # asked again about the plan as it is now
    assert "偏好 Rust" not in answer.asked[0] and "偏好 Rust" in answer.asked[-1]
    assert outcome["status"] == "written" and len(outcome["ids"]) == 3
    for anchor_id in outcome["ids"]:
        assert anchor_id in answer.asked[-1]


@pytest.mark.parametrize("approve", ["yes", 1, "true", None])
async def test_only_a_boolean_true_approves(tree: Tree, approve):
    before = snapshot(tree)

    async def nothing() -> None:
        pass

    answer = behind_its_back(nothing, {"approve": approve})
    async with stdio_client(tree, elicitation=answer, mode="legacy") as c:
        outcome = await call(c, "profile_delete", {"id": "PF-20260412-02"})
    assert outcome["status"] == "declined" and snapshot(tree) == before


async def test_the_question_shows_each_change_in_full(tree: Tree):
    pmem(tree, "propose", "--scope", "user", "--kind", "add", "--category", "技术偏好", "偏好 Rust")
    shown: list[str] = []

    async def no(context, params):
        shown.append(params.message)
        return ElicitResult(action="decline")

    async with stdio_client(tree, elicitation=no) as c:
        await call(c, "profile_pivot", {"id": "PF-20260412-02", "text": "偏好 Svelte"})
        await call(c, "confirm", {"decision": "discard"})
    assert shown == [
        "Profile Memory — may I pivot PF-20260412-02 in the user profile under `技术偏好` to "
        "PF-20261130-01: 偏好 React + Next.js 全栈开发 → 偏好 Svelte?",
        "Profile Memory — may I make these 3 changes?\n"
        "1. discard the proposal to evolve under `技术偏好` in the user profile: "
        "偏好 React + Next.js 全栈开发 → 偏好 React + Next.js，SSR 优先\n"
        "2. discard the proposal to add under `技术偏好` in the user profile: 偏好 Rust\n"
        "3. discard the proposal to add under `技术栈与架构` in the project profile: 所有时间存 UTC",
    ]


@pytest.mark.parametrize(
    "tool, arguments, words",
    [
        ("profile_delete", {"id": "PF-20990101-01"}, "unknown id"),
        ("confirm", {"line": 999}, "is no proposal"),
        ("profile_evolve", {"id": "PF-20990101-01", "text": "x"}, "unknown id"),
    ],
)
async def test_without_elicitation_a_change_that_cannot_apply_is_refused_first(
    tree: Tree, tool, arguments, words
):
    before = snapshot(tree)
    async with stdio_client(tree) as c:
        result = await c.call_tool(tool, arguments)
    assert result.is_error and words in result.content[0].text, result.content
    assert snapshot(tree) == before
