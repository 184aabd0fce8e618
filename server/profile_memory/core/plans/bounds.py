"""What a write takes (docs/format.md, "Bounds of what is written"): text on one line, within
its bounds, without control characters or comments that would change what the files read; the
errors a refused plan raises."""

from __future__ import annotations

import unicodedata

from profile_memory.core import anchors
from profile_memory.core.messages import msg
from profile_memory.core.plans.records import field_value
from profile_memory.core.text import (
    HTML_COMMENT,
    one_line,
)


class PlanError(Exception):
    """An operation refused because of the files' state (unknown id, missing target): exit 1."""


class BadText(PlanError):
    """Text given to a write that cannot be written as it is (empty, or carrying an anchor comment):
    exit 2."""


# The bounds of what a write takes (docs/format.md, "Bounds of what is written"): characters of
# each field once on one line (a context keeps its lines).
TEXT_MAX_CHARS = 1000  # an entry's text, OLD, a source
CATEGORY_MAX_CHARS = 100
CONTEXT_MAX_CHARS = 10_000
# Bidirectional controls make a text read otherwise than it is stored (the question a person
# answers would not show what is written).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
WHITE_CONTROLS = frozenset("\t\n\r")  # white space: folded to a space on one line, a context's
# line breaks kept


def refuse_controls(value: str, what: str) -> None:
    """A control character (Unicode Cc other than tab, line feed, carriage return), a lone
    surrogate or a bidirectional control is never written: it would hide or reorder text in the
    files and in what the person is shown."""
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if (
            (category == "Cc" and char not in WHITE_CONTROLS)
            or category == "Cs"
            or (char in BIDI_CONTROLS)
        ):
            code = f"{ord(char):04X}"
            raise BadText(msg("plan.control_char", what=what, code=code, index=index + 1))


def bounded(value: str, what: str, limit: int) -> str:
    """`value` checked for control characters and at most `limit` characters (as it is written)."""
    refuse_controls(value, what)
    if len(value) > limit:
        raise BadText(msg("plan.too_long", what=what, count=len(value), limit=limit))
    return value


def given_fields(context: str | None, source: str | None) -> None:
    """The context and the source a write is given, within their bounds."""
    if context:
        bounded(field_value("context", context), msg("what.context"), CONTEXT_MAX_CHARS)
    if source:
        bounded(one_line(source), msg("what.source"), TEXT_MAX_CHARS)


def entry_text(text: str, what: str | None = None) -> str:
    """Text for an entry or a proposal, on one line, within its bounds. An anchor comment in it
    would give the entry a second id (or forge one), and any comment syntax would change where its
    text ends, so both are refused, as is empty text."""
    what = what or msg("what.entry_text")
    refuse_controls(text, what)
    folded = bounded(one_line(text), what, TEXT_MAX_CHARS)
    if not folded:
        raise BadText(msg("plan.empty", what=what))
    for comment in HTML_COMMENT.finditer(folded):
        if anchors.TOKEN.search(comment.group(0)):
            raise BadText(msg("plan.anchor_in_text", what=what, comment=comment.group(0)))
    for mark in ("<!--", "-->"):
        if mark in folded:
            raise BadText(msg("plan.comment_mark", what=what, mark=mark))
    return folded


def category_name(text: str) -> str:
    """A category as a `## ` heading and a `[CATEGORY]` of a proposal: one line, not blank, no
    brackets, within its bounds."""
    what = msg("what.category")
    refuse_controls(text, what)
    folded = bounded(one_line(text), what, CATEGORY_MAX_CHARS)
    if not folded:
        raise BadText(msg("plan.empty", what=what))
    if "[" in folded or "]" in folded:
        raise BadText(msg("plan.category_bracket", category=folded))
    return folded
