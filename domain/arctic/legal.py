"""``legal_moves``: the moves that advance an Arctic game at a decision point, phase by phase."""

from __future__ import annotations

from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic import state as st
from domain.arctic.consequences import (
    close_open_step,
)
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import evolve, visible_card
from domain.arctic.moves import FACE_DOWN
from domain.arctic.queries import (
    draws_one_short,
    holds,
    moose_b_available,
    moose_b_event,
    pile_available,
    step_open,
    stops_one_short,
    token_options,
    unseen_cards,
    walrus_animal,
)
from domain.arctic.state import EMPTY, UNKNOWN, GameState, PlayerState

_IDS = cat.CARD_IDS
_A = cat.ANIMALS


def _hand_choices(state: GameState, player: PlayerState, allow_unknown: bool) -> list[str | None]:
    out: list[str | None] = [_IDS[c] for c in player.hand]
    if state.mode == "public" and allow_unknown and player.hand_size > 0:
        out.append(None)
    if state.mode == "public" and allow_unknown and player.hand_unknown > 0:
        out.append(FACE_DOWN)
    if state.mode == "public" and player.hand_unknown > 0:
        out.extend(_IDS[c] for c in unseen_cards(state))
    return out


def _penalty_choices(state: GameState, player: PlayerState) -> list[str | None]:
    out: list[str | None] = [_IDS[c] for c in player.penalty]
    if state.mode == "public" and player.penalty_size > 0:
        out.append(None)
    if state.mode == "public" and player.penalty_unknown > 0:
        out.append(FACE_DOWN)
    if state.mode == "public" and player.penalty_unknown > 0:
        out.extend(_IDS[c] for c in unseen_cards(state))
    return out


def legal_moves(state: GameState, decisions: Decisions = DEFAULT, *, implicit: bool = True) -> list[Any]:
    """The moves that advance the game at this decision point. The optional notes ``RevealCard``,
    ``DeclareFoxWild`` (and ``RevealTotem`` before the end) are accepted when valid, not listed.

    ``implicit=False`` leaves out the moves that use a Moose power implicitly (an ``EndStep`` one card
    short, a Fox card as the (N-1)-th): the same game can be recorded with the explicit power move,
    and the simulator keeps choosing among the explicit forms (its games do not change)."""
    if state.mode == "public" and implicit and step_open(state, decisions) and UNKNOWN not in state.river:
        return _open_step_moves(state, decisions)
    return _step_moves(state, decisions, implicit)


def _open_step_moves(state: GameState, decisions: Decisions) -> list[Any]:
    """Public mode, placing/drawing open: one more card (the implicit Moose +1), the explicit +1,
    ``EndStep``, or any move of the game once the step is closed."""
    seat = state.active
    out: list[Any]
    if state.phase == st.PLACE:
        more = evolve(state, moose_b_event(state, 1), decisions)
        out = [m for m in _step_moves(more, decisions, True) if isinstance(m, mv.PlaceCard)]
        out.append(mv.UseMooseB(seat=seat, delta=1))
    else:
        out = [m for m in _step_moves(state, decisions, True) if not (isinstance(m, mv.SetDrawDelta) and m.delta < 0)]
    out.append(mv.EndStep(seat=seat))
    closed, _ = close_open_step(state, decisions)
    out.extend(m for m in legal_moves(closed, decisions) if m not in out)
    return out


def _step_moves(state: GameState, decisions: Decisions, implicit: bool) -> list[Any]:
    phase = state.phase
    if phase in (st.SETUP, st.FINISHED):
        return []
    if state.mode == "public" and UNKNOWN in state.river:
        cards = unseen_cards(state)
        return [mv.RevealRiver(slot=i, card=_IDS[c]) for i, r in enumerate(state.river) if r == UNKNOWN for c in cards]
    player = state.players[state.active]
    if phase == st.PLACE:
        return _placing_moves(state, player, implicit)
    if phase == st.TOKENS:
        return _token_moves(state, player)
    if phase == st.WALRUS:
        return _walrus_moves(state)
    if phase == st.DRAW:
        return _drawing_moves(state, player, decisions, implicit)
    if phase == st.DISCARD:
        return [mv.Discard(seat=state.active, card=c) for c in _hand_choices(state, player, True)]
    if phase == st.GIVE:
        return _giving_moves(state, player)
    if phase == st.TOTEMS:
        return _totem_moves(state)
    return []


