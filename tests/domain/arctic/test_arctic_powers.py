"""§6: the twelve power sides, with their timing (and §7b where it clarifies them)."""

from __future__ import annotations

import pytest

from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.legal import legal_moves

from .support import Table, give_power, of, position, set_tokens, sides, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]


def table(**power_sides: str) -> Table:
    t = Table(hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER, draw=DRAW,
              power_sides=sides(**power_sides))  # fmt: skip
    return position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3


def to_draw(t: Table, card: str = "d1-fox-3") -> Table:
    """Seat 0 places ``card`` (N set to 1) and reaches its draw step."""
    position(t, 0, pile=["d1-orca-5"])  # placement value 1
    t.play(mv.PlaceCard(seat=0, card=card))
    if t.state.phase == "tokens":
        t.play(legal_moves(t.state)[0])
    if t.state.phase == "walrus":
        t.play(mv.EndStep(seat=0))
    assert t.state.phase == "draw"
    return t


# --- Fox ---------------------------------------------------------------------------------------
def test_fox_a_last_card_goes_face_down_under_the_visible_card() -> None:
    t = give_power(table(), "fox", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.PlaceCard(seat=0, card="d1-orca-2"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-moose-4", placement="face_down"))
    assert out[:2] == [
        ev.CardPlaced(seat=0, card="d1-moose-4", placement="face_down"),
        ev.PlacingEnded(seat=0, placed=3, shortfall=0),
    ]
    assert t.pile(0) == ["d1-walrus-3", "d1-fox-3", "d1-moose-4", "d1-orca-2"]
    assert t.state.players[0].pile_down == (False, False, True, False)
    assert of(out, ev.PowerTaken)[0].animal == "orca"  # the visible card stays


def test_fox_a_only_on_the_last_card_and_only_when_held() -> None:
    t = give_power(table(), "fox", 0)
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"), "arctic.fox_not_last_card")
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"), "arctic.power_not_held")
    t = table()
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"), "arctic.power_not_held")


def test_fox_a_on_the_card_that_empties_the_hand_then_shortfall() -> None:
    t = give_power(table(), "fox", 0)
    position(t, 0, hand=["d1-fox-3", "d1-orca-2"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-orca-2", placement="face_down"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=1)
    assert types(out)[2] == "PenaltyCardDrawn"


def test_fox_a_not_allowed_with_an_empty_pile_but_fox_card_alone_is_fine() -> None:
    t = give_power(table(), "fox", 0)
    position(t, 0, pile=[])
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"), "arctic.no_visible_card")
    position(t, 0, pile=["d1-orca-5"])  # N = 1: the only card may be the Fox card
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"))
    assert t.state.players[0].pile_down == (True, False)


def test_fox_b_last_card_goes_to_the_bottom_face_up() -> None:
    t = give_power(table(fox="B"), "fox", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.PlaceCard(seat=0, card="d1-orca-2"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-moose-4", placement="bottom"))
    assert t.pile(0) == ["d1-moose-4", "d1-walrus-3", "d1-fox-3", "d1-orca-2"]
    assert t.state.players[0].pile_down == (False,) * 4
    assert of(out, ev.PowerTaken)[0].animal == "orca"
    position(t, 1, pile=[])
    t2 = give_power(table(fox="B"), "fox", 0)
    position(t2, 0, pile=[])
    t2.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"), "arctic.no_visible_card")


# --- Moose ---------------------------------------------------------------------------------------
def test_moose_a_changes_the_draw_value() -> None:
    t = give_power(table(), "moose", 0)
    to_draw(t, "d1-fox-3")  # draw value 3
    assert t.play(mv.SetDrawDelta(seat=0, delta=1)) == [ev.DrawValueChanged(seat=0, delta=1, draw_value=4)]
    t.rejects(mv.SetDrawDelta(seat=0, delta=-1), "arctic.power_already_used")
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in range(3)))
    assert t.state.phase == "draw"
    out = t.play(mv.TakeFromRiver(seat=0, slot=3))
    assert of(out, ev.DrawingEnded) == [ev.DrawingEnded(seat=0, drawn=4)]


def test_moose_a_down_to_zero() -> None:
    t = give_power(table(), "moose", 0)
    to_draw(t, "d1-polar_bear-1")  # draw value 1
    out = t.play(mv.SetDrawDelta(seat=0, delta=-1))
    assert out[:2] == [ev.DrawValueChanged(seat=0, delta=-1, draw_value=0), ev.DrawingEnded(seat=0, drawn=0)]
    t2 = to_draw(table(), "d1-fox-3")
    t2.rejects(mv.SetDrawDelta(seat=0, delta=1), "arctic.power_not_held")
    t3 = give_power(table(), "moose", 0)
    to_draw(t3)
    t3.rejects(mv.SetDrawDelta(seat=0, delta=2), "arctic.invalid_delta")


def test_moose_b_places_one_fewer_or_one_more() -> None:
    t = give_power(table(moose="B"), "moose", 0)
    t.play(mv.UseMooseB(seat=0, delta=-1))
    t.rejects(mv.UseMooseB(seat=0, delta=1), "arctic.power_already_used")
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=0)
    t = give_power(table(moose="B"), "moose", 0)
    assert t.play(mv.UseMooseB(seat=0, delta=1)) == [ev.PlacementValueChanged(seat=0, delta=1, placement_value=4)]
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:3]))
    assert t.state.phase == "place"
    t.play(mv.PlaceCard(seat=0, card=HAND[3]))
    assert t.state.phase != "place" and len(t.pile(0)) == 5


