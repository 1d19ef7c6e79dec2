"""Fixtures shared by every test that needs storage or the HTTP app."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.database import ConnectionParams
from service.runtime import Runtime
from service.settings import Settings
from service.store import GameLog
from tests import postgres


@pytest.fixture(scope="session")
def pg_admin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConnectionParams]:
    """The test PostgreSQL server (see tests/postgres.py for where it comes from)."""
    with postgres.server(tmp_path_factory.mktemp("pg")) as params:
        yield params


@pytest.fixture(scope="module")
def database(pg_admin: ConnectionParams, request: pytest.FixtureRequest) -> Iterator[ConnectionParams]:
    """A database of this test module's own, dropped afterwards."""
    with postgres.fresh_database(pg_admin, request.module.__name__) as params:
        yield params


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(pool_size=8, run_projections=False)


@pytest.fixture(scope="module")
def store(database: ConnectionParams) -> Iterator[GameLog]:
    log = GameLog(database)
    yield log
    log.close()


@pytest.fixture(scope="module")
def runtime(settings: Settings, database: ConnectionParams, store: GameLog) -> Runtime:
    return Runtime(settings=settings, params=database, store=store, server_version="test")


@pytest.fixture(scope="module")
def client(settings: Settings, runtime: Runtime) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c


@pytest.fixture(scope="module")
def api_key(database: ConnectionParams, store: GameLog) -> str:
    """A fresh API key's token (the store fixture has created the tables)."""
    import psycopg

    from service import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "tests").token


@pytest.fixture(scope="module")
def other_key(database: ConnectionParams, store: GameLog) -> str:
    import psycopg

    from service import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "someone else").token
