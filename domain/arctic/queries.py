"""What an Arctic state says at a decision point: powers held, open steps, token options, cards
seen. Shared by ``decide``, ``legal_moves``, the table's choices and the simulator; pure reads."""

from __future__ import annotations

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import events as ev
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import visible_card
from domain.arctic.moves import FACE_DOWN
from domain.arctic.state import EMPTY, ONE_UNKNOWN, GameState, PlayerState

_IDS = cat.CARD_IDS
_A = cat.ANIMALS


def recorded_card(card: int) -> str | None:
    if card < 0:
        return FACE_DOWN if card == ONE_UNKNOWN else None
    return _IDS[card]


def holds(state: GameState, animal: int, side: int | None = None) -> bool:
    return state.holders[animal] == state.active and (side is None or state.sides[animal] == side)


def moose_b_available(state: GameState) -> bool:
    return holds(state, cat.MOOSE, cat.SIDE_B) and not state.moose_used and state.n_from_card


def shortfall(state: GameState, decisions: Decisions = DEFAULT) -> int:
    """Penalty cards due for the cards not placed (§5 step 1, Moose B: ``moose_b_plus_shortfall``)."""
    target = state.place_target
    if state.moose_delta > 0 and decisions.moose_b_plus_shortfall == dec.PRINTED:
        target = state.place_n
    return max(0, target - state.placed)


def placing_open(state: GameState) -> bool:
    """Public mode: N cards are placed, but the Moose B holder may still place an (N+1)-th card (the
    table shows the power's use by the card itself); the next move of the game closes the placing."""
    return (
        state.mode == "public"
        and state.phase == st.PLACE
        and not state.placing_closed
        and state.placed >= state.place_target
        and state.players[state.active].hand_size > 0
        and moose_b_available(state)
    )


def drawing_open(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    """Public mode: D cards are drawn, but the Moose A holder may still take a (D+1)-th card; the next
    move of the game closes the drawing."""
    return (
        state.mode == "public"
        and state.phase == st.DRAW
        and state.drawn >= state.draw_target
        and not state.moose_a_used
        and holds(state, cat.MOOSE, cat.SIDE_A)
        and draw_sources(state, decisions)
    )


def step_open(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    """Public mode: placing or drawing waits for a possible implicit Moose +1 (``placing_open``,
    ``drawing_open``)."""
    return placing_open(state) or drawing_open(state, decisions)


def placing_complete(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    if state.placing_closed:
        return True
    if state.placed >= state.place_target:
        return not placing_open(state)
    if state.players[state.active].hand_size > 0:
        return False
    # an empty hand: ``declared`` waits for Moose B -1 or its decline while the power could still help
    return decisions.moose_b_shortfall == dec.AUTOMATIC or not moose_b_available(state)


def shortfall_reduced(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    """§6 Moose B "with a shortfall, one penalty fewer" (``moose_b_shortfall="automatic"``): the placing
    ends short of the count with Moose B held and unused, so the power lowers the count by itself."""
    return (
        decisions.moose_b_shortfall == dec.AUTOMATIC
        and state.moose_delta == 0
        and moose_b_available(state)
        and state.placed < state.place_n
        and shortfall(state, decisions) > 0
    )


def token_options(state: GameState) -> list[tuple[int, int]]:
    """(main step, companion step) choices of §5 step 2 for the visible card."""
    v = visible_card(state.players[state.active])
    if v is None:
        return []
    pm, pc = state.tokens[cat.MAIN[v]], state.tokens[cat.COMPANION[v]]
    last = cat.TRACK_LAST
    opts = []
    if pm < last and pc > 0:
        opts.append((1, -1))
    if pc < last and pm > 0:
        opts.append((-1, 1))
    if not opts:  # both on the same end card: both move inward
        step = 1 if pm == 0 else -1
        opts.append((step, step))
    return opts


def walrus_animal(state: GameState) -> int:
    v = visible_card(state.players[state.active])
    assert v is not None
    return cat.MAIN[v] if state.sides[cat.WALRUS] == cat.SIDE_A else cat.COMPANION[v]


def pile_available(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    """Whether a card can be taken from the draw pile now (with ``end_trigger="card_needed"`` an
    empty draw pile still gives the reserve's cards, the end being triggered as the first is taken)."""
    if state.draw_left > 0:
        return True
    return decisions.end_trigger == dec.CARD_NEEDED and not state.reserve_in_use and state.reserve_left > 0


def end_pending(state: GameState, decisions: Decisions) -> bool:
    """``card_needed``: the draw pile is empty and the end not yet triggered."""
    return decisions.end_trigger == dec.CARD_NEEDED and state.draw_left == 0 and not state.reserve_in_use


def _movable_penalty(state: GameState, player: PlayerState) -> int:
    """Penalty cards a power can move: in full mode only named ones (``empty_pile_penalty="count"``
    records unknown ones)."""
    return len(player.penalty) if state.mode == "full" else player.penalty_size


def draw_sources(state: GameState, decisions: Decisions = DEFAULT) -> bool:
    river = state.river
    if river.count(EMPTY) != len(river):
        return True
    if holds(state, cat.ORCA, cat.SIDE_B) and pile_available(state, decisions):
        return True
    return holds(state, cat.POLAR_BEAR, cat.SIDE_A) and _movable_penalty(state, state.players[state.active]) > 0


def seen(state: GameState) -> list[bool]:
    """Public mode: which cards are known somewhere on the table."""
    out = [False] * len(_IDS)
    for c in state.river:
        if c >= 0:
            out[c] = True
    for p in state.players:
        for zone in (p.pile, p.hand, p.penalty):
            for c in zone:
                if c >= 0:
                    out[c] = True
    return out


def unseen_cards(state: GameState) -> list[int]:
    known = seen(state)
    return [c for c in cat.cards_for(len(state.names)) if not known[c]]


def moose_b_event(state: GameState, delta: int) -> ev.PlacementValueChanged:
    return ev.PlacementValueChanged(seat=state.active, delta=delta, placement_value=state.place_n + delta)


def stops_one_short(state: GameState) -> bool:
    """Placing: ``EndStep`` after N-1 cards, hand not empty, is Moose B -1 (§6: "placement value ±1")."""
    return (
        state.players[state.active].hand_size > 0
        and moose_b_available(state)
        and state.moose_delta == 0
        and state.placed == state.place_n - 1
    )


def draws_one_short(state: GameState) -> bool:
    """Drawing: ``EndStep`` after D-1 cards is Moose A -1 (§6: "draw value ±1")."""
    return holds(state, cat.MOOSE, cat.SIDE_A) and not state.moose_a_used and state.drawn == state.draw_target - 1


def moose_a_event(state: GameState, delta: int) -> ev.DrawValueChanged:
    return ev.DrawValueChanged(seat=state.active, delta=delta, draw_value=state.draw_target + delta)
