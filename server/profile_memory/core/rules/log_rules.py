"""Checks on a log: PM003, PM004, PM007, PM010, PM012–PM014, PM016."""

from __future__ import annotations

import functools

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import OutOfOrder, PairIndex
from profile_memory.core.log import (
    FIELD_LABELS,
    LogDoc,
    Op,
    Record,
    Section,
    closest_operation_word,
    op_word,
)
from profile_memory.core.log.words import in_script, is_traditional
from profile_memory.core.messages import msg
from profile_memory.core.rules.common import (
    malformed_anchors,
    other_category,
    secret_findings,
    slip_findings,
)
from profile_memory.core.slips import quoted
from profile_memory.core.span import Span
from profile_memory.core.text import punctuation_changed
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
    traditional = _in_traditional(record)
    missing = record.missing_fields
    if missing:
        words = [in_script(f"{labels[k]} ({others[k]})", traditional) for k in missing]
        found.append(
            Finding(
                "PM010",
                record.heading_span,
                msg("PM010.plural" if len(missing) > 1 else "PM010", id=record.id, words=words),
            )
        )
    operation = record.fields.get("operation")
    if operation is not None and record.operation is not None and record.unknown_operation:
        message = _unknown_operation(record, traditional)
        found.append(Finding("PM013", operation.value_span, message))
    return found


def _in_traditional(record: Record) -> bool:
    """A record written in Traditional Chinese (a key or its operation word so spelt): what it is
    told to write is spelt so too."""
    operation = record.operation
    return (operation is not None and is_traditional(operation.word)) or any(
        is_traditional(f.label) for f in record.fields.values()
    )


def _unknown_operation(record: Record, traditional: bool) -> str:
    """PM013's message: the word that is no operation, or why the value is not one operation."""
    operation = record.operation
    assert operation is not None
    words = in_script("新增/演进/转向/删除/恢复", traditional)
    if operation.several is not None:
        value = record.value("operation") or operation.word
        return msg(
            "PM013.several",
            id=record.id,
            value=quoted(value, 60),
            why=operation.several,
            words=words,
        )
    word = operation.word
    closest = in_script(closest_operation_word(word), traditional)
    return msg("PM013", word=word, id=record.id, closest=closest, words=words)


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
                _out_of_order_message(late),
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


def _out_of_order_message(late: OutOfOrder) -> str:
    record, above = late.record, late.above
    if late.newest_first:
        return msg("PM051.newest_first", count=late.newest_first)
    return msg("PM051", date=record.date, id=above.id, above_date=above.date, line=above.line + 1)


def _changed_punctuation(pair: PairIndex) -> list[Finding]:
    """PM050 for an evolve whose OLD is its id's previous 精简版 with a punctuation mark changed
    (`，` written `,`): the index reads them as one text (NFKC), but OLD is a copy and keeps the
    person's marks. Only evolves with an OLD are looked at (most records are adds)."""
    found = []
    for history in pair.log_index.histories.values():
        records = history.records
        for position in range(1, len(records)):
            record = records[position]
            old = record.operation.old if record.operation is not None else None
            if not old or record.op is not Op.EVOLVE:
                continue
            previous = next(
                (s for r in reversed(records[:position]) if (s := r.value("summary"))), None
            )
            changed = punctuation_changed(old, previous) if previous else None
            at = record.fields.get("operation") if changed else None
            if changed and at is not None:
                found.append(
                    Finding(
                        "PM050",
                        at.value_span,
                        msg(
                            "PM050.punctuation",
                            old=quoted(old, 60),
                            id=record.id,
                            mark=changed[0],
                            written=changed[1],
                        ),
                    )
                )
    return found


def _against_profile(pair: PairIndex, source: Source) -> list[Finding]:
    profile = pair.profile
    if profile is None:
        return []
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
        if (
            category is not None
            and category.value
            and not profile.doc.has_category(category.value)
            and other_category(pair.entries_by_id.get(anchor_id), history) is None
        ):
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
    found += _changed_punctuation(pair)
    found += _against_profile(pair, source)
    return found
