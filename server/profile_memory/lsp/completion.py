"""Completion: the next free id after `<!--`; field keys, operation words and categories in logs and
pending files; after `### [` in a log, the ids of entries that have no record yet."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from profile_memory.core.files import Role, role_of
from profile_memory.core.log import FIELD_LABELS, OP_WRITTEN, REQUIRED_FIELDS
from profile_memory.core.messages import msg
from profile_memory.core.pending import KIND_WORDS
from profile_memory.core.secrets import masked
from profile_memory.lsp.positions import column_of

if TYPE_CHECKING:
    from profile_memory.lsp.server import ProfileMemoryServer


_FIELD_VALUE = re.compile(r"-\s+\*\*\s*(?P<key>[^*:：]+?)\s*[:：]?\s*\*\*\s*[:：]?\s*\S*$")
_OPEN_COMMENT = re.compile(r"<!--\s*(?:PF-[\d-]*)?$")


def _item(
    label: str, kind: types.CompletionItemKind, detail: str = "", insert: str | None = None
) -> types.CompletionItem:

    return types.CompletionItem(label=label, kind=kind, detail=detail or None, insert_text=insert)


def _categories(ls: ProfileMemoryServer, path: PurePath) -> list[str]:
    pairs = (
        [ls.memory.pair_of(path)]
        if role_of(path) is Role.LOG
        else [p for s in ls.resolver.profile_sets() for p in s.pairs()]
    )
    names: dict[str, None] = {}
    for pair in pairs:
        for category in pair.profile.doc.categories if pair and pair.profile else []:
            if masked(category.name) == category.name:  # a secret is never offered
                names[category.name] = None
    return list(names)


def _log_items(ls: ProfileMemoryServer, path: PurePath, before: str) -> list[types.CompletionItem]:
    pair = ls.memory.pair_of(path)
    language = (pair.language if pair else None) or ls.settings.language
    if before.startswith("### [") and "]" not in before:
        missing = [i for i in pair.entries_by_id if pair.history(i) is None] if pair else []
        return [
            _item(i, types.CompletionItemKind.Reference, msg("completion.no_record"))
            for i in missing
        ]
    field = _FIELD_VALUE.match(before)
    if field is not None:
        key = field.group("key").casefold()
        if key in ("操作", "operation"):
            return [
                _item(word, types.CompletionItemKind.EnumMember, op.value)
                for op, word in OP_WRITTEN[language].items()
            ]
        if key in ("分类", "category"):
            return [
                _item(name, types.CompletionItemKind.Folder, msg("completion.category"))
                for name in _categories(ls, path)
            ]
        return []
    if before.strip() in ("", "-", "- *", "- **"):
        labels = FIELD_LABELS[language]
        return [
            _item(labels[key], types.CompletionItemKind.Field, key, f"- **{labels[key]}**: ")
            for key in (*REQUIRED_FIELDS, "supersedes")
        ]
    return []


def _pending_items(
    ls: ProfileMemoryServer, path: PurePath, before: str
) -> list[types.CompletionItem]:
    if re.fullmatch(r"-\s+\[[^\]]*", before):
        return [
            _item(word, types.CompletionItemKind.EnumMember, kind.value)
            for word, kind in KIND_WORDS.items()
        ]
    if re.fullmatch(r"-\s+\[[^\]]*\]\s*\[[^\]]*", before):
        return [
            _item(name, types.CompletionItemKind.Folder, msg("completion.category"))
            for name in _categories(ls, path)
        ]
    if re.fullmatch(r"\s+-?\s*", before):
        return [
            _item(key, types.CompletionItemKind.Field, "", f"{key}: ")
            for key in ("原始上下文", "来源对话", "Context", "Source")
        ]
    return []


def text_document_completion(
    ls: ProfileMemoryServer, params: types.CompletionParams
) -> list[types.CompletionItem] | None:
    """The items, their details in the interface language."""
    items = _completion(ls, params)
    for item in items or []:
        if item.detail:
            item.detail = ls.text(item.detail)
    return items


def _completion(
    ls: ProfileMemoryServer, params: types.CompletionParams
) -> list[types.CompletionItem] | None:
    path = ls.served_path(params.text_document.uri)
    if path is None:
        return None
    lines = ls.lines(path)
    if params.position.line >= len(lines):
        return None
    before = lines[params.position.line][: column_of(params.position, lines, ls.encoding)]
    role = role_of(path)
    if role is Role.PROFILE:
        if _OPEN_COMMENT.search(before):
            anchor = ls.next_id()
            typed = before[before.rindex("<!--") + 4 :]
            return [
                types.CompletionItem(
                    label=f" {anchor} -->",
                    kind=types.CompletionItemKind.Reference,
                    detail=ls.text(msg("completion.next_id")),
                    filter_text=typed or " ",
                    insert_text=f" {anchor} -->"[len(typed) :]
                    if f" {anchor}".startswith(typed)
                    else None,
                )
            ]
        return None
    if role is Role.LOG:
        return _log_items(ls, path, before) or None
    if role is Role.PENDING:
        return _pending_items(ls, path, before) or None
    return None


def register(server: ProfileMemoryServer) -> None:
    options = types.CompletionOptions(trigger_characters=["-", "[", " ", "*"])
    server.handle(types.TEXT_DOCUMENT_COMPLETION, text_document_completion, options)
