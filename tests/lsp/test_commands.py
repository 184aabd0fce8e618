"""Server commands over agent memory: search, append, update, recall, init, newId, trace."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from cli_support import run_pmem
from lsp_support import Session
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import to_fs_path


async def run(session: Session, command: str, argument=None):
    arguments = [argument] if argument is not None else []
    return await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command, arguments)
    )


async def test_search_returns_journal_and_log_hits(session: Session):
    hits = await run(session, "profileMemory.search", {"query": "fastapi"})
    assert [(h["kind"], h["text"]) for h in hits] == [
        ("journal", "后端选定 FastAPI，见 PF-20260601-01"),
        ("log", "后端使用 FastAPI + PostgreSQL"),
    ]
    journal = hits[0]
    assert (
        set(journal) == {"kind", "uri", "range", "ts", "tags", "text"}
        and journal["range"]["start"]["line"] == 1
    )
    assert hits[1]["id"] == "PF-20260601-01"
    only_tagged = await run(session, "profileMemory.search", {"tag": "SETUP", "kinds": ["journal"]})
    assert [h["tags"] for h in only_tagged] == [["setup"]]


@pytest.mark.parametrize("query", ["fastapi", "偏好", "PF-2026"])
async def test_the_cli_and_the_server_find_the_same_hits_in_the_same_order(session: Session, query):
    served = await run(session, "profileMemory.search", {"query": query, "limit": 5})
    shell = run_pmem(
        "search",
        query,
        "--limit",
        "5",
        "--json",
        "--user-dir",
        str(session.user_dir),
        cwd=session.repo,
    )
    assert shell.code == 0, shell.err
    assert served, "the fixture should have hits for " + query
    where = [
        (h["kind"], Path(to_fs_path(h["uri"])), h["range"]["start"]["line"] + 1, h["text"])
        for h in served
    ]
    assert where == [
        (h["kind"], (session.repo / h["path"]).resolve(), h["line"], h["text"])
        for h in json.loads(shell.out)
    ]


@pytest.mark.parametrize(
    "argument, words",
    [
        ({"query": "x", "limit": 0}, "positive whole number"),
        ({"kinds": ["everything"]}, "kinds"),
        ("not an object", "one object argument"),
    ],
)
async def test_bad_arguments_are_errors_and_the_server_keeps_serving(
    session: Session, argument, words
):
    with pytest.raises(JsonRpcException, match=words):
        await run(session, "profileMemory.search", argument)
    assert (await run(session, "profileMemory.newId")) == "PF-20261130-01"


async def test_journal_append_writes_disk_or_the_open_editor(session: Session):
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    result = await run(
        session, "profileMemory.journalAppend", {"text": "从编辑器追加", "tags": ["editor"]}
    )
    assert (
        result["tags"] == ["editor"]
        and json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])["text"]
        == "从编辑器追加"
    )
    session.open(journal, language="json")
    await run(session, "profileMemory.journalAppend", {"text": "打开时追加"})
    assert len(session.client.applied_edits) == 1  # the open buffer is changed through the editor
    assert json.loads(journal.read_text(encoding="utf-8").splitlines()[-1])["text"] == "打开时追加"
    with pytest.raises(JsonRpcException, match="empty"):
        await run(session, "profileMemory.journalAppend", {"text": "   "})


async def test_paths_outside_the_memory_folders_are_refused(session: Session, tmp_path):
    outside = tmp_path / "elsewhere" / "memory"
    outside.mkdir(parents=True)
    with pytest.raises(JsonRpcException, match="not a known memory folder"):
        await run(session, "profileMemory.journalAppend", {"text": "x", "dir": str(outside)})
    assert not (outside / "JOURNAL.jsonl").exists()


async def test_facts_update_honours_the_expected_sha(session: Session):
    fact = session.repo / "memory" / "FACT.md"
    with pytest.raises(JsonRpcException, match="changed since"):
        await run(
            session, "profileMemory.factsUpdate", {"content": "# new\n", "expectedSha256": "0" * 64}
        )
    current = hashlib.sha256(fact.read_bytes()).hexdigest()
    result = await run(
        session, "profileMemory.factsUpdate", {"content": "# new\n", "expectedSha256": current}
    )
    assert (
        fact.read_text() == "# new\n" and result["sha256"] == hashlib.sha256(b"# new\n").hexdigest()
    )


async def test_recall_init_new_id_and_trace(session: Session):
    text = await run(session, "profileMemory.recall")
    assert text.startswith("<user-profile path=") and "<facts path=" in text
    kept = await run(session, "profileMemory.init", {"scope": "memory"})
    assert [r["created"] for r in kept] == [False, False]
    assert await run(session, "profileMemory.newId") == "PF-20261130-01"
    traced = await run(session, "profileMemory.trace", {"id": "PF-20260412-02"})
    assert traced["matches"][0]["state"] == "live" and len(traced["matches"][0]["records"]) == 2
    with pytest.raises(JsonRpcException, match="not a valid anchor id"):
        await run(session, "profileMemory.trace", {"id": "PF-1"})


async def test_trace_names_the_proposals_that_target_the_id_as_the_cli_does(session: Session):
    served = await run(session, "profileMemory.trace", {"id": "PF-20260412-02"})
    shell = run_pmem(
        "trace", "PF-20260412-02", "--json", "--user-dir", str(session.user_dir), cwd=session.repo
    )
    printed = json.loads(shell.out)
    assert served["pending"], "the fixture's pending file proposes an evolve of PF-20260412-02"
    assert [(p["line"], p["text"]) for p in served["pending"]] == [
        (p["line"], p["text"]) for p in printed["pending"]
    ]


async def test_a_secret_is_refused_by_the_journal_and_facts_commands(session: Session):
    from secrets_support import FAKES

    fake = FAKES["slack-token"]
    journal = session.repo / "memory" / "JOURNAL.jsonl"
    before = journal.read_bytes()
    for command, argument in (
        ("profileMemory.journalAppend", {"text": f"token {fake}"}),
        ("profileMemory.factsUpdate", {"content": f"# Facts\n\n{fake}\n"}),
    ):
        with pytest.raises(JsonRpcException, match="slack-token") as refused:
            await run(session, command, argument)
        assert fake not in str(refused.value)
    assert journal.read_bytes() == before
