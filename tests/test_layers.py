"""Imports point one way (docs/ARCHITECTURE.md): a module imports its own layer or the layers below it,
never one above or beside it, and no two modules import each other, even through a lazy import."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "service", "projections")

# Each layer is one folder: a top-level package or one sub-package of ``service/``, from the bottom up.
# A module belongs to the layer of its longest matching prefix. Layers of one rank sit side by side and
# may not import each other.
LAYERS: list[tuple[int, str, tuple[str, ...]]] = [
    (0, "domain", ("domain",)),
    (1, "bottom", ("service", "service.base")),
    (2, "games", ("service.games",)),
    (2, "projections", ("projections",)),
    (3, "runtime", ("service.runtime",)),
    (4, "http", ("service.http",)),
    (5, "cli", ("service.cli",)),
]
# What ``service/`` may hold directly: its sub-packages (one per layer) and the process's composition root.
SERVICE_TOP = {"__init__.py", "py.typed", "runtime.py", "base", "games", "http", "cli"}


def layer_of(module: str) -> tuple[int, str]:
    best: tuple[int, int, str] | None = None
    for rank, name, prefixes in LAYERS:
        for prefix in prefixes:
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and (best is None or len(prefix) > best[0]):
                best = (len(prefix), rank, name)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1], best[2]


def modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, path


def imports(module: str, path: Path) -> set[str]:
    """Every project module ``module`` imports, at the top or inside a function (lazily)."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names = {f"{base}.{alias.name}" for alias in node.names}
            found.update(names)
            if not names <= KNOWN:
                found.add(base)  # names defined in the module (or package __init__) itself
    return {name for name in found if name in KNOWN and name != module}


KNOWN = {name for name, _ in modules()}
GRAPH = {name: imports(name, path) for name, path in modules()}


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_point_down_the_layers(module: str) -> None:
    rank, layer = layer_of(module)
    for imported in GRAPH[module]:
        other_rank, other_layer = layer_of(imported)
        if imported == "service" and other_layer == "bottom":
            continue  # a package's own __init__ (the version string)
        assert other_layer == layer or other_rank < rank, (
            f"{module} ({layer}) imports {imported} ({other_layer}): only its own layer or those below it"
        )


def test_no_two_modules_import_each_other() -> None:
    """No cycle in the module graph (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in GRAPH[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    assert not cycles, f"modules importing each other: {cycles}"


def test_the_check_sees_a_lazy_upward_import(tmp_path: Path) -> None:
    source = tmp_path / "lazy.py"
    source.write_text("def f():\n    from service.http.app import create_app\n    return create_app\n")
    assert "service.http.app" in imports("projections.lazy", source)


def test_service_holds_only_its_layer_folders() -> None:
    """Every module under ``service/`` lives in the sub-package of its layer, not loose beside them."""
    loose = {p.name for p in (ROOT / "service").iterdir() if p.name != "__pycache__"} - SERVICE_TOP
    assert not loose, f"service/ holds {sorted(loose)}: put each in the sub-package of its layer"
    for name in GRAPH:
        if name.startswith("service."):
            assert name.split(".")[1] in {"base", "games", "http", "cli", "runtime"}, name


def test_folders_import_down_the_layers() -> None:
    """The folder graph (each layer folder a node) points down and has no cycle: a folder never imports a
    folder beside or above it, even through one module."""
    rank = {name: r for r, name, _ in LAYERS}
    for module, imported in ((m, i) for m, deps in GRAPH.items() for i in deps):
        a, b = layer_of(module), layer_of(imported)
        if a[1] != b[1] and not (imported == "service" and b[1] == "bottom"):
            assert rank[b[1]] < rank[a[1]], f"folder {a[1]} ({module}) imports folder {b[1]} ({imported})"


def test_every_layer_folder_exists() -> None:
    for _, name, prefixes in LAYERS:
        for prefix in prefixes:
            assert (ROOT / Path(*prefix.split("."))).with_suffix(".py").exists() or (
                ROOT / Path(*prefix.split("."))
            ).is_dir(), f"layer {name}: {prefix} does not exist"


# Above the store (use cases, HTTP, CLI): the store answers typed rows (``service.base.store.rows``) and names
# its own driver; nothing up there subscripts a row or imports psycopg.
ABOVE_THE_STORE = ("service/games", "service/http", "service/cli")


def _driver_imports(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names = (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        if any(name == "psycopg" or name.startswith(("psycopg.", "psycopg_")) for name in names):
            lines.append(node.lineno)
    return lines


def test_no_psycopg_above_the_store() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ABOVE_THE_STORE
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in _driver_imports(path)
    ]
    assert not found, "psycopg is the store's (service/base/store): " + ", ".join(found)


def test_use_cases_read_typed_rows_not_subscripts() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "service/games").rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if 'row["' in line or "row['" in line
    ]
    assert not found, "a row from the store is a Struct (service/base/store/rows.py): " + ", ".join(found)


def test_the_guards_see_a_driver_import_and_a_subscript(tmp_path: Path) -> None:
    module = tmp_path / "use_case.py"
    module.write_text(
        "from psycopg.types.json import Jsonb\nimport psycopg_pool\n\ndef f(row):\n    return row['id']\n"
    )
    assert _driver_imports(module) == [1, 2]
    assert "row['" in module.read_text()
