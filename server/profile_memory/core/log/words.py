"""The words of a log: the operations and field keys as the format writes them (Chinese and
English), the other words agents use for them (read, and reported as slips: PM018), and what a
write puts in a record."""

from __future__ import annotations

from enum import Enum


class Op(Enum):
    ADD = "add"
    EVOLVE = "evolve"
    PIVOT = "pivot"
    DELETE = "delete"
    RESTORE = "restore"


OP_WORDS: dict[str, Op] = {
    "新增": Op.ADD,
    "add": Op.ADD,
    "演进": Op.EVOLVE,
    "更新": Op.EVOLVE,
    "evolve": Op.EVOLVE,
    "update": Op.EVOLVE,
    "转向": Op.PIVOT,
    "pivot": Op.PIVOT,
    "删除": Op.DELETE,
    "delete": Op.DELETE,
    "恢复": Op.RESTORE,
    "restore": Op.RESTORE,
}


# Agents' own words for the operations: read as the operation, reported as a slip (PM018).
OP_SYNONYMS: dict[str, Op] = {
    "添加": Op.ADD,
    "增加": Op.ADD,
    "新建": Op.ADD,
    "新加": Op.ADD,
    "added": Op.ADD,
    "create": Op.ADD,
    "created": Op.ADD,
    "new": Op.ADD,
    "修改": Op.EVOLVE,
    "修订": Op.EVOLVE,
    "调整": Op.EVOLVE,
    "细化": Op.EVOLVE,
    "evolved": Op.EVOLVE,
    "updated": Op.EVOLVE,
    "modify": Op.EVOLVE,
    "modified": Op.EVOLVE,
    "refine": Op.EVOLVE,
    "refined": Op.EVOLVE,
    "转变": Op.PIVOT,
    "反转": Op.PIVOT,
    "pivoted": Op.PIVOT,
    "switch": Op.PIVOT,
    "switched": Op.PIVOT,
    "已删除": Op.DELETE,
    "删掉": Op.DELETE,
    "移除": Op.DELETE,
    "删去": Op.DELETE,
    "去掉": Op.DELETE,
    "deleted": Op.DELETE,
    "remove": Op.DELETE,
    "removed": Op.DELETE,
    "还原": Op.RESTORE,
    "复原": Op.RESTORE,
    "已恢复": Op.RESTORE,
    "restored": Op.RESTORE,
    "reinstate": Op.RESTORE,
    "reinstated": Op.RESTORE,
}


# Traditional-Chinese spellings of the operation words: read as their Simplified twins, a slip
# (PM018) whose fix writes the format's word.
TRADITIONAL_OPS: dict[str, Op] = {
    "演進": Op.EVOLVE,
    "轉向": Op.PIVOT,
    "刪除": Op.DELETE,
    "恢復": Op.RESTORE,
    "新增": Op.ADD,  # the same in both scripts: listed so the script's words are all here
    "添加": Op.ADD,
    "修訂": Op.EVOLVE,
    "調整": Op.EVOLVE,
    "細化": Op.EVOLVE,
    "轉變": Op.PIVOT,
    "反轉": Op.PIVOT,
    "已刪除": Op.DELETE,
    "刪掉": Op.DELETE,
    "刪去": Op.DELETE,
    "還原": Op.RESTORE,
    "復原": Op.RESTORE,
    "已恢復": Op.RESTORE,
}
OP_SYNONYMS.update({w: op for w, op in TRADITIONAL_OPS.items() if w not in OP_WORDS})


OP_WRITTEN = {  # the word a writer uses, by language
    "zh": {
        Op.ADD: "新增",
        Op.EVOLVE: "演进",
        Op.PIVOT: "转向",
        Op.DELETE: "删除",
        Op.RESTORE: "恢复",
    },
    "en": {
        Op.ADD: "add",
        Op.EVOLVE: "evolve",
        Op.PIVOT: "pivot",
        Op.DELETE: "delete",
        Op.RESTORE: "restore",
    },
}


FIELD_KEYS: dict[str, str] = {
    "分类": "category",
    "category": "category",
    "精简版": "summary",
    "summary": "summary",
    "原始上下文": "context",
    "context": "context",
    "来源对话": "source",
    "source": "source",
    "操作": "operation",
    "operation": "operation",
    "取代": "supersedes",
    "supersedes": "supersedes",
}


# Other words agents use for the keys: read as the key, reported as a slip (PM018).
KEY_SYNONYMS: dict[str, str] = {
    "类别": "category",
    "精简": "summary",
    "精简内容": "summary",
    "摘要": "summary",
    "上下文": "context",
    "原话": "context",
    "来源": "source",
    "对话来源": "source",
    "操作类型": "operation",
    "变更类型": "operation",
    "替代": "supersedes",
    "original context": "context",
    "source conversation": "source",
    "op": "operation",
}


# Traditional-Chinese spellings of the keys (原始上下文, 操作, 取代 are the same in both scripts):
# read as the key, a slip (PM018) whose fix writes the format's key.
TRADITIONAL_KEYS: dict[str, str] = {
    "分類": "category",
    "精簡版": "summary",
    "來源對話": "source",
    "類別": "category",
    "精簡": "summary",
    "精簡內容": "summary",
    "來源": "source",
    "原話": "context",
    "對話來源": "source",
    "操作類型": "operation",
    "變更類型": "operation",
}
KEY_SYNONYMS.update(TRADITIONAL_KEYS)


# The format's words as a file written in Traditional Chinese spells them: what a suggestion to
# such a file says (a message names the words its reader writes).
TRADITIONAL_SPELLING: dict[str, str] = {
    "分类": "分類",
    "精简版": "精簡版",
    "来源对话": "來源對話",
    "演进": "演進",
    "转向": "轉向",
    "删除": "刪除",
    "恢复": "恢復",
}


def is_traditional(label: str) -> bool:
    """Whether a key or operation word as written is a Traditional-Chinese spelling."""
    return label in TRADITIONAL_KEYS or (label in TRADITIONAL_OPS and label not in OP_WORDS)


def in_script(text: str, traditional: bool) -> str:
    """`text` (the format's words) spelt for a file in Traditional Chinese when `traditional`."""
    if not traditional:
        return text
    for simplified, spelt in TRADITIONAL_SPELLING.items():
        text = text.replace(simplified, spelt)
    return text


_LABELS = {
    label: label for labels in ({k.title() for k in FIELD_KEYS}, FIELD_KEYS) for label in labels
}


_REPEATED = {"category", "source"}  # values that recur across records: kept once


# The labels a field is read with by a dict lookup alone (`_canonical_field`): label -> (key, the
# label, English, a value kept once)
_CANONICAL = {
    label: (key, label, label.isascii(), key in _REPEATED)
    for label in _LABELS
    for key in (FIELD_KEYS[label.casefold()],)
}


REQUIRED_FIELDS = ("category", "summary", "context", "source", "operation")


_KNOWN_KEYS = frozenset((*REQUIRED_FIELDS, "supersedes"))


FIELD_LABELS = {
    "zh": {
        "category": "分类",
        "summary": "精简版",
        "context": "原始上下文",
        "source": "来源对话",
        "operation": "操作",
        "supersedes": "取代",
    },
    "en": {
        "category": "Category",
        "summary": "Summary",
        "context": "Context",
        "source": "Source",
        "operation": "Operation",
        "supersedes": "Supersedes",
    },
}


NOT_RECORDED = {
    "zh": "（未记录）",
    "en": "(not recorded)",
}  # what a write puts in a field it has no value for


DELETED_TITLE_MARKS = ("（已删除）", "(已删除)", "(deleted)", "（已刪除）", "(已刪除)")
