"""`pmem mcp`'s stdio: a thin guard between stdin and the MCP SDK (README, "Agents (MCP)").

The SDK drops a frame it cannot validate without a word, although the client that sent a request
with an id then waits for ever: `jsonrpc` missing or not "2.0", `params` that is no object, a batch
(a JSON array), a lone surrogate escape (`\\ud800`), bytes that are not UTF-8, an id that is no
string or integer. Each line is checked here first: a good one is passed to the SDK as it came, a
bad one that carries an id is answered with a JSON-RPC error naming what is wrong (a line that is
no JSON at all, with a null id), and the server keeps serving. A bad frame without an id (a
notification, a response) gets no answer, as JSON-RPC says, and a line on stderr.

Imported only by `pmem mcp` (with the server, while `mcp_handshake` answers `initialize`), so
the SDK stays out of every other command. The first frame is the one `mcp_handshake` read.
"""

import json
import logging
import os
import sys
import threading
import time
from collections.abc import AsyncIterator
from typing import Any, BinaryIO

import anyio
import anyio.to_thread
from mcp.server.stdio import stdio_server
from mcp.types import jsonrpc_message_adapter

from profile_memory.core.values import value_class
from profile_memory.mcp_handshake import Opening
from profile_memory.store.safe import wait_for_writes

logger = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
EOF_GRACE = 1.0  # seconds the calls in flight get to answer once the client closed stdin


@value_class(frozen=True, slots=True)
class Refusal:
    """Why a frame is not passed on, and the answer it gets (None: it carries no id)."""

    reason: str
    answer: str | None


def _error(code: int, message: str, request_id: Any = None) -> str:
    return json.dumps(
        {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    )  # ASCII: an id may hold half of a surrogate pair, which UTF-8 cannot carry


def _lone_surrogate(value: Any) -> bool:
    """Whether a string anywhere in `value` holds half of a surrogate pair (no Unicode text)."""
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value) if not value.isascii() else False
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


def _id_of(frame: dict[str, Any]) -> Any:
    """The id to answer with: the frame's own when it is one JSON-RPC allows, else null."""
    value = frame.get("id")
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def _answer(frame: dict[str, Any], code: int, message: str) -> str | None:
    """An error answer to a request; None for a notification or a response (never answered)."""
    if "id" not in frame or "method" not in frame:
        return None
    return _error(code, message, _id_of(frame))


def _check_object(frame: dict[str, Any], line: str) -> Refusal | None:
    if frame.get("jsonrpc") != "2.0":
        found = "missing" if "jsonrpc" not in frame else f"{json.dumps(frame['jsonrpc'])}"
        why = f'"jsonrpc" must be "2.0" ({found})'
        return Refusal(why, _answer(frame, INVALID_REQUEST, f"Invalid request: {why}"))
    if "params" in frame and not isinstance(frame["params"], dict):
        why = '"params" must be an object'
        return Refusal(why, _answer(frame, INVALID_PARAMS, f"Invalid params: {why}"))
    if "method" in frame and "id" in frame and _id_of(frame) is None:
        why = '"id" must be a string or an integer'
        return Refusal(why, _answer(frame, INVALID_REQUEST, f"Invalid request: {why}"))
    if _lone_surrogate(frame):
        why = "a \\u escape is half of a surrogate pair: the text is not Unicode"
        return Refusal(why, _answer(frame, PARSE_ERROR, f"Parse error: {why}"))
    try:
        jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError:
        why = "not a JSON-RPC request, notification or response"
        return Refusal(why, _answer(frame, INVALID_REQUEST, f"Invalid request: {why}"))
    return None


