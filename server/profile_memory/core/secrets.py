"""Secrets that must never be stored in a memory file (docs/format.md, "Secrets"): our own table of
prefix-anchored patterns for the common families, and credentials next to a keyword when the
value looks random. What memory files are full of — ids, dates, timestamps, sha256 digests, chat
ids, Chinese text — never matches.

A found secret is reported by its family and position only: its value is never repeated.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, AnyStr

from profile_memory.core.text import lines_holding


@dataclass(frozen=True, slots=True)
class Secret:
    kind: str  # the family, e.g. `aws-access-key`
    start: int  # code points, within the line or text searched
    end: int


_FAMILIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        ("private-key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----"),
        ("aws-access-key", r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])"),
        ("anthropic-api-key", r"(?<![\w-])sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{40,}"),
        ("openai-api-key", r"(?<![\w-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
        ("google-api-key", r"(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])"),
        ("github-token", r"(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})"),
        ("gitlab-token", r"(?<![\w-])glpat-[A-Za-z0-9_-]{20,}"),
        ("slack-token", r"(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}"),
        ("jwt", r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    )
)
# A password inside a URL: `scheme://user:PASSWORD@host`; the password is the secret.
_URL_PASSWORD = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s/:@]+:([^\s/@]{3,})@")
# `password=…`, `token: …`, `密码：…`: the value, when it looks random (see `_looks_random`).
_ASSIGNED = re.compile(
    r"(?i)(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|密码|口令|令牌|密钥)"
    r"[\w-]*\s*[:=：]\s*[\"'`]?([^\s\"'`,;，。]{8,})"
)
_HEX = re.compile(r"[0-9a-fA-F]+")
_FILE_NAME = re.compile(r"[\w.-]+\.(?:md|tmp|jsonl|json|txt|toml|ya?ml|py|ts|js|log|lock)", re.I)


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def _looks_random(value: str) -> bool:
    """A credential rather than a word: letters and digits mixed, high entropy, not a hex digest
    or an id of ours."""
    if (
        _HEX.fullmatch(value)
        or _FILE_NAME.fullmatch(value)
        or value.startswith(("/", "~/", "./", "../"))  # a path
        or "](" in value  # a Markdown link: a source such as `[选型](chat-91c0)`
        or value.startswith("PF-")
        or not value.isascii()
    ):
        return False
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
        )
    )
    return classes >= 2 and _entropy(value) >= 3.0


def find_secrets(text: str) -> list[Secret]:
    """Every secret in `text` (a line, or a whole value), in order, non-overlapping."""
    found: list[Secret] = []
    for kind, pattern in _FAMILIES:
        found += [Secret(kind, m.start(), m.end()) for m in pattern.finditer(text)]
    for match in _URL_PASSWORD.finditer(text):
        found.append(Secret("url-password", match.start(1), match.end(1)))
    for match in _ASSIGNED.finditer(text):
        if _looks_random(match.group(1)):
            found.append(Secret("assigned-secret", match.start(1), match.end(1)))
    found.sort(key=lambda s: (s.start, -s.end))
    kept: list[Secret] = []
    for secret in found:
        if not kept or secret.start >= kept[-1].end:
            kept.append(secret)
    return kept


# What every secret above has in it: text without any of these is not searched. Plain substring
# tests (C speed) rather than one regex: an alternation costs a scan per position.
_LITERALS = (
    "-----BEGIN",
    "AKIA",
    "ASIA",
    "ABIA",
    "ACCA",
    "sk-",
    "AIza",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "eyJ",
    "://",
    "密码",
    "口令",
    "令牌",
    "密钥",
)
_WORDS = ("pass", "pwd", "secret", "token", "key")  # any case


_ANY = re.compile("|".join(map(re.escape, _LITERALS)) + "|(?i:" + "|".join(_WORDS) + ")")
# An ignore-case pattern also matches ſ to s and the Kelvin sign to k, which `str.lower` keeps.
_FOLDING = ("\u017f", "\u212a")
SHORT = 4096  # characters: below, one regex search is cheapest; above, substring tests are


# The pieces by their first character: a character is looked for at memchr speed, and the pieces
# it starts only where it occurs (most texts lack `A`, `:` or `密`), by one pattern that the regex
# engine scans for that character (the seven literals that start with `g` cost one scan of a long
# text, not seven); each is looked for alone only when one of them is there.
Group = tuple[AnyStr, "re.Pattern[AnyStr]", tuple[AnyStr, ...]]
_BAR: dict[type, Any] = {str: "|", bytes: b"|"}


def _grouped(pieces: tuple[AnyStr, ...]) -> tuple[Group[AnyStr], ...]:
    by_first: dict[AnyStr, list[AnyStr]] = {}
    for piece in pieces:
        by_first.setdefault(piece[:1], []).append(piece)
    bar = _BAR[type(pieces[0])]
    return tuple(
        (first, re.compile(bar.join(map(re.escape, group))), tuple(group))
        for first, group in by_first.items()
    )


# The ASCII pieces are looked for in the text as ASCII (half the bytes of a Chinese text's string),
# the others in the text.
_ASCII_GROUPS = _grouped(tuple(piece.encode() for piece in _LITERALS if piece.isascii()))
_OTHER_GROUPS = _grouped(tuple(piece for piece in _LITERALS + _FOLDING if not piece.isascii()))
_WORD_GROUPS = _grouped(tuple(word.encode() for word in _WORDS))  # `pass`, `pwd`: one scan


def _pieces_in(text: AnyStr, groups: tuple[Group[AnyStr], ...]) -> list[AnyStr]:
    return [
        piece
        for first, pattern, group in groups
        if first in text and pattern.search(text)
        for piece in group
        if piece in text
    ]


def _ascii_of(text: str) -> bytes:
    """`text` as ASCII, each other character a `?`: where the ASCII pieces and (lowered) the words
    are looked for, at a sixth of what `str.lower` costs on Chinese text. No piece holds a `?`, so a
    piece is found here exactly where the text has it; the characters an ignore-case match takes
    for a word's letter, ſ and the Kelvin sign, are pieces of their own. One byte per character:
    lines keep their numbers."""
    return text.encode("ascii", "replace")


def may_hold_secret(text: str) -> bool:
    """False only when `text` cannot hold a secret (cheap: no secret pattern is run)."""
    if len(text) < SHORT:
        return _ANY.search(text) is not None
    ascii_text = _ascii_of(text)
    return bool(
        _pieces_in(text, _OTHER_GROUPS)
        or _pieces_in(ascii_text, _ASCII_GROUPS)
        or _pieces_in(ascii_text.lower(), _WORD_GROUPS)
    )


def suspect_lines(
    lines: list[str], start: int = 0, stop: int | None = None, joined: str | None = None
) -> list[int]:
    """The lines start..stop that may hold a secret, in order: those holding a piece every secret
    has. The whole range is searched at once, once per piece, and lines are counted only up to
    where something was found (a log of 150,000 lines costs what a few scans of its text cost).
    `joined`: the range's lines joined by line feeds, when the caller has made it."""
    stop = len(lines) if stop is None else stop
    text = "\n".join(lines[start:stop]) if joined is None else joined
    if len(text) < SHORT:
        return [i for i in range(start, stop) if _ANY.search(lines[i])] if _ANY.search(text) else []
    ascii_text = _ascii_of(text)
    lowered = ascii_text.lower()
    found = lines_holding(text, _pieces_in(text, _OTHER_GROUPS))
    found |= lines_holding(ascii_text, _pieces_in(ascii_text, _ASCII_GROUPS))
    found |= lines_holding(lowered, _pieces_in(lowered, _WORD_GROUPS))
    return [start + line for line in sorted(found)]


