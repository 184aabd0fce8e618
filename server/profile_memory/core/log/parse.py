"""Reading a log line by line: record headings in every form agents write them, fields canonical
or not (each slip noted), and the sections of a range of lines. The templated fast path
(`log.templated`) reads what it can without this, and is held equal to it by property tests."""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
import sys
from collections.abc import Sequence

from profile_memory.core import anchors
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.log.model import Field, ParsedFields, Record, Section, SectionStart
from profile_memory.core.log.operation import Operation, parse_operation
from profile_memory.core.log.words import (
    _CANONICAL,
    _KNOWN_KEYS,
    _LABELS,
    _REPEATED,
    DELETED_TITLE_MARKS,
    FIELD_KEYS,
    FIELD_LABELS,
    KEY_SYNONYMS,
    TRADITIONAL_KEYS,
    Op,
)
from profile_memory.core.messages import Text, joined, msg
from profile_memory.core.profile import malformed_tokens_in
from profile_memory.core.secrets import find_secrets
from profile_memory.core.slips import NON_CANONICAL, WRONG_HEADING, Slip, quoted
from profile_memory.core.span import BrokenLine

_ANY_HEADING = lazy_pattern(r"#{1,6}(?:\s|$)")


_FIELD = lazy_pattern(
    r"(?P<bullet>[-*])\s+\*\*\s*(?P<key>[^*:：]+?)\s*(?P<c1>[:：])?\s*\*\*"
    r"\s*(?P<c2>[:：])?\s?(?P<value>.*)"
)


_PLAIN_FIELD = lazy_pattern(
    r"(?P<bullet>[-*])\s+(?P<key>[^*:：\s][^*:：]*?)\s*[:：]\s?(?P<value>.*)"
)


_HEADING_DATE = lazy_pattern(
    r"(?P<y>\d{4})(?P<s1>[-/.年])(?P<m>\d{1,2})(?P<s2>[-/.月])(?P<d>\d{1,2})日?"
)


_SEPARATOR = lazy_pattern(r"(?P<before>\s*)(?P<mark>——|—|–|--|-|:|：|\||·)(?P<after>\s*)")


_LEGAL_SEPARATORS = ("—", "–", "-")


_CANONICAL_HEADING = lazy_pattern(
    r"### \[(PF-\d{8}-\d{2,})\] (\d{4}-\d{2}-\d{2}) [—–-] (\S(?:.*\S)?)"
)


_DATE = lazy_pattern(r"\d{4}-\d{2}-\d{2}")


