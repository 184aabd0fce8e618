"""Asking the client to fetch code lenses and inlay hints again (`workspace/codeLens/refresh`,
`workspace/inlayHint/refresh`), where it says it can be asked: an entry's lens and hint come from
its log, so they are stale whenever a memory file changes, in the editor or on disk, and when a
setting moves entry information from one to the other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer

DECORATIONS = "profileMemory/refreshDecorations"  # the debounce key of a burst of changes


def decorations_now(ls: ProfileMemoryServer) -> None:
    """Send both refresh requests the client supports."""
    workspace = ls.client_capabilities.workspace
    if workspace and workspace.code_lens and workspace.code_lens.refresh_support:
        ls.protocol.send_request(types.WORKSPACE_CODE_LENS_REFRESH, None)
    if workspace and workspace.inlay_hint and workspace.inlay_hint.refresh_support:
        ls.protocol.send_request(types.WORKSPACE_INLAY_HINT_REFRESH, None)


def decorations_changed(ls: ProfileMemoryServer) -> None:
    """A memory file changed: refresh once the burst is over (debounced like diagnostics)."""
    ls.debounce(DECORATIONS, ls.settings.debounce_ms / 1000, lambda: decorations_now(ls))


def register(server: ProfileMemoryServer) -> None:
    server.file_listeners.append(lambda _path: decorations_changed(server))
