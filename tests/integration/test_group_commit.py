"""Group commit on a real PostgreSQL: moves that arrive while one is being stored go together, each
answered on its own, exactly as if they had been stored one after the other.

To form a batch for certain, a test holds the events table's lock from a connection of its own: the
first move waits on it inside its transaction, the next ones queue in the writer (the test waits until
they all have), and when the lock is let go the queue is stored as one batch.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from uuid import UUID

import msgspec
import psycopg
import pytest

from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts, Settings
from service.base.store import GameLog
from service.base.store.batching import GroupWriter
from service.base.store.failures import is_unavailable
from service.games.base import Idempotency, Reply
from service.games.decoding import InvalidJson
from service.games.game_rows import NotGameOwner, StaleVersion
from service.games.service import GameService
from service.games.states import IllegalMove
from service.runtime import Runtime
from tests.helpers import appended

Outcome = Reply | Exception


@pytest.fixture(scope="module")
def games(runtime: Runtime) -> GameService:
    return runtime.games


@pytest.fixture(scope="module")
def owner(database: ConnectionParams, store: GameLog) -> keys.ApiKey:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "group commit").key


class Game:
    def __init__(self, games: GameService, owner: keys.ApiKey, seed: int) -> None:
        sim = simulate(2, seed)
        body = msgspec.json.encode({"kind": "arctic", "setup": msgspec.to_builtins(sim.setup)})
        created = games.writer.create(owner, body)
        assert created.locate is not None
        self.id: UUID = created.locate
        self.version = created.version
        self.moves = [msgspec.json.encode({"move": msgspec.to_builtins(m)}) for m in sim.moves]


def stored_versions(store: GameLog, game_id: UUID) -> list[int]:
    return [rec.originator_version for rec in store.read(game_id)]


def commands(store: GameLog, game_id: UUID) -> int:
    """How many moves (and openings) the game holds: one command per write."""
    return sum(1 for rec in store.read(game_id) if rec.command is not None)


@contextmanager
def events_locked(database: ConnectionParams) -> Iterator[Callable[[], None]]:
    """Hold the events table's lock; the callable lets it go (at the latest on leaving)."""
    conn = psycopg.connect(database.conninfo())
    conn.execute("LOCK TABLE banquise_events IN EXCLUSIVE MODE")
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            conn.rollback()

    try:
        yield release
    finally:
        release()
        conn.close()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.005)


def batched(
    database: ConnectionParams, group: GroupWriter, first: Callable[[], Reply], queued: list[Callable[[], Reply]]
) -> tuple[Outcome, list[Outcome]]:
    """Run ``first`` (it waits on the table lock, in flight), queue ``queued`` in this order behind it, then
    let the lock go: the queue is stored as one batch (asserted). Each call's reply or exception."""
    outcomes: dict[int, Outcome] = {}

    def run(i: int, call: Callable[[], Reply]) -> None:
        try:
            outcomes[i] = call()
        except Exception as exc:
            outcomes[i] = exc

    batches, writes = group.batches, group.writes
    threads: list[threading.Thread] = []
    with events_locked(database) as release:
        threads.append(threading.Thread(target=run, args=(0, first)))
        threads[0].start()
        wait_until(lambda: group.batches == batches + 1, "the first write in flight")
        for i, call in enumerate(queued, start=1):
            threads.append(threading.Thread(target=run, args=(i, call)))
            threads[-1].start()
            wait_until(lambda i=i: len(group._queue) == i, f"write {i} queued")  # type: ignore[misc]
        release()
        for thread in threads:
            thread.join(20)
    refused_before_storing = sum(
        1 for i in range(1, len(queued) + 1) if isinstance(outcomes[i], IllegalMove | StaleVersion)
    )
    stored_batches = 1 if refused_before_storing == len(queued) else 2
    assert group.batches == batches + stored_batches, "the queued writes were stored as one batch"
    # Each write stored counts once (a refusal before storing, or a repeated Idempotency-Key, does not).
    assert writes + stored_batches <= group.writes <= writes + 1 + len(queued) - refused_before_storing
    return outcomes[0], [outcomes[i] for i in range(1, len(queued) + 1)]


def ok(outcome: Outcome) -> Reply:
    assert isinstance(outcome, Reply), outcome
    return outcome


