"""Parsers and the checker never raise, whatever the text or bytes."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import PROJECT_DIR, USER_DIR, diagnose
from profile_memory.core.journal import iter_journal
from profile_memory.core.log import parse_log
from profile_memory.core.pending import parse_pending
from profile_memory.core.profile import parse_profile

# Text biased towards the characters our grammars care about.
PIECES = st.sampled_from([
    "\n", "\r\n", "\r", "\u2028", " ", "  ", "- ", "## ", "# ", "### ", "[", "]", "<!--", "-->", "PF-", "20260412", "-01",
    "**", "分类", "精简版", "操作", ":", "：", "演进", "（", "→", "）", "旧：", "新：", "⚠️", "🎉", "{", "}", '"', "ts",
    "**个人画像：**", "- [新增][技术偏好] ", "建议新增分类: [", "\ufeff", "\x00", "é",
])
TEXT = st.one_of(st.text(), st.lists(PIECES, max_size=60).map("".join))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_parsers_never_raise(text):
    parse_profile(text)
    parse_log(text)
    parse_pending(text)
    list(iter_journal(text))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(TEXT, TEXT, st.binary())
def test_checker_never_raises(profile_text, log_text, raw):
    files = {f"{USER_DIR}/user-profile.md": profile_text, f"{USER_DIR}/user-profile-log.md": log_text,
             f"{PROJECT_DIR}/profile-pending.md": "**个人画像：**\n" + profile_text,
             "/repo/memory/JOURNAL.jsonl": raw, "/repo/memory/FACT.md": raw}
    for path in files:
        diagnose(files, path)
