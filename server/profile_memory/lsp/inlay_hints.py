"""Inlay hints: at the end of each compact entry, its record count and last change
(`2 records · last: 演进 2026-05-01`), clickable to open that record. Shown when the `entryInfo`
setting is `inlay` (the default), in place of a code lens line above every entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.files import Role, role_of
from profile_memory.core.outline import entry_label
from profile_memory.core.span import Span
from profile_memory.lsp.code_lens import OPEN_RECORD
from profile_memory.lsp.provider import uri

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def text_document_inlay_hint(
    ls: ProfileMemoryServer, params: types.InlayHintParams
) -> list[types.InlayHint] | None:
    path = ls.served_path(params.text_document.uri)
    if path is None or role_of(path) is not Role.PROFILE or ls.settings.entry_info != "inlay":
        return None
    pair = ls.memory.pair_of(path)
    if pair is None or pair.profile is None:
        return None
    first, last = params.range.start.line, params.range.end.line
    hints = []
    lines = pair.profile.doc.lines
    for entry in pair.profile.doc.entries:
        if not first <= entry.line <= last:
            continue
        label = entry_label(pair, entry)
        command = (
            types.Command(ls.text(label.text), OPEN_RECORD, arguments=[uri(label.log), label.line])
            if label.log is not None
            else None
        )
        end = ls.range(path, Span.of_line(entry.line, lines[entry.line])).end
        hints.append(
            types.InlayHint(
                position=end,
                label=[types.InlayHintLabelPart(ls.text(label.text), command=command)],
                padding_left=True,
            )
        )
    return hints


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_INLAY_HINT, text_document_inlay_hint)