def test_moose_b_with_value_one_may_place_nothing() -> None:
    t = give_power(table(moose="B"), "moose", 0)
    position(t, 0, pile=["d1-orca-5"])  # N = 1, orca + walrus
    out = t.play(mv.UseMooseB(seat=0, delta=-1))
    assert types(out)[:3] == ["PlacementValueChanged", "PlacingEnded", "PowerTaken"]
    assert out[1] == ev.PlacingEnded(seat=0, placed=0, shortfall=0)
    assert out[2].animal == "orca"  # the unchanged visible card's power is retaken
    assert t.pile(0) == ["d1-orca-5"]
    t.play(legal_moves(t.state)[0])
    assert t.state.draw_target == 5  # and its draw value applies


def test_moose_b_shortfall_one_penalty_fewer_and_checks() -> None:
    t = give_power(table(moose="B"), "moose", 0)
    position(t, 0, hand=["d1-fox-3"])  # N = 3, one card
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    # the hand is empty: Moose B lowers the count by itself (arctic-2; test_arctic_moose_b_shortfall.py)
    assert out[1:3] == [
        ev.PlacementValueChanged(seat=0, delta=-1, placement_value=2),
        ev.PlacingEnded(seat=0, placed=1, shortfall=1),
    ]
    assert len(of(out, ev.PenaltyCardDrawn)) == 1
    t = give_power(table(moose="B"), "moose", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.PlaceCard(seat=0, card="d1-orca-2"))
    t.rejects(mv.UseMooseB(seat=0, delta=0), "arctic.invalid_delta")
    out = t.play(mv.UseMooseB(seat=0, delta=-1))  # 2 placed = N - 1: placing ends
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=0)
    position(t, 0, pile=[])
    t = give_power(table(moose="B"), "moose", 0)
    position(t, 0, pile=[])
    t.rejects(mv.UseMooseB(seat=0, delta=1), "arctic.no_visible_card")


def test_moose_b_taken_this_turn_does_not_change_this_turn() -> None:
    t = table(moose="B")
    position(t, 0, pile=["d1-orca-5"])
    out = t.play(mv.PlaceCard(seat=0, card="d1-moose-4"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=0)
    assert t.holder("moose") == 0


# --- Walrus --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("side", "moved"), [("A", "fox"), ("B", "orca")])
def test_walrus_one_more_step(side: str, moved: str) -> None:
    t = give_power(table(walrus=side), "walrus", 0)
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))  # fox + orca
    t.play(mv.MoveTokens(seat=0, up="fox"))
    assert t.state.phase == "walrus"
    assert t.play(mv.WalrusStep(seat=0, direction="up"))[0] == ev.WalrusTokenMoved(seat=0, animal=moved, step=1)
    assert t.token(moved) == 4 if moved == "fox" else t.token(moved) == 2
    assert t.state.phase == "draw"


