"""Recall (docs/format.md, "Recall"): the context block an agent reads at the start of a session.

A file's text cannot forge the blocks it is read in (docs/format.md, "Recall"): before it is put in
a block, whatever a reader could take for one of recall's tags is escaped (`neutralised`), and in
Markdown every line of it is quoted, so that recall's own headings are the only ones at the top.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import PurePath
from typing import NamedTuple

from profile_memory.core.files import FACT_NAME, log_file_name, profile_file_name
from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.messages import msg, said
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


class RecallSection(NamedTuple):
    name: str  # user-profile, project-profile, soul, user, facts
    path: str
    content: str
    log: str | None = None  # where to trace up (profiles)


class Unread(NamedTuple):
    """A file recall found but could not read: its block is left out, and the reader is told."""

    path: str
    reason: str


def unread_note(skipped: Unread) -> str:
    """The sentence that names a file recall could not read and why (`pmem recall`'s stderr line,
    the MCP `recall` tool's note): a block is never left out silently."""
    return msg("recall.unread", path=skipped.path, reason=skipped.reason)


def _source_problem(workspace: Workspace, path: PurePath | None) -> str | None:
    """Why a memory file that is there was not read (a link, not a regular file, an I/O error)."""
    source = workspace.source(path) if path is not None else None
    return (source.unsafe or source.unreadable) if source is not None else None


def _read_beside(workspace: Workspace, path: PurePath) -> str:
    """SOUL.md or USER.md (no memory file of ours): read under the same link rules; raises
    OSError."""
    kind = workspace.provider.kind(path)
    if kind is FileKind.LINK:
        raise OSError(msg("unsafe.link", name=path.name))
    if kind is not FileKind.FILE:
        raise OSError(msg("unsafe.not_file", name=path.name))
    return decode(workspace.provider.read(path).raw).text


def gather(
    workspace: Workspace, places: Places, show: Callable[[PurePath], str]
) -> tuple[list[RecallSection], list[Unread]]:
    """The sections of a project, read through the workspace's provider (profiles, then SOUL,
    USER, FACT), and the files that are there but could not be read."""
    sections, unread = [], []
    for name, folder in (
        ("user-profile", places.user_dir),
        ("project-profile", places.project_dir),
    ):
        # the profile's text, and where its log is: recall never reads, parses or indexes a log
        path = workspace.find_name(folder, profile_file_name(name))
        source = workspace.source(path) if path is not None else None
        if source is not None and source.decoded is not None:
            log_path = workspace.find_name(folder, log_file_name(name))
            log = show(log_path) if log_path and workspace.is_plain_file(log_path) else None
            text = "\n".join(workspace.lines(source))
            sections.append(RecallSection(name, show(source.path), text, log))
        elif path is not None and (problem := _source_problem(workspace, path)) is not None:
            unread.append(Unread(show(path), problem))
    memory = places.memory_dirs[0]
    for name, folder, file_name in (
        ("soul", memory.parent, "soul.md"),
        ("user", memory.parent, "user.md"),
    ):
        path = workspace.find_name(folder, file_name)
        if path is not None:
            try:
                sections.append(RecallSection(name, show(path), _read_beside(workspace, path)))
            except OSError as error:
                unread.append(Unread(show(path), error.strerror or said(error)))
    fact = workspace.find_name(memory, FACT_NAME)
    source = workspace.source(fact) if fact is not None else None
    if (
        source is not None and source.decoded is not None
    ):  # read under the writers' link rules (PM030)
        sections.append(RecallSection("facts", show(source.path), source.text))
    elif fact is not None and (problem := _source_problem(workspace, fact)) is not None:
        unread.append(Unread(show(fact), problem))
    return sections, unread


def collect(
    workspace: Workspace, places: Places, show: Callable[[PurePath], str]
) -> list[RecallSection]:
    """The sections of a project that could be read (`gather`)."""
    return gather(workspace, places, show)[0]


PROFILES = ("user-profile", "project-profile")  # the blocks whose anchor comments are real

# What a reader may take for a `<`: the character, its look-alikes, and its spellings as an HTML
# entity (with or without the `;`), a JSON or C escape and a URL escape.
# Only an opener whose first letter or digit after it (spacing, punctuation and invisible characters
# skipped) may start a block's name (an ASCII `u`, `f`, `s`, `p`, or another letter that may fold
# to one: any but Chinese, Japanese and Korean), or that starts a comment, is looked at closely: a
# text full of `<` costs a regex scan, not a call per `<`.
# Case is spelled out, not asked of `re.IGNORECASE`: an ignore-case class of wide ranges costs its
# compilation a case lookup per character in them (6 ms of each `pmem recall`). What an
# ignore-case match also took (ſ for s; İ, ı and the Kelvin sign read as ASCII letters) is kept:
# the same characters match (tests/unit/test_recall_opener.py checks every code point).
_OPENER = lazy_pattern(
    r"(?:[<＜﹤〈⟨‹]|&(?:[lL][tT]|#0*60|#[xX]0*3[cC]);?|\\[uU]003[cC]|\\[xX]3[cC]|%3[cC])"
    r"(?=(?:[^\w<>＜＞﹤﹥〈〉⟨⟩‹›]|_){0,80}?"
    r"(?:[ufspUFSP!]|[^\x00-\x7f\u3000-\u9fff\uac00-\ud7af\u0130\u0131\u212a]))"
)
_MAY_OPEN = lazy_pattern(r"[<＜﹤〈⟨‹&\\%]")  # a cheap test first: most files have none
_ESCAPED = "&lt;"  # how an opener recall must not keep is written
_WINDOW = 80  # characters after an opener that a reader may take for a tag's name
_CLOSER = lazy_pattern(
    r"[>＞﹥〉⟩›<＜﹤〈⟨‹]"
)  # where a tag's name ends: its `>`, or the next opener
# Letters of other scripts that look like Latin ones (`</fаcts>` with a Cyrillic а).
_LOOKALIKES = str.maketrans("асеорхуіјѕһԁԛԝαεικνορτυχ", "aceopxyijshdqwaeikvoptux")
_NOT_ALNUM = str.maketrans("", "", "".join(c for c in map(chr, range(128)) if not c.isalnum()))
_TAG_LETTERS = tuple(name.replace("-", "") for name in TITLES)  # `userprofile`, `facts`, …


def _letters(text: str) -> str:
    """The letters and digits of `text` as a reader would take them: compatibility forms folded
    (full-width `ＦＡＣＴＳ`), any case, look-alikes read as Latin, and spacing, punctuation and
    invisible characters (zero-width spaces and joiners, soft hyphens, BOMs) dropped."""
    if text.isascii():  # nearly always: no folding to do
        return text.translate(_NOT_ALNUM).lower()
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_LOOKALIKES)
    return "".join(c for c in folded if c.isalnum())


