"""Settings: one typed, fully defaulted model for the CLI, `pmem.toml` and the editor
(docs/format.md, "Files" and "Diagnostics").

Bad values never stop anything: each is reported (naming the key) and its default is used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from profile_memory.core.codes import CODES, LEVELS, Severity
from profile_memory.core.messages import msg

if TYPE_CHECKING:
    import datetime as dt

# `tomllib` and `datetime` are imported where they are used: a command run where no pmem.toml is
# (most `pmem recall` calls) and that asks no date never pays for them at start.

DEFAULT_LIMITS = {"user-profile": 50, "project-profile": 30, "default": 50}
# ≈ tokens a compact profile may cost in every prompt (docs/format.md, "Token budgets")
DEFAULT_TOKEN_BUDGETS = {"user-profile": 1500, "project-profile": 1000, "default": 1500}
CONFIG_FILE_NAME = "pmem.toml"


class Settings(NamedTuple):
    """Every setting, with its default. Built by `merge_settings`, which checks each value it is
    given. (A named tuple, as the other values `pmem recall` builds: a dataclass costs its
    import and ~1 ms to make, ARCHITECTURE.md "Start-up"; its tables are read-only views.)"""

    user_profile_dir: str | None = None
    project_profile_dir: str = ".cursor/profile"
    memory_dirs: Sequence[str] = ()
    limits: Mapping[str, int] = MappingProxyType(DEFAULT_LIMITS)
    token_budget: Mapping[str, int] = MappingProxyType(DEFAULT_TOKEN_BUDGETS)
    fact_token_budget: int = 2000
    recall_token_budget: int = 4000
    severity: Mapping[str, str] = MappingProxyType({})
    language: str = "zh"
    message_language: str = "auto"  # the interface's language (core/messages.py): auto, en, zh
    debounce_ms: int = 200
    entry_info: str = "inlay"  # where a profile entry's record count and last change show
    fact_file_max_bytes: int = 16 * 1024
    max_file_bytes: int = 8 * 1024 * 1024
    fact_history_max: int = 50  # FACT.md versions kept (docs/format.md, "FACT.md versions")

    def limit_for(self, pair: str) -> int:
        return self.limits.get(pair, self.limits.get("default", DEFAULT_LIMITS["default"]))

    def token_budget_for(self, pair: str) -> int:
        budgets = self.token_budget
        return budgets.get(pair, budgets.get("default", DEFAULT_TOKEN_BUDGETS["default"]))

    def severities(self) -> dict[str, Severity | None]:
        return {code: LEVELS[level] for code, level in self.severity.items()}


ENTRY_INFO = ("inlay", "codeLens", "off")


def _whole(minimum: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            return msg("config.whole", minimum=minimum)
        return None

    return check


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) else msg("config.string")


def _one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if value in choices:
            return None
        quoted = [f"'{choice}'" for choice in choices]
        return msg("config.one_of", choices=quoted[:-1], last=quoted[-1])

    return check


# Scalar settings: the key as written in pmem.toml and the editor, the field, and what a value must
# be. (Plain checks rather than a model: the server imports this at start-up, and start-up is kept
# short.)
_SCALARS: dict[str, tuple[str, Callable[[Any], str | None]]] = {
    "userProfileDir": ("user_profile_dir", lambda v: None if v is None else _text(v)),
    "projectProfileDir": ("project_profile_dir", _text),
    "memoryDirs": (
        "memory_dirs",
        lambda v: (
            None
            if isinstance(v, list) and all(isinstance(i, str) for i in v)
            else msg("config.strings")
        ),
    ),
    "language": ("language", _one_of("zh", "en")),
    "messageLanguage": ("message_language", _one_of("auto", "en", "zh")),
    "debounceMs": ("debounce_ms", _whole(0)),
    "entryInfo": ("entry_info", _one_of(*ENTRY_INFO)),
    "factFileMaxBytes": ("fact_file_max_bytes", _whole(1)),
    "factTokenBudget": ("fact_token_budget", _whole(1)),
    "recallTokenBudget": ("recall_token_budget", _whole(1)),
    "maxFileBytes": ("max_file_bytes", _whole(1)),
    "factHistoryMax": ("fact_history_max", _whole(1)),
}
_ALIASES = {
    **{key: name for key, (name, _) in _SCALARS.items()},
    **{name: name for name, _ in _SCALARS.values()},
    "limits": "limits",
    "severity": "severity",
    "tokenBudget": "token_budget",
    "token_budget": "token_budget",
}
_CHECKS = {name: check for name, check in _SCALARS.values()}
CLIENT_KEYS = frozenset(
    {"server", "trace"}
)  # the editor extension's own settings in the same section


class ConfigProblem(NamedTuple):
    key: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        return str(self.text())

    def text(self) -> str:
        """The problem as a catalogue message (core/messages.py), English as a string."""
        return msg(
            "config.problem.at" if self.source else "config.problem",
            source=self.source,
            key=self.key,
            message=self.message,
        )


def _canonical(
    raw: Mapping[str, Any], source: str
) -> tuple[dict[str, tuple[str, Any]], list[ConfigProblem]]:
    """Values by field name, each with the key as written (for messages)."""
    values: dict[str, tuple[str, Any]] = {}
    problems = []
    for key, value in raw.items():
        if key in CLIENT_KEYS:
            continue
        name = _ALIASES.get(key)
        if name is None:
            problems.append(ConfigProblem(key, msg("config.unknown"), source))
        else:
            values[name] = (key, value)
    return values, problems


def _severity_item(code: str, level: Any) -> tuple[str, str] | str:
    if code not in CODES:
        return msg("config.unknown_code")
    if not isinstance(level, str) or level.lower() not in LEVELS:
        return msg("config.level", level=repr(level))
    return code, level.lower()


def _limit_item(name: str, limit: Any) -> tuple[str, int] | str:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        return msg("config.positive", value=repr(limit))
    return str(name).lower(), limit


_TABLES: dict[str, tuple[str, Callable[[str, Any], tuple[str, Any] | str]]] = {
    "severity": ("CODE = LEVEL", _severity_item),
    "limits": ("NAME = lines", _limit_item),
    "token_budget": ("NAME = tokens", _limit_item),
}


def _check_table(name: str, value: Any, source: str) -> tuple[dict[str, Any], list[ConfigProblem]]:
    """Keep the good items of a table setting; report each bad one by its dotted key."""
    shape, check_item = _TABLES[name]
    if not isinstance(value, Mapping):
        return {}, [ConfigProblem(name, msg("config.table", shape=shape), source)]
    kept, problems = {}, []
    for key, item in value.items():
        checked = check_item(key, item)
        if isinstance(checked, str):
            problems.append(ConfigProblem(f"{name}.{key}", checked, source))
        else:
            kept[checked[0]] = checked[1]
    return kept, problems


def merge_settings(
    layers: list[tuple[Mapping[str, Any], str]],
) -> tuple[Settings, list[ConfigProblem]]:
    """Combine layers, lowest precedence first (defaults < user toml < project toml < flags or
    editor)."""
    merged: dict[str, Any] = {
        "limits": dict(DEFAULT_LIMITS),
        "token_budget": dict(DEFAULT_TOKEN_BUDGETS),
        "severity": {},
    }
    problems: list[ConfigProblem] = []
    for raw, source in layers:
        values, found = _canonical(raw, source)
        problems += found
        for name, (key, value) in values.items():
            if name in _TABLES:
                value, found = _check_table(name, value, source)
                problems += found
            elif (message := _CHECKS[name](value)) is not None:
                problems.append(
                    ConfigProblem(
                        key, msg("config.invalid", value=repr(value), why=message), source
                    )
                )
                continue
            if name in _TABLES:  # later layers add to tables instead of replacing them
                merged[name] = {**merged[name], **value}
            else:
                merged[name] = value
    return Settings(**merged), problems


class ConfigFileError(ValueError):
    """A `pmem.toml` that is not valid TOML."""


def parse_config_text(text: str, source: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigFileError(msg("config.toml", source=source, error=str(error))) from None


def today(environ: Mapping[str, str], clock: dt.date | None = None) -> dt.date:
    """Today in the local time zone, or `PMEM_TODAY` (YYYY-MM-DD) when it is set."""
    import datetime as dt

    value = environ.get("PMEM_TODAY")
    if value:
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            raise ValueError(msg("config.bad_today", value=repr(value))) from None
    return clock or dt.date.today()
