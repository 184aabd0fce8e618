"""The pending proposals file (docs/format.md, "Pending proposals"): scope headers, `-
[KIND][CATEGORY] BODY` proposals, sub-lines."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from profile_memory.core import anchors
from profile_memory.core.messages import msg
from profile_memory.core.profile import Token, malformed_tokens, well_formed_tokens
from profile_memory.core.secrets import masked
from profile_memory.core.span import BrokenLine, Span
from profile_memory.core.text import HTML_COMMENT, line_count, split_lines


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

_SCOPE = re.compile(
    r"\s*(?:#{1,6}\s*)?(?:\*\*)?\s*(?P<word>[^*:：#]+?)\s*[:：]?\s*(?:\*\*)?\s*[:：]?\s*"
)
_PROPOSAL = re.compile(r"-\s+\[(?P<kind>[^\]]*)\]\s*\[(?P<category>[^\]]*)\]\s*(?P<body>.*)")
_CHANGE = re.compile(
    r"(?:旧|old)\s*[:：]\s*(?P<old>.*?)\s*(?:→|->)\s*(?:新|new)\s*[:：]\s*(?P<new>.*)",
    re.IGNORECASE,
)
_SUGGESTION = re.compile(
    r"(?:建议新增分类|suggested category)\s*[:：]\s*\[(?P<name>[^\]]+)\]", re.IGNORECASE
)
_SUB_LINE = re.compile(
    r"\s+-\s+(?:\*\*)?(?P<key>[^:：*]+?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*(?P<value>.*)"
)
_LIST_ITEM = re.compile(r"\s*[-*+]\s")
_WARNING = re.compile("\u26a0\ufe0f?")


@dataclass(slots=True)
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


@dataclass(frozen=True, slots=True)
class Suggestion:
    scope: Scope | None
    name: str
    line: int


@dataclass(slots=True)
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
    match = _SCOPE.fullmatch(line)
    if match is None or not (line.lstrip().startswith(("#", "**"))):
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


def parse_pending(text: str) -> PendingDoc:
    lines = split_lines(text)
    doc = PendingDoc(lines)
    scope: Scope | None = None
    current: Proposal | None = None
    for index, line in enumerate(lines[: line_count(lines)]):
        if current is not None and line[:1].isspace() and line.strip():
            sub = _SUB_LINE.fullmatch(line)
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
        if not _LIST_ITEM.match(line):
            if line.strip():
                current = None
            continue
        if current is not None and line[:1].isspace():
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
        current = Proposal(index, index + 1, scope, kind, category, text_value, old, target)
        doc.proposals.append(current)
    doc.bad_tokens = malformed_tokens(lines)
    doc.all_tokens = well_formed_tokens(lines)
    return doc
