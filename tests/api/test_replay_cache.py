"""Replay steps: one database round trip for a cold step, and finished games' encoded steps kept.

The round trips are counted in libpq's own trace of the connection (every wait for the server is a
switch from what the client sent to what the server answered)."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from collections.abc import Callable, Iterator
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


class Process:
    """A process's replay entry (``Replays.replay``) with caches of its own (everything cold), on an event
    loop of its own whose read pool's connection is traced: ``step`` answers a step's bytes, ``trips`` the
    round trips since it was last asked."""

    def __init__(self, store: GameLog) -> None:
        self.store = store
        self.games = GameService(store, Registry.default())
        self.loop = asyncio.new_event_loop()
        self.file = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close)
        self.seen = 0
        self.conn = self.loop.run_until_complete(self._traced())
        self.trips()

    async def _traced(self) -> Any:
        # The pool's one connection, traced; it answers once first, so that it is lent without a check.
        reads = self.store.loop_reads
        pool = await reads.pool()
        await reads.read(lambda conn: conn.execute("SELECT 1"))
        conn = await pool.getconn()
        conn.pgconn.trace(self.file.fileno())
        conn.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        await pool.putconn(conn)
        return conn

    def step(self, game_id: UUID, step: int, perspective: str = "spectator", key: Any = None) -> bytes:
        return self.loop.run_until_complete(self.games.replays.replay(game_id, step, perspective, key))

    def trips(self) -> int:
        """The round trips traced since the last call."""
        size = os.fstat(self.file.fileno()).st_size
        self.file.seek(self.seen)
        text = self.file.read(size - self.seen).decode()
        self.seen = size
        return round_trips(text)

    def held(self, game_id: UUID, step: int, perspective: str = "spectator") -> bytes | None:
        """The step when answering it takes no round trip (else None, the step kept all the same)."""
        body = self.step(game_id, step, perspective)
        return body if self.trips() == 0 else None

    def close(self) -> None:
        self.conn.pgconn.untrace()
        self.loop.run_until_complete(self.store.loop_reads.close())
        self.loop.close()
        self.file.close()


@pytest.fixture
def process(lone_connection: GameLog) -> Iterator[Callable[[], Process]]:
    """Processes over the lone connection, one after the other (each closed before the next opens)."""
    opened: list[Process] = []

    def open_one() -> Process:
        if opened:
            opened.pop().close()
        opened.append(Process(lone_connection))
        return opened[-1]

    yield open_one
    for one in opened:
        one.close()


def afresh(store: GameLog, game_id: UUID, step: int, perspective: str, key: Any = None) -> bytes:
    """What a process without any cache answers (no snapshot marks, no held block, no encoded step)."""
    games = GameService(store, Registry.default())

    async def go() -> bytes:
        try:
            return await games.replays.replay(game_id, step, perspective, key)
        finally:
            await store.loop_reads.close()

    return asyncio.run(go())


def test_a_cold_step_of_a_game_never_read_costs_one_round_trip(
    client: Client, api_key: str, lone_connection: GameLog, process: Callable[[], Process]
) -> None:
    game_id, steps = imported(client, api_key, 11)
    fresh = [afresh(lone_connection, game_id, s, p) for s, p in ((steps - 1, "seat:1"), (5, "spectator"))]
    games = process()
    # The game's row and the step's block in one message, read on the event loop: one round trip, then none
    # for a step of a held block.
    games.step(game_id, steps - 3)
    assert games.trips() == 1
    assert games.held(game_id, steps - 2) is not None
    assert games.held(game_id, steps - 1, "seat:1") == fresh[0]
    # A step of another block: its snapshot and events (and the blocks after it), one round trip.
    assert games.step(game_id, 5) == fresh[1]
    assert games.trips() == 1
    # Asked again: the encoded step itself.
    assert games.games.replays.cache.encoded.get((game_id, steps, 5, "spectator")) == fresh[1]
    assert games.held(game_id, 5) == fresh[1]


def test_a_corrected_games_step_leaves_its_line_to_a_thread_and_is_the_same_answer(
    client: Client, api_key: str, store: GameLog
) -> None:
    """A corrected game's steps fold from its line (more reads): the entry reads the row on the loop, and
    folds in a worker thread, answering what the route answers."""
    game_id, _ = live_game(client, api_key, 18, 6)
    assert client.post(f"/games/{game_id}/undo", json={"moves": 1}, headers=auth(api_key)).status_code == 200
    owner = keys_verify(store, api_key)
    body = afresh(store, game_id, 3, "seat:0", owner)
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
            assert runtime.games.replays.cache.encoded.get((game_id, steps, step, perspective)) == first.content
            assert again.content == first.content and again.headers["etag"] == first.headers["etag"]
            assert first.content == afresh(store, game_id, step, perspective)
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
            assert len([k for k in runtime.games.replays.cache.encoded._items if k[0] == UUID(game_id)]) == 0
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
    client: Client, api_key: str, lone_connection: GameLog, process: Callable[[], Process]
) -> None:
    game = simulate(2, 14)
    game_id, version = live_game(client, api_key, 14, 60)
    assert version > 70  # two blocks at least
    owner = keys_verify(lone_connection, api_key)
    games = process()
    games.step(game_id, version - 1, "omniscient", owner)
    assert games.trips() == 1
    for step in range(1, version + 1):
        body = msgspec.json.decode(games.step(game_id, step, "omniscient", owner))
        assert body["state_hash"] == state_hash(RULES.fold(game.events[:step])), step
    assert not games.games.replays.cache.encoded._items  # a live game's steps are not kept


def keys_verify(store: GameLog, token: str) -> Any:
    from service.base import keys

    return store.read_once(lambda conn: keys.verify(conn, token))


def test_steps_of_a_finished_game_in_any_order_are_the_engines_fold(
    client: Client, api_key: str, process: Callable[[], Process]
) -> None:
    game_id, steps = imported(client, api_key, 15)
    events = simulate(2, 15).events
    assert len(events) == steps
    games = process()
    order = list(range(1, steps + 1))
    random.Random(15).shuffle(order)  # blocks and their marks met in every order
    for step in order + order[:40]:
        body = msgspec.json.decode(games.step(game_id, step, "omniscient"))
        assert body["state_hash"] == state_hash(RULES.fold(events[:step])), step


def test_once_a_finished_games_row_is_held_one_round_trip_reads_the_blocks_after_a_step(
    client: Client, api_key: str, lone_connection: GameLog, process: Callable[[], Process]
) -> None:
    """A viewer steps on through a finished game's replay (or scrubs it): the first step of a block not
    held reads the blocks after it too, up to the next one held (``ReplayCache.ahead``), in one round
    trip; any of their steps is then answered with no round trip, as a service without a cache answers."""
    game_id, steps = imported(client, api_key, 19)
    assert steps > 3 * 64  # four blocks at least
    after = [65, 128, 129, 192, 193, steps - 1, *random.Random(19).sample(range(65, steps + 1), 40)]
    fresh = {step: afresh(lone_connection, game_id, step, "seat:1") for step in [*after, 64, 1]}
    games = process()
    games.step(game_id, steps)
    assert games.trips() == 1  # the row and the last block only
    games.step(game_id, 70)
    assert games.trips() == 1
    for step in after:
        assert games.held(game_id, step, "seat:1") == fresh[step], step
    assert games.held(game_id, 64, "seat:1") is None  # the block before: not read ahead (read now)
    assert games.held(game_id, 64, "seat:1") == fresh[64]
    games.step(game_id, 3)
    assert games.trips() == 0  # block 0 was read with step 64


def test_blocks_read_together_without_snapshots_between_them_are_the_engines_fold(
    client: Client, api_key: str, database: ConnectionParams, process: Callable[[], Process]
) -> None:
    """A game stored without its snapshots every 64 events (as games recorded before them were): the
    block asked is folded from the start, the later ones are left for when they are asked, and every
    step is still the engine's fold."""
    game_id, steps = imported(client, api_key, 20)
    events = simulate(2, 20).events
    assert steps > 3 * 64
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("DELETE FROM game_snapshots WHERE game_id = %s AND version < %s", (game_id, steps))
    games = process()
    games.step(game_id, steps, "omniscient")  # the row held, with the last block
    games.step(game_id, 70, "omniscient")
    assert games.trips() == 2
    assert games.held(game_id, 100, "omniscient") is not None  # folded from the start
    assert games.held(game_id, 150, "omniscient") is None  # no snapshot before block 2: not read ahead
    for step in [*range(1, steps + 1, 7), 64, 65, 128, 129, 192, 193, steps]:
        body = msgspec.json.decode(games.step(game_id, step, "omniscient"))
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
