"""``python -m service.http.recorder.prepare``: what makes the recorder's engine start sooner (``prepare.mjs``),
written beside msgspec's wheel. Needs Node and Pyodide installed (``make recorder-engine`` does both)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from service.http.recorder import engine


def main() -> int:
    node = shutil.which("node")
    if node is None or not engine.available():
        print("prepare: Node and the recorder's engine are needed (make recorder-engine)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        package = Path(scratch) / "package.zip"
        package.write_bytes(engine.sources())
        script = Path(__file__).with_name("prepare.mjs")
        done = subprocess.run(
            [node, str(script), str(engine.PYODIDE_DIR), str(package), str(engine.WHEEL_DIR)], timeout=600
        )
    if done.returncode == 0:
        print(f"prepare: {engine.SNAPSHOT} and {engine.BYTECODE} written in {engine.WHEEL_DIR}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
