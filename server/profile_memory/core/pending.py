"""The pending proposals file (docs/format.md, "Pending proposals"): scope headers, `-
[KIND][CATEGORY] BODY` proposals, sub-lines."""

from __future__ import annotations

import re
from enum import Enum

from profile_memory.core import anchors
from profile_memory.core.blocks import code_lines
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.messages import msg
from profile_memory.core.profile import Token, malformed_tokens, well_formed_tokens
from profile_memory.core.secrets import masked
from profile_memory.core.span import BrokenLine, Span
from profile_memory.core.text import HTML_COMMENT, line_count, split_lines
from profile_memory.core.values import field, value_class


class Scope(Enum):
    USER = "user"
    PROJECT = "project"


class ProposalKind(Enum):
    ADD = "add"
    EVOLVE = "evolve"
    PIVOT = "pivot"


KIND_WORDS = {
    "新增": ProposalKind.ADD,
    "add": ProposalKind.ADD,
    "演进": ProposalKind.EVOLVE,
    "evolve": ProposalKind.EVOLVE,
    "更新": ProposalKind.EVOLVE,
    "update": ProposalKind.EVOLVE,
    "转向": ProposalKind.PIVOT,
    "pivot": ProposalKind.PIVOT,
}
SCOPE_WORDS = {
    "个人画像": Scope.USER,
    "personal": Scope.USER,
    "项目画像": Scope.PROJECT,
    "project": Scope.PROJECT,
}
SUB_KEYS = {"原始上下文": "context", "context": "context", "来源对话": "source", "source": "source"}

_SCOPE = lazy_pattern(
    r"\s*(?:#{1,6}\s*)?(?:\*\*)?\s*(?P<word>[^*:：#]+?)\s*[:：]?\s*(?:\*\*)?\s*[:：]?\s*"
)
# Where a proposal may stand (docs/format.md, "Pending proposals"): the skill's own message puts
# its list indented under a quoted lead line, an agent may quote the whole message (`> `) or number
# the list. The lead is what stands before the list marker; the marker is `-`, `*`, `+` or `1.`.
_LEAD = lazy_pattern(r"(?:[ \t]*>)*[ \t]*")
_MARKER = r"(?:[-*+]|\d{1,9}[.)])"
_PROPOSAL = lazy_pattern(
    r"(?P<lead>(?:[ \t]*>)*[ \t]*)"
    + _MARKER
    + r"\s+\[(?P<kind>[^\]]*)\]\s*\[(?P<category>[^\]]*)\]\s*(?P<body>.*)"
)
_CHANGE = lazy_pattern(
    r"(?:旧|old)\s*[:：]\s*(?P<old>.*?)\s*(?:→|->)\s*(?:新|new)\s*[:：]\s*(?P<new>.*)",
    re.IGNORECASE,
)
_SUGGESTION = lazy_pattern(
    r"(?:建议新增分类|suggested category)\s*[:：]\s*\[(?P<name>[^\]]+)\]", re.IGNORECASE
)
_SUB_LINE = lazy_pattern(
    _MARKER + r"\s+(?:\*\*)?(?P<key>[^:：*]+?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*(?P<value>.*)"
)
_LIST_ITEM = lazy_pattern(_MARKER + r"(?:\s|$)")
_WARNING = lazy_pattern("\u26a0\ufe0f?")


@value_class(slots=True, kw_only=True)
class Proposal:
    line: int
    end_line: int  # exclusive: the proposal and its sub-lines
    scope: Scope | None
    kind: ProposalKind
    category: str
    text: str  # the new text (the body of an add, NEW of an evolve/pivot)
    old: str | None = None
    target: Token | None = None  # `<!-- PF-… -->` naming the target
    context: str | None = None
    source: str | None = None
    prefix: str = "- "  # what stands before `[KIND]` as written: a rewrite keeps it


def proposal_fields(proposal: Proposal) -> dict[str, str | None]:
    """What a proposal says, as the CLI's and the editor's JSON give it (each adds its line)."""
    return {
        "scope": proposal.scope.value if proposal.scope else None,
        "kind": proposal.kind.value,
        "category": masked(proposal.category),
        "text": masked(proposal.text),
        "old": masked(proposal.old) if proposal.old else None,
        "target": proposal.target.text if proposal.target else None,
    }


@value_class(frozen=True, slots=True)
class Suggestion:
    scope: Scope | None
    name: str
    line: int


@value_class(slots=True)
class PendingDoc:
    lines: list[str]
    proposals: list[Proposal] = field(default_factory=list)
    suggestions: list[Suggestion] = field(default_factory=list)
    malformed: list[BrokenLine] = field(default_factory=list)
    bad_tokens: list[Token] = field(default_factory=list)
    all_tokens: list[Token] = field(
        default_factory=list
    )  # every well-formed id anywhere in the file


