import datetime as dt

import pytest
from profile_memory.core import anchors


@pytest.mark.parametrize(
    "token", ["PF-20240229-01", "PF-20260412-07", "PF-20260412-123", "PF-20261231-99"]
)
def test_well_formed(token):
    assert anchors.problem(token) is None


@pytest.mark.parametrize(
    "token, words",
    [
        ("PF-20260229-01", "not a real date"),
        ("PF-20261301-01", "month 13"),
        ("PF-20260400-01", "day 00"),
        ("PF-20260412-00", "starts at 01"),
        ("PF-20260412-1", "at least two digits"),
        ("PF-2026041-01", "8 digits"),
        ("PF-202604120-01", "8 digits"),
        ("PF-20260412-001", "leading zero"),
        ("PF-20260412", "expected PF-YYYYMMDD-NN"),
        ("PF-20260431-01", "not a real date"),
    ],
)
def test_malformed_says_why(token, words):
    assert words in anchors.problem(token)
    assert anchors.day_of(token) is None


@pytest.mark.parametrize(
    "token", ["PF-20240229-01", "PF-20260412-07", "PF-20260412-123", "PF-２０２６０４１２-07"]
)
def test_the_day_of_an_id_is_the_day_it_names(token):
    parsed = anchors.parse(token)
    assert parsed is not None and anchors.day_of(token) == parsed.day


def test_tokens_are_found_after_cjk_but_not_inside_words():
    line = "见PF-20260412-01，以及 XPF-20260412-02 和 PF-2026"
    assert [m.group(0) for m in anchors.find_tokens(line)] == ["PF-20260412-01", "PF-2026"]


def test_allocation_takes_one_more_than_the_largest_and_never_repeats():
    allocator = anchors.Allocator(["PF-20261130-01", "PF-20261130-07", "PF-20261129-20", "PF-bad"])
    today = dt.date(2026, 11, 30)
    assert allocator.next(today) == "PF-20261130-08"
    assert allocator.next(today) == "PF-20261130-09"
    assert allocator.next(dt.date(2026, 12, 1)) == "PF-20261201-01"


def test_allocation_goes_past_99():
    allocator = anchors.Allocator(["PF-20261130-99"])
    assert allocator.next(dt.date(2026, 11, 30)) == "PF-20261130-100"
    assert anchors.problem("PF-20261130-100") is None
