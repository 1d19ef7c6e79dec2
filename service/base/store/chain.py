"""The event chain: every stored event of a game carries a hash covering it and the event before it.

A game's chain (docs/RECORDS.md) is, for its events at versions 1, 2, … n::

    h(0) = 32 zero bytes
    h(v) = SHA-256( "banquise-chain-1" 0x00
                    || h(v-1)                       32 bytes
                    || game id                      16 bytes (the UUID's bytes, big-endian)
                    || v                            8 bytes, unsigned big-endian
                    || len(topic) || topic          4 bytes big-endian, then the topic in UTF-8
                    || len(state) || state )        4 bytes big-endian, then the stored state's bytes

``topic`` and ``state`` are the event's row as stored (``banquise_events``: the domain event's class and
its msgspec JSON payload: recording time, event, move index, play time, comment, command). The head of
a game is ``h(n)``. Changing, removing, inserting or reordering any event changes every hash from it on.

The database computes ``h(v)`` as each row is inserted (a trigger, whatever the write path: a move, a
group commit, a correction), unless the writer gave it: a new game's writer (a creation, an import, a
fork) has all its events and computes their hashes here, in Python, ~40x cheaper than the trigger. This
module is also the definition the readers check and ``banquise verify`` (no database) uses.
"""

from __future__ import annotations

import hashlib
import logging
import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from uuid import UUID

import psycopg
from psycopg import Connection, sql
from psycopg.rows import tuple_row

from service.base.store import migrations

log = logging.getLogger("banquise.chain")

DOMAIN = b"banquise-chain-1\x00"
GENESIS = bytes(32)
_version = struct.Struct(">Q").pack
_length = struct.Struct(">I").pack


def link(previous: bytes, game_id: UUID, version: int, topic: str, state: bytes) -> bytes:
    """``h(version)`` of a game's event, from ``h(version - 1)`` (``GENESIS`` for the first)."""
    encoded = topic.encode()
    return hashlib.sha256(
        b"".join(
            (
                DOMAIN,
                previous,
                game_id.bytes,
                _version(version),
                _length(len(encoded)),
                encoded,
                _length(len(state)),
                state,
            )
        )
    ).digest()


class ChainBroken(Exception):
    """A stored event's hash is not the one its content and the event before it give: the store was
    changed behind the service's back (or a row is missing). Never user input: the reader fails loudly."""

    code = "chain_broken"

    def __init__(self, game_id: UUID, version: int, detail: str) -> None:
        super().__init__(f"game {game_id}: the event chain breaks at version {version}: {detail}")
        self.game_id = game_id
        self.version = version


# How many breaks this process has met (``banquise_chain_broken_total`` on ``/metrics``).
broken_seen = 0


def _broken(game_id: UUID, version: int, detail: str) -> ChainBroken:
    """The error of a break found at ``version``, logged and counted (every reader's)."""
    global broken_seen
    broken_seen += 1
    log.error("event chain broken", extra={"fields": {"game": str(game_id), "version": version, "detail": detail}})
    return ChainBroken(game_id, version, detail)


def check(game_id: UUID, rows: Iterable[tuple[int, str, bytes, bytes | None]], previous: bytes = GENESIS) -> bytes:
    """Check a game's rows (version, topic, state, stored hash) from the version after ``previous``'s; the
    last hash. Raises ``ChainBroken`` (logged, counted) at the first row whose hash differs, or at a
    version missing between two rows.

    ``link``'s bytes, with what is the same for every row encoded once (the game id, each topic): the
    readers that fold events check them as they read, ~1.3 us an event where ``link`` costs ~2.5 us."""
    head = DOMAIN
    game = game_id.bytes
    topics: dict[str, bytes] = {}
    sha256 = hashlib.sha256
    expected: int | None = None
    for version, topic, state, stored in rows:
        if expected is not None and version != expected:
            raise _broken(game_id, expected, "the event is missing")
        encoded = topics.get(topic)
        if encoded is None:
            text = topic.encode()
            encoded = topics[topic] = _length(len(text)) + text
        previous = sha256(head + previous + game + _version(version) + encoded + _length(len(state)) + state).digest()
        if stored is None or previous != stored:
            raise _broken(game_id, version, "its stored hash differs from its content's")
        expected = version + 1
    return previous


