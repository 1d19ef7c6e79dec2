"""Every test has a time limit (pyproject.toml: 300 s, for ``make test``), but a soak or a failover run lasts
as long as it is sized to (the nemesis soak: 600 s per seed by default): those get the long limit
(tests/conftest.py), so that ``make soak`` runs its soaks to their end instead of breaking them off at 300 s."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import LONG_RUN_LIMIT

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
def pytest_collection_finish(session):
    for item in session.items:
        limit = item.get_closest_marker("timeout")
        print("LIMIT", item.nodeid, limit.args[0] if limit else "default")
"""


def limits(tmp_path: Path, *args: str) -> dict[str, str]:
    (tmp_path / "limits_probe.py").write_text(PROBE)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "limits_probe", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return {line.split()[1]: line.split()[2] for line in done.stdout.splitlines() if line.startswith("LIMIT ")}


def test_a_soak_gets_the_long_limit_and_an_ordinary_test_the_suite_s(tmp_path: Path) -> None:
    soaks = limits(tmp_path, "-m", "soak", "tests/nemesis/test_nemesis.py")
    assert soaks and all(limit == str(LONG_RUN_LIMIT) for limit in soaks.values()), soaks
    ordinary = limits(tmp_path, "tests/nemesis/test_nemesis.py")
    assert ordinary and all(limit == "default" for limit in ordinary.values()), ordinary
