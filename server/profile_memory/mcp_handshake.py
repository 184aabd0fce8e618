"""`pmem mcp`'s answer to `initialize`, given before the MCP SDK is loaded (#25).

Importing the SDK (the pydantic models of every protocol version it speaks) costs a second and
more of CPU, and a client waits for its `initialize` to be answered before it asks anything else.
So the SDK and the server's modules are imported in a thread from the start, while the first frame
is read here: a plain `initialize` request is answered at once with what the SDK would answer
(`answer`), then passed to the SDK as it came, and the SDK's own answer to it is dropped
(`mcp_stdio`: one that differs is logged). Any other first frame, or an `initialize` this module
is not sure the SDK takes, waits for the SDK as every frame does. tests/mcp/test_handshake.py holds
the answer to the SDK's for every protocol version.

No SDK here: this module is what `pmem mcp` runs before the SDK is there.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

from profile_memory import __version__

NAME = "profile-memory"
INSTRUCTIONS = """\
Profile Memory keeps what you learn about the person and the project: a short profile of one-line
entries (user-profile.md, project-profile.md) with a detailed log of every change, and Cherry
Studio's agent memory (memory/FACT.md, memory/JOURNAL.jsonl).
- Start a session with `recall`. Use `memory` (append) for one-time events, (update) for durable
  facts (read FACT.md first: update replaces it whole), `search` to look back, `trace` for an id.
- When you notice a lasting preference or project fact, `propose` it; or use `profile_add`,
  `profile_evolve`, `profile_pivot`, `profile_delete`: the person is asked before the profile
  changes (or the change waits in the pending file). Give `context` (their words) and `source`.
- Keep entries short; one fact per entry. Never write secrets."""
# What the server declares (`create_server`: its tools, prompts, resources with subscriptions and
# a list that changes, `logging/setLevel`).
CAPABILITIES = {
    "logging": {},
    "prompts": {"listChanged": False},
    "resources": {"listChanged": True, "subscribe": True},
    "tools": {"listChanged": False},
}
# The SDK's `HANDSHAKE_PROTOCOL_VERSIONS`: a version asked for that is not one of them gets the
# newest.
VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
_ID_LIMIT = 2**53  # an integer id every JSON reader reads back the same


def _plain_id(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) < _ID_LIMIT
    return isinstance(value, str) and value.isascii() and value.isprintable()


def _plain_implementation(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("name"), str)
        and isinstance(value.get("version"), str)
        and all(isinstance(v, str) for v in value.values())
    )


def answer(frame: Any) -> str | None:
    """The answer line (without its newline) to a plain `initialize` request, as the SDK writes
    it; None for anything else (another frame, or one the SDK might refuse or read otherwise:
    extra or unusual fields, a `_meta`, an id of an unusual kind), which the SDK answers."""
    if not (
        isinstance(frame, dict)
        and frame.keys() == {"jsonrpc", "id", "method", "params"}
        and frame["jsonrpc"] == "2.0"
        and frame["method"] == "initialize"
        and _plain_id(frame["id"])
    ):
        return None
    params = frame["params"]
    if not (
        isinstance(params, dict)
        and params.keys() == {"protocolVersion", "capabilities", "clientInfo"}
        and isinstance(params["protocolVersion"], str)
        and isinstance(params["capabilities"], dict)
        and all(isinstance(v, dict) for v in params["capabilities"].values())
        and _plain_implementation(params["clientInfo"])
    ):
        return None
    asked = params["protocolVersion"]
    result = {
        "capabilities": CAPABILITIES,
        "instructions": INSTRUCTIONS,
        "protocolVersion": asked if asked in VERSIONS else VERSIONS[-1],
        "serverInfo": {"name": NAME, "version": __version__},
    }
    return json.dumps(
        {"jsonrpc": "2.0", "id": frame["id"], "result": result}, separators=(",", ":")
    )


class Opening:
    """The protocol's wire, its first frame read (and answered, when it is a plain `initialize`)
    while the SDK loads.

    `first`: the first line that is not blank, as read (b"" when stdin ended first);
    `answered`: the id and the answer given to it, or None."""

    def __init__(self, load: Callable[[], object]) -> None:
        self.wire_in, self.wire_out = _claim_wire()
        self._failed: BaseException | None = None
        self._loading = threading.Thread(target=self._load, args=(load,), daemon=True)
        self._loading.start()
        self.first = b""
        self.answered: tuple[Any, str] | None = None
        while raw := self.wire_in.readline():
            if raw.strip():
                self.first = raw
                break
        if self.first:
            self._answer_first()

    def _load(self, load: Callable[[], object]) -> None:
        try:
            load()
        except BaseException as error:  # raised again in the main thread (`loaded`)
            self._failed = error

    def _answer_first(self) -> None:
        try:
            frame = json.loads(self.first.decode("utf-8"))
        except (ValueError, RecursionError):
            return
        text = answer(frame)
        if text is not None:
            self.wire_out.write(text.encode() + b"\n")
            self.wire_out.flush()
            self.answered = (frame["id"], text)

    def loaded(self) -> None:
        """Wait for the SDK and the server's modules; what their import raised, raised here."""
        self._loading.join()
        if self._failed is not None:
            raise self._failed


def _claim_wire() -> tuple[BinaryIO, BinaryIO]:
    """The protocol's own copies of stdin and stdout; fd 0 then reads nothing and fd 1 goes to
    stderr, so no stray read takes a frame and no stray print breaks one."""
    wire_in = os.fdopen(os.dup(0), "rb")
    wire_out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return wire_in, wire_out
