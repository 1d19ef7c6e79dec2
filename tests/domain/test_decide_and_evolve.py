"""``decide_and_evolve`` (the optional part of the ``GameRules`` contract) against ``decide`` + ``fold``.

The service stores, snapshots and hashes the state it returns instead of folding the events again:
it must be exactly the state the events lead to, and the events exactly those of ``decide``: the
harness checks it on every recorded move of every kind (``harness.check_replay_decides_the_recorded_events``).
Here: the helper without the optional method, and refusals.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.arctic import RULES as ARCTIC
from domain.arctic import simulator as arctic_sim
from domain.errors import RuleViolation
from domain.game import decide_and_evolve


class _DecideOnly:
    """A game kind without the optional method: the helper decides, then evolves each event."""

    def __init__(self, rules: Any) -> None:
        self.decide = rules.decide
        self.evolve = rules.evolve


def test_fallback_without_the_optional_method() -> None:
    game = arctic_sim.simulate(3, 5)
    state = ARCTIC.fold(ARCTIC.start(game.setup))
    plain: Any = _DecideOnly(ARCTIC)
    for move in game.moves[:40]:
        events, after = decide_and_evolve(plain, state, move)
        assert (events, after) == ARCTIC.decide_and_evolve(state, move)
        state = after


def test_an_illegal_move_is_refused_the_same_way() -> None:
    game = arctic_sim.simulate(3, 2)
    state = ARCTIC.fold(ARCTIC.start(game.setup))
    move = game.moves[1]  # not legal before the first move is played
    with pytest.raises(RuleViolation) as plain:
        ARCTIC.decide(state, move)
    with pytest.raises(RuleViolation) as both:
        ARCTIC.decide_and_evolve(state, move)
    assert (plain.value.code, plain.value.message) == (both.value.code, both.value.message)
