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
from typing import Any, NamedTuple
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


# The trigger's error for an event whose predecessor is not stored (an append to a game whose tail was lost).
NO_EVENT_BEFORE = "BQ500"

# How many breaks this process has met (``banquise_chain_broken_total`` on ``/metrics``).
broken_seen = 0


def _broken(game_id: UUID, version: int, detail: str) -> ChainBroken:
    """The error of a break found at ``version``, logged and counted (every reader's)."""
    global broken_seen
    broken_seen += 1
    log.error("event chain broken", extra={"fields": {"game": str(game_id), "version": version, "detail": detail}})
    return ChainBroken(game_id, version, detail)


def broken_at(game_id: UUID, version: int, detail: str) -> ChainBroken:
    """A break a reader found by itself (``_broken``'s: logged and counted as every other)."""
    return _broken(game_id, version, detail)


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
    expected: int | None = 1 if previous == GENESIS else None  # from the start: from version 1
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


def check_read(
    game_id: UUID,
    rows: Sequence[Row],
    after: int | None,
    head: Head | None = None,
    *,
    upto: int | None = None,
    cut: bool = False,
) -> Sequence[Row]:
    """The rows a read folds, checked. ``rows``: a game's consecutive rows by version; with ``after``, the
    first is the one at that version, read for its stored hash only (the link the next one is checked
    from), and left out of the rows returned; without, they start at version 1. ``head``: the game's head
    read in the same statement (``head_row``; None for a stream without a game's row), against which the
    read's end is checked (``check_end``: ``upto``, the last version asked; ``cut``, a read its limit
    stopped).

    What this proves (docs/RECORDS.md): every event returned hashes, with the stored hash of the event
    before it, to its own stored hash; none is missing between the first asked and the last, nor at the
    end the game's row keeps (its head: a lost tail is a broken chain). An event changed without its hash
    is refused; with its hash recomputed, the next event's link is, when a read reaches it. The stored
    hash a read starts from is trusted as it is: only a check from version 1 (an export, ``banquise
    chain``) covers the events before a read's first (but the first event's absence, which every read
    is told of)."""
    start = after or 0
    if rows and after:
        if rows[0][0] != after:
            raise _broken(game_id, after, "the event is missing")
        check_after(game_id, rows[1:], after, rows[0][3])
    elif rows:
        check_after(game_id, rows, 0, None)
    # Without a row, not even the one at ``after`` (read for its hash) is known to be stored.
    check_end(game_id, rows, head, max(start - 1, 0), upto=upto, cut=cut)
    return rows[1:] if rows and after else rows


class Head(NamedTuple):
    """A game's head as its ``games`` row keeps it (migration 0023, written in the transaction of its
    events): the version of its last event and that event's chain hash (None for a row whose last event
    was already missing when the heads were first kept), whether its first event is stored, and the
    first version a DELETE took from its events (None: none ever did)."""

    version: int
    chain: bytes | None
    first: bool = True
    lost: int | None = None


def head_row(events: str, games: str, game: str) -> str:
    """A ``SELECT`` of one row shaped as a game's event rows (version, topic, state, chain) that carries its
    head, for a read to ``UNION ALL`` to its events (one statement: one snapshot of both): version
    ``-1 - head version`` (negative: no event's), topic NULL, state ``1`` or ``0`` (event 1 is stored or
    not) then ``:`` and ``lost_from`` when a DELETE took events, chain the head's hash. ``game``: the
    placeholder of the game's id. No row for a stream without a game (the players' and admins' streams)."""
    return (
        "SELECT -1 - g.version::bigint, NULL::text, convert_to(CASE WHEN EXISTS (SELECT 1 FROM "
        f"{events} f WHERE f.originator_id = g.id AND f.originator_version = 1) THEN '1' ELSE '0' END "
        f"|| coalesce(':' || g.lost_from, ''), 'UTF8'), g.head FROM {games} g WHERE g.id = {game}"
    )


def split_head(rows: Sequence[Any]) -> tuple[list[Any], Head | None]:
    """``rows`` without the row of ``head_row``, and the head it carried (None: the read has none)."""
    head: Head | None = None
    out: list[Any] = []
    for row in rows:
        if row[0] < 0:
            first, _, lost = bytes(row[2]).decode().partition(":")
            chain = None if row[3] is None else bytes(row[3])
            head = Head(-1 - int(row[0]), chain, first == "1", int(lost) if lost else None)
        else:
            out.append(row)
    return out, head


