"""`pmem check` as a user, an agent and CI run it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_support import run_pmem, unsafe_memory

JSON_KEYS = {
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "code",
    "name",
    "severity",
    "message",
    "related",
}


def test_clean_workspace_passes_with_default_places(pmem_in_repo):
    result = pmem_in_repo("check")
    assert result.code == 0, result.out + result.err
    assert result.out.strip() == "0 errors, 0 warnings, 0 information in 7 files"


def test_project_root_is_found_from_a_sub_folder(pmem_in_repo, clean):
    result = pmem_in_repo("check", cwd=clean / "repo" / "src" / "deep")
    assert result.code == 0 and "in 7 files" in result.out


def test_json_output_keys_positions_and_exit_code(pmem_in_repo, clean):
    profile = clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    profile.write_bytes(profile.read_bytes() + "- 🎉中文 <!-- PF-20260601-01 -->\r\n".encode())
    result = pmem_in_repo("check", "--format", "json")
    assert result.code == 1
    diagnostics = json.loads(result.out)
    assert all(set(d) == JSON_KEYS for d in diagnostics)
    first, second = [d for d in diagnostics if d["code"] == "PM002"]
    assert first["path"] == ".cursor/profile/project-profile.md"
    assert (first["line"], first["column"], first["end_column"]) == (7, 34, 48)
    assert (second["line"], second["column"], second["end_column"]) == (
        8,
        12,
        26,
    )  # code points after emoji + CJK
    assert second["severity"] == "error" and second["name"] == "duplicate-anchor"
    assert second["related"] == [
        {
            "path": ".cursor/profile/project-profile.md",
            "line": 7,
            "column": 34,
            "message": "PF-20260601-01 also on line 7",
        }
    ]


def test_information_alone_exits_zero(pmem_in_repo, clean):
    profile = clean / "home" / ".cursor" / "profile" / "user-profile.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- 未确认的条目\n", encoding="utf-8")
    result = pmem_in_repo("check")
    assert result.code == 0 and "PM005 information" in result.out and "1 information" in result.out


def test_select_ignore_and_severity_flags(pmem_in_repo, clean):
    profile = clean / "home" / ".cursor" / "profile" / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "- 未确认的条目\n散文\n", encoding="utf-8"
    )
    assert pmem_in_repo("check").code == 1
    assert "PM009" not in pmem_in_repo("check", "--ignore", "PM009").out
    assert pmem_in_repo("check", "--ignore", "PM009").code == 0
    selected = pmem_in_repo("check", "--select", "PM00", "--format", "json")
    assert {d["code"] for d in json.loads(selected.out)} == {"PM005", "PM009"}
    raised = pmem_in_repo(
        "check", "--severity", "PM005=error", "--severity", "PM009=off", "--format", "json"
    )
    assert [(d["code"], d["severity"]) for d in json.loads(raised.out)] == [
        ("PM005", "error")
    ] and raised.code == 1


@pytest.mark.parametrize(
    "args, words",
    [
        (["--severity", "PM005=loud"], "LEVEL must be"),
        (["--severity", "PM999=off"], "unknown diagnostic code PM999"),
        (["--select", "XX1"], "unknown diagnostic code XX1"),
        (["nowhere"], "nowhere: no such file or folder"),
        (["--format", "xml"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2_with_one_line(pmem_in_repo, args, words):
    result = pmem_in_repo("check", *args)
    assert result.code == 2 and words in result.err and "Traceback" not in result.err


def test_a_file_that_is_no_memory_file_is_refused(pmem_in_repo, clean):
    (clean / "repo" / "README.md").write_text("# hi\n")
    result = pmem_in_repo("check", "README.md")
    assert result.code == 2 and "README.md: not a memory file" in result.err


def test_explicit_file_reports_only_that_file_with_its_pair_as_context(pmem_in_repo, clean):
    log = clean / "repo" / ".cursor" / "profile" / "project-profile-log.md"
    log.write_bytes(log.read_bytes() + b"\r\n### broken heading\r\n")
    result = pmem_in_repo("check", ".cursor/profile/project-profile.md")
    assert result.code == 0 and "in 1 file" in result.out
    result = pmem_in_repo("check", ".cursor/profile/project-profile-log.md")
    assert result.code == 1 and "PM016" in result.out


def test_github_annotations(pmem_in_repo, clean):
    profile = clean / "home" / ".cursor" / "profile" / "user-profile.md"
    profile.write_text(
        profile.read_text(encoding="utf-8") + "- 未确认, 有逗号\n散文\n", encoding="utf-8"
    )
    lines = pmem_in_repo("check", "--format", "github").out.splitlines()
    assert any(
        line.startswith("::notice file=") and "title=PM005 unconfirmed-entry::" in line
        for line in lines
    )
    assert any(
        line.startswith("::warning file=") and ",line=15,col=1,endLine=15,endColumn=3," in line
        for line in lines
    )


def test_unsafe_links_and_fifos_are_pm030_and_never_read(pmem_in_repo, clean, tmp_path):
    unsafe_memory(clean / "repo" / "memory", tmp_path / "elsewhere.md")
    result = pmem_in_repo("check", "--format", "json")
    found = {(Path(d["path"]).name, d["code"]) for d in json.loads(result.out)}
    assert found == {("FACT.md", "PM030"), ("JOURNAL.jsonl", "PM030")} and result.code == 1


def test_linked_memory_folder_is_pm030(pmem_in_repo, clean, tmp_path):
    real = tmp_path / "real-memory"
    (clean / "repo" / "memory").rename(real)
    os.symlink(real, clean / "repo" / "memory")
    result = pmem_in_repo("check", "--format", "json")
    messages = [d["message"] for d in json.loads(result.out) if d["code"] == "PM030"]
    assert len(messages) == 2 and all("symbolic link" in m for m in messages)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_exits_2_naming_it(pmem_in_repo, clean):
    (clean / "repo" / "memory" / "FACT.md").chmod(0)
    result = pmem_in_repo("check")
    assert result.code == 2 and "memory/FACT.md: cannot read" in result.err


def test_pmem_toml_severity_and_limits_apply_and_bad_toml_is_named(pmem_in_repo, clean):
    config = clean / "repo" / ".cursor" / "profile" / "pmem.toml"
    profile = clean / "repo" / ".cursor" / "profile" / "project-profile.md"
    profile.write_bytes(profile.read_bytes() + b"- extra\r\n")
    config.write_text('[limits]\nproject-profile = 5\n[severity]\nPM005 = "off"\n')
    result = pmem_in_repo("check")
    assert "PM001 warning" in result.out and "PM005" not in result.out and result.code == 1
    config.write_text('language = "fr"\n')
    result = pmem_in_repo("check")
    assert "setting `language`" in result.err and result.code == 0
    config.write_text("limits = [\n")
    result = pmem_in_repo("check")
    assert result.code == 2 and "pmem.toml: not valid TOML" in result.err


def test_invalid_utf8_and_huge_line_do_not_crash(pmem_in_repo, clean):
    journal = clean / "repo" / "memory" / "JOURNAL.jsonl"
    journal.write_bytes(
        journal.read_bytes()
        + b'{"ts":"x","tags":[],"text":"\xff\xfe"}\n'
        + b"x" * 1_000_000
        + b"\n"
    )
    result = pmem_in_repo("check", "--format", "json")
    codes = sorted(d["code"] for d in json.loads(result.out))
    assert codes == ["PM020", "PM021", "PM032"] and result.code == 1


def test_installed_pmem_script_and_version():
    import sys

    script = Path(sys.executable).parent / "pmem"
    result = run_pmem("--version", cwd=Path.cwd())
    assert result.code == 0 and result.out.startswith("pmem ")
    if script.exists():
        import subprocess

        assert (
            subprocess.run([script, "--version"], capture_output=True, text=True).stdout
            == result.out
        )
