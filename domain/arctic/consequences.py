"""The automatic consequences of a move (§5-§7): end of placing, penalty draws, power taken, forced
token moves, end of drawing, River refills, turn boundaries, end-game trigger, final round, final
score — each its own event — until the game waits for the next decision."""

from __future__ import annotations

from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import events as ev
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import HANDLERS as _EVOLVE
from domain.arctic.evolve import evolve, placement_value, visible_card
from domain.arctic.queries import (
    draw_sources,
    drawing_open,
    end_pending,
    moose_b_event,
    placing_complete,
    recorded_card,
    shortfall,
    shortfall_reduced,
    token_options,
)
from domain.arctic.scoring import score
from domain.arctic.state import EMPTY, UNKNOWN, GameState

_IDS = cat.CARD_IDS
_A = cat.ANIMALS


def top_card(state: GameState) -> int:
    """The top card of the draw pile (UNKNOWN in public mode); assumes draw_left > 0."""
    if state.mode == "full":
        return state.deck[len(state.deck) - state.draw_left]
    return UNKNOWN


def after_take(state: GameState, decisions: Decisions) -> list[Any]:
    """DrawPileExhausted when the card just taken was the last one (§7.1, ``end_trigger``)."""
    if state.draw_left == 0 and not state.reserve_in_use and decisions.end_trigger == dec.LAST_CARD_TAKEN:
        return [ev.DrawPileExhausted(reserve_size=state.reserve_left)]
    return []


def before_take(state: GameState, decisions: Decisions) -> list[Any]:
    """``end_trigger="card_needed"``: DrawPileExhausted as a card is needed from an empty pile."""
    if end_pending(state, decisions):
        return [ev.DrawPileExhausted(reserve_size=state.reserve_left)]
    return []


def apply_events(state: GameState, events: list[Any], new: list[Any], decisions: Decisions) -> GameState:
    for e in new:
        state = evolve(state, e, decisions)
        events.append(e)
    return state


def apply_event(state: GameState, events: list[Any], event: Any, decisions: Decisions) -> GameState:
    """``apply_events`` of one event (no list to build and loop over: most automatic steps are one event);
    ``evolve``'s handler called directly (every event decide makes has one)."""
    events.append(event)
    return _EVOLVE[type(event)](state, event, decisions)


def refill_river(state: GameState, events: list[Any], decisions: Decisions) -> GameState:
    """Refill the River to its size, lowest empty slots first, from the draw pile (§5 step 3, §7b.9)."""
    while EMPTY in state.river:
        if end_pending(state, decisions):  # before_take
            state = apply_event(state, events, ev.DrawPileExhausted(reserve_size=state.reserve_left), decisions)
        if state.draw_left == 0:
            break
        slot = state.river.index(EMPTY)
        state = apply_event(state, events, ev.RiverRefilled(slot=slot, card=recorded_card(top_card(state))), decisions)
        if (
            state.draw_left == 0 and not state.reserve_in_use and decisions.end_trigger == dec.LAST_CARD_TAKEN
        ):  # after_take
            state = apply_event(state, events, ev.DrawPileExhausted(reserve_size=state.reserve_left), decisions)
    return state


def _penalties(state: GameState, seat: int, count: int, events: list[Any], decisions: Decisions) -> GameState:
    """``count`` penalty cards from the draw pile; none when it is empty (``empty_pile_penalty``)."""
    for _ in range(count):
        state = apply_events(state, events, before_take(state, decisions), decisions)
        if state.draw_left > 0:
            state = apply_event(
                state, events, ev.PenaltyCardDrawn(seat=seat, card=recorded_card(top_card(state))), decisions
            )
            state = apply_events(state, events, after_take(state, decisions), decisions)
        elif decisions.empty_pile_penalty == dec.COUNT:
            state = apply_event(state, events, ev.PenaltyCardDrawn(seat=seat, card=None), decisions)
    return state


def _next_turn(state: GameState) -> list[Any]:
    n = len(state.names)
    seat = (state.active + 1) % n
    out: list[Any] = []
    final = state.final_round
    if state.reserve_in_use and not state.final_round and seat == state.start_seat:
        out.append(ev.FinalRoundStarted(start_seat=state.start_seat))
        final = True
    rnd = state.round + (1 if seat == state.start_seat else 0)
    n_value, _ = placement_value(state.players[seat])
    out.append(ev.TurnStarted(seat=seat, turn=state.turn + 1, round=rnd, final=final, placement_value=n_value))
    return out


