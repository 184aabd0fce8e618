"""The secret guard (docs/format.md, "Secrets"): what it missed and what it cried wolf on (#22).
Every case here was wrong before: a secret not found, or a plain value refused on every write."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profile_memory.core.secrets import (
    describe,
    find_secrets,
    masked,
    may_hold_secret,
    secrets_in_lines,
    suspect_lines,
)
from secrets_support import (
    FAKES,
    FAMILIES_22,
    HEX_DIGITS,
    KIND_22,
    LETTERS,
    MIXED,
    ZERO_WIDTH,
    _chars,
)

OPENAI, GITHUB, GOOGLE = FAKES["openai-api-key"], FAKES["github-token"], FAKES["google-api-key"]
URL_PASSWORD = "Pw/" + _chars(MIXED, 12)
NO_USER = _chars(MIXED, 14)
ENV_MIXED, ENV_HEX, JSON_TOKEN = _chars(MIXED, 40), _chars(HEX_DIGITS, 32), _chars(MIXED, 30)
CJK_PASSWORD = "Qm" + _chars(MIXED, 10)
PEM = FAMILIES_22["encoded-private-key"]

# (text, kind, the secret in it)
MISSED = [
    (f"我的key是{OPENAI}", "openai-api-key", OPENAI),
    (f"令牌{GITHUB}", "github-token", GITHUB),
    (f"谷歌的{GOOGLE}用于地图", "google-api-key", GOOGLE),
    (
        f"部署：git clone https://deploy:{URL_PASSWORD}@git.internal/app",
        "url-password",
        URL_PASSWORD,
    ),
    (f"镜像 https://:{NO_USER}@registry.internal", "url-password", NO_USER),
    *((f"支付用 {fake}", KIND_22.get(name, name), fake) for name, fake in FAMILIES_22.items()),
    (f"tls.key: {PEM}", "encoded-private-key", PEM),
    (f"SENDGRID_KEY={ENV_MIXED}", "assigned-secret", ENV_MIXED),
    (f"DATADOG_API_KEY={ENV_HEX}", "assigned-secret", ENV_HEX),
    (f'{{"api_token": "{JSON_TOKEN}"}}', "assigned-secret", JSON_TOKEN),
    (f"我的密码是{CJK_PASSWORD}，别外传", "assigned-secret", CJK_PASSWORD),
]


@pytest.mark.parametrize(("text", "kind", "secret"), MISSED, ids=lambda v: str(v)[:24])
def test_a_secret_missed_before_is_found_at_its_place(text, kind, secret):
    found = find_secrets(text)
    start = text.index(secret)
    assert [(s.kind, s.start, s.end) for s in found] == [(kind, start, start + len(secret))]
    assert secret not in masked(text) and f"<redacted:{kind}>" in masked(text)
    assert may_hold_secret(text) and suspect_lines(["x", text]) == [1]


ENVIRONMENT = [  # env-style assignments: found before, and still
    f"OPENAI_API_KEY={_chars(MIXED, 40)}",
    f"export STRIPE_SECRET_KEY={_chars(MIXED, 32)}",
    f"DB_PASSWORD={_chars(MIXED, 12)}",
    f"PGPASSWORD={_chars(MIXED, 12)}",
    f"accessToken: {_chars(MIXED, 24)}",
    f"apikey={_chars(MIXED, 24)}",
    f"**password**: {_chars(MIXED, 12)}",
    f"- 数据库密码：{_chars(MIXED, 12)}",
]


@pytest.mark.parametrize("text", ENVIRONMENT, ids=lambda v: v[:16])
def test_a_value_named_by_a_keyword_is_found(text):
    assert [s.kind for s in find_secrets(text)] == ["assigned-secret"]


UUID = "123e4567-e89b-42d3-a456-426614174000"
CRYING_WOLF = [
    "tokenizer: cl100k_base",
    "tokens: gpt4o_mini2",
    "tokenizer=o200k_base, tokens=gpt4o_mini2",
    "密码学课程：Crypto101A",
    "密码学课程：Crypto101A2026Spring",
    f"session token: {UUID}",
    f"token={UUID.upper()}",
    f"bypass: {_chars(MIXED, 20)}",
    f"monkey: {_chars(MIXED, 20)}",
    "SECRET_KEY=change_me_in_production",
    "api_key: your_api_key_here",
    "model key: claude-3-5-sonnet-20241022",
    "token: 2026-11-30T12:00:00.000Z",
    "密码：2026-11-30 12:00",
    f"token: {'ab12' * 16}",  # a sha256 digest
    "password: ${DB_PASSWORD}",
    "postgres://app:${PGPASSWORD}@db.internal/app",
    "postgres://app:xxxxxxxx@db.internal/app",
    "scheme://user:PASSWORD@host",  # the form's own example
    "https://:your_password@host",
    "https://registry.npmjs.org:443/@babel/core",
    "crt: " + "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURkekNDQWwrZ0F3SUJBZ0lF",  # a certificate
    "password=<redacted:assigned-secret>",
    "sk_live_YOUR_KEY_HERE",
    "hf_hub_download(repo_id)",
]


@pytest.mark.parametrize("text", CRYING_WOLF, ids=lambda v: v[:20])
def test_what_is_no_secret_is_not_reported(text):
    assert find_secrets(text) == []
    assert describe(text, "the text") is None


@pytest.mark.parametrize("invisible", ZERO_WIDTH, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("name", ["aws-access-key", "github-token", "jwt", "private-key"])
def test_a_key_split_by_an_invisible_character_is_found_whole(invisible, name):
    key = FAKES[name]
    split = key[:6] + invisible + key[6:9] + invisible * 2 + key[9:]
    text = f"部署 {split} 完成"
    (secret,) = find_secrets(text)
    assert (secret.kind, text[secret.start : secret.end]) == (name, split)
    shown = masked(text)
    assert shown == f"部署 <redacted:{name}> 完成" and invisible not in shown
    assert secrets_in_lines(["x", text, "y"]) == [(1, secret)]


def test_an_invisible_character_outside_a_key_moves_nothing_else():
    text = f"\ufeff前\u200b言 password={CJK_PASSWORD} 和 {GITHUB}\u200d"
    found = [(s.kind, text[s.start : s.end]) for s in find_secrets(text)]
    assert found == [("assigned-secret", CJK_PASSWORD), ("github-token", GITHUB)]
    assert masked(text) == (
        "\ufeff前\u200b言 password=<redacted:assigned-secret> 和 <redacted:github-token>\u200d"
    )


def test_a_url_password_runs_from_the_user_name_to_the_first_at():
    text = "https://user:pa:ss/w@host/path@x"
    assert [text[s.start : s.end] for s in find_secrets(text)] == ["pa:ss/w"]


NEW_PIECES = [
    *FAMILIES_22.values(),
    f"https://:{NO_USER}@h",
    f"SENDGRID_KEY={ENV_MIXED}",
    f"我的密码是{CJK_PASSWORD}",
    f"秘钥：{ENV_MIXED}",
    GITHUB[:5] + "\u200b" + GITHUB[5:],
    "AK" + "\u00ad" + FAKES["aws-access-key"][2:],
    json.dumps(f"我的密码是{CJK_PASSWORD}"),  # as a JSON writer escaping all but ASCII writes them
    json.dumps(f"令牌{GITHUB}"),
    json.dumps("AK" + "\ufeff" + FAKES["aws-access-key"][2:]),
]
GUARD_LINES = st.lists(
    st.builds(
        lambda before, piece, after: f"{before}{piece}{after}",
        st.sampled_from(["", "我的key是", "令牌", "说明 ", "\u200b", "x"]),
        st.sampled_from([*NEW_PIECES, "tokenizer: cl100k_base", "短", ""]),
        st.sampled_from(["", " 完成", "，", "\ufeff"]),
    ),
    max_size=8,
)


@settings(max_examples=300)
@given(GUARD_LINES, st.booleans())
def test_the_pre_scan_holds_every_new_family(lines, long):
    """The pre-scan stays a superset of what `find_secrets` finds, for the families and shapes
    of #22 too, on short texts and on long ones (searched by substring pieces)."""
    if long:
        lines = [*lines, "填充文字 " * 1000]
    holding = {i for i, line in enumerate(lines) if find_secrets(line)}
    assert set(suspect_lines(lines)) >= holding
    assert may_hold_secret("\n".join(lines)) or not holding


