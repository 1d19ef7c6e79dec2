"""The alias map of renamed and merged handles (``handle_aliases``), as the read models follow it.

Each decision ``old → new`` (handle keys) makes ``old`` an alias of ``new``; the map is kept resolved (an
alias never points at another alias), like ``service.base.store.aliases.follow``. The statistics of a game
are keyed by the map as it stands when they are (re)computed, and every decision recomputes what it
moves: the rows are those a rebuild gives, which applies the final map to every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from projections.batch import Cursor, HandleChange
from projections.handles import handle_key


def apply(cur: Cursor, changes: Sequence[HandleChange]) -> list[tuple[str, str]]:
    """Write the decisions to ``handle_aliases``, in order; the ``(old, new)`` keys they move (a change of
    spelling of one key moves nothing)."""
    moved: list[tuple[str, str]] = []
    for change in changes:
        old, new = handle_key(change.old), handle_key(change.new)
        if old == new:
            continue
        # Renaming back: ``new`` was an alias of ``old``, it is a handle of its own again.
        cur.execute("DELETE FROM handle_aliases WHERE alias_key = %s", (new,))
        cur.execute("UPDATE handle_aliases SET target_key = %s WHERE target_key = %s", (new, old))
        cur.execute(
            "INSERT INTO handle_aliases (alias_key, target_key, position) VALUES (%s, %s, %s) "
            "ON CONFLICT (alias_key) DO UPDATE SET target_key = excluded.target_key, position = excluded.position",
            (old, new, change.position),
        )
        moved.append((old, new))
    return moved


# The aliases among some keys (a text[] parameter), each with the key it counts as.
RESOLVE = "SELECT alias_key, target_key FROM handle_aliases WHERE alias_key = ANY(%s)"


def resolve(cur: Cursor, keys: Iterable[str]) -> dict[str, str]:
    """The aliases among ``keys``, each with the key it counts as."""
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    rows = cur.execute(RESOLVE, (wanted,)).fetchall()
    return {r["alias_key"]: r["target_key"] for r in rows}


def seat_keys(players: Sequence[str], aliases: dict[str, str]) -> list[str]:
    """The key each seat counts as. A table where two seats would become one player (a game recorded
    after a merge under both handles) keeps its seats' own keys: one person never plays themself."""
    own = [handle_key(p) for p in players]
    resolved = [aliases.get(k, k) for k in own]
    return resolved if len(set(resolved)) == len(resolved) else own


# ---------------------------------------------------------------- players and their trigrams (boards)
# A new player's trigrams are written with its row, in the same statement.
_WITH_TRIGRAMS = (
    "INSERT INTO player_trigrams (trigram, handle_key) "
    "SELECT DISTINCT substr(handle_key, i, 3), handle_key FROM added, generate_series(1, char_length(handle_key) - 2) "
    "AS i ON CONFLICT DO NOTHING"
)


def add_players(cur: Cursor, rows: Sequence[tuple[str, str, int]]) -> None:
    """``(handle_key, handle, first_position)`` of players first seen; an alias is no player of its own."""
    if not rows:
        return
    cur.execute(
        "WITH added AS (INSERT INTO players (handle_key, handle, first_position) "
        "SELECT t.k, t.h, t.p FROM unnest(%s::text[], %s::text[], %s::bigint[]) AS t(k, h, p) "
        "WHERE NOT EXISTS (SELECT 1 FROM handle_aliases a WHERE a.alias_key = t.k) "
        f"ON CONFLICT DO NOTHING RETURNING handle_key) {_WITH_TRIGRAMS}",
        ([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]),
    )


def change_players(cur: Cursor, changes: Sequence[HandleChange]) -> None:
    """The decisions on ``players``: the old handle leaves it; a rename's new handle takes its place (a
    merge's target keeps its own row and spelling)."""
    for change in changes:
        old, new = handle_key(change.old), handle_key(change.new)
        if old != new:
            cur.execute("DELETE FROM player_trigrams WHERE handle_key = %s", (old,))
            cur.execute("DELETE FROM players WHERE handle_key = %s", (old,))
        on_conflict = "DO UPDATE SET handle = excluded.handle" if change.rename else "DO NOTHING"
        cur.execute(
            "WITH added AS (INSERT INTO players (handle_key, handle, first_position) VALUES (%s, %s, %s) "
            f"ON CONFLICT (handle_key) {on_conflict} RETURNING handle_key) {_WITH_TRIGRAMS}",
            (new, change.new, change.position),
        )


def trigrams(text: str) -> list[str]:
    """The query's 3-character substrings, as ``player_trigrams`` holds them for a key."""
    return sorted({text[i : i + 3] for i in range(len(text) - 2)})
