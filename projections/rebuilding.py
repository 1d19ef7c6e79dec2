"""A rebuild's scratch schema and the swap that puts its tables in place of the live ones."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from projections import schema
from service.base.store import GameLog, migrations


def prepare_scratch(conn: psycopg.Connection[Any], store: GameLog, scratch: str, names: list[str]) -> set[str]:
    """The scratch schema with empty tables for ``names``' projections; the tables to swap in.

    It keeps only what the rebuild writes: the other tables (and the log) resolve to the live schema,
    next in the search path."""
    migrations.migrate(store.params.conninfo(), scratch, schema.STEPS)
    kept = {t for name in names for t in schema.TABLES[name]}
    unused = [t for name in schema.NAMES if name not in names for t in schema.TABLES[name]]
    unused.append("banquise_migrations")
    with conn.transaction():
        for table in unused:
            conn.execute(sql.SQL("DROP TABLE {}").format(sql.Identifier(scratch, table)))
        conn.execute(
            sql.SQL("DELETE FROM {} WHERE NOT name = ANY(%s)").format(sql.Identifier(scratch, "projection_positions")),
            (names,),
        )
    return kept


def drop_scratch(conn: psycopg.Connection[Any], scratch: str) -> None:
    conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(scratch)))


def swap(conn: psycopg.Connection[Any], live: str, scratch: str, tables: list[str], names: list[str]) -> None:
    """The rebuilt tables replace the live ones, and their positions and quarantine the live ones, in
    one transaction. Readers wait for it (milliseconds), then see the new tables."""
    positions = sql.Identifier(live, "projection_positions")
    quarantine, rebuilt = (
        sql.Identifier(live, "projection_quarantine"),
        sql.Identifier(scratch, "projection_quarantine"),
    )
    with conn.transaction():
        # The live runners' lock: none is between reading and writing the tables being replaced.
        conn.execute(
            sql.SQL("SELECT name FROM {} WHERE name = ANY(%s) ORDER BY name FOR UPDATE").format(positions),
            (names,),
        )
        # Every table at once, before any is dropped: readers wait from here to the commit.
        conn.execute(
            sql.SQL("LOCK TABLE {} IN ACCESS EXCLUSIVE MODE").format(
                sql.SQL(", ").join(sql.Identifier(live, t) for t in tables)
            )
        )
        for table in tables:
            conn.execute(sql.SQL("DROP TABLE {}").format(sql.Identifier(live, table)))
            conn.execute(
                sql.SQL("ALTER TABLE {} SET SCHEMA {}").format(sql.Identifier(scratch, table), sql.Identifier(live))
            )
        conn.execute(
            sql.SQL("UPDATE {} p SET xid = s.xid, position = s.position FROM {} s WHERE p.name = s.name").format(
                positions, sql.Identifier(scratch, "projection_positions")
            )
        )
        if set(names) == set(schema.NAMES):
            # Every projection rebuilt: what the rebuild could not project is the whole quarantine.
            conn.execute(sql.SQL("DELETE FROM {}").format(quarantine))
            conn.execute(sql.SQL("INSERT INTO {} SELECT * FROM {}").format(quarantine, rebuilt))
        else:
            # The other projections skipped the live quarantined games too: keep them (retry applies
            # a finish the rebuilt stats already hold only once).
            conn.execute(
                sql.SQL(
                    "INSERT INTO {} AS q SELECT * FROM {} ON CONFLICT (game_id) DO UPDATE "
                    "SET position = least(q.position, excluded.position)"
                ).format(quarantine, rebuilt)
            )
