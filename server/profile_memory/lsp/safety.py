"""No exception escapes a handler: a failing feature logs its traceback to stderr and answers null."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any

from pygls.exceptions import JsonRpcException

logger = logging.getLogger("profile_memory")


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(handler):
        @functools.wraps(handler)
        async def run_async(*args: Any) -> Any:
            try:
                return await handler(*args)
            except JsonRpcException:
                raise  # a deliberate error answer, e.g. a refused rename
            except Exception:
                logger.exception("%s failed", handler.__name__)
                return None

        return run_async

    @functools.wraps(handler)
    def run(*args: Any) -> Any:
        try:
            return handler(*args)
        except JsonRpcException:
            raise
        except Exception:
            logger.exception("%s failed", handler.__name__)
            return None

    return run


REQUEST_FAILED = -32803


def refuse(message: str) -> JsonRpcException:
    """An error answer the editor shows to the user (LSP RequestFailed)."""
    return JsonRpcException(message, code=REQUEST_FAILED)