def test_walrus_stays_on_the_track_and_is_optional() -> None:
    t = give_power(table(), "walrus", 0)
    set_tokens(t, fox=4)
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    assert t.token("fox") == 5
    t.rejects(mv.WalrusStep(seat=0, direction="up"), "arctic.walrus_off_track")
    assert t.play(mv.EndStep(seat=0))[0] == ev.PowerDeclined(seat=0, animal="walrus")
    assert t.state.phase == "draw"


def test_walrus_taken_in_step_1_works_in_step_2_of_the_same_turn() -> None:
    t = table()
    position(t, 0, pile=["d1-orca-5"], hand=["d2-walrus-2"])
    t.play(mv.PlaceCard(seat=0, card="d2-walrus-2"))  # takes the walrus power
    if t.state.phase == "tokens":
        t.play(legal_moves(t.state)[0])
    assert t.state.phase == "walrus"


# --- Orca ----------------------------------------------------------------------------------------
def test_orca_a_refills_after_each_river_card() -> None:
    t = give_power(table(), "orca", 0)
    to_draw(t)
    out = t.play(mv.TakeFromRiver(seat=0, slot=2))
    assert out == [
        ev.CardTakenFromRiver(seat=0, slot=2, card=RIVER[2]),
        ev.RiverRefilled(slot=2, card=DRAW[0]),
    ]
    out = t.play(mv.TakeFromRiver(seat=0, slot=2, orca_refill=False))
    assert types(out) == ["CardTakenFromRiver"] and t.river()[2] is None
    t2 = to_draw(table())
    t2.rejects(mv.TakeFromRiver(seat=0, slot=2, orca_refill=True), "arctic.power_not_held")


def test_orca_b_draws_the_top_of_the_draw_pile() -> None:
    t = give_power(table(orca="B"), "orca", 0)
    to_draw(t)
    assert t.play(mv.TakeFromDrawPile(seat=0)) == [ev.CardTakenFromDrawPile(seat=0, card=DRAW[0])]
    assert DRAW[0] in t.hand(0) and t.state.draw_left == 42
    t2 = to_draw(table())
    t2.rejects(mv.TakeFromDrawPile(seat=0), "arctic.power_not_held")


def test_orca_b_with_an_empty_draw_pile() -> None:
    from msgspec.structs import replace

    t = give_power(table(orca="B"), "orca", 0)
    to_draw(t)
    t.edit(lambda s: replace(s, draw_left=0, reserve_in_use=True))
    t.rejects(mv.TakeFromDrawPile(seat=0), "arctic.draw_pile_empty")


