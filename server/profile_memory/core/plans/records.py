"""How a write is written: entry and record texts as the person wrote them, record titles cut at a
word or character boundary, a record's lines (docs/format.md, "Profile log")."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

from profile_memory.core.log import (
    DELETED_TITLE_MARKS,
    FIELD_LABELS,
    NOT_RECORDED,
)
from profile_memory.core.secrets import masked
from profile_memory.core.text import (
    HTML_COMMENT,
    LINE_BREAK,
    one_line,
    tidied,
)


def as_written(text: str) -> str:
    """A 精简版 or entry text copied into a record or an entry: byte for byte as the person wrote it
    (never NFKC), only folded to one line and without an HTML comment (an entry's anchor is its
    only comment)."""
    return one_line(HTML_COMMENT.sub(" ", text)) if "<!--" in text else one_line(text)


def short_title(text: str, limit: int = 20) -> str:
    """A record title from an entry's text: the text as written (never NFKC: its `，` stays), on one
    line, cut when longer than `limit` at a word or character boundary with `…`; never ending in a
    deleted mark (which would make the record a delete), and never holding a secret or a cut-off
    piece of one."""
    title = tidied(masked(text))
    while title.endswith(DELETED_TITLE_MARKS):
        title = title[: -len(next(m for m in DELETED_TITLE_MARKS if title.endswith(m)))].rstrip()
    title = title.rstrip("。.，,；;！!") or title or "—"
    return title if len(title) <= limit else _cut(title, limit - 1) + "…"


_OPENERS = {"`": "`", "（": "）", "(": ")", "【": "】", "[": "]", "{": "}", "「": "」", "『": "』"}
_OPENERS |= {"《": "》", "“": "”", "‘": "’", '"': '"'}
_MARKER = re.compile(r"<redacted:[^<>\s]*>")
_JOINERS = ("\u200d", "\ufe0e", "\ufe0f")  # ZWJ and variation selectors: inside one emoji


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _in_word(char: str) -> bool:
    """A character of a run that reads as one word (Latin letters, digits): CJK characters and
    emoji are each a word of their own."""
    return (char.isalnum() or char in "_'’") and not _is_wide(char)


def _boundary(text: str, at: int) -> bool:
    """Whether `text` may be cut before position `at`: not inside a word, an emoji sequence or a
    character and its marks."""
    before, after = text[at - 1], text[at]
    if after in _JOINERS or before == "\u200d" or unicodedata.combining(after):
        return False
    if "\U0001f3fb" <= after <= "\U0001f3ff":  # a skin tone belongs to the emoji before it
        return False
    return not (_in_word(before) and _in_word(after))


def _unclosed(head: str) -> int | None:
    """Where the first quote or bracket left open in `head` stands (a cut must not leave one)."""
    waiting: list[tuple[str, int]] = []
    for at, char in enumerate(head):
        if waiting and char == waiting[-1][0]:
            waiting.pop()
        elif char in _OPENERS:
            waiting.append((_OPENERS[char], at))
    return waiting[0][1] if waiting else None


def _cut(text: str, width: int) -> str:
    """The longest start of `text` of at most `width` characters ending at a word or character
    boundary, without an open quote or bracket or trailing spaces and punctuation (one word longer
    than `width` is cut at `width`)."""
    at = width
    marker = next((m for m in _MARKER.finditer(text) if m.start() < at < m.end()), None)
    if marker is not None:  # a secret's `<redacted:KIND>` is kept whole: it says what was there
        at = marker.end()
    while at > 0 and at < len(text) and not _boundary(text, at):
        at -= 1
    head = text[:at]
    unclosed = _unclosed(head)
    if unclosed is not None:
        head = head[:unclosed]
    head = head.rstrip()
    while head and unicodedata.category(head[-1]) in ("Po", "Pd", "Ps", "Pi"):
        head = head[:-1].rstrip()
    return head or text[: max(width, at)]


def field_value(key: str, value: str) -> str:
    """A field's value as a record holds it: the context keeps its lines (a person's words often
    have several), trimmed and without blank ones; every other field is one line. A value can never
    make a line of structure (a heading, another field): see `render_record`."""
    if key == "context":
        return "\n".join(line.strip() for line in LINE_BREAK.split(value) if line.strip())
    return one_line(value)


def render_record(
    anchor_id: str, day: dt.date, title: str, fields: dict[str, str | None], language: str
) -> list[str]:
    """The record's lines; a value's further lines are indented, so the log reads them back as that
    value."""
    labels = FIELD_LABELS[language]
    lines = [f"### [{anchor_id}] {day:%Y-%m-%d} — {one_line(title)}"]
    for key, value in fields.items():
        first, *more = (field_value(key, value) if value else "").split("\n")
        lines.append(f"- **{labels[key]}**: {first or NOT_RECORDED[language]}")
        lines += [f"  {line}" for line in more]
    return lines
