"""`pmem mcp` answers `initialize` before the SDK is loaded (#25, `mcp_handshake.py`): with what
the SDK answers, byte for byte, for every protocol version; a first frame it is not sure of is
left to the SDK; and the SDK's own answer to an answered request is never sent twice."""

from __future__ import annotations

import copy
import json

import pytest
from mcp_support import INITIALIZE, Tree, raw_process
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from profile_memory import mcp_handshake


def test_the_versions_are_the_sdks() -> None:
    assert mcp_handshake.VERSIONS == HANDSHAKE_PROTOCOL_VERSIONS


def _lines_out(tree: Tree, *frames: dict) -> tuple[list[bytes], str]:
    """What `pmem mcp` writes for `frames`, a ping last (its answer: every earlier one is out)."""
    sent = [*frames, {"jsonrpc": "2.0", "id": "last", "method": "ping"}]
    process = raw_process(tree)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"".join(json.dumps(f).encode() + b"\n" for f in sent))
    process.stdin.flush()
    lines = []
    while not lines or json.loads(lines[-1]).get("id") != "last":
        line = process.stdout.readline()
        assert line, "the server stopped"
        lines.append(line.rstrip(b"\n"))
    process.stdin.close()
    assert process.stderr is not None
    err = process.stderr.read().decode()
    process.wait(timeout=600)  # a bound against a hang
    return lines[:-1], err


def _initialize(request_id: object, version: str, **client: object) -> dict:
    frame = copy.deepcopy(INITIALIZE)
    frame["id"] = request_id
    frame["params"]["protocolVersion"] = version
    frame["params"]["clientInfo"].update(client)
    return frame


def test_a_plain_initialize_is_answered_once_as_the_sdk_answers(tree: Tree) -> None:
    frame = _initialize(7, "2025-06-18")
    lines, err = _lines_out(tree, frame)
    assert lines == [mcp_handshake.answer(frame).encode()]
    assert "otherwise" not in err  # the SDK's own answer was the same


@pytest.mark.parametrize("version", [*HANDSHAKE_PROTOCOL_VERSIONS, "1999-01-01"])
def test_the_early_answer_is_the_sdks_for_every_version(tree: Tree, version: str) -> None:
    # an icon list is not plain: the SDK answers this one itself
    frame = _initialize("init", version, icons=[])
    assert mcp_handshake.answer(frame) is None
    (sdk,), _ = _lines_out(tree, frame)
    assert sdk.decode() == mcp_handshake.answer(_initialize("init", version))


@pytest.mark.parametrize(
    "frame",
    [
        {**INITIALIZE, "id": True},
        {**INITIALIZE, "id": 2**60},
        {**INITIALIZE, "id": "ü"},
        {**INITIALIZE, "params": {**INITIALIZE["params"], "_meta": {}}},
        {**INITIALIZE, "params": {**INITIALIZE["params"], "capabilities": {"x": 1}}},
        {**INITIALIZE, "method": "ping"},
        {**INITIALIZE, "extra": 1},
        [INITIALIZE],
    ],
)
def test_what_is_not_plain_is_left_to_the_sdk(frame: object) -> None:
    assert mcp_handshake.answer(frame) is None
