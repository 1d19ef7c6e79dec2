"""What one append costs in database round trips, and the key cache that saves one: a revoked key is still
refused on its very next request, by every process on the database.

Round trips are counted exactly where PostgreSQL ends one: each ``ReadyForQuery`` message the server sends
(one per simple query, per ``Sync`` of the extended protocol, per pipeline sync), read from libpq's own
trace of every connection the store lends during the request.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.base.store.pool import GuardedPool
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


class RoundTrips:
    count = 0


@contextmanager
def round_trips(runtime: Runtime) -> Iterator[RoundTrips]:
    """Trace every connection the store lends inside the block; counted on leaving it (libpq writes its
    trace through a buffer it flushes when the trace ends)."""
    pool: GuardedPool = runtime.store.game_recorder.datastore.pool  # type: ignore[assignment]
    lend = pool.getconn
    traced: dict[int, tuple[Any, IO[bytes]]] = {}
    trips = RoundTrips()

    def getconn(timeout: float | None = None) -> Any:
        conn = lend(timeout=timeout)
        if id(conn) not in traced:
            out = tempfile.TemporaryFile()  # noqa: SIM115 - closed on leaving the block
            conn.pgconn.trace(out.fileno())
            conn.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
            traced[id(conn)] = (conn, out)
        return conn

    pool.getconn = getconn  # type: ignore[method-assign]
    try:
        yield trips
    finally:
        del pool.getconn
        for conn, out in traced.values():
            conn.pgconn.untrace()
            out.seek(0)
            text = out.read().decode()
            trips.count += sum(1 for line in text.splitlines() if "\tReadyForQuery" in line)
            out.close()


def new_game(client: Client, token: str, seed: int) -> tuple[str, list[bytes], str]:
    game = simulate(2, seed)
    made = client.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(token))
    assert made.status_code == 201, made.text
    moves = [msgspec.json.encode({"move": msgspec.to_builtins(m)}) for m in game.moves]
    return made.json()["id"], moves, made.headers["etag"]


def move(client: Client, token: str, game_id: str, body: bytes, etag: str, **headers: str) -> Any:
    return client.post(
        f"/games/{game_id}/moves",
        content=body,
        headers=auth(token, **{"content-type": "application/json", "if-match": etag}, **headers),
    )


@pytest.fixture(scope="module")
def token(database: ConnectionParams, store: GameLog) -> str:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "round trips").token


def test_an_append_costs_one_round_trip_with_or_without_an_idempotency_key(
    client: Client, runtime: Runtime, token: str, store: GameLog
) -> None:
    game_id, moves, etag = new_game(client, token, seed=1)
    with round_trips(runtime) as trips:
        first = move(client, token, game_id, moves[0], etag)
    assert first.status_code == 201, first.text
    # The game's row with the key-change count, then the whole write transaction in one go.
    assert trips.count == 2
    etag = first.headers["etag"]
    with round_trips(runtime) as trips:
        second = move(client, token, game_id, moves[1], etag)
    assert second.status_code == 201, second.text
    # The game's head is this process's own now: the write transaction alone (it confirms the key).
    assert trips.count == 1
    with round_trips(runtime) as trips:
        third = move(client, token, game_id, moves[2], second.headers["etag"], **{"Idempotency-Key": "tap-3"})
    assert third.status_code == 201, third.text
    # No look-up of a stored answer first: one under the same key would refuse the transaction.
    assert trips.count == 1
    version = store.version(UUID(game_id))
    with round_trips(runtime) as trips:
        again = move(client, token, game_id, moves[2], second.headers["etag"], **{"Idempotency-Key": "tap-3"})
    assert again.status_code == 201 and again.json() == third.json()
    assert trips.count <= 3  # the row, the stored answer, the game's log position
    # Without If-Match the retry is decided from the new head, and its transaction meets the stored answer.
    retried = client.post(
        f"/games/{game_id}/moves",
        content=moves[2],
        headers=auth(token, **{"content-type": "application/json", "Idempotency-Key": "tap-3"}),
    )
    assert retried.status_code == 201 and retried.json() == third.json()
    assert store.version(UUID(game_id)) == version


def test_a_connection_idle_for_a_while_is_checked_before_it_is_lent(
    client: Client, runtime: Runtime, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a connection used well just now skips the check (``FRESH``): one left idle is checked."""
    from service.base.store import pool as pool_module

    pool: GuardedPool = runtime.store.game_recorder.datastore.pool  # type: ignore[assignment]
    game_id, moves, etag = new_game(client, token, seed=2)
    checks = pool.checks
    answer = move(client, token, game_id, moves[0], etag)
    assert answer.status_code == 201
    assert pool.checks == checks  # every connection had just been used
    monkeypatch.setattr(pool_module, "FRESH", 0.0)
    answer = move(client, token, game_id, moves[1], answer.headers["etag"])
    assert answer.status_code == 201
    assert pool.checks >= checks + 1  # the one connection the write borrowed


