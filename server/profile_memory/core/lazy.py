"""Regular expressions compiled at their first use: importing a module costs none of its patterns,
so a command that never needs them (`pmem recall` and the secrets' detail patterns) never builds
them."""

from __future__ import annotations

import re
from typing import Any, AnyStr, cast

_METHODS = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)


class _Pending:
    """Stands for a `re.Pattern` until one of its methods is first looked up; then it compiles
    and keeps the pattern's methods as its own attributes (later look-ups cost nothing more)."""

    def __init__(self, source: str | bytes, flags: int) -> None:
        self._source, self._flags = source, flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_source", "_flags"):
            raise AttributeError(name)
        compiled = re.compile(self._source, self._flags)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


def pattern(source: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """`re.compile(source, flags)`, done when the pattern is first used. Use its methods only (it
    is no `re.Pattern` to `isinstance` or to `re.sub`)."""
    return cast("re.Pattern[AnyStr]", _Pending(source, flags))
