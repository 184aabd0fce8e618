"""`pmem mcp config` for each client (VS Code, Cursor, Claude Code, Cherry Studio): a project's file
a teammate can clone (no path of this machine), the user-level file where a path is needed, the
runnable `claude mcp add` line, Cherry's note, and each configuration started as its client would
start it, on a second clone of the project."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from cli_support import run_pmem
from mcp import Client, StdioServerParameters
from mcp.types import Implementation
from mcp_support import Tree
from profile_memory import mcp_config

BIN = os.path.dirname(sys.executable)  # where this environment's `pmem` is


def printed(tree: Tree, client: str, *extra: str):
    shown = run_pmem("mcp", "config", "--client", client, *extra, cwd=tree.repo)
    assert shown.code == 0, shown.err
    return json.loads(shown.out), shown.err


def no_machine_path(text: str, tree: Tree) -> None:
    for path in (str(tree.root), sys.executable, BIN, os.path.expanduser("~")):
        assert path not in text


@pytest.mark.parametrize(
    ("client", "key", "args"),
    [
        ("vscode", "servers", ["mcp", "--project", "${workspaceFolder}"]),
        ("cursor", "mcpServers", ["mcp", "--project", "${workspaceFolder}"]),
        ("claude", "mcpServers", ["mcp"]),
    ],
)
def test_a_project_file_names_pmem_and_no_path_of_this_machine(tree: Tree, client, key, args):
    config, _ = printed(tree, client)
    entry = config[key]["profile-memory"]
    assert entry["command"] == "pmem" and entry["args"] == args
    assert entry.get("type", "stdio") == "stdio"
    assert (client == "cursor") == ("type" not in entry)  # Cursor's format has no `type`
    no_machine_path(json.dumps(config), tree)
    written = run_pmem("mcp", "config", "--client", client, "--write", cwd=tree.repo)
    target = tree.repo / mcp_config.PROJECT_FILES[client][0]
    assert written.code == 0 and json.loads(target.read_text(encoding="utf-8")) == config
    no_machine_path(target.read_text(encoding="utf-8"), tree)


def test_vscode_merge_keeps_other_servers_and_inputs_and_refuses_what_it_cannot_read(tree: Tree):
    target = tree.repo / ".vscode" / "mcp.json"
    target.parent.mkdir()
    target.write_text(
        '{"inputs": [{"id": "k"}], "servers": {"other": {"type": "stdio", "command": "x"}}}',
        encoding="utf-8",
    )
    assert run_pmem("mcp", "config", "--client", "vscode", "--write", cwd=tree.repo).code == 0
    merged = json.loads(target.read_text(encoding="utf-8"))
    assert set(merged["servers"]) == {"other", "profile-memory"}
    assert merged["inputs"] == [{"id": "k"}]
    target.write_text('{"servers": []}', encoding="utf-8")
    refused = run_pmem("mcp", "config", "--client", "vscode", "--write", cwd=tree.repo)
    assert refused.code == 1 and "left as it is" in refused.err
    assert target.read_text(encoding="utf-8") == '{"servers": []}'


def test_claude_code_gets_a_runnable_claude_mcp_add_line(tree: Tree):
    _, note = printed(tree, "claude")
    assert "\nclaude mcp add --scope project profile-memory -- pmem mcp\n" in note
    _, trusting = printed(tree, "claude", "--trust-client-approval")
    assert (
        "\nclaude mcp add --scope project profile-memory -- pmem mcp --trust-client-approval\n"
        in trusting
    )


def test_a_path_of_this_machine_goes_in_cursors_user_file_only(tree: Tree):
    home = tree.root / "home"
    written = run_pmem(
        "mcp", "config", "--client", "cursor", "--user", "--write", cwd=tree.repo,
        env={"HOME": str(home)},
    )  # fmt: skip
    assert written.code == 0 and "this machine's pmem, by path" in written.out
    entry = json.loads((home / ".cursor" / "mcp.json").read_text(encoding="utf-8"))
    server = entry["mcpServers"]["profile-memory"]
    assert os.path.isabs(server["command"]) and server["args"][-1] == "${workspaceFolder}"
    assert not (tree.repo / ".cursor" / "mcp.json").exists()
    other = run_pmem("mcp", "config", "--client", "claude", "--user", cwd=tree.repo)
    assert other.code == 2 and "Cursor's ~/.cursor/mcp.json only" in other.err


def test_a_missing_pmem_on_path_is_said(tree: Tree):
    shown = run_pmem("mcp", "config", "--client", "vscode", cwd=tree.repo, env={"PATH": ""})
    assert shown.code == 0 and "pmem is not on PATH" in shown.err and "--user" in shown.err


def test_cherry_says_it_cannot_ask_and_offers_the_explicit_choice(tree: Tree):
    config, note = printed(tree, "cherry")
    entry = config["mcpServers"]["profile-memory"]
    assert entry["isActive"] is True and entry["args"][-2:] == ["--project", str(tree.repo)]
    assert "cannot ask" in note and "not_written" in note and "--trust-client-approval" in note
    trusted, trusting_note = printed(tree, "cherry", "--trust-client-approval")
    assert trusted["mcpServers"]["profile-memory"]["args"][-1] == "--trust-client-approval"
    assert "Turn on Cherry's approval" in trusting_note
    refused = run_pmem("mcp", "config", "--client", "cherry", "--write", cwd=tree.repo)
    assert refused.code == 2 and "Import from JSON" in refused.err


# -- each configuration as its client starts it, on a teammate's clone ---------------------------


def clone(tree: Tree, client: str) -> Path:
    """The project with its committed configuration, copied elsewhere (a teammate's clone)."""
    assert run_pmem("mcp", "config", "--client", client, "--write", cwd=tree.repo).code == 0
    elsewhere = tree.root / "teammate" / "项目 clone"
    shutil.copytree(tree.repo, elsewhere)
    return elsewhere


def started_as(entry: dict, folder: Path, cwd: Path, tree: Tree) -> Client:
    """The entry started the client's way: `${workspaceFolder}` replaced by the project folder,
    `pmem` found on PATH, in `cwd`."""
    args = [arg.replace("${workspaceFolder}", str(folder)) for arg in entry["args"]]
    path = os.pathsep.join([BIN, os.environ.get("PATH", "")])
    command = shutil.which(entry["command"], path=path)
    assert command is not None
    env = {"PATH": path, "PMEM_USER_DIR": str(tree.user_dir), "PMEM_TODAY": "2026-11-30"}
    return Client(
        StdioServerParameters(command=command, args=args, cwd=str(cwd), env=env),
        client_info=Implementation(name="teammate", version="1"),
    )


@pytest.mark.parametrize("client", ["vscode", "cursor", "claude"])
async def test_a_teammates_clone_starts_the_committed_configuration(tree: Tree, client: str):
    folder = clone(tree, client)
    relative, key = mcp_config.PROJECT_FILES[client]
    entry = json.loads((folder / relative).read_text(encoding="utf-8"))[key]["profile-memory"]
    # VS Code and Cursor pass the folder; Claude Code starts the server in the folder it runs in,
    # which may be below the project's root: `pmem mcp` finds the root from there.
    cwd = folder / "src" if client == "claude" else tree.root
    async with started_as(entry, folder, cwd, tree) as c:
        await c.call_tool("memory", {"action": "append", "text": f"from {client} 🙂"})
        traced = await c.call_tool("trace", {"id": "PF-20260601-01"})
    journal = (folder / "memory" / "JOURNAL.jsonl").read_text(encoding="utf-8")
    assert json.loads(journal.splitlines()[-1])["text"] == f"from {client} 🙂"
    assert f"from {client}" not in (tree.repo / "memory" / "JOURNAL.jsonl").read_text("utf-8")
    assert traced.structured_content["matches"][0]["pair"] == "project-profile"


async def test_cherrys_configuration_cannot_ask_unless_its_approval_is_trusted(tree: Tree):
    """Started from what `--client cherry` prints, by a client that cannot ask (as Cherry)."""
    profile = tree.project_dir / "project-profile.md"
    results = []
    for extra in ((), ("--trust-client-approval",)):
        config, _ = printed(tree, "cherry", *extra)
        entry = config["mcpServers"]["profile-memory"]
        async with started_as(entry, tree.repo, tree.root, tree) as c:
            done = await c.call_tool("profile_delete", {"id": "PF-20260601-01"})
        results.append(done.structured_content["status"])
        if not extra:
            assert "PF-20260601-01" in profile.read_text(encoding="utf-8")
    assert results == ["not_written", "written"]
    assert "PF-20260601-01" not in profile.read_text(encoding="utf-8")
