"""Statistics over a part of the games: those recorded here move by move (``source=recorded``), or those
imported from other apps with their results only (``source=imported``). The read models keep their rows
for every game together (the default, ``all``); a part is computed when asked, from ``player_results``
with the same code the stats projection folds with (``stats.accumulate``, ``ratings.rate_in_order``):
a player's statistics and a pair's head-to-head cost their own games; a kind's ratings cost the kind's
games in that part, and are kept in memory until the stats projection moves on.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any, Literal

import psycopg

from projections import gamestats, ratings, stats

Source = Literal["all", "recorded", "imported"]
Conn = psycopg.Connection[Any]

CONDITION: dict[str, str] = {"all": "true", "recorded": "r.source IS NULL", "imported": "r.source IS NOT NULL"}


def condition(source: str) -> str:
    return CONDITION[source]


def player_stats(conn: Conn, key: str, source: str) -> list[dict[str, Any]]:
    """``player_stats`` rows of one player over a part of their games (every kind and player count)."""
    rows = conn.execute(
        "SELECT kind, player_count, seat, won, total, breakdown, position, source, "
        "(SELECT jsonb_object_agg(g.stat_id::text, g.value) FROM game_stats g WHERE g.game_id = r.game_id "
        "AND g.seat = r.seat) AS stats FROM player_results r "
        f"WHERE handle_key = %s AND NOT voided AND {condition(source)} ORDER BY kind, finished_at, game_id, seat",
        (key,),
    ).fetchall()
    accumulators: dict[tuple[str, int], dict[str, Any]] = {}
    for r in rows:
        kind = r["kind"]
        wanted = {str(i) for i in gamestats.TOTALS.get(kind, ())}
        row = {**r, "totals": {k: v for k, v in (r["stats"] or {}).items() if k in wanted}}
        for group in ((kind, 0), (kind, r["player_count"])):
            acc = accumulators.get(group)
            if acc is None:
                acc = accumulators[group] = stats.new_accumulator()
            stats.accumulate(acc, row)
    return [
        {"handle_key": key, "kind": kind, "player_count": count, **stats.summarise(acc)}
        for (kind, count), acc in sorted(accumulators.items())
    ]


def versus(conn: Conn, a: str, b: str, source: str) -> list[dict[str, Any]]:
    """``head_to_head`` rows of a pair over a part of their games."""
    return conn.execute(
        "SELECT r.kind, count(*)::int AS games, count(*) FILTER (WHERE r.rank < o.rank)::int AS ahead, "
        "count(*) FILTER (WHERE r.rank > o.rank)::int AS behind, count(*) FILTER (WHERE r.rank = o.rank)::int AS ties "
        "FROM player_results r JOIN player_results o ON o.game_id = r.game_id AND o.handle_key = %s "
        f"WHERE r.handle_key = %s AND NOT r.voided AND {condition(source)} GROUP BY r.kind ORDER BY r.kind",
        (b, a),
    ).fetchall()


class Ratings:
    """A kind's ratings over a part of its games, kept until the stats projection moves on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[tuple[str, str], tuple[int, dict[str, ratings.Rating], dict[str, dict[int, int]]]] = {}

    def of(self, conn: Conn, kind: str, source: str) -> tuple[dict[str, ratings.Rating], dict[str, dict[int, int]]]:
        """Each player's rating in ``kind`` over that part of its games, and their games there by player
        count."""
        row = conn.execute("SELECT position FROM projection_positions WHERE name = 'stats'").fetchone()
        position = int(row["position"]) if row else 0
        with self._lock:
            kept = self._kept.get((kind, source))
        if kept is not None and kept[0] == position:
            return kept[1], kept[2]
        rows = conn.execute(
            "SELECT game_id, handle_key, rank, position, finished_at, player_count FROM player_results r "
            f"WHERE kind = %s AND NOT voided AND {condition(source)} ORDER BY finished_at, game_id, seat",
            (kind,),
        ).fetchall()
        counts: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for r in rows:
            counts[r["handle_key"]][r["player_count"]] += 1
        rated = ratings.rate_in_order(rows, kind)
        made = {k: dict(v) for k, v in counts.items()}
        with self._lock:
            self._kept[(kind, source)] = (position, rated, made)
        return rated, made


def provisional(r: ratings.Rating) -> bool:
    return r.games < ratings.PROVISIONAL_GAMES or r.sigma > ratings.PROVISIONAL_SIGMA
