"""Diagnostics: every rule of the core, pushed (debounced per document) or pulled, never both.

A client that pulls (`textDocument/diagnostic`) is not pushed to for its open documents; it is
sent `workspace/diagnostic/refresh` when other files change. Results for an older version are
dropped.

The memory files of the workspace that are not open (every file `pmem check` would check: under
the user folder, the project folder and the memory folders) are pushed to every client, at start
and whenever a file changes, so Problems lists the whole workspace, as the view counts it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.diagnostics import Diagnostic
from profile_memory.core.files import Role, role_of
from profile_memory.core.rules import check_source, check_source_alone
from profile_memory.core.span import Span
from profile_memory.lsp.names import CHECK_WORKSPACE
from profile_memory.lsp.provider import uri

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def client_pulls(ls: ProfileMemoryServer) -> bool:
    capabilities = ls.client_capabilities
    return bool(
        capabilities and capabilities.text_document and capabilities.text_document.diagnostic
    )


def to_lsp(
    ls: ProfileMemoryServer,
    diagnostic: Diagnostic,
    ranger: Callable[[Span], types.Range] | None = None,
) -> types.Diagnostic:
    """`ranger`: the diagnostic's file's (`ls.ranger`), for a list of one file's diagnostics."""
    related = [
        types.DiagnosticRelatedInformation(ls.location(r.path, r.span), ls.text(r.message))
        for r in diagnostic.related
    ]
    return types.Diagnostic(
        range=(ranger or ls.ranger(diagnostic.path))(diagnostic.span),
        message=ls.text(diagnostic.message),
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
    return lsp_items(ls, path, check_source(ls.memory, source))


def lsp_items(
    ls: ProfileMemoryServer,
    path: PurePath,
    found: list[Diagnostic],
    lines: list[str] | None = None,
) -> list[types.Diagnostic]:
    """One file's diagnostics for the client, its lines (`lines`, when the caller holds them)
    read once (`ls.ranger`)."""
    ranger = ls.ranger(path, lines) if found else None
    return [to_lsp(ls, d, ranger) for d in found]


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
    items = lsp_items(ls, path, alone)
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(document.uri, items, document.version)
    )
    schedule(ls, path, 0.0)


def _send_refresh(ls: ProfileMemoryServer) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace and workspace.diagnostics and workspace.diagnostics.refresh_support:
        ls.workspace_diagnostic_refresh(None)


def workspace_files(ls: ProfileMemoryServer) -> list[PurePath]:
    """Every memory file under the places' default roots, as `pmem check` finds them."""
    roots = [root for places in ls.places for root in places.default_roots()]
    return list(dict.fromkeys(path for root in roots for path in ls.memory.discover(root)))


def _closed_items(ls: ProfileMemoryServer, path: PurePath) -> list[types.Diagnostic]:
    """A closed file's diagnostics."""
    if role_of(path) is Role.JOURNAL:
        return _closed_journal_items(ls, path)
    source = ls.memory.source(path)
    return lsp_items(ls, path, check_source(ls.memory, source)) if source is not None else []


def _closed_journal_items(ls: ProfileMemoryServer, path: PurePath) -> list[types.Diagnostic]:
    """A closed journal's diagnostics, kept by its version while it is unchanged (no other file
    changes what is said of it): its text is not kept (`Workspace.keeps_journals`), and it may
    hold a million lines."""
    kept = ls.closed_checked.get(path)
    # the same workspace (a new one after settings change) and file, and still a plain file (its
    # folder made a link leaves its version as it was)
    if (
        kept is not None
        and kept[0] is ls.memory
        and kept[1] == ls.provider.version(path)
        and ls.memory.is_plain_file(path)
    ):
        return kept[2]
    source = ls.memory.source(path)
    if source is None:
        ls.closed_checked.pop(path, None)
        return []
    found = check_source(ls.memory, source)
    # the lines of the version checked: the journal is not read again for its findings' positions
    items = lsp_items(ls, path, found, ls.memory.lines(source) if found else None)
    if source.version is not None:
        ls.closed_checked[path] = (ls.memory, source.version, items)
    return items


def publish_closed(ls: ProfileMemoryServer) -> None:
    """Push the findings of every memory file of the workspace that is not open; clear those of a
    file gone, or with nothing left to say."""
    closed = [path for path in workspace_files(ls) if path not in ls.provider.open]
    for path in [p for p in ls.closed_checked if p not in closed]:
        del ls.closed_checked[path]  # gone from the workspace, or open: its findings go too
    for path in [p for p in ls.closed_published if p not in closed]:
        if path not in ls.provider.open:  # an open one is the document's (pushed or pulled)
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri(path), []))
        del ls.closed_published[path]
    for path in closed:
        items = _closed_items(ls, path)
        if ls.closed_published.get(path, []) != items:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri(path), items))
        if items:
            ls.closed_published[path] = items
        else:
            ls.closed_published.pop(path, None)


def opened(ls: ProfileMemoryServer, path: PurePath) -> None:
    """A file just opened is the document's now: for a client that pulls, what was pushed for it
    closed is cleared (else Problems would list it twice)."""
    if ls.closed_published.pop(path, None) is not None and client_pulls(ls):
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri(path), []))


def schedule_workspace(ls: ProfileMemoryServer, delay: float) -> None:
    """Publish the closed files after `delay` (one pass for a burst of changes)."""
    ls.debounce("workspace-diagnostics", delay, lambda: publish_closed(ls))


def refresh_all(
    ls: ProfileMemoryServer, delay: float = 0.0, except_path: PurePath | None = None
) -> None:
    """Re-check the other open memory documents (push), or ask a pulling client to pull again;
    and the workspace's closed memory files."""
    schedule_workspace(ls, delay)
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


def check_workspace(ls: ProfileMemoryServer, *arguments: object) -> dict[str, int]:
    """Check Workspace: every memory file of the workspace now, open ones included; the counts
    are `pmem check`'s (files checked, findings)."""
    publish_closed(ls)
    refresh_all(ls)
    counts = [
        len(ls.closed_published.get(path, []))
        if path not in ls.provider.open
        else len(diagnostics_for(ls, path))
        for path in workspace_files(ls)
    ]
    return {"files": len(counts), "findings": sum(counts)}


def register(server: ProfileMemoryServer) -> None:
    server.handle_command(CHECK_WORKSPACE, check_workspace)
    server.file_listeners.append(
        lambda path: refresh_all(server, server.settings.debounce_ms / 1000)
    )
    options = types.DiagnosticOptions(
        inter_file_dependencies=True, workspace_diagnostics=False, identifier="pmem"
    )
    server.handle(types.TEXT_DOCUMENT_DIAGNOSTIC, text_document_diagnostic, options)
