"""Secrets that must never be stored in a memory file (docs/format.md, "Secrets"): our own table of
prefix-anchored patterns for the common families, passwords inside URLs, and credentials named by
a keyword when the value looks random. What memory files are full of — ids, dates, timestamps,
sha256 digests, UUIDs, chat ids, model and tokenizer names, Chinese text — never matches.

Every search here is linear in its input, whatever the input: each pattern starts with a literal
(its boundary checked behind the literal, so the engine jumps from one occurrence to the next), its
repetitions are bounded or cannot overlap, and nothing is retried inside a run already read. Text
that no secret could be in is never searched (`may_hold_secret`, `suspect_lines`).

A found secret is reported by its family and position only: its value is never repeated.
"""

from __future__ import annotations

import binascii  # not base64: its import costs a check more than the decoding
import math
import re
from bisect import bisect_right
from collections import Counter
from typing import Any, AnyStr, NamedTuple

from profile_memory.core.lazy import pattern as lazy_pattern
from profile_memory.core.messages import msg
from profile_memory.core.text import lines_holding


class Secret(NamedTuple):
    kind: str  # the family, e.g. `aws-access-key`
    start: int  # code points, within the line or text searched
    end: int


# A key's edges are ASCII: a Chinese character right before one (`我的key是sk-…`) is not part of it.
# Each boundary is checked behind the literal the pattern starts with (`sk-(?<![…]sk-)`), not before
# it: a pattern that starts with a literal is searched for at memchr speed, one that starts with a
# look-behind is tried at every position.
_FAMILIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, lazy_pattern(pattern))
    for name, pattern in (
        ("private-key", r"-----BEGIN (?:[A-Z0-9]{1,24} ){0,4}PRIVATE KEY(?: BLOCK)?-----"),
        (
            "aws-access-key",
            r"A(?:KIA|SIA|BIA|CCA)(?<![A-Z0-9]A(?:KIA|SIA|BIA|CCA))[A-Z0-9]{16}(?![A-Z0-9])",
        ),
        (
            "anthropic-api-key",
            r"sk-ant-(?<![A-Za-z0-9_-]sk-ant-)[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{40,}",
        ),
        (
            "openai-api-key",
            r"sk-(?<![A-Za-z0-9_-]sk-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}",
        ),
        ("google-api-key", r"AIza(?<![A-Za-z0-9_-]AIza)[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])"),
        (
            "github-token",
            r"gh[pousr]_(?<![A-Za-z0-9_]gh[pousr]_)[A-Za-z0-9]{36,}"
            r"|github_pat_(?<![A-Za-z0-9_]github_pat_)[A-Za-z0-9_]{60,}",
        ),
        ("gitlab-token", r"glpat-(?<![A-Za-z0-9_-]glpat-)[A-Za-z0-9_-]{20,}"),
        ("slack-token", r"xox[abposr]-(?<![A-Za-z0-9_-]xox[abposr]-)[A-Za-z0-9-]{10,}"),
        (
            "stripe-key",
            r"[sr]k_(?:live|test|prod)_(?<![A-Za-z0-9_-][sr]k_live_)(?<![A-Za-z0-9_-][sr]k_test_)"
            r"(?<![A-Za-z0-9_-][sr]k_prod_)[A-Za-z0-9]{16,}",
        ),
        (
            "huggingface-token",
            r"(?:hf_(?<![A-Za-z0-9_-]hf_)|api_org_(?<![A-Za-z0-9_-]api_org_))"
            r"[A-Za-z0-9]{34,40}(?![A-Za-z0-9_-])",
        ),
        (
            "jwt",
            r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]{8,}",
        ),
    )
)

_KEY_REST = lazy_pattern(r"[A-Za-z0-9_-]*+")  # the rest of the word a key ends in

# A PEM private key encoded in base64 (a Kubernetes secret, a CI variable): `LS0tLS1CRUdJTi` is
# `-----BEGI` encoded; what the first characters decode to says whether it is a private key (a
# certificate is not a secret).
_ENCODED_PEM = lazy_pattern(
    r"LS0tLS1CRUdJTi(?<![A-Za-z0-9+/]LS0tLS1CRUdJTi)[A-Za-z0-9+/]{8,}+={0,2}"
)
_PEM_HEADER = lazy_pattern(rb"-----BEGIN (?:[A-Z0-9]{1,24} ){0,4}PRIVATE KEY")
_ENCODED_HEADER = 160  # characters decoded: 120 bytes, more than the longest header above

