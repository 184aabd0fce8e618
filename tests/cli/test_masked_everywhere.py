"""No output shows a secret already in a memory file (docs/format.md, "Secrets"): each diagnostic
code whose message quotes a file's text, the pending listing, trace, search and `facts show` (masked
unless `--reveal`, with the file's own sha256). The real `pmem`, on the `clean` fixture."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import clean as clean  # the fixture
from cli_support import run_pmem
from secrets_support import FAKES

KEY = FAKES["aws-access-key"]
LONG = FAKES["openai-api-key"]  # long: a message that cuts a quote must mask it first


def pieces(secret: str) -> list[str]:
    """Parts of `secret` long enough to give it away (a cut quote shows a part)."""
    return [secret[i : i + 12] for i in range(0, len(secret) - 11, 4)]


def leaks(text: str) -> list[str]:
    return [piece for secret in (KEY, LONG) for piece in pieces(secret) if piece in text]


USER = Path("home/.cursor/profile")
PROJECT = Path("repo/.cursor/profile")


def replace_in(path: Path, old: str, new: str) -> Callable[[Path], Path]:
    def change(root: Path) -> Path:
        target = root / path
        text = target.read_text(encoding="utf-8")
        assert old in text, old
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
        return target

    return change


def append_to(path: Path, text: str) -> Callable[[Path], Path]:
    def change(root: Path) -> Path:
        target = root / path
        with target.open("a", encoding="utf-8") as handle:
            handle.write(text)
        return target

    return change


def then(*changes: Callable[[Path], Path]) -> Callable[[Path], Path]:
    """Each change in turn; the file the last one changed is checked."""

    def change(root: Path) -> Path:
        return [each(root) for each in changes][-1]

    return change


ENTRY = "- 偏好 React + Next.js 全栈开发 <!-- PF-20260412-02 -->"
RECORD_TITLE = "### [PF-20260412-02] 2026-05-01 — 前端技术栈偏好（演进）"
# Each code whose message quotes a file's text, with a change of the `clean` fixture that makes
# the quoted text hold a secret.
QUOTING = {
    "PM005": replace_in(
        USER / "user-profile.md", "## 做事风格\n", f"## 做事风格\n- 用 {KEY} 部署\n"
    ),
    "PM011": replace_in(
        USER / "user-profile.md", ENTRY, f"- 偏好 React，部署用 {LONG} <!-- PF-20260412-02 -->"
    ),
    "PM013": replace_in(
        USER / "user-profile-log.md",
        "- **操作**: 演进（偏好 React → 偏好 React + Next.js 全栈开发）",
        f"- **操作**: {KEY}",
    ),
    "PM014": replace_in(
        PROJECT / "profile-pending.md", "[新增][技术栈与架构]", f"[新增][架构 {KEY}]"
    ),
    "PM018": replace_in(
        USER / "user-profile-log.md",
        RECORD_TITLE,
        f"###  [PF-20260412-02]  2026-05-01 — 前端技术栈偏好 {LONG}",
    ),
    "PM019": replace_in(
        USER / "user-profile.md", f"## 技术偏好\n{ENTRY}", f"## 技术偏好\n\n## 工具 {KEY}\n{ENTRY}"
    ),
    "PM041": then(
        replace_in(
            USER / "user-profile.md",
            ENTRY,
            f"- 偏好 React + Next.js 全栈开发 {KEY} <!-- PF-20260412-02 -->",
        ),
        replace_in(
            PROJECT / "profile-pending.md",
            "**个人画像：**\n",
            "**个人画像：**\n- [新增][技术偏好] 偏好 React + Next.js 全栈开发\n",
        ),
    ),
    "PM042": replace_in(
        PROJECT / "profile-pending.md",
        "旧：偏好 React + Next.js 全栈开发 → 新：偏好 React + Next.js，SSR 优先 <!-- PF-20260412-02 -->",
        f"旧：偏好 {KEY} → 新：偏好 React + Next.js，SSR 优先",
    ),
    "PM050": replace_in(
        USER / "user-profile-log.md", "演进（偏好 React →", f"演进（偏好 React {KEY} →"
    ),
}


def pmem(clean: Path, *args: str):
    env = {"PMEM_USER_DIR": str(clean / USER)}
    return run_pmem(*args, cwd=clean / "repo", env=env)


@pytest.mark.parametrize("code", QUOTING, ids=QUOTING.keys())
def test_a_diagnostic_that_quotes_a_secret_masks_it(clean: Path, code: str):
    changed = QUOTING[code](clean)
    for output in ("text", "json", "github"):
        result = pmem(clean, "check", str(changed), "--format", output)
        shown = result.out + result.err
        assert not leaks(shown), (code, shown)
    found = json.loads(pmem(clean, "check", str(changed), "--format", "json").out)
    messages = [d["message"] for d in found if d["code"] == code]
    assert messages, f"{code} is not reported: {found}"
    assert any("<redacted:" in m for m in messages), messages


def test_pending_listing_trace_and_search_mask(clean: Path):
    replace_in(PROJECT / "profile-pending.md", "[新增][技术栈与架构]", f"[新增][架构 {KEY}]")(clean)
    replace_in(USER / "user-profile-log.md", "前端技术栈偏好（演进）", f"偏好 {KEY}（演进）")(clean)
    replace_in(
        USER / "user-profile-log.md",
        "- **精简版**: 偏好 React\n",
        f"- **精简版**: 偏好 React {KEY}\n",
    )(clean)
    for args in (
        ["pending"],
        ["pending", "--json"],
        ["trace", "PF-20260412-02"],
        ["trace", "PF-20260412-02", "--all"],
        ["trace", "PF-20260412-02", "--json"],
        ["search", "React"],
        ["search", "React", "--json"],
    ):
        result = pmem(clean, *args)
        assert result.code in (0, 1), (args, result.err)
        assert not leaks(result.out + result.err), (args, result.out)
        assert "<redacted:aws-access-key>" in result.out, (args, result.out)


def test_facts_show_masks_unless_revealed_and_keeps_the_files_sha256(clean: Path):
    fact = clean / "repo" / "memory" / "FACT.md"
    fact.write_text(f"# Facts\n\n- 部署 key {KEY}\n", encoding="utf-8")
    shown = pmem(clean, "facts", "show")
    assert shown.code == 0 and KEY not in shown.out
    assert "- 部署 key <redacted:aws-access-key>" in shown.out
    assert KEY in pmem(clean, "facts", "show", "--reveal").out
    as_json = json.loads(pmem(clean, "facts", "show", "--json").out)
    assert KEY not in as_json["content"] and "<redacted:" in as_json["content"]
    revealed = json.loads(pmem(clean, "facts", "show", "--json", "--reveal").out)
    assert revealed["content"] == fact.read_text(encoding="utf-8")
    assert as_json["sha256"] == revealed["sha256"]  # the file's own: --if-match works from either
    new = clean / "new-facts.md"
    new.write_text("# Facts\n\n- 部署 key 见保管库\n", encoding="utf-8")
    assert pmem(clean, "facts", "update", str(new), "--if-match", as_json["sha256"]).code == 0
