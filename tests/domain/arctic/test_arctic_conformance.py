"""Rule sentences of shared/rules/arctic.md that had no test of their own (conformance review)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.legal import legal_moves
from domain.arctic.scoring import seat_score
from domain.arctic.state import GameState, PlayerState

from .support import Table, finish_turn, give_power, of, position, set_tokens, sides, types

RESERVE = ["d2-polar_bear-1", "d2-polar_bear-2", "d2-polar_bear-3", "d2-polar_bear-4", "d2-polar_bear-5"]
RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]


def table(start_seat: int = 0, **power_sides: str) -> Table:
    t = Table(reserve=RESERVE, hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER,
              power_sides=sides(**power_sides), start_seat=start_seat)  # fmt: skip
    if start_seat == 0:
        position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3
    return t


def final_pile_of(t: Table, cards: int) -> Table:
    """Given: the draw pile ran out, the reserve is the draw pile and holds ``cards`` cards."""
    return t.edit(
        lambda s: replace(s, deck=s.reserve, draw_left=cards, reserve=(), reserve_left=0, reserve_in_use=True)
    )


# --- §7.1-7.4: the end of the game ---------------------------------------------------------------
@pytest.mark.parametrize("start_seat", [0, 1, 2])
@pytest.mark.parametrize("draw_left", [1, 3, 5, 7])
def test_7_the_round_is_finished_then_everyone_plays_a_final_turn_from_the_start_player(
    start_seat: int, draw_left: int
) -> None:
    t = Table(players=3, start_seat=start_seat).edit(lambda s: replace(s, draw_left=draw_left))
    out: list = []
    while not RULES.is_finished(t.state):
        out += finish_turn(t)
    i = types(out).index("DrawPileExhausted")
    starts = [e for e in out if isinstance(e, ev.TurnStarted)]
    trigger = [e for e in out[:i] if isinstance(e, ev.TurnStarted)]
    seat = trigger[-1].seat if trigger else start_seat  # whose turn emptied the draw pile
    after = [(e.seat, e.final) for e in out[i:] if isinstance(e, ev.TurnStarted)]
    rest: list[tuple[int, bool]] = []
    nxt = (seat + 1) % 3
    while nxt != start_seat:  # §7.3: finish the round, with step 3
        rest.append((nxt, False))
        nxt = (nxt + 1) % 3
    rest += [((start_seat + k) % 3, True) for k in range(3)]  # §7.4: one final turn each
    assert after == rest
    assert len({p.turns for p in t.state.players}) == 1  # equal turns
    assert all(not e.final for e in starts[: len(starts) - 3])
    f = types(out).index("FinalRoundStarted")
    assert "DrawingEnded" not in types(out[f:]) and "RiverRefilled" not in types(out[f:])
    assert types(out)[-1] == "GameFinished"


def test_7_2_orca_b_draws_continue_from_the_reserve() -> None:
    t = give_power(table(orca="B"), "orca", 0).edit(lambda s: replace(s, draw_left=1))
    last = cat.CARD_IDS[t.state.deck[-1]]
    position(t, 0, pile=["d1-orca-5"])  # N = 1
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))  # draw value 3
    out = t.play(mv.TakeFromDrawPile(seat=0), mv.TakeFromDrawPile(seat=0), mv.TakeFromDrawPile(seat=0))
    assert [e.card for e in of(out, ev.CardTakenFromDrawPile)] == [last, RESERVE[0], RESERVE[1]]
    assert types(out)[:2] == ["CardTakenFromDrawPile", "DrawPileExhausted"]
    assert types(out).count("DrawPileExhausted") == 1
    assert t.state.draw_left == 3 and of(out, ev.RiverRefilled) == []  # the River was not touched


def test_7_4_final_turn_penalties_come_from_the_final_pile_while_it_lasts() -> None:
    t = final_pile_of(table(), 1).edit(lambda s: replace(s, final_round=True))
    position(t, 0, hand=["d1-fox-3"])  # N = 3, one card: two penalties due, one card left
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=2)
    assert [e.card for e in of(out, ev.PenaltyCardDrawn)] == [RESERVE[4]]  # the last card of the final pile
    assert "DrawPileExhausted" not in types(out)  # the reserve ran out: nothing more happens
    assert t.penalty(0) == [RESERVE[4]] and t.state.draw_left == 0


def test_7_final_turn_step_1_powers_fox_and_moose_b_are_offered() -> None:
    t = table(moose="B").edit(lambda s: replace(s, final_round=True, reserve_in_use=True))
    give_power(t, "fox", 0)
    give_power(t, "moose", 0)
    assert mv.UseMooseB(seat=0, delta=-1) in legal_moves(t.state)
    t.play(mv.UseMooseB(seat=0, delta=-1), mv.PlaceCard(seat=0, card="d1-orca-2"))
    assert mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down") in legal_moves(t.state)
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=0)
    assert t.state.players[0].pile_down == (False, True, False)


def test_7_cards_left_in_hand_cost_nothing() -> None:
    p = PlayerState(pile=(0, 1), pile_down=(False, False), hand=(10, 11, 12, 13, 14, 15, 16), penalty=(20,),
                    totem=cat.FOX)  # fmt: skip
    s = GameState(names=("a",), players=(p,), sides=(0,) * 6)
    sc = seat_score(s, 0)
    assert sc.penalty == -1 and sc.total == sc.runs_total + sc.diversity + sc.totem - 1


# --- §5 / §6 -------------------------------------------------------------------------------------------
def test_5_step_2_no_limit_on_tokens_per_card() -> None:
    t = table()
    set_tokens(t, fox=3, orca=1, moose=3, walrus=3, puffin=3, polar_bear=3)
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="orca"))  # fox 3 -> 2, orca 1 -> 2
    assert t.token("fox") == t.token("orca") == 2
    assert sum(1 for pos in t.state.tokens if pos == 3) == 4


def test_5_step_3_refill_comes_after_the_discards_and_polar_bear_b() -> None:
    t = give_power(table(polar_bear="B"), "polar_bear", 0)
    hand = ["d1-fox-3", "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4", "d2-walrus-5", "d2-orca-1"]
    position(t, 0, pile=["d1-orca-5"], hand=hand)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in range(3)))  # 9 cards
    out = t.play(mv.Discard(seat=0, card="d2-walrus-1"), mv.Discard(seat=0, card="d2-walrus-2"))
    assert "RiverRefilled" not in types(out)
    out = t.play(mv.GivePenalty(seat=0, to_seat=1, card="d2-walrus-1"))
    assert types(out)[:5] == ["PenaltyCardGiven", "RiverRefilled", "RiverRefilled", "RiverRefilled", "TurnEnded"]


def test_6_a_power_works_every_turn_while_held() -> None:
    t = table(start_seat=0)
    give_power(t, "walrus", 0)
    position(t, 0, pile=["d1-orca-5"], hand=["d1-fox-3", "d1-moose-4", "d1-fox-1"])
    declined = []
    for _ in range(3):  # seat 0, seat 1 (no walrus card), seat 0 again
        declined += [e.seat for e in of(finish_turn(t), ev.PowerDeclined) if e.animal == "walrus"]
    assert t.holder("walrus") == 0
    assert declined == [0, 0]


# --- §7b ---------------------------------------------------------------------------------------------
def test_7b_1_puffin_b_only_before_the_first_card_and_before_moose_b() -> None:
    t = give_power(table(puffin="B"), "puffin", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.puffin_after_placing")
    assert mv.PuffinTakeBack(seat=0) not in legal_moves(t.state)
    t = give_power(table(puffin="B", moose="B"), "puffin", 0)
    give_power(t, "moose", 0)
    t.play(mv.UseMooseB(seat=0, delta=-1))
    t.rejects(mv.PuffinTakeBack(seat=0), "arctic.puffin_after_placing")


def test_7b_3_no_fox_b_when_the_top_card_is_face_down() -> None:
    t = give_power(table(puffin="B", fox="B"), "puffin", 0)
    give_power(t, "fox", 0)
    position(t, 0, pile=["d1-orca-5", "d1-walrus-2", "d1-walrus-3"], down=[False, True, False])
    t.play(mv.PuffinTakeBack(seat=0))  # the top card is now the face-down one: N = 1
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"), "arctic.no_visible_card")
    assert all(m.placement == "top" for m in legal_moves(t.state) if isinstance(m, mv.PlaceCard))


def test_7b_3_a_fox_card_may_be_the_only_card_placed_fox_b() -> None:
    t = give_power(table(fox="B"), "fox", 0)
    position(t, 0, pile=["d1-orca-5", "d1-walrus-3"], hand=["d1-fox-3"])  # N = 3, a single card
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=2)
    assert t.pile(0) == ["d1-fox-3", "d1-orca-5", "d1-walrus-3"]
    assert of(out, ev.PowerTaken)[0].animal == "walrus"  # the visible card stays


# --- §8 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("position_", "value"), list(enumerate((0, 1, 3, 6, 10, 15))))
def test_8_3_totem_scores_the_landscape_card_under_its_token(position_: int, value: int) -> None:
    tokens = [2] * 6
    tokens[cat.WALRUS] = position_
    p = PlayerState(totem=cat.WALRUS)
    s = GameState(names=("a",), players=(p,), tokens=tuple(tokens), sides=(0,) * 6)
    sc = seat_score(s, 0)
    assert (sc.totem_animal, sc.totem, sc.total) == ("walrus", value, value)


def test_8_2_diversity_counts_animals_with_a_run_of_two_even_when_not_adjacent() -> None:
    a = cat.ANIMAL_INDEX
    from domain.arctic.scoring import runs_score

    per, runs, diversity = runs_score([a["fox"], a["fox"], a["orca"], a["moose"], a["moose"], a["orca"], a["orca"]])
    assert per == {"fox": 1, "moose": 1, "orca": 1} and runs == 3 and diversity == 3


# --- §9 ------------------------------------------------------------------------------------------------
def test_9_reveals_are_checked_against_every_card_already_seen() -> None:
    from .test_arctic_public import RIVER as PUBLIC_RIVER
    from .test_arctic_public import revealed

    t = revealed()
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    for card in (PUBLIC_RIVER[0], "d1-orca-2"):  # in the River, on a pile
        t.rejects(mv.RevealCard(seat=1, zone="hand", card=card), "arctic.card_already_seen")
    t.rejects(mv.RevealCard(seat=1, zone="hand", card="d3-fox-1"), "arctic.card_not_in_game")
    t.rejects(mv.RevealCard(seat=1, zone="hand", card="nope"), "arctic.unknown_card")
    t.rejects(mv.RevealCard(seat=5, zone="hand", card="d1-fox-1"), "arctic.invalid_seat")
    t.rejects(mv.RevealTotem(seat=0, animal="wolf"), "arctic.totem_taken")  # type: ignore[arg-type]
    t.play(mv.RevealTotem(seat=0, animal="orca"))
    t.rejects(mv.RevealTotem(seat=1, animal="orca"), "arctic.totem_taken")
    t.rejects(mv.RevealTotem(seat=0, animal="fox"), "arctic.totem_already_known")
    t.play(mv.RevealCard(seat=1, zone="hand", card="d1-fox-1"))
    t.rejects(mv.RevealCard(seat=0, zone="hand", card="d1-fox-1"), "arctic.card_already_seen")  # in seat 1's hand


def test_7b_4_moose_b_after_puffin_b_changes_the_new_n() -> None:
    t = give_power(table(puffin="B", moose="B"), "puffin", 0)
    give_power(t, "moose", 0)
    position(t, 0, pile=["d1-orca-5", "d1-walrus-3"])  # N = 3; under it orca-5 (placement 1)
    t.play(mv.PuffinTakeBack(seat=0))
    assert t.play(mv.UseMooseB(seat=0, delta=1)) == [ev.PlacementValueChanged(seat=0, delta=1, placement_value=2)]
    t.play(mv.PlaceCard(seat=0, card="d1-walrus-3"))
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=2, shortfall=0)


def test_7b_6_the_hand_limit_is_checked_even_after_drawing_nothing() -> None:
    t = give_power(table(), "moose", 0)  # Moose A
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-polar_bear-1"))  # draw value 1
    if t.state.phase == "tokens":
        t.play(legal_moves(t.state)[0])
    hand = [*HAND[:3], "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4", "d2-walrus-5"]
    position(t, 0, hand=hand)  # eight cards (a position the rules never reach by themselves)
    out = t.play(mv.SetDrawDelta(seat=0, delta=-1))
    assert types(out) == ["DrawValueChanged", "DrawingEnded"] and out[1].drawn == 0
    assert t.state.phase == "discard"
