"""A ``DATABASE_URL`` naming several servers (a Patroni cluster): libpq tries them in order and, with
``target_session_attrs=read-write``, keeps the one that takes writes. Banquise never decides which."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from service.base.database import DatabaseUnavailable, parse_url
from service.base.store.application import GameLog
from service.base.store.failures import is_unavailable
from tests import replication
from tests.e2e.server import free_port


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[replication.Pair]:
    with replication.primary_and_standby(tmp_path_factory.mktemp("multi-host")) as pair:
        yield pair


def test_a_url_lists_several_servers_each_with_its_port() -> None:
    params = parse_url("postgresql://banquise:s%40cret@db1:5433,db2,[::1]:5435/league?target_session_attrs=read-write")

    assert (params.host, params.port, params.others) == ("db1", 5433, (("db2", 5432), ("::1", 5435)))
    assert (params.user, params.password, params.dbname) == ("banquise", "s@cret", "league")
    assert params.connect_kwargs()["host"] == "db1,db2,::1"
    assert params.connect_kwargs()["port"] == "5433,5432,5435"
    assert "target_session_attrs=read-write" in params.conninfo()
    assert (
        params.describe() == "postgresql://banquise@db1:5433,db2:5432,::1:5435/league?target_session_attrs=read-write"
    )


def test_a_single_server_url_reads_as_before() -> None:
    params = parse_url("postgresql://postgres@127.0.0.1:5999/postgres")

    assert (params.host, params.port, params.others, params.target_session_attrs) == ("127.0.0.1", 5999, (), "")
    assert params.connect_kwargs()["port"] == 5999


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("postgresql://u@db1:x,db2/d", "not host:port"),
        ("postgresql://u@db1,db2/d?target_session_attrs=leader", "not one libpq knows"),
    ],
)
def test_a_malformed_host_list_is_refused_with_one_line(url: str, why: str) -> None:
    with pytest.raises(DatabaseUnavailable, match=why):
        parse_url(url)


def test_read_write_reaches_the_primary_wherever_it_is_listed(pair: replication.Pair) -> None:
    # Given a URL listing a closed port, then the standby, then the primary
    closed = free_port()
    url = (
        f"postgresql://postgres:{replication.PASSWORD}@127.0.0.1:{closed},127.0.0.1:{pair.standby.port},127.0.0.1:{pair.primary.port}"
        "/postgres?target_session_attrs=read-write"
    )
    # When the store opens on it and writes
    store = GameLog(parse_url(url), pool_size=2)
    try:
        with store.game_recorder.datastore.get_connection() as conn:
            row = conn.execute("SELECT pg_is_in_recovery() AS standby, inet_server_port() AS port").fetchone()
    finally:
        store.close()
    # Then every connection is the primary's
    assert row is not None and (row["standby"], row["port"]) == (False, pair.primary.port)


def test_a_write_on_a_server_demoted_to_standby_is_a_503_not_a_500(pair: replication.Pair) -> None:
    # Given a connection to a standby (a primary that Patroni demoted after the connection was made)
    # When a write runs on it
    with (
        psycopg.connect(pair.standby.url, autocommit=True) as conn,
        pytest.raises(psycopg.errors.ReadOnlySqlTransaction) as refused,
    ):
        conn.execute("CREATE TABLE demoted (x int)")
    # Then it is the database being unavailable (503, Retry-After), not a server error
    assert is_unavailable(refused.value)


def test_a_url_with_no_primary_reachable_fails_to_connect(pair: replication.Pair) -> None:
    url = f"postgresql://postgres:{replication.PASSWORD}@127.0.0.1:{pair.standby.port}/postgres?target_session_attrs=read-write"
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(parse_url(url).conninfo(), connect_timeout=2)
