"""``banquise serve`` as a real process: embedded database that survives restarts, clear start-up errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.server import free_port, serving
from tests.helpers import web

pytestmark = pytest.mark.e2e


def test_embedded_database_keeps_its_data_across_restarts(tmp_path: Path) -> None:
    import psycopg

    data = tmp_path / "data"
    with serving(data) as base:
        health = web.get(base + "/health").json()
        assert health["database"] == health["database"] | {"status": "up", "embedded": True}
        socket_dir = data.resolve() / "pgdata"
        with psycopg.connect(host=str(socket_dir), dbname="postgres", user="postgres", autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (v text)")
            conn.execute("INSERT INTO kept VALUES ('still here')")
    with (
        serving(data) as base,
        psycopg.connect(host=str(socket_dir), dbname="postgres", user="postgres") as conn,
    ):
        assert web.get(base + "/health").status_code == 200
        assert conn.execute("SELECT v FROM kept").fetchall() == [("still here",)]


def test_unreachable_database_is_one_clear_line_and_a_nonzero_exit(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": "postgresql://nobody:secret@127.0.0.1:1/nowhere"}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli.main", "serve", "--port", str(free_port())],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 3
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert "cannot reach PostgreSQL at postgresql://nobody@127.0.0.1:1/nowhere" in lines[0]
    assert "secret" not in done.stderr
    assert "Traceback" not in done.stderr


def test_bad_setting_is_reported_without_a_traceback() -> None:
    env = {**os.environ, "BANQUISE_PORT": "eighty"}
    done = subprocess.run([sys.executable, "-m", "service.cli.main", "serve"], env=env, capture_output=True, text=True)
    assert done.returncode == 2
    assert "BANQUISE_PORT must be an integer" in done.stderr
    assert "Traceback" not in done.stderr


def test_keys_cli_creates_lists_and_revokes(tmp_path: Path) -> None:
    from tests.e2e.server import banquise

    data = tmp_path / "data"
    made = banquise(data, "keys", "create", "--name", "club", "--admin")
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert token.startswith("bq_")
    key_id = token.split("_")[1]
    listed = banquise(data, "keys", "list")
    assert f"{key_id}\tclub\tadmin" in listed.stdout and "active" in listed.stdout
    assert token not in listed.stdout
    assert banquise(data, "keys", "revoke", key_id).returncode == 0
    assert "revoked" in banquise(data, "keys", "list").stdout
    assert banquise(data, "keys", "revoke", key_id).returncode == 1
