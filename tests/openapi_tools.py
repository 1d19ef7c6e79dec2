"""Where the client generators and linters are (``make client-deps``; openapi-python-client comes with
the dev extra), for the tests that run them on the committed document. Without them those tests skip."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "openapi" / "openapi.json"
NPM_BIN = ROOT / ".cache" / "npm" / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent


def npm_tool(name: str) -> Path:
    tool = NPM_BIN / name
    if not tool.exists() or shutil.which("node") is None:
        pytest.skip(f"{name} is not installed: make client-deps")
    return tool


def python_client_generator() -> Path:
    tool = VENV_BIN / "openapi-python-client"
    if not tool.exists():
        pytest.skip("openapi-python-client is not installed: pip install -e '.[dev]'")
    return tool


def run(*args: str | Path, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    # The tools' own hooks (ruff, after openapi-python-client) are looked up on PATH.
    env = {"PATH": f"{VENV_BIN}:{NPM_BIN}:/usr/local/bin:/usr/bin:/bin", "HOME": str(cwd), "NO_COLOR": "1"}
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def generate_python_client(out: Path) -> Path:
    """``openapi-python-client`` on the committed document, as a client developer runs it (no configuration):
    the package's folder (``out``). The NDJSON export is described with its bytes as an alternative the
    generator reads (it knows no line-delimited JSON)."""
    made = run(
        python_client_generator(),
        "generate",
        "--path",
        DOCUMENT,
        "--output-path",
        out,
        "--meta",
        "none",
        cwd=out.parent,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    # Any warning means a part of the API left out of the client (an operation skipped, a schema not read).
    assert "Warning" not in made.stdout + made.stderr, made.stdout + made.stderr
    return out
