"""Read models that one game cannot poison: a game whose events fail to project is quarantined while
every other game advances, ``retry`` releases it after a fix (ratings as a clean build has them), games
stored with values now out of bounds project, and a rebuild swaps its tables in only when it is done."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from projections import schema, standard
from projections.batch import Batch
from projections.handles import handle_key
from service.base.database import ConnectionParams
from service.base.keys import ApiKey
from service.runtime import Runtime
from tests.helpers import appended
from tests.projections.support import dump, make_key, record, store_game, store_legacy_game
from tests.projections.test_runner import cli

ALL_TABLES = [t for name in schema.NAMES for t in schema.TABLES[name]] + ["projection_positions"]
POOL = ["Ana", "bob", "Chloé", "dan"]

# The fault a test switches on: a real constraint on a read-model table, so the stats projection fails
# (inside the pipelined batch, as a bug would) for every game a player named "Poison" finishes.
POISON_ON = "ALTER TABLE player_results ADD CONSTRAINT poison CHECK (player <> 'Poison') NOT VALID"
POISON_OFF = "ALTER TABLE player_results DROP CONSTRAINT IF EXISTS poison"


def sql(params: ConnectionParams, query: str, *args: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        cur = conn.execute(query, args)
        return cur.fetchall() if cur.description else []


def long_handle(seed: int) -> str:
    """1,400 characters that do not compress (PostgreSQL would squeeze "aaa…" under the index limit)."""
    rng = random.Random(seed)
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(1400))


@pytest.fixture(scope="module")
def key(database: ConnectionParams, runtime: Runtime) -> ApiKey:
    return make_key(database)[0]


@pytest.fixture(scope="module")
def games(runtime: Runtime, key: ApiKey) -> list[dict[str, Any]]:
    """A dozen finished games of both kinds between the pool's players."""
    out = []
    for i in range(12):
        players = 2 + i % 3
        names = [POOL[(i + k) % len(POOL)] for k in range(players)]
        out.append(store_game(runtime.games, key, record("arctica" if i % 4 == 3 else "arctic", players, i, names)))
    return out


def head(runtime: Runtime) -> int:
    return runtime.store.max_notification_id()


def test_games_with_out_of_bounds_values_fold_replay_and_project(
    runtime: Runtime,
    client: TestClient,  # type: ignore[type-arg]
    key: ApiKey,
    games: list[dict[str, Any]],
) -> None:
    # Stored as before the input limits (the service refuses such values now): seeds beyond 64 bits both
    # ways, and two 1,400-character handles (their head-to-head key used to exceed the btree limit).
    wide = store_legacy_game(runtime.games, key, "arctic", 2**64, ["Ana", "bob"])
    negative = store_legacy_game(runtime.games, key, "arctic", -(2**70), ["Ana", "bob", "dan"])
    a, b = long_handle(1), long_handle(2)
    long = store_legacy_game(runtime.games, key, "arctic", 7, [a, b])
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    assert runner.position() == head(runtime)
    assert runner.quarantine() == []

    kind = runtime.games.registry.get("arctic")
    assert kind is not None
    [(state,)] = sql(runtime.params, "SELECT state FROM game_boards WHERE game_id = %s", wide["id"])
    assert kind.decode_snapshot(state).seed == 2**64
    for game in (wide, negative):
        assert client.get(f"/games/{game['id']}/stats?min_position={game['position']}").status_code == 200
        assert client.get(f"/games/{game['id']}/board").status_code == 200
        replay = client.get(f"/games/{game['id']}/replay/3")
        assert replay.status_code == 200, replay.text

    profile = client.get(f"/players/{a}?min_position={long['position']}")
    assert profile.status_code == 200, profile.text
    assert profile.json()["handle"] == a and profile.json()["games"] == 1
    versus = client.get(f"/players/{a}/versus/{b}")
    assert versus.status_code == 200, versus.text
    # The long handle's key: bounded, and one per case-insensitive handle.
    assert len(handle_key(a)) < 300 and handle_key(a) == handle_key(a.upper()) != handle_key(b)
    [(games_played,)] = sql(
        runtime.params,
        "SELECT games FROM head_to_head WHERE handle_key = %s AND opponent_key = %s",
        handle_key(a),
        handle_key(b),
    )
    assert games_played == 1


