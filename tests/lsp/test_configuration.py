"""Configuration: initializationOptions and workspace/configuration, bad values reported once, defaults used."""

import pytest
from lsp_support import Session, lsp_fixtures
from lsprotocol import types

client, session = lsp_fixtures(
    options={"debounceMs": "soon", "limits": {"user-profile": 5}, "colour": "red"}
)


def codes(items) -> list[str]:
    return sorted(str(d.code) for d in items)


async def test_bad_settings_are_named_once_and_good_ones_apply(session: Session):
    uri = session.open(session.user_dir / "user-profile.md")
    items = await session.diagnostics(uri, lambda items: "PM001" in codes(items))
    assert codes(items) == ["PM001"] and "limit of 5" in items[0].message
    warnings = [m.message for m in session.client.messages if m.type == types.MessageType.Warning]
    assert any("`debounceMs`" in m and "default is used" in m for m in warnings)
    assert any("`colour`" in m and "unknown setting" in m for m in warnings)
    assert len(warnings) == len(set(warnings)) == 2


async def test_changed_configuration_refreshes_diagnostics(session: Session):
    uri = session.open(session.user_dir / "user-profile.md")
    assert "PM001" in codes(await session.diagnostics(uri, lambda items: bool(items)))
    session.client.set_configuration({"profileMemory": {"severity": {"PM001": "off"}}})
    session.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={"profileMemory": {"severity": {"PM001": "off"}}}
        )
    )
    assert await session.diagnostics(uri, lambda items: items == []) == []
    warnings = [m.message for m in session.client.messages if m.type == types.MessageType.Warning]
    assert len(warnings) == 2  # the same bad keys are not reported again


async def test_loading_reports_progress_when_the_client_supports_it(session: Session):
    if (
        not session.client.capabilities.window
        or not session.client.capabilities.window.work_done_progress
    ):
        pytest.skip("this client does not support work-done progress")

    def ended() -> bool:  # the reports arrive one by one: wait for the last, not the first
        return any(
            isinstance(reports[-1], types.WorkDoneProgressEnd)
            for reports in session.client.progress_reports.values()
            if reports
        )

    assert await session.eventually(ended)
    reports = next(iter(session.client.progress_reports.values()))
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and isinstance(
        reports[-1], types.WorkDoneProgressEnd
    )


async def test_a_wrong_typed_place_is_reported_and_the_other_settings_apply(session: Session):
    uri = session.open(session.project_dir / "project-profile.md")
    await session.diagnostics(uri)
    settings = {"userProfileDir": 5, "limits": {"project-profile": 3}}
    session.client.set_configuration({"profileMemory": settings})
    session.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"profileMemory": settings})
    )
    items = await session.diagnostics(uri, lambda items: "PM001" in codes(items))
    assert "limit of 3" in next(
        d.message for d in items if d.code == "PM001"
    )  # the rest of the message applies
    assert await session.eventually(
        lambda: any("`userProfileDir`" in m.message for m in session.client.messages)
    )
    text = await session.client.workspace_execute_command_async(
        types.ExecuteCommandParams("profileMemory.recall", [])
    )
    assert "<project-profile" in text


async def test_moving_entry_information_asks_the_client_to_fetch_lenses_and_hints_again(
    session: Session,
):
    settings = {"entryInfo": "codeLens"}
    session.client.set_configuration({"profileMemory": settings})
    session.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"profileMemory": settings})
    )
    workspace = session.client.capabilities.workspace
    wanted = {
        name
        for name, capability in (
            ("codeLens", workspace.code_lens),
            ("inlayHint", workspace.inlay_hint),
        )
        if capability and capability.refresh_support
    }
    assert await session.eventually(lambda: set(session.client.refreshed) == wanted)
    profile = session.user_dir / "user-profile.md"
    lenses = await session.client.text_document_code_lens_async(
        types.CodeLensParams(types.TextDocumentIdentifier(session.open(profile)))
    )
    assert "2 records · last: 演进 2026-05-01" in {lens.command.title for lens in lenses}
