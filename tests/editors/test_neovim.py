"""The README's Neovim set-up, as users have it: Debian stable's Neovim 0.7.2, headless, against the real
server. It attaches to a profile and to `JOURNAL.jsonl` (0.7 has no `jsonl` filetype), shows diagnostics and
hover, and without `pmem` on PATH says so once. Skipped where Neovim is not installed (CI installs it)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
WORKSPACES = ROOT / "tests" / "workspaces"
NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(
    NVIM is None, reason="Neovim is not installed (.ci/run installs Debian's)"
)

PROBE = r"""
local out = { messages = "" }
local function finish()
  out.messages = vim.fn.execute("messages")
  out.errmsg = vim.v.errmsg
  vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.PROBE_OUT)
  vim.cmd("qa!")
end
local function code(d)
  if d.code then return d.code end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code or vim.NIL
end
if vim.fn.executable("pmem") == 1 then
  vim.wait(20000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 50)
end
out.clients = #vim.lsp.buf_get_clients(0)
if out.clients == 0 then return finish() end
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out.diagnostics, { line = d.lnum, code = code(d) }) end
local row, col = tonumber(vim.env.PROBE_ROW), tonumber(vim.env.PROBE_COL)
if row then
  vim.api.nvim_win_set_cursor(0, { row, col })
  local answers = vim.lsp.buf_request_sync(0, "textDocument/hover", vim.lsp.util.make_position_params(), 10000)
  for _, answer in pairs(answers or {}) do
    if answer.result then out.hover = answer.result.contents.value end
  end
end
finish()
"""


def snippet(which: int) -> str:
    """The README's Neovim snippets: 0 is the 0.10+ form, 1 the 0.7–0.9 form."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Neovim") : text.index("### Helix")]
    return re.findall(r"```lua\n(.*?)```", section, re.DOTALL)[which]


def run_nvim(
    tmp_path: Path, file: Path, path_env: str, row: int | None = None, col: int = 0
) -> dict:
    at = {} if row is None else {"PROBE_ROW": str(row), "PROBE_COL": str(col)}
    return run_probe(tmp_path, PROBE, file, path_env, at)


def run_probe(tmp_path: Path, probe: str, file: Path, path_env: str, env: dict[str, str]) -> dict:
    """Run the README's 0.7 snippet and the Lua `probe` headless on `file` of the sloppy
    workspace copied into `tmp_path`, with `env` added; the JSON the probe wrote."""
    (tmp_path / "init.lua").write_text(snippet(1), encoding="utf-8")
    (tmp_path / "probe.lua").write_text(probe, encoding="utf-8")
    out = tmp_path / "probe.json"
    environment = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PMEM_", "NVIM", "VIM"))},
        "HOME": str(tmp_path / "sloppy" / "home"),
        "PATH": path_env,
        "PROBE_OUT": str(out),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "XDG_STATE_HOME": str(tmp_path / "xdg"),
        "PMEM_TODAY": "2026-11-30",
        **env,
    }
    done = subprocess.run(
        [
            NVIM,
            "--headless",
            "-u",
            str(tmp_path / "init.lua"),
            "-c",
            f"luafile {tmp_path / 'probe.lua'}",
            str(file),
        ],
        cwd=tmp_path / "sloppy" / "repo",
        env=environment,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert out.exists(), done.stderr
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture
def sloppy(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACES / "sloppy", tmp_path / "sloppy")
    memory = tmp_path / "sloppy" / "repo" / "memory"
    memory.mkdir()
    (memory / "JOURNAL.jsonl").write_text(
        '{"ts":"2026-06-01T00:00:00.000Z","tags":[],"text":"ok"}\nnot json\n', encoding="utf-8"
    )
    return tmp_path / "sloppy"


def with_pmem() -> str:
    return os.pathsep.join([str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"])


def test_the_07_snippet_shows_diagnostics_and_hover_on_a_profile(tmp_path, sloppy):
    profile = sloppy / "home" / ".cursor" / "profile" / "user-profile.md"
    line = profile.read_text(encoding="utf-8").split("\n")[3]
    column = len(line[: line.index("PF-20260302-01")].encode("utf-8"))  # Neovim's columns are bytes
    result = run_nvim(tmp_path, profile, with_pmem(), row=4, col=column + 3)
    assert result["clients"] == 1 and result["errmsg"] == ""
    assert sorted((d["line"], d["code"]) for d in result["diagnostics"]) == [
        (3, "PM018"),
        (4, "PM018"),
        (7, "PM018"),
        (8, "PM018"),
    ]
    assert "**PF-20260302-01** · live" in result["hover"]


def test_the_07_snippet_attaches_to_a_journal(tmp_path, sloppy):
    result = run_nvim(tmp_path, sloppy / "repo" / "memory" / "JOURNAL.jsonl", with_pmem())
    assert result["clients"] == 1 and [(d["line"], d["code"]) for d in result["diagnostics"]] == [
        (1, "PM020")
    ]


def test_without_pmem_on_path_it_says_so_once(tmp_path, sloppy):
    assert shutil.which("pmem", path="/usr/bin:/bin") is None
    result = run_nvim(
        tmp_path, sloppy / "home" / ".cursor" / "profile" / "user-profile.md", "/usr/bin:/bin"
    )
    assert result["clients"] == 0 and result["errmsg"] == ""
    assert (
        result["messages"].count("`pmem` is not on PATH") == 1 and "Error" not in result["messages"]
    )
