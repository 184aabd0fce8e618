"""Conflict markers in an open document are found from the lines each edit changed (a keystroke in
a large log does not join and scan its whole text), and what is found equals a fresh check of the
edited text: markers typed, deleted, moved by lines added or removed above them."""

from pathlib import Path, PurePath

from helpers import LOG_HEAD, record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from profile_memory.core.config import Settings
from profile_memory.core.rules import check_path
from profile_memory.core.text import split_lines
from profile_memory.core.workspace import MemoryProvider, Workspace
from profile_memory.lsp.documents import Document
from profile_memory.lsp.positions import UTF32
from profile_memory.lsp.provider import EditorProvider

PROFILE = "# 用户画像\n\n## 技术偏好\n- 偏好 React <!-- PF-20260412-01 -->\n"
TEXT = LOG_HEAD + record("PF-20260412-01") + record("PF-20260412-02", summary="偏好 Vue 🎉")
INSERTED = st.sampled_from(
    [
        "<<<<<<< ours\n",
        "=======\n",
        ">>>>>>> theirs\n",
        "<<<<<<< ours\n- **精简版**: 偏好 Svelte\n=======\n- **精简版**: 偏好 Vue\n>>>>>>> theirs\n",
        "<",
        ">>>>>>",
        "\n",
        "x",
        "",
    ]
)
EDIT = st.tuples(st.integers(0, 10_000), st.integers(0, 40), INSERTED)


def _position(text: str, offset: int) -> types.Position:
    before = split_lines(text[:offset])
    return types.Position(len(before) - 1, len(before[-1]))


def _fresh(folder: Path, log: PurePath, text: str) -> list:
    provider = MemoryProvider({str(log): text, str(folder / "user-profile.md"): PROFILE})
    return check_path(Workspace(provider, Settings(), PurePath(folder)), log)


@settings(
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    deadline=None,
)
@given(st.lists(EDIT, min_size=1, max_size=8))
def test_conflict_markers_after_edits_equal_a_fresh_check(tmp_path: Path, edits):
    (tmp_path / "user-profile.md").write_text(PROFILE, encoding="utf-8")
    log = PurePath(tmp_path / "user-profile-log.md")
    provider = EditorProvider()
    provider.opened(log, Document.create(log.as_uri(), 1, TEXT))
    workspace = Workspace(provider, Settings(), PurePath(tmp_path))
    check_path(workspace, log)
    document = provider.open[log]
    for at, length, inserted in edits:
        text = document.text
        start = at % (len(text) + 1)
        end = min(len(text), start + length)
        document.apply(
            types.TextDocumentContentChangePartial(
                range=types.Range(_position(text, start), _position(text, end)), text=inserted
            ),
            UTF32,
        )
        assert check_path(workspace, log) == _fresh(tmp_path, log, document.text)


def test_a_marker_typed_in_an_open_log_is_found_and_gone_when_deleted(tmp_path: Path):
    (tmp_path / "user-profile.md").write_text(PROFILE, encoding="utf-8")
    log = PurePath(tmp_path / "user-profile-log.md")
    provider = EditorProvider()
    provider.opened(log, Document.create(log.as_uri(), 1, TEXT))
    workspace = Workspace(provider, Settings(), PurePath(tmp_path))
    assert "PM070" not in [d.code for d in check_path(workspace, log)]
    document, line = provider.open[log], len(split_lines(TEXT)) - 2
    at = types.Position(line, 0)
    document.apply(
        types.TextDocumentContentChangePartial(types.Range(at, at), "<<<<<<< ours\n"), UTF32
    )
    assert [d.span.start_line for d in check_path(workspace, log) if d.code == "PM070"] == [line]
    top = types.Position(0, 0)
    document.apply(types.TextDocumentContentChangePartial(types.Range(top, top), "\n\n"), UTF32)
    assert [d.span.start_line for d in check_path(workspace, log) if d.code == "PM070"] == [
        line + 2
    ]
    gone = types.Range(types.Position(line + 2, 0), types.Position(line + 3, 0))
    document.apply(types.TextDocumentContentChangePartial(gone, ""), UTF32)
    assert "PM070" not in [d.code for d in check_path(workspace, log)]
