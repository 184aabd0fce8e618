"""A record's 操作 field: the operation word, `OLD → NEW` when it says one, and what is not
canonical in how it is written (PM013, PM018)."""

from __future__ import annotations

import functools
import re
import sys

from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.log.words import OP_SYNONYMS, OP_WORDS, OP_WRITTEN, TRADITIONAL_OPS, Op
from profile_memory.core.messages import joined, msg
from profile_memory.core.values import value_class

_OPERATION = lazy_pattern(r"\s*(?P<word>[^\s（(:：]+)(?P<rest>.*)", re.DOTALL)


_ARROW = lazy_pattern(r"\s*(→|->|=>|⇒|⟶|➔|-->|—>)\s*")


_CANONICAL_ARROWS = ("→", "->")


_OLD_LABEL = lazy_pattern(r"(?:旧|原|old|before|from)\s*[:：]\s*", re.IGNORECASE)


_NEW_LABEL = lazy_pattern(r"(?:新|new|after|to)\s*[:：]\s*", re.IGNORECASE)


@value_class(frozen=True, slots=True)
class Operation:
    word: str
    kind: Op | None  # None: not an operation word (PM013)
    old: str | None = None
    new: str | None = None
    slip: str | None = None  # what is not canonical in how it is written (PM018)
    canonical: str | None = None  # the value written canonically, when it has a slip
    several: str | None = None  # why the value is not one operation (PM013; kind is then None)


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
    slips: list[str] = [] if arrow in _CANONICAL_ARROWS else [msg("operation.arrow", arrow=arrow)]
    old_label, new_label = _OLD_LABEL.match(old), _NEW_LABEL.match(new)
    if old_label or new_label:
        labels = " ".join(
            f"`{label.group(0).strip()}`" for label in (old_label, new_label) if label
        )
        both = old_label and new_label
        slips.append(
            msg("operation.drop_labels" if both else "operation.drop_label", labels=labels)
        )
        old = old[old_label.end() :] if old_label else old
        new = new[new_label.end() :] if new_label else new
    return old.strip(), new.strip(), slips


# What separates alternatives in a value that lists operations (the template's `新增 / 演进 / …`).
_ALTERNATIVES = lazy_pattern(r"\s*(?:/|／|\||｜|、|\bor\b|或)\s*")


def _operation_kind(word: str) -> Op | None:
    """The operation `word` names, as written or as an agent's synonym."""
    folded = word.casefold()
    return OP_WORDS.get(folded) or OP_SYNONYMS.get(folded)


def _top_level(value: str) -> str:
    """`value` with what stands in parentheses blanked out (OLD and NEW may hold any words)."""
    depth, kept = 0, []
    for char in value:
        if char in "（(":
            depth += 1
        kept.append(" " if depth else char)
        if char in "）)" and depth:
            depth -= 1
    return "".join(kept)


def _leading_word(text: str) -> str | None:
    match = _OPERATION.match(text)
    return match.group("word") if match else None


def _not_one_operation(word: str, rest: str) -> str | None:
    """Why `word` + `rest` is not one readable operation, or None: a list of alternatives (the
    template's line copied into a record), or an arrow from one operation to another (`新增 →
    已删除（…）`). Nothing in it can be read without guessing (docs/format.md, "Tolerant
    reading")."""
    outside = _top_level(rest)
    if _ALTERNATIVES.match(outside):  # the word is followed by `/`, `、`, `or`, …
        named = [
            leading
            for part in _ALTERNATIVES.split(outside)
            for leading in (_leading_word(part),)
            if leading is not None and _operation_kind(leading) is not None
        ]
        if named:
            words = [f"`{w}`" for w in (word, *named)]
            return msg("operation.lists", count=len(named) + 1, words=words)
    arrow = _ARROW.match(outside)
    if arrow is not None:
        after = _leading_word(outside[arrow.end() :])
        if after is not None and _operation_kind(after) is not None:
            return msg("operation.goes_to", word=word, after=after)
        return msg("operation.no_old")
    return None


def _several(word: str, kind: Op | None, rest: str) -> str | None:
    """Why the value is not one operation (`_not_one_operation`), `新增/删除` (no space) too."""
    if kind is not None:
        return _not_one_operation(word, rest)
    head = re.split(r"[/／|｜、]", word, maxsplit=1)[0]
    if head != word and _operation_kind(head) is not None:
        return _not_one_operation(head, word[len(head) :] + rest)
    return None


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
    slips: list[str] = []
    if kind is None and word.casefold() in OP_SYNONYMS:
        kind = OP_SYNONYMS[word.casefold()]
        written = _written_word(word, kind)
        slips.append(
            msg("operation.traditional", word=word, written=written)
            if word in TRADITIONAL_OPS
            else msg("operation.word", written=written)
        )
    rest = match.group("rest").strip()
    several = _several(word, kind, match.group("rest"))
    if several is not None:  # read nothing from it, rewrite nothing in it (PM013)
        return Operation(word, None, several=several)
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
            slips.append(msg("operation.parentheses"))
    if not slips or kind is None:
        return Operation(word, kind, old, new)
    if change is not None:
        canonical = _canonical_operation(word, kind, old, new)
    else:  # only the word is not canonical: keep the rest as written
        canonical = _written_word(word, kind) + match.group("rest").rstrip()
    return Operation(word, kind, old, new, joined(slips), canonical)
