"""Parsing a log, fresh or from the previous parse of the same file: an edit re-reads the
sections it touched and moves those below it (docs/incremental.md)."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Generic, TypeVar

from profile_memory.core.blocks import blocks_of, marked_after_edit, marked_lines
from profile_memory.core.log.model import LogDoc, Record, RecordChange, Section
from profile_memory.core.log.parse import _is_boundary, _mark_secrets
from profile_memory.core.log.templated import TemplatedLines, _parse_sections
from profile_memory.core.profile import Token
from profile_memory.core.span import BrokenLine
from profile_memory.core.text import line_count, shared_ends, split_lines
from profile_memory.core.values import value_class

T = TypeVar("T")


_CHUNK = 512  # lines compared at once (each comparison copies the block's references)


def _collect(sections: list[Section]) -> tuple[list[Record], list[BrokenLine], list[Token]]:
    return (
        [section.record for section in sections if section.record is not None],
        [section.malformed for section in sections if section.malformed is not None],
        [token for section in sections for token in section.tokens],
    )


def _fresh(lines: list[str], count: int) -> LogDoc:
    sections = _parse_sections(lines, 0, count)
    records, malformed, tokens = _collect(sections)
    doc = LogDoc(
        lines=lines,
        sections=sections,
        records=records,
        malformed_headings=malformed,
        bad_tokens=tokens,
    )
    doc.english = sum(section.english for section in sections)
    doc.chinese = sum(section.chinese for section in sections)
    return doc


@value_class(frozen=True, slots=True)
class _Kept(Generic[T]):
    """The items of the previous parse before the re-read lines and after them."""

    before: list[T]
    after: list[T]


def _reparse(
    lines: list[str], count: int, previous: LogDoc, unchanged: tuple[int, int] | None
) -> LogDoc:
    """The new parse, re-reading only the sections the edit touched; the sections after them are
    reused, moved in place when lines were added or removed above them (so `previous` is not to be
    used again). `unchanged`: how many leading and trailing lines are known to be the same (the
    rest is compared). See docs/incremental.md."""
    old = previous.lines
    prefix, suffix = shared_ends(old, lines, unchanged or (0, 0), _CHUNK)
    moved_by, sections = len(lines) - len(old), previous.sections
    # Section indices: [first_reread, first_kept) are re-read. A section ending at a changed line is
    # re-read; so is the last one when lines change after it.
    first_reread = bisect.bisect_left(sections, min(prefix, line_count(old)), key=lambda s: s.stop)
    first_kept = bisect.bisect_left(
        sections, len(old) - suffix, lo=first_reread, key=lambda s: s.start
    )
    if first_kept == 0 and sections and not _is_boundary(old[0]):
        first_kept = 1  # the text before the first heading gains lines inserted above it: re-read
    # Line numbers in the old text: the re-read lines are [reread_from, resume_at).
    reread_from = sections[first_reread - 1].stop if first_reread else 0
    resume_at = sections[first_kept].start if first_kept < len(sections) else len(old)

    def kept(items: list[T], line_of: Callable[[T], int]) -> _Kept[T]:
        """Found before anything moves."""
        return _Kept(
            items[: bisect.bisect_left(items, reread_from, key=line_of)],
            items[bisect.bisect_left(items, resume_at, key=line_of) :],
        )

    records = kept(previous.records, lambda r: r.line)
    malformed = kept(previous.malformed_headings, lambda m: m.line)
    tokens = kept(previous.bad_tokens, lambda t: t.span.start_line)
    known = previous._irregular
    irregular = kept(known, lambda s: s.start) if known is not None else None
    tail = sections[first_kept:]
    for section in tail if moved_by else ():
        section.move(moved_by)
    # Lines found equal beyond those known to be the very same objects may be other strings of the
    # same text (a file read again, a whole text sent by the editor): the records kept there take
    # the new ones, so the previous text is freed, not held twice.
    same_start, same_end = unchanged or (0, 0)
    first_unknown = bisect.bisect_right(sections, same_start, hi=first_reread, key=lambda s: s.stop)
    tail_unknown = bisect.bisect_left(tail, len(lines) - same_end, key=lambda s: s.start)
    _take_lines(lines, [*sections[first_unknown:first_reread], *tail[:tail_unknown]])
    reread_to = resume_at + moved_by if first_kept < len(sections) else count  # in the new text
    middle = _parse_sections(lines, reread_from, reread_to)
    new_records, new_malformed, new_tokens = _collect(middle)
    if moved_by:  # what carries its own line number was made again by `move`
        malformed = _Kept(malformed.before, [s.malformed for s in tail if s.malformed])
        tokens = _Kept(tokens.before, [token for s in tail for token in s.tokens])
    doc = LogDoc(
        lines=lines,
        sections=[*sections[:first_reread], *middle, *tail],
        records=[*records.before, *new_records, *records.after],
        malformed_headings=[*malformed.before, *new_malformed, *malformed.after],
        bad_tokens=[*tokens.before, *new_tokens, *tokens.after],
    )
    if irregular is not None:
        again = [section for section in middle if section.irregular]
        doc._irregular = [*irregular.before, *again, *irregular.after]
    dropped = sections[first_reread:first_kept]
    doc.english = (
        previous.english - sum(s.english for s in dropped) + sum(s.english for s in middle)
    )
    doc.chinese = (
        previous.chinese - sum(s.chinese for s in dropped) + sum(s.chinese for s in middle)
    )
    first = len(records.before)
    doc.changed = RecordChange(previous.stamp, first, first + len(new_records))
    return doc


def _take_lines(lines: list[str], sections: list[Section]) -> None:
    """The kept records read by the template hold these `lines` (in their new places) rather than
    the previous text's: that text is freed, not held twice."""
    for section in sections:
        form = section.record.form if section.record is not None else None
        if isinstance(form, TemplatedLines):
            form.lines = tuple(lines[section.start : section.stop])


