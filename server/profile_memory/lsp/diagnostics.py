"""Diagnostics: every rule of the core, pushed (debounced per document) or pulled, never both.

A client that pulls (`textDocument/diagnostic`) is not pushed to; it is sent
`workspace/diagnostic/refresh` when other files change. Results for an older version are dropped.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.rules import check_source, check_source_alone

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def client_pulls(ls: ProfileMemoryServer) -> bool:
    capabilities = ls.client_capabilities
    return bool(
        capabilities and capabilities.text_document and capabilities.text_document.diagnostic
    )


def to_lsp(ls: ProfileMemoryServer, diagnostic: Diagnostic) -> types.Diagnostic:
    related = [
        types.DiagnosticRelatedInformation(ls.location(r.path, r.span), r.message)
        for r in diagnostic.related
    ]
    return types.Diagnostic(
        range=ls.range(diagnostic.path, diagnostic.span),
        message=diagnostic.message,
        severity=types.DiagnosticSeverity(int(diagnostic.severity)),
        code=diagnostic.code,
        source="pmem",
        related_information=related or None,
        data={"name": diagnostic.name},
    )


def diagnostics_for(ls: ProfileMemoryServer, path: PurePath) -> list[types.Diagnostic]:
    source = ls.memory.source(path)
    if source is None:
        return []
    return [to_lsp(ls, d) for d in check_source(ls.memory, source)]


def publish(ls: ProfileMemoryServer, path: PurePath) -> None:
    document = ls.provider.open.get(path)
    if document is None or client_pulls(ls):
        return
    items = diagnostics_for(ls, path)
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(document.uri, items, document.version)
    )


def publish_opened(ls: ProfileMemoryServer, path: PurePath) -> None:
    """The first diagnostics of a document just opened. A compact profile whose log is not indexed
    yet (a large log takes a while) gets what it says about itself at once; the whole check
    follows as soon as the server is free, and replaces it."""
    document, source = ls.provider.open.get(path), ls.memory.source(path)
    alone = (
        check_source_alone(ls.memory, source)
        if source is not None and not client_pulls(ls) and not ls.memory.log_is_indexed(path)
        else None
    )
    if document is None or alone is None:
        publish(ls, path)
        return
    items = [to_lsp(ls, d) for d in alone]
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(document.uri, items, document.version)
    )
    schedule(ls, path, 0.0)


def _send_refresh(ls: ProfileMemoryServer) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace and workspace.diagnostics and workspace.diagnostics.refresh_support:
        ls.workspace_diagnostic_refresh(None)


def refresh_all(
    ls: ProfileMemoryServer, delay: float = 0.0, except_path: PurePath | None = None
) -> None:
    """Re-check the other open memory documents (push), or ask a pulling client to pull again."""
    others = [path for path, _ in ls.open_served() if path != except_path]
    if not others:
        return
    if client_pulls(ls):
        ls.debounce("workspace/diagnostic/refresh", delay, lambda: _send_refresh(ls))
        return
    for path in others:
        schedule(ls, path, delay)


def schedule(ls: ProfileMemoryServer, path: PurePath, delay: float) -> None:
    """Publish after `delay` unless the document changed again meanwhile; the version is re-checked
    then."""
    document = ls.provider.open.get(path)
    if document is None or client_pulls(ls):
        return
    state = document.state

    def unchanged() -> bool:
        current = ls.provider.open.get(path)
        return current is not None and current.state == state

    ls.debounce(str(path), delay, lambda: publish(ls, path), unchanged)


def text_document_diagnostic(
    ls: ProfileMemoryServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    path = ls.served_path(params.text_document.uri)
    items = diagnostics_for(ls, path) if path is not None else []
    return types.RelatedFullDocumentDiagnosticReport(items=items)


def register(server: ProfileMemoryServer) -> None:
    server.file_listeners.append(
        lambda path: refresh_all(server, server.settings.debounce_ms / 1000)
    )
    options = types.DiagnosticOptions(
        inter_file_dependencies=True, workspace_diagnostics=False, identifier="pmem"
    )
    server.handle(types.TEXT_DOCUMENT_DIAGNOSTIC, text_document_diagnostic, options)
