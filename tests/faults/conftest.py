"""The fault harness: a PostgreSQL server of its own on TCP, the fault proxy in front of it, and the app
connected through the proxy with short timeouts. Module-scoped; every process started is stopped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from litestar.testing import TestClient

from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts, Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.faults.proxy import FaultProxy, running
from tests.faults.server import TcpPostgres, tcp_postgres

# Short, so that the tests are: connect (libpq's minimum), pool wait, statement (budget = +1 s), lock, idle.
TIMEOUTS = DatabaseTimeouts(connect=2.0, pool=1.0, statement=1.0, lock=1.0, idle_in_transaction=2.0)


@pytest.fixture(scope="module")
def pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TcpPostgres]:
    with tcp_postgres(Path(tmp_path_factory.mktemp("faults"))) as server:
        yield server


@pytest.fixture(scope="module")
def proxy(pg: TcpPostgres) -> Iterator[FaultProxy]:
    with running("127.0.0.1", pg.port) as p:
        yield p


@pytest.fixture(autouse=True)
def healed(proxy: FaultProxy, pg: TcpPostgres) -> Iterator[None]:
    """Every test starts and ends with a running server and a forwarding proxy."""
    if pg.pid() is None:
        pg.start()
    proxy.heal()
    yield
    proxy.heal()
    if pg.pid() is None:
        pg.start()


@pytest.fixture(scope="module")
def direct(pg: TcpPostgres) -> ConnectionParams:
    """The database straight, not through the proxy (for the tests' own checks)."""
    return pg.params


@pytest.fixture(scope="module")
def faults_settings() -> Settings:
    return Settings(pool_size=4, run_projections=False, db_timeouts=TIMEOUTS)


@pytest.fixture(scope="module")
def faults_store(proxy: FaultProxy, direct: ConnectionParams) -> Iterator[GameLog]:
    via_proxy = ConnectionParams(dbname=direct.dbname, host="127.0.0.1", port=proxy.port, user=direct.user)
    store = GameLog(via_proxy, pool_size=4, timeouts=TIMEOUTS)
    yield store
    store.close()


@pytest.fixture(scope="module")
def faults_runtime(faults_settings: Settings, faults_store: GameLog) -> Runtime:
    return Runtime(settings=faults_settings, params=faults_store.params, store=faults_store, server_version="test")


@pytest.fixture(scope="module")
def app_client(faults_settings: Settings, faults_runtime: Runtime) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with TestClient(create_app(faults_settings, runtime=faults_runtime), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def tokens(direct: ConnectionParams, faults_store: GameLog) -> dict[str, str]:
    with psycopg.connect(direct.conninfo(), autocommit=True) as conn:
        return {
            "owner": keys.create(conn, "faults").token,
            "admin": keys.create(conn, "faults admin", admin=True).token,
        }
