"""Checks on a compact profile: PM001, PM002, PM004–PM006, PM008, PM009, PM011, PM015, PM017."""

from __future__ import annotations

from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.files import pair_name
from profile_memory.core.index import (
    History,
    LogFile,
    PairIndex,
    ProfileFile,
    State,
    entries_by_id,
)
from profile_memory.core.log import op_word
from profile_memory.core.messages import msg
from profile_memory.core.profile import Entry, ProfileDoc
from profile_memory.core.rules.common import (
    malformed_anchors,
    other_category,
    over_budget,
    secret_findings,
    slip_findings,
)
from profile_memory.core.span import Span
from profile_memory.core.text import normalise, punctuation_changed
from profile_memory.core.workspace import Source, Workspace


def _over_limit(doc: ProfileDoc, limit: int, name: str) -> list[Finding]:
    counted = doc.counted_lines
    if counted <= limit:
        return []
    last = counted - 1
    span = Span(limit, 0, last, len(doc.lines[last]))
    return [
        Finding(
            "PM001",
            span,
            msg("PM001", name=name, counted=counted, limit=limit, first=limit + 1),
        )
    ]


def _line_findings(doc: ProfileDoc) -> list[Finding]:
    found = [
        Finding("PM009", Span.of_line(m.line, doc.lines[m.line]), m.reason) for m in doc.malformed
    ]
    for entry in doc.entries:
        line = Span.of_line(entry.line, doc.lines[entry.line])
        if not entry.anchors and entry.line not in doc.has_malformed_anchor:
            found.append(Finding("PM005", line, msg("PM005", text=entry.text)))
        if len(entry.anchors) > 1:
            ids = [a.text for a in entry.anchors]
            found.append(Finding("PM017", line, msg("PM017", count=len(entry.anchors), ids=ids)))
        found += slip_findings(entry.slips)
    return found


LISTED = 10  # places a finding names at most: an id repeated on thousands of lines stays linear


def _duplicates(by_id: dict[str, list[Entry]], source: Source) -> list[Finding]:
    found = []
    for anchor_id, entries in by_id.items():
        if len(entries) < 2:
            continue
        shown = entries[: LISTED + 1]
        lines = [str(e.line + 1) for e in shown[:LISTED]] + (["…"] if len(entries) > LISTED else [])
        message = msg("PM002", id=anchor_id, count=len(entries), name=source.path.name, lines=lines)
        for entry in entries:
            others = tuple(
                Related(
                    source.path,
                    o.anchors[0].span,
                    msg("PM002.related", id=anchor_id, line=o.line + 1),
                )
                for o in shown
                if o is not entry
            )[:LISTED]
            found.append(Finding("PM002", entry.anchors[0].span, message, others))
    return found


def _against_log(pair: PairIndex, source: Source) -> list[Finding]:
    log, profile = pair.log, pair.profile
    if log is None or profile is None:
        return []
    log_name = log.path.name
    found = []
    for anchor_id, entries in pair.entries_by_id.items():
        history = pair.history(anchor_id)
        for entry in entries:
            if history is None:
                if pair.log_complete:
                    found.append(
                        Finding(
                            "PM006",
                            entry.anchors[0].span,
                            msg("PM006", id=anchor_id, log=log_name),
                        )
                    )
                continue
            # A duplicated id (PM002) is compared with nothing: its texts would only restate the
            # duplicate.
            found += _against_history(profile, log, entry, history, compare=len(entries) == 1)
    return found


def _against_history(
    profile: ProfileFile, log: LogFile, entry: Entry, history: History, compare: bool
) -> list[Finding]:
    """PM008 for an entry whose id is no longer live; else PM019 and PM011 against its latest
    record."""
    anchor_id, latest, log_name = history.id, history.latest, log.path.name

    def record_at() -> Related:  # made for a finding only: most entries have none
        message = msg("related.latest_record", id=anchor_id, op=op_word(latest))
        return Related(log.path, latest.heading_span, message)

    state = history.state
    if state is not State.LIVE:
        why = (
            msg(
                "PM008.retired",
                by=history.retired_by.id,
                place=f"{log_name}:{history.retired_by.line + 1}",
            )
            if state is State.RETIRED and history.retired_by
            else msg("PM008.deleted", place=f"{log_name}:{latest.line + 1}")
        )
        return [
            Finding(
                "PM008", entry.anchors[0].span, msg("PM008", id=anchor_id, why=why), (record_at(),)
            )
        ]
    if not compare:
        return []
    line = Span.of_line(entry.line, profile.doc.lines[entry.line])

    def on_line(code: str, **fields: object) -> Finding:  # the entry's line, against its record
        message = msg(code, id=anchor_id, log=log_name, **fields)
        return Finding(code, line, message, (record_at(),))

    found = []
    category = other_category([entry], history)
    if category is not None:
        heading = (
            ""
            if profile.doc.has_category(category)
            else msg("PM019.no_heading", file=profile.path.name)
        )
        found.append(on_line("PM019", category=entry.category, latest=category, heading=heading))
    summary = history.latest_summary
    if summary is None:
        return found
    same = normalise(entry.text) == normalise(summary)
    changed = punctuation_changed(entry.text, summary) if same else None
    if not same or changed:
        marks = msg("PM011.marks", old=changed[0], new=changed[1]) if changed else ""
        found.append(on_line("PM011", text=entry.text, summary=summary, marks=marks))
    return found


def check_alone(workspace: Workspace, source: Source) -> list[Finding]:
    """Every finding of a compact profile that needs no other file: what a server shows first
    when the log is not read yet."""
    doc = workspace.profile(source)
    name, kind = source.path.name, pair_name(source.path) or ""
    found = malformed_anchors(doc.bad_tokens)
    found += _over_limit(doc, workspace.settings.limit_for(kind), name)
    found += _line_findings(doc)
    found += _duplicates(entries_by_id(doc), source)
    found += secret_findings(doc.lines)
    budget = workspace.settings.token_budget_for(kind)
    found += over_budget("PM034", doc.lines[: doc.counted_lines], budget, name)
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    pair = workspace.pair_with(source.path)
    doc = workspace.profile(source)
    name = source.path.name
    found = check_alone(workspace, source)
    if pair.log is None and workspace.find_name(pair.folder, pair.log_name) is None:
        found.append(
            Finding(
                "PM015",
                Span.file_start(doc.lines[0]),
                msg("PM015", name=name, pair=pair.name),
            )
        )
    found += _against_log(pair, source)
    return found
