"""The real server object in process, without a transport: feature handlers are called directly on
a copied fixture workspace (as vscode-markdown-languageservice tests its providers). What depends on
the client (encodings, capabilities, pull or push) is tested end to end in `tests/lsp`."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from helpers import FixtureTree
from lsprotocol import types
from profile_memory.lsp import create_server, lifecycle
from profile_memory.lsp.documents import Document
from profile_memory.lsp.positions import to_client
from profile_memory.lsp.server import ProfileMemoryServer

WORKSPACES = Path(__file__).parent / "workspaces"


@dataclass
class Served(FixtureTree):
    ls: ProfileMemoryServer
    root: Path

    def open(self, path: Path, text: str | None = None) -> types.TextDocumentIdentifier:
        """Open the file in the editor, with `text` in its buffer (else its content on disk)."""
        text = path.read_text(encoding="utf-8") if text is None else text
        self.ls.provider.opened(path, Document.create(path.as_uri(), 1, text))
        return types.TextDocumentIdentifier(path.as_uri())

    def at(self, path: Path, needle: str, offset: int = 0) -> types.Position:
        """The UTF-16 position of `needle` in the open (else saved) text of the file."""
        document = self.ls.provider.open.get(path)
        lines = document.lines if document else path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if needle in line:
                return types.Position(
                    number, to_client(line, line.index(needle) + offset, "utf-16")
                )
        raise AssertionError(f"{needle!r} not in {path}")


def serve(tmp_path: Path, fixture: str = "clean", **options: object) -> Served:
    shutil.copytree(WORKSPACES / fixture, tmp_path / fixture)
    served = Served(create_server(), tmp_path / fixture)
    served.ls.protocol.client_capabilities = types.ClientCapabilities()
    lifecycle.initialize(
        served.ls,
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            workspace_folders=[types.WorkspaceFolder(served.repo.as_uri(), "repo")],
            initialization_options={"userProfileDir": str(served.user_dir), **options},
        ),
    )
    return served
