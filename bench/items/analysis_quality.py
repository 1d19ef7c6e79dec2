"""Item 14 (#44): the shown evaluation against independent 512-rollout references — noise, steadiness,
calibration, cost — per kind, each beside the former line (analysis-2's: 16 rollouts a move by the engine)
measured on the same games in the same run (``bench/analysis_quality.py`` says how).

Small by default (``make bench``: 2 games of the first registered kind and 1 of each other, 4 reference
states each; ``--quick``: 1 of each); the issue's full size is ``BANQUISE_BENCH_ANALYSIS=full`` (200 games of
the first kind and 100 of each other, 8 states each, and the judging ladder over 60 games per kind: hours
of CPU, references cached on disk), or ``python -m bench.analysis_quality`` alone. The figures measured are
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


def _sizes(quick: bool) -> tuple[dict[str, int], int, int]:
    """Games per kind (the first registered kind's first), reference states per game, ladder games."""
    if os.environ.get("BANQUISE_BENCH_ANALYSIS") == "full":
        return {kind: int(n) for kind, n in full_size().items()}, 8, 60
    return {kind: int(n) for kind, n in full_size(1 if quick else 2, 1).items()}, 4, 0


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
    games, states, ladder = _sizes(quick)
    rows: list[Row] = []
    for kind, count in games.items():
        rows.extend(_rows(measure(kind, count, states, REFERENCE)))
        if ladder:
            judged = judging(kind, ladder)
            rows.append(
                Row(
                    item=ITEM,
                    what=f"{kind}: ladder games where the lookahead seat is the most accurate / all three in order",
                    value=judged.strongest_first / judged.games,
                    unit="share of games",
                    baseline_what="all three in the order of their strength",
                    baseline=judged.in_order / judged.games,
                    target=">= 0.95 / >= 0.90",
                    met=judged.strongest_first >= 0.95 * judged.games and judged.in_order >= 0.9 * judged.games,
                    short=f"{kind} judging",
                )
            )
    return rows
