"""Generic modules never name a game kind: a kind is one plug-in, registered once (``domain/kinds.py``).

``git grep -i -w`` of each registered kind's name in the generic modules — the service, the read
models, the bench, ``domain/*.py`` outside the kinds' packages and the tests' generic harness — finds
only prose: comments, docstrings and documents. Code (names, strings, f-strings, SQL) that needs a
kind reads it from the registry, and what is a kind's own lives in its package behind a plug-in field.

Not checked here: the pages (``service/http/pages/**``, ``service/http/recorder/**``, ``service/http/viewer/**``,
``service/games/choices.py``), which have their own guard, and the bench's results (what a run
measured, by name).
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from pathlib import Path

from domain.kinds import registered_games

ROOT = Path(__file__).resolve().parents[1]

# ``:(glob)``: ``*`` stops at a slash (the kinds' packages, ``domain/<kind>/``, are theirs).
GENERIC = ("service", "projections", "bench", ":(glob)domain/*.py")
# The tests' generic harness: fixtures and helpers every test module may use, whatever the kind.
HARNESS = (
    "tests/conftest.py",
    "tests/postgres.py",
    "tests/replication.py",
    "tests/openapi_tools.py",
    "tests/watching.py",
    "tests/domain/harness.py",
    "tests/e2e/server.py",
    "tests/faults/conftest.py",
    "tests/browser/conftest.py",
)
REGISTRATION = "domain/kinds.py"
# Checked by the pages' own guard (tests/test_kind_names_pages.py: JS and CSS too, comments only).
PAGES = ("service/http/pages/", "service/http/recorder/", "service/http/viewer/", "service/games/choices.py")
RESULTS = "bench/results/"
# Documents are prose whole.
PROSE_SUFFIXES = (".md", ".txt", ".rst")


def kind_names() -> list[str]:
    return [plugin.kind for plugin in registered_games()]


def _pattern(names: list[str]) -> re.Pattern[str]:
    # As ``git grep -w``: a word is made of letters, digits and underscores.
    return re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9_])", re.I)


def files_naming(names: list[str]) -> list[str]:
    """The generic files ``git grep -i -w`` finds a kind's name in (tracked and untracked, not ignored)."""
    args = ["git", "grep", "-l", "-i", "-w", "--untracked"]
    for name in names:
        args += ["-e", name]
    found = subprocess.run(
        [*args, "--", *GENERIC, *HARNESS], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.split()
    return sorted(
        path
        for path in found
        if path != REGISTRATION
        and not path.startswith(PAGES)
        and not path.startswith(RESULTS)
        and not path.endswith(PROSE_SUFFIXES)
    )


def _prose_strings(source: str) -> set[tuple[int, int]]:
    """Where the strings that are prose start: docstrings, and any string standing alone as a statement."""
    return {
        (node.value.lineno, node.value.col_offset)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def code_naming(source: str, names: list[str]) -> list[str]:
    """The lines of Python ``source`` whose code (not a comment, not a docstring) names a kind."""
    pattern = _pattern(names)
    prose = _prose_strings(source)
    found: list[str] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            continue
        if token.type == tokenize.STRING and token.start in prose:
            continue
        if pattern.search(token.string):
            found.append(f"{token.start[0]}: {token.line.strip()[:120]}")
    return found


def test_generic_modules_name_no_kind_outside_prose() -> None:
    names = kind_names()
    wrong: dict[str, list[str]] = {}
    for path in files_naming(names):
        text = (ROOT / path).read_text()
        lines = code_naming(text, names) if path.endswith(".py") else ["(not Python: a kind named in code)"]
        if lines:
            wrong[path] = lines
    assert wrong == {}, "generic modules name a game kind (read it from domain.kinds / the plug-in):\n" + "\n".join(
        f"{path}:{line}" for path, lines in wrong.items() for line in lines
    )


def test_the_check_tells_code_from_prose() -> None:
    source = (
        '"""Arctic in a docstring is prose."""\n'
        "# and arctica in a comment\n"
        "def f():\n"
        '    """arctic again"""\n'
        '    kind = "arctic"  # code: a string\n'
        '    title = f"{kind} or Arctica"\n'
        "    return domain.arctica.rules, simulate_arctic\n"
    )
    assert [line.split(":")[0] for line in code_naming(source, ["arctic", "arctica"])] == ["5", "6", "7"]


def test_the_scope_holds_the_harness_and_every_registered_kind() -> None:
    assert all((ROOT / path).exists() for path in HARNESS)
    assert {"arctic", "arctica"} <= set(kind_names())