def test_moves_to_several_games_in_one_batch_are_each_answered_and_stored_once(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams
) -> None:
    a, b, c = (Game(games, owner, seed) for seed in (1, 2, 3))
    first, rest = batched(
        database,
        games.group,
        lambda: appended(games.writer, owner, a.id, a.moves[0], None),
        [
            lambda: appended(games.writer, owner, b.id, b.moves[0], None),
            lambda: appended(games.writer, owner, a.id, a.moves[1], None),  # after the first, not decided on its row
            lambda: appended(games.writer, owner, c.id, c.moves[0], b.version),
            lambda: appended(games.writer, owner, a.id, a.moves[2], None),
        ],
    )
    replies = [ok(first), *map(ok, rest)]
    moves = [msgspec.json.decode(r.body)["move"] for r in replies]
    assert moves == [0, 0, 1, 0, 2]
    for game, count in ((a, 3), (b, 1), (c, 1)):
        versions = stored_versions(store, game.id)
        assert versions == list(range(1, len(versions) + 1))  # contiguous
        assert commands(store, game.id) == 1 + count
        assert games.rows.row(game.id).version == versions[-1] and games.rows.row(game.id).moves == count
    assert replies[4].version == stored_versions(store, a.id)[-1]
    # Positions: the batch's writes in arrival order in the event log.
    positions = [r.position or 0 for r in replies]
    assert positions[1] < positions[2] < positions[3] < positions[4]


def test_if_match_in_a_batch_is_as_if_the_moves_were_sequential(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams
) -> None:
    g = Game(games, owner, 4)
    first = ok(appended(games.writer, owner, g.id, g.moves[0], g.version))
    v = first.version
    head, rest = batched(
        database,
        games.group,
        lambda: appended(games.writer, owner, g.id, g.moves[1], v),
        [
            lambda: appended(games.writer, owner, g.id, g.moves[1], v),  # stale: the first of the batch moved it on
            lambda: appended(games.writer, owner, g.id, g.moves[2], v + 1000),  # never was
        ],
    )
    after = ok(head).version
    assert isinstance(rest[0], StaleVersion) and rest[0].extra["current_version"] == after
    assert isinstance(rest[1], StaleVersion) and rest[1].extra["current_version"] == after
    # And with the right version, decided after the batch's first move, in the same batch.
    head, rest = batched(
        database,
        games.group,
        lambda: appended(games.writer, owner, g.id, g.moves[2], after),
        [lambda: appended(games.writer, owner, g.id, g.moves[3], None)],
    )
    third = ok(head)
    fourth = ok(rest[0])
    assert msgspec.json.decode(fourth.body)["move"] == 3 and fourth.version > third.version
    assert stored_versions(store, g.id) == list(range(1, fourth.version + 1))
    assert commands(store, g.id) == 1 + 4


def test_an_illegal_move_in_a_batch_is_refused_and_the_others_are_stored(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams
) -> None:
    a, b, c = (Game(games, owner, seed) for seed in (5, 6, 7))
    head, rest = batched(
        database,
        games.group,
        lambda: appended(games.writer, owner, a.id, a.moves[0], None),
        [
            lambda: appended(games.writer, owner, b.id, b.moves[0], None),
            lambda: appended(games.writer, owner, c.id, c.moves[5], None),  # not this move's turn
            lambda: appended(games.writer, owner, a.id, a.moves[1], None),
        ],
    )
    ok(head)
    ok(rest[0])
    assert isinstance(rest[1], IllegalMove)
    ok(rest[2])
    assert stored_versions(store, c.id) == list(range(1, c.version + 1))  # nothing stored for c
    assert commands(store, a.id) == 3 and commands(store, b.id) == 2


def test_the_same_idempotency_key_twice_in_a_batch_stores_the_move_once_and_answers_it_twice(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams
) -> None:
    a, b = Game(games, owner, 8), Game(games, owner, 9)
    idem = Idempotency(key_id=owner.id, key="tap-1", request_hash="same", scope=f"moves:{b.id}")
    head, rest = batched(
        database,
        games.group,
        lambda: appended(games.writer, owner, a.id, a.moves[0], None),
        [
            lambda: appended(games.writer, owner, b.id, b.moves[0], None, idem),
            lambda: appended(games.writer, owner, b.id, b.moves[0], None, idem),  # the phone's retry
        ],
    )
    ok(head)
    first, retry = ok(rest[0]), ok(rest[1])
    assert first.body == retry.body and first.version == retry.version
    assert commands(store, b.id) == 2  # the opening and one move
    assert stored_versions(store, b.id)[-1] == first.version


