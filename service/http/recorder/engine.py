"""The project's own engine for the recorder's browser (Pyodide): offline, a move is built by the same
decisions as on the server (``domain/building.py``, answered in ``choices.py``'s shape) and decided by
the same rules.

Served from the app, never a CDN: Pyodide from the npm package (``make recorder-engine`` installs it
under ``.cache/npm``), msgspec's WebAssembly wheel from PyPI (under ``.cache/pyodide``), and the pure
``domain`` package with ``service/games/choices.py`` zipped here. Without them the page validates on sync.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from functools import cache
from pathlib import Path

import domain
from service.games import choices

# The checkout the service runs from (where ``make recorder-engine`` put Pyodide and the wheel): the folder
# holding the ``domain`` package, wherever this module lives.
_ROOT = Path(domain.__file__).resolve().parent.parent
PYODIDE_DIR = Path(os.environ.get("BANQUISE_PYODIDE_DIR", _ROOT / ".cache/npm/node_modules/pyodide"))
WHEEL_DIR = Path(os.environ.get("BANQUISE_PYODIDE_WHEELS", _ROOT / ".cache/pyodide"))
# What Pyodide itself loads from its index: nothing else of the package is served.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MEDIA = {".mjs": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip", ".json": "application/json"}


def pyodide_file(name: str) -> Path | None:
    path = PYODIDE_DIR / name
    return path if name in PYODIDE_FILES and path.is_file() else None


def msgspec_wheel() -> Path | None:
    wheels = sorted(WHEEL_DIR.glob("msgspec-*-pyemscripten_*_wasm32.whl")) if WHEEL_DIR.is_dir() else []
    return wheels[-1] if wheels else None


def available() -> bool:
    return msgspec_wheel() is not None and all(pyodide_file(n) is not None for n in PYODIDE_FILES)


@cache
def package() -> bytes:
    """``domain/`` (pure Python on msgspec) and the service's ``choices`` module as ``choices.py``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((_ROOT / "domain").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".json", ".toml"):
                z.write(path, path.relative_to(_ROOT).as_posix())
        z.write(Path(choices.__file__), "choices.py")
    return out.getvalue()


@cache
def _read(path: Path, mtime_ns: int, size: int) -> bytes:
    return path.read_bytes()


def file_bytes(path: Path) -> bytes:
    """A file of the engine, read once while it is unchanged (the wasm alone is 9 MB)."""
    stat = path.stat()
    return _read(path, stat.st_mtime_ns, stat.st_size)


@cache  # the bodies are the cached ones above: each hashed once
def etag(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
