"""The one place where positions change units: code-point columns (the core) <-> the client's
encoding.

LSP clients count UTF-16 code units unless UTF-8 or UTF-32 was negotiated; our files are full of CJK
text and emoji (astral characters such as 🧠 are two UTF-16 units, four UTF-8 bytes).
"""

from __future__ import annotations

from lsprotocol import types

from profile_memory.core.span import Span

UTF8 = types.PositionEncodingKind.Utf8
UTF16 = types.PositionEncodingKind.Utf16
UTF32 = types.PositionEncodingKind.Utf32


def _units(text: str, encoding: str) -> int:
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", errors="surrogatepass"))
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def to_client(line: str, index: int, encoding: str) -> int:
    """A code-point column of `line` as the client counts it."""
    index = min(index, len(line))
    return _units(line[:index], encoding)


def from_client(line: str, units: int, encoding: str) -> int:
    """The code-point column at `units` of the client's encoding (clamped to the line; never inside
    a character)."""
    if encoding == UTF32 or line.isascii():
        return min(units, len(line))
    count = 0
    for index, char in enumerate(line):
        if count >= units:
            return index
        count += _char_units(char, encoding)
    return len(line)


def _char_units(char: str, encoding: str) -> int:
    if encoding == UTF16:
        return 2 if ord(char) > 0xFFFF else 1
    return len(char.encode("utf-8", errors="surrogatepass"))


def range_of(span: Span, lines: list[str], encoding: str) -> types.Range:
    def position(line: int, column: int) -> types.Position:
        text = lines[line] if line < len(lines) else ""
        return types.Position(line, to_client(text, column, encoding))

    return types.Range(
        position(span.start_line, span.start_col), position(span.end_line, span.end_col)
    )


def column_of(position: types.Position, lines: list[str], encoding: str) -> int:
    text = lines[position.line] if position.line < len(lines) else ""
    return from_client(text, position.character, encoding)
