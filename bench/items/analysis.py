"""Item 12 (#37): game analysis — rollouts against the engine's own simulation rate, and one game analysed.

Both in this process, on the bench's game (the first registered kind) with 3 players, CPU time of this
process (``time.process_time``: one core). Rollouts: each a fresh determinization of the opening for
seat 0 played to the end by the kind's rollout policy; the baseline: the kind's default simulator
playing (and recording) complete games. Then one simulated game analysed at the default budget.
"""

from __future__ import annotations

import time

from bench import games
from bench.core import Row, ratio_row
from bench.env import World
from domain.analysis.game import DEFAULT_BUDGET, analyse
from domain.analysis.rollouts import evaluate

ITEM = "12 analysis"
TITLE = (
    "Game analysis: rollouts/s vs the engine's simulation, one 3-player game of the first registered kind "
    "at the default budget"
)
PLAYERS = 3
TARGET_S = 60.0


def run(w: World, quick: bool) -> list[Row]:
    n = 20 if quick else 100
    simulate = next(iter(games.GAME.simulations.values()))
    t0 = time.process_time()
    for seed in range(n):
        simulate(PLAYERS, seed)
    simulations = n / (time.process_time() - t0)
    record = simulate(PLAYERS, 1)
    opening = games.GAME.rules.start(record.setup)  # the events before the first move
    state = games.GAME.rules.fold(opening)
    t0 = time.process_time()
    evaluate(games.GAME, state, 0, n, 1)
    rollouts = n / (time.process_time() - t0)
    t0 = time.process_time()
    analyse(games.GAME, opening, record.moves, budget=DEFAULT_BUDGET, seed=1)
    seconds = time.process_time() - t0
    return [
        ratio_row(
            ITEM,
            f"rollouts of a {PLAYERS}-player game from a determinization (the rollout policy)",
            rollouts,
            "rollouts/s",
            "the kind's simulator playing complete games",
            simulations,
            at_least=0.5,
            short="analysis rollouts",
            baseline_short="engine simulation",
        ),
        Row(
            item=ITEM,
            what=f"a {PLAYERS}-player game ({len(record.moves)} moves) analysed at budget {DEFAULT_BUDGET}",
            value=seconds,
            unit="s of one core",
            target=f"<= {TARGET_S:.0f} s",
            met=seconds <= TARGET_S,
            short="one game analysed",
        ),
    ]
