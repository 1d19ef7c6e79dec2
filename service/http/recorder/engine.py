"""The project's own engine for the recorder's browser (Pyodide): offline, a move is built by the same
decisions as on the server (``domain/building.py``, answered in ``choices.py``'s shape) and decided by
the same rules.

Served from the app, never a CDN: Pyodide from the npm package (``make recorder-engine`` installs it
under ``.cache/npm``), msgspec's WebAssembly wheel from PyPI (under ``.cache/pyodide``), and the pure
``domain`` package with ``service/games/choices.py`` zipped here. Without them the page validates on sync.
What ``prepare.mjs`` adds (Pyodide's memory after its start, the rules' bytecode) only makes it start sooner.
"""

from __future__ import annotations

import hashlib
import io
import json
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
MEDIA = {
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
    ".gz": "application/gzip",
}
# Made by ``make recorder-engine`` (prepare.py): Pyodide's memory after its start, and the bytecode of the
# package's modules compiled by Pyodide's Python (CPython 3.14), checked against their source at import.
SNAPSHOT = "snapshot.bin.gz"
BYTECODE = "bytecode.zip"


def pyodide_file(name: str) -> Path | None:
    path = PYODIDE_DIR / name
    return path if name in PYODIDE_FILES and path.is_file() else None


def msgspec_wheel() -> Path | None:
    wheels = sorted(WHEEL_DIR.glob("msgspec-*-pyemscripten_*_wasm32.whl")) if WHEEL_DIR.is_dir() else []
    return wheels[-1] if wheels else None


def available() -> bool:
    return msgspec_wheel() is not None and all(pyodide_file(n) is not None for n in PYODIDE_FILES)


def snapshot() -> Path | None:
    path = WHEEL_DIR / SNAPSHOT
    return path if path.is_file() else None


@cache
def sources() -> bytes:
    """``domain/`` (pure Python on msgspec) and the service's ``choices`` module as ``choices.py``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((_ROOT / "domain").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".json", ".toml"):
                z.write(path, path.relative_to(_ROOT).as_posix())
        z.write(Path(choices.__file__), "choices.py")
    return out.getvalue()


@cache
def package() -> bytes:
    """The sources, and their bytecode where ``make recorder-engine`` compiled it: each ``.pyc`` holds its
    source's hash (PEP 552, checked-hash), so Python in the browser takes it only for the very source it was
    compiled from and compiles an edited module again itself."""
    compiled = WHEEL_DIR / BYTECODE
    if not compiled.is_file():
        return sources()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        with zipfile.ZipFile(io.BytesIO(sources())) as plain:
            for entry in plain.infolist():
                z.writestr(entry, plain.read(entry))
        with zipfile.ZipFile(compiled) as pyc:
            for entry in pyc.infolist():
                if "/__pycache__/" in f"/{entry.filename}" and entry.filename.endswith(".pyc"):
                    z.writestr(entry, pyc.read(entry))
    return out.getvalue()


def manifest() -> bytes | None:
    """What the worker loads (``engine.json``): msgspec's wheel and, where made, Pyodide's snapshot."""
    wheel, made = msgspec_wheel(), snapshot()
    if wheel is None or not available():
        return None
    return json.dumps({"wheel": wheel.name, "snapshot": made.name if made else None}).encode()


def served(name: str) -> tuple[bytes, str] | None:
    """An engine file by its name in ``/recorder/engine/``, and its media type; None when there is none."""
    if name == "banquise.zip":
        return package(), "application/zip"
    if name == "engine.json":
        body = manifest()
        return (body, "application/json") if body is not None else None
    wheel = msgspec_wheel()
    if wheel is not None and name == wheel.name:
        path: Path | None = wheel
    elif name == SNAPSHOT:
        path = snapshot()
    else:
        path = pyodide_file(name)
    return (file_bytes(path), MEDIA.get(path.suffix, "application/octet-stream")) if path is not None else None


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