def test_a_poisoned_game_is_quarantined_while_the_others_advance_and_a_retry_releases_it(
    runtime: Runtime,
    client: TestClient,  # type: ignore[type-arg]
    key: ApiKey,
    games: list[dict[str, Any]],
) -> None:
    params = runtime.params
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    sql(params, POISON_ON)
    try:
        # The poisoned game finishes before later games of the same players: its retry must re-rate them.
        poisoned = store_game(runtime.games, key, record("arctic", 2, 101, ["Poison", "Ana"]))
        later = [
            store_game(runtime.games, key, record("arctic", 2, 102 + i, ["Ana", POOL[1 + i % 3]])) for i in range(4)
        ]
        runner.run()  # one page: the poisoned game and the later ones together
        assert runner.position() == head(runtime)
        [held] = runner.quarantine()
        assert held.game_id == poisoned["id"] and "poison" in (held.error or "")
        # Every other game went on: a read waiting for the last write answers at once.
        profile = client.get(f"/players/Ana?min_position={later[-1]['position']}")
        assert profile.status_code == 200, profile.text
        for game in later:
            assert client.get(f"/games/{game['id']}/stats").status_code == 200
        assert sql(params, "SELECT count(*) FROM game_summaries WHERE game_id = %s", poisoned["id"]) == [(0,)]
        assert client.get("/players/Poison").status_code == 404

        health = client.get("/health")
        assert health.status_code == 200
        assert health.json()["status"] == "degraded"
        assert health.json()["projections"] == {"status": "degraded", "position": head(runtime), "quarantined": 1}
        status = cli(params, "projections", "status")
        assert status.returncode == 0, status.stderr
        assert f"quarantined\t{poisoned['id']}\t{held.position}\t" in status.stdout

        # Still failing: the retry keeps it quarantined, and the command says so.
        failed = cli(params, "projections", "retry")
        assert failed.returncode == 1 and "still quarantined" in failed.stdout
        assert [g.game_id for g in runner.quarantine()] == [poisoned["id"]]
    finally:
        sql(params, POISON_OFF)  # the fix

    done = cli(params, "projections", "retry")
    assert done.returncode == 0, done.stderr
    assert f"{poisoned['id']}\t{held.position}\treleased" in done.stdout
    assert runner.quarantine() == []
    assert client.get("/health").json()["status"] == "ok"
    assert client.get("/players/Poison").json()["games"] == 1
    # Released in finishing order: the tables equal a clean build's (ratings of the later games too).
    retried = dump(params, ALL_TABLES)
    standard.runner(runtime.store, runtime.games.registry, batch_size=97).rebuild()
    assert dump(params, ALL_TABLES) == retried
    # And the running worker's runner goes on from there.
    extra = store_game(runtime.games, key, record("arctica", 2, 5, ["Poison", "dan"]))
    runner.run()
    assert runner.position() == extra["position"]


def test_a_live_game_is_quarantined_from_the_failing_event_and_its_later_moves_wait_for_the_retry(
    runtime: Runtime, key: ApiKey, games: list[dict[str, Any]]
) -> None:
    """Recorded move by move: the events before the failure stay projected, the later ones are skipped
    (other games still advance) and applied by the retry."""
    params = runtime.params
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    body = msgspec.json.decode(record("arctic", 2, 202, ["Poison", "bob"]))
    moves = body["moves"]
    opening = store_game(runtime.games, key, msgspec.json.encode({**body, "moves": moves[:4]}))
    runner.run()
    game_id = opening["id"]
    [(version,)] = sql(params, "SELECT version FROM game_boards WHERE game_id = %s", game_id)
    sql(params, POISON_ON)
    try:
        for move in moves[4:]:
            reply = appended(runtime.games.writer, key, UUID(game_id), msgspec.json.encode(move), None)
            assert reply.body, reply
        other = store_game(runtime.games, key, record("arctic", 2, 203, ["Ana", "bob"]))
        runner.run()
        assert runner.position() == other["position"]
        [held] = runner.quarantine()
        assert held.game_id == game_id
        # Its board stays where it was before the failing page; every later event waits.
        assert sql(params, "SELECT version FROM game_boards WHERE game_id = %s", game_id) == [(version,)]
    finally:
        sql(params, POISON_OFF)
    [released] = runner.retry()
    assert released.error is None
    [(status,)] = sql(params, "SELECT status FROM game_summaries WHERE game_id = %s", game_id)
    assert status == "finished"
    retried = dump(params, ALL_TABLES)
    standard.runner(runtime.store, runtime.games.registry).rebuild()
    assert dump(params, ALL_TABLES) == retried


