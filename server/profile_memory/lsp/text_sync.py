"""Document sync: open, change and close update the server's own document view, then diagnostics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.workspace import FileKind
from profile_memory.lsp import diagnostics, refresh, views
from profile_memory.lsp.documents import Document
from profile_memory.lsp.provider import path_of

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def text_document_did_open(
    ls: ProfileMemoryServer, params: types.DidOpenTextDocumentParams
) -> None:
    path = ls.served_path(params.text_document.uri)
    if path is None:
        return
    item = params.text_document
    ls.provider.opened(path, Document.create(item.uri, item.version, item.text))
    diagnostics.opened(ls, path)
    diagnostics.publish_opened(ls, path)
    diagnostics.refresh_all(ls, ls.settings.debounce_ms / 1000, except_path=path)
    refresh.decorations_changed(ls)  # a log opened with an edit applied to it (a quick fix)


def text_document_did_change(
    ls: ProfileMemoryServer, params: types.DidChangeTextDocumentParams
) -> None:

    path = path_of(params.text_document.uri)
    document = ls.provider.open.get(path) if path else None
    if path is None or document is None:
        return
    for change in params.content_changes:
        document.apply(change, ls.encoding)
    document.version = params.text_document.version
    delay = ls.settings.debounce_ms / 1000
    diagnostics.schedule(ls, path, delay)
    diagnostics.refresh_all(ls, delay, except_path=path)
    views.changed(ls)
    refresh.decorations_changed(ls)


def text_document_did_close(
    ls: ProfileMemoryServer, params: types.DidCloseTextDocumentParams
) -> None:
    path = path_of(params.text_document.uri)
    if path is None or path not in ls.provider.open:
        return
    ls.provider.closed(path)
    if (
        ls.provider.kind(path) is FileKind.MISSING
    ):  # an unsaved buffer: nothing of it is kept once closed
        ls.memory.forget(path)
    if not diagnostics.client_pulls(ls):
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(params.text_document.uri, [])
        )
    diagnostics.refresh_all(ls, ls.settings.debounce_ms / 1000)


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_DID_OPEN, text_document_did_open)
    server.handle(types.TEXT_DOCUMENT_DID_CHANGE, text_document_did_change)
    server.handle(types.TEXT_DOCUMENT_DID_CLOSE, text_document_did_close)
