"""The requests behind the editor's Profile Memory view: outline, history, timeline, and the
didChange notification after another program writes a file."""

from __future__ import annotations

import asyncio

import pytest
from lsp_support import HANG, Session
from lsprotocol import types
from pygls.exceptions import JsonRpcException


def plain(value):
    """The answer as JSON has it (pygls's client hands back named tuples)."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


async def request(session: Session, method: str, params: dict | None = None):
    return plain(await session.client.protocol.send_request_async(method, params or {}))


async def test_the_outline_shows_every_pair_entry_state_proposal_and_memory_folder(
    session: Session,
):
    found = await request(session, "profileMemory/outline")
    user, project = found["pairs"]
    assert (user["name"], user["lines"], user["limit"], user["findings"]) == (
        "user-profile",
        13,
        50,
        0,
    )
    design = user["categories"][0]
    assert design["name"] == "审美与设计"
    (entry,) = design["entries"]
    assert (entry["id"], entry["state"], entry["records"]) == ("PF-20260412-01", "live", 1)
    assert entry["last"]["operation"] == "新增" and entry["last"]["uri"].endswith(
        "user-profile-log.md"
    )
    assert project["profile"].endswith("/repo/.cursor/profile/project-profile.md")
    (pending,) = found["pending"]
    assert [p["kind"] for p in pending["proposals"]] == ["evolve", "add"]
    (memory,) = found["memory"]
    assert memory["fact"]["uri"].endswith("/memory/FACT.md") and memory["fact"]["limit"] == 16384
    assert memory["journal"]["uri"].endswith("/memory/JOURNAL.jsonl")


async def test_history_newest_first_and_filtered(session: Session):
    records = await request(session, "profileMemory/history", {"limit": 2})
    assert [(r["date"], r["id"]) for r in records] == [
        ("2026-06-01", "PF-20260601-01"),
        ("2026-05-02", "PF-20260413-01"),
    ]
    only = await request(session, "profileMemory/history", {"query": "前端"})
    assert {r["id"] for r in only} == {"PF-20260412-02"}
    with pytest.raises(JsonRpcException, match="limit"):
        await request(session, "profileMemory/history", {"limit": 0})


async def test_a_timeline_in_order_with_fields_and_as_markdown(session: Session):
    found = await request(session, "profileMemory/timeline", {"id": "PF-20260412-02"})
    assert [r["operation"] for r in found["records"]] == ["新增", "演进"]
    assert found["records"][1]["fields"]["summary"] == "偏好 React + Next.js 全栈开发"
    assert found["markdown"].startswith("# PF-20260412-02") and "#L21)" in found["markdown"]
    assert "- **精简版**: 偏好 React + Next.js 全栈开发" in found["markdown"]  # the log's own keys
    with pytest.raises(JsonRpcException, match="anchor id"):
        await request(session, "profileMemory/timeline", {"id": "PF-1"})


async def test_a_file_written_by_another_program_tells_the_views(session: Session):
    notified = asyncio.Event()
    session.client.feature("profileMemory/didChange")(lambda params: notified.set())
    profile = session.user_dir / "user-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 新偏好 🙂\n", encoding="utf-8")
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(profile.as_uri(), types.FileChangeType.Changed)]
        )
    )
    await asyncio.wait_for(notified.wait(), HANG)
    found = await request(session, "profileMemory/outline")
    states = [e["state"] for c in found["pairs"][0]["categories"] for e in c["entries"]]
    assert "unconfirmed" in states


async def test_deciding_one_proposal_from_the_view_is_one_edit(session: Session):
    pending = session.project_dir / "profile-pending.md"
    found = await request(session, "profileMemory/outline")
    add = next(p for p in found["pending"][0]["proposals"] if p["kind"] == "add")
    outcome = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            "profileMemory.decide",
            [{"uri": pending.as_uri(), "line": add["line"], "decision": "confirm"}],
        )
    )
    assert outcome == "1 confirmed: PF-20261130-01" and len(session.client.applied_edits) == 1
    project = (session.project_dir / "project-profile.md").read_text(encoding="utf-8")
    assert "所有时间存 UTC <!-- PF-20261130-01 -->" in project
    assert "所有时间存 UTC" not in pending.read_text(encoding="utf-8")
    assert "旧：偏好 React" in pending.read_text(encoding="utf-8")  # the other proposal waits
    with pytest.raises(JsonRpcException, match="decision"):
        await session.client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                "profileMemory.decide", [{"uri": pending.as_uri(), "line": 0}]
            )
        )
