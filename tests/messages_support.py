"""Shared by the interface-language tests (unit, LSP): files that raise most diagnostic codes at
once, by path, and what of a message is the catalogue's own writing."""

from __future__ import annotations

import re

from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, record

UP = f"{USER_DIR}/user-profile.md"
UL = f"{USER_DIR}/user-profile-log.md"
PP = f"{PROJECT_DIR}/project-profile.md"
PENDING = f"{PROJECT_DIR}/profile-pending.md"
JOURNAL = "/repo/memory/JOURNAL.jsonl"
FACT = "/repo/memory/FACT.md"

# Codes whose message is still an English reason from a parser (not in the catalogue yet).
NOT_YET: tuple[str, ...] = ()


def prose(template: str) -> str:
    """What is the catalogue's own writing: placeholders, `code`, links and quoted forms taken
    out."""
    return re.sub(
        r"Profile Memory|\{[^}]*\}|`[^`]*`|\]\([^)]*\)|PF-\S+|U\+FFFD|[a-z]+(/[a-z]+)+",
        "",
        template,
    )


def is_chinese(text: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", prose(text)) is not None


# Files that raise most codes at once: each diagnostic is then rendered in both languages.
ENTRY = "- 偏好 React <!-- PF-20260412-01 -->"
MESSY = {
    UP: "# User Profile\n\n## 技术偏好\n"
    + ENTRY
    + "\n- 偏好 Vue <!-- PF-20260412-01 -->\n- 没有锚点\n- 坏锚点 <!-- PF-20261399-01 -->\n"
    "- 两个 <!-- PF-20260412-05 --> <!-- PF-20260412-06 -->\n- 孤儿 <!-- PF-20260412-09 -->\n"
    "一段散文\n- 删掉的 <!-- PF-20260412-07 -->\n- 写法不同 <!-- PF-20260412-08 -->\n",
    UL: LOG_HEAD
    + record("PF-20260412-01")
    + record("PF-20260412-01", title="again")
    + record("PF-20260412-02", category="没有的分类", summary="孤立")
    + record("PF-20260412-03", op="飞走")
    + record("PF-20260412-04", drop="来源对话")
    + record("PF-20260412-05", date="2026-04-11", summary="两个")
    + record("PF-20260412-07", summary="删掉的")
    + record("PF-20260412-07", op="删除", date="2026-04-13", summary="删掉的")
    + record("PF-20260412-08", summary="原来的写法")
    + record("PF-20260412-10", op="演进", summary="新的")
    + record("PF-20260412-11", date="2026-04-12", summary="后")
    + record("PF-20260412-12", date="2026-04-11", summary="前"),
    PP: "# Project Profile\n\n## 项目定位\n- 工具链 <!-- PF-20260412-01 -->\n"
    "<<<<<<< ours\n- 甲\n=======\n- 乙\n>>>>>>> theirs\n",
    PENDING: "**项目画像：**\n- [新增][没有的分类] 某事\n- [新增][项目定位] 工具链\n"
    "- [新增][项目定位] 工具链\n- [演进][项目定位] 不存在 → 新的\n"
    "- [演进][项目定位] 旧：不存在 → 新：新的\n- 不是提议\n",
    JOURNAL: '{"ts": 1\nnot json\n[1]\n',
    FACT: "# Facts\ntoken ghp_" + "A1b2C3d4E5" * 3 + "F6g7H8\n" + "长句子。" * 4000 + "\n",
}
