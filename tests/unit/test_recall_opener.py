"""Recall's opener pattern spells case out instead of asking `re.IGNORECASE` (cheaper to compile):
it must take exactly the openers, and look ahead through exactly the characters, the ignore-case
spelling took, for every code point (a text escaped differently would be another recall)."""

from __future__ import annotations

import re

from profile_memory.core import recall

# The pattern as it was written with re.IGNORECASE: the reference.
IGNORE_CASE = re.compile(
    r"(?:[<＜﹤〈⟨‹]|&(?:lt|#0*60|#x0*3c);?|\\u003c|\\x3c|%3c)"
    r"(?=(?:[^\w<>＜＞﹤﹥〈〉⟨⟩‹›]|_){0,80}?(?:[ufsp!]|[^\x00-\x7f\u3000-\u9fff\uac00-\ud7af]))",
    re.IGNORECASE,
)
EVERY = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
BMP = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]


def differing(make: object, characters: list[str]) -> list[str]:
    return [
        hex(ord(c))
        for c in characters
        if (IGNORE_CASE.match(make(c)) is None) != (recall._OPENER.match(make(c)) is None)  # type: ignore[operator]
    ]


def test_the_first_character_after_an_opener_is_read_alike() -> None:
    assert differing(lambda c: "<" + c, EVERY) == []


def test_what_is_skipped_before_the_name_is_read_alike() -> None:
    assert differing(lambda c: "<" + c + "f", EVERY) == []


def test_each_letter_of_a_spelled_opener_is_read_alike() -> None:
    for spelling in ("&lt;", "&#x3c", "\\u003c", "\\x3c", "%3c"):
        for at, letter in enumerate(spelling):
            if letter.isalpha():
                make = lambda c, s=spelling, i=at: s[:i] + c + s[i + 1 :] + "f"  # noqa: E731
                assert differing(make, BMP) == [], (spelling, at)


def test_the_same_openers_are_found_in_a_mixed_text() -> None:
    text = (
        "a <FACTS> &LT;/user&gt; \\U003Cfacts %3Cp ＜ﬀ <ſoul> <Kb> <中文> <İx> &#X3C;!-- PF --> <a"
    )
    found = [m.span() for m in recall._OPENER.finditer(text)]  # type: ignore[attr-defined]
    assert found == [m.span() for m in IGNORE_CASE.finditer(text)]
    assert "&lt;FACTS>" in recall.neutralised(text)
