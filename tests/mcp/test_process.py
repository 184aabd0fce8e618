"""`pmem mcp` as a process: over stdio with the SDK's client, beside CLI writers, its client
configuration, and the SDK kept out of every other command."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

from cli_support import run_pmem, run_pmem_process
from mcp import Client, StdioServerParameters
from mcp_support import AGENT, Tree, pmem_mcp


def stdio(tree: Tree, *extra: str) -> Client:
    return Client(
        StdioServerParameters(
            command=sys.executable,
            args=pmem_mcp(tree, *extra)[1:],
            env={"PMEM_TODAY": "2026-11-30", "HOME": str(tree.root / "home")},
        ),
        client_info=AGENT,
    )


async def test_pmem_mcp_over_stdio(tree: Tree):
    async with stdio(tree) as c:
        names = {t.name for t in (await c.list_tools()).tools}
        found = await c.call_tool("memory", {"action": "search", "query": "fastapi"})
        traced = await c.call_tool("trace", {"id": "PF-20260601-01"})
    assert {"memory", "recall", "trace", "profile_add"} <= names
    assert json.loads(found.content[0].text)[0]["tags"] == ["backend"]
    assert traced.structured_content["matches"][0]["pair"] == "project-profile"


async def test_mcp_and_cli_writers_interleaved_lose_nothing(tree: Tree):
    """Appends and profile writes through `pmem mcp` while `pmem journal append` and `pmem add`
    processes write the same files: every line whole and once, every id distinct."""
    journal = tree.repo / "memory" / "JOURNAL.jsonl"
    before = len(journal.read_text(encoding="utf-8").splitlines())
    env = {"PMEM_USER_DIR": str(tree.user_dir), "PMEM_TODAY": "2026-11-30"}

    def cli_writer(n: int) -> None:
        for i in range(5):
            run_pmem_process("journal", "append", f"cli {n}-{i} 日志", cwd=tree.repo, env=env)
            run_pmem_process(
                "add",
                "--scope",
                "user",
                "--category",
                "技术偏好",
                f"CLI 偏好 {n}-{i}",
                cwd=tree.repo,
                env=env,
            )

    async with stdio(tree, "--trust-client-approval") as c:

        async def mcp_writer() -> None:
            for i in range(10):
                await c.call_tool("memory", {"action": "append", "text": f"mcp {i} 🙂"})
                await c.call_tool(
                    "profile_add",
                    {"scope": "user", "category": "技术偏好", "text": f"MCP 偏好 {i}"},
                )

        await asyncio.gather(mcp_writer(), *(asyncio.to_thread(cli_writer, n) for n in range(2)))
    lines = journal.read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines[before:]]  # each line whole JSON
    assert sorted(texts) == sorted(
        [f"mcp {i} 🙂" for i in range(10)]
        + [f"cli {n}-{i} 日志" for n in range(2) for i in range(5)]
    )
    profile = (tree.user_dir / "user-profile.md").read_text(encoding="utf-8")
    added = [
        line
        for line in profile.splitlines()
        if "偏好 " in line and ("MCP" in line or "CLI" in line)
    ]
    ids = [line.rsplit("<!-- ", 1)[1] for line in added]
    assert len(added) == 20 and len(set(ids)) == 20
    checked = run_pmem("check", "--format", "json", cwd=tree.repo, env=env)
    assert [d["code"] for d in json.loads(checked.out) if d["severity"] == "error"] == []


def test_config_for_each_client_and_a_merge_that_keeps_other_servers(tree: Tree):
    shown = run_pmem("mcp", "config", "--client", "cherry", cwd=tree.repo)
    entry = json.loads(shown.out)["mcpServers"]["profile-memory"]
    assert shown.code == 0 and entry["args"][-3:] == ["mcp", "--project", str(tree.repo)]
    mcp_json = tree.repo / ".cursor" / "mcp.json"
    mcp_json.parent.mkdir(exist_ok=True)
    mcp_json.write_text(
        '{"mcpServers": {"other": {"command": "x"}}, "keep": 1}\n', encoding="utf-8"
    )
    merged = run_pmem("mcp", "config", "--client", "cursor", "--write", cwd=tree.repo)
    config = json.loads(mcp_json.read_text(encoding="utf-8"))
    assert merged.code == 0 and set(config["mcpServers"]) == {"other", "profile-memory"}
    assert config["keep"] == 1
    mcp_json.write_text("{not json", encoding="utf-8")
    refused = run_pmem("mcp", "config", "--client", "cursor", "--write", cwd=tree.repo)
    assert refused.code == 1 and "left as it is" in refused.err
    assert mcp_json.read_text(encoding="utf-8") == "{not json"


def test_without_the_sdk_pmem_mcp_says_how_to_get_it():
    code = (
        "import sys; sys.modules['mcp'] = None\n"
        "from profile_memory.cli import main; sys.exit(main(['mcp']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2 and "pip install 'profile-memory[mcp]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_other_command_imports_the_sdk(tree: Tree):
    code = (
        "import sys\nfrom profile_memory.cli import main\n"
        "for argv in (['--version'], ['check'], ['trace', 'PF-20260412-02'], ['mcp', 'config', "
        "'--client', 'cursor']):\n"
        "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
        "print('mcp' in sys.modules, 'pygls' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tree.repo,
        env={"PMEM_USER_DIR": str(tree.user_dir), "PATH": ""},
    )
    assert done.stdout.strip().splitlines()[-1] == "False False", done.stderr
