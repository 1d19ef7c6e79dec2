"""``turn_of`` and ``phase``: the seat that opened the current turn, and the decision point, from any state."""

from __future__ import annotations

from typing import Any

from domain import arctic, arctica
from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica


def _turns(rules: Any, setup: Any, moves: list[Any], opens: type, seat_of: Any) -> None:
    state = rules.initial_state()
    seat = None
    for event in rules.start(setup):
        state = rules.evolve(state, event)
        if isinstance(event, opens):
            seat = seat_of(event)
    for move in moves:
        for event in rules.decide(state, move):
            state = rules.evolve(state, event)
            if isinstance(event, opens):
                seat = seat_of(event)
        if not rules.is_finished(state) and rules.turn_of(state) is not None:
            assert rules.turn_of(state) == seat
    assert rules.phase(state) == "finished" and rules.turn_of(state) is None


def test_arctic_turn_follows_the_turn_started_seat() -> None:
    game = simulate_arctic(4, 5)
    _turns(arctic.RULES, game.setup, game.moves, arctic.events.TurnStarted, lambda e: e.seat)
    assert arctic.RULES.phase(arctic.RULES.initial_state()) == "setup"
    assert arctic.RULES.turn_of(arctic.RULES.initial_state()) is None


def test_arctica_turn_is_the_seat_placing_the_pawn_and_then_acting() -> None:
    rules = arctica.RULES
    game = simulate_arctica(3, 5)
    state = rules.fold(rules.start(game.setup))
    seat = None
    for move in game.moves:
        before = rules.turn_of(state)
        for event in rules.decide(state, move):
            state = rules.evolve(state, event)
            if isinstance(event, arctica.events.PawnPlaced):
                # the seat the select phase named is the one that places the pawn
                assert event.seat == before
                seat = event.seat
        if rules.phase(state) == "actions":
            assert rules.turn_of(state) == seat
        elif rules.phase(state) not in ("select", "actions"):
            assert rules.turn_of(state) is None
    assert rules.phase(state) == "finished" and rules.turn_of(state) is None
