"""``make test`` (tests/suite.py) run twice in a row on a small selection: both passes run, the time by folder
is printed, and nothing is left behind — no PostgreSQL, no temporary directory, no database."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from service.base.database import ConnectionParams
from tests import postgres

ROOT = Path(__file__).resolve().parent.parent
# A module on the database (each test process: a server, a template, a copy per module) and one marked alone.
SELECTION = ["tests/integration/test_keys.py", "tests/faults/test_load.py"]


def databases(admin: ConnectionParams) -> set[str]:
    with psycopg.connect(admin.conninfo(), autocommit=True) as conn:
        return {row[0] for row in conn.execute(r"SELECT datname FROM pg_database WHERE datname LIKE 'bq\_%'")}


def url(params: ConnectionParams) -> str:
    """A URL for ``params`` (a socket directory goes in ``?host=``)."""
    where = f"?host={quote(params.host, safe='')}" if params.host.startswith("/") else ""
    server = "" if where else f"{params.host}:{params.port}"
    secret = f":{quote(params.password)}" if params.password else ""
    return f"postgresql://{quote(params.user)}{secret}@{server}/{params.dbname}{where}"


def suite(env: dict[str, str], workers: int, reports: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.suite", *SELECTION, "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        # its reports in a folder of its own: the run this test is part of writes .cache/suite
        env={**env, "BANQUISE_SUITE_REPORTS": str(reports), "BANQUISE_TEST_WORKERS": str(workers)},
        capture_output=True,
        text=True,
        timeout=240,
    )


@pytest.fixture
def reports() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="bq-suite-reports-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def tmp() -> Iterator[Path]:
    """The runs' own temporary folder: whatever they leave there is theirs (other runs may share /tmp).
    Short, as /tmp is: a server's socket goes in its data directory when the path leaves room for it."""
    path = Path(tempfile.mkdtemp(prefix="bq-runs-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_two_runs_in_a_row_leave_no_process_no_directory_and_no_database(
    tmp: Path, reports: Path, pg_admin: ConnectionParams
) -> None:
    before = databases(pg_admin)
    plain = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BANQUISE_TEST_DATABASE_URL")}
    plain["TMPDIR"] = str(tmp)
    # The first run on its own embedded servers in two processes, the second in one, on this test's server
    # (its databases can be counted there), as BANQUISE_TEST_DATABASE_URL points a run at any server.
    runs = [(plain, 2), ({**plain, "BANQUISE_TEST_DATABASE_URL": url(pg_admin)}, 1)]
    for run, (env, workers) in enumerate(runs, start=1):
        done = suite(env, workers, reports)
        out = done.stdout
        assert done.returncode == 0, f"run {run}:\n{out[:6000]}\n{done.stderr[-2000:]}"
        assert "=== shared:" in out and "=== alone:" in out and "=== time by folder" in out, out[-2000:]
        assert "| `tests/integration/` | " in out and "| `tests/faults/` | " in out, out[-2000:]
        assert {p.name for p in reports.iterdir()} == {"shared.xml", "alone.xml"}
        assert not postgres.postmasters(tmp), f"run {run} left PostgreSQL running: {postgres.postmasters(tmp)}"
        # The wheel's inter-process lock file (empty, kept in the temporary folder by design) may stay.
        left = sorted(p.name for p in tmp.iterdir() if p.name != ".lockfile")
        assert not left, f"run {run} left {left} in its temp folder"
    assert databases(pg_admin) == before, f"left databases: {sorted(databases(pg_admin) - before)}"
