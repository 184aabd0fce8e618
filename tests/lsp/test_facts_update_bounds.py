"""The editor's `profileMemory.factsUpdate` keeps the bounds the CLI and the MCP `memory` tool keep:
refused over `maxFileBytes` with nothing written, a note over `factFileMaxBytes` (docs/format.md,
"Bounds of what is written")."""

from __future__ import annotations

import pytest
from lsp_support import Session, lsp_fixtures
from lsprotocol import types
from pygls.exceptions import JsonRpcException

client, session = lsp_fixtures(
    options={"maxFileBytes": 40000, "factFileMaxBytes": 16384}, kinds=("vscode",)
)


async def update(session: Session, content: str):
    return await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams("profileMemory.factsUpdate", [{"content": content}])
    )


async def test_facts_over_max_file_bytes_are_refused_and_over_the_fact_limit_noted(
    session: Session,
):
    fact = session.repo / "memory" / "FACT.md"
    before = fact.read_bytes()
    with pytest.raises(JsonRpcException) as refused:
        await update(session, "事" * 20_000)  # 60,000 bytes in UTF-8
    assert (
        "profileMemory.factsUpdate: the new FACT.md is 60,000 bytes, over maxFileBytes (40,000): "
        "nothing was written"
    ) in str(refused.value)
    assert fact.read_bytes() == before
    assert not (fact.parent / ".fact-history").exists()  # not even a version kept
    noted = await update(session, "x" * 20_000)
    assert noted["note"].startswith("FACT.md is now 20,000 bytes, over factFileMaxBytes (16,384)")
    assert fact.read_text() == "x" * 20_000
    within = await update(session, "# Facts\n- 喜欢 Go 🐹\n")
    assert "note" not in within
