"""Setup, the active player's selection, and who acts when (rules summary: ACTIVE PLAYER,
NON ACTIVE PLAYERS, END OF ROUND: "After 5 Active Player action selections")."""

from __future__ import annotations

import pytest

from domain.arctica import RULES, Setup
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.queries import offered_actions
from domain.arctica.setup import RULES_VERSION
from domain.errors import SetupError

from .support import ED, done, fold, of_type, offered, skipped, started, violation, when

# ---------------------------------------------------------------- setup


def test_game_started_pins_rules_edition_players_and_chance():
    (e,) = RULES.start(Setup(players=("Ann", "Bob", "Cy"), seed=42))
    assert isinstance(e, ev.GameStarted)
    assert (e.rules_version, e.edition_id, e.edition_version) == (RULES_VERSION, "demo-1", "1.0.0")
    assert e.players == ("Ann", "Bob", "Cy") and e.chance == "seeded" and e.seed == 42
    assert [len(h or ()) for h in e.hands] == [ED.setup.hand_size] * 3
    dealt = [c for h in e.hands for c in h or ()]
    assert sorted(dealt + list(e.deck or ())) == sorted(c.id for c in ED.cards)
    assert e.event_plan is not None and [len(r) for r in e.event_plan] == [2, 2, 2, 3]
    assert len(set(e.round_cards)) == 3 and 0 <= e.start_player < 3


def test_same_seed_same_opening_and_different_seed_differs():
    a = RULES.start(Setup(players=("A", "B"), seed=5))
    assert a == RULES.start(Setup(players=("A", "B"), seed=5))
    assert a != RULES.start(Setup(players=("A", "B"), seed=6))


@pytest.mark.parametrize("players", [("A",), ("A", "B", "C", "D", "E", "F"), ("A", "A"), ("A", " ")])
def test_two_to_five_distinct_players(players):
    with pytest.raises(SetupError) as info:
        RULES.start(Setup(players=players, seed=1))
    assert info.value.code == "arctica.bad_players"


def test_table_game_needs_hands_and_round_cards():
    with pytest.raises(SetupError) as info:
        RULES.start(Setup(players=("A", "B")))
    assert info.value.code == "arctica.bad_setup"
    hands = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    (e,) = RULES.start(Setup(players=("A", "B"), hands=hands, round_cards=(0, 1, 2), start_player=1))
    assert e.chance == "table" and e.event_plan is None and e.start_player == 1
    assert len(e.deck) == len(ED.cards) - 10


def test_unknown_edition():
    with pytest.raises(SetupError) as info:
        RULES.start(Setup(players=("A", "B"), seed=1, edition="published-1"))
    assert info.value.code == "arctica.unknown_edition"


def test_initial_state_is_filled_by_the_opening_event():
    s = fold([started(3)])
    assert s.phase == "select" and s.round == 1 and len(s.players) == 3
    p = s.players[0]
    assert p.long_column == ED.setup.starting_cards[0][:1] and p.short_column == ED.setup.starting_cards[0][1:]
    assert len(p.long_wheel) == ED.long_slots and len(p.short_wheel) == ED.short_slots
    assert p.supply == (6, 6, 6, 5, 5)  # one bird and one fish start on the circle
    assert len(s.circle[ED.setup.circle_start]) == 6


# ---------------------------------------------------------------- selection


def test_active_player_places_pawn_turns_one_adjacent_wheel_a_quarter_and_gets_two_actions():
    given = [started(3, start_player=1)]
    events = when(given, mv.SelectSpace(seat=1, space=0, wheel=0, direction=1))
    placed, turned, offer = events
    assert isinstance(placed, ev.PawnPlaced) and placed.space == 0 and RULES.is_turn_start(placed)
    assert isinstance(turned, ev.WheelTurned) and turned.orientation == 1
    orientations = (1, 0, 0, 0, 0)
    assert isinstance(offer, ev.ActionsOffered) and offer.actions == offered_actions(ED, orientations, 0)
    assert offer.responders == (2, 0)


def test_quarter_turn_either_direction_wraps():
    events = when([started(3)], mv.SelectSpace(seat=0, space=0, wheel=1, direction=-1))
    assert events[1].orientation == 3


def test_only_the_active_player_selects():
    assert violation([started(3, start_player=0)], mv.SelectSpace(seat=1, space=0, wheel=0, direction=1)) == (
        "arctica.not_your_turn"
    )


def test_space_holding_the_pawn_is_not_available():
    given = [started(3), ev.PawnPlaced(seat=0, round=1, turn=0, space=2), ev.TurnEnded(round=1, turn=0)]
    assert violation(given, mv.SelectSpace(seat=1, space=2, wheel=2, direction=1)) == "arctica.space_unavailable"


