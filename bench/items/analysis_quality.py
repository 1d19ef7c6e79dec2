"""Item 14 (#44): the shown evaluation against independent 512-rollout references — noise, steadiness,
calibration, cost — per kind, each beside the former line (analysis-2's: 16 rollouts a move by the engine)
measured on the same games in the same run (``bench/analysis_quality.py`` says how).

Small by default (``make bench``: 2 games of the first registered kind and 1 of each other, 4 reference
states each, and 2 games of each judging set-up of the first kind; ``--quick``: 1 of each); the issue's full
size is ``BANQUISE_BENCH_ANALYSIS=full`` (200 games of the first kind and 100 of each other, 8 states each,
and 60 games of each judging set-up per kind: hours of CPU, references cached on disk), or
``python -m bench.analysis_quality`` alone. The figures measured are
in docs/ANALYSIS.md.
"""

from __future__ import annotations

import math
import os

from bench.analysis_quality import Quality, calibration_error, full_size, judging, measure
from bench.core import Row
from bench.env import World

ITEM = "14 analysis quality"
TITLE = "Game analysis: the shown win chances against 512-rollout references (noise, steadiness, calibration, cost)"
REFERENCE = 512
TARGET_S = 60.0


def _sizes(quick: bool) -> tuple[dict[str, int], int, dict[str, int]]:
    """Games per kind (the first registered kind's first), reference states per game, judging games per
    set-up and kind (the judging of a kind without a fast play-out is hours of CPU: only at full size)."""
    if os.environ.get("BANQUISE_BENCH_ANALYSIS") == "full":
        games = {kind: int(n) for kind, n in full_size().items()}
        return games, 8, dict.fromkeys(games, 60)
    games = {kind: int(n) for kind, n in full_size(1 if quick else 2, 1).items()}
    return games, 4, {kind: (1 if quick else 2) if i == 0 else 0 for i, kind in enumerate(games)}


def _rows(q: Quality) -> list[Row]:
    size = f"{q.games} games, {q.states} states"

    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else math.nan

    rows = [
        Row(
            item=ITEM,
            what=f"{q.kind}: shown win chance vs a {REFERENCE}-rollout reference, RMS ({size})",
            value=q.noise,
            unit="win chance",
            baseline_what="the former line (16 engine rollouts a move)",
            baseline=q.former_noise,
            ratio=q.noise / q.former_noise if q.former_noise else None,
            target="<= 0.03",
            met=q.noise <= 0.03,
            short=f"{q.kind} noise",
        ),
        Row(
            item=ITEM,
            what=f"{q.kind}: mean change of the shown win chance per move and seat",
            value=q.steadiness,
            unit="win chance",
            baseline_what="the former line",
            baseline=mean(q.former_changes),
            ratio=q.steadiness / mean(q.former_changes) if q.former_changes else None,
            target="<= 0.03",
            met=q.steadiness <= 0.03,
            short=f"{q.kind} steadiness",
        ),
        Row(
            item=ITEM,
            what=f"{q.kind}: Brier score of the shown chances (the game's real outcome)",
            value=mean(q.brier_shown),
            unit="Brier",
            baseline_what=f"the {REFERENCE}-rollout reference's on the same states",
            baseline=mean(q.brier_reference),
            target="within 0.005 of the reference's",
            met=q.brier_gap <= 0.005,
            short=f"{q.kind} Brier",
        ),
        Row(
            item=ITEM,
            what=f"{q.kind}: expected calibration error of the shown chances (10 bins)",
            value=q.ece,
            unit="ECE",
            baseline_what=f"the {REFERENCE}-rollout reference's on the same states (the outcomes' own sampling)",
            baseline=calibration_error(q.reference_pairs),
            target="<= 0.03",
            met=q.ece <= 0.03,
            short=f"{q.kind} ECE",
        ),
        Row(
            item=ITEM,
            what=f"{q.kind}: the shown line of a 3-player game ({mean([float(m) for m in q.moves]):.0f} moves)",
            value=mean(q.seconds),
            unit="s of one core",
            baseline_what="the former line's",
            baseline=mean(q.former_seconds),
            target=f"<= {TARGET_S:.0f} s (first kind)",
            met=mean(q.seconds) <= TARGET_S,
            short=f"{q.kind} shown line cost",
        ),
    ]
    return rows


def run(w: World, quick: bool) -> list[Row]:
    games, states, judged_games = _sizes(quick)
    rows: list[Row] = []
    for kind, count in games.items():
        rows.extend(_rows(measure(kind, count, states, REFERENCE)))
        if judged_games[kind]:
            judged = judging(kind, judged_games[kind])
            rows.append(
                Row(
                    item=ITEM,
                    what=f"{kind}: games where one seat looking a move ahead is judged more accurate than the "
                    f"random seats ({len(judged.strong)} games)",
                    value=judged.strongest_first / len(judged.strong),
                    unit="share of games",
                    baseline_what="the mean accuracy lead over the best random seat (points)",
                    baseline=sum(a[0] - max(a[1:]) for a in judged.strong) / len(judged.strong),
                    target=">= 0.95",
                    met=judged.strongest_first >= 0.95 * len(judged.strong),
                    short=f"{kind} judging, strong",
                )
            )
            rows.append(
                Row(
                    item=ITEM,
                    what=f"{kind}: ladder games (lookahead, greedy, random) whose accuracies are in the order of "
                    f"the policies' strength ({len(judged.ladder)} games)",
                    value=judged.in_order / len(judged.ladder),
                    unit="share of games",
                    baseline_what="games where the lookahead seat is the most accurate",
                    baseline=sum(a[0] > max(a[1:]) for a in judged.ladder) / len(judged.ladder),
                    target=">= 0.90",
                    met=judged.in_order >= 0.9 * len(judged.ladder),
                    short=f"{kind} judging, ladder",
                )
            )
    return rows
