"""What a person is asked before a compact profile changes (README, "Safety"): every change of the
plan in full, in their terms (the profile, the category, the kind, the text, OLD → NEW, the id it
will get). The texts are in the message catalogue (core/messages.py, `question.*`), English and
Chinese."""

from __future__ import annotations

from profile_memory.core.messages import CATALOGUE
from profile_memory.core.plans import Change, ChangeKind
from profile_memory.core.secrets import masked
from profile_memory.core.text import one_line

_KINDS = ("one", "many", "item", *ChangeKind)
TEXTS = {
    lang: {kind: CATALOGUE[f"question.{kind}"][column] for kind in (*_KINDS, "context")}
    for column, lang in enumerate(("en", "zh"))
}
_WORDS = {  # what a question names in the person's language: the scope, the kind proposed
    "en": {},
    "zh": {
        "user": "个人",
        "project": "项目",
        "add": "新增",
        "evolve": "演进",
        "pivot": "转向",
        "delete": "删除",
        "restore": "恢复",
    },
}


def describe(change: Change, language: str = "en") -> str:
    """One change as a question names it."""
    texts = TEXTS[language]
    words = _WORDS[language]
    scope = change.profile.removesuffix("-profile")
    scope = words.get(scope, scope)
    what = f"{change.old} → {change.text}" if change.old is not None else change.text
    said = texts[change.kind].format(
        id=change.id,
        replaces=change.replaces,
        scope=scope,
        category=change.category,
        text=change.text,
        old=change.old,
        proposed=words.get(change.proposed or "", change.proposed),
        what=what,
    )
    if change.context:
        said = texts["context"].format(change=said, context=one_line(change.context))
    return said


def question(changes: list[Change], otherwise: str = "", language: str = "en") -> str:
    """The question about a whole plan: one change in one sentence, several as a numbered list;
    a plan of no such change (a fix) by what it says it does, `otherwise`. Secrets are masked: a
    question goes to a client, and an entry being deleted or evolved may hold one."""
    texts = TEXTS[language]
    if len(changes) <= 1:
        one = describe(changes[0], language) if changes else otherwise
        return masked(texts["one"].format(change=one))
    items = [
        texts["item"].format(number=number, change=describe(change, language))
        for number, change in enumerate(changes, 1)
    ]
    return masked(texts["many"].format(count=len(changes), changes="\n".join(items)))
