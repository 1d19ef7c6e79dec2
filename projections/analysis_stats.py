"""Player statistics from finished analyses (#37, item 4): per player, per kind and per player count
(and every count together), read from ``banquise_analysis_stats`` (the analyses' per-game rows,
``service/base/store/analysis_stats.py``) through ``player_results`` (the stats projection's), so that a
voided game leaves them, and a renamed or merged handle takes its games' with it, as every statistic.
A game counts once: its finished analysis at the current analysis version (only the analyses that count
have rows: a finished game's whole analysis at the counted budget, ``service.games.analysis``).
The ids are ``domain.analysis.statistics.ANALYSIS_PLAYER_STATS``'.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.analysis.game import ANALYSIS_VERSION
from domain.analysis.statistics import ACCURACY, ANALYSIS_PLAYER_STATS


class AnalysedStat(msgspec.Struct, kw_only=True):
    id: int  # permanent (ANALYSIS_PLAYER_STATS)
    name: str
    value: float  # accuracy: the mean of the games'; the counts: their sum


class AnalysedStats(msgspec.Struct, kw_only=True):
    games: int  # the player's games with a finished analysis (in this kind and player count)
    stats: list[AnalysedStat]


_READ = """
WITH chosen AS (
    SELECT DISTINCT ON (game_id) game_id, analysis_version, budget FROM banquise_analysis_stats
    WHERE game_id IN (SELECT game_id FROM player_results WHERE handle_key = %(key)s AND NOT voided)
      AND analysis_version = %(version)s
    ORDER BY game_id, budget
)
SELECT r.kind, CASE WHEN grouping(r.player_count) = 1 THEN 0 ELSE r.player_count END AS player_count,
       a.stat_id, count(DISTINCT a.game_id)::int AS games, avg(a.value) AS mean, sum(a.value) AS total
FROM player_results r
JOIN chosen c ON c.game_id = r.game_id
JOIN banquise_analysis_stats a ON a.game_id = c.game_id AND a.analysis_version = c.analysis_version
     AND a.budget = c.budget AND a.seat = r.seat
WHERE r.handle_key = %(key)s AND NOT r.voided
GROUP BY GROUPING SETS ((r.kind, r.player_count, a.stat_id), (r.kind, a.stat_id))
"""


def player_analysis(conn: Any, key: str) -> dict[tuple[str, int], AnalysedStats]:
    """By (kind, player count; 0: every count), the player's statistics from analyses."""
    by: dict[tuple[str, int], dict[int, dict[str, Any]]] = {}
    for r in conn.execute(_READ, {"key": key, "version": ANALYSIS_VERSION}).fetchall():
        by.setdefault((r["kind"], int(r["player_count"])), {})[int(r["stat_id"])] = r
    out: dict[tuple[str, int], AnalysedStats] = {}
    for group, rows in by.items():
        stats = [
            AnalysedStat(
                id=stat_id,
                name=ANALYSIS_PLAYER_STATS[stat_id],
                value=round(float(rows[stat_id]["mean" if stat_id == ACCURACY else "total"]), 4),
            )
            for stat_id in sorted(rows)
            if stat_id in ANALYSIS_PLAYER_STATS
        ]
        out[group] = AnalysedStats(games=max(int(r["games"]) for r in rows.values()), stats=stats)
    return out
