"""The quick fixes of the diagnostics (docs/format.md, "Diagnostics") and the category
refactors (rename, merge), as operations of a plan."""

from __future__ import annotations

import datetime as dt
from pathlib import PurePath

from profile_memory.core import anchors
from profile_memory.core.buffers import ending_of
from profile_memory.core.files import (
    Role,
    log_file_name,
    role_of,
)
from profile_memory.core.log import (
    FIELD_LABELS,
    NOT_RECORDED,
    OP_WRITTEN,
    Op,
    parse_log,
)
from profile_memory.core.messages import msg
from profile_memory.core.pending import Proposal, ProposalKind
from profile_memory.core.plans.bounds import PlanError, category_name
from profile_memory.core.plans.flow import WriteFlow
from profile_memory.core.plans.model import KIND_WRITTEN, PairRef, Said
from profile_memory.core.plans.records import as_written
from profile_memory.core.profile import Entry, malformed_tokens, parse_profile
from profile_memory.core.secrets import find_secrets, redacted
from profile_memory.core.slips import Slip
from profile_memory.core.span import Span
from profile_memory.core.text import (
    split_keep_ends,
    split_lines,
)


def slips_of(path: PurePath, text: str) -> list[Slip]:
    """Every slip of a profile or a log, with lines counted from the file's start."""
    role = role_of(path)
    if role is Role.PROFILE:
        return [slip for entry in parse_profile(text).entries for slip in entry.slips]
    if role is Role.LOG:
        return [
            slip.moved(record.line) for record in parse_log(text).records for slip in record.slips
        ]
    return []


