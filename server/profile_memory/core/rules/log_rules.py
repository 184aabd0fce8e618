"""Checks on a log: PM003, PM004, PM007, PM010, PM012–PM014, PM016."""

from __future__ import annotations

import functools

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import PairIndex
from profile_memory.core.log import FIELD_LABELS, LogDoc, Section, closest_operation_word, op_word
from profile_memory.core.messages import msg
from profile_memory.core.rules.common import malformed_anchors, secret_findings, slip_findings
from profile_memory.core.span import Span
from profile_memory.core.workspace import Source, Workspace


def _section_findings(section: Section, lines: list[str]) -> list[Finding]:
    """What a section says about itself alone: PM060, and its record's PM016, PM018, PM010,
    PM013."""
    return secret_findings(lines, section.start, section.stop) + _record_findings_of(section, lines)


def _record_findings_of(section: Section, lines: list[str]) -> list[Finding]:
    heading = section.malformed
    if heading is not None:
        return [
            Finding(
                "PM016",
                Span.of_line(heading.line, lines[heading.line]),
                msg("PM016", reason=heading.reason),
            )
        ]
    record = section.record
    if record is None:
        return []
    found = slip_findings(record.slips, record.line)
    if record.id is None:
        return found
    labels, others = (
        (FIELD_LABELS["en"], FIELD_LABELS["zh"])
        if record.english
        else (FIELD_LABELS["zh"], FIELD_LABELS["en"])
    )
    missing = record.missing_fields
    if missing:
        words = [f"{labels[k]} ({others[k]})" for k in missing]
        found.append(
            Finding(
                "PM010",
                record.heading_span,
                msg("PM010.plural" if len(missing) > 1 else "PM010", id=record.id, words=words),
            )
        )
    operation = record.fields.get("operation")
    if operation is not None and record.operation is not None and record.unknown_operation:
        word = record.operation.word
        found.append(
            Finding(
                "PM013",
                operation.value_span,
                msg("PM013", word=word, id=record.id, closest=closest_operation_word(word)),
            )
        )
    return found


def _record_findings(workspace: Workspace, source: Source, doc: LogDoc) -> list[Finding]:
    """Each irregular section's own findings, kept by the workspace: an edit re-checks only the
    sections it re-parsed or moved."""
    found: list[Finding] = []
    for section in doc.sections:
        if section.irregular:
            found += workspace.section_findings(
                source, section, functools.partial(_section_findings, section, doc.lines)
            )
    return found


def _history_findings(pair: PairIndex, source: Source) -> list[Finding]:
    found = []
    for duplicate in pair.log_index.duplicate_adds:
        record, first = duplicate.record, duplicate.first
        what = msg("PM003.after_delete" if duplicate.after_delete else "PM003.second")
        found.append(
            Finding(
                "PM003",
                record.id_span or record.heading_span,  # an indexed record has an id
                msg("PM003", what=what, id=record.id, line=first.line + 1),
                (
                    Related(
                        source.path, first.heading_span, msg("related.first_record", id=record.id)
                    ),
                ),
            )
        )
    index = pair.log_index
    found += [
        Finding("PM012", early.record.heading_span, early.reason) for early in index.early_dates
    ]
    for mismatch in index.old_mismatches:
        at = mismatch.record.fields.get("operation")
        related = (
            (
                Related(
                    source.path,
                    mismatch.holder.heading_span,
                    msg("PM050.related", id=mismatch.changed),
                ),
            )
            if mismatch.holder is not None
            else ()
        )
        found.append(
            Finding(
                "PM050",
                at.value_span if at else mismatch.record.heading_span,
                mismatch.reason,
                related,
            )
        )
    for late in index.out_of_order:
        record, above = late.record, late.above
        found.append(
            Finding(
                "PM051",
                record.heading_span,
                msg(
                    "PM051",
                    date=record.date,
                    id=above.id,
                    above_date=above.date,
                    line=above.line + 1,
                ),
                (Related(source.path, above.heading_span, msg("PM051.related")),),
            )
        )
    for record in index.without_add:
        found.append(
            Finding(
                "PM052",
                record.heading_span,
                msg("PM052", id=record.id, op=op_word(record)),
            )
        )
    return found


def _against_profile(pair: PairIndex, source: Source) -> list[Finding]:
    profile = pair.profile
    if profile is None:
        return []
    categories = profile.doc.category_names()
    profile_name = profile.path.name
    found = []
    for anchor_id, history in pair.log_index.live().items():
        latest = history.latest
        if anchor_id not in pair.entries_by_id:
            found.append(
                Finding(
                    "PM007",
                    latest.heading_span,
                    msg("PM007", id=anchor_id, profile=profile_name),
                )
            )
        category = latest.fields.get("category")
        if category is not None and category.value and category.value not in categories:
            found.append(
                Finding(
                    "PM014",
                    category.value_span,
                    msg("PM014.log", category=category.value, id=anchor_id, profile=profile_name),
                    default=Severity.HINT,
                )
            )
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    pair = workspace.pair_with(source.path)
    doc = workspace.log(source)
    found = malformed_anchors(doc.bad_tokens)
    found += _record_findings(workspace, source, doc)
    found += _history_findings(pair, source)
    found += _against_profile(pair, source)
    return found
