"""Checks on an agent memory folder's files: JOURNAL.jsonl (PM020, PM021) and FACT.md (PM031); PM004
in both."""

from __future__ import annotations

from profile_memory.core import recall
from profile_memory.core.diagnostics import Finding
from profile_memory.core.journal import iter_journal
from profile_memory.core.messages import msg
from profile_memory.core.places import Places
from profile_memory.core.profile import malformed_tokens
from profile_memory.core.rules.common import malformed_anchors, over_budget, secret_findings
from profile_memory.core.span import Span
from profile_memory.core.tokens import estimate
from profile_memory.core.workspace import Source, Workspace


def check_journal(workspace: Workspace, source: Source) -> list[Finding]:
    found, lines = [], workspace.lines(source)
    for parsed in iter_journal(lines):
        if parsed.code is not None:
            found.append(
                Finding(parsed.code, Span.of_line(parsed.line, parsed.raw), parsed.problem or "")
            )
    found += malformed_anchors(malformed_tokens(lines))
    found += secret_findings(lines)
    return found


def _recall_over_budget(workspace: Workspace, source: Source, lines: list[str]) -> list[Finding]:
    """PM036 on FACT.md: the recall block of its project (both profiles, SOUL.md, USER.md, this
    file) over `recallTokenBudget`, with each block's share."""
    settings, memory = workspace.settings, source.path.parent
    project_dir = memory.parent / settings.project_profile_dir
    user_dir = workspace.user_dir or project_dir
    sections = recall.collect(workspace, Places(user_dir, project_dir, (memory,)), str)
    shares = [(section.name, estimate(section.content)) for section in sections]
    total, budget = sum(tokens for _, tokens in shares), settings.recall_token_budget
    if total <= budget:
        return []
    parts = [f"{name} ≈{tokens:,}" for name, tokens in shares]
    message = msg("PM036", total=total, budget=budget, parts=parts)
    return [Finding("PM036", Span.file_start(lines[0]), message)]


def check_fact_version(workspace: Workspace, source: Source) -> list[Finding]:
    """A kept version of FACT.md is checked for secrets only (docs/format.md, "FACT.md versions"):
    one there is injected nowhere, but it is kept on disk like one in FACT.md."""
    return secret_findings(workspace.lines(source))


def check_fact(workspace: Workspace, source: Source) -> list[Finding]:
    name = source.path.name
    lines = workspace.lines(source)
    found = malformed_anchors(malformed_tokens(lines))
    found += secret_findings(lines)
    found += over_budget("PM035", lines, workspace.settings.fact_token_budget, name)
    found += _recall_over_budget(workspace, source, lines)
    limit = workspace.settings.fact_file_max_bytes
    if source.decoded is not None and source.decoded.size > limit:
        found.append(
            Finding(
                "PM031",
                Span.file_start(lines[0]),
                msg("PM031", name=name, size=source.decoded.size, limit=limit),
            )
        )
    return found
