"""The event chain (docs/RECORDS.md): every stored event's hash covers it and the event before it, computed
by the database on every write path, equal to the Python definition, and given by 0018 to games stored
before it."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.store import chain
from service.base.store.application import GameLog
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


def rows(database: ConnectionParams, game_id: UUID | str) -> list[tuple[Any, ...]]:
    with psycopg.connect(database.conninfo()) as conn:
        return conn.execute(
            "SELECT originator_version, topic, state, chain FROM banquise_events WHERE originator_id = %s "
            "ORDER BY originator_version",
            (game_id,),
        ).fetchall()


def all_rows(database: ConnectionParams) -> dict[tuple[UUID, int], bytes]:
    with psycopg.connect(database.conninfo()) as conn:
        found = conn.execute("SELECT originator_id, originator_version, chain FROM banquise_events").fetchall()
    return {(r[0], r[1]): bytes(r[2]) for r in found}


def test_an_imported_game_is_chained_as_the_definition_says(
    client: Client, api_key: str, database: ConnectionParams
) -> None:
    made = client.post("/games/import", content=record("arctic", 2, 41), headers=auth(api_key))
    assert made.status_code == 201, made.text
    game_id = UUID(made.json()["id"])
    stored = rows(database, game_id)
    assert len(stored) == made.json()["version"]
    head = chain.check(game_id, [(v, t, bytes(s), c) for v, t, s, c in stored])
    assert head == bytes(stored[-1][3])


def test_moves_one_at_a_time_extend_the_chain(client: Client, api_key: str, database: ConnectionParams) -> None:
    full = msgspec.json.decode(record("arctic", 3, 42))
    made = client.post("/games/import", content=record("arctic", 3, 42, moves=0), headers=auth(api_key))
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    for entry in full["moves"][:12]:
        played = client.post(f"/games/{game_id}/moves", json={"move": entry["move"]}, headers=auth(api_key))
        assert played.status_code in (200, 201), played.text
    stored = rows(database, game_id)
    assert len(stored) > 12
    chain.check(UUID(game_id), [(v, t, bytes(s), c) for v, t, s, c in stored])


def test_a_changed_row_is_found_by_the_check(client: Client, api_key: str, database: ConnectionParams) -> None:
    made = client.post("/games/import", content=record("arctic", 2, 43), headers=auth(api_key))
    game_id = UUID(made.json()["id"])
    stored = [(v, t, bytes(s), c) for v, t, s, c in rows(database, game_id)]
    v, t, s, c = stored[4]
    stored[4] = (v, t, s.replace(b'"at":"', b'"at":"1'), c)
    with pytest.raises(chain.ChainBroken) as broken:
        chain.check(game_id, stored)
    assert broken.value.version == 5


def test_the_migration_chains_games_stored_before_it(
    client: Client, api_key: str, database: ConnectionParams, store: GameLog, caplog: pytest.LogCaptureFixture
) -> None:
    for seed in (44, 45):
        assert client.post("/games/import", content=record("arctic", 2, seed), headers=auth(api_key)).status_code == 201
    before = all_rows(database)
    # Given a store as it was before 0018: no column, no trigger, the step not applied.
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("DROP TRIGGER banquise_chain ON banquise_events")
        conn.execute("ALTER TABLE banquise_events DROP COLUMN chain")
        conn.execute("DELETE FROM banquise_migrations WHERE id = '0018_event_chain'")
        games = conn.execute("SELECT count(DISTINCT originator_id), count(*) FROM banquise_events").fetchone()
    # When a process starts (and migrates).
    with caplog.at_level(logging.INFO, logger="banquise.chain"):
        again = GameLog(database)
        again.close()
    # Then every event has the hash the trigger gave it, and the log says how many.
    assert all_rows(database) == before
    assert f"event chain: {games[0]} games ({games[1]} events) chained" in caplog.text


def test_the_chain_command_counts_and_checks_every_game(
    client: Client, api_key: str, database: ConnectionParams, capsys: pytest.CaptureFixture[str]
) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        games, events, broken = chain.survey(conn, "public", "banquise_events")
        counted = conn.execute("SELECT count(DISTINCT originator_id), count(*) FROM banquise_events").fetchone()
        assert (games, events, broken) == (counted[0], counted[1], [])
        # Given one stored event changed behind the service's back.
        conn.execute(
            "UPDATE banquise_events SET state = state || ' '::bytea WHERE (originator_id, originator_version) = "
            "(SELECT originator_id, 3 FROM banquise_events ORDER BY originator_id LIMIT 1)"
        )
        games, events, broken = chain.survey(conn, "public", "banquise_events")
    assert len(broken) == 1 and broken[0].version == 3


def test_an_export_of_a_changed_game_fails_loudly_and_is_counted(
    client: Client, api_key: str, database: ConnectionParams
) -> None:
    made = client.post("/games/import", content=record("arctic", 2, 46), headers=auth(api_key))
    game_id = made.json()["id"]
    assert client.get(f"/games/{game_id}/record").status_code == 200
    before = chain.broken_seen
    # Given one of its stored events changed behind the service's back.
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(
            "UPDATE banquise_events SET state = state || ' '::bytea "
            "WHERE originator_id = %s AND originator_version = 6",
            (game_id,),
        )
    # Then its export is refused (a server error, never a record signed over a changed event), and counted.
    assert client.get(f"/games/{game_id}/record").status_code == 500
    assert chain.broken_seen == before + 1
    metrics = client.get("/metrics").text
    assert f"banquise_chain_broken_total {float(before + 1)}" in metrics
