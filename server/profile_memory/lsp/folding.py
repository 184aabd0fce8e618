"""Folding ranges: each log record, and each category of a compact profile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.files import Role, role_of
from profile_memory.core.text import last_text_line

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


def text_document_folding_range(
    ls: ProfileMemoryServer, params: types.FoldingRangeParams
) -> list[types.FoldingRange] | None:

    served = ls.served_source(params.text_document.uri)
    if served is None:
        return None
    path, source = served
    role = role_of(path)
    spans: list[tuple[int, int]] = []
    if role is Role.LOG:
        log = ls.memory.log(source)
        spans = [(r.line, last_text_line(log.lines, r.line, r.end_line)) for r in log.records]
    elif role is Role.PROFILE:
        profile = ls.memory.profile(source)
        starts = [c.line for c in profile.categories] + [profile.line_count]
        spans = [
            (start, last_text_line(profile.lines, start, stop))
            for start, stop in zip(starts, starts[1:], strict=False)
        ]
    return [
        types.FoldingRange(start, end, kind=types.FoldingRangeKind.Region)
        for start, end in spans
        if end > start
    ]


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_FOLDING_RANGE, text_document_folding_range)
