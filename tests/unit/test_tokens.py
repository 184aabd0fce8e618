"""The token estimate (`core/tokens.py`): what it counts, and its error against the counts
`bench/tokens.py` recorded from a real tokenizer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from profile_memory.core.tokens import counts, estimate

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
