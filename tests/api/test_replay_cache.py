"""Replay steps: one database round trip for a cold step, and finished games' encoded steps kept.

The round trips are counted in libpq's own trace of the connection (every wait for the server is a
switch from what the client sent to what the server answered)."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient
from psycopg.pq import Trace

from domain.arctic import RULES
from domain.arctic.simulator import simulate
from domain.game import state_hash
from service.base.database import ConnectionParams
from service.base.store import GameLog
from service.base.store.kinds import Registry
from service.cli.commands.simulate import simulated_record
from service.games.service import GameService
from service.runtime import Runtime
from tests.helpers import auth

Client = TestClient[Any]
PERSPECTIVES = ["spectator", "seat:0", "seat:1", "omniscient"]


def imported(client: Client, token: str, seed: int) -> tuple[UUID, int]:
    record = simulated_record("arctic", 2, seed)
    record["id"] = f"replay-cache:{seed}"
    made = client.post("/games/import", json=record, headers=auth(token))
    assert made.status_code == 201, made.text
    return UUID(made.json()["id"]), int(made.json()["version"])


def live_game(client: Client, token: str, seed: int, moves: int) -> tuple[UUID, int]:
    """A simulated game recorded move by move, its first ``moves`` moves: its id and version."""
    game = simulate(2, seed)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(token)
    )
    game_id, etag = UUID(created.json()["id"]), created.headers["etag"]
    for move in game.moves[:moves]:
        answer = client.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(token), "if-match": etag},
        )
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
    return game_id, int(etag.strip('"'))


@pytest.fixture(scope="module")
def lone_connection(database: ConnectionParams) -> Iterator[GameLog]:
    """A store with a small pool, each of its connections traced in turn."""
    log = GameLog(database, pool_size=1)
    yield log
    log.close()


def round_trips(trace: str) -> int:
    """Times the client waited for the server: each run of lines it sent followed by the server's."""
    waits, sending = 0, False
    for line in trace.splitlines():
        if line.startswith("F\t"):
            sending = True
        elif line.startswith("B\t") and sending:
            waits, sending = waits + 1, False
    return waits


def each_connection(store: GameLog, do: Callable[[Any], None]) -> None:
    """``do`` on every connection the store's pool may lend (all held at once: the pool's most)."""
    datastore = store.game_recorder.datastore
    with ExitStack() as held:
        for _ in range(datastore.pool.max_size):
            do(held.enter_context(datastore.get_connection()))


def traced(store: GameLog, work: Callable[[], object]) -> int:
    """The round trips ``work()`` costs on the store's connections."""
    with tempfile.TemporaryFile() as file:

        def start(conn: Any) -> None:
            conn.pgconn.trace(file.fileno())
            conn.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)

        each_connection(store, start)
        try:
            work()
            size = os.fstat(file.fileno()).st_size  # what follows is the untracing's own checks
        finally:
            each_connection(store, lambda conn: conn.pgconn.untrace())
        file.seek(0)
        return round_trips(file.read(size).decode())


def test_a_cold_step_of_a_game_never_read_costs_one_round_trip(
    client: Client, api_key: str, lone_connection: GameLog
) -> None:
    game_id, steps = imported(client, api_key, 11)
    games = GameService(lone_connection, Registry.default())  # caches of its own: everything cold
    # The game's row and the step's block in one message: one round trip, then none for a step of a held block.
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, steps - 3, "spectator", None)) == 1
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, steps - 2, "spectator", None)) == 0
    # What the event loop answers without a thread: a step of a held block, or nothing when I/O is needed.
    held = games.replays.held_replay(game_id, steps - 1, "seat:1")
    assert held == GameService(lone_connection, Registry.default()).replays.replay_body(
        game_id, steps - 1, "seat:1", None
    )
    assert games.replays.held_replay(game_id, 5, "spectator") is None  # its block is not held yet
    # A step of another block: its snapshot and events, one round trip.
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, 5, "spectator", None)) == 1
    # Asked again: the encoded step itself.
    assert games.replays.cached_replay(game_id, 5, "spectator") is not None
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, 5, "spectator", None)) == 0


