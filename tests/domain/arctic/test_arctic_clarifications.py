"""§7b: the clarifications the engine follows, items 1-9."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.legal import legal_moves

from .support import Table, finish_turn, give_power, of, position, sides, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]


def table(start_seat: int = 0, **power_sides: str) -> Table:
    t = Table(hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER, draw=DRAW,
              power_sides=sides(**power_sides), start_seat=start_seat)  # fmt: skip
    if start_seat == 0:
        position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3
    return t


def test_1_puffin_once_before_the_first_card_and_not_with_an_empty_hand() -> None:
    t = give_power(table(), "puffin", 0)
    t.play(mv.PuffinSwap(seat=0, hand_card="d1-fox-3", river_slot=0))
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-orca-2", river_slot=1), "arctic.power_already_used")
    t = give_power(table(moose="B"), "puffin", 0)
    give_power(t, "moose", 0)
    t.play(mv.UseMooseB(seat=0, delta=1))
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-fox-3", river_slot=0), "arctic.puffin_after_placing")
    t = give_power(table(), "puffin", 0)
    position(t, 0, hand=[])
    t.rejects(mv.PuffinSwap(seat=0, hand_card="d1-fox-3", river_slot=0), "arctic.puffin_empty_hand")


def test_2_empty_hand_at_the_start_of_a_turn() -> None:
    t = table(start_seat=1)
    give_power(t, "walrus", 1)
    position(t, 0, pile=["d1-walrus-3"], hand=[])  # N = 3; walrus + polar bear; draw value 3
    out = finish_turn(t)  # seat 1's turn, then seat 0's starts
    start = types(out).index("TurnStarted")
    assert types(out)[start:] == [
        "TurnStarted",
        "PlacingEnded",
        "PenaltyCardDrawn",
        "PenaltyCardDrawn",
        "PenaltyCardDrawn",
        "PowerTaken",
    ]
    assert out[start + 1] == ev.PlacingEnded(seat=0, placed=0, shortfall=3)
    assert out[-1] == ev.PowerTaken(seat=0, animal="walrus", side="A", from_seat=1)
    assert t.pile(0) == ["d1-walrus-3"] and t.state.phase == "tokens"
    assert {m.up for m in legal_moves(t.state)} == {"walrus", "polar_bear"}
    t.play(mv.MoveTokens(seat=0, up="walrus"), mv.EndStep(seat=0))
    assert t.state.phase == "draw" and t.state.draw_target == 3


def test_3_fox_on_the_n_plus_1th_card_under_moose_b() -> None:
    t = give_power(table(moose="B"), "fox", 0)
    give_power(t, "moose", 0)
    t.play(mv.UseMooseB(seat=0, delta=1))
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:2]))
    t.rejects(mv.PlaceCard(seat=0, card=HAND[2], placement="face_down"), "arctic.fox_not_last_card")
    t.play(mv.PlaceCard(seat=0, card=HAND[2]))
    t.play(mv.PlaceCard(seat=0, card=HAND[3], placement="face_down"))
    assert t.state.players[0].pile_down == (False, False, False, True, False)


def test_3_and_4_no_fox_no_moose_b_when_the_top_card_is_face_down() -> None:
    t = give_power(table(puffin="B", moose="B"), "puffin", 0)
    give_power(t, "fox", 0)
    give_power(t, "moose", 0)
    position(t, 0, pile=["d1-orca-5", "d1-walrus-2", "d1-walrus-3"], down=[False, True, False])
    t.play(mv.PuffinTakeBack(seat=0))
    assert t.state.place_target == 1 and not t.state.n_from_card
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"), "arctic.no_visible_card")
    t.rejects(mv.UseMooseB(seat=0, delta=-1), "arctic.no_visible_card")
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert t.state.phase != "place"


def test_5_orca_a_refill_is_optional_and_not_after_polar_bear_picks() -> None:
    t = give_power(table(), "orca", 0)
    give_power(t, "polar_bear", 0)
    position(t, 0, pile=["d1-orca-5"], penalty=["d2-puffin-1"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    assert types(t.play(mv.TakeFromPenalty(seat=0, card="d2-puffin-1"))) == ["CardTakenFromPenalty"]
    assert types(t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False))) == ["CardTakenFromRiver"]
    assert types(t.play(mv.TakeFromRiver(seat=0, slot=1)))[:2] == ["CardTakenFromRiver", "RiverRefilled"]


def test_6_hand_limit_after_every_draw_step_whatever_was_drawn() -> None:
    t = give_power(table(), "polar_bear", 0)
    hand = ["d1-fox-3", "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4", "d2-walrus-5", "d2-orca-1",
            "d2-orca-2"]  # fmt: skip
    position(t, 0, pile=["d1-orca-5"], hand=hand, penalty=["d2-puffin-1"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    t.play(mv.TakeFromPenalty(seat=0, card="d2-puffin-1"))  # 8 cards
    t.play(mv.TakeFromRiver(seat=0, slot=0), mv.TakeFromRiver(seat=0, slot=1))  # 10 cards
    assert t.state.phase == "discard"
    t.play(*(mv.Discard(seat=0, card=c) for c in ("d2-walrus-1", "d2-walrus-2")))
    assert t.state.phase == "discard"
    t.play(mv.Discard(seat=0, card="d2-puffin-1"))
    assert t.state.active == 1 and len(t.hand(0)) == 7


def test_7_polar_bear_b_after_the_discards() -> None:
    t = give_power(table(polar_bear="B"), "polar_bear", 0)
    hand = ["d1-fox-3", "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4", "d2-walrus-5", "d2-orca-1"]
    position(t, 0, pile=["d1-orca-5"], hand=hand)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in range(3)))  # 9 cards
    assert t.state.phase == "discard"
    t.rejects(mv.GivePenalty(seat=0, to_seat=1, card="d2-walrus-1"), "arctic.wrong_step")
    t.play(mv.Discard(seat=0, card="d2-walrus-1"))
    t.play(mv.Discard(seat=0, card="d2-walrus-2"))
    assert t.state.phase == "give"  # the discarded cards may be given away
    t.play(mv.GivePenalty(seat=0, to_seat=1, card="d2-walrus-2"))
    assert t.penalty(1) == ["d2-walrus-2"] and t.state.active == 1


def test_8_final_turn_powers_but_no_step_3() -> None:
    t = table(polar_bear="B")
    t.edit(lambda s: replace(s, final_round=True, reserve_in_use=True))
    for animal in ("puffin", "walrus", "polar_bear", "orca", "moose"):
        give_power(t, animal, 0)
    position(t, 0, penalty=["d2-puffin-1"])
    names = {type(m).__name__ for m in legal_moves(t.state)}
    assert {"PuffinSwap", "PlaceCard"} <= names
    t.play(mv.PuffinSwap(seat=0, hand_card="d1-polar_bear-1", river_slot=0))
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:3]))  # visible: moose-4 (moose + polar bear)
    t.play(mv.MoveTokens(seat=0, up="moose"))
    assert t.state.phase == "walrus"
    out = t.play(mv.WalrusStep(seat=0, direction="up"))
    assert types(out) == ["WalrusTokenMoved", "TurnEnded", "TurnStarted"]  # no draw, no Polar bear B, no refill


def test_9_refills_fill_the_lowest_empty_slots_first() -> None:
    t = table()
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-moose-4"), mv.MoveTokens(seat=0, up="moose"))  # draw value 4
    out = t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in (5, 1, 3, 0)))
    assert [(e.slot, e.card) for e in of(out, ev.RiverRefilled)] == list(zip((0, 1, 3, 5), DRAW[:4], strict=True))