def scope_of(line: str) -> Scope | None:
    if "画像" not in line and not any(word in line.lower() for word in ("personal", "project")):
        return None
    line = _content(line)[1]  # a quoted or indented message: its header as well
    match = _SCOPE.fullmatch(line)
    if match is None or not (line.startswith(("#", "**"))):
        return None
    return SCOPE_WORDS.get(match.group("word").casefold())


def _parse_body(
    index: int, line: str, body_start: int, kind: ProposalKind
) -> tuple[str, str | None, Token | None] | str:
    body = line[body_start:]
    target = None
    for comment in HTML_COMMENT.finditer(line, body_start):
        for match in anchors.find_tokens(comment.group(0)):
            if anchors.is_valid(match.group(0)) and target is None:
                start = comment.start() + match.start()
                target = Token(
                    match.group(0), Span.within(index, start, start + len(match.group(0)))
                )
    body = _SUGGESTION.sub("", HTML_COMMENT.sub("", body))
    body = _WARNING.sub("", body).strip()  # the skill marks a pivot ⚠️: a mark, not text
    if kind is ProposalKind.ADD:
        return (body, None, None) if body else msg("PM040.no_text")
    change = _CHANGE.fullmatch(body)
    if change is None:
        return msg("PM040.no_change")
    old, new = change.group("old").strip(), change.group("new").strip()
    if not old or not new:
        return msg("PM040.old_new")
    return new, old, target


def _content(line: str) -> tuple[int, str]:
    """Where a line's content starts past its lead (blockquote marks and indentation), and the
    content."""
    lead = _LEAD.match(line)
    at = lead.end() if lead else 0
    return at, line[at:]


def _is_list_item(content: str) -> bool:
    """A bullet item, or a numbered item that begins like a proposal (`1. [`): a numbered list of
    prose (the options the closing question offers) is the message's text, not a proposal."""
    found = _LIST_ITEM.match(content)
    if found is None:
        return False
    return content[:1] in "-*+" or content[found.end() :].lstrip().startswith("[")


def parse_pending(text: str) -> PendingDoc:
    lines = split_lines(text)
    doc = PendingDoc(lines)
    scope: Scope | None = None
    current: Proposal | None = None
    current_at = 0  # where the current proposal's marker stands: its sub-lines stand further in
    hidden = code_lines(lines)
    for index, line in enumerate(lines[: line_count(lines)]):
        if index in hidden:
            current = None
            continue
        at, content = _content(line)
        if current is not None and at > current_at and content.strip():
            sub = _SUB_LINE.fullmatch(content)
            key = SUB_KEYS.get(sub.group("key").strip().casefold()) if sub else None
            if sub is not None and key is not None:
                setattr(current, key, sub.group("value").strip())
                current.end_line = index + 1
                continue
        for suggestion in _SUGGESTION.finditer(line):
            doc.suggestions.append(Suggestion(scope, suggestion.group("name").strip(), index))
        new_scope = scope_of(line)
        if new_scope is not None:
            scope, current = new_scope, None
            continue
        if not _is_list_item(content):
            if content.strip():
                current = None
            continue
        if current is not None and at > current_at:
            continue  # a sub-line of the proposal that feeds no field: a note, allowed
        current = None
        parsed = _PROPOSAL.fullmatch(line)
        if parsed is None:
            if not _SUGGESTION.search(line):
                doc.malformed.append(BrokenLine(index, msg("PM040.not_proposal")))
            continue
        kind = KIND_WORDS.get(parsed.group("kind").strip().casefold())
        category = parsed.group("category").strip()
        if kind is None:
            doc.malformed.append(BrokenLine(index, msg("PM040.kind", kind=parsed.group("kind"))))
            continue
        if not category:
            doc.malformed.append(BrokenLine(index, msg("PM040.no_category")))
            continue
        body = _parse_body(index, line, parsed.start("body"), kind)
        if isinstance(body, str):
            doc.malformed.append(BrokenLine(index, body))
            continue
        text_value, old, target = body
        if scope is None:
            doc.malformed.append(BrokenLine(index, msg("PM040.no_scope")))
            continue
        current = Proposal(
            line=index,
            end_line=index + 1,
            scope=scope,
            kind=kind,
            category=category,
            text=text_value,
            old=old,
            target=target,
        )
        current.prefix = line[: parsed.start("kind") - 1]
        current_at = at
        doc.proposals.append(current)
    doc.bad_tokens = malformed_tokens(lines, hidden)
    doc.all_tokens = well_formed_tokens(lines, hidden)
    return doc
