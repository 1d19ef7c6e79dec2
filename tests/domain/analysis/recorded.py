"""Records as the recorder page makes them: each move one of the kind's builder candidates (what the page
offers, decision by decision) at the state the record reached, chosen by a seeded generator, until the
game ends; then what a table shows after the end (the cards still unknown), as the page offers it too."""

from __future__ import annotations

from typing import Any

from domain.chance import SplitMix64
from domain.game import decide_and_evolve
from domain.registry import GamePlugin

MAX_MOVES = 5000


def recorder_walk(plugin: GamePlugin, setup: Any, seed: int, shown_after_end: int = 4) -> tuple[list[Any], list[Any]]:
    """A complete record of ``setup`` (a table's or public one) entered through the builder: its opening
    events and its moves. ``shown_after_end``: how many of the cards still unknown at the end are shown."""
    assert plugin.build is not None
    rules = plugin.rules
    opening = list(rules.start(setup))
    state = rules.fold(opening)
    names = list(rules.players(state))
    rng = SplitMix64(seed)
    moves: list[Any] = []
    shown = 0
    while len(moves) < MAX_MOVES:
        if rules.is_finished(state):
            if shown >= shown_after_end:
                break
            shown += 1
        candidates = plugin.build(state, names)
        if not candidates:
            break
        move = candidates[rng.below(len(candidates))].move
        _, state = decide_and_evolve(rules, state, move)
        moves.append(move)
    assert rules.is_finished(state), "a walk through the builder's candidates ends the game"
    return opening, moves