@pytest.fixture(scope="module")
def second_instance(settings: Settings, database: ConnectionParams) -> Iterator[Client]:
    """Another app process's worth on the same database: its own store, pool and key cache."""
    runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c
    runtime.close()


def test_a_revoked_key_is_refused_on_its_next_append_by_every_instance(
    client: Client, second_instance: Client, database: ConnectionParams, store: GameLog, token: str
) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "lost phone")
    game_id, moves, etag = new_game(client, made.token, seed=3)
    for instance in (client, second_instance):  # both cache the key
        answer = move(instance, made.token, game_id, moves[0 if instance is client else 1], etag)
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
    # Another key's revocation moves the count: the live key is confirmed, and still works.
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        assert keys.revoke(conn, keys.create(conn, "someone else's").key.id)
    answer = move(second_instance, made.token, game_id, moves[2], etag)
    assert answer.status_code == 201, answer.text
    etag = answer.headers["etag"]
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        assert keys.revoke(conn, made.key.id)
    for instance in (client, second_instance):
        refused = move(instance, made.token, game_id, moves[3], etag)
        assert refused.status_code == 401, refused.text
        assert refused.json()["code"] == "invalid_api_key"
    assert store.version(UUID(game_id)) == int(etag.strip('"'))  # nothing stored for the refused moves


def test_a_key_revoked_while_its_process_holds_the_games_head_is_refused_and_nothing_stored(
    client: Client, database: ConnectionParams, store: GameLog
) -> None:
    """The move reads no row (the head is this process's): its transaction finds the key changed, and the
    long way refuses it."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "stolen tablet")
    game_id, moves, etag = new_game(client, made.token, seed=6)
    for body in moves[:2]:
        answer = move(client, made.token, game_id, body, etag)
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        assert keys.revoke(conn, made.key.id)
    refused = move(client, made.token, game_id, moves[2], etag)
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_api_key", refused.text
    assert store.version(UUID(game_id)) == int(etag.strip('"'))


def test_a_game_closed_by_another_process_refuses_a_move_from_a_held_head_as_the_row_would(
    client: Client, second_instance: Client, database: ConnectionParams, token: str, store: GameLog
) -> None:
    """This process holds the game's head; the other voids or abandons it: a legal move and an illegal one
    get the answer a fresh read of the row gives (409 game_voided, game_abandoned), nothing stored."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        admin = keys.create(conn, "referee", admin=True).token
    for seed, close, code in ((7, "void", "game_voided"), (8, "abandon", "game_abandoned")):
        game_id, moves, etag = new_game(client, token, seed=seed)
        answer = move(client, token, game_id, moves[0], etag)
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
        closer = admin if close == "void" else token
        closed = second_instance.post(f"/games/{game_id}/{close}", json={"reason": "a test"}, headers=auth(closer))
        assert closed.status_code == 200, closed.text
        version = store.version(UUID(game_id))
        for body in (moves[1], moves[0]):  # the next move, then one the rules refuse now
            refused = move(client, token, game_id, body, etag)
            assert refused.status_code == 409 and refused.json()["code"] == code, refused.text
        assert store.version(UUID(game_id)) == version