def test_a_cold_step_read_on_the_event_loop_costs_one_round_trip_and_is_the_threads_bytes(
    client: Client, api_key: str, lone_connection: GameLog
) -> None:
    """The route reads a cold step on the event loop (``LoopReads``): the same one round trip, the same
    bytes as the worker thread's path, and no thread."""
    game_id, steps = imported(client, api_key, 16)
    reads = lone_connection.loop_reads

    async def go() -> None:
        games = GameService(lone_connection, Registry.default())  # everything cold
        # The pool's one connection, traced; it answers once first, so that it is lent without a check.
        pool = await reads.pool()
        await reads.read(lambda conn: conn.execute("SELECT 1"))
        conn = await pool.getconn()
        with tempfile.TemporaryFile() as file:
            conn.pgconn.trace(file.fileno())
            conn.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
            await pool.putconn(conn)
            seen = [0]

            def trips() -> int:
                """The round trips traced since the last call."""
                size = os.fstat(file.fileno()).st_size
                file.seek(seen[0])
                text = file.read(size - seen[0]).decode()
                seen[0] = size
                return round_trips(text)

            cold = await games.replays.replay_on_loop(game_id, steps - 3, "spectator", None)
            assert trips() == 1  # the game's row and the step's block, one message
            assert games.replays.held_replay(game_id, steps - 2, "spectator") is not None  # its block is held now
            other = await games.replays.replay_on_loop(game_id, 5, "seat:1", None)
            assert trips() == 1  # the row is held: the step's block and the ones after it, one message
            assert games.replays.held_replay(game_id, 70, "spectator") is not None  # the next block came with it
            conn.pgconn.untrace()
        fresh = GameService(lone_connection, Registry.default())
        assert cold == fresh.replays.replay_body(game_id, steps - 3, "spectator", None)
        assert other == fresh.replays.replay_body(game_id, 5, "seat:1", None)
        assert games.replays.cached_replay(game_id, 5, "seat:1") == other
        await reads.close()

    asyncio.run(go())


def test_a_corrected_games_step_on_the_event_loop_leaves_its_line_to_a_thread(
    client: Client, api_key: str, store: GameLog
) -> None:
    """A corrected game's steps fold from its line (more reads): the loop reads the row, and hands back the
    rest for a worker thread, which answers what the thread's path does."""
    game_id, _ = live_game(client, api_key, 18, 6)
    assert client.post(f"/games/{game_id}/undo", json={"moves": 1}, headers=auth(api_key)).status_code == 200
    owner = keys_verify(store, api_key)

    async def go() -> bytes:
        rest = await GameService(store, Registry.default()).replays.replay_on_loop(game_id, 3, "seat:0", owner)
        await store.loop_reads.close()
        assert callable(rest)
        return await asyncio.to_thread(rest)

    body = asyncio.run(go())
    assert body == GameService(store, Registry.default()).replays.replay_body(game_id, 3, "seat:0", owner)
    assert (
        body
        == client.get(f"/games/{game_id}/replay/3", params={"perspective": "seat:0"}, headers=auth(api_key)).content
    )


