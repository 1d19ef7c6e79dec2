"""§5: a turn — place, move tokens, draw."""

from __future__ import annotations

from domain.arctic import events as ev
from domain.arctic import moves as mv

from .support import Table, give_power, of, position, set_tokens, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-3", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]


def basic() -> Table:
    return Table(
        hands=[["d1-moose-3", "d1-fox-1", "d1-orca-2"], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]],
        river=RIVER,
        draw=DRAW,
    )


def test_a_whole_first_turn() -> None:
    t = basic()
    placed = t.play(mv.PlaceCard(seat=0, card="d1-moose-3"))
    assert placed == [
        ev.CardPlaced(seat=0, card="d1-moose-3", placement="top"),
        ev.PlacingEnded(seat=0, placed=1, shortfall=0),
        ev.PowerTaken(seat=0, animal="moose", side="A", from_seat=None),
    ]
    assert t.state.phase == "tokens"  # moose and puffin both on "3": the player chooses
    assert t.play(mv.MoveTokens(seat=0, up="puffin")) == [
        ev.TokensMoved(seat=0, main="moose", main_step=-1, companion="puffin", companion_step=1)
    ]
    assert (t.token("moose"), t.token("puffin")) == (1, 3)
    assert t.state.phase == "draw" and t.state.draw_target == 3
    t.play(mv.TakeFromRiver(seat=0, slot=0))
    assert t.river()[0] is None  # not refilled between picks
    t.play(mv.TakeFromRiver(seat=0, slot=2))
    last = t.play(mv.TakeFromRiver(seat=0, slot=4))
    assert types(last) == [
        "CardTakenFromRiver",
        "DrawingEnded",
        "RiverRefilled",
        "RiverRefilled",
        "RiverRefilled",
        "TurnEnded",
        "TurnStarted",
    ]
    assert [(e.slot, e.card) for e in of(last, ev.RiverRefilled)] == [
        (0, DRAW[0]),
        (2, DRAW[1]),
        (4, DRAW[2]),
    ]
    assert last[-1] == ev.TurnStarted(seat=1, turn=2, round=1, final=False, placement_value=1)
    assert sorted(t.hand(0)) == sorted(["d1-fox-1", "d1-orca-2", RIVER[0], RIVER[2], RIVER[4]])
    assert t.pile(0) == ["d1-moose-3"]
    assert t.state.draw_left == 43 - 3


def test_placement_value_comes_from_the_visible_card() -> None:
    t = basic()
    position(t, 0, pile=["d1-moose-3"], hand=["d1-fox-1", "d1-orca-2", "d1-walrus-1", "d1-walrus-2"])
    assert t.state.place_n == 3
    t.play(mv.PlaceCard(seat=0, card="d1-fox-1"))
    t.rejects(mv.EndStep(seat=0), "arctic.wrong_placement_count")
    t.rejects(mv.MoveTokens(seat=0, up="fox"), "arctic.wrong_step")
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-walrus-1"))
    assert types(out)[:3] == ["CardPlaced", "PlacingEnded", "PowerTaken"]
    assert out[2].animal == "walrus"  # the power of the new visible card
    assert t.pile(0) == ["d1-moose-3", "d1-fox-1", "d1-orca-2", "d1-walrus-1"]


def test_shortfall_takes_penalty_cards_from_the_draw_pile() -> None:
    t = basic()
    position(t, 0, pile=["d1-moose-3"], hand=["d1-fox-1"])
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-1"))
    assert types(out)[:5] == [
        "CardPlaced",
        "PlacingEnded",
        "PenaltyCardDrawn",
        "PenaltyCardDrawn",
        "PowerTaken",
    ]
    assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=2)
    assert [e.card for e in of(out, ev.PenaltyCardDrawn)] == DRAW[:2]
    assert t.penalty(0) == DRAW[:2]
    assert t.state.draw_left == 41


def test_card_checks() -> None:
    t = basic()
    t.rejects(mv.PlaceCard(seat=0, card="d1-puffin-5"), "arctic.card_not_in_hand")
    t.rejects(mv.PlaceCard(seat=0, card="d9-fox-1"), "arctic.unknown_card")
    t.rejects(mv.PlaceCard(seat=0, card="d4-fox-1"), "arctic.card_not_in_game")
    t.rejects(mv.PlaceCard(seat=0, card=None), "arctic.card_required")
    t.rejects(mv.PlaceCard(seat=1, card="d1-orca-4"), "arctic.not_your_turn")
    t.rejects(mv.TakeFromRiver(seat=0, slot=0), "arctic.wrong_step")
    t.rejects(mv.Discard(seat=0, card="d1-fox-1"), "arctic.wrong_step")
    t.rejects(mv.EndStep(seat=0), "arctic.wrong_placement_count")


