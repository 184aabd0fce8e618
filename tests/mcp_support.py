"""Helpers for the `pmem mcp` tests: a copied fixture tree, the client's identity, elicitation
answers, and the command line that starts the server (and the server with raw pipes)."""

from __future__ import annotations

import subprocess
import sys

from helpers import FixtureTree
from mcp.types import ElicitResult, Implementation


class Tree(FixtureTree):
    def __init__(self, root):
        self.root = root


AGENT = Implementation(name="test-agent", version="1.2")

# The first frame a hand-written client sends over raw stdio.
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": "init",
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"},
    },
}


def answering(action: str, approve: bool = True):
    """An elicitation callback that gives one answer, and records the questions."""
    asked: list[str] = []

    async def callback(context, params):
        asked.append(params.message)
        content = {"approve": approve} if action == "accept" else None
        return ElicitResult(action=action, content=content)

    callback.asked = asked
    return callback


def pmem_mcp(tree: FixtureTree, *extra: str) -> list[str]:
    """The command line that starts `pmem mcp` on the tree."""
    return [
        sys.executable,
        "-m",
        "profile_memory",
        "mcp",
        "--project",
        str(tree.repo),
        "--user-dir",
        str(tree.user_dir),
        *extra,
    ]


def raw_process(tree: FixtureTree) -> subprocess.Popen:
    """`pmem mcp` on the tree with pipes for stdin, stdout and stderr, for frames written by
    hand."""
    return subprocess.Popen(
        pmem_mcp(tree),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), "PATH": ""},
    )


def stdio_client(
    tree: FixtureTree, *extra: str, elicitation=None, mode: str = "auto", env: dict | None = None
):
    """The SDK's client on a real `pmem mcp` process over stdio (answering with `elicitation`)."""
    from mcp import Client, StdioServerParameters

    return Client(
        StdioServerParameters(
            command=sys.executable,
            args=pmem_mcp(tree, *extra)[1:],
            env={"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), **(env or {})},
        ),
        client_info=AGENT,
        elicitation_callback=elicitation,
        mode=mode,
    )