@settings(max_examples=200)
@given(
    st.sampled_from(NEW_PIECES + [OPENAI, GITHUB, GOOGLE]),
    st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), max_size=6),
    st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), max_size=6),
)
def test_chinese_around_a_secret_never_hides_it(piece, before, after):
    assert find_secrets(before + piece + after)


def test_letters_only_are_a_hugging_face_token_only_at_its_length():
    assert find_secrets("hf" + "_" + _chars(LETTERS, 33)) == []


SCRAMBLE = st.lists(
    st.sampled_from(
        [*NEW_PIECES, OPENAI, GITHUB, "token", "=", ":", "：", "密码", "://", "@", "/", "a", "Z9"]
        + [*ZERO_WIDTH, "偏好", " ", "-", "_", "🙂", "LS0t", "eyJ", "."]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=500)
@given(SCRAMBLE)
def test_found_secrets_are_ordered_apart_and_inside_the_text(text):
    found = find_secrets(text)
    assert all(0 <= s.start < s.end <= len(text) for s in found)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))
    assert all(text[s.start] not in ZERO_WIDTH and text[s.end - 1] not in ZERO_WIDTH for s in found)
    shown = masked(text)  # each found range, and only it, replaced
    hidden = sum(s.end - s.start - len(f"<redacted:{s.kind}>") for s in found)
    assert shown.count("<redacted:") == len(found) and len(shown) == len(text) - hidden
    assert may_hold_secret(text) or not found


