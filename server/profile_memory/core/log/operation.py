"""A record's 操作 field: the operation word, `OLD → NEW` when it says one, and what is not
canonical in how it is written (PM013, PM018)."""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass

from profile_memory.core.log.words import OP_SYNONYMS, OP_WORDS, OP_WRITTEN, TRADITIONAL_OPS, Op

_OPERATION = re.compile(r"\s*(?P<word>[^\s（(:：]+)(?P<rest>.*)", re.DOTALL)


_ARROW = re.compile(r"\s*(→|->|=>|⇒|⟶|➔|-->|—>)\s*")


_CANONICAL_ARROWS = ("→", "->")


_OLD_LABEL = re.compile(r"(?:旧|原|old|before|from)\s*[:：]\s*", re.IGNORECASE)


_NEW_LABEL = re.compile(r"(?:新|new|after|to)\s*[:：]\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Operation:
    word: str
    kind: Op | None  # None: not an operation word (PM013)
    old: str | None = None
    new: str | None = None
    slip: str | None = None  # what is not canonical in how it is written (PM018)
    canonical: str | None = None  # the value written canonically, when it has a slip


def closest_operation_word(word: str) -> str:
    """The known operation word most like `word` (for a message that says what was probably
    meant)."""
    from profile_memory.core.text import similarity

    return max(
        OP_WORDS, key=lambda known: (similarity(word, known), known.isascii() == word.isascii())
    )


def _change(inner: str) -> tuple[str, str, list[str]] | None:
    """OLD and NEW of `OLD → NEW` (labels `旧：`/`新：` and other arrows read), with what was not
    canonical."""
    parts = _ARROW.split(inner, maxsplit=1)
    if len(parts) != 3:
        return None
    old, arrow, new = parts[0].strip(), parts[1], parts[2].strip()
    slips = [] if arrow in _CANONICAL_ARROWS else [f"write `→` or `->` for `{arrow}`"]
    old_label, new_label = _OLD_LABEL.match(old), _NEW_LABEL.match(new)
    if old_label or new_label:
        labels = " ".join(
            f"`{label.group(0).strip()}`" for label in (old_label, new_label) if label
        )
        slips.append(f"drop the label{'s' if old_label and new_label else ''} {labels}")
        old = old[old_label.end() :] if old_label else old
        new = new[new_label.end() :] if new_label else new
    return old.strip(), new.strip(), slips


def _written_word(word: str, kind: Op) -> str:
    """The word to write for `kind`: a known word as written (the skill's own 更新 included), else
    the canonical word of the same language."""
    return (
        word if word.casefold() in OP_WORDS else OP_WRITTEN["en" if word.isascii() else "zh"][kind]
    )


def _canonical_operation(word: str, kind: Op, old: str | None, new: str | None) -> str:
    """The value written canonically."""
    word = _written_word(word, kind)
    if old is None or new is None:
        return word
    return f"{word} ({old} -> {new})" if word.isascii() else f"{word}（{old} → {new}）"


@functools.lru_cache(maxsize=1024)  # most records say 新增 or 删除: one object for each spelling
def parse_operation(value: str) -> Operation:
    match = _OPERATION.match(value)
    if match is None:
        return Operation(value.strip(), None)
    word = sys.intern(match.group("word"))
    kind = OP_WORDS.get(word.casefold())
    slips = []
    if kind is None and word.casefold() in OP_SYNONYMS:
        kind = OP_SYNONYMS[word.casefold()]
        written = _written_word(word, kind)
        slips.append(
            f"`{word}` is the Traditional spelling of `{written}`; write the word `{written}`"
            if word in TRADITIONAL_OPS
            else f"write the word `{written}`"
        )
    rest = match.group("rest").strip()
    inner, bare = None, False
    if rest[:1] in ("（", "(") and rest[-1:] in ("）", ")"):
        inner = rest[1:-1]
    elif rest[:1] in (":", "：") or (rest and match.group("rest")[:1].isspace()):
        inner, bare = rest.lstrip(":：").strip(), True
    change = _change(inner) if inner else None
    old = new = None
    if change is not None:
        old, new, change_slips = change
        slips += change_slips
        if bare:
            slips.append("put OLD → NEW in parentheses")
    if not slips or kind is None:
        return Operation(word, kind, old, new)
    if change is not None:
        canonical = _canonical_operation(word, kind, old, new)
    else:  # only the word is not canonical: keep the rest as written
        canonical = _written_word(word, kind) + match.group("rest").rstrip()
    return Operation(word, kind, old, new, "; ".join(slips), canonical)
