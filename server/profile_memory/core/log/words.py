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


DELETED_TITLE_MARKS = ("（已删除）", "(已删除)", "(deleted)")
