"""Writers that stall inside their transaction, for the fault tests and the nemesis: a test-only trigger on
the events table that sleeps after a write's events are inserted, before its transaction can commit (it
holds its transaction id and its rows, as a slow or stuck append does), for the games a control table
names (or, for the row with no game, any write at random). ``crash_sleepers`` ends the server processes
of the writes sleeping there: a write cut before its COMMIT.

Installed by the tests only (``install``/``remove``), never by a migration.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg

_INSTALL = """
CREATE TABLE IF NOT EXISTS test_stalls (
    game_id  uuid,                          -- NULL: any write, with ``chance``
    seconds  double precision NOT NULL,
    chance   double precision NOT NULL DEFAULT 1,
    UNIQUE NULLS NOT DISTINCT (game_id)
);
CREATE OR REPLACE FUNCTION test_stall() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    wait double precision;
BEGIN
    SELECT max(s.seconds) INTO wait FROM test_stalls s
    WHERE (s.game_id IS NULL OR s.game_id IN (SELECT originator_id FROM test_added)) AND random() < s.chance;
    IF wait IS NOT NULL THEN
        PERFORM pg_sleep(wait);
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS test_stall ON banquise_events;
CREATE TRIGGER test_stall AFTER INSERT ON banquise_events REFERENCING NEW TABLE AS test_added
    FOR EACH STATEMENT EXECUTE FUNCTION test_stall();
"""
_REMOVE = "DROP TRIGGER IF EXISTS test_stall ON banquise_events; DROP TABLE IF EXISTS test_stalls"
# The writes sleeping in the trigger now (their server processes).
_SLEEPERS = (
    "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database() "
    "AND pid <> pg_backend_pid()"
)


def install(conninfo: str) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(_INSTALL)


def remove(conninfo: str) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(_REMOVE)


def stall(conninfo: str, seconds: float, game: UUID | None = None, chance: float = 1.0) -> None:
    """Writes to ``game`` (None: any write, with ``chance``) sleep ``seconds`` before they can commit."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO test_stalls (game_id, seconds, chance) VALUES (%s, %s, %s) "
            "ON CONFLICT (game_id) DO UPDATE SET seconds = excluded.seconds, chance = excluded.chance",
            (game, seconds, chance),
        )


def unstall(conninfo: str, game: UUID | None = None, *, everything: bool = False) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        if everything:
            conn.execute("DELETE FROM test_stalls")
        else:
            conn.execute("DELETE FROM test_stalls WHERE game_id IS NOT DISTINCT FROM %s", (game,))


def crash_sleepers(conninfo: str) -> list[int]:
    """End the server process of every write sleeping in the trigger (cut before its COMMIT); their pids."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        pids = [int(r[0]) for r in conn.execute(_SLEEPERS).fetchall()]
        for pid in pids:
            conn.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
    return pids


def sleepers(conninfo: str) -> list[Any]:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        return [r[0] for r in conn.execute(_SLEEPERS).fetchall()]