Row = tuple[int, str, bytes, bytes | None]  # version, topic, state, stored hash


def check_after(game_id: UUID, rows: Sequence[Row], after: int, stored: bytes | None) -> bytes:
    """Check a game's rows from version ``after + 1`` on, from ``stored``: the stored hash of the event at
    version ``after`` (none for 0: from ``GENESIS``). The last hash."""
    if after == 0:
        previous = GENESIS
    elif stored is None:
        raise _broken(game_id, after, "the event or its stored hash is missing")
    else:
        previous = bytes(stored)
    if rows and rows[0][0] != after + 1:
        raise _broken(game_id, after + 1, "the event is missing")
    return check(game_id, rows, previous)


def check_read(game_id: UUID, rows: Sequence[Row], after: int | None) -> Sequence[Row]:
    """The rows a read folds, checked. ``rows``: a game's consecutive rows by version; with ``after``, the
    first is the one at that version, read for its stored hash only (the link the next one is checked
    from), and left out of the rows returned; without, they start at version 1.

    What this proves (docs/RECORDS.md): every event returned hashes, with the stored hash of the event
    before it, to its own stored hash. An event changed without its hash is refused; with its hash
    recomputed, the next event's link is, when a read reaches it. The stored hash a read starts from is
    trusted as it is: only a check from version 1 (an export, ``banquise chain``) covers the events
    before a read's first."""
    if not rows:
        return rows
    if after is None:
        check_after(game_id, rows, 0, None)
        return rows
    if rows[0][0] != after:
        raise _broken(game_id, after, "the event is missing")
    check_after(game_id, rows[1:], after, rows[0][3])
    return rows[1:]


def first_links(game_id: UUID, first_version: int, topics: Sequence[str], states: Sequence[bytes]) -> list[bytes]:
    """The chain hashes of a new game's first events (``first_version`` 1), computed by the writer that has
    them all (~1 us each, where the trigger costs ~40 us: ``make bench``, item 1); none for a later write
    (the trigger reads the hash before it)."""
    if first_version != 1:
        return []
    return list(hashes(game_id, zip(topics, states, strict=True)))


def hashes(game_id: UUID, rows: Iterable[tuple[str, bytes]]) -> Iterator[bytes]:
    """Each hash of a game's events (topic, state) from version 1 on."""
    previous = GENESIS
    for version, (topic, state) in enumerate(rows, start=1):
        previous = link(previous, game_id, version, topic, state)
        yield previous


# Migration 0018: the column, the trigger that fills it on every insert, and the games stored before.
# The previous event is always there when a row is inserted: every write path holds the events table's
# EXCLUSIVE lock (committed rows), and a row-level BEFORE trigger sees the rows its own statement
# inserted before (a write's events go in version order).
_TRIGGER = """
ALTER TABLE {events} ADD COLUMN IF NOT EXISTS chain bytea;
CREATE OR REPLACE FUNCTION {schema}.banquise_chain_event() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
    previous bytea;
    topic bytea := convert_to(NEW.topic, 'UTF8');
BEGIN
    IF NEW.originator_version = 1 THEN
        previous := '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
    ELSE
        SELECT e.chain INTO previous FROM {events} e
        WHERE e.originator_id = NEW.originator_id AND e.originator_version = NEW.originator_version - 1;
        IF previous IS NULL THEN
            RAISE EXCEPTION 'event % of game % has no chained event before it',
                NEW.originator_version, NEW.originator_id USING ERRCODE = 'BQ500';
        END IF;
    END IF;
    NEW.chain := sha256('\\x{domain}'::bytea || previous || uuid_send(NEW.originator_id)
        || int8send(NEW.originator_version::bigint) || int4send(octet_length(topic)) || topic
        || int4send(octet_length(NEW.state)) || NEW.state);
    RETURN NEW;
END
$body$;
DROP TRIGGER IF EXISTS banquise_chain ON {events};
CREATE TRIGGER banquise_chain BEFORE INSERT ON {events} FOR EACH ROW WHEN (NEW.chain IS NULL)
    EXECUTE FUNCTION {schema}.banquise_chain_event();
"""
_BACKFILL_CHUNK = 5000


