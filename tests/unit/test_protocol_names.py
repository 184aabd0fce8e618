"""The names the server and its clients share are one table (`lsp/names.py`), after
rust-analyzer's test that keeps `lsp-extensions.md` tied to its code: the server registers
exactly the table; the README's command and request tables list exactly the table; every
`profileMemory.*` / `profileMemory/*` name the VS Code extension or the README uses is the
server's or one the extension contributes itself (a command, a setting, a view); and every name
the extension sends the server (a command, a request) or listens for is in the table."""

from __future__ import annotations

import json
import re
from pathlib import Path

from profile_memory.lsp import create_server, names

ROOT = Path(__file__).parents[2]
CLIENT = ROOT / "client-vscode"
PACKAGE = json.loads((CLIENT / "package.json").read_text("utf-8"))
README = (ROOT / "README.md").read_text("utf-8")
SOURCES = {path.name: path.read_text("utf-8") for path in sorted((CLIENT / "src").glob("*.ts"))}
# A name (not a piece of a longer key such as `%viewsContainer.profileMemory.title%`)
NAME = re.compile(r"(?<![\w.%])profileMemory[./][A-Za-z]+(?:\.[A-Za-z]+)*")
# Where the extension sends a name to the server or listens for one: its `serverCommand(…)`,
# `decideAll(…)`, `sendRequest(…)`, `request(…)` and `onNotification(…)`, and a
# `workspace/executeCommand` request's `command`
SENT = re.compile(
    r"\b(?:serverCommand|decideAll|sendRequest|request|onNotification)\s*(?:<[^>()]*>)?\(\s*"
    r"\"(profileMemory[./][^\"]+)\""
    r"|\"workspace/executeCommand\",\s*\{\s*command:\s*\"([^\"]+)\""
)
SERVER = {*names.COMMANDS, *names.REQUESTS, *names.NOTIFICATIONS}


def contributed() -> set[str]:
    """What the extension names itself: its commands, settings, views and their container, its
    MCP server definition."""
    parts = PACKAGE["contributes"]
    found = {c["command"] for c in parts["commands"]}
    found |= set(parts["configuration"]["properties"])
    found |= {view["id"] for views in parts["views"].values() for view in views}
    found |= {c["id"] for containers in parts["viewsContainers"].values() for c in containers}
    found |= {d["id"] for d in parts["mcpServerDefinitionProviders"]}
    return found


def known(name: str, client: set[str]) -> bool:
    """A name of the table, or of the extension's own; a setting is known by its section too
    (`profileMemory.trace` of `profileMemory.trace.server`)."""
    return name in SERVER or name in client or any(key.startswith(name + ".") for key in client)


def test_the_server_registers_exactly_the_table():
    protocol = create_server().protocol
    assert set(protocol.fm.commands) == set(names.COMMANDS)
    assert set(names.REQUESTS) <= set(protocol.fm.features)
    assert len(set(names.COMMANDS)) == len(names.COMMANDS)


def test_the_readme_tables_list_exactly_the_table():
    rows = [line for line in README.splitlines() if line.startswith("| `profileMemory")]
    in_tables = {name for row in rows for name in NAME.findall(row.split(" | ")[0])}
    assert in_tables == {*names.COMMANDS, *names.REQUESTS}
    for notification in names.NOTIFICATIONS:
        assert f"`{notification}`" in README


def test_every_name_the_extension_sends_or_awaits_is_the_servers():
    sent = {
        (file, one or other) for file, text in SOURCES.items() for one, other in SENT.findall(text)
    }
    assert {name for _, name in sent} >= {names.SEARCH, names.OUTLINE, names.DID_CHANGE}
    unknown = {(file, name) for file, name in sent if name not in SERVER}
    assert unknown == set()


def test_every_name_in_the_extension_and_the_readme_is_known():
    client = contributed()
    assert client & SERVER == set()  # vscode-languageclient registers server commands too
    texts = {**SOURCES, "package.json": json.dumps(PACKAGE), "README.md": README}
    unknown = {
        (file, name)
        for file, text in texts.items()
        for name in NAME.findall(text)
        if not known(name, client)
    }
    assert unknown == set()
