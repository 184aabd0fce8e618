"""The server's URI and path conversions are kept converted, and what is kept is never another
spelling's."""

from pathlib import PurePosixPath, PureWindowsPath

from profile_memory.lsp.provider import path_of, uri


def test_paths_equal_but_spelled_otherwise_keep_their_own_uri():
    """Windows paths that differ in case are equal (and hash alike): a conversion kept by the path
    gave the first spelling's URI to both (found in review)."""
    upper, lower = PureWindowsPath(r"C:\Memory\x.md"), PureWindowsPath(r"c:\memory\x.md")
    assert upper == lower
    assert uri(upper) != uri(lower)
    assert uri(upper) == uri(PureWindowsPath(r"C:\Memory\x.md"))


def test_a_uri_and_its_path_convert_back_and_forth():
    path = PurePosixPath("/home/用户/.cursor/profile/user-profile 🧠.md")
    assert path_of(uri(path)) == path
    assert path_of("untitled:Untitled-1") is None
