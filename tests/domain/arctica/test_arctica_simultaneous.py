"""Simultaneous choices (rules summary, TURN 2: every non-active player chooses one of the two actions
at once): the choices of a selection may be recorded in any seat order and give the same state.

At a table (names drawn cards) and from public information (names none), every permutation of the
non-active players' recorded moves is accepted and leads to the same state, up to the order of the
discard pile (a face-up pile no rule reads in order). Colony among the actions is the rules' exception
(one after another clockwise: ``arctica.out_of_order``). Seeded games deal from the engine's own deck
in arrival order, and an effect aimed at another player resolves when its card is played, as at the
table: neither is a simultaneous choice."""

from __future__ import annotations

from itertools import permutations

import pytest
from msgspec.structs import replace

from domain.arctica import RULES
from domain.arctica import moves as mv
from domain.arctica.simulator import public_record, simulate, table_record
from domain.arctica.state import GameState
from domain.errors import RuleViolation


def normal(state: GameState) -> GameState:
    return replace(state, discard=tuple(sorted(state.discard)))


def responder_groups(setup, moves) -> list[tuple[GameState, list[mv.Move]]]:
    """Each selection's non-active players' moves, with the state before the first of them."""
    groups: list[tuple[GameState, list[mv.Move]]] = []
    state = RULES.fold(RULES.start(setup))
    current: list[mv.Move] = []
    for move in moves:
        responding = state.phase == "actions" and not state.active_left
        if responding and not current and not state.ordered:
            groups.append((state, current))
        if responding and groups and groups[-1][1] is current and not state.ordered:
            current.append(move)
        elif not responding and current:
            current = []
        state = RULES.fold(RULES.decide(state, move), state)
        if state.phase != "actions":
            current = []
    return [(s, g) for s, g in groups if len(g) >= 2]


def play(state: GameState, moves) -> GameState:
    for move in moves:
        state = RULES.fold(RULES.decide(state, move), state)
    return state


@pytest.mark.parametrize("record", [table_record, public_record], ids=["table", "public"])
@pytest.mark.parametrize(("players", "seed"), [(4, 5), (5, 9)])
def test_every_order_of_the_simultaneous_choices_gives_the_same_state(record, players, seed):
    setup, moves = record(simulate(players, seed))
    groups = responder_groups(setup, moves)
    assert len(groups) >= 10
    checked: set[type] = set()
    for before, group in groups[:10]:
        first = normal(play(before, group))
        for order in permutations(group):
            assert normal(play(before, order)) == first, f"the order {order} changes the state"
        if len(group) > 2:
            checked |= {type(m) for m in group}
    # three or more players choosing at once, among them moves that draw and that discard
    assert checked & {mv.Draw, mv.RotateAndDraw, mv.UseAbility} and mv.PlayFauna in checked, checked


def test_colony_offered_keeps_the_clockwise_order():
    setup, moves = table_record(simulate(4, 5))
    state = RULES.fold(RULES.start(setup))
    for move in moves:
        if state.phase == "actions" and not state.active_left and state.ordered and len(state.responders) >= 2:
            later = state.responders[1]
            with pytest.raises(RuleViolation) as info:
                RULES.decide(state, mv.Skip(seat=later))
            assert info.value.code == "arctica.out_of_order"
            return
        state = RULES.fold(RULES.decide(state, move), state)
    pytest.skip("no selection offered Colony with two players still to choose")  # pragma: no cover