def _opens_comment(rest: str) -> bool:
    if "!" not in rest[:8]:
        return False
    visible = [c for c in rest[:8] if not c.isspace() and unicodedata.category(c) != "Cf"]
    return visible[:1] == ["!"]


def neutralised(text: str, anchors_kept: bool = False) -> str:
    """`text` with each opener (`<` or a spelling of it) that could start one of recall's tags
    written `&lt;`: one followed, up to the next `>`, by letters that read as a block's name
    (`</FACTS>`, `< /facts >`, `&lt;/facts&gt;`, `</fa<ZWSP>cts>`, `<user-profile>`, `<user>`).
    Unless `anchors_kept` (a profile's own block), comments too (`<!-- PF-… -->`): text that is no
    profile's cannot show an entry as confirmed."""
    if _MAY_OPEN.search(text) is None:
        return text

    def escaped(match: re.Match[str]) -> str:
        rest = _CLOSER.split(text[match.end() : match.end() + _WINDOW], maxsplit=1)[0]
        if _letters(rest).startswith(_TAG_LETTERS) or (not anchors_kept and _opens_comment(rest)):
            return _ESCAPED
        return match.group(0)

    return _OPENER.sub(escaped, text)


def present(sections: list[RecallSection]) -> list[RecallSection]:
    """The sections as they are shown: empty or missing files omitted, secrets masked, and the
    text unable to forge a block (`neutralised`)."""
    # never a secret in what is read into a prompt (docs/format.md, "Secrets")
    return [
        s._replace(content=neutralised(masked(s.content), s.name in PROFILES))
        for s in sections
        if s.content.strip()
    ]


# `html.escape(value, quote=True)`, without importing `html` (and its table of entities) at start
_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
)


def _attribute(value: str) -> str:
    return value.translate(_ATTRIBUTE_ESCAPES)


def as_text(sections: list[RecallSection]) -> str:
    blocks = []
    for section in present(sections):
        attributes = f' path="{_attribute(section.path)}"' + (
            f' log="{_attribute(section.log)}"' if section.log else ""
        )
        blocks.append(
            f"<{section.name}{attributes}>\n{section.content.rstrip()}\n</{section.name}>"
        )
    return "\n\n".join(blocks)


def quoted(text: str) -> str:
    """`text` as a Markdown block quote, each line of it (by every line break a reader may see:
    CR, CRLF, U+2028, …) behind `> `: no heading, fence or rule of it is one of the page's own."""
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


def as_markdown(sections: list[RecallSection]) -> str:
    blocks = []
    for section in present(sections):
        where = f"`{section.path}`" + (f" · trace up in `{section.log}`" if section.log else "")
        intro = f"{AGENT_KNOWLEDGE}\n\n" if section.name == "facts" else ""
        blocks.append(
            f"## {TITLES[section.name]}\n\n{where}\n\n{intro}{quoted(section.content.rstrip())}"
        )
    return "\n\n".join(blocks)


def as_json(sections: list[RecallSection]) -> str:
    import json  # only here: `pmem recall` prints text

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