def check_end(
    game_id: UUID, rows: Sequence[Row], head: Head | None, before: int, *, upto: int | None = None, cut: bool = False
) -> None:
    """The end of a read of a game's events (``rows``: checked and consecutive, after version ``before``,
    known stored) against its ``head``: no event after the head, none missing
    before it (unless ``cut``: a read its limit stopped, or ``upto``, the last version asked), and the head's
    own event the one the row keeps (its hash). A lost tail is a broken chain, as any other (never a
    shorter game answered as if whole). Raises ``ChainBroken`` (logged, counted)."""
    if head is None:
        return
    if head.lost is not None:
        raise _broken(game_id, head.lost, "the event was deleted (the game's row keeps the first version deleted)")
    if head.version >= 1 and not head.first:
        raise _broken(game_id, 1, "the event is missing (the game's first)")
    last = rows[-1][0] if rows else None
    if last is not None and last > head.version:
        raise _broken(game_id, head.version + 1, f"an event after the game's head (version {head.version}) is stored")
    end = head.version if upto is None else min(upto, head.version)
    reached = last if last is not None else before
    if not cut and reached < end:
        missing = max(reached + 1, 1)
        raise _broken(
            game_id,
            missing,
            f"the events from version {missing} on are missing: the game's head is at version {head.version}",
        )
    if last == head.version and head.chain is not None and rows[-1][3] != head.chain:
        raise _broken(game_id, head.version, "the last event is not the game's head: its hash is not the one kept")


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
# The previous event is always there when a row is inserted, with no lock over all games (#47): every write
# path updates its game's row before it inserts the game's events (migration 0023, below), so a write to a
# game waits for the one before it to commit, and its insert (a statement after that wait: a snapshot of
# its own, in READ COMMITTED) sees that write's events; a row-level BEFORE trigger sees the rows its own
# statement inserted before (a write's events go in version order). A writer that skipped the game's row
# and raced another would find no previous event and be refused (BQ500), never chain a wrong hash.
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


# Migration 0023: each game's head (the version and hash of its last event) kept in its ``games`` row, so
# that a lost tail is seen (the events alone end wherever they end). Written by the events' own insert,
# whatever the write path, in its transaction: every writer updates the game's row (its new version)
# before it inserts the events (the row's lock first), so the statement's last event of each game whose
# row is at that version is its head. One statement-level update per insert, not one per event. The
# same insert refuses to append to a game that lost events (``lost_from``: ``NO_EVENT_BEFORE``).
#
# And the events are never deleted by the service: a DELETE (a mistake at a psql prompt, a script) marks
# each game it took events from, in its row (``lost_from``: the first version deleted), so that every
# read of the game refuses it and every write to it is refused, whatever part of its stream went.
_HEADS = """
ALTER TABLE {games} ADD COLUMN IF NOT EXISTS head bytea, ADD COLUMN IF NOT EXISTS lost_from integer;
CREATE OR REPLACE FUNCTION {schema}.banquise_chain_head() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
    lost_game uuid;
    lost_version integer;
BEGIN
    WITH kept AS (
        UPDATE {games} g SET head = a.chain FROM banquise_added a
        WHERE g.id = a.originator_id AND g.version = a.originator_version
        RETURNING g.id, g.lost_from
    )
    SELECT id, lost_from INTO lost_game, lost_version FROM kept WHERE lost_from IS NOT NULL LIMIT 1;
    IF lost_game IS NOT NULL THEN
        RAISE EXCEPTION 'game % lost its events from version %', lost_game, lost_version
            USING ERRCODE = 'BQ500', DETAIL = lost_version::text;
    END IF;
    RETURN NULL;
END
$body$;
DROP TRIGGER IF EXISTS banquise_chain_head ON {events};
CREATE TRIGGER banquise_chain_head AFTER INSERT ON {events} REFERENCING NEW TABLE AS banquise_added
    FOR EACH STATEMENT EXECUTE FUNCTION {schema}.banquise_chain_head();
CREATE OR REPLACE FUNCTION {schema}.banquise_events_lost() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    UPDATE {games} g SET lost_from = least(g.lost_from, d.version)
    FROM (SELECT originator_id, min(originator_version)::integer AS version FROM banquise_removed
          GROUP BY originator_id) d
    WHERE g.id = d.originator_id;
    RETURN NULL;
END
$body$;
DROP TRIGGER IF EXISTS banquise_events_lost ON {events};
CREATE TRIGGER banquise_events_lost AFTER DELETE ON {events} REFERENCING OLD TABLE AS banquise_removed
    FOR EACH STATEMENT EXECUTE FUNCTION {schema}.banquise_events_lost();
UPDATE {games} g SET head = e.chain FROM {events} e WHERE e.originator_id = g.id AND e.originator_version = g.version;
"""


