"""Checks on a log: PM003, PM004, PM007, PM010, PM012–PM014, PM016."""

from __future__ import annotations

from profile_memory.core.codes import Severity
from profile_memory.core.diagnostics import Finding, Related
from profile_memory.core.index import PairIndex
from profile_memory.core.log import FIELD_LABELS, LogDoc, Section
from profile_memory.core.rules.common import malformed_anchors
from profile_memory.core.span import Span
from profile_memory.core.workspace import Source, Workspace


def _section_findings(section: Section, lines: list[str], name: str) -> list[Finding]:
    """What a section says about itself alone: PM016, PM010, PM013."""
    heading = section.malformed
    if heading is not None:
        return [Finding("PM016", Span.of_line(heading.line, lines[heading.line]),
                        f"{name}:{heading.line + 1}: malformed heading: {heading.reason}")]
    record = section.record
    if record is None or record.id is None:
        return []
    found = []
    labels = FIELD_LABELS["zh"]
    missing = record.missing_fields
    if missing:
        words = ", ".join(f"{labels[k]} ({FIELD_LABELS['en'][k]})" for k in missing)
        found.append(Finding("PM010", record.heading_span,
                             f"record {record.id} ({name}:{record.line + 1}) lacks {words}"))
    operation = record.fields.get("operation")
    if operation is not None and record.unknown_operation:
        found.append(Finding("PM013", operation.value_span,
                             f"{name}:{operation.line + 1}: unknown operation `{record.operation.word}` for {record.id}; "  # type: ignore[union-attr]
                             "expected 新增/演进/转向/删除/恢复 or add/evolve/pivot/delete/restore"))
    return found


def _record_findings(doc: LogDoc, name: str) -> list[Finding]:
    """Each irregular section's own findings, kept with the section: an edit re-checks only the sections it re-parsed."""
    found = []
    for section in [section for section in doc.sections if section.irregular]:
        memo = section.memo if section.memo is not None else {}
        local = memo.get(name)
        if local is None:
            local = memo[name] = _section_findings(section, doc.lines, name)
            section.memo = memo
        if local:
            found += local
    return found


def _history_findings(pair: PairIndex, source: Source) -> list[Finding]:
    name = source.path.name
    found = []
    for duplicate in pair.log_index.duplicate_adds:
        record, first = duplicate.record, duplicate.first
        what = "an add after its delete" if duplicate.after_delete else "a second add"
        found.append(Finding("PM003", record.id_span,  # type: ignore[arg-type]
                             f"{name}:{record.line + 1}: {what} of {record.id} (first record on line {first.line + 1})",
                             (Related(source.path, first.heading_span, f"first record of {record.id}"),)))
    for early in pair.log_index.early_dates:
        record = early.record
        found.append(Finding("PM012", record.heading_span, f"{name}:{record.line + 1}: {early.reason}"))
    return found


def _against_profile(pair: PairIndex, source: Source) -> list[Finding]:
    profile = pair.profile
    if profile is None or pair.profile_path is None:
        return []
    categories = profile.category_names()
    profile_name = pair.profile_path.name
    found = []
    for anchor_id, history in pair.log_index.live().items():
        latest = history.latest
        if anchor_id not in pair.entries_by_id:
            found.append(Finding("PM007", latest.heading_span,
                                 f"{anchor_id} is live in {source.path.name} (latest record line {latest.line + 1}) "
                                 f"but no entry of {profile_name} carries it"))
        category = latest.fields.get("category")
        if category is not None and category.value and category.value not in categories:
            found.append(Finding("PM014", category.value_span,
                                 f"{source.path.name}:{category.line + 1}: category `{category.value}` of {anchor_id} "
                                 f"is no heading of {profile_name}",
                                 default=Severity.HINT))
    return found


def check(workspace: Workspace, source: Source) -> list[Finding]:
    pair = workspace.pair_of(source.path)
    doc = workspace.log(source)
    found = malformed_anchors(doc.bad_tokens, source.path.name)
    found += _record_findings(doc, source.path.name)
    found += _history_findings(pair, source)
    found += _against_profile(pair, source)
    return found
