"""Recall (SPEC §11): the context block an agent reads at the start of a session."""

from __future__ import annotations

import json
from dataclasses import dataclass

AGENT_KNOWLEDGE = ("These are durable facts and lessons from your past sessions. Trust them as ground truth unless "
                   "you have direct evidence that they are wrong; if so, correct FACT.md with an update so that the "
                   "next session benefits.")
TITLES = {"user-profile": "User Profile", "project-profile": "Project Profile", "soul": "Soul", "user": "User",
          "facts": "Agent Knowledge"}


@dataclass(frozen=True, slots=True)
class Section:
    name: str  # user-profile, project-profile, soul, user, facts
    path: str
    content: str
    log: str | None = None  # where to trace up (profiles)


def present(sections: list[Section]) -> list[Section]:
    """Empty or missing files are omitted."""
    return [s for s in sections if s.content.strip()]


def as_text(sections: list[Section]) -> str:
    blocks = []
    for section in present(sections):
        attributes = f' path="{section.path}"' + (f' log="{section.log}"' if section.log else "")
        blocks.append(f"<{section.name}{attributes}>\n{section.content.rstrip()}\n</{section.name}>")
    return "\n\n".join(blocks)


def as_markdown(sections: list[Section]) -> str:
    blocks = []
    for section in present(sections):
        where = f"`{section.path}`" + (f" · trace up in `{section.log}`" if section.log else "")
        intro = f"{AGENT_KNOWLEDGE}\n\n" if section.name == "facts" else ""
        blocks.append(f"## {TITLES[section.name]}\n\n{where}\n\n{intro}{section.content.rstrip()}")
    return "\n\n".join(blocks)


def as_json(sections: list[Section]) -> str:
    return json.dumps([{"name": s.name, "path": s.path, "log": s.log, "content": s.content} for s in present(sections)],
                      ensure_ascii=False, indent=2)
