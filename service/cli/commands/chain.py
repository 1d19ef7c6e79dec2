"""``banquise chain``: how many games and events the event chain covers, checked (docs/RECORDS.md).

Reads every stored event in the primary key's order, a chunk at a time, and checks each game's chain as
``service.base.store.chain`` defines it. Exit status 1 when a chain is broken (each one named on stderr).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from uuid import UUID

import psycopg
from psycopg import sql
from psycopg.rows import tuple_row

from service.base.settings import Settings
from service.base.store import chain
from service.cli.commands.keys import check_database
from service.runtime import Runtime

CHUNK = 5000


def report(conn: psycopg.Connection[Any], schema: str, table: str) -> tuple[int, int, list[chain.ChainBroken]]:
    """Games and events checked, and the chains broken (the first break of each)."""
    events = sql.Identifier(schema, table)
    select = sql.SQL(
        "SELECT originator_id, originator_version, topic, state, chain FROM {} "
        "WHERE (originator_id, originator_version) > (%s, %s) ORDER BY originator_id, originator_version LIMIT %s"
    ).format(events)
    games = count = 0
    broken: list[chain.ChainBroken] = []
    game: UUID | None = None
    previous, skip = chain.GENESIS, False
    after: tuple[UUID, int] = (UUID(int=0), 0)
    cur = conn.cursor(row_factory=tuple_row)
    while True:
        rows = cur.execute(select, (*after, CHUNK)).fetchall()
        for game_id, version, topic, state, stored in rows:
            if game_id != game:
                game, previous, skip, games = game_id, chain.GENESIS, False, games + 1
            count += 1
            if skip:
                continue
            try:
                previous = chain.check(game_id, [(version, topic, bytes(state), stored)], previous)
            except chain.ChainBroken as exc:
                broken.append(exc)
                skip = True
        if len(rows) < CHUNK:
            return games, count, broken
        after = (rows[-1][0], rows[-1][1])


def run(args: argparse.Namespace, settings: Settings) -> int:
    check_database(args, settings)
    runtime = Runtime.open(settings)
    try:
        store = runtime.store
        with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
            applied = conn.execute(
                sql.SQL("SELECT applied_at FROM {} WHERE id = '0018_event_chain'").format(
                    sql.Identifier(store.schema, "banquise_migrations")
                )
            ).fetchone()
            games, events, broken = report(conn, store.schema, store.game_recorder.events_table_name)
    finally:
        runtime.close()
    since = f" (migration 0018 applied {applied[0]:%Y-%m-%d %H:%M})" if applied else ""
    print(f"{games} games, {events} events chained{since}; {len(broken)} broken")
    for exc in broken:
        print(f"banquise: {exc}", file=sys.stderr)
    return 1 if broken else 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("chain", help="count and check every game's event chain (tamper evidence)")
    parser.add_argument("--init", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(run=run)
