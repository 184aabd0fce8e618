"""A real third-party client against `pmem mcp`: the MCP Inspector's CLI (npm
`@modelcontextprotocol/inspector`, `--cli`). `.ci/run` installs it and sets MCP_INSPECTOR; without
it this module is skipped."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from mcp_support import Tree, pmem_mcp

INSPECTOR = os.environ.get("MCP_INSPECTOR")
pytestmark = pytest.mark.skipif(not INSPECTOR, reason="the Inspector runs in CI (.ci/run)")


def inspect(tree: Tree, *method: str) -> dict:
    done = subprocess.run(
        [str(INSPECTOR), "--cli", *pmem_mcp(tree), "--method", *method],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PMEM_TODAY": "2026-11-30"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_inspector_lists_searches_appends_and_traces(tree: Tree):
    tools = {t["name"] for t in inspect(tree, "tools/list")["tools"]}
    assert {"memory", "recall", "search", "trace", "propose", "profile_add", "confirm"} <= tools
    found = inspect(
        tree, "tools/call", "--tool-name", "memory", "--tool-arg", "action=search", "query=fastapi"
    )
    assert json.loads(found["content"][0]["text"])[0]["tags"] == ["backend"]
    appended = inspect(
        tree,
        "tools/call",
        "--tool-name",
        "memory",
        "--tool-arg",
        "action=append",
        "text=从 Inspector 追加",
    )
    assert appended["content"][0]["text"].startswith("Journal entry added at ")
    journal = (tree.repo / "memory" / "JOURNAL.jsonl").read_text(encoding="utf-8")
    assert json.loads(journal.splitlines()[-1])["text"] == "从 Inspector 追加"
    traced = inspect(tree, "tools/call", "--tool-name", "trace", "--tool-arg", "id=PF-20260601-01")
    assert traced["structuredContent"]["matches"][0]["state"] == "live"