def test_a_rebuild_failing_half_way_leaves_the_old_tables(runtime: Runtime, games: list[dict[str, Any]]) -> None:
    standard.runner(runtime.store, runtime.games.registry).run()
    before = dump(runtime.params, ALL_TABLES)
    steps = 0

    def fail_on_the_third_batch(batch: Batch) -> None:
        nonlocal steps
        steps += 1
        if steps == 3:
            raise RuntimeError("rebuild interrupted")

    failing = standard.runner(
        runtime.store, runtime.games.registry, batch_size=100, before_commit=fail_on_the_third_batch
    )
    with pytest.raises(RuntimeError, match="rebuild interrupted"):
        failing.rebuild()
    assert steps == 3
    assert dump(runtime.params, ALL_TABLES) == before
    scratch = f"{runtime.store.schema}_rebuild"
    assert sql(runtime.params, "SELECT count(*) FROM pg_namespace WHERE nspname = %s", scratch) == [(0,)]
    # Nothing was left locked or half-made: the next rebuild succeeds and changes nothing.
    standard.runner(runtime.store, runtime.games.registry).rebuild()
    assert dump(runtime.params, ALL_TABLES) == before


def test_reads_during_a_rebuild_equal_reads_before_it(
    runtime: Runtime,
    client: TestClient,  # type: ignore[type-arg]
    games: list[dict[str, Any]],
) -> None:
    standard.runner(runtime.store, runtime.games.registry).run()
    paths = [
        "/players/Ana",
        "/players?limit=100",
        "/players/Ana/games",
        "/players/Ana/versus/bob",
        "/leaderboards/arctic",
        "/leaderboards/arctica",
        f"/games/{games[0]['id']}/stats",
        f"/games/{games[-1]['id']}/board",
    ]

    def read() -> dict[str, Any]:
        out = {}
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (path, response.text)
            out[path] = response.json()
        return out

    before = read()
    during: list[dict[str, Any]] = []
    scratch_rows: list[int] = []
    scratch = f"{runtime.store.schema}_rebuild"

    def read_mid_rebuild(batch: Batch) -> None:
        if not during:
            [(n,)] = sql(runtime.params, f'SELECT count(*) FROM "{scratch}".player_results')
            scratch_rows.append(n)
            during.append(read())

    standard.runner(runtime.store, runtime.games.registry, batch_size=200, before_commit=read_mid_rebuild).rebuild()
    [(total,)] = sql(runtime.params, "SELECT count(*) FROM player_results")
    assert scratch_rows[0] < total  # the reads ran while the new tables were half built
    assert during == [before]
    assert read() == before


def test_a_long_handle_is_reachable_through_its_own_link(
    runtime: Runtime,
    client: TestClient,  # type: ignore[type-arg]
    games: list[dict[str, Any]],
) -> None:
    standard.runner(runtime.store, runtime.games.registry).run()
    a = long_handle(1)
    page = client.get(f"/players?prefix={quote(a[:10])}").json()
    [item] = [p for p in page["items"] if p["handle"] == a]
    assert client.get(item["links"]["self"]).status_code == 200


def test_games_written_during_a_rebuild_reach_the_swapped_tables(
    runtime: Runtime, key: ApiKey, games: list[dict[str, Any]]
) -> None:
    """The live worker goes on while the new tables are built; after the swap it carries on from where the
    rebuild stopped, and the tables equal a clean build of the whole log."""
    live = standard.runner(runtime.store, runtime.games.registry)
    live.run()
    written: list[dict[str, Any]] = []

    def write_and_project(batch: Batch) -> None:
        if len(written) < 2:
            written.append(store_game(runtime.games, key, record("arctic", 3, 300 + len(written), POOL[:3])))
            live.run()
            assert live.position() == written[-1]["position"]

    standard.runner(runtime.store, runtime.games.registry, batch_size=150, before_commit=write_and_project).rebuild()
    live.run()
    assert live.position() == head(runtime)
    incremental = dump(runtime.params, ALL_TABLES)
    standard.runner(runtime.store, runtime.games.registry).rebuild()
    assert dump(runtime.params, ALL_TABLES) == incremental
    assert sql(
        runtime.params, "SELECT count(*) FROM game_summaries WHERE game_id = ANY(%s)", [UUID(g["id"]) for g in written]
    ) == [(2,)]