def parse_log(text: str, previous: LogDoc | None = None) -> LogDoc:
    return parse_log_lines(split_lines(text), previous)


def parse_log_lines(
    lines: list[str], previous: LogDoc | None = None, unchanged: tuple[int, int] | None = None
) -> LogDoc:
    """Parse a log from its lines. With the `previous` parse of the same file, the sections an edit
    did not touch are reused, so typing in one record re-parses that record only. `previous` is used
    up: the sections below the edit move with it. `unchanged`, when known (an editor knows what
    it edited): how many of the first and of the last lines are the same as in `previous`."""
    count = line_count(lines)
    marked = (
        marked_after_edit(lines, previous.marked, len(previous.lines), unchanged)
        if previous is not None and unchanged is not None
        else marked_lines(lines)
    )
    hidden = blocks_of(lines, marked)
    if not hidden:
        if previous is None or previous.hidden:
            doc = _fresh(lines, count)
        else:
            doc = _reparse(lines, count, previous, unchanged)
        doc.marked = marked
        return doc
    # The lines in code blocks and comments are read as blank: nothing in them counts. While the
    # blocks stay where they were, the parse is made from the previous one as any other (an edit
    # inside a block changes nothing read); a block opened, closed or moved re-reads the file.
    shown = list(lines)
    for index in hidden:
        shown[index] = ""
    if previous is not None and previous.hidden == hidden:
        previous.lines = previous.shown or previous.lines  # what that parse read
        doc = _reparse(shown, count, previous, unchanged)
    else:
        doc = _fresh(shown, count)
    doc.lines, doc.hidden, doc.shown, doc.marked = lines, hidden, shown, marked
    _mark_secrets(lines, doc.sections, sorted(hidden))  # a secret in an example still leaks
    doc._irregular = None  # that may have made more sections irregular
    return doc
