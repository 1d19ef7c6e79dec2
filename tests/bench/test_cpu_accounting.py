"""The bench's CPU accounting (``bench.env``): PostgreSQL's CPU found from the connection parameters,
growing with the work the database does, so that an append's CPU is split between the server, the
database and the load generator against a real server."""

from __future__ import annotations

import psutil
import psycopg

from bench.env import World, database_pid
from service.base.database import ConnectionParams


def test_the_database_behind_the_parameters_is_found_and_its_cpu_grows_with_its_work(
    database: ConnectionParams, tmp_path: object
) -> None:
    pid = database_pid(database)
    assert pid is not None
    assert "postgres" in psutil.Process(pid).name()
    world = World(workdir=tmp_path, params=database, embedded=None)  # type: ignore[arg-type]
    before = world.database_cpu_seconds()
    assert before is not None
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("SELECT sum(g::numeric * g) FROM generate_series(1, 3000000) g").fetchone()
        after = world.database_cpu_seconds()  # read while the backend lives: an ended one counts once reaped
    assert after is not None and after - before > 0.05


def test_a_database_on_another_host_is_not_counted() -> None:
    remote = ConnectionParams(dbname="x", host="db.example.org", port=5432, user="u")
    assert database_pid(remote) is None
    assert World(workdir=None, params=remote, embedded=None).database_cpu_seconds() is None  # type: ignore[arg-type]
