"""The front ends — `pmem` (`cli`), `pmem mcp` (`mcp_server` and its `mcp_*` parts) and the
language server (`lsp/`) — share `front.py` and the engine, never each other: a walk over every
import statement (those inside functions too) finds none from one front end into another, but the
launch of the two servers by `pmem serve` and `pmem mcp`."""

from __future__ import annotations

import ast
from pathlib import Path

import profile_memory

PACKAGE = Path(profile_memory.__file__).parent

# Which front end a module belongs to, by its name's prefix (`mcp_config` writes clients'
# configuration files for `pmem mcp config`: no server, no SDK, no front end).
FRONT_ENDS = {
    "profile_memory.cli": "cli",
    "profile_memory.mcp_server": "mcp",
    "profile_memory.mcp_prompts": "mcp",
    "profile_memory.mcp_live": "mcp",
    "profile_memory.mcp_stdio": "mcp",
    "profile_memory.mcp_handshake": "mcp",
    "profile_memory.lsp": "lsp",
}

# `pmem serve` and `pmem mcp` start the servers: the one crossing allowed, from the CLI's module of
# those two commands into each server's entry point.
LAUNCHES = {
    ("profile_memory.cli.servers", "profile_memory.lsp"),
    ("profile_memory.cli.servers", "profile_memory.lsp.server"),
    ("profile_memory.cli.servers", "profile_memory.mcp_server"),
    ("profile_memory.cli.servers", "profile_memory.mcp_handshake"),
    ("profile_memory.cli.servers", "profile_memory.mcp_stdio"),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _front_end(module: str) -> str | None:
    for prefix, name in FRONT_ENDS.items():
        if module == prefix or module.startswith(prefix + "."):
            return name
    return None


def _imported(path: Path, module: str) -> set[str]:
    """Every module an import statement in the file names (`from a import b` names `a.b` when `b`
    is a module of ours, else `a`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if _is_ours(candidate) else base)
    return {name for name in found if name.startswith("profile_memory")}


def _is_ours(module: str) -> bool:
    relative = Path(*module.split(".")[1:]) if "." in module else Path()
    return (PACKAGE / relative).with_suffix(".py").is_file() or (PACKAGE / relative).is_dir()


def _crossings() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        own = _front_end(module)
        if own is None:
            continue
        for target in sorted(_imported(path, module)):
            other = _front_end(target)
            if other is not None and other != own and (module, target) not in LAUNCHES:
                found.append(f"{module} ({own}) imports {target} ({other})")
    return found


def test_no_front_end_imports_another():
    assert _crossings() == []


def test_the_walk_sees_every_front_end_and_the_shared_layer():
    modules = {_module_name(path) for path in PACKAGE.rglob("*.py")}
    assert {_front_end(m) for m in modules} >= {"cli", "mcp", "lsp"}
    users = {
        module
        for path in PACKAGE.rglob("*.py")
        for module in [_module_name(path)]
        if "profile_memory.front" in _imported(path, module)
    }
    assert {_front_end(m) for m in users} >= {"cli", "mcp", "lsp"}


def test_the_front_ends_spell_the_core_decisions_and_changes():
    from typing import get_args

    from profile_memory import front
    from profile_memory.core.plans import ChangeKind, Decision

    assert get_args(front.Decision) == tuple(Decision)
    assert set(get_args(front.EntryChange)) <= set(ChangeKind)