def test_violation_lists_the_legal_alternatives() -> None:
    t = basic()
    err = t.rejects(mv.PlaceCard(seat=0, card="d1-puffin-5"), "arctic.card_not_in_hand")
    assert set(err.legal) == {mv.PlaceCard(seat=0, card=c) for c in ["d1-moose-3", "d1-fox-1", "d1-orca-2"]}
    assert "§5" in err.message


def test_power_taken_from_another_player_or_kept() -> None:
    t = basic()
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))  # orca-2: companion polar bear
    assert t.holder("orca") == 0
    t.play(mv.MoveTokens(seat=0, up="orca"))
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in (0, 1)))  # draw value 2
    assert t.state.active == 1
    out = t.play(mv.PlaceCard(seat=1, card="d1-orca-4"))
    assert of(out, ev.PowerTaken) == [ev.PowerTaken(seat=1, animal="orca", side="A", from_seat=0)]
    assert t.holder("orca") == 1


def test_power_already_held_changes_nothing() -> None:
    t = basic()
    position(t, 0, pile=["d1-orca-5"])  # N = 1
    give_power(t, "orca", 0)
    out = t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    assert of(out, ev.PowerTaken)[0].from_seat == 0 and t.holder("orca") == 0


def test_token_on_an_end_card_forces_the_direction() -> None:
    t = basic()
    set_tokens(t, moose=0)
    out = t.play(mv.PlaceCard(seat=0, card="d1-moose-3"))  # moose + puffin
    assert out[-1] == ev.TokensMoved(seat=0, main="moose", main_step=1, companion="puffin", companion_step=-1)
    assert t.state.phase == "draw"
    t.rejects(mv.MoveTokens(seat=0, up="moose"), "arctic.wrong_step")


def test_tokens_on_opposite_ends_move_inward() -> None:
    t = basic()
    set_tokens(t, moose=5, puffin=0)
    out = t.play(mv.PlaceCard(seat=0, card="d1-moose-3"))
    assert out[-1] == ev.TokensMoved(seat=0, main="moose", main_step=-1, companion="puffin", companion_step=1)


def test_both_tokens_on_the_same_end_both_move_inward() -> None:
    for end, step in ((0, 1), (5, -1)):
        t = basic()
        set_tokens(t, moose=end, puffin=end)
        out = t.play(mv.PlaceCard(seat=0, card="d1-moose-3"))
        assert out[-1] == ev.TokensMoved(seat=0, main="moose", main_step=step, companion="puffin", companion_step=step)
        assert t.token("moose") == t.token("puffin") == end + step


def test_only_the_card_animals_can_go_up() -> None:
    t = basic()
    t.play(mv.PlaceCard(seat=0, card="d1-moose-3"))
    t.rejects(mv.MoveTokens(seat=0, up="orca"), "arctic.token_direction")
    set_tokens(t, puffin=5)  # puffin on the 15: only moose can go up
    t.rejects(mv.MoveTokens(seat=0, up="puffin"), "arctic.token_direction")
    assert t.state.phase == "tokens"


def test_river_slot_checks() -> None:
    t = basic()
    t.play(mv.PlaceCard(seat=0, card="d1-moose-3"), mv.MoveTokens(seat=0, up="moose"))
    t.rejects(mv.TakeFromRiver(seat=0, slot=6), "arctic.river_slot_invalid")
    t.play(mv.TakeFromRiver(seat=0, slot=1))
    t.rejects(mv.TakeFromRiver(seat=0, slot=1), "arctic.river_slot_empty")


def test_hand_limit_discards_down_to_seven_into_the_penalty_zone() -> None:
    t = basic()
    hand = ["d1-moose-3", "d1-fox-1", "d1-orca-2", "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4"]
    position(t, 0, hand=hand)
    t.play(mv.PlaceCard(seat=0, card="d1-moose-3"), mv.MoveTokens(seat=0, up="moose"))
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in (0, 1, 2)))  # 6 + 3 = 9 cards
    assert t.state.phase == "discard"
    t.rejects(mv.TakeFromRiver(seat=0, slot=3), "arctic.wrong_step")
    t.rejects(mv.Discard(seat=0, card="d1-puffin-5"), "arctic.card_not_in_hand")
    assert t.play(mv.Discard(seat=0, card="d1-fox-1")) == [ev.CardDiscarded(seat=0, card="d1-fox-1")]
    out = t.play(mv.Discard(seat=0, card=RIVER[0]))
    assert types(out)[:2] == ["CardDiscarded", "RiverRefilled"]
    assert t.penalty(0) == ["d1-fox-1", RIVER[0]] and len(t.hand(0)) == 7
    assert t.state.active == 1
