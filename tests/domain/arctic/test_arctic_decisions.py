"""``decisions.py``: every rules decision is a field of ``Decisions``; ``DEFAULT`` is ``arctic-2``.

Each switchable decision is tested with its default value and its alternative(s), on the same
position. The defaults themselves are covered by the rest of the suite (unchanged).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.arctic import RULES, ArcticRules
from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.consequences import advance
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import evolve, fold
from domain.arctic.legal import legal_moves
from domain.arctic.rules import decide
from domain.arctic.scoring import results, score, seat_score
from domain.arctic.setup import Setup, draw_pile_size, reserve_size, start
from domain.arctic.simulator import simulate
from domain.arctic.state import EMPTY, GameState, PlayerState
from domain.arctic.view import redact_event
from domain.errors import RuleViolation
from domain.game import Perspective

from .support import Table, give_power, of, position, sides, types

RESERVE = ["d2-polar_bear-1", "d2-polar_bear-2", "d2-polar_bear-3", "d2-polar_bear-4", "d2-polar_bear-5"]
RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]


class DTable(Table):
    """``support.Table`` whose moves and facts run under the decisions ``d``."""

    def __init__(self, d: Decisions, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.d = d
        self.state = fold(self.events, None, d)

    def given(self, *events: Any) -> DTable:
        for e in events:
            self.state = evolve(self.state, e, self.d)
            self.events.append(e)
        return self

    def play(self, *moves: Any) -> list[Any]:
        out: list[Any] = []
        for m in moves:
            new = decide(self.state, m, self.d)
            for e in new:
                self.state = evolve(self.state, e, self.d)
            self.events.extend(new)
            out.extend(new)
        return out

    def when(self, move: Any) -> list[Any]:
        return decide(self.state, move, self.d)

    def rejects(self, move: Any, code: str) -> RuleViolation:
        with pytest.raises(RuleViolation) as info:
            decide(self.state, move, self.d)
        assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value.message}"
        return info.value

    def legal(self) -> list[Any]:
        return legal_moves(self.state, self.d)

    def finish_turn(self) -> list[Any]:
        seat, turn = self.state.active, self.state.turn
        out: list[Any] = []
        while self.state.phase != "finished" and (self.state.active, self.state.turn) == (seat, turn):
            legal = self.legal()
            plain = [m for m in legal if not isinstance(m, mv.TakeFromRiver) or m.orca_refill is not False]
            out += self.play(plain[0])
        return out


def table(d: Decisions = DEFAULT, **power_sides: str) -> DTable:
    t = DTable(d, reserve=RESERVE, hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER,
               draw=DRAW, power_sides=sides(**power_sides))  # fmt: skip
    position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3
    return t


def to_draw(t: DTable, card: str = "d1-fox-3") -> DTable:
    """Seat 0 places ``card`` (N set to 1) and reaches its draw step."""
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card=card))
    while t.state.phase in ("tokens", "walrus"):
        t.play(mv.EndStep(seat=0) if t.state.phase == "walrus" else t.legal()[0])
    assert t.state.phase == "draw"
    return t


# --- the module itself --------------------------------------------------------------------------------
PINNED = (
    b'{"reserve_per_extra_player":5,"river_size":6,"hand_limit":7,"hand_limit_check":"every_draw_step",'
    b'"end_trigger":"last_card_taken","empty_pile_penalty":"skip","river_shortfall":"nothing",'
    b'"hand_cost_at_end":0,"final_turn":"place_and_tokens_only","puffin_timing":"before_first_card_and_moose_b",'
    b'"empty_hand_turn":"all_penalties_then_power","power_already_held":"power_taken_recorded",'
    b'"fox_last_card":"ends_placing",'
    b'"moose_b_timing":"any_time_while_placing","moose_b_plus_shortfall":"raised","moose_b_shortfall":"declared",'
    b'"moose_a_timing":"while_drawing",'
    b'"orca_a_refill":"optional_after_each_river_pick","polar_bear_b":"once_after_discards",'
    b'"river_refill_order":"lowest_empty_slot_first","tie_break":"closest_to_start","fox_wild_default":"best",'
    b'"fox_wild_exact_limit":4096,"fox_wild_deadline":"before_last_final_turn_ends",'
    b'"public_reveal_check":"unseen_card_of_decks_1_to_n","public_unnamed_card":"forget_zone",'
    b'"public_totems":"wait_for_all","early_reveal_visibility":"seat_only"}'
)


PINNED_2 = PINNED.replace(b'"moose_b_shortfall":"declared"', b'"moose_b_shortfall":"automatic"')


def test_the_decisions_of_arctic_1_and_arctic_2_are_pinned() -> None:
    # Changing a default changes the rules of every stored game: make a new rules version.
    assert msgspec.json.encode(dec.ARCTIC_1_DECISIONS) == PINNED
    assert msgspec.json.encode(DEFAULT) == PINNED_2
    assert dec.BY_RULES_VERSION == {"arctic-1": dec.ARCTIC_1_DECISIONS, "arctic-2": DEFAULT}
    assert dec.RULES_VERSION == "arctic-2"
    assert RULES.decisions is DEFAULT and RULES.rules_version == "arctic-2"
    assert RULES.rules_versions() == ("arctic-1", "arctic-2")
    assert msgspec.json.decode(PINNED, type=Decisions) == dec.ARCTIC_1_DECISIONS
    assert msgspec.json.decode(PINNED_2, type=Decisions) == DEFAULT
    assert (cat.HAND_LIMIT, cat.RIVER_SLOTS, cat.RESERVE_PER_EXTRA_PLAYER) == (7, 6, 5)


def test_other_decisions_need_another_rules_version() -> None:
    other = Decisions(hand_limit=8)
    with pytest.raises(ValueError, match="new rules version"):
        ArcticRules(other)
    with pytest.raises(ValueError, match="new rules version"):
        ArcticRules(DEFAULT, rules_version="arctic-1")
    assert ArcticRules(DEFAULT).rules_version == "arctic-2"
    assert ArcticRules(dec.ARCTIC_1_DECISIONS, rules_version="arctic-1").rules_version == "arctic-1"
    rules = ArcticRules(other, rules_version="arctic-1-hand8")
    started = rules.start(Setup(players=["a", "b"], seed=3))[0]
    assert started.rules_version == "arctic-1-hand8" and rules.fold([started]).rules_version == "arctic-1-hand8"


def test_fixed_decisions_have_a_single_value_and_numbers_a_range() -> None:
    for name in ("final_turn", "puffin_timing", "orca_a_refill", "public_totems", "river_refill_order"):
        with pytest.raises(ValueError, match=name):
            Decisions(**{name: "something_else"})
    for name, bad in (("hand_limit", 0), ("river_size", 13), ("reserve_per_extra_player", -1), ("tie_break", "coin")):
        with pytest.raises(ValueError, match=name):
            Decisions(**{name: bad})
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"end_trigger": "never"}', type=Decisions)
    assert dec.switchable() == {
        "reserve_per_extra_player": None,
        "river_size": None,
        "hand_limit": None,
        "hand_limit_check": ("every_draw_step", "after_drawing_cards"),
        "end_trigger": ("last_card_taken", "card_needed"),
        "empty_pile_penalty": ("skip", "count"),
        "river_shortfall": ("nothing", "penalty"),
        "hand_cost_at_end": None,
        "moose_b_plus_shortfall": ("raised", "printed"),
        "moose_b_shortfall": ("automatic", "declared"),
        "tie_break": ("closest_to_start", "furthest_from_start", "shared"),
        "fox_wild_default": ("best", "declared_only"),
        "fox_wild_exact_limit": None,
    }


# --- §4: reserve and River sizes --------------------------------------------------------------------
@pytest.mark.parametrize(("reserve", "river"), [(5, 6), (0, 6), (7, 4), (5, 8)])
@pytest.mark.parametrize("mode", ["full", "public"])
def test_reserve_and_river_sizes(reserve: int, river: int, mode: str) -> None:
    d = Decisions(reserve_per_extra_player=reserve, river_size=river)
    setup = Setup(players=["a", "b", "c"], seed=11, mode=mode, power_sides=dict.fromkeys(cat.ANIMALS, "A"))  # type: ignore[arg-type]
    events = start(setup)
    s = fold(events, None, d)
    assert reserve_size(3, d) == 2 * reserve and s.reserve_left == 2 * reserve
    assert len(s.river) == river and s.draw_left == draw_pile_size(3, d) == 90 - 2 * reserve - 9 - river
    if mode == "full":
        order = events[0].deck_order
        assert order is not None
        r = 2 * reserve
        assert [cat.CARD_IDS[c] for c in s.reserve] == order[:r]
        assert [cat.CARD_IDS[c] for c in s.river] == order[r + 9 : r + 9 + river]
        spectator = redact_event(events[0], Perspective(), None, d)
        assert [i for i, c in enumerate(spectator.deck_order) if c is not None] == list(range(r + 9, r + 9 + river))
        slot = river  # the first slot that does not exist
        with pytest.raises(RuleViolation) as info:
            decide(s, mv.PuffinSwap(seat=0, hand_card=cat.CARD_IDS[s.players[0].hand[0]], river_slot=slot), d)
        assert info.value.code in ("arctic.river_slot_invalid", "arctic.power_not_held")


def test_a_smaller_river_is_refilled_to_its_size() -> None:
    d = Decisions(river_size=4)
    t = DTable(d, hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=[*RIVER[:4], *DRAW[:2]],
               draw=DRAW[2:], power_sides=sides())  # fmt: skip
    assert t.river() == RIVER[:4]
    assert t.top_of_draw_pile(2) == DRAW[:2]  # the two cards a 6-card River would hold
    t.rejects(mv.TakeFromRiver(seat=0, slot=4), "arctic.wrong_step")  # not the draw step yet
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))  # draw value 2
    while t.state.phase != "draw":
        t.play(t.legal()[0])
    t.rejects(mv.TakeFromRiver(seat=0, slot=4), "arctic.river_slot_invalid")
    out = t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1))
    assert [e.slot for e in of(out, ev.RiverRefilled)] == [0, 1] and len(t.state.river) == 4


# --- §5 step 3, §7b.6: the hand limit ------------------------------------------------------------------
def eight_cards_after_drawing_nothing(d: Decisions) -> DTable:
    t = give_power(table(d), "moose", 0)  # Moose A
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card="d1-polar_bear-1"))  # draw value 1
    while t.state.phase == "tokens":
        t.play(t.legal()[0])
    position(t, 0, hand=[*HAND[:3], "d2-walrus-1", "d2-walrus-2", "d2-walrus-3", "d2-walrus-4", "d2-walrus-5"])
    t.play(mv.SetDrawDelta(seat=0, delta=-1))
    return t


@pytest.mark.parametrize(
    ("d", "discards"),
    [
        (DEFAULT, True),
        (Decisions(hand_limit_check="after_drawing_cards"), False),
        (Decisions(hand_limit=8), False),
        (Decisions(hand_limit=6), True),
    ],
)
def test_the_hand_limit_after_a_draw_step_that_drew_nothing(d: Decisions, discards: bool) -> None:
    t = eight_cards_after_drawing_nothing(d)
    assert (t.state.phase == "discard") is discards
    if discards:
        out = t.play(*(mv.Discard(seat=0, card=c) for c in t.hand(0)[: 8 - d.hand_limit]))
        assert len(t.hand(0)) == d.hand_limit and "TurnEnded" in types(out)
    else:
        assert t.state.active == 1 and len(t.hand(0)) == 8


@pytest.mark.parametrize("check", ["every_draw_step", "after_drawing_cards"])
def test_a_draw_step_that_drew_cards_always_checks_the_limit(check: str) -> None:
    d = Decisions(hand_limit=4, hand_limit_check=check)  # type: ignore[arg-type]
    t = to_draw(table(d))  # three cards left in hand, draw value 3
    t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1))
    out = t.play(mv.TakeFromRiver(seat=0, slot=2))
    assert types(out)[-1] == "DrawingEnded" and t.state.phase == "discard"
    t.play(mv.Discard(seat=0, card=t.hand(0)[0]))
    assert t.state.phase == "discard"
    t.play(mv.Discard(seat=0, card=t.hand(0)[0]))
    assert t.state.active == 1 and len(t.hand(0)) == 4


# --- §7.1: the end trigger ------------------------------------------------------------------------
def two_cards_left(d: Decisions) -> DTable:
    hands = [["d1-fox-3", "d1-orca-2", "d1-moose-4"], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]]
    t = DTable(d, reserve=RESERVE, hands=hands, river=RIVER, power_sides=sides())
    return t.edit(lambda s: replace(s, draw_left=2))


def test_end_trigger_last_card_taken() -> None:
    t = two_cards_left(DEFAULT)
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.MoveTokens(seat=0, up="orca"))  # draw 2
    out = t.play(
        mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1, orca_refill=False)
    )
    assert types(out)[-5:] == ["RiverRefilled", "RiverRefilled", "DrawPileExhausted", "TurnEnded", "TurnStarted"]
    assert t.state.reserve_in_use and t.state.draw_left == 5


def test_end_trigger_card_needed_waits_for_the_next_card() -> None:
    t = two_cards_left(Decisions(end_trigger="card_needed"))
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.MoveTokens(seat=0, up="orca"))
    out = t.play(
        mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1, orca_refill=False)
    )
    assert types(out)[-4:] == ["RiverRefilled", "RiverRefilled", "TurnEnded", "TurnStarted"]
    assert not t.state.reserve_in_use and t.state.draw_left == 0 and t.state.reserve_left == 5
    out = t.finish_turn()  # seat 1 draws: the refill needs a card, the reserve comes in
    i = types(out).index("DrawPileExhausted")
    assert out[i] == ev.DrawPileExhausted(reserve_size=5)
    assert out[i + 1] == ev.RiverRefilled(slot=out[i + 1].slot, card=RESERVE[0])
    assert types(out)[-2:] == ["FinalRoundStarted", "TurnStarted"] and out[-1].final


def test_end_trigger_card_needed_for_a_penalty_and_an_orca_b_draw() -> None:
    d = Decisions(end_trigger="card_needed")
    t2 = give_power(table(d, orca="B"), "orca", 0)
    t2.edit(lambda s: replace(s, draw_left=0))
    position(t2, 0, hand=["d1-fox-3"])
    out = t2.play(mv.PlaceCard(seat=0, card="d1-fox-3"))  # N = 3: two penalties
    assert types(out)[1:5] == ["PlacingEnded", "DrawPileExhausted", "PenaltyCardDrawn", "PenaltyCardDrawn"]
    assert t2.penalty(0) == RESERVE[:2] and t2.state.reserve_in_use
    t3 = give_power(table(d, orca="B"), "orca", 0)
    t3.edit(lambda s: replace(s, draw_left=0))
    to_draw(t3)
    assert mv.TakeFromDrawPile(seat=0) in t3.legal()
    assert t3.play(mv.TakeFromDrawPile(seat=0)) == [
        ev.DrawPileExhausted(reserve_size=5),
        ev.CardTakenFromDrawPile(seat=0, card=RESERVE[0]),
    ]
    t4 = give_power(table(d, orca="B"), "orca", 0)
    t4.edit(lambda s: replace(s, draw_left=0, reserve_left=0))
    to_draw(t4)
    assert mv.TakeFromDrawPile(seat=0) not in t4.legal()
    t4.rejects(mv.TakeFromDrawPile(seat=0), "arctic.draw_pile_empty")


# --- §7 edge decisions ------------------------------------------------------------------------------
def nothing_left(d: Decisions) -> DTable:
    t = table(d)
    return t.edit(lambda s: replace(s, draw_left=0, reserve_in_use=True, reserve_left=0))


@pytest.mark.parametrize("rule", ["skip", "count"])
def test_empty_pile_penalty(rule: str) -> None:
    t = nothing_left(Decisions(empty_pile_penalty=rule))  # type: ignore[arg-type]
    position(t, 0, hand=[])
    out = t.play(mv.EndStep(seat=0))  # N = 3, nothing to place
    assert out[0] == ev.PlacingEnded(seat=0, placed=0, shortfall=3)
    drawn = of(out, ev.PenaltyCardDrawn)
    if rule == "skip":
        assert drawn == [] and t.state.players[0].penalty_size == 0
    else:
        assert drawn == [ev.PenaltyCardDrawn(seat=0, card=None)] * 3
        assert t.state.players[0].penalty_size == 3 and t.penalty(0) == []
        assert seat_score(t.state, 0, 0, t.d).penalty == -3
    assert types(out)[1 + len(drawn)] == "PowerTaken"


def test_empty_pile_penalty_count_cannot_be_moved_by_polar_bear_in_full_mode() -> None:
    t = give_power(nothing_left(Decisions(empty_pile_penalty="count")), "polar_bear", 0)  # Polar bear A
    t.edit(lambda s: replace(s, river=(EMPTY,) * 6))
    position(t, 0, hand=[])
    t.play(mv.EndStep(seat=0))
    while t.state.phase in ("tokens", "walrus"):
        t.play(t.legal()[-1])  # walrus: EndStep
    assert t.state.active == 1 and t.state.players[0].penalty_size == 3  # nothing could be drawn


@pytest.mark.parametrize("rule", ["nothing", "penalty"])
def test_river_shortfall(rule: str) -> None:
    t = table(Decisions(river_shortfall=rule))  # type: ignore[arg-type]
    t.edit(lambda s: replace(s, river=(s.river[0],) + (EMPTY,) * 5))
    to_draw(t)  # draw value 3, one River card
    out = t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False))
    if rule == "nothing":
        assert types(out)[:2] == ["CardTakenFromRiver", "DrawingEnded"] and t.penalty(0) == []
    else:
        assert types(out)[:4] == ["CardTakenFromRiver", "PenaltyCardDrawn", "PenaltyCardDrawn", "DrawingEnded"]
        assert t.penalty(0) == DRAW[:2]
    assert of(out, ev.DrawingEnded) == [ev.DrawingEnded(seat=0, drawn=1)]


def test_river_shortfall_penalty_when_nothing_is_left_follows_empty_pile_penalty() -> None:
    for rule, penalties in (("skip", 0), ("count", 2)):
        t = nothing_left(Decisions(river_shortfall="penalty", empty_pile_penalty=rule))  # type: ignore[arg-type]
        t.edit(lambda s: replace(s, river=(s.river[0],) + (EMPTY,) * 5))
        to_draw(t)
        t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False))
        assert t.state.players[0].penalty_size == penalties


def small_state(hands: tuple[int, int], start_seat: int = 0) -> GameState:
    piles = (("d1-fox-1", "d1-fox-2"), ("d2-fox-1", "d2-fox-2"))
    players = tuple(
        PlayerState(pile=tuple(cat.CARD_INDEX[c] for c in pile), pile_down=(False, False), totem=seat,
                    hand=tuple(cat.CARD_INDEX[f"d{seat + 1}-orca-{k + 1}"] for k in range(hands[seat])))
        for seat, pile in enumerate(piles)
    )  # fmt: skip
    return GameState(names=("a", "b"), players=players, start_seat=start_seat, sides=(0,) * 6)


@pytest.mark.parametrize("cost", [0, 1, 2])
def test_cards_left_in_hand(cost: int) -> None:
    s = small_state((3, 0))
    d = Decisions(hand_cost_at_end=cost)
    sc = score(s, d)
    assert [x.penalty for x in sc] == [-3 * cost, 0]
    assert [x.rank for x in sc] == ([1, 2] if cost == 0 else [2, 1])
    assert results(s, d)[0].breakdown["penalty"] == sc[results(s, d)[0].seat].penalty


# --- §8: ties -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tie_break", "ranks", "order"),
    [
        ("closest_to_start", [2, 3, 1], [2, 0, 1]),
        ("furthest_from_start", [2, 1, 3], [1, 0, 2]),
        ("shared", [1, 1, 1], [2, 0, 1]),
    ],
)
def test_tie_break(tie_break: str, ranks: list[int], order: list[int]) -> None:
    d = Decisions(tie_break=tie_break)  # type: ignore[arg-type]
    piles = [("d1-fox-1", "d1-fox-2"), ("d2-fox-1", "d2-fox-2"), ("d3-fox-1", "d3-fox-2")]
    players = tuple(
        PlayerState(pile=tuple(cat.CARD_INDEX[c] for c in p), pile_down=(False, False), totem=cat.FOX) for p in piles
    )
    s = GameState(names=("a", "b", "c"), players=players, start_seat=2, sides=(0,) * 6, phase="totems")
    assert [sc.total for sc in score(s, d)] == [4, 4, 4]
    assert [sc.rank for sc in score(s, d)] == ranks
    assert [r.seat for r in results(s, d)] == order
    _, events = advance(s, [], d)
    assert isinstance(events[-1], ev.GameFinished) and events[-1].winner == order[0]


# --- §6 Moose B, +1 with too few cards ------------------------------------------------------------
@pytest.mark.parametrize(("rule", "penalties"), [("raised", 1), ("printed", 0)])
def test_moose_b_plus_one_with_too_few_cards(rule: str, penalties: int) -> None:
    t = give_power(table(Decisions(moose_b_plus_shortfall=rule), moose="B"), "moose", 0)  # type: ignore[arg-type]
    position(t, 0, pile=["d1-orca-5"], hand=["d1-fox-3"])  # N = 1, one card
    t.play(mv.UseMooseB(seat=0, delta=1))
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=penalties)
    assert len(of(out, ev.PenaltyCardDrawn)) == penalties


def test_moose_b_minus_one_is_the_same_under_both_rules() -> None:
    for rule in ("raised", "printed"):
        declared = Decisions(moose_b_plus_shortfall=rule, moose_b_shortfall="declared")  # type: ignore[arg-type]
        t = give_power(table(declared, moose="B"), "moose", 0)
        position(t, 0, hand=["d1-fox-3"])  # N = 3, one card
        t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
        out = t.play(mv.UseMooseB(seat=0, delta=-1))
        assert out[1] == ev.PlacingEnded(seat=0, placed=1, shortfall=1)
        t = give_power(table(Decisions(moose_b_plus_shortfall=rule), moose="B"), "moose", 0)  # type: ignore[arg-type]
        position(t, 0, hand=["d1-fox-3"])
        out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))  # automatic: the same -1, by itself
        assert out[1:3] == [
            ev.PlacementValueChanged(seat=0, delta=-1, placement_value=2),
            ev.PlacingEnded(seat=0, placed=1, shortfall=1),
        ]


# --- §6 Fox A wild cards ----------------------------------------------------------------------------
def wild_state() -> GameState:
    pile = ("d1-fox-1", "d1-walrus-1", "d1-fox-2", "d1-fox-3")  # the walrus card face down
    p = PlayerState(pile=tuple(cat.CARD_INDEX[c] for c in pile), pile_down=(False, True, False, False), totem=cat.FOX)
    return GameState(names=("a",), players=(p,), sides=(0,) * 6)


def test_fox_wild_default() -> None:
    s = wild_state()
    best = Decisions(fox_wild_default="best")
    declared_only = Decisions(fox_wild_default="declared_only")
    assert seat_score(s, 0, 0, best).fox_wild == ["fox"] and seat_score(s, 0, 0, best).runs == {"fox": 6}
    sc = seat_score(s, 0, 0, declared_only)
    assert sc.fox_wild == [None] and sc.runs == {"fox": 1}
    s2 = evolve(s, ev.FoxWildDeclared(seat=0, position=1, animal="fox"), declared_only)
    assert seat_score(s2, 0, 0, declared_only).runs == {"fox": 6}


def test_fox_wild_exact_limit_one_still_finds_the_best_here() -> None:
    s = wild_state()
    assert seat_score(s, 0, 0, Decisions(fox_wild_exact_limit=1)) == seat_score(s, 0, 0)


# --- whole games under other decisions -------------------------------------------------------------
VARIANTS = [
    Decisions(end_trigger="card_needed"),
    Decisions(end_trigger="card_needed", reserve_per_extra_player=0),
    Decisions(empty_pile_penalty="count", river_shortfall="penalty", hand_cost_at_end=1),
    Decisions(hand_limit=4, hand_limit_check="after_drawing_cards", river_size=4),
    Decisions(river_size=9, reserve_per_extra_player=8, moose_b_plus_shortfall="printed"),
    Decisions(tie_break="shared", fox_wild_default="declared_only", fox_wild_exact_limit=2),
]


@pytest.mark.parametrize(
    "d",
    VARIANTS,
    ids=lambda d: ",".join(f"{k}={v}" for k, v in msgspec.structs.asdict(d).items() if getattr(DEFAULT, k) != v),
)
def test_whole_games_under_other_decisions(d: Decisions) -> None:
    rules = ArcticRules(d, rules_version="arctic-test")
    for players in (2, 3, 4):
        for seed in (1, 2):
            full = simulate(players, seed, decisions=d)
            public = simulate(players, seed, mode="public", decisions=d)
            s_full, s_public = rules.fold(full.events), rules.fold(public.events)
            assert rules.is_finished(s_full) and rules.is_finished(s_public)
            assert [sc.total for sc in rules.score(s_full)] == [sc.total for sc in rules.score(s_public)]
            assert isinstance(full.events[-1], ev.GameFinished) and full.events[-1].scores == rules.score(s_full)
            assert all(len(s.river) == d.river_size for s in (s_full, s_public))
            assert sum(1 for e in full.events if isinstance(e, ev.DrawPileExhausted)) == 1
            for e in public.events:
                rules.describe(e, "en")
            check_every_step(full.events, d)


def check_every_step(events: list[Any], d: Decisions) -> None:
    """Full mode: every card is somewhere exactly once; hands within the limit at each turn's end."""
    s = GameState()
    for e in events:
        s = evolve(s, e, d)
        if not s.names:
            continue
        n = len(s.names)
        cards = list(s.deck[len(s.deck) - s.draw_left :]) + [c for c in s.river if c != EMPTY]
        if not s.reserve_in_use:
            cards += list(s.reserve[: s.reserve_left])
        for p in s.players:
            cards += [*p.hand, *p.pile, *p.penalty]
            assert p.hand_unknown == 0 and (p.penalty_unknown == 0 or d.empty_pile_penalty == "count")
        assert sorted(cards) == list(range(30 * n)), f"after {e}"
        if isinstance(e, ev.TurnEnded) and not s.final_round and d.hand_limit_check == "every_draw_step":
            assert s.players[e.seat].hand_size <= d.hand_limit
