"""The adjustment move: given a game, when the table corrects what the engine cannot express, then the
correction is checked, recorded with its reason and applied without changing the step of the game."""

from __future__ import annotations

import pytest

from domain.arctica import RULES
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.state import EMPTY, Loc, Token

from .support import ED, flora, fold, of_type, offered, started, to_circle, to_map, violation, when

DECK = (20, 21, 22, 23, 24, 25)


def given_turn() -> list[object]:
    return [started(2, deck=DECK), to_map(0, "fish", 2), *offered(0, ("flora", "draw"), n=2)]


def test_an_adjustment_is_recorded_with_its_reason_then_its_outcomes():
    given = given_turn()
    move = mv.Adjust(seat=0, reason="Flash of the printed card: +3 Flora, +2 BP, 1 card", flora=3, bp=2, cards=1)
    events = when(given, move)
    assert events[0] == ev.AdjustmentMade(seat=0, reason=move.reason)
    assert {type(e) for e in events[1:]} == {ev.FloraGained, ev.BiodiversityScored, ev.CardsDrawn}
    assert all(getattr(e, "cause", "adjustment") == "adjustment" for e in events)
    before, after = fold(given), fold([*given, *events])
    assert after.players[0].bp_effects == before.players[0].bp_effects + 2
    assert after.players[0].hand[-1] == DECK[0]
    assert after.phase == before.phase and after.active_left == before.active_left  # the step is unchanged
    assert "Flash of the printed card" in RULES.describe(events[0], "fr")


def test_tokens_move_between_any_zones_of_their_owner():
    given = [*given_turn()[:2], to_circle(0, "bird", 3), *given_turn()[2:]]
    shifts = (
        mv.TokenShift(family="fish", src=Loc("map", 2), dst=Loc("release")),
        mv.TokenShift(family="bird", src=Loc("circle", 3), dst=Loc("short_wheel", 0)),
        mv.TokenShift(family="invertebrate", src=Loc("supply"), dst=Loc("map", 7)),
    )
    events = when(given, mv.Adjust(seat=0, reason="a card moved them", tokens=shifts))
    state = fold([*given, *events])
    assert state.map[2] is None and state.map[7] == Token(0, "invertebrate")
    assert state.players[0].release[4] == 1 and state.players[0].short_wheel[0] == "bird"
    assert Token(0, "bird") not in state.circle[3]


def test_rotations_and_payments_and_bp_taken_back():
    given = [
        *given_turn()[:1],
        flora(0, 1),
        ev.BiodiversityScored(seat=0, points=4, cause="flash:1"),
        *given_turn()[1:],
    ]
    events = when(given, mv.Adjust(seat=0, reason="recount", flora=-2, bp=-3, rotations=2))
    assert len(of_type(events, ev.WheelsRotated)) == 2 and of_type(events, ev.FloraPaid)[0].amount == 2
    state = fold([*given, *events])
    assert state.players[0].bp_effects == 1


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (mv.Adjust(seat=0, reason="   "), "arctica.bad_adjustment"),
        (mv.Adjust(seat=3, reason="no such seat"), "arctica.bad_adjustment"),
        (mv.Adjust(seat=0, reason="too many BP", bp=-1), "arctica.bad_adjustment"),
        (mv.Adjust(seat=0, reason="not owned", flora=-(ED.setup.flora + 1)), "arctica.cannot_pay"),
        (
            mv.Adjust(
                seat=0, reason="absent", tokens=(mv.TokenShift(family="bird", src=Loc("map", 2), dst=Loc("release")),)
            ),
            "arctica.bad_adjustment",
        ),
        (
            mv.Adjust(
                seat=1,
                reason="not theirs",
                tokens=(mv.TokenShift(family="fish", src=Loc("map", 2), dst=Loc("release")),),
            ),
            "arctica.bad_adjustment",
        ),
        (
            mv.Adjust(
                seat=1, reason="occupied", tokens=(mv.TokenShift(family="fish", src=Loc("supply"), dst=Loc("map", 2)),)
            ),
            "arctica.bad_adjustment",
        ),
        (
            mv.Adjust(
                seat=0,
                reason="off the wheel",
                tokens=(mv.TokenShift(family="fish", src=Loc("supply"), dst=Loc("long_wheel", 99)),),
            ),
            "arctica.bad_adjustment",
        ),
    ],
)
def test_an_adjustment_that_breaks_conservation_is_refused(move: mv.Adjust, code: str):
    assert violation(given_turn(), move) == code


def test_a_full_wheel_slot_is_not_free():
    given = given_turn()
    state = fold(given)
    taken = next(i for i, v in enumerate(state.players[0].long_wheel) if v != EMPTY)  # starting Flora
    shift = mv.TokenShift(family="fish", src=Loc("supply"), dst=Loc("long_wheel", taken))
    assert violation(given, mv.Adjust(seat=0, reason="x", tokens=(shift,))) == "arctica.bad_adjustment"
