"""The pages name no game kind: a kind is one plug-in, and the recorder, the viewer and the legal moves'
grouping take everything of it from the registry (``GET /kinds``, ``GamePlugin`` fields).

The rule: in the generic page files (everything under ``service/http/pages/``, ``service/http/recorder/``
and ``service/http/viewer/`` but the kinds' own board modules — ``pages/static/board/<kind>.js``, its
folder and stylesheet —, and ``service/games/choices.py``), a kind's name (``arctic``, ``arctica``, each
registered kind's name and title) appears only in prose: comments in JS and CSS, comments and
docstrings in Python. Anywhere else (a string, an identifier, a CSS class) the test fails and names it.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from pathlib import Path

import pytest

from domain.kinds import registered_games

ROOT = Path(__file__).resolve().parents[1]
PAGES = (ROOT / "service/http/pages", ROOT / "service/http/recorder", ROOT / "service/http/viewer")
FILES = (ROOT / "service/games/choices.py",)
VIEWER_STATIC = ROOT / "service/http/pages/static"
BOARD_URL = "/static/"
ALWAYS = ("arctic", "arctica")  # the built-in kinds, even if one were ever unregistered


def names() -> list[str]:
    found = {*ALWAYS}
    for plugin in registered_games():
        found.update({plugin.kind.lower(), plugin.title.lower()})
    return sorted(found)


def board_files() -> set[Path]:
    """The kinds' own board modules: the module a plug-in names, the folder and stylesheet of its stem."""
    owned: set[Path] = set()
    for plugin in registered_games():
        if plugin.board_module is None or not plugin.board_module.startswith(BOARD_URL):
            continue
        module = VIEWER_STATIC / plugin.board_module.removeprefix(BOARD_URL)
        owned.add(module)
        owned.add(module.with_suffix(".css"))
        folder = module.with_suffix("")
        owned.update(folder.rglob("*") if folder.is_dir() else ())
    return owned


def page_files() -> list[Path]:
    owned = board_files()
    found = [p for base in PAGES for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted({*(p for p in found if p not in owned), *FILES})


# ------------------------------------------------------------------ code without its prose
def _python_code(text: str) -> str:
    """The Python source without comments and docstrings (a string standing alone as a statement)."""
    kept: list[str] = []
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    starts = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.COMMENT:
            continue
        if tok.type == tokenize.STRING:
            before = next((t for t in reversed(tokens[:i]) if t.type != tokenize.NL), None)
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            alone = (before is None or before.type in starts) and (
                after is None or after.type in (tokenize.NEWLINE, tokenize.ENDMARKER)
            )
            if alone:
                continue
        kept.append(tok.string)
    return " ".join(kept)


_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}


def _js_code(text: str) -> str:
    """JS or CSS without its comments (``//`` to the line's end, ``/* … */``); strings, template literals
    and regular expressions are kept whole, so that a ``//`` inside one is not taken for a comment."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        two = text[i : i + 2]
        if two == "//":
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif two == "/*":
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif c in "'\"`":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif c == "/" and ("".join(out).rstrip()[-1:] in _REGEX_AFTER):
            j, in_class = i + 1, False
            while j < n and (text[j] != "/" or in_class) and text[j] != "\n":
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def code_of(path: Path, text: str) -> str:
    if path.suffix == ".py":
        return _python_code(text)
    if path.suffix in (".js", ".mjs", ".css"):
        return _js_code(text)
    return text  # any other file (an image, HTML) is all code


def mentions(code: str, kinds: Iterable[str]) -> list[str]:
    return sorted({m.group(0) for k in kinds for m in re.finditer(rf"\b{re.escape(k)}\b", code, re.I)})


# ------------------------------------------------------------------ the guard and its rule
def test_the_generic_page_files_name_no_kind_outside_prose() -> None:
    kinds = names()
    files = page_files()
    assert any(p.name == "start.js" for p in files) and ROOT / "service/games/choices.py" in files
    named = {}
    for path in files:
        found = mentions(code_of(path, path.read_text(encoding="utf-8", errors="replace")), kinds)
        if found:
            named[path.relative_to(ROOT).as_posix()] = found
    assert not named, f"kind names outside comments in generic page files (take them from the plug-in): {named}"


def test_the_board_modules_are_the_only_files_left_out() -> None:
    owned = {p.relative_to(VIEWER_STATIC).as_posix() for p in board_files()}
    assert owned and all(p.startswith("board/") for p in owned)
    left_out = {p for p in VIEWER_STATIC.rglob("*") if p.is_file()} - set(page_files())
    assert {p.relative_to(VIEWER_STATIC).as_posix() for p in left_out} <= owned


@pytest.mark.parametrize(
    ("suffix", "source", "named"),
    [
        (".js", "const SEATS = { arctic: [2, 4] };", ["arctic"]),
        (".js", 'if (kind === "Arctica") go(); // Arctica only', ["Arctica"]),
        (".js", '// the Arctic board\n/* Arctica\'s too */ const url = "http://x//arctic";', ["arctic"]),
        (".js", "const a = s.replace(/\\//g, '-'); // arctic", []),
        (".css", "/* arctic */ .arctica-card { width: 84px; }", ["arctica"]),
        (".css", "/* the Arctic board's cards */ .card.headed { width: 84px; }", []),
        (".py", '"""Arctic."""\n# arctic\nx = 1\n', []),
        (".py", 'TITLES = {"PlaceCard": "Arctic"}\n', ["Arctic"]),
        (".py", "from domain.arctic import RULES\n", ["arctic"]),
    ],
)
def test_the_rule_tells_code_from_prose(suffix: str, source: str, named: list[str]) -> None:
    assert mentions(code_of(Path("x" + suffix), source), ALWAYS) == named
