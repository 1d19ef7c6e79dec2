"""Simulated Arctic games where one seat plays a stronger policy than the others (the strength tests
and the bench): a one-step lookahead on the engine's own score against uniformly random moves."""

from __future__ import annotations

from typing import Any

from domain.arctic import RULES
from domain.arctic.setup import Setup
from domain.chance import SplitMix64

STRONG_SEAT = 0


def lookahead(state: Any, rng: SplitMix64) -> Any:
    """The legal move after which the mover's current score (the engine's ``results``) is highest;
    ties broken at random."""
    seat = state.active
    best: list[Any] = []
    best_total = None
    for move in RULES.legal_moves(state):
        _, after = RULES.decide_and_evolve(state, move)
        total = next(r.total for r in RULES.results(after) if r.seat == seat)
        if best_total is None or total > best_total:
            best, best_total = [move], total
        elif total == best_total:
            best.append(move)
    return best[rng.below(len(best))]


def strong_against_random(players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """A full-mode game: seat ``STRONG_SEAT`` looks one move ahead, the others play at random.
    Returns the opening events and the moves."""
    opening = RULES.start(Setup(players=[f"p{i}" for i in range(players)], seed=seed))
    state = RULES.fold(opening)
    rng = SplitMix64(seed ^ 0x57_0E6)
    moves: list[Any] = []
    while not RULES.is_finished(state):
        legal = RULES.legal_moves(state)
        move = lookahead(state, rng) if state.active == STRONG_SEAT else legal[rng.below(len(legal))]
        moves.append(move)
        _, state = RULES.decide_and_evolve(state, move)
    return list(opening), moves
