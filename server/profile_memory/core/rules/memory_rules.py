"""Checks on an agent memory folder's files: JOURNAL.jsonl (PM020, PM021) and FACT.md (PM031); PM004
in both."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding
from profile_memory.core.journal import iter_journal
from profile_memory.core.profile import malformed_tokens
from profile_memory.core.rules.common import malformed_anchors, secret_findings
from profile_memory.core.span import Span
from profile_memory.core.workspace import Source, Workspace


def check_journal(workspace: Workspace, source: Source) -> list[Finding]:
    found = []
    for parsed in iter_journal(source.text):
        if parsed.code is not None:
            found.append(
                Finding(parsed.code, Span.of_line(parsed.line, parsed.raw), parsed.problem or "")
            )
    lines = workspace.lines(source)
    found += malformed_anchors(malformed_tokens(lines))
    found += secret_findings(lines)
    return found


def check_fact(workspace: Workspace, source: Source) -> list[Finding]:
    name = source.path.name
    lines = workspace.lines(source)
    found = malformed_anchors(malformed_tokens(lines))
    found += secret_findings(lines)
    limit = workspace.settings.fact_file_max_bytes
    if source.decoded is not None and source.decoded.size > limit:
        found.append(
            Finding(
                "PM031",
                Span.file_start(lines[0]),
                f"{name} is {source.decoded.size} bytes, over {limit}; all of it enters every "
                "prompt",
            )
        )
    return found
