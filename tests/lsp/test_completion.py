"""Completion: next free id, field keys, operation words, categories."""

from lsp_support import Session
from lsprotocol import types
from profile_memory.lsp.positions import to_client


def doc(session: Session, path):
    return types.TextDocumentIdentifier(session.open(path))


async def test_completion_of_the_next_free_id(session: Session):
    profile = session.user_dir / "user-profile.md"
    text = profile.read_text(encoding="utf-8") + "- 新的偏好 <!--"
    uri = session.open(profile, text)
    items = await session.client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(uri),
            types.Position(13, to_client("- 新的偏好 <!--", 99, session.encoding)),
        )
    )
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert labels == [" PF-20261130-01 -->"]


async def test_completion_in_a_log(session: Session):
    log = session.user_dir / "user-profile-log.md"
    text = (
        log.read_text(encoding="utf-8")
        + "\n### [PF-20260412-03] 2026-11-30 — x\n- **操作**: \n- **分类**: \n"
    )
    uri = session.open(log, text)
    lines = text.split("\n")

    async def labels(line: int, column: int) -> list[str]:
        items = await session.client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, column))
        )
        return [i.label for i in (items.items if hasattr(items, "items") else items or [])]

    operation = lines.index("- **操作**: ")
    assert await labels(operation, to_client("- **操作**: ", 99, session.encoding)) == [
        "新增",
        "演进",
        "转向",
        "删除",
        "恢复",
    ]
    assert "技术偏好" in await labels(
        operation + 1, to_client("- **分类**: ", 99, session.encoding)
    )
    assert "精简版" in await labels(operation + 2, 0)


async def test_completion_after_a_heading_bracket_offers_ids_without_records(session: Session):
    profile = session.user_dir / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "- 新偏好 <!-- PF-20261130-01 -->\n", encoding="utf-8"
    )
    log = session.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8") + "\n### ["
    uri = session.open(log, text)
    items = await session.client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(uri), types.Position(len(text.split("\n")) - 1, 5)
        )
    )
    assert [i.label for i in (items.items if hasattr(items, "items") else items)] == [
        "PF-20261130-01"
    ]
