"""The fast path: records written exactly as the template writes them (nearly every record of a
log), found by one search of a range's text and read without parsing their lines; the lines
between them are parsed (`log.parse`). Such a record keeps its lines and a shared layout
(`TemplatedLines`) and makes its fields only when asked for (docs/incremental.md)."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Container, Iterator

from profile_memory.core import anchors
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.log.model import Field, Layout, Record, Section, SectionStart
from profile_memory.core.log.operation import parse_operation
from profile_memory.core.log.parse import (
    _date,
    _fields_of,
    _general_sections,
    _mark_secrets,
    _op_of,
)
from profile_memory.core.log.words import FIELD_LABELS, REQUIRED_FIELDS
from profile_memory.core.profile import malformed_tokens_in
from profile_memory.core.secrets import suspect_lines
from profile_memory.core.values import value_class

_VALUE = r"\S(?:.*\S)?"  # a value as `_canonical_field` reads it: nothing to strip


def _template_fields(language: str) -> str:
    """The fields as the template writes them in `language`: the five in order, then perhaps
    Supersedes (the groups are named after the language)."""
    labels = FIELD_LABELS[language]

    def value_line(key: str) -> str:
        value = f"(?P<op_{language}>{_VALUE})" if key == "operation" else _VALUE
        return rf"\n- \*\*{re.escape(labels[key])}\*\*: {value}"

    supersedes = value_line("supersedes")
    return "".join(map(value_line, REQUIRED_FIELDS)) + f"(?P<supersedes_{language}>{supersedes})?"


# A record written exactly as the template writes it, then blank lines up to the next heading or
# the end: nearly every record of a log, found by one search of a range's text. Its heading is one
# `_parse_heading` reads without a slip (white space after the title is harmless).
_TEMPLATED = lazy_pattern(
    r"^### \[(?P<id>PF-\d{8}-\d{2,})\] (?P<date>\d{4}-\d{2}-\d{2}) [—–-] "
    rf"(?P<title>{_VALUE})[^\S\n]*"
    f"(?:{'|'.join(map(_template_fields, FIELD_LABELS))})"
    r"(?:\n+(?=#{1,6}(?:\s|$))|\n*\Z)",  # the last value ends its line
    re.MULTILINE,
)


_TITLE_AFTER_ID = len("] 2026-04-12 — ")  # in a templated heading, from the id's end to the title


@value_class(slots=True)
class TemplatedLines:
    """The form of a record written as the template writes it (`RecordForm`): its section's lines
    (the document's own strings) and where its values stand on them; its `Field`s are made only
    when asked for, a value is read from its line without them."""

    # from its heading; replaced by equal lines of a newer text (`_take_lines`). A tuple: a record
    # holds one, and a list would cost it a second object (~3 MB of a 50,000-id log in the editor)
    lines: tuple[str, ...]
    layout: Layout

    @property
    def english(self) -> bool:
        return self.layout.english

    @property
    def keys(self) -> Container[str]:
        return self.layout.values

    def fields(self, base: SectionStart) -> dict[str, Field]:
        return _fields_of(self.lines, 0, len(self.lines), base)

    def value(self, key: str) -> str | None:
        at = self.layout.values.get(key)
        return self.lines[at[0]][at[1] :] if at else None

    def values(self, line: int) -> Iterator[tuple[int, str]]:
        lines = self.lines
        for offset, column in self.layout.values.values():
            yield line + offset, lines[offset][column:]

    def title(self, id_end: int) -> str:
        return self.lines[0][id_end + _TITLE_AFTER_ID :].rstrip()


def _layouts(language: str) -> dict[int, tuple[int, Layout]]:
    """By the last group a templated record in `language` matched (its operation, or its
    Supersedes), by number: where its operation is among the match's groups, and its layout."""
    labels = FIELD_LABELS[language]
    keys = (*REQUIRED_FIELDS, "supersedes")
    values = {key: (line, len(f"- **{labels[key]}**: ")) for line, key in enumerate(keys, 1)}
    without = {key: at for key, at in values.items() if key != "supersedes"}
    english, group = language == "en", _TEMPLATED.groupindex

    def layout(values: dict[str, tuple[int, int]]) -> Layout:
        counts = (len(values), 0) if english else (0, len(values))
        return Layout(values, english, counts)

    operation = group[f"op_{language}"] - 1  # in `match.groups()`
    return {
        group[f"op_{language}"]: (operation, layout(without)),
        group[f"supersedes_{language}"]: (operation, layout(values)),
    }


_LAYOUTS = {
    group: found for language in FIELD_LABELS for group, found in _layouts(language).items()
}


@functools.lru_cache(maxsize=16)
def _id_columns(length: int) -> tuple[int, int]:
    """Where the id of a templated heading stands (after `### [`): one tuple for every record."""
    return 5, 5 + length


def _templated_section(
    lines: list[str],
    start: int,
    stop: int,
    match: re.Match[str],
    found: tuple[int, Layout],
    only_its_id: bool,
) -> Section | None:
    """The section on lines start..stop, matched by `_TEMPLATED`, as `_parsed_section` reads it (a
    property test holds them equal); its record's fields are made only when asked for. None when
    the match holds a malformed id or date or an operation with a slip: the section is parsed.
    `found`: where its operation is among the match's groups, and its layout (`_LAYOUTS`);
    `only_its_id`: no `PF-` but its heading's id is in the match."""
    operation_at, layout = found
    groups = match.groups()
    anchor_id = sys.intern(groups[0])  # one string for each id's records and history
    operation = parse_operation(groups[operation_at])
    if anchors.problem(anchor_id) is not None or operation.slip is not None:
        return None
    try:
        day = _date(groups[1])
    except ValueError:
        return None
    base, length = SectionStart(start), stop - start
    record = Record(
        base=base,
        width=len(lines[start]),
        id=anchor_id,
        id_cols=_id_columns(len(anchor_id)),
        date=day,
        written_title=None,
        length=length,
        operation=operation,
        op=_op_of(groups[2], operation),  # the title as `Record.title` reads it
        # the document's own line strings: no text is copied
        form=TemplatedLines(tuple(lines[start:stop]), layout),
    )
    tokens = () if only_its_id else tuple(malformed_tokens_in(lines, start + 1, stop))
    english, chinese = layout.counts
    return Section(
        base=base,
        length=length,
        record=record,
        tokens=tokens,
        english=english,
        chinese=chinese,
        irregular=operation.kind is None,
    )


# Every `PF-` but the id of a heading written `### [PF-…`: what may be a malformed token.
_OTHER_PF = lazy_pattern(r"PF-(?<!^### \[PF-)", re.MULTILINE)


def _parse_sections(lines: list[str], begin: int, end: int) -> list[Section]:
    """The sections of lines `begin`..`end` (`begin`: the file's start or a heading; `end`: a
    heading or the end): the templated records found by one search of the range's text, the lines
    between them parsed."""
    text = "\n".join(lines[begin:end])
    # Where a `PF-` other than a heading's id is (rare), so that a templated record is known to
    # hold no other token without a search of its own.
    others = [found.start() for found in _OTHER_PF.finditer(text)]
    others.append(len(text))
    sections: list[Section] = []
    line, counted, parsed_to = begin, 0, begin  # the line at `counted` in the text; read so far
    size, other = len(text), 0
    for match in _TEMPLATED.finditer(text):
        at, after = match.span()
        if at != counted:  # lines no template matched: the next record usually starts right here
            line += text.count("\n", counted, at)
        last = match.lastindex or 0
        found = _LAYOUTS[last]
        # a line feed before each field, and one for each line after the last value
        stop = line + len(found[1].values) + after - match.end(last) + (after == size)
        while others[other] < at:
            other += 1
        section = _templated_section(lines, line, stop, match, found, others[other] >= after)
        if section is not None:
            if parsed_to < line:
                sections += _general_sections(lines, parsed_to, line)
            sections.append(section)
            parsed_to = stop
        line, counted = stop, after
    sections += _general_sections(lines, parsed_to, end)
    # one search of the range for what may be a secret, not one a section
    _mark_secrets(lines, sections, suspect_lines(lines, begin, end, text))
    return sections
