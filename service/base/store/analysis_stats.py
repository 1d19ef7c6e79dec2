"""The per-game statistics of finished analyses (``domain.analysis.statistics``): the read model the
player statistics read their accuracies from (``projections/analysis_stats.py``).

Written as an analysis that counts finishes (``GameAnalyses.run``, just before the analysis itself: a run
killed between the two leaves the job to another, which writes the same rows again), one row per (game,
analysis, seat, statistic); rebuilt from the analyses' stored results at any time (``rebuild``: the same
rows). What counts (#44): a finished game's whole analysis at the counted budget (the default), whatever
other budgets or partial analyses of the live game were asked; the readers take the current analysis
version's only (an older version's rows stay, unread, until the game is analysed again).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from psycopg import Connection

from domain.analysis.game import GameAnalysis
from domain.analysis.statistics import game_rows

# Migration step 0021 (after the analyses' own tables, 0020).
TABLE = """
CREATE TABLE banquise_analysis_stats (
    game_id          uuid NOT NULL,
    analysis_version text NOT NULL,
    budget           integer NOT NULL,
    seat             integer NOT NULL,
    stat_id          integer NOT NULL,              -- domain.analysis.statistics.ANALYSIS_PLAYER_STATS
    value            double precision NOT NULL,
    PRIMARY KEY (game_id, analysis_version, budget, seat, stat_id)
);
"""

_decoder = msgspec.json.Decoder(GameAnalysis)


def record(conn: Connection[Any], game_id: UUID, result: bytes) -> None:
    """The rows of one finished analysis (its encoded result), written again if there (idempotent)."""
    analysis = _decoder.decode(result)
    rows = game_rows(analysis)
    if not rows:
        return
    seats, ids, values = zip(*rows, strict=True)
    conn.execute(
        "INSERT INTO banquise_analysis_stats (game_id, analysis_version, budget, seat, stat_id, value) "
        "SELECT %s, %s, %s, * FROM unnest(%s::int[], %s::int[], %s::float8[]) "
        "ON CONFLICT (game_id, analysis_version, budget, seat, stat_id) DO UPDATE SET value = excluded.value",
        (game_id, analysis.analysis_version, analysis.budget, list(seats), list(ids), list(values)),
    )


def rebuild(conn: Connection[Any], version: str, budget: int) -> int:
    """Every row again from the analyses that count (in one transaction): each finished game's whole
    analysis at analysis ``version`` and ``budget`` (``GameAnalyses.counts``); how many were read."""
    with conn.transaction():
        conn.execute("DELETE FROM banquise_analysis_stats")
        found = conn.execute(
            "SELECT a.game_id, a.result FROM banquise_analyses a JOIN games g ON g.id = a.game_id "
            "WHERE a.result IS NOT NULL AND a.analysis_version = %s AND a.budget = %s "
            "AND g.status = 'finished' AND g.version = a.game_version ORDER BY a.id",
            (version, budget),
        ).fetchall()
        for row in found:
            game_id, result = (row["game_id"], row["result"]) if isinstance(row, dict) else row
            record(conn, game_id, bytes(result))
    return len(found)


def budgets_asked(conn: Connection[Any], game_id: UUID, version: str, game_version: int) -> list[int]:
    """The budgets of the analyses asked for a game at one version (queued, running, done or failed)."""
    found = conn.execute(
        "SELECT budget FROM banquise_analyses WHERE game_id = %s AND analysis_version = %s AND game_version = %s "
        "ORDER BY budget",
        (game_id, version, game_version),
    ).fetchall()
    return [int(r["budget"] if isinstance(r, dict) else r[0]) for r in found]