@functools.lru_cache(maxsize=1024)  # records of one day share their date
def _date(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _heading_id(line: str, level: int) -> tuple[str, int, int, str, bool] | str | None:
    """The id of a record heading as written (`[ID]`, `【ID】` or a bare `ID`): the token, its
    columns, the rest of the line and whether it is in square brackets; a reason when a `###`
    heading has none; None when a heading of another level is no record heading."""
    rest = line[level:]
    at = level + len(rest) - len(rest.lstrip())
    rest = rest.strip()
    closing = {"[": "]", "【": "】"}.get(rest[:1])
    if closing is not None and closing in rest:
        close = rest.index(closing)
        inner = rest[1:close]
        start = at + 1 + len(inner) - len(inner.lstrip())
        token = inner.strip()
        if anchors.TOKEN.fullmatch(token):
            return token, start, start + len(token), rest[close + 1 :], closing == "]"
        return msg("heading.not_an_id", written=f"`{rest[: close + 1]}`") if level == 3 else None
    bare = anchors.TOKEN.match(rest)
    if bare is not None:
        return bare.group(0), at, at + bare.end(), rest[bare.end() :], False
    return msg("heading.expected") if level == 3 else None


def _second_id(after: str) -> str | None:
    """The id of a second `[ID]` right after a heading's first (`### [A][B] …`)."""
    rest = after.lstrip()
    if not rest.startswith("[") or "]" not in rest:
        return None
    inner = rest[1 : rest.index("]")]
    return inner if anchors.TOKEN.fullmatch(inner) else None


def _heading_date(after: str) -> tuple[dt.date | None, str, list[Text]]:
    """The date after the id, the rest of the line, and what is wrong with the date."""
    match = _HEADING_DATE.match(after.lstrip())
    if match is None:
        return None, after, [msg("heading.no_date")]
    text = match.group(0)
    tail = after.lstrip()[len(text) :]
    try:
        date = _date(f"{match.group('y')}-{int(match.group('m')):02d}-{int(match.group('d')):02d}")
    except ValueError:
        return None, tail, [msg("anchor.not_a_date", date=text)]
    if _DATE.fullmatch(text):
        return date, tail, []
    return date, tail, [msg("heading.date_form", written=text, date=f"{date:%Y-%m-%d}")]


def _heading_title(tail: str) -> tuple[str, str, list[Text]]:
    """The title after the date, the separator to keep (a legal one as written, else ` — `), and
    what is wrong."""
    separator = _SEPARATOR.match(tail)
    title = (tail[separator.end() :] if separator else tail).strip()
    if not title:
        return "", "—", [msg("heading.no_title")]
    if separator is None:
        return title, "—", [msg("heading.no_separator")]
    mark = separator.group("mark")
    if mark not in _LEGAL_SEPARATORS:
        return title, "—", [msg("heading.separator", mark=mark)]
    return title, mark, []


def _plain_heading(base: SectionStart, line: str) -> Record | None:
    """Most headings: the canonical form with a well-formed id and a real date, nothing to look
    into; None for any other."""
    plain = _CANONICAL_HEADING.fullmatch(line)
    if plain is None or not anchors.is_valid(plain.group(1)):
        return None
    try:
        day = _date(plain.group(2))
    except ValueError:
        return None
    return Record(
        base=base,
        width=len(line),
        id=plain.group(1),
        id_cols=plain.span(1),
        date=day,
        written_title=plain.group(3),
    )


def _parse_heading(base: SectionStart, line: str) -> Record | BrokenLine | None:
    """A record heading, read as far as its id can be read: at another level than `###`, without
    brackets, with another separator or date form, it is a record all the same, with one slip
    (PM016; PM018 for spacing)."""
    plain = _plain_heading(base, line)
    if plain is not None:
        return plain
    level = len(line) - len(line.lstrip("#"))
    found = _heading_id(line, level)
    if found is None:
        return None
    if isinstance(found, str):
        return BrokenLine(
            base.line, msg("heading.found", reason=found, line=quoted(line.strip(), 60))
        )
    token, id_start, id_end, after, bracketed = found
    second = _second_id(after) if bracketed else None
    if second is not None:  # `[A][B]`: read as the first, as the heading's form says; no rewrite
        after = after.lstrip()[len(second) + 2 :]
    date, tail, wrong = _heading_date(after)
    if second is not None:
        wrong = [msg("heading.two_ids", first=token, second=second), *wrong]
    title, mark, title_wrong = _heading_title(tail)
    if level != 3:
        wrong.insert(0, msg("heading.level", level=level, hashes="#" * level))
    if not bracketed:
        wrong.append(msg("heading.no_brackets"))
    if date is not None or not title:  # without a date, what follows the id is the title
        wrong += title_wrong
    anchor_id = token if anchors.is_valid(token) else anchors.repaired(token)
    written, canonical = (
        (
            f"### [{token}] {date:%Y-%m-%d} {mark} {title}",
            f"### [{anchor_id or token}] {date:%Y-%m-%d} {mark} {title}",
        )
        if date and title and second is None
        else (None, None)
    )
    record = Record(
        base=base,
        width=len(line),
        id=anchor_id,
        id_cols=(id_start, id_end),
        date=date,
        written_title=title,
    )
    record.slips = _heading_slips(line, wrong, written, canonical)
    return record


def _heading_slips(
    line: str, wrong: list[Text], written: str | None, canonical: str | None
) -> tuple[Slip, ...]:
    """The one slip of a record heading read in another form: what is wrong in it (PM016), else
    its spacing (PM018); none when it is written canonically."""
    # without a date or a title no rewrite is certain: the record is indexed, the slip has no fix
    if wrong:
        reason = msg("heading.wrong_form", wrong=joined(wrong))
        return (Slip(WRONG_HEADING, 0, 0, len(line), reason, canonical),)
    # trailing white space is invisible and harmless: not a slip; an id written `PF-…-001` is its
    # own slip (PM004, whose fix rewrites it), not one of spacing
    if line.rstrip() != written:
        reason = msg("heading.spaces", canonical=quoted(canonical or "", 60))
        return (Slip(NON_CANONICAL, 0, 0, len(line), reason, canonical),)
    return ()


def _field_key(label: str) -> tuple[str, str | None]:
    """The canonical key of a field label, and the label to write when the one used is another
    word."""
    folded = label.casefold()
    if folded in FIELD_KEYS:
        return FIELD_KEYS[folded], None
    key = KEY_SYNONYMS.get(folded)
    if key is None:
        return label, None
    return key, FIELD_LABELS["en" if label.isascii() else "zh"][key]


def _canonical_field(base: SectionStart, offset: int, line: str) -> Field | None:
    """A field in the canonical form `- **分类**: value` (nearly every line of a log), read
    without a regex: the same Field `_written_field` reads (a property test holds them equal);
    None for any other form."""
    close = line.find("**: ", 4)
    known = _CANONICAL.get(line[4:close]) if close > 0 and line.startswith("- **") else None
    if known is None:
        return None
    key, label, english, repeated = known
    start = close + 4
    value = line[start:]
    if value[:1].isspace() or value[-1:].isspace():  # `isspace` is what `strip` strips
        stripped = value.strip()
        start += len(value) - len(value.lstrip())
        value = stripped
    return _one_line_field(base, offset, key, label, value, start, english, repeated)


def _written_field(base: SectionStart, offset: int, line: str) -> Field | None:
    """A field as it is written, canonical or not (its slip noted)."""
    match = _FIELD.fullmatch(line)
    slip = None
    if match is not None and (match.group("c1") or match.group("c2")):
        label = match.group("key")
        label = _LABELS.get(label, label)  # one string per spelling, not one per record
        key = FIELD_KEYS.get(label.casefold())
        if key is None or line[0] != "-":  # the canonical form (most lines) needs no more checks
            key, better = _field_key(label)
            slip = _field_slip(match, True, label, better)
    else:
        match = _PLAIN_FIELD.fullmatch(line)
        if match is None:
            return None
        label = match.group("key")
        key, better = _field_key(label)
        if key not in _KNOWN_KEYS:
            return None
        slip = _field_slip(match, False, label, better)
    value = match.group("value")
    start = match.start("value") + len(value) - len(value.lstrip())
    english, repeated = label.isascii(), key in _REPEATED
    return _one_line_field(base, offset, key, label, value.strip(), start, english, repeated, slip)


def _one_line_field(
    base: SectionStart,
    offset: int,
    key: str,
    label: str,
    value: str,
    start: int,
    english: bool,
    repeated: bool,
    slip: str | None = None,
) -> Field:
    """A field as read from its own line, its value from column `start` (interned when the same
    value recurs in many records); continuation lines extend it later."""
    if repeated:
        value = sys.intern(value)
    return Field(
        key=key,
        label=label,
        value=value,
        base=base,
        offset=offset,
        start_col=start,
        end_offset=offset,
        end_col=start + len(value),
        english=english,
        slip=slip,
    )


def _field_slip(match: re.Match[str], bold: bool, label: str, better: str | None) -> str | None:
    """What is not canonical in how a field's key is written (the value is never touched)."""
    slips = []
    if not bold:
        slips.append(msg("field.not_bold"))
    if better is not None and label in TRADITIONAL_KEYS:
        slips.append(msg("field.traditional", label=label, better=better))
    elif better is not None:
        slips.append(msg("field.key_word", better=better))
    if match.group("bullet") != "-":
        slips.append(msg("field.bullet", bullet=match.group("bullet")))
    return joined(slips) if slips else None


def _continue_field(found: Field, offset: int, line: str) -> Field:
    text = line.strip()
    value = f"{found.value}\n{text}" if found.value else text
    return Field(
        key=found.key,
        label=found.label,
        value=value,
        base=found.base,
        offset=found.offset,
        start_col=found.start_col,
        end_offset=offset,
        end_col=len(line.rstrip()),
        english=found.english,
        slip=found.slip,
    )


def _record_slips(record: Record, lines: list[str]) -> tuple[Slip, ...]:
    """The heading's slip, then one for each field whose key or (for the operation) wording is not
    canonical. The value of a field is never rewritten, only its key and the operation's form."""
    slips = list(record.slips)
    for found in record.fields.values():
        operation = record.operation if found.key == "operation" and record.operation else None
        if found.slip is None and (operation is None or operation.slip is None):
            continue
        line = lines[found.line]
        labels = FIELD_LABELS["en" if found.english else "zh"]
        label = labels.get(found.key, found.label)
        what = (
            [msg("field.slip", label=found.label, slip=found.slip, canonical=label)]
            if found.slip
            else []
        )
        if operation is not None and operation.slip:
            what.append(msg("field.operation", value=quoted(found.value), slip=operation.slip))
        prefix = f"- **{label}**: " if found.slip else line[: found.start_col]
        value: str | None = line[found.start_col :]
        if operation is not None and operation.slip:
            value = (
                operation.canonical
                if operation.canonical and found.end_offset == found.offset
                else None
            )
        canonical = (prefix + value).rstrip() if value is not None else None
        slips.append(Slip(NON_CANONICAL, found.offset, 0, len(line), joined(what), canonical))
    return tuple(slips)


def _fields_of(lines: Sequence[str], start: int, stop: int, base: SectionStart) -> dict[str, Field]:
    """The fields of the record whose heading is line `start`, up to `stop`: the first of each
    key, a value continued on lines indented by two spaces."""
    fields: dict[str, Field] = {}
    current = None
    for offset, line in enumerate(lines[start + 1 : stop], 1):
        first = line[:1]
        if current is not None:
            if first == " " and line.startswith("  ") and line.strip():
                current = _continue_field(current, offset, line)
                continue
            fields.setdefault(current.key, current)
            current = None
        if first == "-" or first == "*":
            current = _canonical_field(base, offset, line) or _written_field(base, offset, line)
    if current is not None:
        fields.setdefault(current.key, current)
    return fields


def _parse_record(lines: list[str], base: SectionStart, stop: int) -> Record | BrokenLine | None:
    """One section that opens with a heading: its record heading and, when the id could be read, its
    fields up to `stop`. None for a heading that is no record heading (and not `###`)."""
    start = base.line
    record = _parse_heading(base, lines[start])
    if not isinstance(record, Record):
        return record
    fields = _fields_of(lines, start, stop, base)
    record.form = ParsedFields(fields)
    record.length = stop - start
    operation = fields.get("operation")
    record.operation = parse_operation(operation.value) if operation else None
    record.op = _op_of(record.title, record.operation)
    record.slips = _record_slips(record, lines)
    return record


def _op_of(title: str, operation: Operation | None) -> Op | None:
    """A record's kind of operation: its 操作's, or a delete when its title is marked deleted."""
    if title.endswith(DELETED_TITLE_MARKS):
        return Op.DELETE
    return operation.kind if operation else None


def _is_boundary(line: str) -> bool:
    return line[:1] == "#" and _ANY_HEADING.match(line) is not None


def _mark_secrets(lines: list[str], sections: list[Section], suspects: list[int]) -> None:
    """The sections holding a secret are irregular (their PM060 is checked); `suspects`: the lines
    that may hold one, in order (none in nearly every log)."""
    for line in suspects:
        if find_secrets(lines[line]):
            holder = bisect.bisect_right(sections, line, key=lambda s: s.start) - 1
            sections[holder].irregular = True


def _parsed_section(lines: list[str], start: int, stop: int) -> Section:
    """The section on lines start..stop, read line by line."""
    heading, base = lines[start], SectionStart(start)
    parsed = _parse_record(lines, base, stop) if _is_boundary(heading) else None
    plain = (  # a heading that holds its well-formed id, written as it is, and nothing like another
        isinstance(parsed, Record)
        and parsed.id is not None
        and parsed.id_cols is not None
        and heading[parsed.id_cols[0] : parsed.id_cols[1]] == parsed.id
        and heading.count("PF-") == 1
    )
    tokens = tuple(malformed_tokens_in(lines, start + plain, stop))
    if parsed is None:
        return Section(base=base, length=stop - start, tokens=tokens)
    if not isinstance(parsed, Record):
        return Section(
            base=base, length=stop - start, malformed=parsed, tokens=tokens, irregular=True
        )
    english = sum([found.english for found in parsed.fields.values()])
    irregular = bool(parsed.slips) or (
        parsed.id is not None and bool(parsed.missing_fields or parsed.unknown_operation)
    )
    return Section(
        base=base,
        length=stop - start,
        record=parsed,
        tokens=tokens,
        english=english,
        chinese=len(parsed.fields) - english,
        irregular=irregular,
    )


def _general_sections(lines: list[str], begin: int, end: int) -> list[Section]:
    """The sections of lines `begin`..`end`, each parsed line by line."""
    heading = _ANY_HEADING.match  # inline: this comprehension may visit every line of a log
    boundaries = [
        i
        for i, line in enumerate(lines[begin + 1 : end], begin + 1)
        if line[:1] == "#" and heading(line)
    ]
    return [
        _parsed_section(lines, start, stop)
        for start, stop in zip([begin, *boundaries], [*boundaries, end], strict=True)
        if stop > start
    ]