def test_a_version_taken_by_another_process_fails_only_that_write_of_the_batch(
    games: GameService,
    owner: keys.ApiKey,
    store: GameLog,
    database: ConnectionParams,
    settings: Settings,
) -> None:
    other_runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
    other = other_runtime.games
    try:
        a, b, c = (Game(games, owner, seed) for seed in (10, 11, 12))
        outcomes: dict[str, Outcome] = {}

        def theirs() -> None:
            outcomes["theirs"] = appended(other.writer, owner, b.id, b.moves[0], b.version)

        def ours_queued() -> list[Callable[[], Reply]]:
            return [
                lambda: appended(games.writer, owner, b.id, b.moves[0], b.version),  # the other process took it
                lambda: appended(games.writer, owner, c.id, c.moves[0], None),
            ]

        def head() -> Reply:
            return appended(games.writer, owner, a.id, a.moves[0], None)

        # The other process's move waits on the lock behind our first write, before our batch is sent.
        with psycopg.connect(database.conninfo(), autocommit=True) as watch:

            def waiting_on_lock() -> int:
                row = watch.execute(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'banquise_events'::regclass"
                ).fetchone()
                return int(row[0]) if row else 0

            batches = games.group.batches
            results: dict[int, Outcome] = {}
            threads: list[threading.Thread] = []

            def run(i: int, call: Callable[[], Reply]) -> None:
                try:
                    results[i] = call()
                except Exception as exc:
                    results[i] = exc

            with events_locked(database) as release:
                threads.append(threading.Thread(target=run, args=(0, head)))
                threads[0].start()
                wait_until(lambda: waiting_on_lock() == 1, "our first write waits on the lock")
                other_thread = threading.Thread(target=theirs)
                other_thread.start()
                wait_until(lambda: waiting_on_lock() == 2, "their write waits on the lock")
                for i, call in enumerate(ours_queued(), start=1):
                    threads.append(threading.Thread(target=run, args=(i, call)))
                    threads[-1].start()
                    wait_until(lambda i=i: len(games.group._queue) == i, f"write {i} queued")  # type: ignore[misc]
                release()
                for thread in [*threads, other_thread]:
                    thread.join(20)
        assert games.group.batches >= batches + 2
        ok(results[0])
        ok(outcomes["theirs"])
        assert isinstance(results[1], StaleVersion)  # If-Match named a version another process moved on
        ok(results[2])  # stored alone, after the batch was refused
        assert commands(store, b.id) == 2 and commands(store, c.id) == 2
    finally:
        other_runtime.close()


