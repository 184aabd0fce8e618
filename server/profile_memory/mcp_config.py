"""`pmem mcp config`: the configuration that starts `pmem mcp` from Cursor, Claude Code or Cherry
Studio, printed, or for Cursor merged into the project's `.cursor/mcp.json` (other servers kept).

No MCP SDK here: printing a configuration must work before the extra is installed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from profile_memory.store.safe import UnsafePath, atomic_replace, ensure_folder, open_folder

SERVER_NAME = "profile-memory"
CLIENTS = ("cursor", "claude", "cherry")


class ConfigError(Exception):
    """A configuration file that cannot be merged into: it is left as it is."""


def launch(project: Path, trust_client_approval: bool = False) -> dict[str, Any]:
    """How a client starts the server for `project`: `pmem` by its absolute path (a desktop app
    may not have the shell's PATH), else this Python with `-m profile_memory`."""
    pmem = shutil.which("pmem") or shutil.which("pmem", path=os.path.dirname(sys.executable))
    command, first = (pmem, []) if pmem else (sys.executable, ["-m", "profile_memory"])
    args = [*first, "mcp", "--project", str(project)]
    if trust_client_approval:
        args.append("--trust-client-approval")
    return {"command": command, "args": args}


def for_client(client: str, project: Path, trust_client_approval: bool = False) -> dict[str, Any]:
    """The JSON a client's MCP settings take (`mcpServers`, as Cursor, Claude Code's `.mcp.json`
    and Cherry Studio's import all read it)."""
    entry = launch(project, trust_client_approval)
    if client == "claude":
        entry = {"type": "stdio", **entry}
    elif client == "cherry":
        entry = {"name": SERVER_NAME, "type": "stdio", "isActive": True, **entry}
    return {"mcpServers": {SERVER_NAME: entry}}


def where(client: str, project: Path) -> str:
    """Where the printed configuration goes."""
    if client == "cursor":
        return f"{project / '.cursor' / 'mcp.json'} (or ~/.cursor/mcp.json for every project)"
    if client == "claude":
        return f"{project / '.mcp.json'}, or: claude mcp add {SERVER_NAME} -- <command> <args…>"
    return "Cherry Studio: Settings → MCP Servers → Add → Import from JSON"


def merge_into_cursor(project: Path, config: dict[str, Any]) -> Path:
    """Add (or replace) our server in `.cursor/mcp.json`, keeping every other server and key;
    written atomically, never through a link. A file that is not a JSON object is refused."""
    folder = project / ".cursor"
    target = folder / "mcp.json"
    current: dict[str, Any] = {}
    if target.exists() or target.is_symlink():
        if target.is_symlink():
            raise ConfigError(f"{target}: is a symbolic link; it is not written")
        try:
            current = json.loads(target.read_text(encoding="utf-8") or "{}")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise ConfigError(
                f"{target}: cannot read it as JSON ({error}); it is left as it is"
            ) from None
        if not isinstance(current, dict) or not isinstance(current.get("mcpServers", {}), dict):
            raise ConfigError(f"{target}: not an object with `mcpServers`; it is left as it is")
    servers = {**current.get("mcpServers", {}), **config["mcpServers"]}
    text = json.dumps({**current, "mcpServers": servers}, ensure_ascii=False, indent=2) + "\n"
    try:
        ensure_folder(folder)
        with open_folder(folder) as folder_fd:
            atomic_replace(folder_fd, target.name, text.encode("utf-8"))
    except UnsafePath as error:
        raise ConfigError(f"{error.path}: {error.reason}") from None
    return target