def _auto(state: GameState, decisions: Decisions, events: list[Any]) -> GameState | None:
    """Append the next automatic events at this point to ``events`` and return the state after them,
    or None when the game waits for a decision (the state each event leads to is computed once)."""
    phase = state.phase
    seat = state.active
    if phase == st.PLACE:
        if placing_complete(state, decisions):
            if shortfall_reduced(state, decisions):  # Moose B -1, recorded as the power's own event
                return apply_event(state, events, moose_b_event(state, -1), decisions)
            return apply_event(
                state,
                events,
                ev.PlacingEnded(seat=seat, placed=state.placed, shortfall=shortfall(state, decisions)),
                decisions,
            )
        return None
    if phase == st.PLACE_END:
        if state.pending > 0:
            if end_pending(state, decisions):
                return apply_events(state, events, before_take(state, decisions), decisions)
            if state.draw_left > 0:
                state = apply_event(
                    state, events, ev.PenaltyCardDrawn(seat=seat, card=recorded_card(top_card(state))), decisions
                )
                return apply_events(state, events, after_take(state, decisions), decisions)
            if decisions.empty_pile_penalty == dec.COUNT:
                return apply_event(state, events, ev.PenaltyCardDrawn(seat=seat, card=None), decisions)
        v = visible_card(state.players[seat])
        assert v is not None, "step 1 always ends with a face-up visible card"
        animal = cat.MAIN[v]
        holder = state.holders[animal]
        taken = ev.PowerTaken(
            seat=seat,
            animal=_A[animal],  # type: ignore[arg-type]
            side=cat.SIDES[state.sides[animal]],  # type: ignore[arg-type]
            from_seat=None if holder < 0 else holder,
        )
        return apply_event(state, events, taken, decisions)
    if phase == st.TOKENS:
        opts = token_options(state)
        if len(opts) == 1:
            return apply_event(state, events, tokens_event(state, opts[0]), decisions)
        return None
    if phase == st.DRAW:
        if (state.drawn >= state.draw_target or not draw_sources(state, decisions)) and not drawing_open(
            state, decisions
        ):
            drawn = state.drawn
            if drawn < state.draw_target and decisions.river_shortfall == dec.PENALTY:
                state = _penalties(state, seat, state.draw_target - drawn, events, decisions)
            return apply_event(state, events, ev.DrawingEnded(seat=seat, drawn=drawn), decisions)
        return None
    if phase == st.END_TURN:
        if not state.final_round and EMPTY in state.river and (state.draw_left > 0 or end_pending(state, decisions)):
            before = len(events)
            state = refill_river(state, events, decisions)
            return state if len(events) > before else None
        return apply_event(state, events, ev.TurnEnded(seat=seat), decisions)
    if phase == st.BETWEEN:
        return apply_events(state, events, _next_turn(state), decisions)
    if phase == st.TOTEMS:
        if all(p.totem != UNKNOWN for p in state.players):
            scores = score(state, decisions)
            n = len(state.names)
            winner = min((sc.seat for sc in scores if sc.rank == 1), key=lambda seat: (seat - state.start_seat) % n)
            return apply_event(state, events, ev.GameFinished(scores=scores, winner=winner), decisions)
        return None
    return None


def tokens_event(state: GameState, option: tuple[int, int]) -> ev.TokensMoved:
    v = visible_card(state.players[state.active])
    assert v is not None
    return ev.TokensMoved(
        seat=state.active,
        main=_A[cat.MAIN[v]],  # type: ignore[arg-type]
        main_step=option[0],
        companion=_A[cat.COMPANION[v]],  # type: ignore[arg-type]
        companion_step=option[1],
    )


def advance(state: GameState, events: list[Any], decisions: Decisions = DEFAULT) -> tuple[GameState, list[Any]]:
    """Evolve ``events`` into ``state`` and append the automatic consequences until a decision point."""
    handlers = _EVOLVE
    for e in events:
        handler = handlers.get(type(e))
        if handler is not None:  # evolve(s, e, d), one call less per event
            state = handler(state, e, decisions)
    while True:
        after = _auto(state, decisions, events)
        if after is None:
            return state, events
        state = after


def close_open_step(state: GameState, decisions: Decisions = DEFAULT) -> tuple[GameState, list[Any]]:
    """The end of an open placing/drawing (``step_open``) and its automatic consequences."""
    closing = (
        ev.PlacingEnded(seat=state.active, placed=state.placed, shortfall=shortfall(state, decisions))
        if state.phase == st.PLACE
        else ev.DrawingEnded(seat=state.active, drawn=state.drawn)
    )
    return advance(state, [closing], decisions)
