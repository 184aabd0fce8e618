"""The token estimate (`core/tokens.py`): what it counts, and its error against the counts
`bench/tokens.py` recorded from a real tokenizer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from profile_memory.core.tokens import LONG_WORD, Counts, counts, estimate

ROOT = Path(__file__).parents[2]
RECORDED = json.loads((ROOT / "bench" / "tokens.json").read_text(encoding="utf-8"))


def test_counts_by_script():
    found = counts("偏好 React 🙂, 2026-04-12\n")
    assert (found.cjk, found.words, found.digit_groups, found.newlines) == (2, 1, 4, 1)
    assert found.other == 2  # an emoji is two UTF-8 pairs


def test_chinese_costs_more_than_characters_over_four():
    text = "回答要简短，先给结论再展开细节。" * 10
    assert estimate(text) > len(text) / 2


@pytest.mark.parametrize(
    "name", sorted(n for n, t in RECORDED.items() if t >= 100 and (ROOT / n).is_file())
)
def test_within_fifteen_percent_of_the_recorded_cl100k_count(name):
    real = RECORDED[name]
    assert abs(estimate((ROOT / name).read_text(encoding="utf-8")) - real) <= 0.15 * real


# The pattern `counts` used before it told CJK characters by code point (a class of the CJK ranges
# costs 1.7 ms to compile): the counts must be the same, whatever the text.
_CLASS = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_BY_CLASS = re.compile(
    rf"(?P<cjk>[{_CLASS}])|(?P<word>[A-Za-z]+)|(?P<digits>[0-9]+)|(?P<newline>\s*\n\s*)"
    r"|(?P<space>[ \t]+)|(?P<punct>[!-/:-@\[-`{-~])|(?P<other>.)",
    re.S,
)


def _by_class(text: str) -> tuple[int, ...]:
    found = dict.fromkeys(Counts.__slots__, 0)
    for match in _BY_CLASS.finditer(text):
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
    return Counts(**found).as_tuple()


def test_every_character_counts_as_the_class_of_cjk_ranges_counted_it():
    every = "".join(map(chr, [*range(0xD800), *range(0xE000, 0x10000), 0x1F642, 0x20000]))
    for context in ("{}", "{}\n", "\n{}", " {}\n ", "a{}1", "{}{}"):
        text = "".join(context.replace("{}", char) for char in every)
        assert counts(text).as_tuple() == _by_class(text), context


@given(st.text(alphabet=st.sampled_from("a1 \t\n\r\u3000\u00a0\u2028中ー한。，ｅ🙂é\x0b-")))
def test_any_mixture_counts_as_the_class_of_cjk_ranges_counted_it(text: str):
    assert counts(text).as_tuple() == _by_class(text)