# Characters a text can hold without showing them; a key split by one is still that key.
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
# What the scan reads through: the invisible characters (read as nothing), and JSON's escapes, as
# a JSON line written with every non-ASCII character escaped holds them (`\u662fsk-…` is `是sk-…`,
# `AK\u200bIA…` is a key split by an invisible character, `https:\/\/…` a URL).
_HIDING = lazy_pattern(
    rf"(?P<invisible>[{INVISIBLE}]+)"
    r"|(?P<escaped>\\u(?:200[bcdBCD]|2060|00[aA][dD]|[fF][eE][fF][fF]))"
    r"|\\u(?P<code>[0-9a-fA-F]{4})|\\(?P<char>[nrtbf\"/\\])"
)
_UNESCAPED = {"n": " ", "r": " ", "t": " ", "b": " ", "f": " "}  # a break: a boundary
_READ_AS_NOTHING = ("invisible", "escaped")

# A password inside a URL: `scheme://user:PASSWORD@host`, the user name possibly empty, the
# password possibly holding `/` or `:` (it runs from the colon after the user name to the first
# `@`). Searched in the text reversed, from each `@` (a literal) back to the `://` before it:
# forwards, every `://` would be tried against every `@` after it. The password is at most 1,024
# characters, the user name 256.
_URL_PASSWORD_REVERSED = lazy_pattern(r"@([^\s@]{3,1024}):[^\s/:@]{0,256}+//:")
_PORT = lazy_pattern(r"\d{1,5}(?:/|$)")  # `host:8080/path@x`: a port and a path, not a password

# A value named by a keyword: `password=…`, `"token": "…"`, `DB_PASSWORD=…`, `accessToken: …`,
# `密码：…`, `令牌是…`. The keyword ends the name: `tokenizer:`, `tokens:`, `密码学：` name none.
# The pattern starts with a character class (searched for at memchr speed), each keyword's other
# letters checked after it; where the keyword starts is checked by `_starts_a_part`.
_ASSIGNED = lazy_pattern(
    r"(?P<word>[pPsStTkK密口令秘](?:(?<=[pP])(?i:ass(?:word|wd|phrase|code)?|wd)|(?<=[sS])(?i:ecret)"
    r"|(?<=[tT])(?i:oken)|(?<=[kK])(?i:ey)|(?<=密)[码钥]|(?<=口)令|(?<=令)牌|(?<=秘)钥))"
    r"[\"'*\]]{0,3}[ \t]{0,3}(?P<sep>[:=：＝]|是|为)[ \t]{0,3}[\"'`]?"
    r"(?P<value>[!#-&*+\--:=?-Z\\^_a-z~]{8,}+)"
)
# Parts of a name written joined to a keyword: `apikey`, `accesstoken`, `PGPASSWORD`.
_JOINED: tuple[str, ...] = ("api", "access", "auth", "secret", "private", "client", "app", "bot")
_JOINED += ("refresh", "session", "master", "admin", "root", "db", "pg", "my")
_PASSWORD_WORDS = ("pass", "pwd", "密码", "口令")
_CHINESE_KEYWORDS = ("密码", "口令", "令牌", "密钥", "秘钥")  # as `_ASSIGNED` spells them
_HEX = lazy_pattern(r"[0-9a-fA-F]+")
_UUID = lazy_pattern(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_LETTER = lazy_pattern(r"[A-SU-Ya-z]")  # T and Z are in timestamps
_FILE_NAME = lazy_pattern(r"[\w.-]+\.(?:md|tmp|jsonl|json|txt|toml|ya?ml|py|ts|js|log|lock)", re.I)
_PLACEHOLDER = lazy_pattern(
    r"[$%<{]|.*(?:xxxx|XXXX|\*\*\*|\.\.\.)|(.)\1*$"
    r"|(?i:(?:my|your)?[_-]?(?:pass(?:word|wd)?|pwd|secret|token|key))$"  # `user:PASSWORD@`
)
_WORDY_PART = lazy_pattern(r"[a-z]+|[A-Z][a-z]*|[A-Z]+")


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def _classes(value: str) -> int:
    return sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
        )
    )


def _not_a_credential(value: str) -> bool:
    """What follows a keyword in memory files and is not a credential: a placeholder (`${DB_PASS}`,
    `<token>`, `xxxx`, `***`, the word `PASSWORD` itself), a UUID, a date, a number or a version, a
    path, a file name, a Markdown link, an id of ours, words (`your_api_key_here`,
    `claude-3-5-sonnet-20241022`)."""
    return bool(
        _PLACEHOLDER.match(value)
        or _UUID.fullmatch(value)
        or len(_LETTER.findall(value, 0, 64)) < 2
        or _FILE_NAME.fullmatch(value)
        or value.startswith(("/", "~/", "./", "../", "PF-", "http://", "https://"))
        or "](" in value
        or all(_WORDY_PART.fullmatch(part) or part.isdigit() for part in re.split(r"[_.-]", value))
    )


