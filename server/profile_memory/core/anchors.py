"""Anchor ids `PF-YYYYMMDD-NN` (docs/format.md, "Anchors"): the grammar, why a token breaks it, and
allocation."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.messages import msg
from profile_memory.core.values import value_class

# A token that looks like an anchor: `PF-` then digits or dashes, not glued to an ASCII word before
# it. The dashes of a comment's ends (`<!--PF-20260302-01-->`) are not part of it: agents leave out
# the spaces.
TOKEN = lazy_pattern(r"(?:(?<=<!--)|(?<![A-Za-z0-9_\-]))PF-(?:[0-9]|-(?!->))+")
_SHAPE = lazy_pattern(r"PF-(\d+)-(\d+)")
MAX_SEQ_DIGITS = 6  # a million ids a day; longer is a typo, or an attack on int()


@value_class(frozen=True, slots=True, order=True)
class AnchorId:
    day: dt.date
    seq: int

    def __str__(self) -> str:
        return f"PF-{self.day:%Y%m%d}-{self.seq:02d}"


@lru_cache(maxsize=65536)
def problem(token: str) -> str | None:
    """Why `token` is not a well-formed id, or None when it is one (cached: a log repeats its
    ids)."""
    shape = _SHAPE.fullmatch(token)
    if shape is None:
        return msg("anchor.shape")
    date_part, seq_part = shape.groups()
    if (
        len(seq_part) > MAX_SEQ_DIGITS
    ):  # checked before any conversion: a token may have thousands of digits
        return msg("anchor.seq_long", digits=len(seq_part), most=MAX_SEQ_DIGITS)
    if len(date_part) != 8:
        return msg("anchor.date_digits", digits=len(date_part))
    wrong_date = _date_problem(date_part)
    if wrong_date is not None:
        return wrong_date
    if len(seq_part) < 2:
        return msg("anchor.seq_short")
    if int(seq_part) == 0:
        return msg("anchor.seq_zero")
    if len(seq_part) > 2 and seq_part.startswith("0"):
        return msg("anchor.seq_zeros", seq=seq_part)
    return None


@lru_cache(maxsize=8192)
def _date_problem(date_part: str) -> str | None:
    """Why an id's eight digits name no date (cached: a log of 50,000 ids names a few thousand
    days, and every id is new to `problem`'s cache)."""
    year, month, day = int(date_part[:4]), int(date_part[4:6]), int(date_part[6:])
    if not 1 <= month <= 12:
        return msg("anchor.month", month=date_part[4:6])
    if day == 0:
        return msg("anchor.day_zero")
    try:
        dt.date(year, month, day)
    except ValueError:
        return msg("anchor.not_a_date", date=f"{year:04d}-{month:02d}-{day:02d}")
    return None


@lru_cache(maxsize=65536)
def parse(token: str) -> AnchorId | None:
    """The id a well-formed token names, else None (cached: a log repeats its ids)."""
    shape = _SHAPE.fullmatch(token)
    if shape is None or problem(token) is not None:
        return None
    date_part, seq_part = shape.groups()
    return AnchorId(_day(date_part), int(seq_part))


def day_of(token: str) -> dt.date | None:
    """The date a well-formed token names, else None. Cached by that date, not by the token: a log
    of 50,000 ids has a few thousand days, and a cache of every id would hold megabytes."""
    if not is_valid(token):
        return None
    return _day(token[3:11])


@lru_cache(maxsize=8192)
def _day(digits: str) -> dt.date:
    """The date of an id's eight digits, already checked (one object per day)."""
    return dt.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))


def is_valid(token: str) -> bool:
    return problem(token) is None


def given_id(text: str) -> str:
    """The id a person means by `text` given to a command or a tool: itself, or the id a
    malformed token plainly means (`PF-20260412-002`, copied from a file, is `PF-20260412-02`, as
    every reader of the files takes it); unchanged when it means none (the command says why)."""
    return repaired(text) or text


def repaired(token: str) -> str | None:
    """The well-formed id a malformed token plainly means (a one-digit or zero-padded sequence
    number: `PF-20260302-1`, `PF-20260302-001`), else None. Only a real date and a sequence ≥ 1 are
    read."""
    shape = _SHAPE.fullmatch(token)
    if (
        shape is None
        or len(shape.group(1)) != 8
        or len(shape.group(2)) > MAX_SEQ_DIGITS
        or int(shape.group(2)) == 0
    ):
        return None
    candidate = f"PF-{shape.group(1)}-{int(shape.group(2)):02d}"
    return candidate if candidate != token and is_valid(candidate) else None


def find_tokens(line: str) -> Iterable[re.Match[str]]:
    """Every anchor-like token on a line (well-formed or not)."""
    if "PF-" not in line:
        return ()
    return TOKEN.finditer(line)


class Allocator:
    """Hands out new ids: 1 + the largest sequence used on that date, never the same id twice in a
    run."""

    def __init__(
        self,
        used: Iterable[str] = (),
        largest: dict[dt.date, int] | None = None,
        looked_up: Callable[[dt.date], int] | None = None,
    ) -> None:
        """`looked_up`: the largest sequence used on a day, asked once for each day an id is
        given on (so a write that allocates today's id looks at today's ids only)."""
        self._largest: dict[dt.date, int] = dict(largest or {})
        self._look = looked_up
        self._looked: set[dt.date] = set()
        for token in used:
            self.reserve(token)

    def reserve(self, token: str) -> None:
        anchor = parse(token)
        if anchor is not None and anchor.seq > self._largest.get(anchor.day, 0):
            self._largest[anchor.day] = anchor.seq

    @staticmethod
    def largest_of(tokens: Iterable[str]) -> dict[dt.date, int]:
        """The largest sequence number used on each date (what an allocator needs to remember)."""
        return Allocator(tokens)._largest

    def next(self, day: dt.date) -> str:
        if self._look is not None and day not in self._looked:
            self._looked.add(day)
            self._largest[day] = max(self._largest.get(day, 0), self._look(day))
        seq = self._largest.get(day, 0) + 1
        self._largest[day] = seq
        return str(AnchorId(day, seq))