def _placing_moves(state: GameState, player: PlayerState, implicit: bool) -> list[Any]:
    """Step 1: Puffin powers before the first card, Moose B, the cards (Fox placements for the last)."""
    seat = state.active
    out: list[Any] = []
    if player.hand_size > 0 and state.placed == 0 and not state.moose_used and not state.puffin_used:
        if holds(state, cat.PUFFIN, cat.SIDE_A):
            for c in _hand_choices(state, player, False):
                for slot, r in enumerate(state.river):
                    if r != EMPTY:
                        out.append(mv.PuffinSwap(seat=seat, hand_card=c or "", river_slot=slot))
        if holds(state, cat.PUFFIN, cat.SIDE_B) and visible_card(player) is not None:
            out.append(mv.PuffinTakeBack(seat=seat))
    if moose_b_available(state):
        out.append(mv.UseMooseB(seat=seat, delta=1))
        if state.placed <= state.place_n - 1:
            out.append(mv.UseMooseB(seat=seat, delta=-1))
    if player.hand_size == 0 or (implicit and stops_one_short(state)):
        out.append(mv.EndStep(seat=seat))
    if player.hand_size == 0:
        return out
    last = state.placed + 1 == state.place_target or player.hand_size == 1
    if implicit and not last and moose_b_available(state) and state.moose_delta == 0:
        last = state.placed + 1 == state.place_n - 1  # a Fox card as the (N-1)-th: Moose B -1
    fox_ok = last and visible_card(player) is not None
    fox_a = fox_ok and holds(state, cat.FOX, cat.SIDE_A)
    fox_b = fox_ok and holds(state, cat.FOX, cat.SIDE_B)
    for c in _hand_choices(state, player, False):
        out.append(mv.PlaceCard(seat=seat, card=c, placement="top"))
        if fox_b:
            out.append(mv.PlaceCard(seat=seat, card=c, placement="bottom"))
    if fox_a:
        for c in _hand_choices(state, player, True):
            out.append(mv.PlaceCard(seat=seat, card=c, placement="face_down"))
    return out


def _token_moves(state: GameState, player: PlayerState) -> list[Any]:
    """Step 2, both directions possible: which of the visible card's two animals goes up."""
    v = visible_card(player)
    assert v is not None
    out: list[Any] = []
    for main_step, _ in token_options(state):
        up = cat.MAIN[v] if main_step == 1 else cat.COMPANION[v]
        out.append(mv.MoveTokens(seat=state.active, up=_A[up]))  # type: ignore[arg-type]
    return out


def _walrus_moves(state: GameState) -> list[Any]:
    seat = state.active
    out: list[Any] = []
    pos = state.tokens[walrus_animal(state)]
    if pos < cat.TRACK_LAST:
        out.append(mv.WalrusStep(seat=seat, direction="up"))
    if pos > 0:
        out.append(mv.WalrusStep(seat=seat, direction="down"))
    out.append(mv.EndStep(seat=seat))
    return out


def _drawing_moves(state: GameState, player: PlayerState, decisions: Decisions, implicit: bool) -> list[Any]:
    """Step 3: Moose A, the River slots (Orca A with or without its refill), the draw pile (Orca B),
    the penalty zone (Polar bear A)."""
    seat = state.active
    out: list[Any] = []
    if holds(state, cat.MOOSE, cat.SIDE_A) and not state.moose_a_used:
        out.append(mv.SetDrawDelta(seat=seat, delta=1))
        out.append(mv.SetDrawDelta(seat=seat, delta=-1))
    orca_a = holds(state, cat.ORCA, cat.SIDE_A)
    for slot, r in enumerate(state.river):
        if r != EMPTY:
            out.append(mv.TakeFromRiver(seat=seat, slot=slot))
            if orca_a:
                out.append(mv.TakeFromRiver(seat=seat, slot=slot, orca_refill=False))
    if holds(state, cat.ORCA, cat.SIDE_B) and pile_available(state, decisions):
        out.append(mv.TakeFromDrawPile(seat=seat))
    if holds(state, cat.POLAR_BEAR, cat.SIDE_A):
        for c in _penalty_choices(state, player):
            out.append(mv.TakeFromPenalty(seat=seat, card=c))
    if implicit and draws_one_short(state):
        out.append(mv.EndStep(seat=seat))
    return out


def _giving_moves(state: GameState, player: PlayerState) -> list[Any]:
    """Polar bear B: a penalty card to another seat, or nothing."""
    seat = state.active
    out: list[Any] = []
    for to in range(len(state.names)):
        if to != seat:
            for c in _penalty_choices(state, player):
                out.append(mv.GivePenalty(seat=seat, to_seat=to, card=c))
    out.append(mv.EndStep(seat=seat))
    return out


def _totem_moves(state: GameState) -> list[Any]:
    """Public mode, game over: each unknown totem revealed as one of the animals nobody holds."""
    out: list[Any] = []
    taken = {pl.totem for pl in state.players}
    for i, pl in enumerate(state.players):
        if pl.totem == UNKNOWN:
            for a in range(6):
                if a not in taken:
                    out.append(mv.RevealTotem(seat=i, animal=_A[a]))  # type: ignore[arg-type]
    return out