def test_many_threads_appending_to_the_same_and_to_different_games_store_each_acknowledged_move_once(
    games: GameService, owner: keys.ApiKey, store: GameLog
) -> None:
    """12 threads, 3 per game, each playing the game's next move with If-Match and trying again on a
    conflict: every acknowledged move is stored once, in order, and each conflict named a version that
    had really moved on."""
    boards = [Game(games, owner, seed) for seed in range(20, 24)]
    per_game = 12
    acknowledged: list[tuple[UUID, int, int]] = []
    conflicts: list[tuple[int, int]] = []
    guard = threading.Lock()
    batches, writes = games.group.batches, games.group.writes

    def play(game: Game) -> None:
        while True:
            row = games.rows.row(game.id)
            if row.moves >= per_game:
                return
            try:
                reply = appended(games.writer, owner, game.id, game.moves[row.moves], int(row.version))
            except StaleVersion as stale:
                with guard:
                    conflicts.append((int(row.version), int(stale.extra["current_version"])))
                continue
            with guard:
                acknowledged.append((game.id, msgspec.json.decode(reply.body)["move"], reply.version))

    threads = [threading.Thread(target=play, args=(g,)) for g in boards for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for game in boards:
        mine = sorted((move, version) for gid, move, version in acknowledged if gid == game.id)
        assert [move for move, _ in mine] == list(range(per_game))  # each move acknowledged exactly once
        versions = stored_versions(store, game.id)
        assert versions == list(range(1, len(versions) + 1))
        assert commands(store, game.id) == 1 + per_game
        assert mine[-1][1] == versions[-1]
    assert all(current > expected for expected, current in conflicts)
    assert games.group.writes - writes == len(boards) * per_game
    assert games.group.batches - batches <= games.group.writes - writes


def test_a_batch_the_database_cannot_store_fails_every_write_of_it_and_the_next_batch_goes_on(
    owner: keys.ApiKey, database: ConnectionParams, settings: Settings
) -> None:
    """A failure that is no single write's fault (the events table's lock not had in time) reaches every
    caller of the batch as the database being unavailable (a 503); nothing of it is stored."""
    short = GameLog(database, timeouts=DatabaseTimeouts(lock=0.3))
    short_runtime = Runtime(settings=settings, params=database, store=short, server_version="test")
    try:
        games = short_runtime.games
        boards = [Game(games, owner, seed) for seed in (40, 41, 42, 43)]
        results: dict[int, Outcome] = {}

        def run(i: int, game: Game) -> None:
            try:
                results[i] = appended(games.writer, owner, game.id, game.moves[0], None)
            except Exception as exc:
                results[i] = exc

        threads = [threading.Thread(target=run, args=(0, boards[0]))]
        with events_locked(database):
            threads[0].start()
            wait_until(lambda: games.group._writing, "the first write in flight")
            for i, game in enumerate(boards[1:], start=1):
                threads.append(threading.Thread(target=run, args=(i, game)))
                threads[-1].start()
                wait_until(lambda i=i: len(games.group._queue) == i, f"write {i} queued")  # type: ignore[misc]
            for thread in threads:
                thread.join(20)
        assert all(isinstance(results[i], Exception) and is_unavailable(results[i]) for i in range(4)), results
        assert games.group.batches == 2 and games.group.writes == 4
        for game in boards:
            assert commands(short, game.id) == 1
        ok(appended(games.writer, owner, boards[0].id, boards[0].moves[0], None))
    finally:
        short_runtime.close()


def test_a_lone_write_is_stored_at_once(games: GameService, owner: keys.ApiKey) -> None:
    g = Game(games, owner, 30)
    batches = games.group.batches
    ok(appended(games.writer, owner, g.id, g.moves[0], None))
    assert games.group.batches == batches + 1 and not games.group._writing and not games.group._queue


def key_check(runtime: Runtime, database: ConnectionParams) -> keys.KeyCheck:
    """A cached key's check at the count of key changes as it is now."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        row = conn.execute("SELECT count FROM api_key_changes").fetchone()
    assert row is not None
    return keys.KeyCheck(runtime.key_cache, int(row[0]))


def test_moves_queued_behind_one_in_flight_go_in_one_batch_each_answered_on_its_loop(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams, runtime: Runtime
) -> None:
    """Moves to games whose heads this process holds are decided on the event loop (no worker thread each)
    and queue behind the move in flight; the writer's thread stores them as one batch and answers them with
    one wake of their loop; a refused one answers its own coroutine only (from the row, as every process
    would: ``IllegalMove``)."""
    check = key_check(runtime, database)
    first_game, *boards = (Game(games, owner, seed) for seed in (40, 41, 42, 43))
    for game in boards:  # this process holds their heads now
        game.version = ok(appended(games.writer, owner, game.id, game.moves[0], game.version)).version
    writer, group = games.writer, games.group
    moves = [(g, g.moves[1]) for g in boards[:2]] + [(boards[2], boards[2].moves[0])]  # the last one: illegal
    outcomes: list[Outcome] = []

    async def append_all() -> None:
        async def one(game: Game, body: bytes) -> Outcome:
            try:
                return await writer.append(owner, game.id, body, game.version, check=check)
            except Exception as exc:
                return exc

        outcomes.extend(await asyncio.gather(*(one(game, body) for game, body in moves)))

    batches, held = group.batches, writer.held_stored
    with events_locked(database) as release:
        lead = threading.Thread(target=lambda: appended(writer, owner, first_game.id, first_game.moves[0], None))
        lead.start()
        wait_until(lambda: group.batches == batches + 1, "the first move in flight")
        coroutines = threading.Thread(target=lambda: asyncio.run(append_all()))
        coroutines.start()
        wait_until(lambda: len(group._queue) == 3, "the coroutines' moves queued")
        release()
        lead.join(20)
        coroutines.join(20)
    assert group.batches >= batches + 2, "the coroutines' moves went in one batch"
    for game, outcome in zip(boards[:2], outcomes[:2], strict=True):
        assert ok(outcome).version == stored_versions(store, game.id)[-1]
    assert writer.held_stored == held + 2  # decided from the heads held
    assert isinstance(outcomes[2], IllegalMove)
    assert stored_versions(store, boards[2].id)[-1] == boards[2].version
    assert not group._writing and not group._queue
    assert group._thread is not None and group._thread.is_alive()


def test_a_move_refused_from_a_held_head_is_decided_again_from_the_row(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams, runtime: Runtime
) -> None:
    check = key_check(runtime, database)
    g = Game(games, owner, 44)
    g.version = ok(appended(games.writer, owner, g.id, g.moves[0], g.version)).version
    writer = games.writer
    again = writer.held_again
    with pytest.raises(StaleVersion):  # refused from the head, then from the row: the same answer
        appended(writer, owner, g.id, g.moves[1], g.version - 1, check=check)
    assert writer.held_again == again + 1
    held = writer.held_stored
    reply = appended(writer, owner, g.id, g.moves[1], g.version, check=check)
    assert reply.version == stored_versions(store, g.id)[-1] and writer.held_stored == held + 1
    with pytest.raises(InvalidJson):  # checked against the head, answered once the row says the game takes it
        appended(writer, owner, g.id, b"{not json", reply.version, check=check)
    other = keys.ApiKey(id="someone", name="x", admin=False, created_at=owner.created_at)
    with pytest.raises(NotGameOwner):  # another key's move never uses the owner's head
        appended(writer, other, g.id, g.moves[2], reply.version)
    assert stored_versions(store, g.id)[-1] == reply.version


def test_many_waiting_writes_go_in_a_second_batch_beside_the_first_never_with_its_games(
    games: GameService, owner: keys.ApiKey, store: GameLog, database: ConnectionParams
) -> None:
    """With the table lock gone (#47) two batches may be in flight at once: when ``min_parallel`` writes wait
    that the batch in flight does not write to, a second batch takes them beside it. A write to a game the
    first batch writes to waits for it, and goes in the batch after: a game's writes are decided in order."""
    group = games.group
    a, *others = (Game(games, owner, seed) for seed in range(50, 50 + 1 + group.min_parallel))
    outcomes: dict[str, Outcome] = {}

    def run(name: str, game: Game, move: int) -> None:
        try:
            outcomes[name] = appended(games.writer, owner, game.id, game.moves[move], None)
        except Exception as exc:
            outcomes[name] = exc

    batches = group.batches
    threads: list[threading.Thread] = []
    with events_locked(database) as release:
        threads.append(threading.Thread(target=run, args=("a0", a, 0)))
        threads[0].start()
        wait_until(lambda: group.batches == batches + 1, "the first write in flight")
        threads.append(threading.Thread(target=run, args=("a1", a, 1)))
        threads[-1].start()
        wait_until(lambda: len(group._queue) == 1, "a second write to the same game queued")
        for i, game in enumerate(others):
            threads.append(threading.Thread(target=run, args=(f"o{i}", game, 0)))
            threads[-1].start()
        # The others are enough for a second batch, which starts beside the first (waiting on the lock too);
        # the write to the first batch's game stays queued.
        wait_until(lambda: group.batches == batches + 2, "a second batch in flight")
        assert group._busy == 2 and [t.stream for t in group._queue] == [a.id]
        release()
        for thread in threads:
            thread.join(20)
    assert group.batches == batches + 3 and not group._writing and not group._queue
    first, second = ok(outcomes["a0"]), ok(outcomes["a1"])
    assert second.version > first.version and stored_versions(store, a.id) == list(range(1, second.version + 1))
    for i, game in enumerate(others):
        assert ok(outcomes[f"o{i}"]).version == stored_versions(store, game.id)[-1]
        assert commands(store, game.id) == 2