def secrets_in_lines(
    lines: list[str], start: int = 0, stop: int | None = None
) -> list[tuple[int, Secret]]:
    """(line, secret) for every secret on lines start..stop."""
    return [
        (index, secret)
        for index in suspect_lines(lines, start, stop)
        for secret in find_secrets(lines[index])
    ]


def redacted(kind: str) -> str:
    return f"<redacted:{kind}>"


def masked(text: str) -> str:
    """`text` with each secret in it replaced by `<redacted:KIND>`: what every view of a memory
    file shows (recall, trace, hover, search, the outline), so that none repeats a secret."""
    if not may_hold_secret(text):
        return text
    for secret in reversed(find_secrets(text)):
        text = text[: secret.start] + redacted(secret.kind) + text[secret.end :]
    return text


def _article(kind: str) -> str:
    return "an" if kind[0] in "aeiou" else "a"


def describe(text: str, what: str) -> str | None:
    """Why `text` must not be written (naming the family and column, never the value); None when it
    holds no secret."""
    secrets = find_secrets(text)
    if not secrets:
        return None
    first = secrets[0]
    line = text.count("\n", 0, first.start)
    column = first.start - (text.rfind("\n", 0, first.start) + 1) + 1
    where = f"line {line + 1}, column {column}" if "\n" in text else f"column {column}"
    more = f" (and {len(secrets) - 1} more)" if len(secrets) > 1 else ""
    return (
        f"{what} contains what looks like {_article(first.kind)} {first.kind} at {where}{more}; "
        "secrets are never written to memory files"
    )
