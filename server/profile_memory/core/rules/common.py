"""Checks that apply to any memory file: unsafe paths (PM030), bad UTF-8 (PM032), size (PM033), PM004."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding
from profile_memory.core.profile import Token
from profile_memory.core.span import Span
from profile_memory.core.workspace import Source, Workspace


def malformed_anchors(tokens: list[Token], file_name: str) -> list[Finding]:
    return [
        Finding("PM004", token.span, f"malformed anchor {token.text} in {file_name}:{token.span.start_line + 1}: {token.problem}")
        for token in tokens
    ]


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def check(workspace: Workspace, source: Source) -> list[Finding]:
    name = source.path.name
    if source.unsafe is not None:
        return [Finding("PM030", Span(0, 0, 0, 0), f"{name} is refused: {source.unsafe}; writes never follow links")]
    decoded = source.decoded
    if decoded is None:
        return []
    first_line = workspace.lines(source)[0]
    found = []
    if decoded.invalid_utf8_at is not None:
        line, col = decoded.invalid_utf8_at
        found.append(Finding("PM032", Span.file_start(first_line),
                             f"{name} has bytes that are not UTF-8, first at line {line + 1}, column {col + 1}; "
                             "they were read as U+FFFD"))
    if decoded.truncated:
        found.append(Finding("PM033", Span.file_start(first_line),
                             f"{name} is {_mib(decoded.size)}, over the size bound of {_mib(workspace.settings.max_file_bytes)}; "
                             "checks beyond the bound are skipped"))
    return found
