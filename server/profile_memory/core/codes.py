"""The diagnostic codes (docs/format.md, "Diagnostics"): names, default severities, meaning and fix.
The single source of truth."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Severity(IntEnum):
    """Values match LSP's DiagnosticSeverity."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()


LEVELS: dict[str, Severity | None] = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "information": Severity.INFORMATION,
    "info": Severity.INFORMATION,
    "hint": Severity.HINT,
    "off": None,
}


class Code(NamedTuple):
    code: str
    name: str
    default: Severity
    meaning: str
    fix: str


_TABLE = [
    Code(
        "PM001",
        "profile-over-limit",
        Severity.WARNING,
        "The compact profile has more lines than its limit (user 50, project 30).",
        "Merge or delete entries until the file fits.",
    ),
    Code(
        "PM002",
        "duplicate-anchor",
        Severity.ERROR,
        "Two entries of one profile pair carry the same id.",
        "Give one entry a new id (and a log record).",
    ),
    Code(
        "PM003",
        "duplicate-record",
        Severity.ERROR,
        "A log has a second add record for an id, or an add after its delete.",
        "Renumber the record, or make it a restore.",
    ),
    Code(
        "PM004",
        "malformed-anchor",
        Severity.ERROR,
        "A `PF-` token that is not `PF-YYYYMMDD-NN` with a real date and NN ≥ 01.",
        "Rewrite it as the id it plainly means (`PF-20260412-1` → `PF-20260412-01`), else replace "
        "it with a new id.",
    ),
    Code(
        "PM005",
        "unconfirmed-entry",
        Severity.INFORMATION,
        "A compact entry without an anchor comment.",
        "Confirm it (adds an id and a log record).",
    ),
    Code(
        "PM006",
        "dangling-anchor",
        Severity.WARNING,
        "A compact entry's id has no record in the log beside it.",
        "Create the log record.",
    ),
    Code(
        "PM007",
        "orphan-record",
        Severity.WARNING,
        "A live id in the log that no compact entry carries.",
        "Mark it deleted in the log, or restore the entry to the profile.",
    ),
    Code(
        "PM008",
        "deleted-anchor",
        Severity.WARNING,
        "A compact entry carries an id the log says is deleted or retired.",
        "Remove the entry, or record a restore.",
    ),
    Code(
        "PM009",
        "malformed-line",
        Severity.WARNING,
        "A compact-profile line that is no title, category, one-line entry, comment or blank.",
        "Rewrite it as a one-line `- entry` under a `## ` category.",
    ),
    Code(
        "PM010",
        "incomplete-record",
        Severity.WARNING,
        "A log record lacks one of 分类/精简版/原始上下文/来源对话/操作 "
        "(Category/Summary/Context/Source/Operation).",
        "Add the missing fields.",
    ),
    Code(
        "PM011",
        "summary-mismatch",
        Severity.INFORMATION,
        "A compact entry's text differs from the latest 精简版 (Summary) of its id.",
        "Record the change as an evolve or a pivot.",
    ),
    Code(
        "PM012",
        "record-date",
        Severity.INFORMATION,
        "A record's date is before its id's date or before the id's previous record.",
        "Correct the date.",
    ),
    Code(
        "PM013",
        "unknown-operation",
        Severity.WARNING,
        "An 操作 (Operation) value that is not add, evolve, pivot, delete or restore.",
        "Use one of 新增/演进/转向/删除/恢复 (add/evolve/pivot/delete/restore).",
    ),
    Code(
        "PM014",
        "unknown-category",
        Severity.INFORMATION,
        "A pending proposal's category (information) or a live record's category (hint) is no "
        "heading of its profile.",
        "Suggest the category (`建议新增分类: [NAME]`) or use an existing heading.",
    ),
    Code(
        "PM015",
        "missing-log",
        Severity.INFORMATION,
        "A compact profile has no `NAME-log.md` beside it.",
        "Create the log from its template (`pmem init`).",
    ),
    Code(
        "PM016",
        "malformed-heading",
        Severity.WARNING,
        "A record heading in the wrong form (another level than `###`, no brackets, another "
        "separator or date form, "
        "no date or title; the record is read all the same), or a `###` heading with no readable "
        "id.",
        "Rewrite it as `### [ID] YYYY-MM-DD — title` (the quick fix, or `pmem fix`).",
    ),
    Code(
        "PM017",
        "multiple-anchors",
        Severity.WARNING,
        "A compact entry with more than one anchor comment.",
        "Keep one anchor per entry.",
    ),
    Code(
        "PM018",
        "non-canonical-form",
        Severity.INFORMATION,
        "An anchor comment, record heading, field key or operation written in a readable but "
        "non-canonical form "
        "(spacing, bold, colons, wording); it is read as its canonical twin.",
        "Rewrite it in the canonical form (the quick fix, or `pmem fix`).",
    ),
    Code(
        "PM019",
        "category-mismatch",
        Severity.INFORMATION,
        "A compact entry stands under another `##` category than the latest 分类 (Category) of its "
        "id.",
        "Move the entry to its category, or record the category change in the log.",
    ),
    Code(
        "PM020",
        "journal-invalid-json",
        Severity.ERROR,
        "A JOURNAL.jsonl line that is not a JSON object.",
        "Fix or remove the line.",
    ),
    Code(
        "PM021",
        "journal-invalid-entry",
        Severity.ERROR,
        "A journal entry with a wrong or missing `ts`, `tags` or `text`.",
        "Fix the entry's fields.",
    ),
    Code(
        "PM030",
        "unsafe-memory-file",
        Severity.ERROR,
        "A memory or profile file or folder that is a symbolic link or not a regular file.",
        "Replace the link with the real file or folder.",
    ),
    Code(
        "PM031",
        "large-fact-file",
        Severity.INFORMATION,
        "FACT.md is larger than 16 KiB (configurable), and all of it enters every prompt.",
        "Move one-off events to the journal; keep durable facts short.",
    ),
    Code(
        "PM032",
        "invalid-utf8",
        Severity.WARNING,
        "The file has bytes that are not UTF-8; they were read as U+FFFD.",
        "Re-save the file as UTF-8.",
    ),
    Code(
        "PM033",
        "too-large",
        Severity.INFORMATION,
        "The file is over the size bound (8 MiB); checks beyond the bound are skipped.",
        "Split or archive the file.",
    ),
    Code(
        "PM040",
        "malformed-proposal",
        Severity.WARNING,
        "A pending list item that is no proposal, or a proposal before any scope header.",
        "Write `- [KIND][CATEGORY] text` under `**个人画像：**` or `**项目画像：**`.",
    ),
    Code(
        "PM041",
        "similar-entry",
        Severity.INFORMATION,
        "A pending add reads much the same as an entry of its category (bigram Dice ≥ 0.6).",
        "Turn it into an evolve of that entry.",
    ),
    Code(
        "PM042",
        "missing-target",
        Severity.WARNING,
        "A pending evolve/pivot whose OLD text (or id) is no entry of the category.",
        "Correct OLD or name the target with `<!-- PF-… -->`.",
    ),
    Code(
        "PM043",
        "repeated-proposal",
        Severity.WARNING,
        "A pending proposal that the file already has (same kind, scope, category and text).",
        "Remove the repetition; deciding one would decide both.",
    ),
    Code(
        "PM050",
        "old-mismatch",
        Severity.WARNING,
        "An evolve or pivot record whose OLD is not the previous 精简版 (Summary) of the id it "
        "changes.",
        "Correct OLD, or the record's id.",
    ),
    Code(
        "PM051",
        "log-order",
        Severity.INFORMATION,
        "A record dated before the record above it: the log is appended in time order (its id's "
        "history is read by date all the same). A log written newest-first gets one PM051 for the "
        "whole log.",
        "Correct the date, or move the record to its place.",
    ),
    Code(
        "PM052",
        "history-without-add",
        Severity.WARNING,
        "An evolve, pivot, delete or restore record of an id that has no add record and no pivot "
        "that created it.",
        "Add the missing add record, or correct the id.",
    ),
    Code(
        "PM034",
        "token-budget",
        Severity.WARNING,
        "A compact profile whose estimated tokens (≈) are over its pair's budget: it is injected "
        "into every prompt.",
        "Merge or shorten entries, or raise `tokenBudget` for the pair.",
    ),
    Code(
        "PM035",
        "fact-token-budget",
        Severity.WARNING,
        "FACT.md's estimated tokens (≈) are over `factTokenBudget`.",
        "Move what is not durable to the journal; shorten the rest.",
    ),
    Code(
        "PM036",
        "recall-token-budget",
        Severity.WARNING,
        "The recall block (both profiles, SOUL.md, USER.md, FACT.md) is over `recallTokenBudget` "
        "(≈ tokens); reported on FACT.md, with each block's share.",
        "Shorten the largest blocks, or raise the budget.",
    ),
    Code(
        "PM060",
        "secret",
        Severity.ERROR,
        "A secret (an API key, a token, a private key, a password) in a memory file: it is "
        "injected into agent prompts, and a log keeps it for good.",
        "Redact it (`<redacted:KIND>`), and revoke the secret where it was issued.",
    ),
    Code(
        "PM070",
        "merge-conflict",
        Severity.ERROR,
        "Git conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`) left by a merge: both sides "
        "changed the same entry differently, or one deleted what the other changed.",
        "Keep the version you want (or write one), delete the markers, then `git add` the file.",
    ),
    Code(
        "PM071",
        "merge-driver-missing",
        Severity.INFORMATION,
        "`.gitattributes` names pmem's merge driver, but this clone's git config lacks it: git "
        "merges memory files line by line (conflicts, duplicate ids).",
        "Run `pmem init --git` in this clone (git config is not cloned).",
    ),
]

CODES: dict[str, Code] = {code.code: code for code in _TABLE}
