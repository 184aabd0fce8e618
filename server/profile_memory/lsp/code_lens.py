"""Code lenses on a compact profile: records per entry (click: open the log there), entries per
category, and the line count against the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from profile_memory.core.files import Role, role_of
from profile_memory.core.messages import msg
from profile_memory.core.outline import entry_label, profile_cost
from profile_memory.core.span import Span
from profile_memory.lsp.names import CONFIRM_ALL, DISCARD_ALL, OPEN_RECORD
from profile_memory.lsp.provider import uri
from profile_memory.lsp.safety import invalid

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def _lens(
    ls: ProfileMemoryServer, path, line: int, title: str, arguments: list | None = None
) -> types.CodeLens:

    command = types.Command(
        title=ls.text(title), command=OPEN_RECORD if arguments else "", arguments=arguments
    )
    return types.CodeLens(range=ls.range(path, Span(line, 0, line, 0)), command=command)


def _pending_lenses(ls: ProfileMemoryServer, path) -> list[types.CodeLens] | None:
    source = ls.memory.source(path)
    if source is None or source.decoded is None:
        return None
    count = len(ls.memory.pending(source).proposals)
    if not count:
        return None
    top = ls.range(path, Span(0, 0, 0, 0))
    target = uri(path)
    return [
        types.CodeLens(
            range=top,
            command=types.Command(
                title=ls.text(msg("lens.confirm_all", count=count)),
                command=CONFIRM_ALL,
                arguments=[target],
            ),
        ),
        types.CodeLens(
            range=top,
            command=types.Command(
                title=ls.text(msg("lens.discard_all")), command=DISCARD_ALL, arguments=[target]
            ),
        ),
    ]


def text_document_code_lens(
    ls: ProfileMemoryServer, params: types.CodeLensParams
) -> list[types.CodeLens] | None:
    path = ls.served_path(params.text_document.uri)
    if path is not None and role_of(path) is Role.PENDING:
        return _pending_lenses(ls, path)
    if path is None or role_of(path) is not Role.PROFILE:
        return None
    pair = ls.memory.pair_of(path)
    if pair is None or pair.profile is None:
        return None
    doc = pair.profile.doc
    lenses = [_lens(ls, path, 0, profile_cost(doc, ls.settings, pair.name))]
    for category in doc.categories:
        count = sum(1 for e in doc.entries if e.category == category.name)
        lenses.append(
            _lens(
                ls,
                path,
                category.line,
                msg("lens.entry" if count == 1 else "lens.entries", count=count),
            )
        )
    if ls.settings.entry_info == "codeLens":
        for entry in doc.entries:
            label = entry_label(pair, entry)
            target = [uri(label.log), label.line] if label.log is not None else None
            lenses.append(_lens(ls, path, entry.line, label.text, target))
    return lenses


async def open_record(ls: ProfileMemoryServer, *arguments: Any) -> bool:
    """Open a file at a line in any editor, through `window/showDocument`."""
    if (
        len(arguments) != 2
        or not isinstance(arguments[0], str)
        or type(arguments[1]) is not int
        or arguments[1] < 0
    ):
        raise invalid(msg("lsp.uri_and_line", command=OPEN_RECORD))
    target, line = arguments
    selection = types.Range(types.Position(line, 0), types.Position(line, 0))
    result = await ls.window_show_document_async(
        types.ShowDocumentParams(uri=target, take_focus=True, selection=selection)
    )
    return bool(result and result.success)


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_CODE_LENS, text_document_code_lens)
    server.handle_command(OPEN_RECORD, open_record)
