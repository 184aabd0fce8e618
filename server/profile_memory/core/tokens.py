"""What a memory file costs in every prompt, in tokens, estimated without a model or the network
(docs/format.md, "Token budgets").

Text is counted by script — CJK characters, Latin words and their letters, digit groups,
punctuation, whitespace runs, emoji and other symbols — and the counts are weighted. The weights
were fitted against a real BPE tokenizer (cl100k) by `bench/tokens.py`, which reports the error
per file; every figure shown is labelled "≈".
"""

from __future__ import annotations

import re

from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.values import value_class

_CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_PIECES = lazy_pattern(
    rf"(?P<cjk>[{_CJK}])|(?P<word>[A-Za-z]+)|(?P<digits>[0-9]+)|(?P<newline>\s*\n\s*)"
    r"|(?P<space>[ \t]+)|(?P<punct>[!-/:-@\[-`{-~])|(?P<other>.)",
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
    found = dict.fromkeys(
        ("cjk", "words", "long_letters", "digit_groups", "newlines", "spaces", "punct", "other"), 0
    )
    for match in _PIECES.finditer(text):
        kind, piece = match.lastgroup, match.group()
        if kind == "word":
            found["words"] += 1
            found["long_letters"] += max(0, len(piece) - LONG_WORD)
        elif kind == "digits":
            found["digit_groups"] += (len(piece) + 2) // 3
        elif kind == "newline":
            found["newlines"] += 1
        elif kind == "other":
            found["other"] += max(1, len(piece.encode("utf-8")) // 2)
        elif kind is not None:
            found["spaces" if kind == "space" else kind] += 1
    return Counts(**found)


# Fitted by `python bench/tokens.py --fit` against cl100k on zh, en and mixed memory files.
WEIGHTS = (1.12, 0.9, 0.17, 0.81, 0.99, 0.3, 0.54, 1.3)


def estimate(text: str) -> int:
    """The estimated token count of `text` (≈)."""
    found = counts(text)
    return round(sum(w * n for w, n in zip(WEIGHTS, found.as_tuple(), strict=True)))
