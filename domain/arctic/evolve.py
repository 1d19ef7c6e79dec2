"""``evolve(state, event)``: apply one fact. Never validates, never raises on stored history.

Only the parts that change are replaced (``msgspec.structs.replace``): one player's struct in the
players tuple, one slot of the River… Phases advance from events alone; optional steps that do not
apply (no Walrus power, hand within the limit, no Polar bear B) are skipped here, deterministically.

The rules decisions (hand limit, River and reserve sizes) come from the ``Decisions`` argument, by
default the module constant ``decisions.DEFAULT`` (``arctic-1``); every handler receives it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import events as ev
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.moves import FACE_DOWN
from domain.arctic.state import EMPTY, ONE_UNKNOWN, UNKNOWN, GameState, PlayerState

_CARD = cat.CARD_INDEX
_CARD_OR_FACE_DOWN = {**cat.CARD_INDEX, FACE_DOWN: ONE_UNKNOWN}
_ANIMAL = cat.ANIMAL_INDEX
_PLACEMENT = cat.PLACEMENT
_DRAW = cat.DRAW
_MAIN = cat.MAIN
_COMPANION = cat.COMPANION


def _card(card: str | None) -> int:
    return UNKNOWN if card is None else _CARD_OR_FACE_DOWN[card]


def _set_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = state.players
    if not 0 <= seat < len(players):
        return (*players[:seat], player, *players[seat + 1 :])
    items = list(players)  # a list and back: about twice as fast as slicing and unpacking
    items[seat] = player
    return tuple(items)


def _set_at(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    if not 0 <= index < len(values):
        return (*values[:index], value, *values[index + 1 :])
    items = list(values)  # see _set_player
    items[index] = value
    return tuple(items)


def _without(values: tuple[int, ...], value: int) -> tuple[int, ...] | None:
    try:
        i = values.index(value)
    except ValueError:
        return None
    return values[:i] + values[i + 1 :]


def _hand_remove(player: PlayerState, card: int) -> PlayerState:
    if card != UNKNOWN:
        hand = _without(player.hand, card)
        if hand is not None:
            return replace(player, hand=hand)
        return replace(player, hand_unknown=max(0, player.hand_unknown - 1))  # a hidden card revealed as it left
    if not player.hand:
        return replace(player, hand_unknown=max(0, player.hand_unknown - 1))
    # an unnamed card left a hand holding known cards: the record no longer knows which remain
    return replace(player, hand=(), hand_unknown=max(0, player.hand_size - 1))


def _hand_add(player: PlayerState, card: int) -> PlayerState:
    if card < 0:  # UNKNOWN or ONE_UNKNOWN
        return replace(player, hand_unknown=player.hand_unknown + 1)
    return replace(player, hand=(*player.hand, card))


def _penalty_remove(player: PlayerState, card: int) -> PlayerState:
    if card != UNKNOWN:
        penalty = _without(player.penalty, card)
        if penalty is not None:
            return replace(player, penalty=penalty)
        return replace(player, penalty_unknown=max(0, player.penalty_unknown - 1))
    if not player.penalty:
        return replace(player, penalty_unknown=max(0, player.penalty_unknown - 1))
    return replace(player, penalty=(), penalty_unknown=max(0, player.penalty_size - 1))


def _penalty_add(player: PlayerState, card: int) -> PlayerState:
    if card < 0:  # UNKNOWN or ONE_UNKNOWN
        return replace(player, penalty_unknown=player.penalty_unknown + 1)
    return replace(player, penalty=(*player.penalty, card))


def visible_card(player: PlayerState) -> int | None:
    """The face-up top card of the pile, or ``None`` (empty pile, face-down top)."""
    if player.pile and not player.pile_down[-1]:
        return player.pile[-1]
    return None


def placement_value(player: PlayerState) -> tuple[int, bool]:
    """(N, whether N comes from a face-up visible card) — §5 step 1."""
    v = visible_card(player)
    if v is None:
        return 1, False
    return _PLACEMENT[v], True


# --- phase helpers (shared with rules.py) ----------------------------------------------------------
def after_tokens(state: GameState) -> GameState:
    if state.holders[cat.WALRUS] == state.active:
        return replace(state, phase=st.WALRUS)
    return after_walrus(state)


def after_walrus(state: GameState) -> GameState:
    if state.final_round:
        return replace(state, phase=st.END_TURN)
    v = visible_card(state.players[state.active])
    target = _DRAW[v] if v is not None else 0
    return replace(state, phase=st.DRAW, draw_target=target, drawn=0, moose_a_used=False)


def after_draw(state: GameState, decisions: Decisions = DEFAULT) -> GameState:
    if state.players[state.active].hand_size > decisions.hand_limit and (
        decisions.hand_limit_check == dec.EVERY_DRAW_STEP or state.drawn > 0
    ):
        return replace(state, phase=st.DISCARD)
    return after_discard(state)


def after_discard(state: GameState) -> GameState:
    if (
        state.holders[cat.POLAR_BEAR] == state.active
        and state.sides[cat.POLAR_BEAR] == cat.SIDE_B
        and state.players[state.active].penalty_size > 0
    ):
        return replace(state, phase=st.GIVE)
    return replace(state, phase=st.END_TURN)


# --- handlers --------------------------------------------------------------------------------------
def _game_started(state: GameState, event: ev.GameStarted, decisions: Decisions) -> GameState:
    n = len(event.players)
    r = dec.reserve_size(n, decisions)
    river_size = decisions.river_size
    totems = [UNKNOWN if t is None else _ANIMAL[t] for t in event.totems]
    sides = tuple(cat.SIDES.index(event.power_sides.get(a, "A")) for a in cat.ANIMALS)
    if event.mode == "full" and event.deck_order is not None:
        order = [_card(c) for c in event.deck_order]
        reserve = tuple(order[:r])
        hands = [tuple(order[r + 3 * i : r + 3 * i + 3]) for i in range(n)]
        river_start = r + cat.HAND_DEAL * n
        river = tuple(order[river_start : river_start + river_size])
        deck = tuple(order[river_start + river_size :])
        players = tuple(PlayerState(hand=hands[i], totem=totems[i]) for i in range(n))
        draw_left = len(deck)
    else:
        reserve = ()
        river = (UNKNOWN,) * river_size
        deck = ()
        players = tuple(PlayerState(hand_unknown=cat.HAND_DEAL, totem=totems[i]) for i in range(n))
        draw_left = n * cat.CARDS_PER_DECK - r - cat.HAND_DEAL * n - river_size
    return GameState(
        rules_version=event.rules_version,
        mode=event.mode,
        names=tuple(event.players),
        start_seat=event.start_seat,
        seed=event.seed,
        sides=sides,
        river=river,
        deck=deck,
        draw_left=draw_left,
        reserve=reserve,
        reserve_left=r,
        players=players,
        phase=st.BETWEEN,
        active=event.start_seat,
    )


def _turn_started(state: GameState, event: ev.TurnStarted, decisions: Decisions) -> GameState:
    p = state.players[event.seat]
    n, from_card = placement_value(p)
    return replace(
        state,
        players=_set_player(state, event.seat, replace(p, turns=p.turns + 1)),
        phase=st.PLACE,
        active=event.seat,
        turn=event.turn,
        round=event.round,
        final_round=state.final_round or event.final,
        place_n=n,
        n_from_card=from_card,
        placed=0,
        moose_delta=0,
        moose_used=False,
        puffin_used=False,
        placing_closed=False,
        draw_target=0,
        drawn=0,
        moose_a_used=False,
    )


def _puffin_swapped(state: GameState, event: ev.PuffinSwapped, decisions: Decisions) -> GameState:
    p = state.players[event.seat]
    hand_card = _CARD[event.hand_card]
    p = _hand_add(_hand_remove(p, hand_card), _CARD[event.river_card])
    return replace(
        state,
        players=_set_player(state, event.seat, p),
        river=_set_at(state.river, event.river_slot, hand_card),
        puffin_used=True,
    )


def _taken_back(state: GameState, event: ev.VisibleCardTakenBack, decisions: Decisions) -> GameState:
    p = state.players[event.seat]
    p = replace(p, pile=p.pile[:-1], pile_down=p.pile_down[:-1], hand=(*p.hand, _CARD[event.card]))
    n, from_card = placement_value(p)
    return replace(state, players=_set_player(state, event.seat, p), place_n=n, n_from_card=from_card, puffin_used=True)


def _placement_changed(state: GameState, event: ev.PlacementValueChanged, decisions: Decisions) -> GameState:
    return replace(state, moose_delta=event.delta, moose_used=True)


def _card_placed(state: GameState, event: ev.CardPlaced, decisions: Decisions) -> GameState:
    card = _card(event.card)
    p = state.players[event.seat]
    if event.placement == "top":
        hand = _without(p.hand, card) if card != UNKNOWN else None
        if hand is not None:  # a known card left the hand: _hand_remove and the pile in one replace
            p = replace(p, hand=hand, pile=(*p.pile, card), pile_down=(*p.pile_down, False))
        else:
            p = _hand_remove(p, card)
            p = replace(p, pile=(*p.pile, card), pile_down=(*p.pile_down, False))
        return replace(state, players=_set_player(state, event.seat, p), placed=state.placed + 1)
    p = _hand_remove(p, card)  # ONE_UNKNOWN: one of the unknown hand cards, the known ones stay
    if card == ONE_UNKNOWN:
        card = UNKNOWN
    if event.placement == "face_down":
        pile, down = p.pile, p.pile_down
        p = replace(p, pile=(*pile[:-1], card, *pile[-1:]), pile_down=(*down[:-1], True, *down[-1:]))
    else:  # bottom
        wild = tuple((pos + 1, animal) for pos, animal in p.wild)
        p = replace(p, pile=(card, *p.pile), pile_down=(False, *p.pile_down), wild=wild)
    return replace(state, players=_set_player(state, event.seat, p), placed=state.placed + 1, placing_closed=True)


def _placing_ended(state: GameState, event: ev.PlacingEnded, decisions: Decisions) -> GameState:
    return replace(state, phase=st.PLACE_END, pending=event.shortfall)


def _penalty_drawn(state: GameState, event: ev.PenaltyCardDrawn, decisions: Decisions) -> GameState:
    p = _penalty_add(state.players[event.seat], _card(event.card))
    return replace(
        state,
        draw_left=max(0, state.draw_left - 1),
        players=_set_player(state, event.seat, p),
        pending=max(0, state.pending - 1),
    )


def _exhausted(state: GameState, event: ev.DrawPileExhausted, decisions: Decisions) -> GameState:
    if state.mode == "full":
        return replace(
            state, deck=state.reserve, draw_left=len(state.reserve), reserve=(), reserve_left=0, reserve_in_use=True
        )
    return replace(state, draw_left=state.reserve_left, reserve_left=0, reserve_in_use=True)


def _power_taken(state: GameState, event: ev.PowerTaken, decisions: Decisions) -> GameState:
    return replace(state, holders=_set_at(state.holders, _ANIMAL[event.animal], event.seat), phase=st.TOKENS, pending=0)


def _move_token(tokens: tuple[int, ...], animal: int, step: int) -> tuple[int, ...]:
    pos = min(cat.TRACK_LAST, max(0, tokens[animal] + step))
    return _set_at(tokens, animal, pos)


def _tokens_moved(state: GameState, event: ev.TokensMoved, decisions: Decisions) -> GameState:
    tokens = _move_token(state.tokens, _ANIMAL[event.main], event.main_step)
    tokens = _move_token(tokens, _ANIMAL[event.companion], event.companion_step)
    return _moved_then(state, tokens, True)


def _walrus_moved(state: GameState, event: ev.WalrusTokenMoved, decisions: Decisions) -> GameState:
    return _moved_then(state, _move_token(state.tokens, _ANIMAL[event.animal], event.step), False)


def _moved_then(state: GameState, tokens: tuple[int, ...], walrus_next: bool) -> GameState:
    """``after_tokens`` (``walrus_next``) or ``after_walrus`` of ``state`` with ``tokens``, in one replace
    (neither reads the tokens)."""
    if walrus_next and state.holders[cat.WALRUS] == state.active:
        return replace(state, tokens=tokens, phase=st.WALRUS)
    if state.final_round:
        return replace(state, tokens=tokens, phase=st.END_TURN)
    v = visible_card(state.players[state.active])
    target = _DRAW[v] if v is not None else 0
    return replace(state, tokens=tokens, phase=st.DRAW, draw_target=target, drawn=0, moose_a_used=False)


def _declined(state: GameState, event: ev.PowerDeclined, decisions: Decisions) -> GameState:
    if state.phase == st.WALRUS:
        return after_walrus(state)
    return replace(state, phase=st.END_TURN)


def _draw_value_changed(state: GameState, event: ev.DrawValueChanged, decisions: Decisions) -> GameState:
    return replace(state, draw_target=event.draw_value, moose_a_used=True)


def _from_river(state: GameState, event: ev.CardTakenFromRiver, decisions: Decisions) -> GameState:
    card = state.river[event.slot] if event.card is None else _CARD[event.card]
    p = _hand_add(state.players[event.seat], card)
    return replace(
        state,
        players=_set_player(state, event.seat, p),
        river=_set_at(state.river, event.slot, EMPTY),
        drawn=state.drawn + 1,
    )


def _from_draw_pile(state: GameState, event: ev.CardTakenFromDrawPile, decisions: Decisions) -> GameState:
    p = _hand_add(state.players[event.seat], _card(event.card))
    return replace(
        state, draw_left=max(0, state.draw_left - 1), players=_set_player(state, event.seat, p), drawn=state.drawn + 1
    )


def _from_penalty(state: GameState, event: ev.CardTakenFromPenalty, decisions: Decisions) -> GameState:
    card = _card(event.card)
    p = _hand_add(_penalty_remove(state.players[event.seat], card), card)
    return replace(state, players=_set_player(state, event.seat, p), drawn=state.drawn + 1)


def _drawing_ended(state: GameState, event: ev.DrawingEnded, decisions: Decisions) -> GameState:
    return after_draw(state, decisions)


def _discarded(state: GameState, event: ev.CardDiscarded, decisions: Decisions) -> GameState:
    card = _card(event.card)
    p = _penalty_add(_hand_remove(state.players[event.seat], card), card)
    state = replace(state, players=_set_player(state, event.seat, p))
    if state.phase == st.DISCARD and p.hand_size <= decisions.hand_limit:
        return after_discard(state)
    return state


def _given(state: GameState, event: ev.PenaltyCardGiven, decisions: Decisions) -> GameState:
    card = _card(event.card)
    giver = _penalty_remove(state.players[event.seat], card)
    players = list(state.players)
    players[event.seat] = giver
    players[event.to_seat] = _penalty_add(players[event.to_seat], card)
    return replace(state, players=tuple(players), phase=st.END_TURN)


def _refilled(state: GameState, event: ev.RiverRefilled, decisions: Decisions) -> GameState:
    return replace(
        state, draw_left=max(0, state.draw_left - 1), river=_set_at(state.river, event.slot, _card(event.card))
    )


def _river_revealed(state: GameState, event: ev.RiverCardRevealed, decisions: Decisions) -> GameState:
    return replace(state, river=_set_at(state.river, event.slot, _CARD[event.card]))


def _card_revealed(state: GameState, event: ev.CardRevealed, decisions: Decisions) -> GameState:
    if event.card is None:  # a redacted copy: nothing learnt
        return state
    p = state.players[event.seat]
    card = _CARD[event.card]
    if event.zone == "hand":
        p = replace(p, hand=(*p.hand, card), hand_unknown=max(0, p.hand_unknown - 1))
    else:
        p = replace(p, penalty=(*p.penalty, card), penalty_unknown=max(0, p.penalty_unknown - 1))
    return replace(state, players=_set_player(state, event.seat, p))


def _pile_card_revealed(state: GameState, event: ev.PileCardRevealed, decisions: Decisions) -> GameState:
    p = state.players[event.seat]
    if not 0 <= event.position < len(p.pile):
        return state
    p = replace(p, pile=_set_at(p.pile, event.position, _CARD[event.card]))  # still face down: wild at scoring
    return replace(state, players=_set_player(state, event.seat, p))


def _totem_revealed(state: GameState, event: ev.TotemRevealed, decisions: Decisions) -> GameState:
    if event.animal is None:  # a redacted copy: nothing learnt
        return state
    p = replace(state.players[event.seat], totem=_ANIMAL[event.animal])
    return replace(state, players=_set_player(state, event.seat, p))


def _wild_declared(state: GameState, event: ev.FoxWildDeclared, decisions: Decisions) -> GameState:
    p = state.players[event.seat]
    wild = (*(w for w in p.wild if w[0] != event.position), (event.position, _ANIMAL[event.animal]))
    return replace(state, players=_set_player(state, event.seat, replace(p, wild=wild)))


def _turn_ended(state: GameState, event: ev.TurnEnded, decisions: Decisions) -> GameState:
    if state.final_round and (event.seat + 1) % len(state.names) == state.start_seat:
        return replace(state, phase=st.TOTEMS)
    return replace(state, phase=st.BETWEEN)


def _final_round(state: GameState, event: ev.FinalRoundStarted, decisions: Decisions) -> GameState:
    return replace(state, final_round=True)


def _finished(state: GameState, event: ev.GameFinished, decisions: Decisions) -> GameState:
    return replace(state, phase=st.FINISHED)


_HANDLERS: dict[type, Callable[[GameState, Any, Decisions], GameState]] = {
    ev.GameStarted: _game_started,
    ev.TurnStarted: _turn_started,
    ev.PuffinSwapped: _puffin_swapped,
    ev.VisibleCardTakenBack: _taken_back,
    ev.PlacementValueChanged: _placement_changed,
    ev.CardPlaced: _card_placed,
    ev.PlacingEnded: _placing_ended,
    ev.PenaltyCardDrawn: _penalty_drawn,
    ev.DrawPileExhausted: _exhausted,
    ev.PowerTaken: _power_taken,
    ev.TokensMoved: _tokens_moved,
    ev.WalrusTokenMoved: _walrus_moved,
    ev.PowerDeclined: _declined,
    ev.DrawValueChanged: _draw_value_changed,
    ev.CardTakenFromRiver: _from_river,
    ev.CardTakenFromDrawPile: _from_draw_pile,
    ev.CardTakenFromPenalty: _from_penalty,
    ev.DrawingEnded: _drawing_ended,
    ev.CardDiscarded: _discarded,
    ev.PenaltyCardGiven: _given,
    ev.RiverRefilled: _refilled,
    ev.RiverCardRevealed: _river_revealed,
    ev.CardRevealed: _card_revealed,
    ev.PileCardRevealed: _pile_card_revealed,
    ev.TotemRevealed: _totem_revealed,
    ev.FoxWildDeclared: _wild_declared,
    ev.TurnEnded: _turn_ended,
    ev.FinalRoundStarted: _final_round,
    ev.GameFinished: _finished,
}


#: The handler of each event type (``rules`` applies the events it decides through it directly).
HANDLERS = _HANDLERS


def evolve(state: GameState, event: Any, decisions: Decisions = DEFAULT) -> GameState:
    """Apply one fact under the decisions ``decisions`` (those of the game's rules version)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:  # an unknown fact changes nothing
        return state
    return handler(state, event, decisions)


def fold(events: Iterable[Any], state: GameState | None = None, decisions: Decisions = DEFAULT) -> GameState:
    s = GameState() if state is None else state
    handlers = _HANDLERS
    for e in events:
        handler = handlers.get(type(e))
        if handler is not None:
            s = handler(s, e, decisions)
    return s
