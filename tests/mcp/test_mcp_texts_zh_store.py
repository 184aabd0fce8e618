"""`pmem mcp` told of a bad `PMEM_TODAY` (mcp_server/engine.py, `dated`): a write refused with the
mistake said in the person's language (Chinese under `LANG=zh_CN.UTF-8`, today's English under
`LANG=C`), not an unexpected failure that says nothing."""

from __future__ import annotations

import pytest
from mcp import Client
from mcp_support import AGENT, Tree
from profile_memory.mcp_server import Door, create_server

ADD = {"scope": "user", "category": "技术偏好", "text": "偏好 Go 🙂"}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh_CN.UTF-8", "PMEM_TODAY='2026-13-01' 不是 YYYY-MM-DD 格式的日期"),
        ("C", "PMEM_TODAY='2026-13-01' is not a date YYYY-MM-DD"),
    ],
)
async def test_a_bad_pmem_today_is_said_in_the_persons_language(
    tree: Tree, monkeypatch, lang, said
):
    monkeypatch.setenv("LANG", lang)
    monkeypatch.setenv("PMEM_TODAY", "2026-13-01")
    log = tree.user_dir / "user-profile-log.md"
    before = log.read_bytes()
    async with Client(create_server(Door(tree.repo, str(tree.user_dir))), client_info=AGENT) as c:
        added = await c.call_tool("profile_add", ADD)
    assert added.is_error and added.content[0].text.endswith(said), added.content[0].text
    assert log.read_bytes() == before
