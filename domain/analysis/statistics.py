"""Player statistics from analyses (#37, item 4), with PERMANENT ids of their own, shared by every kind
(900 onwards: no kind's statistics use them; an id keeps its meaning forever, as the kinds' do).

A game's rows are read from its finished analysis: per seat, its accuracy (``domain.analysis.accuracy``;
none for a seat without a judged decision) and its judged decisions, inaccuracies, mistakes and
blunders. Per player, per kind and per player count, the read model (``projections/analysis_stats.py``)
gives the mean of the games' accuracies and the sums of the counts.
"""

from __future__ import annotations

from .game import GameAnalysis

ANALYSIS_PLAYER_STATS: dict[int, str] = {
    901: "analysis_accuracy",
    902: "analysis_decisions",
    903: "analysis_inaccuracies",
    904: "analysis_mistakes",
    905: "analysis_blunders",
}
ACCURACY = 901


def game_rows(analysis: GameAnalysis) -> list[tuple[int, int, float]]:
    """``(seat, stat_id, value)`` of a finished analysis (no accuracy row for a seat never judged)."""
    out: list[tuple[int, int, float]] = []
    for a in analysis.accuracy:
        if a.accuracy is not None:
            out.append((a.seat, ACCURACY, float(a.accuracy)))
        out.extend(
            [
                (a.seat, 902, float(a.decisions)),
                (a.seat, 903, float(a.inaccuracies)),
                (a.seat, 904, float(a.mistakes)),
                (a.seat, 905, float(a.blunders)),
            ]
        )
    return out