def test_a_finished_games_steps_from_the_cache_are_the_bytes_computed_afresh(
    client: Client, api_key: str, runtime: Runtime, store: GameLog
) -> None:
    game_id, steps = imported(client, api_key, 12)
    for step in (1, 64, 65, 100, steps):
        bodies = {}
        for perspective in PERSPECTIVES:
            first = client.get(f"/games/{game_id}/replay/{step}", params={"perspective": perspective})
            again = client.get(f"/games/{game_id}/replay/{step}", params={"perspective": perspective})
            assert first.status_code == again.status_code == 200
            assert runtime.games.replays.cached_replay(game_id, step, perspective) == first.content
            assert again.content == first.content and again.headers["etag"] == first.headers["etag"]
            # What a process without any cache computes (no snapshot marks, no held block, no encoded step).
            afresh = GameService(store, Registry.default()).replays.replay_body(game_id, step, perspective, None)
            assert first.content == afresh
            assert msgspec.json.decode(first.content)["perspective"] == perspective
            bodies[perspective] = first.content
            revalidated = client.get(
                f"/games/{game_id}/replay/{step}",
                params={"perspective": perspective},
                headers={"if-none-match": first.headers["etag"]},
            )
            assert revalidated.status_code == 304
        assert len(set(bodies.values())) == len(PERSPECTIVES), "one entry per perspective"


def test_a_step_read_while_live_is_not_what_it_shows_once_finished(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    game = simulate(2, 13)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    game_id, etag = created.json()["id"], created.headers["etag"]
    live: dict[str, bytes] = {}
    for index, move in enumerate(game.moves):
        answer = client.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(api_key), "if-match": etag},
        )
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
        if index == 3:
            # A spectator and the owner read step 2 of the live game: two sights, two bodies, none kept.
            live["spectator"] = client.get(f"/games/{game_id}/replay/2").content
            live["owner"] = client.get(
                f"/games/{game_id}/replay/2", params={"perspective": "seat:0"}, headers=auth(api_key)
            ).content
            assert client.get(f"/games/{game_id}/replay/2", params={"perspective": "seat:0"}).status_code == 403
            assert runtime.games.replays.cached_replay(UUID(game_id), 2, "spectator") is None
    assert client.get(f"/games/{game_id}").json()["status"] == "finished"
    finished = client.get(f"/games/{game_id}/replay/2").content
    seat = client.get(f"/games/{game_id}/replay/2", params={"perspective": "seat:0"})
    assert seat.status_code == 200  # everything is public once finished
    # The finished game's steps name its full length and its revealed state: never the live answers.
    assert finished != live["spectator"]
    assert msgspec.json.decode(finished)["steps"] == len(game.events)
    assert msgspec.json.decode(live["spectator"])["steps"] < len(game.events)
    assert seat.content != live["owner"]


def test_a_live_games_step_costs_one_round_trip_and_is_the_engines_fold(
    client: Client, api_key: str, lone_connection: GameLog
) -> None:
    game = simulate(2, 14)
    game_id, version = live_game(client, api_key, 14, 60)
    assert version > 70  # two blocks at least
    owner = keys_verify(lone_connection, api_key)
    games = GameService(lone_connection, Registry.default())
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, version - 1, "omniscient", owner)) == 1
    for step in range(1, version + 1):
        body = msgspec.json.decode(games.replays.replay_body(game_id, step, "omniscient", owner))
        assert body["state_hash"] == state_hash(RULES.fold(game.events[:step])), step
    assert games.replays.cached_replay(game_id, version - 1, "omniscient") is None  # a live game's steps are not kept


def keys_verify(store: GameLog, token: str) -> Any:
    from service.base import keys

    return store.read_once(lambda conn: keys.verify(conn, token))


def test_steps_of_a_finished_game_in_any_order_are_the_engines_fold(
    client: Client, api_key: str, lone_connection: GameLog
) -> None:
    game_id, steps = imported(client, api_key, 15)
    events = simulate(2, 15).events
    assert len(events) == steps
    games = GameService(lone_connection, Registry.default())
    order = list(range(1, steps + 1))
    random.Random(15).shuffle(order)  # blocks and their marks met in every order
    for step in order + order[:40]:
        body = msgspec.json.decode(games.replays.replay_body(game_id, step, "omniscient", None))
        assert body["state_hash"] == state_hash(RULES.fold(events[:step])), step


