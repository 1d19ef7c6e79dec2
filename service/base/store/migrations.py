"""Schema migrations, applied once per database even when several processes start together.

Every process calls :func:`migrate` at start-up. A PostgreSQL advisory lock serialises them; the
``banquise_migrations`` table records what has been applied, so each step runs exactly once.
Later features append steps here; a step is never edited once released.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import sql

log = logging.getLogger("banquise.migrations")

# Any constant shared by all Banquise processes; "BANQUISE" in ASCII.
ADVISORY_LOCK_KEY = 0x42414E5155495345

Step = tuple[str, str | Callable[[], None]]


def _apply(conn: psycopg.Connection[Any], schema: str, steps: list[Step]) -> list[str]:
    conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
    table = sql.Identifier(schema, "banquise_migrations")
    conn.execute(
        sql.SQL(
            "CREATE TABLE IF NOT EXISTS {} (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        ).format(table)
    )
    done = {row[0] for row in conn.execute(sql.SQL("SELECT id FROM {}").format(table))}
    applied: list[str] = []
    for step_id, step in steps:
        if step_id in done:
            continue
        if callable(step):
            step()
        with conn.transaction():
            if isinstance(step, str):
                conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(sql.Identifier(schema)))
                conn.execute(step.encode())
            conn.execute(sql.SQL("INSERT INTO {} (id) VALUES (%s)").format(table), (step_id,))
        applied.append(step_id)
    return applied


def migrate(conninfo: str, schema: str, steps: list[Step]) -> list[str]:
    """Apply the steps not yet applied, in order; returns the ids applied by this call."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (ADVISORY_LOCK_KEY,))
        try:
            applied = _apply(conn, schema, steps)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (ADVISORY_LOCK_KEY,))
    if applied:
        log.info("database migrated: %s", ", ".join(applied))
    return applied


def applied_at(conn: psycopg.Connection[Any], schema: str, step_id: str) -> Any:
    """When the step was applied (None: not applied, or no migrations table)."""
    row = conn.execute(
        sql.SQL("SELECT applied_at FROM {} WHERE id = %s").format(sql.Identifier(schema, "banquise_migrations")),
        (step_id,),
    ).fetchone()
    return None if row is None else row[0]
