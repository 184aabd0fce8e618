"""The compact profile (SPEC §3): title, `## ` categories and one-line entries with their anchors."""

from __future__ import annotations

from dataclasses import dataclass, field

from profile_memory.core import anchors
from profile_memory.core.span import Span
from profile_memory.core.text import HTML_COMMENT, line_count, split_lines


@dataclass(frozen=True, slots=True)
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


def malformed_tokens(lines: list[str]) -> list[Token]:
    """Every anchor-like token that breaks the grammar, anywhere in the lines (PM004)."""
    return malformed_tokens_in(lines, 0, len(lines))


def malformed_tokens_in(lines: list[str], start: int, stop: int) -> list[Token]:
    found = []
    for index in range(start, stop):
        if "PF-" in lines[index]:
            found += [token for token in tokens_on_line(index, lines[index]) if token.problem]
    return found


def well_formed_tokens(lines: list[str]) -> list[Token]:
    return [token for index, line in enumerate(lines) for token in tokens_on_line(index, line) if token.problem is None]


@dataclass(slots=True)
class Entry:
    line: int
    text: str  # between `- ` and the first anchor comment, trimmed
    text_span: Span
    anchors: list[Token]  # well-formed ids in comments, in order
    category: str | None

    @property
    def id(self) -> str | None:
        return self.anchors[0].text if self.anchors else None


@dataclass(frozen=True, slots=True)
class Category:
    name: str
    line: int


@dataclass(frozen=True, slots=True)
class MalformedLine:
    line: int
    reason: str


@dataclass(slots=True)
class ProfileDoc:
    lines: list[str]
    line_count: int
    title_line: int | None = None
    categories: list[Category] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    malformed: list[MalformedLine] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    has_malformed_anchor: set[int] = field(default_factory=set)  # lines whose entry has a PM004 token

    def category_names(self) -> set[str]:
        return {category.name for category in self.categories}

    def entries_in(self, category: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.category == category]


def _parse_entry(index: int, line: str, category: str | None) -> Entry:
    anchor_tokens: list[Token] = []
    text_end = len(line)
    for comment in HTML_COMMENT.finditer(line, 2):
        tokens = tokens_on_line(index, comment.group(0))
        if tokens and text_end == len(line):  # the text ends at the first anchor comment, well-formed or not
            text_end = comment.start()
        anchor_tokens += [
            Token(t.text, Span.within(index, comment.start() + t.span.start_col, comment.start() + t.span.end_col))
            for t in tokens if t.problem is None
        ]
    raw = line[2:text_end]
    start = 2 + (len(raw) - len(raw.lstrip()))
    text = raw.strip()
    return Entry(index, text, Span.within(index, start, start + len(text)), anchor_tokens, category)


def _malformed_reason(line: str, previous_was_entry: bool) -> str:
    if line[0].isspace():
        if previous_was_entry:
            return "an entry continues onto a second line; each entry must be one line"
        return "indented lines and nested bullets are not allowed in a compact profile"
    if line.startswith("#"):
        return "only `# ` (one title) and `## ` (categories) headings are allowed in a compact profile"
    if line[:2] in ("* ", "+ "):
        return "entries start with `- `"
    return "prose is not allowed in a compact profile; entries are `- text <!-- PF-… -->` lines"


def parse_profile(text: str) -> ProfileDoc:
    lines = split_lines(text)
    doc = ProfileDoc(lines, line_count(lines))
    category: str | None = None
    in_comment = False
    previous_was_entry = False
    for index, line in enumerate(lines[: doc.line_count]):
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
        elif line.startswith("# ") and line[2:].strip() and doc.title_line is None and category is None:
            doc.title_line = index
        elif line.startswith("- ") or line == "-":
            if category is None:
                doc.malformed.append(MalformedLine(index, "an entry must come after a `## ` category heading"))
            else:
                doc.entries.append(_parse_entry(index, line, category))
            is_entry = True
        elif line.startswith("# ") and line[2:].strip():
            doc.malformed.append(MalformedLine(index, "only one `# ` title is allowed, before the first category"))
        else:
            doc.malformed.append(MalformedLine(index, _malformed_reason(line, previous_was_entry)))
            is_entry = previous_was_entry and line[0].isspace()
        previous_was_entry = is_entry
    doc.bad_tokens = malformed_tokens(lines)
    doc.has_malformed_anchor = {token.span.start_line for token in doc.bad_tokens}
    return doc
