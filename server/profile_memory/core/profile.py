"""The compact profile (docs/format.md, "Compact profile"): title, `## ` categories and one-line
entries with their anchors."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Set
from functools import lru_cache

from profile_memory.core import anchors
from profile_memory.core.blocks import code_lines
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.messages import joined, msg
from profile_memory.core.slips import NON_CANONICAL, Slip, quoted
from profile_memory.core.span import BrokenLine, Span
from profile_memory.core.text import HTML_COMMENT, line_count, split_lines
from profile_memory.core.values import field, value_class


@value_class(frozen=True, slots=True)
class Token:
    """An anchor-like token and where it stands; `problem` is None for a well-formed id."""

    text: str
    span: Span
    problem: str | None = None


def tokens_on_line(index: int, line: str) -> list[Token]:
    return [
        Token(m.group(0), Span.within(index, m.start(), m.end()), anchors.problem(m.group(0)))
        for m in anchors.find_tokens(line)
    ]


def malformed_tokens(lines: list[str], hidden: Set[int] | None = None) -> list[Token]:
    """Every anchor-like token that breaks the grammar, anywhere in the lines but in code blocks
    and multi-line comments (`hidden`, found when not given) (PM004)."""
    hidden = code_lines(lines) if hidden is None else hidden
    return [
        token
        for token in malformed_tokens_in(lines, 0, len(lines))
        if token.span.start_line not in hidden
    ]


def malformed_tokens_in(lines: list[str], start: int, stop: int) -> list[Token]:
    found = []
    for index in range(start, stop):
        if "PF-" in (line := lines[index]):  # a Token only for what breaks the grammar
            found += [
                Token(m.group(0), Span.within(index, m.start(), m.end()), problem)
                for m in anchors.find_tokens(line)
                if (problem := anchors.problem(m.group(0)))
            ]
    return found


def well_formed_tokens(lines: list[str], hidden: Set[int] | None = None) -> list[Token]:
    """Every well-formed id in the lines but those in code blocks and multi-line comments."""
    hidden = code_lines(lines) if hidden is None else hidden
    return [
        token
        for index, line in enumerate(lines)
        if index not in hidden
        for token in tokens_on_line(index, line)
        if token.problem is None
    ]


@value_class(slots=True)
class Entry:
    line: int
    text: str  # between `- ` and the first anchor comment, trimmed
    text_span: Span
    anchors: list[
        Token
    ]  # the ids in its anchor comments, in order (read as well-formed: see `_anchor_in`)
    category: str | None
    slips: list[Slip] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        return self.anchors[0].text if self.anchors else None


@value_class(frozen=True, slots=True)
class Category:
    name: str
    line: int


# What decorates a heading without naming it (docs/format.md, "Decorated headings"): emoji and other
# symbols, the marks that shape them (variation selectors, skin tones, keycaps), joiners and blanks.
_DECORATION = {"So", "Sk", "Sm", "Mn", "Me", "Cf", "Zs", "Co"}


def _decoration(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in _DECORATION


@lru_cache(maxsize=4096)  # a few names, compared again at each check
def category_key(name: str) -> str:
    """The one form in which category names are compared: full-width forms as their ASCII twins
    (NFKC), the emoji and symbols before and after the name dropped, no blanks, case folded.
    `🛠️ 技术偏好`, `技术偏好` and `技术 偏好` are one category;
    so are `Code Style` and `code style`."""
    text = unicodedata.normalize("NFKC", name)
    start, end = 0, len(text)
    while start < end and _decoration(text[start]):
        start += 1
    while end > start and _decoration(text[end - 1]):
        end -= 1
    return "".join(text[start:end].split()).casefold()


def same_category(a: str, b: str) -> bool:
    return category_key(a) == category_key(b)


@value_class(slots=True)
class ProfileDoc:
    lines: list[str]
    line_count: int
    title_line: int | None = None
    categories: list[Category] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    malformed: list[BrokenLine] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    has_malformed_anchor: set[int] = field(
        default_factory=set
    )  # lines whose entry has a PM004 token
    # the headings and the entries by `category_key`, made when first asked (after the parse): a
    # pending file's proposals each look up their category
    _headings: dict[str, Category] | None = field(default=None, repr=False, compare=False)
    _by_category: dict[str, list[Entry]] | None = field(default=None, repr=False, compare=False)

    @property
    def counted_lines(self) -> int:
        """The lines that count toward the limit: trailing blank lines do not."""
        count = self.line_count
        while count and not self.lines[count - 1].strip():
            count -= 1
        return count

    def category_names(self) -> set[str]:
        return {category.name for category in self.categories}

    def heading_named(self, name: str) -> Category | None:
        """The heading a category name means, however either is decorated (`category_key`): the
        first such heading."""
        if self._headings is None:
            self._headings = {}
            for category in self.categories:
                self._headings.setdefault(category_key(category.name), category)
        return self._headings.get(category_key(name))

    def has_category(self, name: str) -> bool:
        return self.heading_named(name) is not None

    def entries_in(self, category: str) -> list[Entry]:
        if self._by_category is None:
            self._by_category = {}
            for entry in self.entries:
                if entry.category is not None:
                    self._by_category.setdefault(category_key(entry.category), []).append(entry)
        return list(self._by_category.get(category_key(category), ()))


_BARE_ID_AT_END = lazy_pattern(r"\s*[(\[（【`]?\s*(?P<id>PF-[0-9-]+)\s*[)\]）】`]?\s*$")


def _anchor_in(index: int, comment: re.Match[str]) -> tuple[list[Token], bool] | None:
    """The ids of one HTML comment (well-formed, or malformed in a way that plainly means one id),
    and whether the comment holds anything besides them; None for a comment with no anchor-like
    token."""
    tokens = tokens_on_line(index, comment.group(0))
    if not tokens:
        return None
    found = []
    for token in tokens:
        text = token.text if token.problem is None else anchors.repaired(token.text)
        if text is not None:
            start = comment.start() + token.span.start_col
            found.append(Token(text, Span.within(index, start, start + len(token.text))))
    return found, comment.group(0)[4:-3].strip() != " ".join(t.text for t in tokens)


def _entry_slips(
    index: int, line: str, text: str, anchor_comments: list[re.Match[str]], ids: list[Token]
) -> list[Slip]:
    """Anchor comments that are not `<!-- ID -->`, or that stand before the entry's text: one slip
    for the line."""
    if len(ids) != 1:  # no anchor, or several (PM017): nothing to rewrite with certainty
        return []
    anchor_id = ids[0].text
    canonical = f"- {text} <!-- {anchor_id} -->" if text else None
    problems = [
        msg("anchor_comment.written", comment=quoted(c.group(0)))
        for c in anchor_comments
        if c.group(0) != f"<!-- {anchor_id} -->" and anchor_id in c.group(0)
    ]  # a repaired id is PM004's
    if text and line[2 : anchor_comments[0].start()].strip() == "":
        problems.append(msg("anchor_comment.before_text"))
    if not problems:
        return []
    comment = anchor_comments[0]
    return [
        Slip(
            NON_CANONICAL,
            index,
            comment.start(),
            comment.end(),
            msg("anchor_comment.form", problems=joined(problems, "and"), id=anchor_id),
            canonical,
        )
    ]


def _bare_id(index: int, line: str) -> tuple[Token, int] | None:
    """An id written at the end of an entry without a comment (`- text (PF-…)`): the id and where
    the text ends."""
    match = _BARE_ID_AT_END.search(line, 2)
    if match is None or not anchors.is_valid(match.group("id")):
        return None
    start = match.start("id")
    return Token(match.group("id"), Span.within(index, start, match.end("id"))), match.start()


def _parse_entry(index: int, line: str, category: str | None) -> Entry:
    anchor_tokens: list[Token] = []
    anchor_comments: list[re.Match[str]] = []
    crowded = False
    for comment in HTML_COMMENT.finditer(line, 2):
        read = _anchor_in(index, comment)
        if read is not None:
            anchor_comments.append(comment)
            anchor_tokens += read[0]
            crowded |= read[1]
    slips: list[Slip] = []
    if anchor_comments:
        first, last = anchor_comments[0], anchor_comments[-1]
        before = line[2 : first.start()]
        text_start, text_end = (2, first.start()) if before.strip() else (last.end(), len(line))
    else:
        bare = _bare_id(index, line)
        text_start, text_end = 2, len(line)
        if bare is not None:
            anchor_tokens, text_end = [bare[0]], bare[1]
    raw = line[text_start:text_end]
    start = text_start + (len(raw) - len(raw.lstrip()))
    text = raw.strip()
    if anchor_comments and not crowded:
        slips = _entry_slips(index, line, text, anchor_comments, anchor_tokens)
    elif not anchor_comments and anchor_tokens:
        anchor_id = anchor_tokens[0].text
        slips = [
            Slip(
                NON_CANONICAL,
                index,
                anchor_tokens[0].span.start_col,
                anchor_tokens[0].span.end_col,
                msg("anchor_comment.bare_id", id=anchor_id),
                f"- {text} <!-- {anchor_id} -->",
            )
        ]
    elif crowded and len(anchor_tokens) == 1:
        comment = anchor_comments[0]
        slips = [
            Slip(
                NON_CANONICAL,
                index,
                comment.start(),
                comment.end(),
                msg(
                    "anchor_comment.crowded",
                    comment=quoted(comment.group(0)),
                    id=anchor_tokens[0].text,
                ),
                None,
            )
        ]
    return Entry(
        index, text, Span.within(index, start, start + len(text)), anchor_tokens, category, slips
    )


def _malformed_reason(line: str, previous_was_entry: bool) -> str:
    if line[0].isspace():
        if previous_was_entry:
            return msg("PM009.continued")
        return msg("PM009.indented")
    if line.startswith("#"):
        return msg("PM009.heading")
    if line[:2] in ("* ", "+ "):
        return msg("PM009.bullet")
    return msg("PM009.prose")


def parse_profile(text: str, previous: ProfileDoc | None = None) -> ProfileDoc:
    """The compact profile's categories, entries and broken lines. `previous`, the parse of the
    file's previous version: an edit changes a line or two, and the entry of a line it left alone
    (same number, same text, same category) is the object that parse made (nothing changes an
    entry)."""
    lines = split_lines(text)
    doc = ProfileDoc(lines, line_count(lines))
    kept = {e.line: (previous.lines[e.line], e) for e in previous.entries} if previous else {}
    category: str | None = None
    in_comment = False
    previous_was_entry = False
    hidden = code_lines(lines)
    for index, line in enumerate(lines[: doc.line_count]):
        if index in hidden:  # an example in a code block or a comment: no entry, no heading
            previous_was_entry = False
            continue
        is_entry = False
        stripped = line.strip()
        if in_comment:
            in_comment = "-->" not in line
        elif not stripped:
            pass
        elif stripped.startswith("<!--") and HTML_COMMENT.sub("", stripped).strip() == "":
            pass
        elif stripped.startswith("<!--") and "-->" not in stripped and line.startswith("<!--"):
            in_comment = True
        elif line.startswith("## ") and line[3:].strip():
            category = line[3:].strip()
            doc.categories.append(Category(category, index))
        elif (
            line.startswith("# ")
            and line[2:].strip()
            and doc.title_line is None
            and category is None
        ):
            doc.title_line = index
        elif line.startswith("- ") or line == "-":
            if category is None:
                doc.malformed.append(BrokenLine(index, msg("PM009.before_category")))
            else:
                earlier = kept.get(index)
                if earlier is not None and earlier[0] == line and earlier[1].category == category:
                    doc.entries.append(earlier[1])
                else:
                    doc.entries.append(_parse_entry(index, line, category))
            is_entry = True
        elif line.startswith("# ") and line[2:].strip():
            doc.malformed.append(BrokenLine(index, msg("PM009.second_title")))
        else:
            doc.malformed.append(BrokenLine(index, _malformed_reason(line, previous_was_entry)))
            is_entry = previous_was_entry and line[0].isspace()
        previous_was_entry = is_entry
    doc.bad_tokens = malformed_tokens(lines, hidden)
    doc.has_malformed_anchor = {token.span.start_line for token in doc.bad_tokens}
    return doc