class QuickFixes(WriteFlow):
    # -- the quick fixes (docs/format.md, "Diagnostics") and the category operations ------------
    def normalise(self, path: PurePath, only_line: int | None = None) -> int:
        """Rewrite the lines with slips in their canonical form (every such line, or the one asked
        for); a line's text is kept, only its form changes. Returns how many lines were
        rewritten."""
        rewrites = {
            slip.line: slip.canonical
            for slip in slips_of(path, self.text(path))
            if slip.canonical is not None and only_line in (None, slip.line)
        }
        if only_line is not None and not rewrites:
            raise PlanError(msg("plan.no_rewrite", name=path.name, line=only_line + 1))
        lines, _ = self.buffers.lines(path)
        for index, canonical in rewrites.items():
            lines[index] = canonical + ending_of(lines[index])
        self.buffers.set(path, "".join(lines))
        return len(rewrites)

    def fix_forms(self, path: PurePath) -> int:
        """`pmem fix`: every slip's line in canonical form, then every token that plainly means an
        id written as that id. Returns how many lines changed."""
        before = split_keep_ends(self.text(path))
        self.normalise(path)
        for token in malformed_tokens(split_lines(self.text(path))):
            if anchors.repaired(token.text) is not None:
                self.repair_token(path, token.span)
        after = split_keep_ends(self.text(path))
        return sum(1 for old, new in zip(before, after, strict=False) if old != new)

    def repair_token(self, path: PurePath, span: Span) -> str:
        """PM004 on a token that plainly means an id (`PF-20260302-1`): write that id, keeping the
        history."""
        lines, _ = self.buffers.lines(path)
        meant = anchors.repaired(lines[span.start_line][span.start_col : span.end_col])
        if meant is None:
            raise PlanError(msg("plan.token_unclear"))
        self.buffers.replace(path, span, meant)
        return meant

    def redact(self, path: PurePath, span: Span) -> str:
        """PM060: the secret replaced by `<redacted:KIND>` — in a log, the one edit of an old record
        that is sanctioned (docs/format.md, "Secrets")."""
        lines, _ = self.buffers.lines(path)
        line = lines[span.start_line] if span.start_line < len(lines) else ""
        found = find_secrets(line[span.start_col : span.end_col])
        if span.start_line != span.end_line or not found:
            raise PlanError(msg("plan.no_secret", name=path.name, line=span.start_line + 1))
        self.buffers.replace(path, span, redacted(found[0].kind))
        return found[0].kind

    def _entry_at(self, ref: PairRef, line: int) -> Entry:
        doc = parse_profile(self.text(self.profile_path(ref)))
        entry = next((e for e in doc.entries if e.line == line), None)
        if entry is None:
            raise PlanError(
                msg("plan.not_entry_line", name=self.profile_path(ref).name, line=line + 1)
            )
        return entry

    def new_id_for_entry(self, ref: PairRef, line: int, span: Span) -> str:
        """PM002 / PM004 on an entry: a fresh id in place of the token, and an add record for it."""
        entry = self._entry_at(ref, line)
        anchor_id = self._new_id()
        self.buffers.replace(self.profile_path(ref), span, anchor_id)
        self._record(ref, anchor_id, Said.of_entry(entry, Op.ADD))
        return anchor_id

    def replace_token(self, path: PurePath, span: Span, day: dt.date | None = None) -> str:
        """PM004 outside an entry (a log heading, the pending file): a fresh id in place of the
        token."""
        anchor_id = self.allocator.next(day or self.today)
        self._touched(anchor_id)
        self.buffers.replace(path, span, anchor_id)
        return anchor_id

    def create_record(self, ref: PairRef, anchor_id: str) -> None:
        """PM006: the missing add record of an entry."""
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self._record(ref, anchor_id, Said.of_entry(entry, Op.ADD))

    def record_current_text(self, ref: PairRef, anchor_id: str, as_pivot: bool) -> str:
        """PM011: record the entry's edited text as an evolve of its id, or as a pivot to a new
        id."""
        entry = self._live_entry(ref, anchor_id)
        history = self.pair(ref).history(anchor_id)
        old = as_written(history.latest_summary if history and history.latest_summary else "")
        if not as_pivot:
            self._touched(anchor_id)
            self._record(ref, anchor_id, Said.of_entry(entry, Op.EVOLVE, old=old))
            return anchor_id
        new_id = self._new_id()
        self.buffers.replace(self.profile_path(ref), entry.anchors[0].span, new_id)
        said = Said.of_entry(entry, Op.PIVOT, old=old, supersedes=anchor_id)
        self._record(ref, new_id, said)
        return new_id

    def _orphan(self, ref: PairRef, anchor_id: str) -> tuple[str, str]:
        """PM007: the category and latest 精简版 of a live id no entry carries (the id is now
        touched)."""
        history = self.pair(ref).history(anchor_id)
        if history is None:
            raise PlanError(msg("plan.no_record", id=anchor_id))
        self._touched(anchor_id)
        return history.latest_value("category") or "", as_written(history.latest_summary or "")

    def mark_deleted(self, ref: PairRef, anchor_id: str) -> None:
        """PM007: the log says the entry is gone (a delete record)."""
        category, summary = self._orphan(ref, anchor_id)
        self._record(ref, anchor_id, Said(op=Op.DELETE, category=category, summary=summary))

    def restore_entry(self, ref: PairRef, anchor_id: str) -> None:
        """PM007: put the live id's latest wording back into the profile, in its category."""
        category, summary = self._orphan(ref, anchor_id)
        self._insert_entry(ref, category, f"- {summary} <!-- {anchor_id} -->")

    def move_entry(self, ref: PairRef, line: int, category: str) -> None:
        """PM019: the entry to the end of the category its log names (the line is moved as it
        is)."""
        entry = self._entry_at(ref, line)
        path = self.profile_path(ref)
        text = parse_profile(self.text(path)).lines[line]
        self.buffers.remove_lines(path, line, line + 1)
        self._insert_entry(ref, category, text)
        if entry.id:
            self._touched(entry.id)

    def record_category(self, ref: PairRef, anchor_id: str) -> None:
        """PM019: record that the entry now belongs to the category it stands under (an evolve of
        its category)."""
        entry = self._live_entry(ref, anchor_id)
        self._touched(anchor_id)
        self._record(ref, anchor_id, Said.of_entry(entry, Op.EVOLVE))

    def remove_entry(self, ref: PairRef, line: int) -> None:
        """PM008: drop an entry whose id the log has deleted or retired (no new record)."""
        entry = self._entry_at(ref, line)
        if entry.id:
            self._touched(entry.id)
        self.buffers.remove_lines(self.profile_path(ref), line, line + 1)

    def renumber_record(self, ref: PairRef, record_line: int) -> str:
        """PM003: a new id for a duplicate add record, allocated on the record's own date."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        records = parse_log(self.text(log_path)).records
        record = next((r for r in records if r.line == record_line and r.id_span), None)
        if record is None or record.id_span is None:
            raise PlanError(msg("plan.not_record_line", name=log_path.name, line=record_line + 1))
        return self.replace_token(log_path, record.id_span, record.date)

    def make_restore(self, ref: PairRef, record_line: int) -> None:
        """PM003: turn a duplicate add into a restore (its 操作 value becomes 恢复 / restore)."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        doc = parse_log(self.text(log_path))
        record = next(r for r in doc.records if r.line == record_line)
        field = record.fields.get("operation")
        if field is None or record.operation is None:
            raise PlanError(msg("plan.no_operation", line=record_line + 1))
        word = OP_WRITTEN["en" if field.english else "zh"][Op.RESTORE]
        span = field.value_span
        self.buffers.replace(
            log_path,
            Span(
                span.start_line,
                span.start_col,
                span.start_line,
                span.start_col + len(record.operation.word),
            ),
            word,
        )

    def add_missing_fields(self, ref: PairRef, record_line: int) -> None:
        """PM010: the missing required fields, after the record's last field, as (not recorded)."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        doc = parse_log(self.text(log_path))
        record = next(r for r in doc.records if r.line == record_line)
        language = "en" if record.english else (doc.language or self.language)
        labels = FIELD_LABELS[language]
        after = max([f.value_span.end_line for f in record.fields.values()] + [record.line])
        missing = record.missing_fields
        for offset, key in enumerate(missing):
            self.buffers.insert_line(
                log_path, after + 1 + offset, f"- **{labels[key]}**: {NOT_RECORDED[language]}"
            )

    def create_log(self, ref: PairRef) -> None:
        """PM015: the log from its template."""
        log_path = self.buffers.find(ref.folder, log_file_name(ref.name))
        self.buffers.set(log_path, self.text(log_path))

    def add_to_evolve(self, pending: PurePath, proposal: Proposal, target: Entry) -> None:
        """PM041: rewrite a pending add as an evolve of the similar entry."""
        language = "zh" if any("\u4e00" <= c <= "\u9fff" for c in self.text(pending)) else "en"
        word = KIND_WRITTEN[language][ProposalKind.EVOLVE]
        body = (
            f"旧：{target.text} → 新：{proposal.text}"
            if language == "zh"
            else f"old: {target.text} → new: {proposal.text}"
        )
        anchor = f" <!-- {target.id} -->" if target.id else ""
        self.buffers.set_line(
            pending, proposal.line, f"{proposal.prefix}[{word}][{proposal.category}] {body}{anchor}"
        )

    def rename_category(self, ref: PairRef, old: str, new: str) -> None:
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        heading = doc.heading_named(old)
        if heading is None:
            raise PlanError(msg("plan.no_category", old=old, name=path.name))
        new = category_name(new)
        named = doc.heading_named(new)
        if named is not None and named is not heading:
            raise PlanError(msg("plan.category_exists", new=new))
        self.buffers.set_line(path, heading.line, f"## {new}")

    def merge_category(self, ref: PairRef, source: str, target: str) -> None:
        """Move every entry of `source` to the end of `target` and drop the `source` heading."""
        path = self.profile_path(ref)
        doc = parse_profile(self.text(path))
        heading, into = doc.heading_named(source), doc.heading_named(target)
        if heading is None or into is None or heading is into:
            raise PlanError(msg("plan.cannot_merge", source=source, target=target))
        moved = [doc.lines[e.line] for e in doc.entries if e.category == heading.name]
        following = [c.line for c in doc.categories if c.line > heading.line]
        stop = following[0] if following else doc.line_count
        self.buffers.remove_lines(path, heading.line, stop)
        for line in moved:
            self._insert_entry(ref, target, line)
