"""End-to-end LSP sessions: the real server as a subprocess, driven with three kinds of client.

- `vscode`: dynamic registration, pull diagnostics, file watching, progress, UTF-16;
- `neovim-0.7`: no dynamic file watching, no pull diagnostics, UTF-16;
- `neovim-0.10`: UTF-8 positions offered first;
- `minimal` (for the few tests of an older client's paths): no code action resolve, no documentChanges.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_lsp
import server_fork
from helpers import FixtureTree
from lsprotocol import types
from profile_memory.lsp.positions import from_client, to_client
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

WORKSPACES = Path(__file__).parent / "workspaces"
# How long a wait for an event may last before the test fails as hung: long, since a busy machine
# may be slow (a wait ends when its event arrives, so a passing test never waits this long).
HANG = 60.0
CLIENTS = ("vscode", "neovim-0.7", "neovim-0.10")
# One client per position encoding (UTF-16, UTF-8): for features whose answers depend on nothing
# else of the client.
ENCODINGS = ("vscode", "neovim-0.10")
# What `pmem serve` imports before it reads a byte: a fork server imports it once (server_fork.py)
SERVE_IMPORTS = ("profile_memory.cli", "profile_memory.lsp", "profile_memory.lsp.server")


class ServerConfig(ClientServerConfig):
    """pytest-lsp's configuration, whose `python -m profile_memory` server is started by a fork
    server (`server_fork.command`): the same server process, without its second of imports."""

    def get_server_command(self, devtools: str | None = None) -> list[str]:
        command = super().get_server_command(devtools)
        return server_fork.command(command, self.server_env or dict(os.environ), SERVE_IMPORTS)


SERVER = ServerConfig(
    server_command=[sys.executable, "-m", "profile_memory", "serve"],
    server_env={**os.environ, "PMEM_TODAY": "2026-11-30"},
)


def capabilities(kind: str) -> types.ClientCapabilities:
    if kind == "vscode":
        caps = client_capabilities("visual-studio-code")
        caps.general = types.GeneralClientCapabilities(
            position_encodings=[types.PositionEncodingKind.Utf16]
        )
        caps.text_document.diagnostic = types.DiagnosticClientCapabilities(
            dynamic_registration=True, related_document_support=True
        )
        caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True
        )
        caps.workspace.did_change_watched_files = types.DidChangeWatchedFilesClientCapabilities(
            dynamic_registration=True, relative_pattern_support=True
        )
        caps.workspace.configuration = True
        caps.workspace.inlay_hint = types.InlayHintWorkspaceClientCapabilities(refresh_support=True)
        caps.window = types.WindowClientCapabilities(
            work_done_progress=True,
            show_document=types.ShowDocumentClientCapabilities(support=True),
        )
        return caps
    if kind == "neovim-0.7":
        return client_capabilities("neovim@v0.7.0")
    if (
        kind == "minimal"
    ):  # an older client: no code action resolve, no documentChanges, push diagnostics only
        return types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                code_action=types.CodeActionClientCapabilities(
                    code_action_literal_support=types.ClientCodeActionLiteralOptions(
                        types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])
                    )
                )
            ),
            workspace=types.WorkspaceClientCapabilities(
                workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=False)
            ),
        )
    caps = client_capabilities("neovim@v0.10.0")
    caps.general = types.GeneralClientCapabilities(
        position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]
    )
    return caps


@dataclass
class Session(FixtureTree):
    client: LanguageClient
    kind: str
    root: Path  # the copied fixture: home/.cursor/profile and repo/
    encoding: str = types.PositionEncodingKind.Utf16

    @property
    def pulls(self) -> bool:
        """Whether the client pulls diagnostics (VS Code, Neovim 0.10) instead of being pushed to."""
        return self.client.capabilities.text_document.diagnostic is not None

    async def eventually(self, predicate, timeout: float = HANG) -> bool:
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate():
            if asyncio.get_running_loop().time() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def uri(self, path: Path) -> str:
        return path.as_uri()

    def open(self, path: Path, text: str | None = None, language: str = "markdown") -> str:
        uri = self.uri(path)
        text = path.read_text(encoding="utf-8-sig") if text is None else text
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, language, 1, text))
        )
        return uri

    def position(
        self, path: Path, needle: str, offset: int = 0, occurrence: int = 0
    ) -> types.Position:
        """The client position of `needle` (its n-th occurrence) in the file, `offset` code points into it."""
        lines = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").split("\n")
        seen = 0
        for number, line in enumerate(lines):
            start = line.find(needle)
            while start >= 0:
                if seen == occurrence:
                    return types.Position(number, to_client(line, start + offset, self.encoding))
                seen += 1
                start = line.find(needle, start + 1)
        raise AssertionError(f"{needle!r} not in {path}")

    async def diagnostics(
        self, uri: str, until=lambda items: True, timeout: float = HANG
    ) -> list[types.Diagnostic]:
        """The document's diagnostics: pulled, or the last pushed ones once `until` holds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            if self.pulls:
                report = await self.client.text_document_diagnostic_async(
                    types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri))
                )
                items = list(report.items)
            else:
                items = list(self.client.diagnostics.get(uri, []))
            if until(items) or asyncio.get_running_loop().time() > deadline:
                return items
            await asyncio.sleep(0.05)


