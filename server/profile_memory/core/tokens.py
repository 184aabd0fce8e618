"""What a memory file costs in every prompt, in tokens, estimated without a model or the network
(docs/format.md, "Token budgets").

Text is counted by script — CJK characters, Latin words and their letters, digit groups,
punctuation, whitespace runs, emoji and other symbols — and the counts are weighted. The weights
were fitted against a real BPE tokenizer (cl100k) by `bench/tokens.py`, which reports the error
per file; every figure shown is labelled "≈".
"""

from __future__ import annotations

import re
from bisect import bisect_right

from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.values import value_class

# The CJK ideographs, kana, hangul and full-width forms, as (first, last) code points.
CJK_RANGES = (
    (0x2E80, 0x2FFF),
    (0x3000, 0x303F),
    (0x3040, 0x30FF),
    (0x3100, 0x312F),
    (0x3190, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
)
_CJK_BOUNDS = [bound for first, last in CJK_RANGES for bound in (first, last + 1)]
# Each non-ASCII character but a blank is matched alone by `wide` and told CJK or other by its code
# point (`_CJK_BOUNDS`): a character class of the CJK ranges costs 1.7 ms to compile (re fills a
# table of every code point in them), a start-up every check paid. U+3000, CJK and a blank, comes
# first as `cjk` itself, as the class had it, so blanks before a line break read as they did.
_PIECES = lazy_pattern(
    r"(?P<cjk>\u3000)|(?P<wide>[^\x00-\x7f\s])|(?P<word>[A-Za-z]+)|(?P<digits>[0-9]+)"
    r"|(?P<newline>\s*\n\s*)|(?P<space>[ \t]+)|(?P<punct>[!-/:-@\[-`{-~])|(?P<other>.)",
    re.S,
)
LONG_WORD = 6  # letters a common word token holds; each further 4 cost about one more


@value_class(frozen=True, slots=True)
class Counts:
    cjk: int = 0  # CJK ideographs, kana, hangul, full-width forms
    words: int = 0  # runs of Latin letters
    long_letters: int = 0  # letters beyond LONG_WORD in each run
    digit_groups: int = 0  # digits, in groups of three (as BPE vocabularies hold them)
    newlines: int = 0  # line breaks (with the blanks around them)
    spaces: int = 0  # other runs of blanks
    punct: int = 0  # ASCII punctuation
    other: int = 0  # everything else: emoji, symbols, accented letters (by UTF-8 pairs)

    def as_tuple(self) -> tuple[int, ...]:
        return (
            self.cjk,
            self.words,
            self.long_letters,
            self.digit_groups,
            self.newlines,
            self.spaces,
            self.punct,
            self.other,
        )


def counts(text: str) -> Counts:
    cjk = words = long_letters = digit_groups = newlines = spaces = punct = other = 0
    for match in _PIECES.finditer(text):  # the commonest kinds first: it runs once per piece
        kind = match.lastgroup
        if kind == "wide":
            piece = match.group()
            if bisect_right(_CJK_BOUNDS, ord(piece)) & 1:
                cjk += 1
            else:
                other += max(1, len(piece.encode("utf-8")) // 2)
        elif kind == "word":
            words += 1
            long_letters += max(0, match.end() - match.start() - LONG_WORD)
        elif kind == "space":
            spaces += 1
        elif kind == "punct":
            punct += 1
        elif kind == "newline":
            newlines += 1
        elif kind == "digits":
            digit_groups += (match.end() - match.start() + 2) // 3
        elif kind == "cjk":
            cjk += 1
        else:
            other += max(1, len(match.group().encode("utf-8")) // 2)
    return Counts(cjk, words, long_letters, digit_groups, newlines, spaces, punct, other)


# Fitted by `python bench/tokens.py --fit` against cl100k on zh, en and mixed memory files.
WEIGHTS = (1.12, 0.9, 0.17, 0.81, 0.99, 0.3, 0.54, 1.3)


def estimate(text: str) -> int:
    """The estimated token count of `text` (≈)."""
    found = counts(text)
    return round(sum(w * n for w, n in zip(WEIGHTS, found.as_tuple(), strict=True)))
