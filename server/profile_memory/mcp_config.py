"""`pmem mcp config`: the configuration that starts `pmem mcp` from VS Code, Cursor, Claude Code or
Cherry Studio, printed, or merged into the client's file (other servers and keys kept).

A project's file (`.vscode/mcp.json`, `.cursor/mcp.json`, `.mcp.json`) is meant to be committed, so
it carries no path of this machine: `pmem` by name, and the project from the client's documented
variable (`${workspaceFolder}` in VS Code and Cursor) or from the folder the client starts the
server in (Claude Code starts it in the project; `pmem mcp` finds the project root from there, as
every `pmem` command does). Where a client needs an absolute path (a desktop app without the shell's
PATH; Cherry Studio, which has no project folder), it goes in that client's user-level settings.

No MCP SDK here: printing a configuration must work before the extra is installed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from profile_memory.core.messages import msg
from profile_memory.store.safe import UnsafePath, atomic_replace, ensure_folder, open_folder

SERVER_NAME = "profile-memory"
CLIENTS = ("vscode", "cursor", "claude", "cherry")
# The variable VS Code and Cursor replace with the folder that holds the configuration's project.
WORKSPACE_FOLDER = "${workspaceFolder}"
# Where each client reads a project's configuration, and the key that holds its servers.
PROJECT_FILES = {
    "vscode": (Path(".vscode") / "mcp.json", "servers"),
    "cursor": (Path(".cursor") / "mcp.json", "mcpServers"),
    "claude": (Path(".mcp.json"), "mcpServers"),
}
CHERRY_CANNOT_ASK = msg("mcpconfig.cherry_cannot_ask")
CHERRY_TRUSTED = msg("mcpconfig.cherry_trusted")


class ConfigError(Exception):
    """A configuration file that cannot be merged into: it is left as it is."""


def absolute_pmem() -> str | None:
    """This machine's `pmem`: on PATH, else beside this Python (a virtual environment's)."""
    return shutil.which("pmem") or shutil.which("pmem", path=os.path.dirname(sys.executable))


def launch(project: Path, trust_client_approval: bool = False) -> dict[str, Any]:
    """How a client on this machine starts the server for `project`: `pmem` by its absolute path (a
    desktop app may not have the shell's PATH), else this Python with `-m profile_memory`. For a
    user-level configuration only: these paths are this machine's."""
    pmem = absolute_pmem()
    command, first = (pmem, []) if pmem else (sys.executable, ["-m", "profile_memory"])
    args = [*first, "mcp", "--project", str(project)]
    if trust_client_approval:
        args.append("--trust-client-approval")
    return {"command": command, "args": args}


def portable(client: str, trust_client_approval: bool = False) -> dict[str, Any]:
    """The entry a project's file holds: `pmem` by name; the project from the client's variable, or
    (Claude Code) from the folder the client starts the server in."""
    args = ["mcp"] if client == "claude" else ["mcp", "--project", WORKSPACE_FOLDER]
    if trust_client_approval:
        args.append("--trust-client-approval")
    entry: dict[str, Any] = {"command": "pmem", "args": args}
    return {"type": "stdio", **entry} if client in ("vscode", "claude") else entry


def for_client(client: str, project: Path, trust_client_approval: bool = False) -> dict[str, Any]:
    """The JSON a client's MCP settings take: VS Code's `servers`, else `mcpServers` (Cursor, Claude
    Code's `.mcp.json`, Cherry Studio's import); Cherry's is user-level, with this machine's
    paths."""
    if client == "cherry":
        entry = {"name": SERVER_NAME, "type": "stdio", "isActive": True}
        return {"mcpServers": {SERVER_NAME: {**entry, **launch(project, trust_client_approval)}}}
    key = PROJECT_FILES[client][1]
    return {key: {SERVER_NAME: portable(client, trust_client_approval)}}


def for_user(client: str, project: Path, trust_client_approval: bool = False) -> dict[str, Any]:
    """Cursor's user-level entry (`~/.cursor/mcp.json`): this machine's `pmem` by absolute path,
    the project still from `${workspaceFolder}`, so one entry serves every project."""
    entry = launch(project, trust_client_approval)
    entry["args"] = [WORKSPACE_FOLDER if arg == str(project) else arg for arg in entry["args"]]
    return {"mcpServers": {SERVER_NAME: entry}}


def claude_command(trust_client_approval: bool = False, scope: str = "project") -> str:
    """The `claude mcp add` line that writes the same entry (`--scope project`: `.mcp.json`)."""
    pmem = "pmem" if scope == "project" else (absolute_pmem() or "pmem")
    flag = " --trust-client-approval" if trust_client_approval else ""
    return f"claude mcp add --scope {scope} {SERVER_NAME} -- {pmem} mcp{flag}"


def project_file(client: str, project: Path) -> Path:
    return project / PROJECT_FILES[client][0]


def user_file(client: str) -> Path:
    """The user-level file `--user` writes (Cursor's only: VS Code gets the server from the
    extension, Claude Code keeps its user settings itself)."""
    if client != "cursor":
        raise ConfigError(msg("mcpconfig.user_only", client=client))
    return Path(os.path.expanduser("~")) / ".cursor" / "mcp.json"


def where(client: str, project: Path, trust_client_approval: bool = False) -> str:
    """Where the printed configuration goes, and what to know about it."""
    if client == "cherry":
        note = CHERRY_TRUSTED if trust_client_approval else CHERRY_CANNOT_ASK
        return msg("mcpconfig.cherry", note=note)
    found = msg("mcpconfig.project_file", path=str(project_file(client, project)))
    if client == "claude":
        return msg("mcpconfig.or_run", found=found, command=claude_command(trust_client_approval))
    return found


def merge_into(target: Path, config: dict[str, Any]) -> Path:
    """Add (or replace) our server in `target` under the config's one key (`servers` or
    `mcpServers`), keeping every other server and key; written atomically, never through a link.
    A file that is not a JSON object is refused and left as it is."""
    ((key, ours),) = config.items()
    current: dict[str, Any] = {}
    if target.exists() or target.is_symlink():
        if target.is_symlink():
            raise ConfigError(msg("mcpconfig.symlink", path=str(target)))
        try:
            current = json.loads(target.read_text(encoding="utf-8") or "{}")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise ConfigError(
                msg("mcpconfig.not_json", path=str(target), error=str(error))
            ) from None
        if not isinstance(current, dict) or not isinstance(current.get(key, {}), dict):
            raise ConfigError(msg("mcpconfig.not_object", path=str(target), key=key))
    servers = {**current.get(key, {}), **ours}
    text = json.dumps({**current, key: servers}, ensure_ascii=False, indent=2) + "\n"
    try:
        ensure_folder(target.parent)
        with open_folder(target.parent) as folder_fd:
            atomic_replace(folder_fd, target.name, text.encode("utf-8"))
    except UnsafePath as error:
        raise ConfigError(msg("unsafe.source", path=str(error.path), reason=error.reason)) from None
    return target


def merge_into_cursor(project: Path, config: dict[str, Any]) -> Path:
    """Add (or replace) our server in the project's `.cursor/mcp.json`."""
    return merge_into(project_file("cursor", project), config)
