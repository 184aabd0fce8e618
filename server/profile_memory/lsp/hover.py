"""Hover on an id: its state, category, latest wording and context, history and a link into the
log."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core import anchors
from profile_memory.core.files import Role, role_of
from profile_memory.core.index import History, PairIndex, State
from profile_memory.core.log import FIELD_LABELS, op_word
from profile_memory.core.messages import msg
from profile_memory.core.outline import profile_tokens
from profile_memory.core.secrets import masked
from profile_memory.core.span import Span
from profile_memory.core.tokens import estimate
from profile_memory.lsp.provider import uri

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


MAX_LINES = 40
MAX_VALUE = 160


def cut(text: str, limit: int = MAX_VALUE) -> str:
    """One line, at most `limit` characters, and never a secret."""
    text = " ".join(masked(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")


def _inert_links(text: str) -> str:
    """A source like `[SSR 选型](chat-91c0)` names a conversation, not a file: shown as text (a
    link would open an error in the editor). Web links stay links."""

    def shown(match: re.Match[str]) -> str:
        label, target = match.groups()
        if target.startswith(("http://", "https://")):
            return match.group(0)
        return f"{label} ({target})" if label else target

    return _MARKDOWN_LINK.sub(shown, text)


def _link(path: PurePath, line: int) -> str:
    return f"{uri(path)}#L{line + 1}"


def _entry_lines(pair: PairIndex, anchor_id: str, history: History | None) -> list[str]:
    entries = pair.entries_by_id.get(anchor_id, [])
    if entries and pair.profile is not None:
        profile_path = pair.profile.path
        return [
            msg(
                "hover.entry",
                place=f"[{profile_path.name}:{e.line + 1}]({_link(profile_path, e.line)})",
                text=cut(e.text),
            )
            for e in entries
        ]
    if history is None:
        return [msg("hover.no_entry_no_record")]
    state = history.state
    if state is State.RETIRED and history.retired_by is not None:
        return [msg("hover.no_entry_retired", id=history.retired_by.id)]
    if state is State.DELETED:
        return [msg("hover.no_entry_deleted")]
    return [msg("hover.orphan", log=pair.log_name)]


def id_summary(pair: PairIndex, anchor_id: str, show_entry: bool) -> list[str]:
    """The hover's Markdown lines for an id of this pair: state, category, the latest wording,
    context and source, the compact entry (unless hovering on it), the last ten records, and a link
    to the latest one."""
    history = pair.history(anchor_id)
    if history is None:
        lines: list[str] = [msg("hover.no_record", id=anchor_id, log=pair.log_name)]
        return lines + (_entry_lines(pair, anchor_id, None) if show_entry else [])
    labels = FIELD_LABELS[pair.language or "zh"]
    latest = history.latest
    category = history.latest_value("category") or "—"
    state = msg(f"state.{history.state.value}")
    lines = [
        msg("hover.head", id=anchor_id, state=state, category=cut(category, 40), pair=pair.name),
        "",
    ]
    for key in ("summary", "context", "source"):
        value = latest.value(key) if key != "summary" else history.latest_summary
        if value:
            lines.append(f"- **{labels[key]}**: {_inert_links(cut(value))}")
    if show_entry:
        lines += [""] + _entry_lines(pair, anchor_id, history)
    lines += ["", msg("hover.history")]
    shown = history.records[-10:]
    if len(history.records) > len(shown):
        lines.append(msg("hover.earlier", count=len(history.records) - len(shown)))
    for record in shown:
        op = op_word(record, pair.language)
        lines.append(msg("hover.record", date=record.date, op=op, title=cut(record.title, 60)))
    log_link = _link(pair.read_log().path, latest.line)
    lines += ["", msg("hover.open_log", line=latest.line + 1, link=log_link)]
    return lines


def hover_markdown(ls: ProfileMemoryServer, path: PurePath, line: int, token: str) -> str:
    problem = anchors.problem(token)
    if problem is not None:
        return ls.text(msg("hover.invalid", token=token, problem=problem))
    pairs = ls.resolver.pairs_for(path, line, token)
    if not pairs:
        return ls.text(msg("hover.unknown", token=token))
    on_profile = role_of(path) is Role.PROFILE
    lines: list[str] = []
    for pair in pairs:
        if lines:
            lines += ["", "---", ""]
        lines += id_summary(pair, token, show_entry=not on_profile)
    if len(lines) > MAX_LINES:
        lines = lines[: MAX_LINES - 1] + ["…"]
    return masked(
        "\n".join(ls.text(line) for line in lines)
    )  # each value is masked before it is cut; this catches the rest


def _category_hover(ls: ProfileMemoryServer, path: PurePath, line: int) -> types.Hover | None:
    """On a profile's category heading: its entries and its share of the profile's tokens."""
    pair = ls.memory.pair_of(path) if role_of(path) is Role.PROFILE else None
    doc = pair.profile.doc if pair and pair.profile else None
    category = next((c for c in doc.categories if c.line == line), None) if doc else None
    if pair is None or doc is None or category is None:
        return None
    entries = [e for e in doc.entries if e.category == category.name]
    tokens = estimate("\n".join(doc.lines[e.line] for e in entries))
    whole = max(profile_tokens(doc), 1)
    name = masked(category.name)
    text = ls.text(
        msg(
            "hover.category" if len(entries) == 1 else "hover.category.plural",
            name=name,
            count=len(entries),
            tokens=tokens,
            share=tokens / whole,
            profile=pair.profile_name,
            whole=whole,
            budget=ls.settings.token_budget_for(pair.name),
        )
    )
    span = Span.of_line(line, doc.lines[line])
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), ls.range(path, span))


def text_document_hover(ls: ProfileMemoryServer, params: types.HoverParams) -> types.Hover | None:
    path = ls.served_path(params.text_document.uri)
    if path is None:
        return None
    token = ls.token_at(path, params.position)
    if token is None:
        return _category_hover(ls, path, params.position.line)
    markdown = hover_markdown(ls, path, params.position.line, token.text)
    return types.Hover(
        types.MarkupContent(types.MarkupKind.Markdown, markdown), ls.range(path, token.span)
    )


def register(server: ProfileMemoryServer) -> None:
    server.handle(types.TEXT_DOCUMENT_HOVER, text_document_hover)
