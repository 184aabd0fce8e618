"""Fake secrets of every family, built from parts at test time (never real, and never a literal a
scanner would flag in the repository)."""

from __future__ import annotations

import random

_rng = random.Random(20261201)


def _chars(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MIXED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

FAKES: dict[str, str] = {
    "aws-access-key": "AK" + "IA" + _chars(UPPER_DIGITS, 16),
    "openai-api-key": "sk" + "-proj-" + _chars(MIXED, 48),
    "anthropic-api-key": "sk" + "-ant-" + "api03-" + _chars(MIXED, 90),
    "google-api-key": "AI" + "za" + _chars(MIXED, 35),
    "github-token": "gh" + "p_" + _chars(MIXED, 36),
    "gitlab-token": "gl" + "pat-" + _chars(MIXED, 20),
    "slack-token": "xo" + "xb-" + _chars("0123456789", 12) + "-" + _chars(MIXED, 24),
    "jwt": "ey"
    + "J"
    + _chars(MIXED, 20)
    + ".ey"
    + "J"
    + _chars(MIXED, 30)
    + "."
    + _chars(MIXED, 43),
    "private-key": "-----BEGIN " + "RSA PRIVATE" + " KEY-----",
}
URL_WITH_PASSWORD = "postgres://app:" + "Pw" + _chars(MIXED, 14) + "@db.internal:5432/app"
ASSIGNED = "password=" + "Zx" + _chars(MIXED, 14) + "9"

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
HEX_DIGITS = "0123456789abcdef"
ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff")


def _encoded_pem(kind: str) -> str:
    import base64

    pem = f"-----BEGIN {kind}-----\n".encode() + _chars(MIXED, 60).encode()
    return base64.b64encode(pem).decode()


# The families and shapes the guard learnt in #22: each (kind, text) is a secret `find_secrets`
# must report as `kind`, covering exactly the part `SECRET_PART` names (None: the whole text).
STRIPE = "sk" + "_live_" + _chars(MIXED, 24)
FAMILIES_22: dict[str, str] = {
    "stripe-key": STRIPE,
    "stripe-test-key": "sk" + "_test_" + _chars(MIXED, 24),
    "stripe-restricted-key": "rk" + "_live_" + _chars(MIXED, 24),
    "huggingface-token": "hf" + "_" + _chars(LETTERS, 34),
    "encoded-private-key": _encoded_pem("RSA " + "PRIVATE KEY"),
    "encoded-openssh-key": _encoded_pem("OPENSSH " + "PRIVATE KEY"),
}
KIND_22 = {
    "stripe-test-key": "stripe-key",
    "stripe-restricted-key": "stripe-key",
    "encoded-openssh-key": "encoded-private-key",
}
