"""The event store on a real PostgreSQL: save, reload, optimistic concurrency, migrations."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime

import psycopg
import pytest

from service.base.database import ConnectionParams
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.migrations import migrate
from tests.integration.events import Noted

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def records(game: uuid.UUID, start: int, texts: list[str], move: int | None = None) -> list[Recorded]:
    return [
        Recorded(
            originator_id=game,
            originator_version=start + i,
            event=Noted(t, (i, i + 1)),
            recorded_at=NOW,
            move=move,
        )
        for i, t in enumerate(texts)
    ]


def test_saved_events_reload_identically(store: GameLog) -> None:
    game = uuid.uuid4()
    saved = records(game, 1, ["a", "b", "c"], move=0)
    ids = store.append(saved)
    assert len(ids) == 3 and ids == sorted(ids)
    assert list(store.read(game)) == saved
    assert store.version(game) == 3
    assert [r.event.text for r in store.read(game, after=1, upto=2)] == ["b"]


def test_unknown_game_has_version_zero(store: GameLog) -> None:
    assert store.version(uuid.uuid4()) == 0
    assert list(store.read(uuid.uuid4())) == []


def test_save_at_a_taken_version_is_rejected_and_stores_nothing(store: GameLog) -> None:
    game = uuid.uuid4()
    store.append(records(game, 1, ["first"]))
    with pytest.raises(VersionConflict):
        store.append(records(game, 1, ["second", "third"]))
    assert [r.event.text for r in store.read(game)] == ["first"]


def test_concurrent_saves_at_the_same_version_exactly_one_wins(store: GameLog) -> None:
    game = uuid.uuid4()
    store.append(records(game, 1, ["start"]))
    barrier = threading.Barrier(6)
    outcomes: list[str] = []

    def writer(n: int) -> None:
        barrier.wait()
        try:
            store.append(records(game, 2, [f"writer-{n}"]))
            outcomes.append("ok")
        except VersionConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * 5 + ["ok"]
    assert store.version(game) == 2


def test_work_within_the_transaction_rolls_back_with_a_conflict(store: GameLog, database: ConnectionParams) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS side_rows (game uuid, note text)")
    game = uuid.uuid4()
    store.append(
        records(game, 1, ["one"]),
        within=lambda cur: cur.execute("INSERT INTO side_rows VALUES (%s, 'a')", (game,)),
    )
    with pytest.raises(VersionConflict):
        store.append(
            records(game, 1, ["again"]),
            within=lambda cur: cur.execute("INSERT INTO side_rows VALUES (%s, 'b')", (game,)),
        )
    with psycopg.connect(database.conninfo()) as conn:
        rows = conn.execute("SELECT note FROM side_rows WHERE game = %s", (game,)).fetchall()
    assert rows == [("a",)]


def test_notifications_follow_commit_order(store: GameLog) -> None:
    start = store.max_notification_id() + 1
    game = uuid.uuid4()
    store.append(records(game, 1, ["x", "y"]))
    notes = store.notifications(start, 10)
    assert [store.decode(n).event.text for n in notes] == ["x", "y"]


def test_migrations_run_once_even_from_concurrent_processes(database: ConnectionParams) -> None:
    calls: list[str] = []
    steps = [
        ("t1_test_step", lambda: calls.append("ran")),
        ("t2_test_table", "CREATE TABLE once_only (id int)"),
    ]
    barrier = threading.Barrier(4)
    results: list[list[str]] = []

    def start() -> None:
        barrier.wait()
        results.append(migrate(database.conninfo(), "public", steps))

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == ["ran"]
    assert sorted(map(tuple, results)) == [(), (), (), ("t1_test_step", "t2_test_table")]


def test_a_second_application_on_the_same_database_reads_the_same_events(
    store: GameLog, database: ConnectionParams
) -> None:
    game = uuid.uuid4()
    store.append(records(game, 1, ["shared"]))
    other = GameLog(database)
    try:
        assert [r.event.text for r in other.read(game)] == ["shared"]
    finally:
        other.close()


def test_voids_stored_under_the_admin_events_former_module_still_decode() -> None:
    from eventsourcing.utils import resolve_topic

    from service.base.store.admin import GameVoided

    assert resolve_topic("service.admin.events:GameVoided") is GameVoided


def test_games_voided_before_their_row_said_so_are_marked_by_the_migration(
    store: GameLog, database: ConnectionParams
) -> None:
    import psycopg

    from service.base.store.admin import GameVoided, admin_stream
    from service.base.store.kinds import Registry
    from service.base.store.tables import MARK_VOIDED_GAMES
    from service.games.service import GameService
    from tests.projections.support import make_key, record, store_game

    key, _ = make_key(database)
    games = GameService(store, Registry.default())
    voided, kept = (store_game(games, key, record("arctic", 2, seed))["id"] for seed in (81, 82))
    # A void as it was stored before: the admin stream's event alone, the game's row untouched.
    event = GameVoided(game_id=uuid.UUID(voided), reason="old", key_id=key.id)
    stream = admin_stream(uuid.UUID(voided))
    store.append([Recorded(originator_id=stream, originator_version=1, event=event, recorded_at=NOW)])
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(MARK_VOIDED_GAMES)
        marked = dict(conn.execute("SELECT id::text, voided FROM games WHERE id::text = ANY(%s)", ([voided, kept],)))
    assert marked == {voided: True, kept: False}
