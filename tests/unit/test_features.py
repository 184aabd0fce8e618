"""Feature logic in process: hover text, completion items, symbols, definition, folding and lenses
on the `clean` fixture, through the real handlers with no transport."""

from __future__ import annotations

import pytest
from features_support import Served, serve
from lsprotocol import types
from profile_memory.lsp import (
    code_lens,
    completion,
    definition,
    folding,
    hover,
    inlay_hints,
    symbols,
)


@pytest.fixture
def served(tmp_path, monkeypatch) -> Served:
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    return serve(tmp_path)


def hover_text(served: Served, path, needle: str) -> str | None:
    document = served.open(path)
    result = hover.text_document_hover(
        served.ls, types.HoverParams(document, served.at(path, needle, 3))
    )
    return result.contents.value if result else None


@pytest.mark.parametrize(
    "where, needle, expected",
    [
        ("user-profile-log.md", "PF-20260412-02", "Entry: [user-profile.md:7]"),
        ("user-profile-log.md", "PF-20260413-01", "No compact entry: deleted."),
        ("project:project-profile.md", "PF-20260601-01", "后端使用 FastAPI + PostgreSQL"),
        ("memory:JOURNAL.jsonl", "PF-20260601-01", "Entry: [project-profile.md:7]"),
        ("user-profile.md", "PF-20260412-02", "- 2026-05-01 演进 — 前端技术栈偏好（演进）"),
    ],
)
def test_hover_text(served: Served, where: str, needle: str, expected: str):
    folder, _, name = where.rpartition(":")
    base = {"": served.user_dir, "project": served.project_dir, "memory": served.repo / "memory"}
    text = hover_text(served, base[folder] / name, needle)
    assert text is not None and expected in text, text


def test_hover_keeps_web_links_and_shows_conversation_ids_as_text(served: Served):
    log = served.user_dir / "user-profile-log.md"
    text = log.read_text(encoding="utf-8").replace(
        "[SSR 选型](chat-91c0)", "[SSR 选型](chat-91c0) 与 [文档](https://example.com/a)"
    )
    log.write_text(text, encoding="utf-8")
    shown = hover_text(served, served.user_dir / "user-profile.md", "PF-20260412-02")
    assert "SSR 选型 (chat-91c0) 与 [文档](https://example.com/a)" in shown, shown


def test_hover_explains_a_malformed_anchor_and_ignores_other_documents(served: Served):
    profile = served.user_dir / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "- 新条目 <!-- PF-20261301-01 -->\n", encoding="utf-8"
    )
    assert "month 13 does not exist" in hover_text(served, profile, "PF-20261301-01")
    readme = served.repo / "README.md"
    readme.write_text("见 PF-20260412-01\n", encoding="utf-8")
    assert hover_text(served, readme, "PF-20260412-01") is None


def labels(served: Served, path, text: str, line_text: str) -> list[str]:
    document = served.open(path, text)
    position = served.at(path, line_text, len(line_text))
    items = completion.text_document_completion(
        served.ls, types.CompletionParams(document, position)
    )
    found = items.items if isinstance(items, types.CompletionList) else items or []
    return [item.label for item in found]


@pytest.mark.parametrize(
    "added, line_text, expected",
    [
        ("- 新的偏好 <!--", "- 新的偏好 <!--", [" PF-20261130-01 -->"]),
        (
            "\n### [PF-20260412-03] 2026-11-30 — x\n- **操作**: ",
            "- **操作**: ",
            ["新增", "演进", "转向", "删除", "恢复"],
        ),
    ],
)
def test_completion_items(served: Served, added: str, line_text: str, expected: list[str]):
    name = "user-profile.md" if added.startswith("- ") else "user-profile-log.md"
    path = served.user_dir / name
    assert labels(served, path, path.read_text(encoding="utf-8") + added, line_text) == expected


def test_category_completion_in_a_log_offers_the_profile_headings(served: Served):
    path = served.user_dir / "user-profile-log.md"
    text = path.read_text(encoding="utf-8") + "\n### [PF-20260412-03] 2026-11-30 — x\n- **分类**: "
    assert "技术偏好" in labels(served, path, text, "- **分类**: ")