async def actions_at(
    session: Session,
    path: Path,
    line: int,
    text: str | None = None,
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    """The code actions offered at the start of `line` of `path` (opened, with `text` if given),
    once its diagnostics are in; `only` as the client's filter."""
    uri = session.open(path, text)
    await session.diagnostics(uri)
    result = await session.client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            types.Range(types.Position(line, 0), types.Position(line, 0)),
            types.CodeActionContext(diagnostics=[], only=only),
        )
    )
    return list(result or [])


async def start_session(
    client: LanguageClient,
    kind: str,
    tmp_path: Path,
    fixture: str = "clean",
    options: dict | None = None,
    locale: str | None = None,
    configuration: dict | None = None,
) -> Session:
    registrations: list[types.Registration] = []
    client.registrations = registrations

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    shutil.copytree(WORKSPACES / fixture, tmp_path / fixture)
    root = tmp_path / fixture
    session = Session(client, kind, root)
    client.applied_edits = []

    client.refreshed = []

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def code_lens_refresh(params: None) -> None:
        client.refreshed.append("codeLens")

    @client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(params: None) -> None:
        client.refreshed.append("inlayHint")

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        client.applied_edits.append(params)
        apply_workspace_edit(params.edit, session.encoding)
        return types.ApplyWorkspaceEditResult(applied=True)

    init_options = {"userProfileDir": str(session.user_dir), "debounceMs": 50, **(options or {})}
    client.set_configuration({"profileMemory": configuration or {}})
    result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(kind),
            root_uri=session.repo.as_uri(),
            workspace_folders=[types.WorkspaceFolder(session.repo.as_uri(), "repo")],
            initialization_options=init_options,
            locale=locale,
        )
    )
    session.encoding = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    client.server_capabilities = result.capabilities
    return session


def _apply_text_edits(text: str, edits, encoding: str) -> str:
    from profile_memory.core.text import line_starts, split_lines

    lines, starts = split_lines(text), line_starts(text)

    def offset(position: types.Position) -> int:
        if position.line >= len(lines):
            return len(text)
        return starts[position.line] + from_client(
            lines[position.line], position.character, encoding
        )

    for edit in sorted(
        edits, key=lambda e: (offset(e.range.start), offset(e.range.end)), reverse=True
    ):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


def apply_workspace_edit(edit: types.WorkspaceEdit, encoding: str) -> None:
    """What an editor does with a `WorkspaceEdit`, on the files on disk (the test client's applier)."""
    operations = list(edit.document_changes or [])
    for target, edits in (edit.changes or {}).items():
        operations.append(
            types.TextDocumentEdit(
                types.OptionalVersionedTextDocumentIdentifier(target, None), edits
            )
        )
    for operation in operations:
        if isinstance(operation, types.CreateFile):
            path = Path(operation.uri.removeprefix("file://"))
            if not path.exists():
                path.write_text("", encoding="utf-8")
            continue
        path = Path(operation.text_document.uri.removeprefix("file://"))
        raw = path.read_bytes()
        bom = raw.startswith(b"\xef\xbb\xbf")
        text = raw.decode("utf-8-sig")
        new = _apply_text_edits(text, operation.edits, encoding)
        path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + new.encode("utf-8"))


def lsp_fixtures(
    fixture: str = "clean",
    options: dict | None = None,
    kinds: tuple[str, ...] = CLIENTS,
    locales: tuple[str, ...] = (),
):
    """Fixtures `client` (pytest-lsp's, once per client kind) and `session` (the `Session` around
    it). Given `locales`, once per locale of a VS Code-like client instead, its `session.lang` the
    language the server is to answer in (`zh` for a Chinese locale)."""

    @pytest_lsp.fixture(config=SERVER, params=locales or kinds)
    async def client(lsp_client: LanguageClient, request, tmp_path):
        kind, locale = ("vscode", request.param) if locales else (request.param, None)
        lsp_client.session = await start_session(
            lsp_client, kind, tmp_path, fixture, options, locale=locale
        )
        lsp_client.session.lang = "zh" if (locale or "").lower().startswith("zh") else "en"
        yield
        await lsp_client.shutdown_session()

    @pytest.fixture
    def session(client) -> Session:
        return client.session

    return client, session
