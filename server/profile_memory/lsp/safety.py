"""What a failing handler does: a request is answered with a JSON-RPC error (its traceback goes to
the log on stderr), a notification is logged; the server keeps running either way."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any

from pygls.exceptions import JsonRpcException, JsonRpcInternalError, JsonRpcInvalidParams

from profile_memory.core.messages import render

logger = logging.getLogger("profile_memory")


def guarded(handler: Callable[..., Any], notification: bool = False) -> Callable[..., Any]:
    """`handler` with its failures contained: a request answers an error (never a silent null), a
    notification only logs (there is nobody to answer)."""

    def failed(error: Exception) -> Any:
        logger.exception("%s failed", handler.__name__)
        if notification:
            return None
        raise JsonRpcInternalError(f"{handler.__name__} failed: {error}") from None

    if inspect.iscoroutinefunction(handler):

        @functools.wraps(handler)
        async def run_async(*args: Any) -> Any:
            try:
                return await handler(*args)
            except JsonRpcException as error:
                _speak(error, args)  # a deliberate error answer, e.g. a refused rename
                raise
            except Exception as error:
                return failed(error)

        return run_async

    @functools.wraps(handler)
    def run(*args: Any) -> Any:
        try:
            return handler(*args)
        except JsonRpcException as error:
            _speak(error, args)
            raise
        except Exception as error:
            return failed(error)

    return run


def _speak(error: JsonRpcException, args: tuple) -> None:
    """A deliberate error answer in the interface's language: its message may be a catalogue
    `Text` (core/messages.py), rendered here, where the server (a handler's first argument) is
    known."""
    lang = getattr(args[0], "lang", None) if args else None
    if lang in ("en", "zh"):
        error.message = render(error.message, lang)
        error.args = (error.message,)


REQUEST_FAILED = -32803


def refuse(message: str) -> JsonRpcException:
    """An error answer the editor shows to the user (LSP RequestFailed)."""
    return JsonRpcException(message, code=REQUEST_FAILED)


def invalid(message: str) -> JsonRpcException:
    """An error answer for arguments of the wrong shape or type (JSON-RPC InvalidParams)."""
    return JsonRpcInvalidParams(message)
