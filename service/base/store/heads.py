"""Moves' new heads in the ``games`` rows: one statement for all the moves of a group-commit batch.

A move's write updates its game's row (version, moves, status, times) in the events' transaction and
says there what it needs: the game open (``OPEN``; a reveal after the end: ``FINISHED``) and, for a move
decided from a cached API key, no key changed since (``KEYS_UNCHANGED``). The same update runs in a
pipelined transaction (``advance_heads``) or inside ``banquise_append_moves`` (``advance_in_function``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

from psycopg import Cursor
from psycopg.rows import DictRow

from service.base.store.closing import FINISHED, OPEN
from service.base.store.key_guard import KEYS_UNCHANGED
from service.base.store.recorder import Within

# Moves' new heads, several games at once (the moves of one group-commit batch): one statement rather
# than one each (~45 us of psycopg CPU per statement). Only an open game (a reveal after the end: a
# finished one): an abandon or a void may have committed since the row was read. The first move's time
# is the game's start at the table when it was created without one. The source's columns are named
# apart from the table's, so that OPEN and FINISHED read the table's.
_ADVANCE_ANY = (
    "UPDATE {games} SET version = u.new_version, moves = u.new_moves, status = u.new_status, "
    "updated_at = u.new_updated_at, played_at = coalesce(played_at, u.new_played_at) "
    "FROM unnest({arrays}) AS u(game, new_version, new_moves, new_status, new_updated_at, new_played_at, "
    f"after_end, keys_at) WHERE id = u.game AND (CASE WHEN u.after_end THEN {FINISHED} ELSE {OPEN} END) "
    f"AND (u.keys_at IS NULL OR {KEYS_UNCHANGED.replace('%s', 'u.keys_at')})"
)
_ADVANCE_MANY = _ADVANCE_ANY.format(
    games="games",
    arrays="%s::uuid[], %s::integer[], %s::integer[], %s::text[], %s::timestamptz[], %s::timestamptz[], "
    "%s::boolean[], %s::bigint[]",
).encode()
_KEYS_CHECK = f"SELECT {KEYS_UNCHANGED}".encode()


class HeadAdvance(NamedTuple):
    """A move's new head (the columns of ``advance_heads``' source); ``late``: a reveal after the end,
    which needs the game finished (and not voided) instead of open; ``keys_at``: the count of key changes
    a cached key was verified at, confirmed in the transaction."""

    game_id: UUID
    version: int
    moves: int
    status: str
    now: datetime
    played_at: datetime | None
    late: bool = False
    keys_at: int | None = None


def advance_in_function(schema: str) -> str:
    """The update of ``advance_heads`` over the arrays of ``banquise_append_moves`` (its ``h_``
    parameters), for that function's body."""
    games = f'"{schema}"."games"'
    arrays = "h_games, h_versions, h_moves, h_status, h_updated, h_played, h_late, h_keys"
    return _ADVANCE_ANY.format(games=games, arrays=arrays)


def advance_rows(heads: Sequence[HeadAdvance]) -> tuple[tuple[list[Any], ...], list[int]]:
    """The columns of the games' update for ``heads`` (one row per game), and the counts of key
    changes to check apart (see ``advance_heads``)."""
    merged: dict[UUID, HeadAdvance] = {}
    counts: set[int] = set()
    for head in heads:
        if head.keys_at is not None:
            counts.add(head.keys_at)
        earlier = merged.get(head.game_id)
        if earlier is None:
            merged[head.game_id] = head
            continue
        merged[head.game_id] = head._replace(
            played_at=earlier.played_at or head.played_at,
            late=earlier.late,
            keys_at=earlier.keys_at if earlier.keys_at is not None else head.keys_at,
        )
    # In the rows' order (of their ids): two batches updating the same games take their locks alike.
    rows = [merged[game_id] for game_id in sorted(merged)]
    columns = tuple([getattr(row, column) for row in rows] for column in HeadAdvance._fields)
    # A game's row checks one count; another count a move of the batch was cached at is checked apart.
    return columns, sorted(counts - {row.keys_at for row in rows if row.keys_at is not None})


def advance_heads(heads: Sequence[HeadAdvance]) -> Within:
    """The new heads of moves, in the order they were decided, in one statement (refused in the
    transaction if a game was closed meanwhile, or if keys changed since a cached key's ``keys_at``:
    ``KeysChanged``). A game moved twice gets its last head, its first time of play, and the
    condition of its first move (what the batch itself did meets the others')."""
    params, extra = advance_rows(heads)

    def run(cur: Cursor[DictRow]) -> None:
        cur.execute(_ADVANCE_MANY, params)
        for count in extra:
            cur.execute(_KEYS_CHECK, (count,))

    return run