# --- Puffin --------------------------------------------------------------------------------------
def test_puffin_a_swaps_a_hand_card_into_the_same_river_slot_once() -> None:
    t = give_power(table(), "puffin", 0)
    out = t.play(mv.PuffinSwap(seat=0, hand_card="d1-orca-2", river_slot=4))
    assert out == [ev.PuffinSwapped(seat=0, hand_card="d1-orca-2", river_slot=4, river_card=RIVER[4])]
    assert t.river()[4] == "d1-orca-2" and RIVER[4] in t.hand(0)
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-fox-3", river_slot=1), "arctic.power_already_used")
    t = give_power(table(), "puffin", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-orca-2", river_slot=1), "arctic.puffin_after_placing")
    t = give_power(table(), "puffin", 0)
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-puffin-5", river_slot=1), "arctic.card_not_in_hand")
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.power_not_held")


def test_puffin_b_takes_the_visible_card_back() -> None:
    t = give_power(table(puffin="B"), "puffin", 0)
    position(t, 0, pile=["d1-orca-5", "d1-walrus-3"])  # N = 3
    out = t.play(mv.PuffinTakeBack(seat=0))
    assert out == [ev.VisibleCardTakenBack(seat=0, card="d1-walrus-3", placement_value=1)]
    assert t.state.place_target == 1 and "d1-walrus-3" in t.hand(0)
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.power_already_used")
    t = give_power(table(puffin="B"), "puffin", 0)
    position(t, 0, pile=["d1-walrus-3"])
    assert t.play(mv.PuffinTakeBack(seat=0))[0].placement_value == 1  # empty pile: N = 1
    t.rejects(mv.UseMooseB(seat=0, delta=1), "arctic.power_not_held")


def test_puffin_b_needs_a_visible_card_and_a_card_in_hand() -> None:
    t = give_power(table(puffin="B"), "puffin", 0)
    position(t, 0, pile=[])
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.no_visible_card")
    t = give_power(table(puffin="B"), "puffin", 0)
    position(t, 0, hand=[])
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.puffin_empty_hand")
    assert mv.PuffinTakeBack(seat=0) not in legal_moves(t.state)


# --- Polar bear ----------------------------------------------------------------------------------
def test_polar_bear_a_draws_from_the_own_penalty_zone() -> None:
    t = give_power(table(), "polar_bear", 0)
    give_power(t, "orca", 0)  # Orca A does not refill after a penalty-zone pick (§7b.5)
    position(t, 0, penalty=["d2-puffin-1", "d2-puffin-2"])
    to_draw(t)
    t.rejects(mv.TakeFromPenalty(seat=0, card="d2-puffin-3"), "arctic.card_not_in_penalty")
    assert t.play(mv.TakeFromPenalty(seat=0, card="d2-puffin-2")) == [
        ev.CardTakenFromPenalty(seat=0, card="d2-puffin-2")
    ]
    assert t.penalty(0) == ["d2-puffin-1"] and t.state.drawn == 1
    t2 = give_power(table(), "polar_bear", 0)
    to_draw(t2)
    t2.rejects(mv.TakeFromPenalty(seat=0, card="d2-puffin-1"), "arctic.penalty_empty")


def test_polar_bear_b_gives_one_penalty_card_once_after_the_discards() -> None:
    t = give_power(table(polar_bear="B"), "polar_bear", 0)
    position(t, 0, penalty=["d2-puffin-1"])
    to_draw(t, "d1-orca-2")  # draw value 2
    t.play(mv.TakeFromRiver(seat=0, slot=0), mv.TakeFromRiver(seat=0, slot=1))
    assert t.state.phase == "give"
    t.rejects(mv.GivePenalty(seat=0, to_seat=0, card="d2-puffin-1"), "arctic.invalid_seat")
    out = t.play(mv.GivePenalty(seat=0, to_seat=1, card="d2-puffin-1"))
    assert out[0] == ev.PenaltyCardGiven(seat=0, to_seat=1, card="d2-puffin-1")
    assert t.penalty(0) == [] and t.penalty(1) == ["d2-puffin-1"] and t.state.active == 1


def test_polar_bear_b_is_optional_and_skipped_without_penalty_cards() -> None:
    t = give_power(table(polar_bear="B"), "polar_bear", 0)
    position(t, 0, penalty=["d2-puffin-1"])
    to_draw(t, "d1-orca-2")
    t.play(mv.TakeFromRiver(seat=0, slot=0), mv.TakeFromRiver(seat=0, slot=1))
    assert t.play(mv.EndStep(seat=0))[0] == ev.PowerDeclined(seat=0, animal="polar_bear")
    t = give_power(table(polar_bear="B"), "polar_bear", 0)
    to_draw(t, "d1-orca-2")
    t.play(mv.TakeFromRiver(seat=0, slot=0), mv.TakeFromRiver(seat=0, slot=1))
    assert t.state.active == 1  # no penalty card: nothing to give
