"""The code's shape (issue #22): the store owns its SQL, names stay private to their module, and no
function or class grows past what one reading holds.

The packages are found by path (the lists below): moving a module between folders keeps the checks.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Where no SQL may be written: the use cases, the HTTP layer (routes, pages, middleware) and the CLI.
# The store (service/base/store), the keys' table (service/base/keys.py) and the read models (projections/) own theirs.
NO_SQL = (
    "service/games",
    "service/http/routes",
    "service/http/viewer",
    "service/http",
    "service/cli/commands",
    "service/cli/main.py",
    "service/http/app.py",
    "service/http/auth.py",
    "service/http/errors.py",
    "service/runtime.py",
)
# Where the size limits and the private-name rule hold (the benchmarks import the service's names too).
PACKAGES = ("domain", "service", "projections")
IMPORTERS = (*PACKAGES, "bench")
MAX_FUNCTION_LINES = 80
MAX_CLASS_LINES = 400

# A string that reads as a statement: a leading keyword, then what such a statement holds.
_STATEMENT = re.compile(
    r"^\s*(?:"
    r"SELECT\b[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s+AS\s*\("
    r"|(?:LOCK|TRUNCATE)\s+(?:TABLE\s+)?\w|(?:UN)?LISTEN\s+\w|NOTIFY\s+\w|SET\s+(?:LOCAL\s+)?\w+\s*(?:=|TO)\b"
    r"|(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|FUNCTION|TRIGGER|VIEW|SCHEMA)\b"
    r")",
    re.IGNORECASE,
)
# A fragment of one: a clause keyword (upper case, as the project writes them), or a column compared with
# a bound parameter (``kind = %s``, ``handles && %s``, ``tags @> {}``).
_CLAUSE = re.compile(r"\b(?:WHERE|ORDER BY|GROUP BY|ON CONFLICT|RETURNING)\b|\bLIMIT\s+(?:%s|\d)")
_COMPARE = re.compile(r"[\w)]\s*(?:=|<|>|>=|<=|&&|@>|\?&)\s*(?:%[sb]\b|%\(\w+\)s|\{\}|ANY\()")


def _files(paths: tuple[str, ...]) -> Iterator[Path]:
    for name in paths:
        path = ROOT / name
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from sorted(path.rglob("*.py"))


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def looks_like_sql(text: str) -> bool:
    return bool(_STATEMENT.search(text) or _CLAUSE.search(text) or _COMPARE.search(text))


def _sql_strings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(), str(path))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes) and id(node) not in docs:
            text = node.value.decode(errors="replace") if isinstance(node.value, bytes) else node.value
            if looks_like_sql(text):
                yield f"{path.relative_to(ROOT)}:{node.lineno}: {text.strip()[:70]!r}"
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if looks_like_sql(text):
                yield f"{path.relative_to(ROOT)}:{node.lineno}: {text.strip()[:70]!r}"


@pytest.mark.parametrize(
    "text",
    [
        "SELECT * FROM games WHERE id = %s",
        "UPDATE games SET voided = true WHERE id = %s",
        "INSERT INTO game_forks (fork_id) VALUES (%s)",
        "DELETE FROM idempotency_keys WHERE key_id = %s",
        "WITH snap AS (SELECT 1) SELECT * FROM snap",
        "NOTIFY banquise_events",
        "coalesce(played_at, created_at) >= %s",
        "kind = %s",
        " ORDER BY created_at DESC, id DESC LIMIT %s",
    ],
)
def test_sql_is_recognised(text: str) -> None:
    assert looks_like_sql(text)


@pytest.mark.parametrize(
    "text",
    [
        "select a seat: 0 to %s",
        "the game is at version {current}, not {expected}: reload it and resubmit",
        "Update the page",
        "with a hidden card",
        "SELECT",
        "seat 2 of 4: where is %s?",
    ],
)
def test_prose_is_not_sql(text: str) -> None:
    assert not looks_like_sql(text)


def test_no_sql_outside_the_store_and_the_read_models() -> None:
    found = [hit for path in _files(NO_SQL) for hit in _sql_strings(path)]
    assert not found, "SQL text belongs to a named store method (service/base/store/):\n" + "\n".join(found)


def test_no_private_name_is_imported_from_another_module() -> None:
    found: list[str] = []
    for path in _files(IMPORTERS):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    private = alias.name.startswith("_") and not alias.name.startswith("__")
                    if private and node.module != _module(path):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {node.module} import {alias.name}")
    assert not found, "make the name public (or give it a function of its own):\n" + "\n".join(found)


def _lines(node: ast.AST) -> int:
    end = getattr(node, "end_lineno", None) or node.lineno  # type: ignore[attr-defined]
    return end - node.lineno + 1  # type: ignore[attr-defined]


def test_functions_and_classes_stay_short() -> None:
    found: list[str] = []
    for path in _files(PACKAGES):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _lines(node) > MAX_FUNCTION_LINES:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: function {node.name}, {_lines(node)} lines")
            elif isinstance(node, ast.ClassDef) and _lines(node) > MAX_CLASS_LINES:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: class {node.name}, {_lines(node)} lines")
    limits = f"functions <= {MAX_FUNCTION_LINES} lines, classes <= {MAX_CLASS_LINES}"
    assert not found, f"{limits}:\n" + "\n".join(found)


# The pages' ES modules (issue #46): their functions and classes held to the same limits, as TypeScript's
# parser reads them (``tests/js_functions.cjs``; Node and TypeScript come with ``make client-deps``).
PAGES_STATIC = "service/http/pages/static"
TYPESCRIPT = ROOT / ".cache" / "npm" / "node_modules" / "typescript"


def _js_shapes() -> list[dict[str, object]]:
    node = shutil.which("node")
    if node is None or not TYPESCRIPT.is_dir():
        pytest.skip("the pages' shape needs Node and TypeScript: make client-deps")
    # The engine's worker is Python in a JavaScript file's clothes (Pyodide's): no module to parse.
    files = sorted(p for p in (ROOT / PAGES_STATIC).rglob("*.js") if p.name != "engine-worker.js")
    out = subprocess.run(
        [node, str(ROOT / "tests" / "js_functions.cjs"), str(TYPESCRIPT), *map(str, files)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    shapes: list[dict[str, object]] = json.loads(out)
    return shapes


def test_the_pages_functions_and_classes_stay_short() -> None:
    shapes = _js_shapes()
    assert len([s for s in shapes if s["kind"] == "function"]) > 300  # every module was read
    assert not [s for s in shapes if s["name"] == "(syntax error)"], "a page module TypeScript cannot parse"
    found = [
        f"{Path(str(s['file'])).relative_to(ROOT)}:{s['line']}: {s['kind']} {s['name']}, {s['lines']} lines"
        for s in shapes
        if int(str(s["lines"])) > (MAX_FUNCTION_LINES if s["kind"] == "function" else MAX_CLASS_LINES)
    ]
    assert not found, f"functions <= {MAX_FUNCTION_LINES} lines, classes <= {MAX_CLASS_LINES}:\n" + "\n".join(found)


def test_the_pages_build_the_dom_with_one_helper() -> None:
    """One DOM helper (``dom.js``) for every page: no second one, and the viewer's and the recorder's modules
    import it."""
    sources = {
        p.relative_to(ROOT / PAGES_STATIC).as_posix(): p.read_text() for p in (ROOT / PAGES_STATIC).rglob("*.js")
    }
    helpers = [name for name, text in sources.items() if "document.createElement(" in text and name != "dom.js"]
    assert not helpers, f"build elements with dom.js's h: {helpers}"
    for page in ("viewer/", "recorder/", "board/"):
        importers = [
            n for n, text in sources.items() if n.startswith(page) and re.search(r'from "[./]+/dom\.js"', text)
        ]
        assert importers, page


# The games' use cases: application services that name their collaborators (issue #46): no bundle of every
# collaborator (a locator) is handed to them, and none inherits another's helpers.
USE_CASES = "service/games"
_BUNDLES = {"GameService", "GameDeps", "Runtime"}


def test_use_cases_name_their_collaborators() -> None:
    found: list[str] = []
    assert not (ROOT / USE_CASES / "deps.py").exists()
    for path in _files((USE_CASES,)):
        tree = ast.parse(path.read_text(), str(path))
        for node in tree.body:
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            # A generic Struct (``msgspec.Struct, Generic[M]``) is data, not a mixin of use cases.
            mixins = (
                [b for b in node.bases if not ast.unparse(b).startswith(("msgspec.", "Generic"))]
                if isinstance(node, ast.ClassDef)
                else []
            )
            if isinstance(node, ast.ClassDef) and len(mixins) > 1:
                found.append(f"{where}: class {node.name} mixes {len(node.bases)} bases")
            functions = [n for n in ast.walk(node) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
            for function in functions:
                for arg in [*function.args.args, *function.args.kwonlyargs]:
                    annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                    if annotation.strip("'\"") in _BUNDLES and path.name != "service.py":
                        found.append(f"{where}: {function.name} takes {arg.arg}: {annotation}")
    assert not found, "a use case names the collaborators it takes (wired in service/games/service.py):\n" + "\n".join(
        found
    )