def test_unknown_space():
    assert violation([started(3)], mv.SelectSpace(seat=0, space=9, wheel=0, direction=1)) == "arctica.unknown_space"


def test_wheel_must_be_connected_to_the_space():
    assert violation([started(3)], mv.SelectSpace(seat=0, space=0, wheel=3, direction=1)) == (
        "arctica.wheel_not_adjacent"
    )


def test_actions_before_selection_are_out_of_phase():
    assert violation([started(3)], mv.TakeFlora(seat=0)) == "arctica.wrong_phase"


# ---------------------------------------------------------------- who acts


def test_active_player_performs_both_actions_in_either_order():
    given = [started(3), *offered(0, ("flora", "draw"))]
    assert of_type(when(given, mv.Draw(seat=0)), ev.CardsDrawn)
    assert of_type(when([*given, done(0, "draw")], mv.TakeFlora(seat=0)), ev.FloraGained)
    assert violation([*given, done(0, "flora")], mv.TakeFlora(seat=0)) == "arctica.action_not_offered"


def test_action_not_facing_the_space_is_refused():
    given = [started(3), *offered(0, ("flora", "draw"))]
    assert violation(given, mv.Reproduce(seat=0, card=1)) == "arctica.action_not_offered"


def test_others_wait_for_the_active_player():
    given = [started(3), *offered(0, ("flora", "draw"))]
    assert violation(given, mv.TakeFlora(seat=1)) == "arctica.not_your_turn"


def test_each_non_active_player_chooses_one_of_the_two_actions_once():
    given = [started(3), *offered(0, ("flora", "draw")), done(0, "flora"), done(0, "draw")]
    assert of_type(when(given, mv.Draw(seat=2)), ev.CardsDrawn)  # simultaneous: any order
    assert violation([*given, done(2, "draw")], mv.TakeFlora(seat=2)) == "arctica.not_your_turn"
    assert violation(given, mv.Migrate(seat=1)) == "arctica.action_not_offered"


def test_non_active_player_may_decline():
    given = [started(3), *offered(0, ("flora", "draw")), done(0, "flora"), done(0, "draw"), done(1, "flora")]
    events = when(given, mv.Skip(seat=2))
    assert isinstance(events[0], ev.ActionSkipped)
    assert isinstance(events[1], ev.TurnEnded)


def test_colony_chosen_by_the_active_player_resolves_clockwise_one_after_another():
    given = [
        started(3, start_player=1),
        *offered(1, ("colony", "flora")),
        skipped(1, "colony"),
        done(1, "flora"),
    ]
    assert violation(given, mv.TakeFlora(seat=0)) == "arctica.out_of_order"
    assert when(given, mv.TakeFlora(seat=2))


def test_turn_ends_when_everyone_has_acted_and_the_next_player_is_active():
    given = [started(3), *offered(0, ("flora", "draw")), done(0, "flora"), done(0, "draw"), done(1, "flora")]
    events = when(given, mv.TakeFlora(seat=2))
    assert isinstance(events[-1], ev.TurnEnded)
    s = fold([*given, *events])
    assert s.phase == "select" and s.selection == 1
    assert when([*given, *events], mv.SelectSpace(seat=1, space=1, wheel=1, direction=1))


def test_round_ends_after_five_selections():
    turns = [ev.TurnEnded(round=1, turn=t) for t in range(4)]
    given = [started(2), *turns, *offered(0, ("flora", "draw"), n=2), done(0, "flora"), done(0, "draw")]
    events = when(given, mv.Skip(seat=1))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("TurnEnded") < kinds.index("IceMelted") < kinds.index("MajorityResolved")
    assert kinds.index("MajorityResolved") < kinds.index("CollapseStep") < kinds.index("EndangeredStep")
    assert kinds.index("EndangeredStep") < kinds.index("EventsDue") < kinds.index("EventRevealed")


def test_violations_name_the_rule_and_the_legal_alternatives():
    from domain.errors import RuleViolation

    given = [started(3), ev.PawnPlaced(seat=0, round=1, turn=0, space=2), ev.TurnEnded(round=1, turn=0)]
    with pytest.raises(RuleViolation) as info:
        when(given, mv.SelectSpace(seat=1, space=2, wheel=2, direction=1))
    assert info.value.rule == "ACTIVE PLAYER 1" and info.value.legal == [0, 1, 3, 4]
    with pytest.raises(RuleViolation) as info:
        when(given, ev.TurnEnded(round=1, turn=1))  # an event is not a move
    assert info.value.code == "arctica.unknown_move"
