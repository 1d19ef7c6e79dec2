"""What Arctica hides from a spectator or another seat: the seed, other hands, the deck, the event
plan and the round cards of rounds not yet begun (a round card is turned up when its round begins)."""

from __future__ import annotations

from domain.arctica import RULES
from domain.arctica.events import GameStarted
from domain.arctica.simulator import simulate
from domain.game import Perspective

SPECTATOR = Perspective()


def test_round_cards_are_shown_round_by_round() -> None:
    game = simulate(3, 0x5EED_0001)
    state = RULES.initial_state()
    rounds_seen = set()
    for event in game.events:
        state = RULES.evolve(state, event)
        if RULES.is_finished(state):
            break
        for perspective in (SPECTATOR, Perspective(kind="seat", seat=1)):
            view = RULES.view(state, perspective)
            shown = [c if r <= state.round else None for r, c in enumerate(state.round_cards, start=1)]
            assert view["round_cards"] == shown
            assert view["event_plan"] is None and view["deck"] is None
        rounds_seen.add(state.round)
    assert rounds_seen == {1, 2, 3, 4}
    omniscient = RULES.view(state, Perspective(kind="omniscient"))
    assert list(omniscient["round_cards"]) == list(state.round_cards)


def test_the_opening_keeps_the_seed_and_later_rounds_from_all_but_the_omniscient() -> None:
    game = simulate(2, 0x5EED_0002)
    opening = game.events[0]
    assert isinstance(opening, GameStarted) and opening.seed is not None
    state = RULES.evolve(RULES.initial_state(), opening)
    for perspective in (SPECTATOR, Perspective(kind="seat", seat=0)):
        seen = RULES.redact_event(opening, perspective, state)
        assert seen.seed is None and seen.deck is None and seen.event_plan is None
        assert seen.round_cards == (opening.round_cards[0], None, None)
        assert seen.hands[1] is None
    assert RULES.redact_event(opening, Perspective(kind="omniscient"), state) == opening
