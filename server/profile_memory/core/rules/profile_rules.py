"""Checks on a compact profile: PM001, PM002, PM004–PM006, PM008, PM009, PM011, PM015, PM017."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import PairIndex, State
from profile_memory.core.profile import ProfileDoc
from profile_memory.core.rules.common import malformed_anchors
from profile_memory.core.span import Span
from profile_memory.core.text import normalise
from profile_memory.core.workspace import Source, Workspace


def _over_limit(doc: ProfileDoc, pair: PairIndex, limit: int, name: str) -> list[Finding]:
    if doc.line_count <= limit:
        return []
    last = doc.line_count - 1
    span = Span(limit, 0, last, len(doc.lines[last]))
    return [Finding("PM001", span, f"{name} has {doc.line_count} lines, over its limit of {limit} "
                                   f"(lines {limit + 1}–{doc.line_count}); merge or remove entries")]


def _line_findings(doc: ProfileDoc, name: str) -> list[Finding]:
    found = [Finding("PM009", Span.of_line(m.line, doc.lines[m.line]), f"{name}:{m.line + 1}: {m.reason}")
             for m in doc.malformed]
    for entry in doc.entries:
        line = Span.of_line(entry.line, doc.lines[entry.line])
        if not entry.anchors and entry.line not in doc.has_malformed_anchor:
            found.append(Finding("PM005", line, f"{name}:{entry.line + 1}: unconfirmed entry (no anchor): {entry.text}"))
        if len(entry.anchors) > 1:
            ids = ", ".join(a.text for a in entry.anchors)
            found.append(Finding("PM017", line, f"{name}:{entry.line + 1}: one entry carries {len(entry.anchors)} anchors ({ids})"))
    return found


def _duplicates(pair: PairIndex, source: Source) -> list[Finding]:
    found = []
    for anchor_id, entries in pair.entries_by_id.items():
        if len(entries) < 2:
            continue
        lines = ", ".join(str(e.line + 1) for e in entries)
        for entry in entries:
            others = tuple(Related(source.path, o.anchors[0].span, f"{anchor_id} also on line {o.line + 1}")
                           for o in entries if o is not entry)
            found.append(Finding("PM002", entry.anchors[0].span,
                                 f"{anchor_id} is carried by {len(entries)} entries of {source.path.name} (lines {lines})",
                                 others))
    return found


def _against_log(pair: PairIndex, source: Source) -> list[Finding]:
    if pair.log is None or pair.log_path is None:
        return []
    log_name = pair.log_path.name
    found = []
    for anchor_id, entries in pair.entries_by_id.items():
        history = pair.history(anchor_id)
        for entry in entries:
            anchor = entry.anchors[0]
            where = f"{source.path.name}:{entry.line + 1}"
            if history is None:
                if pair.log_complete:
                    found.append(Finding("PM006", anchor.span, f"{anchor_id} ({where}) has no record in {log_name}"))
                continue
            latest = history.latest
            record_at = Related(pair.log_path, latest.heading_span,
                                f"latest record of {anchor_id} ({latest.op.value if latest.op else 'unknown operation'})")
            state = history.state
            if state is not State.LIVE:
                why = (f"retired by {history.retired_by.id} ({log_name}:{history.retired_by.line + 1})"
                       if state is State.RETIRED and history.retired_by else f"deleted in {log_name}:{latest.line + 1}")
                found.append(Finding("PM008", anchor.span, f"{anchor_id} ({where}) is {why}", (record_at,)))
                continue
            summary = history.latest_summary
            if summary is not None and normalise(entry.text) != normalise(summary):
                found.append(Finding("PM011", Span.of_line(entry.line, pair.profile.lines[entry.line]),  # type: ignore[union-attr]
                                     f"{where}: the entry's text differs from the latest 精简版 of {anchor_id} "
                                     f"in {log_name}: {summary}", (record_at,)))
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    pair = workspace.pair_of(source.path)
    doc = workspace.profile(source)
    name = source.path.name
    found = malformed_anchors(doc.bad_tokens, name)
    found += _over_limit(doc, pair, workspace.settings.limit_for(pair.name), name)
    found += _line_findings(doc, name)
    found += _duplicates(pair, source)
    if pair.log_path is None:
        found.append(Finding("PM015", Span.file_start(doc.lines[0]),
                             f"{name} has no {pair.name}-log.md beside it; run `pmem init` to create it"))
    found += _against_log(pair, source)
    return found