def keep_heads(conn: Connection[Any], schema: str, table: str) -> None:
    """Migration 0023 on ``conn`` (one transaction, the events table locked: no write meanwhile): the
    games' ``head`` column, the trigger that keeps it, and the heads of the games stored before."""
    with conn.transaction():
        events = sql.Identifier(schema, table)
        conn.execute(sql.SQL("LOCK TABLE {} IN EXCLUSIVE MODE").format(events))
        conn.execute(
            sql.SQL(_HEADS).format(events=events, games=sql.Identifier(schema, "games"), schema=sql.Identifier(schema))
        )


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
    previous, skip, expected = GENESIS, False, 1
    after: tuple[UUID, int] = (UUID(int=0), 0)
    cur = conn.cursor(row_factory=tuple_row)
    while True:
        rows = cur.execute(select, (*after, _SURVEY_CHUNK)).fetchall()
        for game_id, version, topic, state, stored in rows:
            if game_id != game:
                game, previous, skip, expected, games = game_id, GENESIS, False, 1, games + 1
            count += 1
            if skip:
                continue
            try:
                if version != expected:
                    raise _broken(game_id, expected, "the event is missing")
                previous = check(game_id, [(version, topic, bytes(state), stored)], previous)
                expected = version + 1
            except ChainBroken as exc:
                broken.append(exc)
                skip = True
        if len(rows) < _SURVEY_CHUNK:
            break
        after = (rows[-1][0], rows[-1][1])
    # The games whose last event is not the head their row keeps: a lost tail (or an event added after it).
    seen = {exc.game_id for exc in broken}
    for game_id, version, last, lost in cur.execute(sql.SQL(_TAILS).format(events=events, games=_games(schema))):
        if game_id not in seen:
            if lost is not None:
                broken.append(_broken(game_id, lost, "the event was deleted (the game's row keeps the first version)"))
            elif last is None or last < version:
                detail = f"the events from version {(last or 0) + 1} on are missing: the game's head is at {version}"
                broken.append(_broken(game_id, (last or 0) + 1, detail))
            elif last > version:
                broken.append(_broken(game_id, version + 1, f"an event after the game's head ({version}) is stored"))
            else:
                broken.append(_broken(game_id, version, "the last event is not the game's head: its hash differs"))
    return games, count, broken


def _games(schema: str) -> sql.Identifier:
    return sql.Identifier(schema, "games")


# Each game whose last stored event is not its row's head (its version, or its hash where kept), or that
# lost events to a DELETE.
_TAILS = """
SELECT g.id, g.version, e.originator_version, g.lost_from FROM {games} g LEFT JOIN LATERAL (
    SELECT originator_version, chain FROM {events} WHERE originator_id = g.id ORDER BY originator_version DESC LIMIT 1
) e ON true
WHERE e.originator_version IS DISTINCT FROM g.version OR (g.head IS NOT NULL AND e.chain IS DISTINCT FROM g.head)
    OR g.lost_from IS NOT NULL
ORDER BY g.id
"""


def report(conninfo: str, schema: str, events_table: str) -> tuple[Any, int, int, list[ChainBroken]]:
    """``banquise chain``'s reading: when migration 0018 was applied (None: not recorded), the games and
    events chained, and each broken chain; on a connection of its own."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        applied = migrations.applied_at(conn, schema, "0018_event_chain")
        games, events, broken = survey(conn, schema, events_table)
    return applied, games, events, broken
