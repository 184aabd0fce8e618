"""Document symbols (categories → entries, log records, proposals) and workspace symbols (ids,
texts, titles)."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.files import Role, role_of
from profile_memory.core.log import LogDoc, op_word
from profile_memory.core.messages import msg
from profile_memory.core.pending import PendingDoc
from profile_memory.core.profile import ProfileDoc
from profile_memory.core.secrets import masked
from profile_memory.core.span import Span
from profile_memory.core.text import last_text_line
from profile_memory.lsp.hover import cut

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def _symbol(
    ls: ProfileMemoryServer,
    path: PurePath,
    name: str,
    detail: str,
    kind: types.SymbolKind,
    whole: Span,
    selection: Span,
    children: list[types.DocumentSymbol] | None = None,
) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=masked(name) or "(empty)",
        kind=kind,
        range=ls.range(path, whole),
        selection_range=ls.range(path, selection),
        detail=masked(detail),
        children=children,
    )


def _profile_symbols(
    ls: ProfileMemoryServer, path: PurePath, doc: ProfileDoc
) -> list[types.DocumentSymbol]:

    symbols = []
    for position, category in enumerate(doc.categories):
        entries = [
            e
            for e in doc.entries
            if e.category == category.name
            and e.line > category.line
            and (position + 1 == len(doc.categories) or e.line < doc.categories[position + 1].line)
        ]
        children = [
            _symbol(
                ls,
                path,
                cut(e.text, 80),
                e.id or "unconfirmed",
                types.SymbolKind.String,
                Span.of_line(e.line, doc.lines[e.line]),
                e.text_span,
            )
            for e in entries
        ]
        last = entries[-1].line if entries else category.line
        heading = Span.of_line(category.line, doc.lines[category.line])
        symbols.append(
            _symbol(
                ls,
                path,
                category.name,
                ls.text(msg("symbol.entries", n=len(entries))),
                types.SymbolKind.Namespace,
                Span(category.line, 0, last, len(doc.lines[last])),
                heading,
                children,
            )
        )
    return symbols


# A record or a proposal is a dated block of fields: an object (VS Code draws `{}`), not an event
# (a lightning).
RECORD_KIND = types.SymbolKind.Object


def _log_symbols(
    ls: ProfileMemoryServer, path: PurePath, doc: LogDoc
) -> list[types.DocumentSymbol]:
    symbols = []
    for record in doc.records:
        last = last_text_line(doc.lines, record.line, max(record.line + 1, record.end_line))
        op = ls.text(op_word(record, doc.language))
        symbols.append(
            _symbol(
                ls,
                path,
                f"{record.id or ls.text(msg('symbol.malformed_id'))} {cut(record.title, 60)}",
                f"{record.date} {op}",
                RECORD_KIND,
                Span(record.line, 0, last, len(doc.lines[last])),
                record.id_span or record.heading_span,
            )
        )
    return symbols


def _pending_symbols(
    ls: ProfileMemoryServer, path: PurePath, doc: PendingDoc
) -> list[types.DocumentSymbol]:
    symbols = []
    for proposal in doc.proposals:
        last = proposal.end_line - 1
        scope = proposal.scope.value if proposal.scope else "?"
        symbols.append(
            _symbol(
                ls,
                path,
                f"[{proposal.kind.value}][{proposal.category}] {cut(proposal.text, 60)}",
                scope,
                RECORD_KIND,
                Span(proposal.line, 0, last, len(doc.lines[last])),
                Span.of_line(proposal.line, doc.lines[proposal.line]),
            )
        )
    return symbols


def text_document_document_symbol(
    ls: ProfileMemoryServer, params: types.DocumentSymbolParams
) -> list[types.DocumentSymbol] | None:
    served = ls.served_source(params.text_document.uri)
    if served is None:
        return None
    path, source = served
    role = role_of(path)
    if role is Role.PROFILE:
        return _profile_symbols(ls, path, ls.memory.profile(source))
    if role is Role.LOG:
        return _log_symbols(ls, path, ls.memory.log(source))
    if role is Role.PENDING:
        return _pending_symbols(ls, path, ls.memory.pending(source))
    return None


def workspace_symbol(
    ls: ProfileMemoryServer, params: types.WorkspaceSymbolParams
) -> list[types.WorkspaceSymbol]:
    query = params.query.casefold()
    found: list[types.WorkspaceSymbol] = []
    for pair in ls.resolver.pairs():
        if pair.profile is not None:
            profile = pair.profile
            for entry in profile.doc.entries:
                if query in f"{entry.id or ''} {entry.text}".casefold():
                    found.append(
                        types.WorkspaceSymbol(
                            name=f"{entry.id or ls.text(msg('symbol.unconfirmed'))} "
                            f"{cut(entry.text, 80)}",
                            kind=types.SymbolKind.String,
                            location=ls.location(
                                profile.path,
                                Span.of_line(entry.line, profile.doc.lines[entry.line]),
                            ),
                            container_name=masked(f"{pair.name} · {entry.category}"),
                        )
                    )
        if pair.log is not None:
            log = pair.log
            for record in log.doc.records:
                if query in f"{record.id or ''} {record.title}".casefold():
                    found.append(
                        types.WorkspaceSymbol(
                            name=f"{record.id} {cut(record.title, 80)}",
                            kind=RECORD_KIND,
                            location=ls.location(log.path, record.heading_span),
                            container_name=f"{pair.name}-log · {record.date}",
                        )
                    )
    return found


def register(server: ProfileMemoryServer) -> None:
    # the label names our outline beside the Markdown extension's (VS Code's breadcrumbs and
    # Outline show one group per provider)
    server.handle(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
        text_document_document_symbol,
        types.DocumentSymbolOptions(label="Profile Memory"),
    )
    server.handle(types.WORKSPACE_SYMBOL, workspace_symbol)
