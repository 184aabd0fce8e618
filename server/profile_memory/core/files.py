"""Which memory file a path is (docs/format.md, "Files"), matched case-insensitively by name, and
how pairs are named."""

from __future__ import annotations

from enum import Enum
from pathlib import PurePath


class Role(Enum):
    PROFILE = "profile"
    LOG = "log"
    PENDING = "pending"
    FACT = "fact"
    JOURNAL = "journal"
    FACT_VERSION = "fact-version"  # a kept version of FACT.md: checked for secrets only


PENDING_NAME = "profile-pending.md"
FACT_NAME = "fact.md"  # names are matched in lower case ...
JOURNAL_NAME = "journal.jsonl"
FACT_FILE = "FACT.md"  # ... and new files get Cherry's spelling
JOURNAL_FILE = "JOURNAL.jsonl"
MEMORY_FOLDER = "memory"
LOG_SUFFIX = "-log.md"


def role_of(path: PurePath) -> Role | None:
    name = path.name.lower()
    if name == PENDING_NAME:
        return Role.PENDING
    if name.endswith(LOG_SUFFIX) and name[: -len(LOG_SUFFIX)].endswith("profile"):
        return Role.LOG
    if name.endswith(".md") and name[:-3].endswith("profile"):
        return Role.PROFILE
    if path.parent.name.lower() == MEMORY_FOLDER:
        if name == FACT_NAME:
            return Role.FACT
        if name == JOURNAL_NAME:
            return Role.JOURNAL
    if is_fact_version(path):
        return Role.FACT_VERSION
    return None


def is_fact_version(path: PurePath) -> bool:
    """A kept version of FACT.md: `<rev>.md` in `.fact-history` of a `memory` folder."""
    from profile_memory.core.facts_history import HISTORY_FOLDER, rev_of_name

    return (
        path.parent.name == HISTORY_FOLDER
        and path.parent.parent.name.lower() == MEMORY_FOLDER
        and rev_of_name(path.name) is not None
    )


def pair_name(path: PurePath) -> str | None:
    """The lower-case NAME of the pair a profile or log belongs to (`user-profile`), else None."""
    role = role_of(path)
    name = path.name.lower()
    if role is Role.PROFILE:
        return name[:-3]
    if role is Role.LOG:
        return name[: -len(LOG_SUFFIX)]
    return None


def profile_file_name(pair: str) -> str:
    return f"{pair}.md"


def log_file_name(pair: str) -> str:
    return f"{pair}{LOG_SUFFIX}"


USER_PAIR = "user-profile"
PROJECT_PAIR = "project-profile"
