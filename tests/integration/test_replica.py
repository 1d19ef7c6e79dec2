"""Reads from a streaming replica (``DATABASE_READ_URL``), against a real primary and hot standby.

The app runs with the projection worker inside (as ``make run``): writes go to the primary, the read
models are read from the standby; a read's positions (``min_position``, ``min_lsn``) are honoured there,
and a lagging, stopped or restarted standby changes where reads are answered, never what they answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from litestar.testing import TestClient

from service.base import keys
from service.base.settings import Settings
from service.base.store.replica import format_lsn, parse_lsn
from service.http.app import create_app
from tests import replication
from tests.e2e.server import free_port, served
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]
MAX_LAG = 2.0


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[replication.Pair]:
    with replication.primary_and_standby(tmp_path_factory.mktemp("replication")) as pair:
        yield pair


@pytest.fixture(scope="module")
def app(pair: replication.Pair, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    settings = Settings(
        database_url=pair.primary.url,
        database_read_url=pair.standby.url,
        replica_max_lag=MAX_LAG,
        data_dir=Path(tmp_path_factory.mktemp("unused")),
        pool_size=4,
        run_projections=True,
    )
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture(scope="module")
def token(pair: replication.Pair, app: Client) -> str:
    with pair.primary.connect() as conn:  # the app has migrated the primary by now
        return keys.create(conn, "replica tests").token


def until(what: Callable[[], Any], seconds: float = 15.0) -> Any:
    """Poll ``what`` until it returns something truthy (a state change of the monitor, not a timing claim)."""
    deadline = time.monotonic() + seconds
    while True:
        found = what()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {seconds} s")
        time.sleep(0.05)


written: list[str] = []  # the ids of the games written, last last


def write(client: Client, token: str, names: list[str], seed: int) -> dict[str, str]:
    """A finished two-player Arctic game; the read-your-writes positions its answer carries."""
    response = client.post(
        "/games/import",
        content=record("arctic", 2, seed, names),
        headers={"Authorization": f"Bearer {token}", "content-type": "application/json"},
    )
    assert response.status_code == 201, response.text
    positions = {"min_position": response.headers["x-banquise-position"], "min_lsn": response.headers["x-banquise-lsn"]}
    written.append(response.json()["id"])
    return positions


def replica_status(client: Client) -> str:
    body = client.get("/health").json()
    return str(body["replica"]["status"])


def metric(client: Client, line_prefix: str) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(line_prefix):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_lsn_text_round_trips() -> None:
    for text in ("0/0", "0/1A2B3C4D", "16/B374D848", "FFFFFFFF/FFFFFFFF"):
        assert format_lsn(parse_lsn(text)) == text
    assert parse_lsn("1/0") > parse_lsn("0/FFFFFFFF")


def test_settings_read_the_replica_url_and_its_bound() -> None:
    settings = Settings.from_env({"DATABASE_READ_URL": "postgresql://u@h:5433/db", "BANQUISE_REPLICA_MAX_LAG": "1.5"})
    assert (settings.database_read_url, settings.replica_max_lag) == ("postgresql://u@h:5433/db", 1.5)
    assert Settings.from_env({}).database_read_url is None


def test_reads_come_from_the_replica_and_see_the_write(pair: replication.Pair, app: Client, token: str) -> None:
    assert until(lambda: replica_status(app) == "up")
    positions = write(app, token, ["Ana", "Bo"], 11)
    response = app.get("/players/Ana", params=positions)
    assert response.status_code == 200, response.text
    assert response.headers["x-banquise-read-from"] == "replica"
    assert response.json()["games"] == 1
    # The standby's own view: it is in recovery, and the app's pooled connections there ran the read.
    with pair.standby.connect() as conn:
        assert conn.execute("SELECT pg_is_in_recovery()").fetchone() == (True,)
        queries = [
            row[0]
            for row in conn.execute(
                "SELECT query FROM pg_stat_activity "
                "WHERE application_name LIKE 'banquise/%%' AND pid <> pg_backend_pid()"
            )
        ]
    assert any("handle_key" in query for query in queries), queries
    # Every read model route goes there; a refusal read there is the same refusal.
    for path in ("/players", "/players/Ana/games", "/players/Ana/versus/Bo", "/leaderboards/arctic"):
        answer = app.get(path, params=positions)
        assert answer.status_code == 200, (path, answer.text)
        assert answer.headers["x-banquise-read-from"] == "replica", path
    missing = app.get("/players/Nobody")
    assert (missing.status_code, missing.json()["code"]) == (404, "player_not_found")
    assert missing.headers["x-banquise-read-from"] == "replica"
    assert metric(app, "banquise_replica_reads_total") >= 6
    assert metric(app, "banquise_replica_up") == 1


def test_a_bad_lsn_is_a_400_and_a_position_never_written_a_422(app: Client) -> None:
    response = app.get("/players", params={"min_lsn": "not-an-lsn"})
    assert response.status_code == 400, response.text
    # The replica has not reached it, so the primary is asked whether any write did: none, at once.
    beyond = app.get("/players", params={"min_position": 10**12})
    assert (beyond.status_code, beyond.json()["code"]) == (422, "unknown_position")


def test_a_game_read_waits_for_the_replica(app: Client, token: str) -> None:
    response = app.post(
        "/games/import",
        content=record("arctic", 2, 12, ["Ana", "Bo"]),
        headers={"Authorization": f"Bearer {token}", "content-type": "application/json"},
    )
    game_id = response.json()["id"]
    # No position given: the game's own position is waited for, on the replica.
    stats = app.get(f"/games/{game_id}/stats")
    assert stats.status_code == 200, stats.text
    assert stats.headers["x-banquise-read-from"] == "replica"
    assert sorted(stats.json()["players"]) == ["Ana", "Bo"]


def test_a_paused_replica_is_bypassed_until_it_catches_up(pair: replication.Pair, app: Client, token: str) -> None:
    with pair.standby.connect() as conn:
        conn.execute("SELECT pg_wal_replay_pause()")
    try:
        positions = write(app, token, ["Cy", "Bo"], 13)
        started = time.monotonic()
        response = app.get("/players/Cy", params=positions)
        took = time.monotonic() - started
        # Not on the replica in time: answered by the primary, and correct.
        assert response.status_code == 200, response.text
        assert response.headers["x-banquise-read-from"] == "primary"
        assert response.json()["games"] == 1
        assert took < MAX_LAG + 3.0  # the bound, plus generous room for a loaded machine
        # "lag" (waited for the replica), or "lagging" on a machine so slow that the monitor saw it first.
        fallbacks = 'banquise_replica_fallbacks_total{reason="%s"}'
        assert metric(app, fallbacks % "lag") + metric(app, fallbacks % "lagging") >= 1
        # A game the replica has not even seen created is not "not found": the primary knows it.
        stats = app.get(f"/games/{written[-1]}/stats")
        assert (stats.status_code, stats.headers["x-banquise-read-from"]) == (200, "primary")
        assert sorted(stats.json()["players"]) == ["Bo", "Cy"]
        # The monitor sees the replica behind by more than the bound: reads without a position skip it too.
        assert until(lambda: replica_status(app) == "lagging")
        health = app.get("/health")
        assert (health.status_code, health.json()["status"]) == (200, "degraded")
        assert health.json()["replica"]["lag_seconds"] > MAX_LAG
        bypassed = app.get("/players/Cy")
        assert (bypassed.status_code, bypassed.headers["x-banquise-read-from"]) == (200, "primary")
        assert metric(app, 'banquise_replica_fallbacks_total{reason="lagging"}') >= 1
    finally:
        with pair.standby.connect() as conn:
            conn.execute("SELECT pg_wal_replay_resume()")
    assert until(lambda: replica_status(app) == "up")
    again = app.get("/players/Cy", params=positions)
    assert (again.status_code, again.headers["x-banquise-read-from"]) == (200, "replica")
    assert again.json()["games"] == 1


def test_a_stopped_replica_falls_back_and_a_restarted_one_is_used_again(
    pair: replication.Pair, app: Client, token: str
) -> None:
    pair.standby.stop()
    try:
        # Right after the stop (the monitor may not have looked yet) and after it has: the primary answers.
        for _ in range(2):
            response = app.get("/players/Ana")
            assert response.status_code == 200, response.text
            assert response.headers["x-banquise-read-from"] == "primary"
            assert response.json()["games"] == 2
        assert until(lambda: replica_status(app) == "down")
        health = app.get("/health").json()
        assert health["status"] == "degraded" and health["replica"]["error"]
        assert metric(app, 'banquise_replica_fallbacks_total{reason="down"}') >= 1
        # Writes go on, and their reads too.
        positions = write(app, token, ["Dee", "Ana"], 14)
        late = app.get("/players/Dee", params=positions)
        assert (late.status_code, late.headers["x-banquise-read-from"]) == (200, "primary")
    finally:
        pair.standby.start()
    assert until(lambda: replica_status(app) == "up")
    back = app.get("/players/Dee", params=positions)
    assert (back.status_code, back.headers["x-banquise-read-from"]) == (200, "replica")
    assert back.json()["games"] == 1


def test_a_replica_url_naming_the_wrong_database_is_bypassed_read_by_read(
    pair: replication.Pair, tmp_path: Path
) -> None:
    wrong = pair.standby.url.rsplit("/", 1)[0] + "/template1"  # reachable, in recovery, without our tables
    settings = Settings(
        database_url=pair.primary.url, database_read_url=wrong, data_dir=tmp_path, pool_size=2, run_projections=False
    )
    with TestClient(create_app(settings)) as client:
        response = client.get("/players/Ana")
        assert (response.status_code, response.headers["x-banquise-read-from"]) == (200, "primary")
        assert response.json()["games"] >= 1
        assert client.get("/health").json()["replica"]["fallbacks"]["error"] == 1


def test_a_replica_down_at_start_leaves_every_read_to_the_primary(pair: replication.Pair, tmp_path: Path) -> None:
    nowhere = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"  # nothing listens there
    settings = Settings(
        database_url=pair.primary.url, database_read_url=nowhere, data_dir=tmp_path, pool_size=2, run_projections=False
    )
    with TestClient(create_app(settings)) as client:
        response = client.get("/players/Ana")
        assert (response.status_code, response.headers["x-banquise-read-from"]) == (200, "primary")
        health = client.get("/health")
        assert (health.status_code, health.json()["status"], health.json()["replica"]["status"]) == (
            200,
            "degraded",
            "down",
        )


def test_banquise_serve_takes_the_replica_from_its_environment(
    pair: replication.Pair, token: str, tmp_path: Path
) -> None:
    env = {"DATABASE_URL": pair.primary.url, "DATABASE_READ_URL": pair.standby.url, "BANQUISE_LOG_LEVEL": "WARNING"}
    with served(tmp_path / "serve", **env) as server, httpx.Client(base_url=server.base, timeout=10) as http:
        assert until(lambda: http.get("/health").json()["replica"]["status"] == "up")
        response = http.post(
            "/games/import",
            content=record("arctic", 2, 16, ["Gus", "Ana"]),
            headers={"Authorization": f"Bearer {token}", "content-type": "application/json"},
        )
        assert response.status_code == 201, response.text
        positions = {key: response.headers[f"x-banquise-{key[4:]}"] for key in ("min_position", "min_lsn")}
        read = http.get("/players/Gus", params=positions)
        assert (read.status_code, read.headers["x-banquise-read-from"]) == (200, "replica")
        assert read.json()["games"] == 1


def test_without_a_replica_nothing_changes(client: Client, api_key: str) -> None:
    response = client.post(
        "/games/import",
        content=record("arctic", 2, 15, ["Eve", "Fay"]),
        headers={"Authorization": f"Bearer {api_key}", "content-type": "application/json"},
    )
    assert response.status_code == 201, response.text
    assert "x-banquise-lsn" not in response.headers
    read = client.get("/health")
    assert read.json()["replica"] is None
    assert "x-banquise-read-from" not in client.get("/players").headers


def test_the_restarted_standby_streams_again(pair: replication.Pair) -> None:
    # After its restart the standby streams from the primary again (seen from both sides).
    with pair.primary.connect() as conn:
        rows = conn.execute("SELECT state FROM pg_stat_replication").fetchall()
    assert rows == [("streaming",)]
    with psycopg.connect(pair.standby.url, connect_timeout=5) as conn:
        assert conn.execute("SHOW cluster_name").fetchone() == ("banquise-standby",)
