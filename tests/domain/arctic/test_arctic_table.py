"""Issue 18: recording a table as it is played, in both modes.

Implicit Moose powers (an (N+1)-th card, a (D+1)-th draw, a Fox card as the (N-1)-th, stopping one
card short), ``face_down`` cards that keep what the record knows, reveals after the end, cards named
on an Orca-B draw and on refills. Full mode keeps its behaviour: placing and drawing still end by
themselves at N and D, so an (N+1)-th card there needs the explicit declaration.
"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.describe import describe
from domain.arctic.evolve import evolve, fold
from domain.arctic.legal import legal_moves
from domain.arctic.queries import step_open
from domain.arctic.rules import decide
from domain.arctic.scoring import score
from domain.arctic.simulator import simulate, to_public
from domain.arctic.state import GameState
from domain.arctic.table import ANY_UNSEEN, table_choices
from domain.arctic.view import redact_event
from domain.game import Perspective, state_hash

from .support import Table, give_power, of, position, sides, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]
MODES = ["full", "public"]


def public(t: Table) -> Table:
    """The same position recorded in public mode: the deck order is not known, the cards on the
    table (hands here, River) stay known."""
    return t.edit(lambda s: replace(s, mode="public", deck=(), reserve=()))


def table(mode: str, **power_sides: str) -> Table:
    t = Table(hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER, draw=DRAW,
              power_sides=sides(**power_sides))  # fmt: skip
    t = position(t, 0, pile=["d1-walrus-3"], hand=HAND)  # N = 3, D = 3
    return public(t) if mode == "public" else t


def to_draw(t: Table, card: str = "d1-fox-3") -> Table:
    """Seat 0 places ``card`` on an N = 1 pile and reaches its draw step (D of ``card``)."""
    position(t, 0, pile=["d1-orca-5"])
    t.play(mv.PlaceCard(seat=0, card=card))
    if step_open(t.state):
        t.play(mv.EndStep(seat=0))
    while t.state.phase in ("tokens", "walrus"):
        t.play(legal_moves(t.state)[0] if t.state.phase == "tokens" else mv.EndStep(seat=0))
    assert t.state.phase == "draw"
    return t


def with_penalty(t: Table, seat: int, known: list[str], unknown: int) -> Table:
    def fn(s: GameState) -> GameState:
        p = replace(s.players[seat], penalty=tuple(cat.CARD_INDEX[c] for c in known), penalty_unknown=unknown)
        players = list(s.players)
        players[seat] = p
        return replace(s, players=tuple(players))

    return t.edit(fn)


# --- 1. Moose B: an (N+1)-th card ------------------------------------------------------------------
def test_public_an_n_plus_1th_card_is_moose_b_plus_one() -> None:
    t = give_power(table("public", moose="B"), "moose", 0)
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:3]))
    assert t.state.phase == "place" and step_open(t.state)  # the table may still see a 4th card
    out = t.play(mv.PlaceCard(seat=0, card=HAND[3]))
    assert out[:3] == [
        ev.PlacementValueChanged(seat=0, delta=1, placement_value=4),
        ev.CardPlaced(seat=0, card=HAND[3]),
        ev.PlacingEnded(seat=0, placed=4, shortfall=0),
    ]
    assert describe(out[0], "en", ["Nanook", "Ulla"]) == "Nanook uses Moose B: places a 4th card"
    assert describe(out[0], "fr", ["Nanook", "Ulla"]) == "Nanook utilise Élan B : pose une 4e carte"


def test_public_the_open_placing_is_closed_by_the_next_move_or_end_step() -> None:
    t = give_power(table("public", moose="B"), "moose", 0)
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:3]))
    legal = legal_moves(t.state)
    assert mv.PlaceCard(seat=0, card=HAND[3]) in legal and mv.EndStep(seat=0) in legal
    tokens = [m for m in legal if isinstance(m, mv.MoveTokens)]
    assert tokens  # the moves of step 2 are accepted too: they close the placing
    closed = t.when(tokens[0])
    assert closed[0] == ev.PlacingEnded(seat=0, placed=3, shortfall=0)
    assert of(closed, ev.PlacementValueChanged) == []
    assert types(t.when(mv.EndStep(seat=0)))[:2] == ["PlacingEnded", "PenaltyCardDrawn"] or types(
        t.when(mv.EndStep(seat=0))
    )[:2] == ["PlacingEnded", "PowerTaken"]
    # an explicit declaration is still valid at this point
    assert t.when(mv.UseMooseB(seat=0, delta=1)) == [ev.PlacementValueChanged(seat=0, delta=1, placement_value=4)]


def test_full_placing_still_ends_by_itself_at_n_and_the_declaration_comes_first() -> None:
    t = give_power(table("full", moose="B"), "moose", 0)
    out = t.play(*(mv.PlaceCard(seat=0, card=c) for c in HAND[:3]))
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=3, shortfall=0)]
    t.rejects(mv.PlaceCard(seat=0, card=HAND[3]), "arctic.wrong_step")
    t = give_power(table("full", moose="B"), "moose", 0)
    t.play(mv.UseMooseB(seat=0, delta=1), *(mv.PlaceCard(seat=0, card=c) for c in HAND))
    assert len(t.pile(0)) == 5


def test_full_an_n_plus_1th_card_after_the_placing_ended_is_refused_with_the_reason() -> None:
    """Full mode ended the placing at the N-th card and took its power in the same move: the table's
    (N+1)-th card cannot reopen it (rules notes), the refusal says what to record instead."""
    t = give_power(table("full", moose="B"), "moose", 0)
    t.play(*(mv.PlaceCard(seat=0, card=c) for c in (HAND[0], HAND[1], HAND[3])))  # the last one no moose
    before = state_hash(t.state)
    refused = t.rejects(mv.PlaceCard(seat=0, card=HAND[2]), "arctic.wrong_step")
    assert "record Moose B (+1) before the last card due" in refused.message
    assert refused.legal and all(not isinstance(m, mv.PlaceCard) for m in refused.legal)
    assert state_hash(t.state) == before
    t = give_power(table("full", moose="B"), "moose", 0)
    out = t.play(mv.UseMooseB(seat=0, delta=1))
    assert describe(out[0], "en", ["Nanook", "Ulla"]) == "Nanook uses Moose B: places a 4th card"
    assert describe(out[0], "es", ["Nanook", "Ulla"]) == "Nanook usa Alce B: coloca una 4.ª carta"


def test_full_the_state_after_the_nth_card_cannot_say_whom_its_power_came_from() -> None:
    """Why full mode cannot reopen its placing (rules notes): two games that differ only in who held
    the power the N-th card takes reach the same state, so no move could undo that take correctly."""
    outcomes = []
    for holder in (None, 1):
        t = give_power(table("full", moose="B"), "moose", 0)
        if holder is not None:
            give_power(t, "orca", holder)
        out = t.play(*(mv.PlaceCard(seat=0, card=c) for c in (HAND[0], HAND[3], HAND[1])))  # orca last
        assert of(out, ev.PowerTaken)[0].from_seat == holder
        outcomes.append(state_hash(t.state))
    assert outcomes[0] == outcomes[1]


def test_full_a_card_after_the_turn_passed_is_the_next_players_turn() -> None:
    t = give_power(table("full", moose="B"), "moose", 0)
    while t.state.active == 0:
        t.play(legal_moves(t.state)[0])
    t.rejects(mv.PlaceCard(seat=0, card=HAND[3]), "arctic.not_your_turn")


@pytest.mark.parametrize("mode", MODES)
def test_a_fox_card_as_the_n_minus_1th_card_is_moose_b_minus_one(mode: str) -> None:
    t = give_power(give_power(table(mode, moose="B", fox="A"), "moose", 0), "fox", 0)
    t.play(mv.PlaceCard(seat=0, card=HAND[0]))
    out = t.play(mv.PlaceCard(seat=0, card=HAND[1], placement="face_down"))
    assert out[:3] == [
        ev.PlacementValueChanged(seat=0, delta=-1, placement_value=2),
        ev.CardPlaced(seat=0, card=HAND[1], placement="face_down"),
        ev.PlacingEnded(seat=0, placed=2, shortfall=0),
    ]
    assert describe(out[0], "en", ["Nanook", "Ulla"]) == "Nanook uses Moose B: places 2 cards this turn"
    t = give_power(table(mode, fox="A"), "fox", 0)  # no Moose B: still refused
    t.play(mv.PlaceCard(seat=0, card=HAND[0]))
    t.rejects(mv.PlaceCard(seat=0, card=HAND[1], placement="face_down"), "arctic.fox_not_last_card")


@pytest.mark.parametrize("mode", MODES)
def test_stopping_one_card_short_is_moose_b_minus_one(mode: str) -> None:
    t = give_power(table(mode, moose="B"), "moose", 0)
    t.play(mv.PlaceCard(seat=0, card=HAND[0]))
    t.rejects(mv.EndStep(seat=0), "arctic.wrong_placement_count")  # two short: no power says that
    t.play(mv.PlaceCard(seat=0, card=HAND[1]))
    assert mv.EndStep(seat=0) in legal_moves(t.state)
    out = t.play(mv.EndStep(seat=0))
    assert out[:2] == [
        ev.PlacementValueChanged(seat=0, delta=-1, placement_value=2),
        ev.PlacingEnded(seat=0, placed=2, shortfall=0),
    ]
    assert mv.EndStep(seat=0) not in legal_moves(t.state, implicit=False) or t.state.phase != "place"


# --- 1. Moose A: a (D+1)-th draw ---------------------------------------------------------------------
def test_public_a_d_plus_1th_draw_is_moose_a_plus_one() -> None:
    t = to_draw(give_power(table("public"), "moose", 0), "d1-polar_bear-1")  # D = 1
    t.play(mv.TakeFromRiver(seat=0, slot=0))
    assert t.state.phase == "draw" and step_open(t.state)
    out = t.play(mv.TakeFromRiver(seat=0, slot=1))
    assert out[:3] == [
        ev.DrawValueChanged(seat=0, delta=1, draw_value=2),
        ev.CardTakenFromRiver(seat=0, slot=1, card=RIVER[1]),
        ev.DrawingEnded(seat=0, drawn=2),
    ]
    assert describe(out[0], "en", ["Nanook", "Ulla"]) == "Nanook uses Moose A: takes a 2nd card"


def test_public_the_open_drawing_closes_when_the_refill_is_revealed() -> None:
    t = to_draw(give_power(table("public"), "moose", 0), "d1-polar_bear-1")
    t.play(mv.TakeFromRiver(seat=0, slot=0))
    out = t.play(mv.RevealRiver(slot=0, card="d2-orca-1"))
    assert types(out)[:3] == ["DrawingEnded", "TurnEnded", "TurnStarted"] or types(out)[0] == "DrawingEnded"
    assert of(out, ev.RiverRefilled) == [ev.RiverRefilled(slot=0, card=None)]
    assert out[-1] == ev.RiverCardRevealed(slot=0, card="d2-orca-1")
    assert of(out, ev.DrawValueChanged) == []


def test_full_drawing_still_ends_by_itself_at_d() -> None:
    t = to_draw(give_power(table("full"), "moose", 0), "d1-polar_bear-1")
    out = t.play(mv.TakeFromRiver(seat=0, slot=0))
    assert of(out, ev.DrawingEnded) == [ev.DrawingEnded(seat=0, drawn=1)]


def test_full_a_d_plus_1th_draw_after_the_drawing_ended_is_refused_with_the_reason() -> None:
    t = to_draw(give_power(give_power(table("full", polar_bear="B"), "moose", 0), "polar_bear", 0), "d1-polar_bear-1")
    t = with_penalty(t, 0, ["d1-moose-1"], 0)
    out = t.play(mv.TakeFromRiver(seat=0, slot=0))  # D = 1: the drawing ends, Polar bear B waits
    assert of(out, ev.DrawingEnded) == [ev.DrawingEnded(seat=0, drawn=1)] and t.state.phase == "give"
    refused = t.rejects(mv.TakeFromRiver(seat=0, slot=1), "arctic.wrong_step")
    assert "record Moose A (+1) before the last draw due" in refused.message
    t = to_draw(give_power(table("full"), "moose", 0), "d1-polar_bear-1")
    out = t.play(mv.SetDrawDelta(seat=0, delta=1), mv.TakeFromRiver(seat=0, slot=0), mv.TakeFromRiver(seat=0, slot=1))
    assert of(out, ev.DrawingEnded) == [ev.DrawingEnded(seat=0, drawn=2)]
    assert describe(out[0], "fr", ["Nanook", "Ulla"]) == "Nanook utilise Élan A : prend une 2e carte"


@pytest.mark.parametrize("mode", MODES)
def test_stopping_one_draw_short_is_moose_a_minus_one(mode: str) -> None:
    t = to_draw(give_power(table(mode), "moose", 0), "d1-fox-3")  # D = 3
    t.play(mv.TakeFromRiver(seat=0, slot=0))
    t.rejects(mv.EndStep(seat=0), "arctic.wrong_step")  # two short
    t.play(mv.TakeFromRiver(seat=0, slot=1))
    out = t.play(mv.EndStep(seat=0))
    assert out[:2] == [ev.DrawValueChanged(seat=0, delta=-1, draw_value=2), ev.DrawingEnded(seat=0, drawn=2)]
    assert describe(out[0], "fr", ["Nanook", "Ulla"]) == "Nanook utilise Élan A : pioche 2 cartes ce tour"


# --- 2. face_down: one of the unknown cards ----------------------------------------------------------
def test_public_polar_bear_a_face_down_keeps_the_face_up_discards() -> None:
    t = with_penalty(to_draw(give_power(table("public", polar_bear="A"), "polar_bear", 0)), 0, ["d1-moose-1"], 2)
    out = t.play(mv.TakeFromPenalty(seat=0, card=mv.FACE_DOWN))
    assert out[0] == ev.CardTakenFromPenalty(seat=0, card="face_down")
    p = t.state.players[0]
    assert t.penalty(0) == ["d1-moose-1"] and p.penalty_unknown == 1
    # the old unnamed form still says only "a card": the zone's known cards become unknown
    t = with_penalty(to_draw(give_power(table("public", polar_bear="A"), "polar_bear", 0)), 0, ["d1-moose-1"], 2)
    t.play(mv.TakeFromPenalty(seat=0, card=None))
    assert t.penalty(0) == [] and t.state.players[0].penalty_unknown == 2
    t = with_penalty(to_draw(give_power(table("public", polar_bear="A"), "polar_bear", 0)), 0, ["d1-moose-1"], 0)
    t.rejects(mv.TakeFromPenalty(seat=0, card=mv.FACE_DOWN), "arctic.no_unknown_card")


def test_public_polar_bear_b_gives_one_of_the_face_down_cards() -> None:
    t = give_power(table("public", polar_bear="B"), "polar_bear", 0)
    t = with_penalty(t, 0, ["d1-moose-1"], 1)
    to_draw(t, "d1-polar_bear-1")
    t.play(mv.TakeFromRiver(seat=0, slot=0))
    assert t.state.phase == "give"
    out = t.play(mv.GivePenalty(seat=0, to_seat=1, card=mv.FACE_DOWN))
    assert out[0] == ev.PenaltyCardGiven(seat=0, to_seat=1, card="face_down")
    assert t.penalty(0) == ["d1-moose-1"] and t.state.players[0].penalty_unknown == 0
    assert t.state.players[1].penalty_unknown == 1


def test_public_fox_a_and_discards_take_one_of_the_unknown_hand_cards() -> None:
    t = give_power(table("public", fox="A"), "fox", 0)
    t.edit(lambda s: replace(s, players=(replace(s.players[0], hand_unknown=1), *s.players[1:])))
    t.play(mv.PlaceCard(seat=0, card=HAND[0]), mv.PlaceCard(seat=0, card=HAND[1]))
    t.play(mv.PlaceCard(seat=0, card=mv.FACE_DOWN, placement="face_down"))
    assert t.hand(0) == HAND[2:] and t.state.players[0].hand_unknown == 0
    assert t.pile(0)[-2] is None  # the face-down card is not known


@pytest.mark.parametrize(
    "move",
    [
        mv.TakeFromPenalty(seat=0, card=mv.FACE_DOWN),
        mv.PlaceCard(seat=0, card=mv.FACE_DOWN, placement="top"),
    ],
)
def test_full_face_down_is_refused_every_card_is_named(move: Any) -> None:
    t = give_power(table("full", polar_bear="A"), "polar_bear", 0)
    if isinstance(move, mv.TakeFromPenalty):
        to_draw(with_penalty(t, 0, ["d1-moose-1"], 0))
    t.rejects(move, "arctic.card_required")


# --- 3. reveals after the end, cards named in the draw move ------------------------------------------
def finished_public() -> tuple[Any, Any]:
    full = simulate(2, 14)  # seat 0 ends with six cards the record never saw
    return full, to_public(full)


def test_public_hands_are_shown_after_game_finished_and_change_no_score() -> None:
    full, pub = finished_public()
    s = fold(pub.events)
    assert s.phase == "finished"
    seat = next(i for i, p in enumerate(s.players) if p.hand_unknown > 0)
    hidden = next(c for c in full_state(full).players[seat].hand if c not in s.players[seat].hand)
    before = score(s)
    out = decide(s, mv.RevealCard(seat=seat, zone="hand", card=cat.CARD_IDS[hidden]))
    assert out == [ev.CardRevealed(seat=seat, zone="hand", card=cat.CARD_IDS[hidden])]
    after = fold(out, s)
    assert hidden in after.players[seat].hand and score(after) == before
    assert redact_event(out[0], Perspective(), after) == out[0]  # after the end, spectators see it
    t = Table()
    t.state = s
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-1"), "arctic.game_finished")
    t.state = after
    t.rejects(mv.RevealCard(seat=seat, zone="hand", card=cat.CARD_IDS[hidden]), "arctic.card_already_seen")


def full_state(game: Any) -> GameState:
    return fold(game.events)


def test_full_mode_reveals_stay_refused_after_the_end() -> None:
    full, _ = finished_public()
    t = Table()
    t.state = full_state(full)
    t.rejects(mv.RevealCard(seat=0, zone="hand", card="d1-fox-1"), "arctic.not_public_mode")
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-1"), "arctic.game_finished")


def test_public_a_face_down_pile_card_is_turned_over_after_the_end_only() -> None:
    game = simulate(2, 0, power_sides={**sides(), "fox": "A"})
    full = full_state(game)
    pub = to_public(game)
    s = fold(pub.events)
    seat, pos = next((i, j) for i, p in enumerate(s.players) for j, down in enumerate(p.pile_down) if down)
    card = cat.CARD_IDS[full.players[seat].pile[pos]]
    out = decide(s, mv.RevealPileCard(seat=seat, position=pos, card=card))
    assert out == [ev.PileCardRevealed(seat=seat, position=pos, card=card)]
    after = fold(out, s)
    assert after.players[seat].pile[pos] == full.players[seat].pile[pos] and score(after) == score(s)
    t = Table()
    t.state = s
    t.rejects(mv.RevealPileCard(seat=seat, position=pos + 100, card=card), "arctic.no_unknown_card")
    mid = fold(pub.events[: len(pub.events) // 2])
    t.state = replace(mid, phase="place") if mid.phase != "place" else mid
    t.rejects(mv.RevealPileCard(seat=seat, position=0, card=card), "arctic.wrong_step")


@pytest.mark.parametrize("mode", MODES)
def test_orca_b_draw_may_name_the_card(mode: str) -> None:
    t = to_draw(give_power(table(mode, orca="B"), "orca", 0))
    top = "d2-fox-1" if mode == "full" else "d2-moose-2"
    if mode == "full":
        t.rejects(mv.TakeFromDrawPile(seat=0, card="d2-fox-2"), "arctic.card_mismatch")
    out = t.play(mv.TakeFromDrawPile(seat=0, card=top))
    assert out[0] == ev.CardTakenFromDrawPile(seat=0, card=top)
    assert top in t.hand(0)
    if mode == "public":
        t.rejects(mv.TakeFromDrawPile(seat=0, card=top), "arctic.card_already_seen")


def test_public_orca_a_refill_is_named_in_the_same_move() -> None:
    t = to_draw(give_power(table("public", orca="A"), "orca", 0))
    out = t.play(mv.TakeFromRiver(seat=0, slot=2, refill=["d2-orca-3"]))
    assert out[:3] == [
        ev.CardTakenFromRiver(seat=0, slot=2, card=RIVER[2]),
        ev.RiverRefilled(slot=2, card=None),
        ev.RiverCardRevealed(slot=2, card="d2-orca-3"),
    ]
    assert t.river()[2] == "d2-orca-3"
    t.rejects(mv.TakeFromRiver(seat=0, slot=0, refill=["d2-orca-4", "d2-orca-5"]), "arctic.wrong_step")
    full = to_draw(give_power(table("full", orca="A"), "orca", 0))
    full.rejects(mv.TakeFromRiver(seat=0, slot=2, refill=["d2-orca-3"]), "arctic.not_public_mode")


# --- the whole record: a public game played the table's way replays to the full game's scores --------
SITUATIONS_B = {
    "moose_b_plus_by_PlaceCard",
    "moose_b_plus_by_PlaceCard_fox",
    "moose_b_minus_by_EndStep",
    "moose_b_minus_by_PlaceCard_fox",
    "GivePenalty_face_down_keeps_known",
    "open_closed_by_next_move",
    "open_closed_by_endstep",
    "late_RevealCard",
    "late_RevealPileCard",
}
SITUATIONS_A = {
    "moose_a_plus_by_TakeFromRiver",
    "moose_a_plus_by_TakeFromDrawPile",
    "moose_a_plus_by_TakeFromPenalty",
    "moose_a_minus_by_EndStep",
    "TakeFromPenalty_face_down_keeps_known",
    "open_closed_by_reveal",
    "open_closed_by_next_move",
    "late_RevealCard",
    "late_RevealPileCard",
}
SIDES_B = {"fox": "A", "moose": "B", "walrus": "A", "orca": "A", "puffin": "A", "polar_bear": "B"}
SIDES_A = {"fox": "A", "moose": "A", "walrus": "B", "orca": "B", "puffin": "B", "polar_bear": "A"}


def situations(moves: list[Any], s: GameState) -> set[str]:
    """What each public move did that only the table's way of recording allows."""
    out: set[str] = set()
    for m in moves:
        was_open = step_open(s)
        events = decide(s, m)
        if was_open and not isinstance(m, mv.PlaceCard | mv.TakeFromRiver | mv.TakeFromDrawPile | mv.TakeFromPenalty):
            how = "reveal" if isinstance(m, mv.RevealRiver) else "endstep" if isinstance(m, mv.EndStep) else "next_move"
            out.add(f"open_closed_by_{how}")
        for e in events:
            fox = "_fox" if isinstance(m, mv.PlaceCard) and m.placement != "top" else ""
            if isinstance(e, ev.PlacementValueChanged) and not isinstance(m, mv.UseMooseB):
                out.add(f"moose_b_{'plus' if e.delta > 0 else 'minus'}_by_{type(m).__name__}{fox}")
            if isinstance(e, ev.DrawValueChanged) and not isinstance(m, mv.SetDrawDelta):
                out.add(f"moose_a_{'plus' if e.delta > 0 else 'minus'}_by_{type(m).__name__}")
        if isinstance(m, mv.TakeFromPenalty | mv.GivePenalty) and m.card == mv.FACE_DOWN and s.players[m.seat].penalty:
            out.add(f"{type(m).__name__}_face_down_keeps_known")
        if isinstance(m, mv.RevealCard | mv.RevealPileCard) and s.phase == "finished":
            out.add(f"late_{type(m).__name__}")
        for e in events:
            s = evolve(s, e)
    return out