def test_document_symbols_are_categories_with_their_entries(served: Served):
    path = served.user_dir / "user-profile.md"
    found = symbols.text_document_document_symbol(
        served.ls, types.DocumentSymbolParams(served.open(path))
    )
    tree = {s.name: [c.name for c in s.children or []] for s in found}
    assert tree["技术偏好"] == ["偏好 React + Next.js 全栈开发"] and tree["沟通偏好"] == [], tree


def test_workspace_symbols_find_ids_texts_and_titles_in_both_pairs(served: Served):
    found = symbols.workspace_symbol(served.ls, types.WorkspaceSymbolParams(query="pf-20260601-01"))
    places = {(s.location.uri.rsplit("/", 1)[1], s.kind) for s in found}
    assert ("project-profile.md", types.SymbolKind.String) in places
    assert ("project-profile-log.md", types.SymbolKind.Object) in places


def test_definition_of_a_compact_anchor_is_its_records(served: Served):
    path = served.user_dir / "user-profile.md"
    found = definition.text_document_definition(
        served.ls,
        types.DefinitionParams(served.open(path), served.at(path, "PF-20260412-02", 2)),
    )
    assert [loc.uri.rsplit("/", 1)[1] for loc in found] == ["user-profile-log.md"] * 2


def test_folding_covers_each_record_of_a_log(served: Served):
    path = served.user_dir / "user-profile-log.md"
    ranges = folding.text_document_folding_range(
        served.ls, types.FoldingRangeParams(served.open(path))
    )
    headings = [
        n
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"))
        if line.startswith("### [")
    ]
    assert {r.start_line for r in ranges} >= set(headings)


def lens_titles(served: Served) -> list[str]:
    path = served.user_dir / "user-profile.md"
    lenses = code_lens.text_document_code_lens(served.ls, types.CodeLensParams(served.open(path)))
    return [lens.command.title for lens in lenses]


def hint_labels(served: Served) -> list[str]:
    path = served.user_dir / "user-profile.md"
    whole = types.Range(types.Position(0, 0), types.Position(20, 0))
    found = inlay_hints.text_document_inlay_hint(
        served.ls, types.InlayHintParams(served.open(path), whole)
    )
    return [part.value for hint in found or [] for part in hint.label]


@pytest.mark.parametrize(
    "setting, in_lenses, in_hints",
    [("inlay", False, True), ("codeLens", True, False), ("off", False, False)],
)
def test_where_entry_information_shows(tmp_path, monkeypatch, setting, in_lenses, in_hints):
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    served = serve(tmp_path, entryInfo=setting)
    entry = "2 records · last: 演进 2026-05-01"
    titles = lens_titles(served)
    assert titles[0] == "lines 13/50 · ≈91/1,500 tok" and "1 entry" in titles  # these stay
    assert (entry in titles) is in_lenses and (entry in hint_labels(served)) is in_hints


def test_a_category_hover_gives_its_share_of_the_profiles_tokens(served: Served):
    text = hover_text(served, served.user_dir / "user-profile.md", "## 技术偏好")
    assert text is not None and text.startswith("**技术偏好** · 1 entry · ≈")
    assert "of user-profile.md (≈91 of a budget of 1,500)" in text


def test_the_file_lens_says_when_a_profile_is_over_its_token_budget(tmp_path, monkeypatch):
    monkeypatch.setenv("PMEM_TODAY", "2026-11-30")
    served = serve(tmp_path, tokenBudget={"user-profile": 50})
    assert lens_titles(served)[0] == "lines 13/50 · ≈91/50 tok — over the budget"


def test_a_hover_never_shows_a_secret_in_a_record(served: Served):
    from secrets_support import FAKES

    fake = FAKES["openai-api-key"]
    log = served.user_dir / "user-profile-log.md"
    log.write_text(
        log.read_text(encoding="utf-8").replace("SSR 也用 Next 吧", f"key 是 {fake}"),
        encoding="utf-8",
    )
    shown = hover_text(served, served.user_dir / "user-profile.md", "PF-20260412-02")
    assert fake not in shown and "<redacted:openai-api-key>" in shown
