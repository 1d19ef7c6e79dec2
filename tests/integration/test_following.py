"""Following the event log without its table lock (service/base/store/following.py), on a real PostgreSQL.

Appends of different streams commit in parallel and in any order; a follower reads in (transaction id,
notification id) order below the watermark. These are the cases the old table lock existed for — a
write that commits after a later one, one that stalls inside its transaction, one cut before its COMMIT
— each with the follower reading meanwhile: never an event skipped, never one handed twice or before it
commits, and held back by writers only.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec
import psycopg
import pytest

from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.store import GameLog
from service.base.store.following import START, LogPosition, Row, watermark
from service.runtime import Runtime
from tests.helpers import appended
from tests.integration.test_store import records
from tests.nemesis.deliveries import Delivery, check


class Follower:
    """A reader of the whole log from a position, as the projections read it (small pages)."""

    def __init__(self, store: GameLog, after: LogPosition = START, page: int = 3) -> None:
        self.store, self.after, self.page = store, after, page
        self.handed: list[Row] = []

    def poll(self) -> list[Row]:
        got: list[Row] = []
        while rows := self.store.follow(self.after, self.page):
            got += rows
            self.after = rows[-1].position
        self.handed += got
        return got


def end_of_log(store: GameLog) -> LogPosition:
    follower = Follower(store, page=1000)
    follower.poll()
    return follower.after


@contextmanager
def open_write(database: ConnectionParams, store: GameLog, stream: uuid.UUID, text: str) -> Iterator[Any]:
    """A write left open inside its transaction, as the store makes one (its lock first, then its rows):
    yields its connection; the caller commits it, rolls it back, or has it cut."""
    stored = store.mapper.to_stored_event(records(stream, 1, [text])[0])
    conn = psycopg.connect(database.conninfo())
    try:
        conn.execute("LOCK TABLE banquise_events IN ROW EXCLUSIVE MODE")
        conn.execute(
            "INSERT INTO banquise_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)",
            (stream, 1, stored.topic, stored.state),
        )
        yield conn
    finally:
        conn.close()


def texts(store: GameLog, rows: list[Row]) -> list[str]:
    return [store.mapper.to_domain_event(_stored(row)).event.text for row in rows]  # type: ignore[attr-defined]


def _stored(row: Row) -> Any:
    from eventsourcing.persistence import StoredEvent

    return StoredEvent(row.originator_id, row.originator_version, row.topic, row.state)


def naive_ids_after(database: ConnectionParams, after: int) -> list[int]:
    """What a reader of "ids after the last one seen" reads (the library's way, sound only under its lock)."""
    with psycopg.connect(database.conninfo()) as conn:
        rows = conn.execute(
            "SELECT notification_id FROM banquise_events WHERE notification_id > %s ORDER BY notification_id", (after,)
        ).fetchall()
    return [int(r[0]) for r in rows]


def test_a_write_that_commits_after_a_later_one_is_read_when_it_commits_never_passed_over(
    store: GameLog, database: ConnectionParams
) -> None:
    follower = Follower(store, end_of_log(store))
    before = store.max_notification_id()
    early, late = uuid.uuid4(), uuid.uuid4()
    with open_write(database, store, early, "early") as stalled:
        [late_id] = store.append(records(late, 1, ["late"]))
        # The id-tailing reader sees the later write and moves past the earlier one's id...
        seen = naive_ids_after(database, before)
        assert seen == [late_id]
        # ... the follower waits for it: the stalled write holds it back, nothing is handed yet.
        assert follower.poll() == []
        stalled.commit()
    # The id-tailing reader never sees it (its id is below the one it moved to): skipped for good.
    assert naive_ids_after(database, late_id) == []
    assert texts(store, follower.poll()) == ["early", "late"]
    assert follower.poll() == []


def test_a_write_with_the_older_transaction_comes_first_whatever_its_id_and_its_commit(
    store: GameLog, database: ConnectionParams
) -> None:
    follower = Follower(store, end_of_log(store))
    older, newer = uuid.uuid4(), uuid.uuid4()
    stored = store.mapper.to_stored_event(records(older, 1, ["older"])[0])
    with psycopg.connect(database.conninfo()) as slow:
        slow.execute("LOCK TABLE banquise_events IN ROW EXCLUSIVE MODE")
        slow.execute("SELECT pg_current_xact_id()")  # its transaction id now: older than the next write's
        [newer_id] = store.append(records(newer, 1, ["newer"]))
        assert follower.poll() == []
        [(older_id,)] = slow.execute(
            "INSERT INTO banquise_events (originator_id, originator_version, topic, state) VALUES (%s, 1, %s, %s) "
            "RETURNING notification_id",
            (older, stored.topic, stored.state),
        ).fetchall()
        slow.commit()
    assert older_id > newer_id  # a higher id, committed second...
    handed = follower.poll()
    assert texts(store, handed) == ["older", "newer"]  # ... and first in the log's order
    assert [r.id for r in handed] == [older_id, newer_id]


def test_a_write_cut_before_its_commit_leaves_nothing_and_holds_nothing_back(
    store: GameLog, database: ConnectionParams
) -> None:
    follower = Follower(store, end_of_log(store))
    lost, kept = uuid.uuid4(), uuid.uuid4()
    with open_write(database, store, lost, "lost") as stalled:
        pid = stalled.info.backend_pid
        store.append(records(kept, 1, ["kept"]))
        assert follower.poll() == []
        with psycopg.connect(database.conninfo(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
        assert texts(store, follower.poll()) == ["kept"]
    assert store.version(lost) == 0


def test_only_a_write_holds_the_followers_back(store: GameLog, database: ConnectionParams) -> None:
    """A transaction that writes anything but events (a projection's batch, a rebuild, a queue's job) and
    one that only reads never hold a follower back, however long they stay open."""
    follower = Follower(store, end_of_log(store))
    with psycopg.connect(database.conninfo()) as busy, psycopg.connect(database.conninfo()) as reader:
        busy.execute("CREATE TEMP TABLE busy_work (n int)")
        busy.execute("INSERT INTO busy_work VALUES (1)")
        busy.execute("UPDATE projection_positions SET name = name WHERE false")
        reader.execute("SELECT count(*) FROM banquise_events").fetchone()  # a reader's lock on the table
        stream = uuid.uuid4()
        store.append(records(stream, 1, ["passes"]))
        assert texts(store, follower.poll()) == ["passes"]
        busy.rollback()
        reader.rollback()


def test_a_write_waiting_inside_its_transaction_holds_the_followers_back_from_its_transaction_id(
    store: GameLog, database: ConnectionParams
) -> None:
    """A write takes its lock on the events table before anything gives it a transaction id: a write that
    then waits (here inside ``within``, for a row another transaction holds) is counted by the watermark
    from its first statement on, and the writes after it wait for it."""
    follower = Follower(store, end_of_log(store))
    with psycopg.connect(database.conninfo(), autocommit=True) as setup:
        setup.execute("CREATE TABLE IF NOT EXISTS held_rows (id int PRIMARY KEY, n int)")
        setup.execute("INSERT INTO held_rows VALUES (1, 0) ON CONFLICT DO NOTHING")
    waiting, after = uuid.uuid4(), uuid.uuid4()
    errors: list[BaseException] = []

    def write_waiting() -> None:
        try:
            store.append(
                records(waiting, 1, ["waited"]),
                within=lambda cur: (
                    cur.execute("SELECT pg_current_xact_id()"),  # an id at once, then the wait
                    cur.execute("UPDATE held_rows SET n = n + 1 WHERE id = 1"),
                ),
            )
        except BaseException as exc:
            errors.append(exc)

    with psycopg.connect(database.conninfo()) as holder:
        holder.execute("SELECT * FROM held_rows WHERE id = 1 FOR UPDATE")
        thread = threading.Thread(target=write_waiting)
        thread.start()
        with psycopg.connect(database.conninfo(), autocommit=True) as watch:
            deadline = time.monotonic() + 10
            while not watch.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE held_rows%%'"
            ).fetchone():
                assert time.monotonic() < deadline, "the write never waited"
                time.sleep(0.01)
            [(xid,)] = watch.execute(
                "SELECT backend_xid::text::bigint FROM pg_stat_activity WHERE query LIKE 'UPDATE held_rows%%'"
            ).fetchall()
            assert watermark(watch) % 2**32 <= xid
        store.append(records(after, 1, ["after"]))
        assert follower.poll() == []
        holder.commit()
    thread.join(10)
    assert not errors, errors
    assert texts(store, follower.poll()) == ["waited", "after"]


def test_a_move_waiting_for_its_games_row_holds_the_followers_back(
    runtime: Runtime, store: GameLog, database: ConnectionParams
) -> None:
    """The service's own move (the group-commit writer's one-statement function): its game's row is held
    by another transaction, so the move waits in the row's update, with a transaction id; a write after it
    is not handed to a follower before it."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        owner = keys.create(conn, "following").key
    sim = simulate(2, 7)
    created = runtime.games.writer.create(
        owner, msgspec.json.encode({"kind": "arctic", "setup": msgspec.to_builtins(sim.setup)})
    )
    assert created.locate is not None
    game_id = created.locate
    follower = Follower(store, end_of_log(store))
    answers: list[Any] = []
    move = msgspec.json.encode({"move": msgspec.to_builtins(sim.moves[0])})
    thread = threading.Thread(target=lambda: answers.append(appended(runtime.games.writer, owner, game_id, move, None)))
    with psycopg.connect(database.conninfo()) as holder:
        holder.execute("SELECT * FROM games WHERE id = %s FOR UPDATE", (game_id,))
        thread.start()
        with psycopg.connect(database.conninfo(), autocommit=True) as watch:
            deadline = time.monotonic() + 10
            while not watch.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND backend_xid IS NOT NULL "
                "AND query LIKE '%%banquise_append_moves%%'"
            ).fetchone():
                assert time.monotonic() < deadline, "the move never waited for its game's row"
                time.sleep(0.01)
        other = uuid.uuid4()
        store.append(records(other, 1, ["after the move"]))
        assert follower.poll() == []
        holder.commit()
    thread.join(10)
    assert answers and answers[0].version == created.version + len(
        [r for r in follower.poll() if r.originator_id == game_id]
    )
    assert [str(r.originator_id) for r in follower.handed][-1] == str(other)


@pytest.mark.parametrize("seed", [1, 2])
def test_concurrent_writers_stalls_and_cuts_every_follower_gets_every_event_once_in_order(
    store: GameLog, database: ConnectionParams, seed: int
) -> None:
    """Writers on a few streams each (their versions one after the other), some writes left open a while,
    some cut before their commit, while two followers read: the history checker's every property holds."""
    import random

    rng = random.Random(seed)
    start = end_of_log(store)
    followers = {"small pages": Follower(store, start, page=2), "large pages": Follower(store, start, page=50)}
    streams = [uuid.uuid4() for _ in range(6)]
    acknowledged: list[tuple[str, int]] = []
    done = threading.Event()
    lock = threading.Lock()

    def writer(k: int) -> None:
        mine = streams[k::3]
        versions = dict.fromkeys(mine, 0)
        local = random.Random(seed * 100 + k)
        for _ in range(25):
            stream = local.choice(mine)
            n = local.randint(1, 3)
            store.append(records(stream, versions[stream] + 1, [f"{k}"] * n))
            with lock:
                acknowledged.extend((str(stream), versions[stream] + 1 + i) for i in range(n))
            versions[stream] += n

    def stalls() -> None:
        for i in range(6):
            with open_write(database, store, uuid.uuid4(), f"stalled {i}") as conn:
                time.sleep(rng.uniform(0.01, 0.15))
                if i % 3 == 2:
                    with psycopg.connect(database.conninfo(), autocommit=True) as admin:
                        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (conn.info.backend_pid,))
                else:
                    conn.commit()

    def follow(follower: Follower) -> None:
        while not done.is_set():
            follower.poll()
            time.sleep(0.005)
        follower.poll()

    readers = [threading.Thread(target=follow, args=(f,)) for f in followers.values()]
    writers = [threading.Thread(target=writer, args=(k,)) for k in range(3)] + [threading.Thread(target=stalls)]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join(60)
    done.set()
    for t in readers:
        t.join(60)
    final = Follower(store, start, page=1000)
    final.poll()
    stored = {(str(r.originator_id), r.originator_version): r.id for r in final.handed}
    handed = {
        name: [Delivery(str(r.originator_id), r.originator_version, r.xid, r.id) for r in f.handed]
        for name, f in followers.items()
    }
    assert check(stored, acknowledged, handed) == []
    assert len(stored) >= len(acknowledged) + 4  # the four stalled writes that committed
