"""The server's commands and the VS Code extension's never share a name: vscode-languageclient
registers every server command as a VS Code command, and a second registration of the same name
fails the client's start ("command … already exists")."""

from __future__ import annotations

import json
from pathlib import Path

from profile_memory.lsp import create_server

PACKAGE = Path(__file__).parents[2] / "client-vscode" / "package.json"


def test_no_server_command_is_also_an_extension_command():
    server_commands = set(create_server().protocol.fm.commands)
    contributed = {
        c["command"] for c in json.loads(PACKAGE.read_text("utf-8"))["contributes"]["commands"]
    }
    assert "profileMemory.checkWorkspace" in server_commands
    assert server_commands & contributed == set()