def _looks_random(value: str, password: bool, environment: bool) -> bool:
    """A credential rather than a word: letters and digits mixed, high entropy, and not what
    `_not_a_credential` lists. A password (`password`, `pwd`, `密码`, `口令`) may be short: 8
    characters, entropy 2.5 bits a character; a token, key or secret 16 characters and 3.3 bits. A
    hex string is a digest unless an environment variable (`DATADOG_API_KEY=…`) names it: then
    32 hex digits are a key."""
    shortest = 8 if password else 16
    if len(value) < shortest or len(set(value[:64])) < 5 or _not_a_credential(value):
        return False
    if _HEX.fullmatch(value):
        return environment and len(value) >= 32
    return _classes(value) >= 2 and _entropy(value) >= (2.5 if password else 3.3)


def _is_letter(char: str) -> bool:
    return "a" <= char <= "z" or "A" <= char <= "Z"


def _starts_a_part(text: str, at: int, joined: int = 2) -> bool:
    """Whether the keyword at `at` starts a part of its name: after a character that is not an
    ASCII letter (`DB_PASSWORD`, `数据库密码`, `"token"`), at a camelCase step (`githubToken`), or
    after one of `_JOINED` that starts one itself (`apikey`; at most two: `myApiKey`). `bypass`,
    `monkey`, `turkey` name no secret."""
    if at == 0 or not _is_letter(text[at - 1]) or not _is_letter(text[at]):
        return True
    if text[at - 1].islower() and text[at].isupper():
        return True
    return joined > 0 and any(
        text[at - len(part) : at].lower() == part
        and _starts_a_part(text, at - len(part), joined - 1)
        for part in _JOINED
    )


def _assigned_secrets(text: str) -> list[Secret]:
    found = []
    for match in _ASSIGNED.finditer(text):
        word = match.group("word")
        if not _starts_a_part(text, match.start()):
            continue
        value = match.group("value").rstrip(".:*")  # a sentence's full stop, Markdown's `**`
        password = any(piece in word.lower() for piece in _PASSWORD_WORDS)
        environment = word.isupper() and match.group("sep") == "="
        if _looks_random(value, password, environment):
            start = match.start("value")
            found.append(Secret("assigned-secret", start, start + len(value)))
    return found


def _url_passwords(text: str) -> list[Secret]:
    if "://" not in text or "@" not in text:
        return []
    found, reversed_text, length = [], text[::-1], len(text)
    for match in _URL_PASSWORD_REVERSED.finditer(reversed_text):
        start, end = length - match.end(1), length - match.start(1)
        password = text[start:end]
        if not (_PORT.match(password) or _PLACEHOLDER.match(password)):
            found.append(Secret("url-password", start, end))
    return found