@pytest.mark.parametrize(
    ("power_sides", "games", "expected"),
    [(SIDES_B, [(2, 56), (2, 0), (4, 43)], SITUATIONS_B), (SIDES_A, [(4, 114), (2, 3)], SITUATIONS_A)],
    ids=["moose_b-fox_a-polar_bear_b", "moose_a-orca_b-polar_bear_a"],
)
def test_public_records_played_the_tables_way_replay_to_the_full_games_scores(
    power_sides: dict[str, str], games: list[tuple[int, int]], expected: set[str]
) -> None:
    seen: set[str] = set()
    for players, seed in games:
        full = simulate(players, seed, power_sides=power_sides)  # type: ignore[arg-type]
        pub = to_public(full, shown_at_end=True)
        explicit = [m for m in pub.moves if isinstance(m, mv.UseMooseB | mv.SetDrawDelta)]
        declared = [m for m in full.moves if isinstance(m, mv.UseMooseB | mv.SetDrawDelta)]
        assert len(explicit) < len(declared)  # the table left some powers implicit
        seen |= situations(pub.moves, fold(pub.events[:2]))
        # the record, replayed move by move, gives the events stored, then the full game's scores
        replayed = fold(pub.events[:2])
        for m in pub.moves:
            replayed = fold(decide(replayed, m), replayed)
        assert state_hash(replayed) == state_hash(fold(pub.events))
        finished = [e for e in pub.events if isinstance(e, ev.GameFinished)]
        assert [sc.total for sc in finished[0].scores] == [sc.total for sc in full.events[-1].scores]
        assert RULES.results(replayed) == RULES.results(fold(full.events))
        # every hidden card was shown at the end: the record knows every card the full game does
        for p, q in zip(replayed.players, fold(full.events).players, strict=True):
            assert sorted(p.hand) == sorted(q.hand) and sorted(p.penalty) == sorted(q.penalty)
            assert p.pile == q.pile and p.hand_unknown == p.penalty_unknown == 0
    assert seen >= expected, expected - seen