def check(raw: bytes) -> tuple[str | None, list[Refusal]]:
    """A line as read: the text to pass on (None when refused), and why each frame is refused."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        why = f"the line is not UTF-8 (byte {error.start + 1})"
        try:
            frame = json.loads(raw.decode("utf-8", errors="replace"))
        except (ValueError, RecursionError):
            frame = None
        answer = (
            _answer(frame, PARSE_ERROR, f"Parse error: {why}")
            if isinstance(frame, dict)
            else _error(PARSE_ERROR, f"Parse error: {why}")
        )
        return None, [Refusal(why, answer)]
    try:
        parsed = json.loads(line)
    except json.JSONDecodeError as error:
        why = f"not JSON ({error.msg} at column {error.colno})"
        return None, [Refusal(why, _error(PARSE_ERROR, f"Parse error: {why}"))]
    except RecursionError:
        why = "nested too deeply"
        return None, [Refusal(why, _error(PARSE_ERROR, f"Parse error: {why}"))]
    if isinstance(parsed, list):
        why = "batches (JSON arrays) are not supported: send one message per line"
        refusals = [
            Refusal(why, _answer(item, INVALID_REQUEST, f"Invalid request: {why}"))
            for item in parsed
            if isinstance(item, dict)
        ]
        if not any(r.answer for r in refusals):
            refusals.append(Refusal(why, _error(INVALID_REQUEST, f"Invalid request: {why}")))
        return None, refusals
    if not isinstance(parsed, dict):
        why = "a message must be a JSON object"
        return None, [Refusal(why, _error(INVALID_REQUEST, f"Invalid request: {why}"))]
    refusal = _check_object(parsed, line)
    return (None, [refusal]) if refusal else (line, [])


class _Output:
    """The wire out, shared by the SDK and the guard: whole lines, one at a time."""

    def __init__(self, wire: BinaryIO, answered: tuple[Any, str] | None = None) -> None:
        self._wire = wire
        self._lock = anyio.Lock()
        self.sending = threading.Lock()  # held while a frame is on its way out (`_end_when_gone`)
        self._answered = answered  # the request answered before the SDK was there, and how

    async def write(self, text: str) -> None:
        if self._answered is not None and self._already_answered(text):
            return
        data = text.encode("utf-8")
        async with self._lock:
            await anyio.to_thread.run_sync(self._send, data)

    def _already_answered(self, text: str) -> bool:
        """Whether `text` answers the request `mcp_handshake` answered: it is not sent again (a
        different answer is logged: the early answer no longer says what the SDK says)."""
        assert self._answered is not None
        request_id, early = self._answered
        try:
            frame = json.loads(text)
        except ValueError:
            return False
        found = frame.get("id") if isinstance(frame, dict) and "method" not in frame else None
        if found != request_id or type(found) is not type(request_id):
            return False
        self._answered = None
        if text.rstrip("\n") != early:
            logger.warning("initialize was answered before the SDK, otherwise: %s", text)
        return True

    def _send(self, data: bytes) -> None:
        with self.sending:
            self._wire.write(data)
            self._wire.flush()

    async def flush(self) -> None:
        pass  # each write is flushed


class _GuardedInput:
    """The wire in, as the SDK reads it (lines of text): only the frames that pass `check`."""

    def __init__(self, wire: BinaryIO, output: _Output, first: bytes = b"") -> None:
        self._wire = wire
        self._output = output
        self._first = first  # the line `mcp_handshake` read (b"": stdin ended before one)

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        while True:
            raw, self._first = self._first, b""
            if not raw:
                raw = await anyio.to_thread.run_sync(self._wire.readline)
            if not raw:
                threading.Thread(target=_end_when_gone, args=(self._output,), daemon=True).start()
                return
            if not raw.strip():
                continue
            passed, refusals = check(raw.rstrip(b"\r\n"))
            for refusal in refusals:
                logger.warning("a frame was refused: %s", refusal.reason)
                if refusal.answer is not None:
                    await self._output.write(refusal.answer + "\n")
            if passed is not None:
                yield passed + "\n"


def _end_when_gone(output: _Output) -> None:
    """stdin reached its end: the client is gone (closing stdin is how an MCP client shuts a
    server down). The SDK then ends by itself once the calls in flight are answered; a call still
    running after `EOF_GRACE` (a long search, a wait for a lock) is abandoned, so the process never
    computes for nobody. A write under way is finished first and no frame is cut."""
    time.sleep(EOF_GRACE)
    wait_for_writes()
    with output.sending:
        logger.warning("the client closed stdin; a call still running is abandoned")
        os._exit(0)


async def serve_guarded(server: Any, opening: Opening) -> None:
    """Run the SDK's server (`MCPServer`) over the guarded stdio, from the first frame on."""
    output = _Output(opening.wire_out, opening.answered)
    guarded = _GuardedInput(opening.wire_in, output, opening.first)
    streams: Any = (guarded, output)  # the SDK reads and writes text
    async with stdio_server(*streams) as (read_stream, write_stream):
        lowlevel = server._lowlevel_server  # what `MCPServer.run_stdio_async` runs, on our streams
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())


def run(server: Any, opening: Opening) -> None:
    try:
        anyio.run(serve_guarded, server, opening)
    finally:
        sys.stdout.flush()
