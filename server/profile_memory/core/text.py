"""Text as the LSP sees it: decoding raw bytes, lines split on \\n, \\r\\n and \\r only, normalised
entry text.

`str.splitlines` is never used: it also breaks on U+2028, U+2029, U+0085, form feed and vertical
tab, which occur inside journal text and which no LSP client treats as line ends.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence, Sized
from functools import lru_cache
from itertools import accumulate, repeat
from operator import add
from typing import Any, AnyStr, NamedTuple

from profile_memory.core.lazy import pattern as lazy_pattern

LINE_BREAK = lazy_pattern(r"\r\n|\r|\n")
UTF8_BOM = b"\xef\xbb\xbf"
# What a line of conflict markers a merge left starts with (core/merge.py reads the blocks).
MARKER_STARTS = ("<<<<<<<", ">>>>>>>")
CONFLICT_MARKS = ("<<<<<<<", "=======", ">>>>>>>")  # a text without any has no conflict block
HTML_COMMENT = lazy_pattern(r"<!--.*?-->")
_WARNING_SIGNS = lazy_pattern("\u26a0\ufe0f?")


def split_lines(text: str) -> list[str]:
    """Lines without their terminators. A final line break leaves an empty last element."""
    if "\r" not in text:  # most files: `str.split` is several times faster than the regex
        return text.split("\n")
    return LINE_BREAK.split(text)


_LINE_WITH_END = lazy_pattern(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_keep_ends(text: str) -> list[str]:
    """Lines with their terminators; the last element has none (it may be empty)."""
    lines = _LINE_WITH_END.findall(text)
    if not lines or lines[-1].endswith(("\n", "\r")):
        lines.append("")
    return lines


def line_starts(text: str) -> list[int]:
    """The offset at which each LSP line starts."""
    return [0, *(match.end() for match in LINE_BREAK.finditer(text))]


def line_ends(lines: Iterable[Sized]) -> list[int]:
    """Where each line ends in the lines joined by one-character breaks (the next one's start),
    computed at C speed: with `lines_holding`, a line's number from an offset."""
    return list(accumulate(map(add, map(len, lines), repeat(1))))


_LINE_FEED: dict[type, Any] = {str: "\n", bytes: b"\n"}


def lines_holding(
    text: AnyStr, needles: Iterable[AnyStr], ends: list[int] | None = None
) -> set[int]:
    """The 0-based lines of `text` (lines joined by line feeds) on which any of `needles` occurs:
    C-level searches over the whole text, each resumed on the line after a find. With the text's
    `line_ends`, a line's number is one bisection; without them the text is never split, and the
    line feeds before the lines found are counted once."""
    if ends is not None:
        return _lines_holding_by_ends(text, needles, ends)
    feed, starts = _LINE_FEED[type(text)], set()
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            starts.add(text.rfind(feed, 0, at) + 1)
            end = text.find(feed, at)
            at = text.find(needle, end) if end >= 0 else -1
    found, line, counted = set(), 0, 0
    for start in sorted(starts):
        line += text.count(feed, counted, start)
        counted = start
        found.add(line)
    return found


def _lines_holding_by_ends(text: AnyStr, needles: Iterable[AnyStr], ends: list[int]) -> set[int]:
    """`lines_holding` with the text's line ends: a find's line is one bisection, and the next
    find starts on the next line (a search with a hit on every few lines makes one call per hit)."""
    found: set[int] = set()
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            line = bisect_right(ends, at)
            found.add(line)
            at = text.find(needle, ends[line])  # on from the next line
    return found


_BLOCK = 1 << 16  # code points compared at once


def shared_ends(
    a: Sequence[str], b: Sequence[str], known: tuple[int, int] = (0, 0), block: int = _BLOCK
) -> tuple[int, int]:
    """How many leading and how many trailing items two texts (code points) or two line lists
    (lines: unchanged ones are the very same objects, compared by identity first) share, the two
    counts never overlapping. Compared a block at a time at C speed, then narrowed inside the first
    block that differs (a few copies of one block, never of the whole). `known`: counts already
    known to be shared (an editor knows what it edited), where the comparisons start."""
    prefix = _shared_prefix(a, b, known[0], block)
    return prefix, _shared_suffix(a, b, min(len(a), len(b)) - prefix, known[1], block)


def _shared_prefix(a: Sequence[str], b: Sequence[str], at: int, block: int) -> int:
    limit = min(len(a), len(b))
    at = min(at, limit)
    while at + block <= limit and a[at : at + block] == b[at : at + block]:
        at += block
    low, high = at, min(at + block, limit)
    while low < high:
        middle = (low + high + 1) // 2
        if a[at:middle] == b[at:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _shared_suffix(a: Sequence[str], b: Sequence[str], limit: int, at: int, block: int) -> int:
    end_a, end_b, at = len(a), len(b), min(at, limit)
    while (
        at + block <= limit
        and a[end_a - at - block : end_a - at] == b[end_b - at - block : end_b - at]
    ):
        at += block
    low, high = at, min(at + block, limit)
    while low < high:
        middle = (low + high + 1) // 2
        if a[end_a - middle : end_a - at] == b[end_b - middle : end_b - at]:
            low = middle
        else:
            high = middle - 1
    return low


def line_count(lines: list[str]) -> int:
    """The number of lines of a file: a final newline adds none, an empty file has none."""
    if lines and lines[-1] == "":
        return len(lines) - 1
    return len(lines)


def last_text_line(lines: list[str], start: int, stop: int) -> int:
    """The last line before `stop` (and after `start`) that is not blank: where a block visibly
    ends."""
    last = stop - 1
    while last > start and not lines[last].strip():
        last -= 1
    return last


def dominant_line_ending(text: str) -> str:
    """The line ending a writer should use to stay consistent with the file (LF when it has
    none)."""
    match = LINE_BREAK.search(text)
    return match.group(0) if match else "\n"


def position_of(text: str, offset: int) -> tuple[int, int]:
    """The (line, column) of a code-point offset by LSP line rules, found by counting: no list of
    line starts is built, so a plan's edit on a large log costs no more than a scan of it."""
    end = (
        offset - 1
        if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n"
        else offset
    )
    if "\r" not in text:
        return text.count("\n", 0, end), offset - text.rfind("\n", 0, end) - 1
    line = text.count("\n", 0, end) + text.count("\r", 0, end) - text.count("\r\n", 0, end)
    return line, offset - max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) - 1


class Decoded:
    """Text decoded from a file, with what decoding noticed. A file's bytes are decoded only when
    something asks for the text: a write that appends to a large log asks only where it ends, and
    its sketch searches the bytes (issue #25: a write's memory is the log's bytes, not a copy of it
    beside them). An editor buffer's text may come as a function that joins it: it is joined only
    if something asks for the whole text (most checks read lines)."""

    __slots__ = ("_end", "_text", "_join", "_raw", "_invalid", "bom", "raw_size", "truncated")

    def __init__(
        self,
        text: str | bytes | Callable[[], str],
        bom: bool = False,
        invalid_utf8_at: tuple[int, int] | None = None,
        raw_size: int | None = None,
        truncated: bool = False,
    ) -> None:
        self._text: str | None = text if isinstance(text, str) else None
        self._raw: bytes | None = text if isinstance(text, bytes) else None  # UTF-8, no BOM
        self._join: Callable[[], str] | None = text if callable(text) else None
        # (line, column) of the first undecodable byte; `_NOT_YET` until bytes held are checked
        self._invalid: tuple[int, int] | None | object = (
            _NOT_YET if self._raw is not None else invalid_utf8_at
        )
        self._end: tuple[int, int] | None = None
        self.bom = bom
        # bytes; None for text that came decoded (an editor buffer): measured when asked
        self.raw_size = raw_size
        self.truncated = truncated  # only the first `max_bytes` (cut at a line break) were decoded

    @property
    def text(self) -> str:
        if self._text is None:
            raw, join = self._raw, self._join
            if raw is not None:
                self._text = self._decoded(raw)
            elif join is not None:
                self._text = join()
            self._raw = self._join = None
        return self._text or ""

    def _decoded(self, raw: bytes) -> str:
        try:
            text = raw.decode("utf-8")
            self._invalid = None
        except UnicodeDecodeError as error:
            self._invalid = _position_of_byte(raw, error.start)
            text = raw.decode("utf-8", errors="replace")
        return text

    @property
    def invalid_utf8_at(self) -> tuple[int, int] | None:
        """The (line, column) of the first byte that is not UTF-8; None when all are."""
        if self._invalid is _NOT_YET:
            raw = self._raw
            if raw is not None:  # else decoded meanwhile, which noted it
                at = _first_undecodable(raw)
                self._invalid = None if at is None else _position_of_byte(raw, at)
        return self._invalid  # type: ignore[return-value]

    @property
    def undecoded(self) -> bytes | None:
        """The file's bytes (its BOM dropped) while its text has not been decoded; else None."""
        return self._raw

    @property
    def size(self) -> int:
        """The size in bytes (UTF-8)."""
        if self.raw_size is None:
            return len(self.text.encode("utf-8", errors="surrogatepass"))
        return self.raw_size

    def line_ending(self) -> str:
        """The text's first line break (`dominant_line_ending`), found in its bytes if not
        decoded."""
        raw = self._raw
        if raw is None:
            return dominant_line_ending(self.text)
        breaks = [at for at in (raw.find(b"\n"), raw.find(b"\r")) if at >= 0]
        if not breaks:
            return "\n"
        first = min(breaks)
        return "\r\n" if raw[first : first + 2] == b"\r\n" else chr(raw[first])

    def last_chars(self, count: int) -> str:
        """The text's last `count` characters, decoded from as few bytes as hold them."""
        if count <= 0:
            return ""
        raw = self._raw
        if raw is None:
            return self.text[-count:]
        # a character is at most 4 bytes, and a cut one becomes one U+FFFD at the front
        return raw[-4 * count - 4 :].decode("utf-8", errors="replace")[-count:]

    def end(self) -> tuple[int, int]:
        """Where the text ends: its last line and the length of that line, in code points (by
        the LSP's line rules), counted in its bytes if not decoded."""
        if self._end is None:
            self._end = self._counted_end()
        return self._end

    def _counted_end(self) -> tuple[int, int]:
        raw = self._raw
        if raw is not None and b"\r" not in raw:
            last = raw.rfind(b"\n") + 1
            return raw.count(b"\n"), len(raw[last:].decode("utf-8", errors="replace"))
        text = self.text
        return position_of(text, len(text))


_NOT_YET = object()
_CHECKED_AT_ONCE = 1 << 20  # bytes decoded at a time to find an undecodable one


def _first_undecodable(raw: bytes) -> int | None:
    """The offset of the first byte that is not UTF-8, found by decoding a megabyte at a time
    (cut after a line break, never inside a character), keeping none of it."""
    at = 0
    while at < len(raw):
        cut = raw.find(b"\n", at + _CHECKED_AT_ONCE)
        end = len(raw) if cut < 0 else cut + 1
        try:
            raw[at:end].decode("utf-8")
        except UnicodeDecodeError as error:
            return at + error.start
        at = end
    return None


def _position_of_byte(raw: bytes, offset: int) -> tuple[int, int]:
    prefix = raw[:offset].decode("utf-8", errors="replace")
    lines = split_lines(prefix)
    return len(lines) - 1, len(lines[-1])


class LazyText(NamedTuple):
    """An editor buffer's text, joined only when something asks for the whole text (most checks
    read lines), and its length in code points, known without joining it."""

    join: Callable[[], str]
    length: int


def decode(raw: bytes | str | LazyText, max_bytes: int | None = None) -> Decoded:
    """File content as UTF-8 text, never raising: a BOM is dropped, bad bytes become U+FFFD (the
    bytes are decoded when the text is first asked for).

    Content over `max_bytes` is cut at the last line break inside the bound. A `LazyText` is joined
    only when needed: when it may be over the bound.
    """
    if isinstance(raw, LazyText):
        if max_bytes is None or raw.length * 4 <= max_bytes:
            return Decoded(raw.join)
        raw = raw.join()
    if isinstance(raw, str):
        if max_bytes is None or len(raw) * 4 <= max_bytes:
            return Decoded(raw)
        raw = raw.encode("utf-8", errors="surrogatepass")
    size = len(raw)
    truncated = max_bytes is not None and size > max_bytes
    if max_bytes is not None and truncated:
        cut = raw.rfind(b"\n", 0, max_bytes + 1)
        raw = raw[: cut + 1] if cut >= 0 else raw[:max_bytes]
    bom = raw.startswith(UTF8_BOM)
    if bom:
        raw = raw[len(UTF8_BOM) :]
    return Decoded(raw, bom, None, size, truncated)


def one_line(text: str) -> str:
    """`text` on one line: every run of white space (line breaks included) becomes one space, ends
    trimmed."""
    return " ".join(text.split())


def normalise(text: str) -> str:
    """The form in which entry texts are compared (docs/format.md, "Compact profile"): no `- `,
    comments or ⚠️; NFKC; single spaces."""
    return tidied(unicodedata.normalize("NFKC", text))


def tidied(text: str) -> str:
    """`normalise` without NFKC: the text as written, without `- `, comments or ⚠️, on one line
    with single spaces (what a copy keeps, and what `punctuation_changed` compares)."""
    text = text.strip()
    if text.startswith("- "):
        text = text[2:]
    if "<!--" in text:  # (a search costs more than these tests)
        text = HTML_COMMENT.sub(" ", text)
    if "\u26a0" in text:
        text = _WARNING_SIGNS.sub(" ", text)
    if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text  # already on one line (every white space but the space is unprintable)
    return one_line(text)


def _is_mark(char: str) -> bool:
    return unicodedata.category(char)[0] in "PSZ"


def punctuation_changed(written: str, expected: str) -> tuple[str, str] | None:
    """The first punctuation that differs between two texts `normalise` makes equal (`，` written
    `,`, `：` written `:`), as (expected, written); None when they are equal as written or differ in
    anything but punctuation (full-width letters stay equal). Comparisons fold width so that agents'
    forms read as one text; a copy must still keep the person's marks."""
    a, b = tidied(written), tidied(expected)
    if a == b or normalise(a) != normalise(b):
        return None
    from difflib import SequenceMatcher  # (only on the rare texts that differ as written)

    first = None
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if not all(map(_is_mark, a[i1:i2] + b[j1:j2])):
            return None
        first = first or (b[j1:j2], a[i1:i2])
    return first


@lru_cache(maxsize=1024)  # each proposal is compared with each entry of its category
def _compared(text: str) -> tuple[str, Counter[str]]:
    """`text` normalised and casefolded, and its character bigrams (not to be changed)."""
    folded = normalise(text).casefold()
    return folded, Counter(folded[i : i + 2] for i in range(len(folded) - 1))


@lru_cache(maxsize=8192)  # the pending file is checked again at each keystroke in its log
def similarity(a: str, b: str) -> float:
    """Character-bigram Dice coefficient of two texts, normalised and casefolded (works for CJK
    too)."""
    (a, left), (b, right) = _compared(a), _compared(b)
    if a == b:
        return 1.0
    total = left.total() + right.total()
    if total == 0:
        return 0.0
    return 2 * sum((left & right).values()) / total
