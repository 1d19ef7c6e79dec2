"""``GameLog.append_new_game``: a new game's row, snapshots and first events in one statement.

It must store exactly what ``append`` stores with the row and snapshots written ``within`` its
transaction, and nothing at all when any row is taken.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from psycopg.rows import tuple_row

from service.base.database import ConnectionParams
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.recorder import GameRow
from tests.integration.events import Noted

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def owner(database: ConnectionParams, store: GameLog) -> str:
    from service.base import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "new games").key.id


def records(game: uuid.UUID, texts: list[str]) -> list[Recorded]:
    return [
        Recorded(
            originator_id=game,
            originator_version=1 + i,
            event=Noted(t, (i,)),
            recorded_at=NOW,
            move=None if i == 0 else i - 1,
            comment="c" if i == 1 else None,
        )
        for i, t in enumerate(texts)
    ]


def row(game: uuid.UUID, owner: str, record_id: str | None, version: int) -> GameRow:
    return GameRow(
        id=game,
        kind="arctic",
        rules_version="arctic-1",
        owner_key=owner,
        record_id=record_id,
        record_hash="h" if record_id else None,
        players=["Ann", "Zoë Ñ"],
        handles=["ann", "zoë ñ"],
        status="live",
        version=version,
        moves=version - 1,
        created_at=NOW,
        updated_at=NOW,
        played_at=None,
        tags={"site": "Lyon"},
    )


def stored(database: ConnectionParams, game: uuid.UUID) -> tuple[Any, ...]:
    with psycopg.connect(database.conninfo(), row_factory=tuple_row) as conn:
        events = conn.execute(
            "SELECT originator_version, topic, state FROM banquise_events WHERE originator_id = %s "
            "ORDER BY notification_id",
            (game,),
        ).fetchall()
        snapshots = conn.execute(
            "SELECT version, state FROM game_snapshots WHERE game_id = %s ORDER BY version", (game,)
        ).fetchall()
        games = conn.execute(
            "SELECT kind, rules_version, owner_key, record_id, record_hash, players, handles, status, version, "
            "moves, created_at, updated_at, played_at, tags FROM games WHERE id = %s",
            (game,),
        ).fetchall()
    return events, snapshots, games


@pytest.mark.parametrize("snapshots", [[], [(2, b"\x01\x02")], [(1, b"a"), (3, b"b")]])
def test_same_rows_as_append_within(
    store: GameLog, database: ConnectionParams, owner: str, snapshots: list[tuple[int, bytes]]
) -> None:
    one, other = uuid.uuid4(), uuid.uuid4()
    last = store.append_new_game(records(one, ["a", "b", "c"]), row(one, owner, None, 3), snapshots)

    def within(cur: Any) -> None:
        cur.execute(
            "INSERT INTO games (id, kind, rules_version, owner_key, record_id, record_hash, players, handles, "
            "status, version, moves, created_at, updated_at, played_at, tags) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            row(other, owner, None, 3).params(),
        )
        for version, state in snapshots:
            cur.execute(
                "INSERT INTO game_snapshots (game_id, version, state) VALUES (%s, %s, %s)", (other, version, state)
            )

    store.append(records(other, ["a", "b", "c"]), within=within)
    assert stored(database, one) == stored(database, other)
    assert list(store.read(one)) == records(one, ["a", "b", "c"])
    with psycopg.connect(database.conninfo()) as conn:
        ids = [
            r[0]
            for r in conn.execute(
                "SELECT notification_id FROM banquise_events WHERE originator_id = %s ORDER BY originator_version",
                (one,),
            )
        ]
    assert len(ids) == 3 and ids == sorted(ids) and last == ids[-1]


def test_a_taken_record_id_stores_nothing(store: GameLog, database: ConnectionParams, owner: str) -> None:
    first, second = uuid.uuid4(), uuid.uuid4()
    record_id = f"r-{first}"
    store.append_new_game(records(first, ["a"]), row(first, owner, record_id, 1), [])
    with pytest.raises(VersionConflict):
        store.append_new_game(records(second, ["a", "b"]), row(second, owner, record_id, 2), [(1, b"s")])
    assert stored(database, second) == ([], [], [])


def test_a_taken_version_stores_nothing(store: GameLog, database: ConnectionParams, owner: str) -> None:
    game = uuid.uuid4()
    store.append(records(game, ["a"]))
    with pytest.raises(VersionConflict):
        store.append_new_game(records(game, ["a", "b"]), row(game, owner, None, 2), [(1, b"s")])
    events, snapshots, games = stored(database, game)
    assert (len(events), snapshots, games) == (1, [], [])


def test_records_of_several_games_are_refused(store: GameLog, owner: str) -> None:
    game = uuid.uuid4()
    mixed = records(game, ["a"]) + records(uuid.uuid4(), ["b"])
    with pytest.raises(ValueError):
        store.append_new_game(mixed, row(game, owner, None, 2), [])
