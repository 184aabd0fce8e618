"""Helpers for the `pmem mcp` tests: a copied fixture tree, the client's identity, elicitation
answers, and the command line that starts the server (and the server with raw pipes)."""

from __future__ import annotations

import subprocess
import sys

import server_fork
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


# What `pmem mcp` imports before it reads a frame: a fork server imports it once (server_fork.py)
MCP_IMPORTS = ("profile_memory.cli", "profile_memory.mcp_server")


def forked_mcp(tree: FixtureTree, env: dict[str, str], *extra: str) -> list[str]:
    """`pmem_mcp`'s command, started by a fork server (`server_fork.command`) for a process
    started with the environment `env`: the same server process, without its seconds of imports.
    Each test's HOME is its own tree's."""
    return server_fork.command(pmem_mcp(tree, *extra), env, MCP_IMPORTS, late=("HOME",))


def raw_process(tree: FixtureTree) -> subprocess.Popen:
    """`pmem mcp` on the tree (started by the fork server) with pipes for stdin, stdout and
    stderr, for frames written by hand."""
    env = {"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), "PATH": ""}
    return subprocess.Popen(
        forked_mcp(tree, env),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def stdio_client(
    tree: FixtureTree, *extra: str, elicitation=None, mode: str = "auto", env: dict | None = None
):
    """The SDK's client on a real `pmem mcp` process over stdio (answering with `elicitation`)."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import get_default_environment

    env = {"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home"), **(env or {})}
    command = forked_mcp(tree, get_default_environment() | env, *extra)  # what the SDK gives it
    return Client(
        StdioServerParameters(command=command[0], args=command[1:], env=env),
        client_info=AGENT,
        elicitation_callback=elicitation,
        mode=mode,
    )
