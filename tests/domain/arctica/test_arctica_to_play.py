"""Who the table waits for, as the board says it (the view's ``to_play``): the selecting player while
they have actions left, then the others who may follow (the board said "Nanook to play" while Aputsiaq
and Siku were answering)."""

from __future__ import annotations

from domain.arctica import RULES, simulator
from domain.game import Perspective


def test_once_the_selecting_player_is_done_the_table_waits_for_those_who_may_follow() -> None:
    setup, moves = simulator.table_record(simulator.simulate(3, 4))
    state = RULES.fold(RULES.start(setup))
    seen_answering = False
    for move in moves[:20]:
        shown = RULES.view(state, Perspective())
        movers = {getattr(m, "seat", None) for m in RULES.legal_moves(state)}
        # given a position, then every seat the rules let move is one the board names
        if state.phase in ("select", "actions"):
            assert movers <= set(shown["to_play"]), (state.phase, movers, shown["to_play"])
        if state.phase == "actions" and not state.active_left and state.responders:
            assert shown["to_play"] == list(state.responders) and shown["active_seat"] not in state.responders
            seen_answering = True
        _, state = RULES.decide_and_evolve(state, move)
    assert seen_answering
