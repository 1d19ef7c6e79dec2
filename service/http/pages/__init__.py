"""The page layer: every page's assets in one folder (``static/``), served from one place (``/static``): the
shared modules (the one DOM helper ``dom.js``, the games' words ``words.js``, the boards ``board/`` with what
a timeline says of a correction ``board/taken-back.js``, the analysis panel ``analysis.js``, the stylesheet
``pages.css``) and each page's own, beside its small entry module (``viewer/viewer.js``, ``recorder/main.js``).
The pages' shells are written by ``service.http.viewer`` (the viewer) and ``service.http.recorder`` (the
recorder)."""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).with_name("static")
STATIC_PATH = "/static"


def files() -> list[Path]:
    """Every asset of the pages, as their folder holds them (sorted)."""
    return sorted(p for p in STATIC_DIR.rglob("*") if p.is_file())


def url(path: Path) -> str:
    """The address an asset is served at."""
    return f"{STATIC_PATH}/{path.relative_to(STATIC_DIR).as_posix()}"
