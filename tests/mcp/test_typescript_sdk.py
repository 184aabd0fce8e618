"""The TypeScript SDK's client (npm `@modelcontextprotocol/sdk`, which most JavaScript clients are
built on) against `pmem mcp`, started from the configurations `pmem mcp config` prints: VS Code's
project file (prompts, subscriptions, list changes, log messages) and Cherry Studio's, with and
without `--trust-client-approval` (`tests/mcp/ts_client.mjs` drives it). `.ci/run` installs the SDK
and sets MCP_TS_SDK to the folder that holds its node_modules; without it this module is skipped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import run_pmem
from mcp_support import Tree

SDK = os.environ.get("MCP_TS_SDK")
SCRIPT = Path(__file__).with_name("ts_client.mjs")
pytestmark = pytest.mark.skipif(
    not SDK or not shutil.which("node"),
    reason="the TypeScript SDK runs in CI (.ci/run installs it and sets MCP_TS_SDK)",
)
BIN = os.path.dirname(sys.executable)


def configured(tree: Tree, *flags: str) -> dict:
    shown = run_pmem("mcp", "config", *flags, cwd=tree.repo)
    assert shown.code == 0, shown.err
    config = json.loads(shown.out)
    return (config.get("servers") or config["mcpServers"])["profile-memory"]


def drive(tree: Tree, entry: dict, scenario: str, **inputs) -> dict:
    path = os.pathsep.join([BIN, os.environ.get("PATH", "")])
    command = shutil.which(entry["command"], path=path)
    assert command is not None
    args = [arg.replace("${workspaceFolder}", str(tree.repo)) for arg in entry["args"]]
    env = {"PATH": path, "PMEM_USER_DIR": str(tree.user_dir), "PMEM_TODAY": "2026-11-30"}
    given = {"sdk": SDK, "command": command, "args": args, "cwd": str(tree.root), "env": env}
    done = subprocess.run(
        ["node", str(SCRIPT), json.dumps({**given, "scenario": scenario, **inputs})],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_vscodes_configuration_prompts_subscriptions_and_logs(tree: Tree):
    fact = tree.repo / "memory" / "FACT.md"
    seen = drive(
        tree,
        configured(tree, "--client", "vscode"),
        "live",
        fact=str(fact),
        newPair=str(tree.project_dir / "team-profile.md"),
    )
    assert seen["capabilities"]["resources"] == {"subscribe": True, "listChanged": True}
    assert "logging" in seen["capabilities"] and "prompts" in seen["capabilities"]
    assert {"memory", "recall", "profile_delete", "confirm"} <= set(seen["tools"])
    assert seen["prompts"] == ["start_session", "review_pending", "end_conversation"]
    assert "本次对话中我注意到以下可记录的画像信息：" in seen["endConversation"]
    assert "`confirm`" in seen["reviewPending"]
    assert seen["log"] == {
        "level": "info",
        "logger": "profile_memory.mcp",
        "data": "pmem://facts changed on disk",
    }
    assert seen["updated"] == "pmem://facts" and "来自 TypeScript 🙂" in seen["facts"]
    assert seen["listChanged"] is True and seen["updatedAfterUnsubscribe"] is False


def test_cherrys_configuration_cannot_ask_unless_its_approval_is_trusted(tree: Tree):
    profile = tree.project_dir / "project-profile.md"
    asked = drive(tree, configured(tree, "--client", "cherry"), "delete", id="PF-20260601-01")
    assert asked["status"] == "not_written" and "pmem delete PF-20260601-01" in asked["message"]
    assert "PF-20260601-01" in profile.read_text(encoding="utf-8")
    trusted = drive(
        tree,
        configured(tree, "--client", "cherry", "--trust-client-approval"),
        "delete",
        id="PF-20260601-01",
    )
    assert trusted["status"] == "written"
    assert "PF-20260601-01" not in profile.read_text(encoding="utf-8")


def test_errors_a_model_can_act_on(tree: Tree):
    journal = tree.repo / "memory" / "JOURNAL.jsonl"
    before = journal.read_bytes() if journal.exists() else b""
    seen = drive(tree, configured(tree, "--client", "vscode"), "errors", id="PF-20990101-01")
    assert seen["closed"] and set(seen["closed"].values()) == {False}
    assert seen["indented"] == []
    assert seen["tagForTags"]["isError"] and "did you mean `tags`" in seen["tagForTags"]["text"]
    assert (journal.read_bytes() if journal.exists() else b"") == before  # nothing half-written
    assert seen["misspelt"]["isError"] and "did you mean `category`" in seen["misspelt"]["text"]
    wrong = seen["wrongType"]
    assert wrong["isError"] and "`tags`" in wrong["text"]
    assert "pydantic" not in wrong["text"] and "\n" not in wrong["text"].strip()
    unknown = seen["unknownId"]
    assert unknown["isError"] and "PF-20990101-01" in unknown["text"]
    assert "not_written" not in unknown["text"] and "pmem delete" not in unknown["text"]