def _encoded_private_keys(text: str) -> list[Secret]:
    found = []
    for match in _ENCODED_PEM.finditer(text):
        head = match.group()[:_ENCODED_HEADER]
        try:
            decoded = binascii.a2b_base64(head[: len(head) // 4 * 4])
        except (binascii.Error, ValueError):
            continue
        if _PEM_HEADER.match(decoded):
            found.append(Secret("encoded-private-key", match.start(), match.end()))
    return found


def _word_end(text: str, at: int) -> int:
    """Where the word a key ends in ends: a key glued to another (`ghp_…ghp_…`) is hidden whole,
    not only up to where the first one's pattern stops."""
    rest = _KEY_REST.match(text, at)
    return rest.end() if rest else at


def _find_visible(text: str) -> list[Secret]:
    found = [
        Secret(kind, m.start(), _word_end(text, m.end()))
        for kind, pattern in _FAMILIES
        for m in pattern.finditer(text)
    ]
    found += _encoded_private_keys(text)
    found += _url_passwords(text)
    found += _assigned_secrets(text)
    found.sort(key=lambda s: (s.start, -s.end))
    kept: list[Secret] = []
    for secret in found:
        if not kept or secret.start >= kept[-1].end:
            kept.append(secret)
    return kept


def _replacement(match: re.Match[str]) -> str:
    code, char = match.group("code"), match.group("char")
    if code is not None:
        return chr(int(code, 16))
    if char is not None:
        return _UNESCAPED.get(char, char)
    return ""  # an invisible character, written or escaped


def _placements(text: str) -> tuple[list[int], list[int], dict[int, int]]:
    """How to place what is found in `text` as the scan reads it back in `text`: where each
    change's shift starts in the read text, the characters removed up to there, and the end in
    `text` of each character that stands for an escape."""
    changes = [
        (m.start(), m.end(), m.lastgroup not in _READ_AS_NOTHING) for m in _HIDING.finditer(text)
    ]
    starts: list[int] = []
    removed: list[int] = []
    ends: dict[int, int] = {}
    total = 0
    for start, end, kept in changes:  # `kept`: one character stands for the change
        at = start - total  # where the change is in the read text
        if kept:
            ends[at] = end
        total += end - start - kept
        starts.append(at + kept)
        removed.append(total)
    return starts, removed, ends


def _found_through(text: str) -> list[Secret]:
    """The secrets in `text` read through `_HIDING`, placed back in `text`: a range covers the
    invisible characters and escapes inside it, so masking hides the whole key. (The placements
    are worked out only when something is found.)"""
    found = _find_visible(_HIDING.sub(_replacement, text))
    if not found:
        return found
    starts, removed, ends = _placements(text)

    def original(at: int) -> int:
        runs = bisect_right(starts, at)
        return at + (removed[runs - 1] if runs else 0)

    return [
        Secret(s.kind, original(s.start), ends.get(s.end - 1) or original(s.end - 1) + 1)
        for s in found
    ]


def find_secrets(text: str) -> list[Secret]:
    """Every secret in `text` (a line, or a whole value), in order, non-overlapping. A secret
    split by an invisible character (`INVISIBLE`) or written with JSON's escapes is found, its
    range covering all of it."""
    if (not text.isascii() or "\\" in text) and _HIDING.search(text):
        return _found_through(text)
    return _find_visible(text)


# What every secret above has in it: text without any of these is not searched. Plain substring
# tests (C speed) rather than one regex: an alternation costs a scan per position.
_LITERALS = (
    "-----BEGIN",
    "AKIA",
    "ASIA",
    "ABIA",
    "ACCA",
    "sk-",
    "sk_",  # Stripe
    "rk_",
    "hf_",  # Hugging Face
    "api_org_",
    "LS0tLS1CRUdJTi",  # a base64-encoded PEM header
    "AIza",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "eyJ",
    "://",
    *_CHINESE_KEYWORDS,
    *INVISIBLE,  # a key split by one holds none of the pieces above
    "\\u200",  # nor one split by one escaped (`\u200b`)
    "\\u2060",
    "\\u00ad",
    "\\u00AD",
    "\\ufeff",
    "\\uFEFF",
    ":\\/\\/",  # an escaped `://`
    *(  # the Chinese keywords escaped (`\u5bc6\u7801`), in lower and upper case
        "".join(f"\\u{ord(c):04{case}}" for c in word)
        for word in _CHINESE_KEYWORDS
        for case in "xX"
    ),
)
_WORDS = ("pass", "pwd", "secret", "token", "key")  # any case


_ANY = lazy_pattern("|".join(map(re.escape, _LITERALS)) + "|(?i:" + "|".join(_WORDS) + ")")
# An ignore-case pattern also matches ſ to s and the Kelvin sign to k, which `str.lower` keeps.
_FOLDING = ("\u017f", "\u212a")
# Characters: below, one search of `_ANY` is cheapest; above, the substring tests are. The pattern
# costs about 0.25 µs a character (its ignore-case words are tried at each position), the tests a
# few µs a text: they cost the same at about 64 characters, and at 1,000 the tests are 10× faster
# (a profile, a record, a proposal are all longer than 64).
SHORT = 64


# The pieces by a character they hold — `_` or `J` when they hold one (rare in memory files, where
# `g`, `h` or `e` is on every line), else their first: a character is looked for at memchr speed,
# and the pieces keyed by it only where it occurs (most texts lack `A`, `_`, `:` or `密`), by one
# pattern (the eight literals that hold `_` cost one scan of a long text, not eight); each is
# looked for alone only when one of them is there.
Group = tuple[AnyStr, "re.Pattern[AnyStr]", tuple[AnyStr, ...]]
_BAR: dict[type, Any] = {str: "|", bytes: b"|"}
_RARE: dict[type, Any] = {str: ("_", "J"), bytes: (b"_", b"J")}


def _gate(piece: AnyStr) -> AnyStr:
    """The character a piece is looked for by."""
    return next((rare for rare in _RARE[type(piece)] if rare in piece), piece[:1])


def _grouped(pieces: tuple[AnyStr, ...]) -> tuple[Group[AnyStr], ...]:
    by_gate: dict[AnyStr, list[AnyStr]] = {}
    for piece in pieces:
        by_gate.setdefault(_gate(piece), []).append(piece)
    bar = _BAR[type(pieces[0])]
    return tuple(
        (gate, lazy_pattern(bar.join(map(re.escape, group))), tuple(group))
        for gate, group in by_gate.items()
    )


# The ASCII pieces are looked for in the text as ASCII (half the bytes of a Chinese text's string),
# the others in the text.
_ASCII_GROUPS = _grouped(tuple(piece.encode() for piece in _LITERALS if piece.isascii()))
_OTHER_GROUPS = _grouped(tuple(piece for piece in _LITERALS + _FOLDING if not piece.isascii()))
_WORD_GROUPS = _grouped(tuple(word.encode() for word in _WORDS))  # `pass`, `pwd`: one scan


def _pieces_in(text: AnyStr, groups: tuple[Group[AnyStr], ...]) -> list[AnyStr]:
    return [
        piece
        for gate, pattern, group in groups
        if gate in text and pattern.search(text)
        for piece in group
        if piece in text
    ]


def _ascii_of(text: str) -> bytes:
    """`text` as ASCII, each other character a `?`: where the ASCII pieces and (lowered) the words
    are looked for, at a sixth of what `str.lower` costs on Chinese text. No piece holds a `?`, so a
    piece is found here exactly where the text has it; the characters an ignore-case match takes
    for a word's letter, ſ and the Kelvin sign, are pieces of their own. One byte per character:
    lines keep their numbers."""
    return text.encode("ascii", "replace")


def may_hold_secret(text: str) -> bool:
    """False only when `text` cannot hold a secret (cheap: no secret pattern is run)."""
    if len(text) < SHORT:
        return _ANY.search(text) is not None
    ascii_text = _ascii_of(text)
    return bool(
        _pieces_in(text, _OTHER_GROUPS)
        or _pieces_in(ascii_text, _ASCII_GROUPS)
        or _pieces_in(ascii_text.lower(), _WORD_GROUPS)
    )


def suspect_lines(
    lines: list[str], start: int = 0, stop: int | None = None, joined: str | None = None
) -> list[int]:
    """The lines start..stop that may hold a secret, in order: those holding a piece every secret
    has. The whole range is searched at once, once per piece, and lines are counted only up to
    where something was found (a log of 150,000 lines costs what a few scans of its text cost).
    `joined`: the range's lines joined by line feeds, when the caller has made it."""
    stop = len(lines) if stop is None else stop
    text = "\n".join(lines[start:stop]) if joined is None else joined
    if len(text) < SHORT:
        return [i for i in range(start, stop) if _ANY.search(lines[i])] if _ANY.search(text) else []
    ascii_text = _ascii_of(text)
    lowered = ascii_text.lower()
    found = lines_holding(text, _pieces_in(text, _OTHER_GROUPS))
    found |= lines_holding(ascii_text, _pieces_in(ascii_text, _ASCII_GROUPS))
    found |= lines_holding(lowered, _pieces_in(lowered, _WORD_GROUPS))
    return [start + line for line in sorted(found)]


def secrets_in_lines(
    lines: list[str], start: int = 0, stop: int | None = None
) -> list[tuple[int, Secret]]:
    """(line, secret) for every secret on lines start..stop."""
    return [
        (index, secret)
        for index in suspect_lines(lines, start, stop)
        for secret in find_secrets(lines[index])
    ]


def redacted(kind: str) -> str:
    return f"<redacted:{kind}>"


def masked(text: str) -> str:
    """`text` with each secret in it replaced by `<redacted:KIND>`: what every view of a memory
    file shows (recall, trace, hover, search, the outline), so that none repeats a secret."""
    if not may_hold_secret(text):
        return text
    # joined once: a text holding many secrets costs what a text holding one does
    pieces: list[str] = []
    shown = 0
    for secret in find_secrets(text):
        pieces += (text[shown : secret.start], redacted(secret.kind))
        shown = secret.end
    return "".join((*pieces, text[shown:]))


def describe(text: str, what: str) -> str | None:
    """Why `text` must not be written (naming the family and column, never the value); None when it
    holds no secret."""
    secrets = find_secrets(text)
    if not secrets:
        return None
    first = secrets[0]
    line = text.count("\n", 0, first.start)
    column = first.start - (text.rfind("\n", 0, first.start) + 1) + 1
    where = (
        msg("secret.at_line", line=line + 1, column=column)
        if "\n" in text
        else msg("secret.at_column", column=column)
    )
    more = msg("secret.more", n=len(secrets) - 1) if len(secrets) > 1 else ""
    kind = msg("secret.an" if first.kind[0] in "aeiou" else "secret.a", kind=first.kind)
    return msg("secret.refused", what=what, kind=kind, where=where, more=more)