def test_a_move_from_a_stale_head_is_decided_again_from_the_game_as_it_is(
    client: Client, second_instance: Client, token: str, store: GameLog
) -> None:
    """The other process moved the game on: this one's head is stale. A move with the current If-Match is
    stored (not refused as stale), and one with the old If-Match is refused with the current version."""
    game_id, moves, etag = new_game(client, token, seed=9)
    first = move(client, token, game_id, moves[0], etag)
    assert first.status_code == 201, first.text
    elsewhere = move(second_instance, token, game_id, moves[1], first.headers["etag"])
    assert elsewhere.status_code == 201, elsewhere.text
    stale = move(client, token, game_id, moves[2], first.headers["etag"])
    assert stale.status_code == 409 and stale.json()["current_version"] == int(elsewhere.headers["etag"].strip('"'))
    third = move(client, token, game_id, moves[2], elsewhere.headers["etag"])
    assert third.status_code == 201, third.text
    assert store.version(UUID(game_id)) == int(third.headers["etag"].strip('"'))


def test_a_revoked_key_is_refused_even_on_a_game_that_does_not_exist(
    client: Client, database: ConnectionParams, store: GameLog
) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "old tablet")
    game_id, moves, etag = new_game(client, made.token, seed=4)
    assert move(client, made.token, game_id, moves[0], etag).status_code == 201
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        keys.revoke(conn, made.key.id)
    missing = move(client, made.token, "00000000-0000-4000-8000-000000000000", moves[1], etag)
    assert missing.status_code == 401 and missing.json()["code"] == "invalid_api_key"


def test_metrics_count_the_group_commit_transactions_and_moves(client: Client, runtime: Runtime, token: str) -> None:
    def counted() -> tuple[float, float]:
        text = client.get("/metrics").text
        values = {
            line.split(" ")[0]: float(line.split(" ")[1])
            for line in text.splitlines()
            if line.startswith("banquise_group_commit_")
        }
        return values["banquise_group_commit_transactions_total"], values["banquise_group_commit_writes_total"]

    game_id, moves, etag = new_game(client, token, seed=5)
    before = counted()
    assert move(client, token, game_id, moves[0], etag).status_code == 201
    transactions, writes = counted()
    assert (transactions - before[0], writes - before[1]) == (1, 1)
    assert (runtime.games.group.batches, runtime.games.group.writes) == (transactions, writes)


def test_metrics_count_the_moves_decided_from_a_held_head_and_those_decided_again(
    client: Client, second_instance: Client, token: str
) -> None:
    def counted() -> dict[str, float]:
        return {
            line.split('"')[1]: float(line.rsplit(" ", 1)[1])
            for line in client.get("/metrics").text.splitlines()
            if line.startswith("banquise_held_moves_total{")
        }

    game_id, moves, etag = new_game(client, token, seed=10)
    first = move(client, token, game_id, moves[0], etag)  # the long way: this process holds no head yet
    before = counted()
    second = move(client, token, game_id, moves[1], first.headers["etag"])
    assert second.status_code == 201
    after = counted()
    assert (after["stored"] - before["stored"], after["decided_again"] - before["decided_again"]) == (1, 0)
    elsewhere = move(second_instance, token, game_id, moves[2], second.headers["etag"])
    assert elsewhere.status_code == 201
    third = move(client, token, game_id, moves[3], elsewhere.headers["etag"])  # a stale head: decided again
    assert third.status_code == 201, third.text
    last = counted()
    assert (last["stored"] - after["stored"], last["decided_again"] - after["decided_again"]) == (0, 1)
    # Another process writes to this game: its moves go the long way from now on (no batch fails for it).
    fourth = move(client, token, game_id, moves[4], third.headers["etag"])
    assert fourth.status_code == 201, fourth.text
    assert counted() == last
