"""§7: the end of the game."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.state import GameState

from .support import Table, finish_turn, give_power, of, position, sides, types

RESERVE = ["d2-polar_bear-1", "d2-polar_bear-2", "d2-polar_bear-3", "d2-polar_bear-4", "d2-polar_bear-5"]
RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]


def table(draw_left: int, start_seat: int = 0, **power_sides: str) -> Table:
    t = Table(
        reserve=RESERVE,
        hands=[["d1-fox-3", "d1-orca-2", "d1-moose-4"], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]],
        river=RIVER,
        power_sides=sides(**power_sides),
        start_seat=start_seat,
    )
    return t.edit(lambda s: replace(s, draw_left=draw_left))


def last_card(t: Table) -> str:
    from domain.arctic.catalogue import CARD_IDS

    return CARD_IDS[t.state.deck[-1]]


def test_river_refill_takes_the_last_card_then_the_reserve_and_the_round_is_finished() -> None:
    t = table(draw_left=1)
    last = last_card(t)
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.MoveTokens(seat=0, up="orca"))  # draw 2, Orca A
    out = t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False))
    out = t.play(mv.TakeFromRiver(seat=0, slot=1, orca_refill=False))
    assert types(out) == [
        "CardTakenFromRiver",
        "DrawingEnded",
        "RiverRefilled",
        "DrawPileExhausted",
        "RiverRefilled",
        "TurnEnded",
        "TurnStarted",
    ]
    assert out[2] == ev.RiverRefilled(slot=0, card=last)
    assert out[3] == ev.DrawPileExhausted(reserve_size=5)
    assert out[4] == ev.RiverRefilled(slot=1, card=RESERVE[0])
    assert out[-1].final is False and t.state.reserve_in_use and t.state.draw_left == 4
    out = finish_turn(t)  # seat 1, the player before the start player: a normal turn with step 3
    assert "DrawingEnded" in types(out)
    assert types(out)[-2:] == ["FinalRoundStarted", "TurnStarted"]
    assert out[-1] == ev.TurnStarted(seat=0, turn=3, round=2, final=True, placement_value=4)


def test_final_turns_have_no_step_3_and_the_game_ends_with_equal_turns() -> None:
    t = table(draw_left=1)
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.MoveTokens(seat=0, up="orca"))
    t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1, orca_refill=False))
    finish_turn(t)
    river_before = t.river()
    position(t, 0, hand=["d2-moose-1", "d2-moose-2", "d2-moose-3", "d2-moose-4", "d2-moose-5", "d2-fox-1",
                         "d2-fox-2", "d2-fox-3", "d2-fox-4"])  # fmt: skip
    out = finish_turn(t)
    assert "DrawingEnded" not in types(out) and "RiverRefilled" not in types(out)
    assert "PowerTaken" in types(out)  # the power is still taken in the final turn (§7b.8)
    assert types(out)[-2:] == ["TurnEnded", "TurnStarted"] and out[-1].final
    assert len(t.hand(0)) == 5  # nine cards, no discard: the hand limit is not checked
    assert t.river() == river_before
    out = finish_turn(t)
    assert types(out)[-2:] == ["TurnEnded", "GameFinished"]
    assert RULES.is_finished(t.state)
    assert [p.turns for p in t.state.players] == [2, 2]
    t.rejects(mv.PlaceCard(seat=0, card="d2-fox-1"), "arctic.game_finished")
    finished = of(out, ev.GameFinished)[0]
    assert finished.scores == RULES.score(t.state)


def test_exhaustion_in_the_last_turn_of_a_round_starts_the_final_round_at_once() -> None:
    t = table(draw_left=1, start_seat=1)  # seat 1 starts, seat 0 plays last in the round
    finish_turn(t)  # seat 1 (the card taken is refilled: the pile runs out)
    assert t.state.reserve_in_use
    assert t.state.active == 0 and not t.state.final_round
    out = finish_turn(t)
    assert types(out)[-2:] == ["FinalRoundStarted", "TurnStarted"] and out[-1].seat == 1


def test_exhaustion_by_a_penalty_draw_continues_from_the_reserve() -> None:
    t = table(draw_left=1)
    last = last_card(t)
    position(t, 0, pile=["d1-walrus-3"], hand=["d1-fox-3"])  # N = 3, one card: two penalties
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert types(out)[1:5] == ["PlacingEnded", "PenaltyCardDrawn", "DrawPileExhausted", "PenaltyCardDrawn"]
    assert [e.card for e in of(out, ev.PenaltyCardDrawn)] == [last, RESERVE[0]]


def test_exhaustion_by_orca_draws() -> None:
    t = give_power(table(draw_left=1, orca="B"), "orca", 0)
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    out = t.play(mv.TakeFromDrawPile(seat=0))
    assert types(out) == ["CardTakenFromDrawPile", "DrawPileExhausted"]
    t = give_power(table(draw_left=1), "orca", 0)  # Orca A: the refill after a pick
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    out = t.play(mv.TakeFromRiver(seat=0, slot=3))
    assert types(out) == ["CardTakenFromRiver", "RiverRefilled", "DrawPileExhausted"]


def _empty_everything(s: GameState) -> GameState:
    return replace(s, draw_left=0, reserve_left=0, reserve=(), reserve_in_use=True)


def test_no_penalty_card_when_the_draw_pile_is_empty() -> None:
    t = table(draw_left=0).edit(_empty_everything)
    position(t, 0, pile=["d1-walrus-3"], hand=["d1-fox-3"])
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert types(out)[:3] == ["CardPlaced", "PlacingEnded", "PowerTaken"]
    assert t.penalty(0) == []


def test_a_short_river_gives_only_what_is_there() -> None:
    from domain.arctic.state import EMPTY

    t = table(draw_left=0).edit(_empty_everything)
    t.edit(lambda s: replace(s, river=(s.river[0],) + (EMPTY,) * 5))
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))  # draw value 3
    out = t.play(mv.TakeFromRiver(seat=0, slot=0))
    assert out[1] == ev.DrawingEnded(seat=0, drawn=1)
    assert t.penalty(0) == []


def test_cards_left_in_hand_cost_nothing() -> None:
    t = table(draw_left=1)
    while not RULES.is_finished(t.state):
        finish_turn(t)
    for sc in RULES.score(t.state):
        assert sc.penalty == -t.state.players[sc.seat].penalty_size
        assert sc.total == sc.runs_total + sc.diversity + sc.totem + sc.penalty
