"""What the Pending view shows of a proposal: its kind in the file's own word, its category,
OLD → NEW, its context and source lines, and the ⚠️ of a pivot."""

from __future__ import annotations

from lsp_support import ENCODINGS, Session, lsp_fixtures
from test_views import request

client, session = lsp_fixtures(kinds=ENCODINGS)

PENDING = """# 待确认的画像提议

**个人画像：**
- [转向][技术偏好] 旧：偏好 React + Next.js 全栈开发 → 新：偏好 Svelte 🙂 ⚠️
  - 原始上下文: "以后都用 Svelte"
  - 来源对话: [框架讨论](chat-1)
- [add][沟通偏好] 解释时多给代码示例
"""


async def test_a_proposal_says_its_kind_in_the_files_words_with_its_context(session: Session):
    (session.project_dir / "profile-pending.md").write_text(PENDING, encoding="utf-8")
    found = await request(session, "profileMemory/outline")
    pivot, add = found["pending"][0]["proposals"]
    assert (pivot["kind"], pivot["word"], pivot["category"], pivot["warning"]) == (
        "pivot",
        "转向",
        "技术偏好",
        True,
    )
    assert (pivot["old"], pivot["text"]) == ("偏好 React + Next.js 全栈开发", "偏好 Svelte 🙂")
    assert (pivot["context"], pivot["source"]) == ('"以后都用 Svelte"', "[框架讨论](chat-1)")
    assert (add["word"], add["warning"], add["context"], add["source"]) == (
        "add",
        False,
        None,
        None,
    )


async def test_a_timeline_record_names_its_fields_as_the_log_writes_them(session: Session):
    found = await request(session, "profileMemory/timeline", {"id": "PF-20260412-02"})
    evolve = found["records"][1]
    assert evolve["labels"]["summary"] == "精简版" and set(evolve["labels"]) == set(
        evolve["fields"]
    )
