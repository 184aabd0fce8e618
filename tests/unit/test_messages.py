"""The message catalogue (core/messages.py): both languages for every key, the same placeholders,
Chinese written with full-width punctuation; diagnostics rendered in either language; which
language a locale or an environment chooses."""

from __future__ import annotations

import re

import pytest
from helpers import diagnose
from messages_support import MESSY, prose
from profile_memory.core.messages import (
    ARGPARSE_ZH,
    CATALOGUE,
    Text,
    choose_language,
    language_of_environment,
    language_of_locale,
    msg,
    placeholders,
    render,
)


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_key_has_both_languages_with_the_same_placeholders(key):
    english, chinese = CATALOGUE[key]
    assert english.strip() and chinese.strip()
    assert placeholders(english) == placeholders(chinese)


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_chinese_is_chinese_with_full_width_punctuation(key):
    english, chinese = (prose(text) for text in CATALOGUE[key])
    if re.search(r"[A-Za-z]{3}", english):  # not only a layout of placeholders
        assert re.search(r"[\u4e00-\u9fff]", chinese), chinese
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


def test_every_diagnostic_of_messy_files_reads_in_english_and_in_chinese():
    diagnostics = [d for path in MESSY for d in diagnose(MESSY, path)]
    seen = set()
    for diagnostic in diagnostics:
        english, chinese = render(diagnostic.message, "en"), render(diagnostic.message, "zh")
        assert english == diagnostic.message
        assert isinstance(diagnostic.message, Text), (diagnostic.code, english)
        assert re.search(r"[\u4e00-\u9fff]", prose(chinese)) and chinese != english
        seen.add(diagnostic.code)
        for related in diagnostic.related:
            assert isinstance(related.message, Text), (diagnostic.code, related.message)
    print(sorted(seen))
    assert len(seen) >= 20, sorted(seen)


@pytest.mark.parametrize("english", sorted(ARGPARSE_ZH))
def test_argparse_texts_keep_their_percent_placeholders(english):
    def percents(text: str) -> list[str]:
        return sorted(re.findall(r"%\(\w+\)[sr]|%[sr]|\n", text))

    assert percents(ARGPARSE_ZH[english]) == percents(english)


def test_help_texts_are_chinese_and_name_the_same_flags_and_files():
    from profile_memory.core.catalogue.commands import ABOUT, COMMANDS, OPTIONS

    for english, chinese in [*COMMANDS.values(), *ABOUT.values(), *OPTIONS.values()]:
        assert re.search(r"[\u4e00-\u9fff]", chinese), english
        for name in re.findall(r"`[^`]+`|PM\d{3}|[\w.]+\.(?:md|jsonl)|\$\w+", english):
            assert name in chinese, (name, chinese)


def test_message_language_is_a_typed_setting_a_bad_value_reported_and_auto_kept():
    from profile_memory.core.config import merge_settings

    settings, problems = merge_settings([({"messageLanguage": "zh"}, "pmem.toml")])
    assert settings.message_language == "zh" and problems == []
    settings, problems = merge_settings([({"messageLanguage": "fr"}, "pmem.toml")])
    assert settings.message_language == "auto"
    (problem,) = problems
    assert str(problem) == (
        "pmem.toml: setting `messageLanguage`: 'fr' is invalid (expected 'auto', 'en' or 'zh'); "
        "the default is used"
    )
    assert render(problem.text(), "zh") == (
        "pmem.toml：设置 `messageLanguage`：'fr' 无效（应为 'auto'、'en' 或 'zh'）；已使用默认值"
    )


def test_no_key_is_in_two_parts_of_the_catalogue():
    from profile_memory.core.catalogue import checks, editor, front_ends

    parts = [checks.TEXTS, editor.TEXTS, front_ends.TEXTS]
    assert sum(map(len, parts)) == len(CATALOGUE)  # a key in two parts would hide one text
