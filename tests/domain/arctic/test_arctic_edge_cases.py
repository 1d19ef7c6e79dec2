"""More edge cases of §5-§7 and §9."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.legal import legal_moves
from domain.arctic.setup import Setup
from domain.arctic.simulator import simulate

from .support import Table, finish_turn, give_power, of, position, sides, types

HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]


def table(**power_sides: str) -> Table:
    t = Table(hands=[HAND[:3]], power_sides=sides(**power_sides))
    return position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3


def test_moose_b_plus_one_with_too_few_cards_costs_one_more_penalty() -> None:
    t = give_power(table(moose="B"), "moose", 0)
    position(t, 0, hand=["d1-fox-3", "d1-orca-2"])
    t.play(mv.UseMooseB(seat=0, delta=1), mv.PlaceCard(seat=0, card="d1-fox-3"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    # hand empty, Moose B already used: placing ends at once with N + 1 - placed penalties
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=2)
    assert len(of(out, ev.PenaltyCardDrawn)) == 2


def test_orca_b_taken_in_step_1_works_in_step_3_of_the_same_turn() -> None:
    t = table(orca="B")
    position(t, 0, pile=["d1-walrus-5"])  # N = 1
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    if t.state.phase == "tokens":
        t.play(legal_moves(t.state)[0])
    assert mv.TakeFromDrawPile(seat=0) in legal_moves(t.state)


def test_step_1_powers_are_not_offered_to_other_seats_and_a_lost_power_stops_working() -> None:
    t = give_power(table(), "walrus", 1)
    position(t, 0, pile=["d1-walrus-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    assert t.state.phase == "draw"  # seat 1 holds the walrus: no walrus step for seat 0
    t.rejects(mv.WalrusStep(seat=0, direction="up"), "arctic.wrong_step")


def test_turn_and_round_numbers() -> None:
    t = Table(players=3, start_seat=1)
    starts = []
    for _ in range(4):
        out = finish_turn(t)
        starts += [(e.seat, e.turn, e.round) for e in of(out, ev.TurnStarted)]
    assert starts == [(2, 2, 1), (0, 3, 1), (1, 4, 2), (2, 5, 2)]


def test_public_game_with_known_totems_finishes_without_reveals() -> None:
    game = simulate(2, 4)
    started = game.events[0]
    setup = Setup(players=started.players, mode="public", power_sides=started.power_sides, totems=started.totems)
    s = RULES.fold(RULES.start(setup))
    assert [p.totem for p in s.players] == [cat.ANIMAL_INDEX[a] for a in started.totems]


def test_public_polar_bear_a_draws_an_unknown_penalty_card() -> None:
    from domain.arctic.evolve import evolve

    t = Table()
    s = replace(t.state, mode="public")
    p = replace(s.players[0], penalty=(), penalty_unknown=2, hand=(), hand_unknown=1)
    s = replace(s, players=(p, s.players[1]))
    s = evolve(s, ev.CardTakenFromPenalty(seat=0, card=None))
    assert (s.players[0].penalty_unknown, s.players[0].hand_unknown) == (1, 2)


def test_a_move_of_another_seat_names_the_active_one() -> None:
    t = Table()
    err = t.rejects(mv.EndStep(seat=1), "arctic.not_your_turn")
    assert "seat 0" in err.message and err.rule == "arctic §5"


def test_decide_never_mutates_the_state() -> None:
    from domain.game import state_hash

    game = simulate(3, 21)
    s = RULES.fold(game.events[:2])
    for m in game.moves:
        before = state_hash(s)
        events = RULES.decide(s, m)
        assert state_hash(s) == before
        s = RULES.fold(events, s)
    assert RULES.is_finished(s)


def test_the_final_round_keeps_the_turn_order_from_the_start_player() -> None:
    game = simulate(4, 2, power_sides=dict.fromkeys(cat.ANIMALS, "A"))
    i = types(game.events).index("FinalRoundStarted")
    finals = [e.seat for e in game.events[i:] if isinstance(e, ev.TurnStarted)]
    assert finals == [0, 1, 2, 3]
    assert all(e.final for e in game.events[i:] if isinstance(e, ev.TurnStarted))
    assert not any(isinstance(e, ev.DrawingEnded | ev.RiverRefilled) for e in game.events[i:])
