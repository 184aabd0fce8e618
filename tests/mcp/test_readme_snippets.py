"""The README's "Agents (MCP)" snippets, one per client: each in its client's documented format (VS
Code's `servers` with `type: stdio`, Cursor's and Claude Code's `mcpServers`, Cherry Studio's
import), free of machine paths, the same as `pmem mcp config` prints for the project's files, and
each started as its client would start it, answering with the project's memory."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from cli_support import run_pmem
from mcp import Client, StdioServerParameters
from mcp.types import Implementation
from mcp_support import Tree

README = Path(__file__).parents[2] / "README.md"
BIN = os.path.dirname(sys.executable)
HEADINGS = {
    "vscode": "#### VS Code — `.vscode/mcp.json`",
    "cursor": "#### Cursor — `.cursor/mcp.json`",
    "claude": "#### Claude Code — `.mcp.json`, or `claude mcp add`",
    "cherry": "#### Cherry Studio — Settings → MCP Servers → Add → Import from JSON",
}


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Agents (MCP)")
    return text[start : text.index("\n## ", start + 1)]


def snippets(client: str, language: str) -> list[str]:
    """The fenced blocks of `language` under the client's heading."""
    text = section()
    start = text.index(HEADINGS[client])
    following = text.find("\n#### ", start + 1)
    part = text[start : following if following > 0 else None]
    return re.findall(rf"```{language}\n(.*?)```", part, flags=re.S)


def entry_of(client: str) -> dict:
    (block,) = snippets(client, "json")
    config = json.loads(block)
    key = "servers" if client == "vscode" else "mcpServers"
    assert set(config) == {key}
    return config[key]["profile-memory"]


def test_each_client_has_a_snippet_in_its_format_free_of_machine_paths():
    shapes = {
        "vscode": {"type", "command", "args"},
        "cursor": {"command", "args"},
        "claude": {"type", "command", "args"},
        "cherry": {"name", "type", "isActive", "command", "args"},
    }
    for client, keys in shapes.items():
        entry = entry_of(client)
        assert set(entry) == keys and entry["command"] == "pmem", client
        assert entry.get("type", "stdio") == "stdio"
        assert isinstance(entry["args"], list) and entry["args"][0] == "mcp"
        assert not any(arg.startswith("/") for arg in entry["args"]), client
    assert entry_of("cherry")["isActive"] is True and entry_of("cherry")["name"] == "profile-memory"
    assert snippets("claude", "sh") == [
        "claude mcp add --scope project profile-memory -- pmem mcp\n"
    ]


@pytest.mark.parametrize("client", ["vscode", "cursor", "claude"])
def test_a_project_snippet_is_what_pmem_mcp_config_writes(tree: Tree, client: str):
    shown = run_pmem("mcp", "config", "--client", client, cwd=tree.repo)
    key = "servers" if client == "vscode" else "mcpServers"
    assert json.loads(shown.out)[key]["profile-memory"] == entry_of(client)


@pytest.mark.parametrize("client", ["vscode", "cursor", "claude", "cherry"])
async def test_each_snippet_starts_the_server_on_the_project(tree: Tree, client: str):
    """VS Code and Cursor replace `${workspaceFolder}`; Claude Code starts the server in the
    project (here a subfolder of it); Cherry's `~/projects/my-app` is the person's project."""
    home = tree.root / "home"
    (home / "projects").mkdir(parents=True, exist_ok=True)
    shutil.move(str(tree.repo), home / "projects" / "my-app")
    project = home / "projects" / "my-app"
    entry = entry_of(client)
    args = [arg.replace("${workspaceFolder}", str(project)) for arg in entry["args"]]
    path = os.pathsep.join([BIN, os.environ.get("PATH", "")])
    command = shutil.which(entry["command"], path=path)
    assert command is not None
    cwd = project / "src" if client == "claude" else tree.root
    env = {"PATH": path, "HOME": str(home), "PMEM_TODAY": "2026-11-30"}
    server = StdioServerParameters(command=command, args=args, cwd=str(cwd), env=env)
    async with Client(server, client_info=Implementation(name=client, version="1")) as c:
        traced = await c.call_tool("trace", {"id": "PF-20260601-01"})
        recalled = await c.read_resource("pmem://profile/user")
    assert traced.structured_content["matches"][0]["pair"] == "project-profile"
    user = (home / ".cursor" / "profile" / "user-profile.md").read_text(encoding="utf-8")
    assert recalled.contents[0].text.strip() == user.strip()
