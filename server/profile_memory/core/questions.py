"""What a person is asked before a compact profile changes (README, "Safety"): every change of the
plan in full, in their terms (the profile, the category, the kind, the text, OLD → NEW, the id it
will get). The texts are here, in one place, by language: English now; another language is one more
table."""

from __future__ import annotations

from profile_memory.core.plans import Change
from profile_memory.core.secrets import masked
from profile_memory.core.text import one_line

TEXTS = {
    "en": {
        "one": "Profile Memory — may I {change}?",
        "many": "Profile Memory — may I make these {count} changes?\n{changes}",
        "item": "{number}. {change}",
        "add": "add {id} to the {scope} profile under `{category}`: {text}",
        "evolve": "evolve {id} in the {scope} profile under `{category}`: {old} → {text}",
        "pivot": (
            "pivot {replaces} in the {scope} profile under `{category}` to {id}: {old} → {text}"
        ),
        "delete": "delete {id} from the {scope} profile under `{category}`: {text}",
        "restore": "restore {id} to the {scope} profile under `{category}`: {text}",
        "resume": "finish recording {id} in the {scope} profile under `{category}`: {text}",
        "discard": (
            "discard the proposal to {proposed} under `{category}` in the {scope} profile: {what}"
        ),
        "context": "{change} (their words: {context})",
    }
}


def describe(change: Change, language: str = "en") -> str:
    """One change as a question names it."""
    texts = TEXTS[language]
    scope = change.profile.removesuffix("-profile")
    what = f"{change.old} → {change.text}" if change.old is not None else change.text
    said = texts[change.kind].format(
        id=change.id,
        replaces=change.replaces,
        scope=scope,
        category=change.category,
        text=change.text,
        old=change.old,
        proposed=change.proposed,
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
