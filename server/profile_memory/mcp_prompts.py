"""`pmem mcp`'s prompts: the profile-memory skill's flows, for a person to start from their client's
prompt menu (README, "Agents (MCP)"): start a session with the recall block, review the pending
proposals, and end a conversation the skill's way, proposing what was learned in its confirmation
message format (docs/format.md, "Pending proposals").

Each prompt is one user message, built from the files as they are when it is asked for.
"""

# No `from __future__ import annotations`: the SDK reads each prompt's signature at run time.
from pathlib import Path
from typing import Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from profile_memory.core import recall as recall_blocks
from profile_memory.core.files import PENDING_NAME
from profile_memory.core.pending import parse_pending
from profile_memory.core.secrets import masked
from profile_memory.front import Context as Here
from profile_memory.front import FrontError, load_context

# The skill's confirmation message (its step 3), in each language the files are written in.
CONFIRMATION = {
    "zh": """\
本次对话中我注意到以下可记录的画像信息：

**个人画像：**
- [新增][分类] 条目内容
- [演进][分类] 旧：xxx → 新：yyy
- [转向][分类] 旧：xxx → 新：yyy ⚠️

**项目画像：**
- （同上格式）

⚠️ 以下条目与已有记录存在方向性变化，请特别关注：（每条转向各一句说明）

是否记录？你可以全部确认、逐条修改或跳过。""",
    "en": """\
In this conversation I noticed the following that could go in your profiles:

**Personal:**
- [add][CATEGORY] the entry
- [evolve][CATEGORY] old: xxx → new: yyy
- [pivot][CATEGORY] old: xxx → new: yyy ⚠️

**Project:**
- (the same format)

⚠️ These entries change the direction of what is recorded: (one sentence for each pivot)

Shall I record them? You can confirm all, change some, or skip.""",
}

END_OF_CONVERSATION = """\
Our main task is done. Before we finish, do what the profile-memory skill does at the end of a
conversation:

1. Look back over this conversation for lasting signals only (be conservative: better to miss one
   than to record a wrong one; ignore one-time requests). About me: taste and design, technical
   preferences, how I like to work, how I like answers, how I think about products. About the
   project: what it is for, its stack and architecture decisions, conventions, direction and users.
2. Compare each with the profiles below: a new dimension is an add; a refinement of an entry is an
   evolve; a contradiction or change of direction is a pivot (mark it ⚠️). Show old → new for
   evolve and pivot.
3. If you noticed nothing, say nothing about profiles. Otherwise ask me in exactly this format:

{confirmation}

4. For each entry I confirm, call `profile_add`, `profile_evolve` (the entry's id) or
   `profile_pivot`, with my own words as `context`; for an evolve or pivot I may say "keep both"
   (then `profile_add`). Record nothing I skipped, and do not ask again about it in this session.
   Where you cannot write, `propose` puts the entry in the pending file for me to confirm.

The profiles now:

{profiles}"""

START_OF_SESSION = """\
This is what Profile Memory keeps about me and this project: my profile, the project's profile and
your durable facts. Use it in everything we do; trust it unless you see direct evidence that it is
wrong. When an entry is unclear, `trace` its id (PF-…) to read its record instead of guessing.

{recall}"""

REVIEW_PENDING = """\
These profile changes wait in {pending} for my decision. Show them to me one by one, as they are
written (old → new for an evolve or a pivot), and ask: confirm, keep both (an evolve or a pivot
only: the old entry stays and the new one is added) or discard. Then call `confirm` with the
proposal's `line` and my `decision` (`confirm`, `keep-both`, `discard`), one call per proposal.

{proposals}"""


def _here(project: Path, user_dir: str | None) -> Here:
    try:
        return load_context(user_dir, cwd=project)
    except FrontError as error:
        raise ToolError(str(error)) from None


def _recall(here: Here) -> str:
    sections = recall_blocks.collect(here.workspace, here.places, here.show)
    return recall_blocks.RENDERERS["markdown"](sections)


def pending_listing(here: Here) -> tuple[str, str]:
    """The pending file's name as shown, and each proposal with its line number (or a sentence
    saying there is none)."""
    folder = here.places.project_dir
    path = Path(here.workspace.find_name(folder, PENDING_NAME) or folder / PENDING_NAME)
    if not path.is_file():
        return here.show(path), "There are no pending proposals."
    doc = parse_pending(path.read_text(encoding="utf-8-sig"))
    if not doc.proposals:
        return here.show(path), "There are no pending proposals."
    blocks = []
    for proposal in doc.proposals:
        lines = doc.lines[proposal.line : proposal.end_line]
        scope = proposal.scope.value if proposal.scope is not None else "?"
        # never a secret in what is read into a prompt (docs/format.md, "Secrets")
        blocks.append(f"line {proposal.line + 1} ({scope}):\n" + masked("\n".join(lines)))
    return here.show(path), "\n\n".join(blocks)


def add_prompts(server: MCPServer, project: Path, user_dir: str | None) -> None:
    """The skill's three flows as prompts, read from the files at each request."""

    @server.prompt(name="start_session", title="Start a session with my memory")
    def start_session() -> str:
        """The recall block (both profiles, SOUL.md, USER.md, FACT.md) to read first."""
        recalled = _recall(_here(project, user_dir))
        return START_OF_SESSION.format(recall=recalled or "(No memory yet.)")

    @server.prompt(name="review_pending", title="Review the pending profile proposals")
    def review_pending() -> str:
        """Go through the proposals in the pending file with me, and decide each one."""
        where, proposals = pending_listing(_here(project, user_dir))
        return REVIEW_PENDING.format(pending=where, proposals=proposals)

    @server.prompt(name="end_conversation", title="End the conversation: what did you learn?")
    def end_conversation(language: Literal["zh", "en"] | None = None) -> str:
        """Propose what this conversation taught about me and the project, in the skill's
        confirmation message format (`language`: zh or en; default: the configured language)."""
        here = _here(project, user_dir)
        chosen = language or here.settings.language
        return END_OF_CONVERSATION.format(
            confirmation=CONFIRMATION.get(chosen, CONFIRMATION["zh"]),
            profiles=_recall(here) or "(No profile yet.)",
        )
