"""Checks on a log: PM003, PM004, PM007, PM010, PM012–PM014, PM016."""

from __future__ import annotations

import functools

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import History, OutOfOrder, PairIndex
from profile_memory.core.log import (
    FIELD_LABELS,
    LogDoc,
    Record,
    Section,
    closest_operation_word,
    op_word,
)
from profile_memory.core.log.words import in_script, is_traditional
from profile_memory.core.messages import msg
from profile_memory.core.profile import category_key
from profile_memory.core.rules.common import (
    malformed_anchors,
    other_category,
    secret_findings,
    slip_findings,
)
from profile_memory.core.slips import quoted
from profile_memory.core.span import Span
from profile_memory.core.values import value_class
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
    for section in doc.irregular():
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
    (`LogIndex.punctuation_changes`)."""
    found = []
    for change in pair.log_index.punctuation_changes():
        record = change.record
        at = record.fields.get("operation")
        if at is not None:
            old = record.operation.old if record.operation is not None else ""
            message = msg(
                "PM050.punctuation",
                old=quoted(old or "", 60),
                id=record.id,
                mark=change.expected,
                written=change.written,
            )
            found.append(Finding("PM050", at.value_span, message))
    return found


@value_class(frozen=True, slots=True)
class _AgainstProfile:
    """What `_against_profile` found, with what it was found from: the index (by its stamp), each
    id's entries (their categories, all the check reads of them) and the profile's headings."""

    stamp: object
    entries: dict[str, tuple[str | None, ...]]
    headings: tuple[str, ...]
    found: dict[str, tuple[Record, bool, bool]]  # id -> its latest record, PM007, PM014


def _against_profile(workspace: Workspace, pair: PairIndex, source: Source) -> list[Finding]:
    """PM007 and PM014 of the live ids. They are kept between checks by id: after an edit that
    updated the index (`LogIndex.updated`), only the ids it touched and those whose entries changed
    are looked at again; a change of the profile's headings looks at every id."""
    profile = pair.profile
    if profile is None:
        return []
    index, memo = pair.log_index, workspace.derived(source.path)
    entries = {i: tuple(e.category for e in found) for i, found in pair.entries_by_id.items()}
    headings = tuple(category_key(c.name) for c in profile.doc.categories)
    kept: _AgainstProfile | None = memo.get("against_profile")
    live = index.live()
    if kept is not None and kept.headings == headings and kept.stamp is index.stamp:
        again: set[str] | None = set()
    elif kept is not None and kept.headings == headings and index.updated is not None:
        again = set(index.updated[1]) if index.updated[0] is kept.stamp else None
    else:
        again = None
    if again is None or kept is None:
        found = {i: hit for i, h in live.items() if (hit := _id_against(pair, i, h))}
    else:
        ids = entries.keys() | kept.entries.keys()
        again |= {i for i in ids if entries.get(i) != kept.entries.get(i)}
        found = {i: hit for i, hit in kept.found.items() if i not in again}
        found |= {i: hit for i in again if i in live if (hit := _id_against(pair, i, live[i]))}
    memo["against_profile"] = _AgainstProfile(index.stamp, entries, headings, found)
    name = profile.path.name
    out = []
    for anchor_id, (latest, unlogged, elsewhere) in sorted(
        found.items(), key=lambda item: item[1][0].line
    ):
        if unlogged:
            out.append(
                Finding("PM007", latest.heading_span, msg("PM007", id=anchor_id, profile=name))
            )
        category = latest.fields.get("category") if elsewhere else None
        if category is not None:
            message = msg("PM014.log", category=category.value, id=anchor_id, profile=name)
            out.append(Finding("PM014", category.value_span, message, default=Severity.HINT))
    return out


def _id_against(
    pair: PairIndex, anchor_id: str, history: History
) -> tuple[Record, bool, bool] | None:
    """A live id against the profile: its latest record, whether no entry carries it (PM007),
    whether its 分类 is no heading of the profile nor another entry's (PM014); None for neither."""
    assert pair.profile is not None
    latest = history.latest
    unlogged = anchor_id not in pair.entries_by_id
    category = latest.fields.get("category")
    elsewhere = bool(
        category is not None
        and category.value
        and not pair.profile.doc.has_category(category.value)
        and other_category(pair.entries_by_id.get(anchor_id), history) is None
    )
    return (latest, unlogged, elsewhere) if unlogged or elsewhere else None


def check(workspace: Workspace, source: Source) -> list[Finding]:
    pair = workspace.pair_with(source.path)
    doc = workspace.log(source)
    found = malformed_anchors(doc.bad_tokens)
    found += _record_findings(workspace, source, doc)
    found += _history_findings(pair, source)
    found += _changed_punctuation(pair)
    found += _against_profile(workspace, pair, source)
    return found
