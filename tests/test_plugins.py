"""Generic code reaches a game kind through its plug-in only (``domain/kinds.py``, ``domain/registry.py``).

A kind's internals (``domain.<kind>.…``) are imported by the kind's own package and the one
registration; nothing else, not even through a lazy import (the editions, the boards and the statistics
are plug-in fields). ``tests/test_kind_names.py`` checks the names in strings and code beside imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

from domain.kinds import registered_games

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("domain", "service", "projections", "bench")

REGISTRATION = "domain/kinds.py"


def kinds_imported(path: Path) -> set[str]:
    """The built-in kinds whose package a module imports (absolute imports, at any depth)."""
    kinds = {plugin.kind for plugin in registered_games()}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "domain" and parts[1] in kinds:
                found.add(parts[1])
    return found


def test_generic_code_never_imports_a_kind() -> None:
    wrong: dict[str, set[str]] = {}
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where == REGISTRATION:
                continue
            kinds = {kind for kind in kinds_imported(path) if not where.startswith(f"domain/{kind}/")}
            if kinds:
                wrong[where] = kinds
    assert wrong == {}, f"generic modules import a game kind's internals (use domain.kinds): {wrong}"


def test_the_check_sees_a_lazy_import(tmp_path: Path) -> None:
    module = tmp_path / "lazy.py"
    module.write_text("def f():\n    from domain.arctica.edition import Edition\n    import domain.arctic.rules\n")
    assert kinds_imported(module) == {"arctic", "arctica"}
