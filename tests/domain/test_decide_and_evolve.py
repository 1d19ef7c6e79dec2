"""``decide_and_evolve`` (the optional part of the ``GameRules`` contract) against ``decide`` + ``fold``.

The service stores, snapshots and hashes the state it returns instead of folding the events again:
it must be exactly the state the events lead to, and the events exactly those of ``decide``.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.arctic import RULES as ARCTIC
from domain.arctic import simulator as arctic_sim
from domain.arctica import RULES as ARCTICA
from domain.arctica import simulator as arctica_sim
from domain.errors import RuleViolation
from domain.game import GameRules, decide_and_evolve, state_hash


def _check(rules: GameRules, setup_events: list[Any], moves: list[Any]) -> None:
    state = rules.fold(setup_events)
    for move in moves:
        events = rules.decide(state, move)
        got, after = rules.decide_and_evolve(state, move)  # type: ignore[attr-defined]
        assert got == events
        folded = rules.fold(events, state)
        assert after == folded
        assert state_hash(after) == state_hash(folded)
        # the contract's helper gives the same, with or without the optional method
        assert decide_and_evolve(rules, state, move) == (events, folded)
        state = after


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 7, 23])
@pytest.mark.parametrize("mode", ["full", "public"])
def test_arctic(players: int, seed: int, mode: str) -> None:
    game = arctic_sim.simulate(players, seed)
    if mode == "public":
        game = arctic_sim.to_public(game)
    _check(ARCTIC, ARCTIC.start(game.setup), game.moves)


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("seed", [1, 7])
def test_arctica(players: int, seed: int) -> None:
    game = arctica_sim.simulate(players, seed)
    _check(ARCTICA, ARCTICA.start(game.setup), game.moves)


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
