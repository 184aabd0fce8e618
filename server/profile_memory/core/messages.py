"""The message catalogue: every user-facing text by key, English and Chinese side by side.

A message site calls `msg(key, **args)`. The result is a `Text`: a plain `str` holding the English
text (so everything that handles messages as strings keeps working, and English output is the
same as before), which also remembers its key and arguments. A front end shows it in the person's
language with `render(text, lang)`; core never needs to know the language, and a cached finding is
rendered again in another language without being recomputed. An argument may itself be a `Text`
(a phrase inside a message): it is rendered in the same language.

Adding a message: add `"area.what": ("English {name}", "中文{name}")` to `CATALOGUE` (the same
named placeholders in both; tests/unit/test_messages.py checks), and write `msg("area.what",
name=...)` where the English text was.

Which language (`language_of_locale`, `language_of_environment`, `choose_language`): docs/format.md,
"Interface language".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from profile_memory.core.catalogue import checks, editor, front_ends
from profile_memory.core.help_zh import ARGPARSE_ZH as ARGPARSE_ZH
from profile_memory.core.help_zh import localized_parser as localized_parser

Lang = Literal["en", "zh"]
MESSAGE_LANGUAGES = ("auto", "en", "zh")

# key → (English, Chinese), from the catalogue's parts (core/catalogue/); no key is in two parts
CATALOGUE: dict[str, tuple[str, str]] = {**checks.TEXTS, **editor.TEXTS, **front_ends.TEXTS}
CODE_NAMES_ZH = checks.CODE_NAMES_ZH


class Text(str):
    """An English message that remembers its catalogue key and arguments (see the module
    docstring)."""

    key: str
    args: Mapping[str, Any]

    def __new__(cls, key: str, args: Mapping[str, Any]) -> Text:
        self = super().__new__(cls, _fill(CATALOGUE[key][0], args, "en"))
        self.key, self.args = key, dict(args)
        return self

    def map_args(self, change: Callable[[str], str]) -> Text:
        """The same message with `change` applied to each text argument (masking a secret)."""
        return Text(self.key, {k: _map(v, change) for k, v in self.args.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.key, self.args))


def _map(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, Text):
        return value.map_args(change)
    if isinstance(value, Joined):
        return Joined((_map(item, change) for item in value), value.how)
    if isinstance(value, (list, tuple)):
        return [_map(item, change) for item in value]
    return change(value) if isinstance(value, str) else value


_LIST_SEPARATOR = {"en": ", ", "zh": "、"}

# How `joined` parts are put together in each language.
_JOINS: dict[str, dict[Lang, str]] = {
    "clauses": {"en": "; ", "zh": "；"},
    "and": {"en": " and ", "zh": "，并且"},
}


class Joined(tuple):  # type: ignore[type-arg]
    """Parts of a message (texts of their own) joined the way a language joins them: clauses
    (`a; b` / `a；b`) or `a and b` (`a，并且b`)."""

    how: str

    def __new__(cls, parts: Iterable[Any], how: str = "clauses") -> Joined:
        self = super().__new__(cls, parts)
        self.how = how
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (tuple(self), self.how))


def joined(parts: Iterable[str], how: str = "clauses") -> Text:
    """`parts` as one text (`how`: "clauses" or "and"), each part rendered in the language the
    whole is shown in."""
    return Text("joined", {"parts": Joined(parts, how)})


def _shown(value: Any, lang: Lang) -> Any:
    """An argument as the message shows it: a `Text` in `lang`, a list joined the way `lang`
    lists things (`4, 5` / `4、5`), `Joined` parts the way `lang` joins them."""
    if isinstance(value, str):
        return render(value, lang)
    if isinstance(value, Joined):
        return _JOINS[value.how][lang].join(str(_shown(item, lang)) for item in value)
    if isinstance(value, (list, tuple)):
        return _LIST_SEPARATOR[lang].join(str(_shown(item, lang)) for item in value)
    return value


def _fill(template: str, args: Mapping[str, Any], lang: Lang) -> str:
    return template.format(**{k: _shown(v, lang) for k, v in args.items()})


def msg(key: str, /, **args: Any) -> Text:
    """The message `key` with its arguments: English as a `str`, any language with `render`."""
    return Text(key, args)


def render(text: str, lang: Lang) -> str:
    """`text` in `lang`: a `Text` from its catalogue entry, any other string as it is."""
    if not isinstance(text, Text):
        return str(text)
    if lang == "en":
        return str.__str__(text)
    return _fill(CATALOGUE[text.key][1], text.args, lang)


def said(error: BaseException) -> str:
    """What an exception says: the catalogue `Text` it was raised with, so that a front end shows
    it in its language; else its string."""
    if isinstance(error, OSError) and isinstance(error.strerror, Text):
        # written as Python writes an OSError, its reason in the front end's language
        if error.filename is None:
            return msg("os.error", errno=error.errno, why=error.strerror)
        return msg("os.error_at", errno=error.errno, why=error.strerror, path=repr(error.filename))
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Text) else str(error)


def placeholders(template: str) -> set[str]:
    """The names a template fills in (for the catalogue's test)."""
    import string  # here: its import compiles `Template`'s pattern, ~0.5 ms of every start

    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


_CHINESE_LOCALES = {"zh", "zh-cn", "zh-hans", "zh-sg", "zh-hans-cn", "zh-hans-sg"}


def language_of_locale(locale: str | None) -> Lang:
    """An LSP client's `locale` (BCP 47): Simplified Chinese → "zh"; anything else (zh-TW and
    zh-HK included, until there is a Traditional catalogue) → "en"."""
    return "zh" if (locale or "").strip().replace("_", "-").lower() in _CHINESE_LOCALES else "en"


def language_of_environment(environ: Mapping[str, str]) -> Lang:
    """The first of LC_ALL, LC_MESSAGES, LANG that is set decides: `zh_*` (`zh_CN.UTF-8`, also
    `zh`) → "zh". LANGUAGE is ignored; the locale need not be installed."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "zh" if value.lower() == "zh" or value.lower().startswith("zh_") else "en"
    return "en"


def choose_language(setting: str, otherwise: Lang) -> Lang:
    """`messageLanguage` ("auto", "en", "zh") over what the locale or environment says."""
    return "zh" if setting == "zh" else "en" if setting == "en" else otherwise