# --- 4. the table's terms: grouped choices, the River slot that waits ----------------------------------
def test_public_choices_group_any_unseen_card_and_full_lists_each_move() -> None:
    t = public(Table())
    t.edit(lambda s: replace(s, players=tuple(replace(p, hand=(), hand_unknown=3) for p in s.players)))
    legal = legal_moves(t.state)
    choices = table_choices(t.state)
    unseen = 60 - 6  # decks 1 and 2, the River known
    assert len([m for m in legal if isinstance(m, mv.PlaceCard)]) == unseen
    assert [c.text for c in choices] == ["place any unseen card from hand"]
    assert choices[0].move == mv.PlaceCard(seat=0, card=ANY_UNSEEN) and choices[0].options == unseen
    full = Table()
    assert [c.move for c in table_choices(full.state)] == legal_moves(full.state)
    assert RULES.table_moves(full.state) == legal_moves(full.state)  # the full-mode API is unchanged


def test_public_view_shows_the_river_slot_a_refill_went_to() -> None:
    t = to_draw(table("public"), "d1-polar_bear-1")
    t.play(mv.TakeFromRiver(seat=0, slot=3))
    spectator = RULES.view(t.state, Perspective())
    assert spectator.river_unrevealed == [3] and spectator.river[3] is None
    choices = RULES.table_moves(t.state)
    assert [c.text for c in choices] == ["reveal the card turned into River slot 4"]  # slot 3 of 0..5


def test_a_face_down_card_names_nothing_so_spectators_see_it_as_recorded() -> None:
    given = ev.CardTakenFromPenalty(seat=0, card=mv.FACE_DOWN)
    assert redact_event(given, Perspective()) == given
    assert redact_event(ev.CardTakenFromPenalty(seat=0, card="d1-fox-1"), Perspective()).card is None


@pytest.mark.parametrize("seed", [3, 23])
def test_choices_say_players_by_name_and_animals_as_players_say_them(seed: int) -> None:
    """What the recorder shows at every position of a public game: no animal key ("polar_bear"),
    no seat number where the table has names (card ids stay: clients show them as card labels)."""
    game = to_public(simulate(3, seed))
    state = RULES.initial_state()
    said: set[str] = set()
    for event in game.events:
        state = evolve(state, event)
        if not state.names:
            continue
        for choice in table_choices(state):
            said.add(choice.text)
            words = " ".join(w for w in choice.text.split() if w.strip(",:") not in cat.CARD_INDEX)
            assert "_" not in words.replace(ANY_UNSEEN, ""), choice.text
            assert "seat " not in choice.text, choice.text
    assert any("token up" in text for text in said)
