"""The message catalogue (core/messages.py): both languages for every key, the same placeholders,
Chinese written with full-width punctuation; diagnostics rendered in either language; which
language a locale or an environment chooses."""

from __future__ import annotations

import re

import pytest
from helpers import LOG_HEAD, PROJECT_DIR, USER_DIR, diagnose, record
from profile_memory.core.messages import (
    CATALOGUE,
    Text,
    choose_language,
    language_of_environment,
    language_of_locale,
    msg,
    placeholders,
    render,
)

UP = f"{USER_DIR}/user-profile.md"
UL = f"{USER_DIR}/user-profile-log.md"
PP = f"{PROJECT_DIR}/project-profile.md"
PL = f"{PROJECT_DIR}/project-profile-log.md"
PENDING = f"{PROJECT_DIR}/profile-pending.md"
JOURNAL = "/repo/memory/JOURNAL.jsonl"
FACT = "/repo/memory/FACT.md"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_key_has_both_languages_with_the_same_placeholders(key):
    english, chinese = CATALOGUE[key]
    assert english.strip() and chinese.strip()
    assert placeholders(english) == placeholders(chinese)


def _prose(template: str) -> str:
    """What is the catalogue's own writing: placeholders, `code` and quoted forms taken out."""
    return re.sub(r"\{[^}]*\}|`[^`]*`|PF-\S+|U\+FFFD|[a-z]+(/[a-z]+)+", "", template)


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_chinese_is_chinese_with_full_width_punctuation(key):
    chinese = _prose(CATALOGUE[key][1])
    assert re.search(r"[\u4e00-\u9fff]", chinese) or not chinese.strip(), chinese
    assert not re.search(r"[,;:?!()]", chinese), chinese


def test_a_text_is_its_english_string_and_renders_in_chinese_with_its_phrases():
    what = msg("PM003.second")
    text = msg("PM003", what=what, id="PF-20260412-01", line=7)
    assert text == "a second add of PF-20260412-01 (its first record is on line 7)"
    assert render(text, "en") == text and type(render(text, "en")) is str
    assert render(text, "zh") == "PF-20260412-01 的第二条新增（它的第一条记录在第 7 行）"
    assert render("plain text", "zh") == "plain text"


def test_masking_keeps_a_text_and_masks_its_arguments():
    import pickle

    text = msg("PM005", text="key sk-ant-api03-" + "a" * 90)
    changed = text.map_args(lambda s: s.replace("a" * 90, "<redacted>"))
    assert isinstance(changed, Text) and "<redacted>" in render(changed, "zh")
    assert pickle.loads(pickle.dumps(text)) == text and pickle.loads(pickle.dumps(text)).key


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("zh", "zh"),
        ("zh-cn", "zh"),
        ("zh-CN", "zh"),
        ("ZH-HANS", "zh"),
        ("zh-sg", "zh"),
        ("zh-TW", "en"),
        ("zh-hk", "en"),
        ("en", "en"),
        ("de", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_the_client_locale_chooses_simplified_chinese_only(locale, lang):
    assert language_of_locale(locale) == lang


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
        ({"LC_ALL": "", "LANG": "zh_CN"}, "zh"),
        ({"LANGUAGE": "zh_CN", "LANG": "C"}, "en"),
    ],
)
def test_the_first_set_of_lc_all_lc_messages_lang_decides(environ, lang):
    assert language_of_environment(environ) == lang


def test_message_language_overrides_what_the_locale_says():
    assert choose_language("zh", "en") == "zh" and choose_language("en", "zh") == "en"
    assert choose_language("auto", "zh") == "zh" and choose_language("auto", "en") == "en"


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
    PP: "# Project Profile\n\n## 项目定位\n- 工具链 <!-- PF-20260412-01 -->\n",
    PENDING: "**项目画像：**\n- [新增][没有的分类] 某事\n- [新增][项目定位] 工具链\n"
    "- [新增][项目定位] 工具链\n- [演进][项目定位] 不存在 → 新的\n",
    JOURNAL: '{"ts": 1\nnot json\n[1]\n',
    FACT: "# Facts\n" + "长句子。" * 4000 + "\n",
}


def test_every_diagnostic_of_messy_files_reads_in_english_and_in_chinese():
    diagnostics = [d for path in MESSY for d in diagnose(MESSY, path)]
    seen = set()
    for diagnostic in diagnostics:
        english, chinese = render(diagnostic.message, "en"), render(diagnostic.message, "zh")
        assert english == diagnostic.message
        if diagnostic.code in ("PM016", "PM018", "PM021", "PM040"):
            continue  # their parsers' reasons are not in the catalogue yet
        assert isinstance(diagnostic.message, Text), (diagnostic.code, english)
        assert re.search(r"[\u4e00-\u9fff]", _prose(chinese)) and chinese != english
        seen.add(diagnostic.code)
        for related in diagnostic.related:
            assert isinstance(related.message, Text), (diagnostic.code, related.message)
    print(sorted(seen))
    assert len(seen) >= 20, sorted(seen)
