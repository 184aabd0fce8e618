"""Recall (docs/format.md, "Recall"): the context block an agent reads at the start of a session."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import PurePath

from profile_memory.core.files import FACT_NAME
from profile_memory.core.places import Places
from profile_memory.core.secrets import masked
from profile_memory.core.text import decode
from profile_memory.core.workspace import FileKind, Workspace

AGENT_KNOWLEDGE = (
    "These are durable facts and lessons from your past sessions. Trust them as ground truth "
    "unless "
    "you have direct evidence that they are wrong; if so, correct FACT.md with an update so that "
    "the "
    "next session benefits."
)
TITLES = {
    "user-profile": "User Profile",
    "project-profile": "Project Profile",
    "soul": "Soul",
    "user": "User",
    "facts": "Agent Knowledge",
}


@dataclass(frozen=True, slots=True)
class RecallSection:
    name: str  # user-profile, project-profile, soul, user, facts
    path: str
    content: str
    log: str | None = None  # where to trace up (profiles)


def collect(
    workspace: Workspace, places: Places, show: Callable[[PurePath], str]
) -> list[RecallSection]:
    """The sections of a project, read through the workspace's provider: profiles, then SOUL, USER,
    FACT."""
    sections = []
    for name, folder in (
        ("user-profile", places.user_dir),
        ("project-profile", places.project_dir),
    ):
        pair = workspace.pair(folder, name)
        if pair.profile is not None:
            log = show(pair.log.path) if pair.log else None
            text = "\n".join(pair.profile.doc.lines)
            sections.append(RecallSection(name, show(pair.profile.path), text, log))
    memory = places.memory_dirs[0]
    for name, folder, file_name in (
        ("soul", memory.parent, "soul.md"),
        ("user", memory.parent, "user.md"),
    ):
        path = workspace.find_name(folder, file_name)
        if path is not None and workspace.provider.kind(path) is FileKind.FILE:
            sections.append(
                RecallSection(name, show(path), decode(workspace.provider.read(path).raw).text)
            )
    fact = workspace.find_name(memory, FACT_NAME)
    source = workspace.source(fact) if fact is not None else None
    if (
        source is not None and source.decoded is not None
    ):  # read under the writers' link rules (PM030)
        sections.append(RecallSection("facts", show(source.path), source.text))
    return sections


def present(sections: list[RecallSection]) -> list[RecallSection]:
    """Empty or missing files are omitted."""
    # never a secret in what is read into a prompt (docs/format.md, "Secrets")
    return [replace(s, content=masked(s.content)) for s in sections if s.content.strip()]


def as_text(sections: list[RecallSection]) -> str:
    blocks = []
    for section in present(sections):
        attributes = f' path="{section.path}"' + (f' log="{section.log}"' if section.log else "")
        blocks.append(
            f"<{section.name}{attributes}>\n{section.content.rstrip()}\n</{section.name}>"
        )
    return "\n\n".join(blocks)


def as_markdown(sections: list[RecallSection]) -> str:
    blocks = []
    for section in present(sections):
        where = f"`{section.path}`" + (f" · trace up in `{section.log}`" if section.log else "")
        intro = f"{AGENT_KNOWLEDGE}\n\n" if section.name == "facts" else ""
        blocks.append(f"## {TITLES[section.name]}\n\n{where}\n\n{intro}{section.content.rstrip()}")
    return "\n\n".join(blocks)


def as_json(sections: list[RecallSection]) -> str:
    return json.dumps(
        [
            {"name": s.name, "path": s.path, "log": s.log, "content": s.content}
            for s in present(sections)
        ],
        ensure_ascii=False,
        indent=2,
    )


RENDERERS = {
    "text": as_text,
    "markdown": as_markdown,
    "json": as_json,
}  # by the name a caller asks for
