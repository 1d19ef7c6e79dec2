"""Database faults through the proxy: fast 503s, a pool that heals, exactly-once outcomes."""

from __future__ import annotations

import secrets
import threading
import time
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts, Settings, SettingsError
from service.base.store import GameLog
from service.base.store.pool import session_kwargs
from tests.faults.conftest import TIMEOUTS
from tests.faults.proxy import FaultProxy
from tests.faults.server import TcpPostgres
from tests.helpers import auth

# Budgets of a second or two (tests/faults/conftest.py): measured on a machine running nothing else.
pytestmark = pytest.mark.alone

Client = TestClient  # type: ignore[type-arg]


def new_game(client: Client, token: str, seed: int) -> tuple[str, list[Any], int]:
    game = simulate(2, seed)
    response = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(token)
    )
    assert response.status_code == 201, response.text
    return response.json()["id"], list(game.moves), response.json()["version"]


def move(client: Client, token: str, game_id: str, m: Any, version: int, key: str | None = None) -> Any:
    headers = auth(token, **{"If-Match": f'"{version}"'})
    if key:
        headers["Idempotency-Key"] = key
    return client.post(f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(m)}, headers=headers)


def rows(direct: ConnectionParams, query: str, *args: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(direct.conninfo(), autocommit=True) as conn:
        return conn.execute(query, args).fetchall()


def event_versions(direct: ConnectionParams, game_id: str) -> list[int]:
    found = rows(
        direct,
        "SELECT originator_version FROM banquise_events WHERE originator_id = %s ORDER BY originator_version",
        UUID(game_id),
    )
    return [r[0] for r in found]


def assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == "database_unavailable"
    assert int(response.headers["retry-after"]) >= 1


# ---------------------------------------------------------------- 1. timeouts are settings
def test_timeouts_come_from_the_environment_with_documented_defaults() -> None:
    assert Settings.from_env({}).db_timeouts == DatabaseTimeouts(
        connect=2.0, pool=2.0, statement=5.0, lock=2.0, idle_in_transaction=5.0
    )
    env = {
        "BANQUISE_DB_CONNECT_TIMEOUT": "3",
        "BANQUISE_DB_POOL_TIMEOUT": "0.5",
        "BANQUISE_DB_STATEMENT_TIMEOUT": "10",
        "BANQUISE_DB_LOCK_TIMEOUT": "1.5",
        "BANQUISE_DB_IDLE_IN_TRANSACTION_TIMEOUT": "4",
    }
    timeouts = Settings.from_env(env).db_timeouts
    assert timeouts == DatabaseTimeouts(connect=3, pool=0.5, statement=10, lock=1.5, idle_in_transaction=4)
    options = session_kwargs(timeouts)["options"]
    assert "statement_timeout=10000" in options and "lock_timeout=1500" in options
    assert "idle_in_transaction_session_timeout=4000" in options
    with pytest.raises(SettingsError, match="BANQUISE_DB_POOL_TIMEOUT"):
        Settings.from_env({"BANQUISE_DB_POOL_TIMEOUT": "soon"})


def test_the_service_connections_carry_the_server_side_timeouts(faults_store: GameLog) -> None:
    with faults_store.game_recorder.datastore.get_connection() as conn:
        row = conn.execute(
            "SELECT current_setting('statement_timeout') AS s, current_setting('lock_timeout') AS l, "
            "current_setting('idle_in_transaction_session_timeout') AS i"
        ).fetchone()
    assert row == {"s": "1s", "l": "1s", "i": "2s"}


# ---------------------------------------------------------------- 2. unavailable: 503 everywhere, fast
def test_database_refusing_connections_is_a_fast_503_on_every_endpoint(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy
) -> None:
    game_id, moves, _ = new_game(app_client, tokens["owner"], seed=1)
    proxy.refuse()
    requests: list[tuple[str, str, dict[str, Any] | None, str]] = [
        ("GET", f"/games/{game_id}", None, "owner"),
        ("GET", "/games", None, "owner"),
        ("GET", f"/games/{game_id}/timeline", None, "owner"),
        ("GET", f"/games/{game_id}/replay/1", None, "owner"),  # read on the event loop (``LoopReads``)
        ("GET", "/players/player1", None, "owner"),
        ("POST", "/games", {"kind": "arctic", "setup": {"players": ["a", "b"], "seed": 3}}, "owner"),
        ("POST", f"/games/{game_id}/moves", {"move": msgspec.to_builtins(moves[0])}, "owner"),
        ("POST", f"/games/{game_id}/void", {"reason": "test"}, "admin"),
    ]
    for method, path, body, who in requests:
        started = time.perf_counter()
        response = app_client.request(method, path, json=body, headers=auth(tokens[who]))
        elapsed = time.perf_counter() - started
        assert_unavailable(response)
        assert elapsed < TIMEOUTS.pool + 1.0, (path, elapsed)
    started = time.perf_counter()
    health = app_client.get("/health")
    assert time.perf_counter() - started < 1.0
    assert health.status_code == 503 and health.json()["database"]["status"] == "down"
    proxy.heal()
    assert app_client.get(f"/games/{game_id}").status_code == 200


def test_a_network_blackhole_is_a_503_within_the_budget_and_health_answers_within_a_second(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy
) -> None:
    game_id, _, _ = new_game(app_client, tokens["owner"], seed=2)
    proxy.blackhole()
    started = time.perf_counter()
    health = app_client.get("/health")
    assert time.perf_counter() - started < 1.0
    assert health.status_code == 503
    for path in (f"/games/{game_id}", f"/games/{game_id}/record", f"/games/{game_id}/replay/1"):
        started = time.perf_counter()
        assert_unavailable(app_client.get(path))
        # The pool's wait, or the check / the query cut by the watchdog, whichever comes first.
        assert time.perf_counter() - started < TIMEOUTS.budget + TIMEOUTS.pool + 1.0
    proxy.heal()
    deadline = time.monotonic() + 10
    while app_client.get("/health").status_code != 200:
        assert time.monotonic() < deadline, "health never came back after the blackhole"
        time.sleep(0.1)
    assert app_client.get(f"/games/{game_id}").status_code == 200


# ---------------------------------------------------------------- 3. stale connections after a restart
def test_after_a_postgres_restart_no_request_fails(app_client: Client, tokens: dict[str, str], pg: TcpPostgres) -> None:
    game_id, moves, version = new_game(app_client, tokens["owner"], seed=3)
    for _ in range(6):  # fill the pool with connections that the restart will make stale
        assert app_client.get(f"/games/{game_id}").status_code == 200
    pg.stop("fast")
    pg.start()
    statuses = []
    for i in range(20):
        if i % 4 == 0:
            response = move(app_client, tokens["owner"], game_id, moves[i // 4], version)
            if response.status_code == 201:
                version = response.json()["version"]
        else:
            response = app_client.get(f"/games/{game_id}" if i % 2 else "/health")
        statuses.append(response.status_code)
    assert statuses.count(500) == 0 and statuses.count(503) == 0, statuses


def test_replays_on_connections_lent_unchecked_survive_a_restart(
    app_client: Client, tokens: dict[str, str], pg: TcpPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay takes a connection that answered recently without the check before lending (one round
    trip, not two): when the restart made it stale, the read runs again on a checked connection. (Its
    reads are made on the event loop, ``LoopReads``, which lends by the same rule.)"""
    from service.base.store import pool

    game_id, _, version = new_game(app_client, tokens["owner"], seed=6)
    monkeypatch.setattr(pool, "RECENT", 600.0)  # every pooled connection counts as recent
    for step in range(1, 11):  # every pooled connection has answered a replay
        assert app_client.get(f"/games/{game_id}/replay/{1 + step % version}").status_code == 200
    pg.stop("fast")
    pg.start()
    statuses = [app_client.get(f"/games/{game_id}/replay/{1 + step % version}").status_code for step in range(12)]
    assert statuses == [200] * 12


# ---------------------------------------------------------------- 4. exactly-once outcomes
# A move that writes nothing beside its game's head is one statement (``banquise_append_moves``, its own
# transaction); with an Idempotency-Key it is a pipelined transaction ending in COMMIT. Both are cut.
WRITES = [(b"banquise_append_moves", None), (b"COMMIT", "tap")]
WRITE_IDS = ["one-statement", "pipelined"]


@pytest.mark.parametrize("reset", [False, True], ids=["reply-hangs", "reply-then-reset"])
@pytest.mark.parametrize(("marker", "idempotency"), WRITES, ids=WRITE_IDS)
def test_a_lost_commit_reply_on_append_answers_the_stored_move(
    app_client: Client,
    tokens: dict[str, str],
    proxy: FaultProxy,
    direct: ConnectionParams,
    reset: bool,
    marker: bytes,
    idempotency: str | None,
) -> None:
    game_id, moves, version = new_game(app_client, tokens["owner"], seed=4)
    fired = proxy.cut_reply_after(marker, reset=reset)
    key = f"{idempotency}-{secrets.token_hex(4)}" if idempotency else None
    response = move(app_client, tokens["owner"], game_id, moves[0], version, key)
    assert fired.is_set()
    assert response.status_code == 201, response.text  # not a misleading 409 for its own move
    new_version = response.json()["version"]
    assert event_versions(direct, game_id) == list(range(1, new_version + 1))
    # The client goes on from the answer it got.
    assert move(app_client, tokens["owner"], game_id, moves[1], new_version).status_code == 201


@pytest.mark.parametrize(("marker", "idempotency"), WRITES, ids=WRITE_IDS)
def test_a_reset_before_commit_runs_the_append_again_once(
    app_client: Client,
    tokens: dict[str, str],
    proxy: FaultProxy,
    direct: ConnectionParams,
    marker: bytes,
    idempotency: str | None,
) -> None:
    game_id, moves, version = new_game(app_client, tokens["owner"], seed=5)
    fired = proxy.reset_before(marker)
    key = f"{idempotency}-{secrets.token_hex(4)}" if idempotency else None
    response = move(app_client, tokens["owner"], game_id, moves[0], version, key)
    assert fired.is_set()
    if response.status_code == 503 and response.json().get("outcome") == "unknown":
        # On a loaded machine the lost write's server process may not end within the settling deadline
        # (3 s with these tests' short timeouts; seen once in CI): the answer says so, and the client does
        # what it says: the same key again, or, without one, a look at the game before sending again.
        if key is not None or event_versions(direct, game_id) == list(range(1, version + 1)):
            response = move(app_client, tokens["owner"], game_id, moves[0], version, key)
        else:
            assert event_versions(direct, game_id) == list(range(1, len(event_versions(direct, game_id)) + 1))
            return
    assert response.status_code == 201, response.text
    assert event_versions(direct, game_id) == list(range(1, response.json()["version"] + 1))


def test_a_lost_commit_reply_on_create_without_a_key_stores_one_game(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy, direct: ConnectionParams
) -> None:
    before = rows(direct, "SELECT count(*) FROM games")[0][0]
    fired = proxy.cut_reply_after(b"COMMIT")
    response = app_client.post(
        "/games",
        json={"kind": "arctic", "setup": msgspec.to_builtins(simulate(2, 6).setup)},
        headers=auth(tokens["owner"]),
    )
    assert fired.is_set()
    assert response.status_code == 201, response.text
    assert rows(direct, "SELECT count(*) FROM games")[0][0] == before + 1
    assert app_client.get(response.headers["location"]).status_code == 200


def test_a_lost_commit_reply_on_import_without_a_key_stores_one_game(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy, direct: ConnectionParams
) -> None:
    game = simulate(2, 7)
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves],
    }
    before = rows(direct, "SELECT count(*) FROM games")[0][0]
    fired = proxy.cut_reply_after(b"banquise_insert_new_game", reset=True)
    response = app_client.post("/games/import", json=record, headers=auth(tokens["owner"]))
    assert fired.is_set()
    assert response.status_code == 201, response.text
    assert rows(direct, "SELECT count(*) FROM games")[0][0] == before + 1


def test_a_lost_commit_reply_on_void_is_not_already_voided(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy
) -> None:
    game_id, _, _ = new_game(app_client, tokens["owner"], seed=8)
    fired = proxy.cut_reply_after(b"COMMIT", reset=True)
    response = app_client.post(f"/games/{game_id}/void", json={"reason": "test"}, headers=auth(tokens["admin"]))
    assert fired.is_set()
    assert response.status_code == 200, response.text
    again = app_client.post(f"/games/{game_id}/void", json={"reason": "test"}, headers=auth(tokens["admin"]))
    assert again.status_code == 409 and again.json()["code"] == "game_already_voided"


def test_an_unknown_outcome_is_a_503_and_the_same_key_then_gets_the_stored_answer(
    app_client: Client, tokens: dict[str, str], proxy: FaultProxy, direct: ConnectionParams
) -> None:
    game_id, moves, version = new_game(app_client, tokens["owner"], seed=9)
    fired = proxy.cut_reply_after(b"COMMIT", reset=True)

    def outage() -> None:  # the database becomes unreachable right after the commit went out
        if fired.wait(10):
            proxy.refuse()

    thread = threading.Thread(target=outage)
    thread.start()
    first = move(app_client, tokens["owner"], game_id, moves[0], version, key="tap-1")
    thread.join()
    assert_unavailable(first)
    assert first.json()["outcome"] == "unknown" and "Idempotency-Key" in first.json()["detail"]
    proxy.heal()
    retry = move(app_client, tokens["owner"], game_id, moves[0], version, key="tap-1")
    assert retry.status_code == 201, retry.text
    assert event_versions(direct, game_id) == list(range(1, retry.json()["version"] + 1))


# ---------------------------------------------------------------- 1. a stalled lock holder
def test_a_stalled_transaction_holding_the_events_lock_is_ended_within_seconds(
    app_client: Client, tokens: dict[str, str], direct: ConnectionParams
) -> None:
    game_id, moves, version = new_game(app_client, tokens["owner"], seed=10)
    # Another Banquise process (same session settings) takes the lock, then stalls.
    stalled = psycopg.connect(direct.conninfo(), **session_kwargs(TIMEOUTS))
    try:
        stalled.execute("LOCK TABLE banquise_events IN EXCLUSIVE MODE")
        started = time.perf_counter()
        blocked = move(app_client, tokens["owner"], game_id, moves[0], version)
        assert_unavailable(blocked)  # lock_timeout: a quick 503, not a hang
        assert time.perf_counter() - started < TIMEOUTS.lock + 1.0
        deadline = time.monotonic() + TIMEOUTS.idle_in_transaction + 3.0
        while True:
            response = move(app_client, tokens["owner"], game_id, moves[0], version)
            if response.status_code == 201:
                break
            assert time.monotonic() < deadline, "the stalled transaction kept the events table locked"
            time.sleep(0.2)
        assert time.perf_counter() - started < TIMEOUTS.idle_in_transaction + 3.0
    finally:
        stalled.close()


# ---------------------------------------------------------------- issue 10 item 4: data errors are not retried
def test_a_value_postgres_cannot_index_is_a_fast_4xx_not_retried(app_client: Client, tokens: dict[str, str]) -> None:
    handle = secrets.token_hex(1500)  # 3,000 characters that do not compress: too large for the handle index
    started = time.perf_counter()
    response = app_client.post(
        "/games", json={"kind": "arctic", "setup": {"players": [handle, "b"], "seed": 1}}, headers=auth(tokens["owner"])
    )
    elapsed = time.perf_counter() - started
    assert 400 <= response.status_code < 500, response.text
    assert elapsed < 0.5, elapsed  # measured ~0.01 s; it was ten retries, ~1.9 s, then a 500