def migrate(conn: Connection[Any], schema: str, table: str) -> tuple[int, int]:
    """Migration 0018 on ``conn`` (one transaction, the events table locked: no write meanwhile): the
    ``chain`` column and its trigger, then every event stored before it chained, in the Python definition
    above. The number of games and events it chained."""
    events = sql.Identifier(schema, table)
    with conn.transaction():
        conn.execute(sql.SQL("LOCK TABLE {} IN EXCLUSIVE MODE").format(events))
        conn.execute(
            sql.SQL(_TRIGGER).format(
                events=events,
                schema=sql.Identifier(schema),
                domain=sql.SQL(DOMAIN.hex()),
            )
        )
        games = chained = 0
        game: UUID | None = None
        previous = GENESIS
        after: tuple[UUID | None, int] = (None, 0)
        select = sql.SQL(
            "SELECT originator_id, originator_version, topic, state FROM {} WHERE chain IS NULL "
            "AND (%s::uuid IS NULL OR (originator_id, originator_version) > (%s::uuid, %s)) "
            "ORDER BY originator_id, originator_version LIMIT %s"
        ).format(events)
        update = sql.SQL(
            "UPDATE {} e SET chain = d.chain FROM unnest(%s::uuid[], %s::bigint[], %s::bytea[]) AS d(id, v, chain) "
            "WHERE e.originator_id = d.id AND e.originator_version = d.v"
        ).format(events)
        cur = conn.cursor(row_factory=tuple_row)
        while True:
            rows = cur.execute(select, (after[0], after[0], after[1], _BACKFILL_CHUNK)).fetchall()
            ids: list[UUID] = []
            versions: list[int] = []
            links: list[bytes] = []
            for game_id, version, topic, state in rows:
                if game_id != game:
                    game, previous, games = game_id, GENESIS, games + 1
                previous = link(previous, game_id, version, topic, bytes(state))
                ids.append(game_id)
                versions.append(version)
                links.append(previous)
            if ids:
                cur.execute(update, (ids, versions, links))
                chained += len(ids)
            if len(rows) < _BACKFILL_CHUNK:
                break
            after = (ids[-1], versions[-1])
        conn.execute(sql.SQL("ALTER TABLE {} ALTER COLUMN chain SET NOT NULL").format(events))
    log.info("event chain: %d games (%d events) chained", games, chained)
    return games, chained


_SURVEY_CHUNK = 5000


def survey(conn: Connection[Any], schema: str, table: str) -> tuple[int, int, list[ChainBroken]]:
    """Games and events checked, and the chains broken (the first break of each)."""
    events = sql.Identifier(schema, table)
    select = sql.SQL(
        "SELECT originator_id, originator_version, topic, state, chain FROM {} "
        "WHERE (originator_id, originator_version) > (%s, %s) ORDER BY originator_id, originator_version LIMIT %s"
    ).format(events)
    games = count = 0
    broken: list[ChainBroken] = []
    game: UUID | None = None
    previous, skip = GENESIS, False
    after: tuple[UUID, int] = (UUID(int=0), 0)
    cur = conn.cursor(row_factory=tuple_row)
    while True:
        rows = cur.execute(select, (*after, _SURVEY_CHUNK)).fetchall()
        for game_id, version, topic, state, stored in rows:
            if game_id != game:
                game, previous, skip, games = game_id, GENESIS, False, games + 1
            count += 1
            if skip:
                continue
            try:
                previous = check(game_id, [(version, topic, bytes(state), stored)], previous)
            except ChainBroken as exc:
                broken.append(exc)
                skip = True
        if len(rows) < _SURVEY_CHUNK:
            return games, count, broken
        after = (rows[-1][0], rows[-1][1])


def report(conninfo: str, schema: str, events_table: str) -> tuple[Any, int, int, list[ChainBroken]]:
    """``banquise chain``'s reading: when migration 0018 was applied (None: not recorded), the games and
    events chained, and each broken chain; on a connection of its own."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        applied = migrations.applied_at(conn, schema, "0018_event_chain")
        games, events, broken = survey(conn, schema, events_table)
    return applied, games, events, broken