def test_a_key_glued_to_another_is_hidden_to_the_end_of_its_word():
    stripe = FAMILIES_22["stripe-key"]
    assert masked(stripe * 3 + " 完成") == "<redacted:stripe-key> 完成"
    assert masked(f"{GITHUB}{GITHUB}") == "<redacted:github-token>"


def test_a_full_width_equals_sign_names_a_value():
    assert [s.kind for s in find_secrets(f"密码＝{CJK_PASSWORD}")] == ["assigned-secret"]


def _escaped(text: str) -> str:
    """`text` as a JSON writer that escapes every non-ASCII character writes it."""
    return json.dumps({"text": text})


ESCAPED = [
    (f"我的key是{OPENAI}", OPENAI, "openai-api-key"),
    (f"令牌{GITHUB}", GITHUB, "github-token"),
    (f"第一行\n{GITHUB}", GITHUB, "github-token"),
    (f"我的密码是{CJK_PASSWORD}", CJK_PASSWORD, "assigned-secret"),
    (f"秘钥：{ENV_MIXED}", ENV_MIXED, "assigned-secret"),
]


@pytest.mark.parametrize(("text", "secret", "kind"), ESCAPED, ids=lambda v: str(v)[:12])
def test_a_secret_in_a_json_line_with_escapes_is_found(text, secret, kind):
    line = _escaped(text)
    assert "\\u" in line or "\\n" in line
    (found,) = find_secrets(line)
    assert (found.kind, line[found.start : found.end]) == (kind, secret)
    assert suspect_lines(["x", line]) == [1] and secret not in masked(line)


@pytest.mark.parametrize("invisible", ZERO_WIDTH, ids=lambda c: f"U+{ord(c):04X}")
def test_a_key_split_by_an_escaped_invisible_character_is_found_whole(invisible):
    key = FAKES["aws-access-key"]
    line = _escaped(f"部署 {key[:8]}{invisible}{key[8:]}")
    (found,) = find_secrets(line)
    assert line[found.start : found.end] == json.dumps(key[:8] + invisible + key[8:])[1:-1]
    assert suspect_lines([line]) == [0] and masked(line).endswith(' <redacted:aws-access-key>"}')


def test_an_escaped_backslash_is_not_an_escape():
    """`\\\\u200b` in a JSON line is a backslash and `u200b`, not an invisible character: the
    key it splits stays split."""
    key = FAKES["aws-access-key"]
    line = json.dumps({"text": key[:8] + "\\u200b" + key[8:]})
    assert "\\\\u200b" in line and find_secrets(line) == []
