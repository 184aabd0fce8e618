"""Neovim 0.7 has no file watching: with the README's 0.7 snippet, headless, a record an agent
appends on disk while the editor is idle is published by the server's own watching (a stale PM006
goes away), the client sending nothing. Skipped where Neovim is not installed (CI installs it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_neovim import NVIM, WORKSPACES, run_probe, with_pmem

pytestmark = pytest.mark.skipif(
    NVIM is None, reason="Neovim is not installed (.ci/run installs Debian's)"
)

PROBE = r"""
local out = {}
local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.PROBE_OUT)
  vim.cmd("qa!")
end
local function codes()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local lsp = d.user_data and d.user_data.lsp
    table.insert(found, d.code or (lsp and lsp.code) or "")
  end
  return table.concat(found, ",")
end
out.attached = vim.wait(20000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 50)
out.stale = vim.wait(20000, function() return codes():find("PM006") ~= nil end, 50)
-- the start-up's own checks (which re-read the log) are over once the diagnostics stay quiet:
-- after that, only the server's watching can see the record appended below
local last = vim.loop.now()
vim.api.nvim_create_autocmd("DiagnosticChanged", { callback = function() last = vim.loop.now() end })
vim.wait(20000, function() return vim.loop.now() - last > 1500 end, 50)
-- an agent appends the record; the editor only waits (no edit, no request)
local log = io.open(vim.env.PROBE_LOG, "a")
log:write(vim.env.PROBE_RECORD)
log:close()
out.caught_up = vim.wait(10000, function() return codes():find("PM006") == nil end, 50)
out.codes = codes()
finish()
"""

RECORD = """
### [PF-20261130-07] 2026-11-30 — 新偏好 🙂
- **分类**: 审美与设计
- **精简版**: 新偏好 🙂
- **原始上下文**: "以后这样"
- **操作**: 新增
"""


def test_a_record_appended_on_disk_is_seen_while_neovim_is_idle(tmp_path: Path):
    shutil.copytree(WORKSPACES / "sloppy", tmp_path / "sloppy")
    user_dir = tmp_path / "sloppy" / "home" / ".cursor" / "profile"
    profile = user_dir / "user-profile.md"
    lines = profile.read_text(encoding="utf-8").split("\n")
    lines.insert(4, "- 新偏好 🙂 <!-- PF-20261130-07 -->")
    profile.write_text("\n".join(lines), encoding="utf-8")
    record = {"PROBE_LOG": str(user_dir / "user-profile-log.md"), "PROBE_RECORD": RECORD}
    result = run_probe(tmp_path, PROBE, profile, with_pmem(), record)
    assert result["attached"] and result["stale"], result
    assert result["caught_up"], result