def test_once_a_finished_games_row_is_held_one_round_trip_reads_the_blocks_after_a_step(
    client: Client, api_key: str, lone_connection: GameLog
) -> None:
    """A viewer steps on through a finished game's replay (or scrubs it): the first step of a block not
    held reads the blocks after it too, up to the next one held (``ReplayBlocks.ahead``), in one round
    trip; any of their steps is then answered with no round trip, as a service without a cache answers."""
    game_id, steps = imported(client, api_key, 19)
    assert steps > 3 * 64  # four blocks at least
    games = GameService(lone_connection, Registry.default())
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, steps, "spectator", None)) == 1
    assert games.replays.held_replay(game_id, 1, "spectator") is None  # the row and the last block only
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, 70, "spectator", None)) == 1
    fresh = GameService(lone_connection, Registry.default())
    after = [65, 128, 129, 192, 193, steps - 1, *random.Random(19).sample(range(65, steps + 1), 40)]
    for step in after:
        held = games.replays.held_replay(game_id, step, "seat:1")
        assert held is not None, step
        assert held == fresh.replays.replay_body(game_id, step, "seat:1", None), step
    assert games.replays.held_replay(game_id, 64, "seat:1") is None  # the block before: not read ahead
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, 3, "spectator", None)) == 1
    assert games.replays.held_replay(game_id, 64, "seat:1") == fresh.replays.replay_body(game_id, 64, "seat:1", None)


def test_blocks_read_together_without_snapshots_between_them_are_the_engines_fold(
    client: Client, api_key: str, lone_connection: GameLog, database: ConnectionParams
) -> None:
    """A game stored without its snapshots every 64 events (as games recorded before them were): the
    block asked is folded from the start, the later ones are left for when they are asked, and every
    step is still the engine's fold."""
    game_id, steps = imported(client, api_key, 20)
    events = simulate(2, 20).events
    assert steps > 3 * 64
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("DELETE FROM game_snapshots WHERE game_id = %s AND version < %s", (game_id, steps))
    games = GameService(lone_connection, Registry.default())
    games.replays.replay_body(game_id, steps, "omniscient", None)  # the row held, with the last block
    assert traced(lone_connection, lambda: games.replays.replay_body(game_id, 70, "omniscient", None)) == 1
    assert games.replays.held_replay(game_id, 100, "omniscient") is not None  # folded from the start
    assert games.replays.held_replay(game_id, 150, "omniscient") is None  # no snapshot before block 2: not read ahead
    for step in [*range(1, steps + 1, 7), 64, 65, 128, 129, 192, 193, steps]:
        body = msgspec.json.decode(games.replays.replay_body(game_id, step, "omniscient", None))
        assert body["state_hash"] == state_hash(RULES.fold(events[:step])), step


def replay_metrics(client: Client) -> tuple[float, float]:
    """``/metrics``: the block reads counted and the events the blocks hold."""
    values = {}
    for line in client.get("/metrics").text.splitlines():
        if line.startswith("banquise_replay_block_"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values["banquise_replay_block_reads_total"], values["banquise_replay_block_events"]


def test_metrics_count_the_steps_that_read_a_block_and_the_events_held(client: Client, api_key: str) -> None:
    game_id, steps = imported(client, api_key, 21)
    assert steps > 2 * 64
    reads, held = replay_metrics(client)
    assert client.get(f"/games/{game_id}/replay/{steps}").status_code == 200  # the row and the last block
    assert client.get(f"/games/{game_id}/replay/{steps - 1}").status_code == 200  # the same block
    after_last = replay_metrics(client)
    assert after_last[0] == reads + 1
    assert after_last[1] == held + (steps - (steps - 1) // 64 * 64)  # the last block's events
    assert client.get(f"/games/{game_id}/replay/1").status_code == 200  # the blocks up to the last one held
    assert client.get(f"/games/{game_id}/replay/{steps - 64}").status_code == 200  # one of those
    assert replay_metrics(client) == (reads + 2, held + steps)
