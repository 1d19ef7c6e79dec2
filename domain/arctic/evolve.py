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


def _set_player(s: GameState, seat: int, p: PlayerState) -> tuple[PlayerState, ...]:
    players = s.players
    if not 0 <= seat < len(players):
        return (*players[:seat], p, *players[seat + 1 :])
    items = list(players)  # a list and back: about twice as fast as slicing and unpacking
    items[seat] = p
    return tuple(items)


def _set_at(t: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    if not 0 <= i < len(t):
        return (*t[:i], value, *t[i + 1 :])
    items = list(t)  # see _set_player
    items[i] = value
    return tuple(items)


def _without(t: tuple[int, ...], value: int) -> tuple[int, ...] | None:
    try:
        i = t.index(value)
    except ValueError:
        return None
    return t[:i] + t[i + 1 :]


def _hand_remove(p: PlayerState, card: int) -> PlayerState:
    if card != UNKNOWN:
        hand = _without(p.hand, card)
        if hand is not None:
            return replace(p, hand=hand)
        return replace(p, hand_unknown=max(0, p.hand_unknown - 1))  # a hidden card revealed as it left
    if not p.hand:
        return replace(p, hand_unknown=max(0, p.hand_unknown - 1))
    # an unnamed card left a hand holding known cards: the record no longer knows which remain
    return replace(p, hand=(), hand_unknown=max(0, p.hand_size - 1))


def _hand_add(p: PlayerState, card: int) -> PlayerState:
    if card < 0:  # UNKNOWN or ONE_UNKNOWN
        return replace(p, hand_unknown=p.hand_unknown + 1)
    return replace(p, hand=(*p.hand, card))


def _penalty_remove(p: PlayerState, card: int) -> PlayerState:
    if card != UNKNOWN:
        penalty = _without(p.penalty, card)
        if penalty is not None:
            return replace(p, penalty=penalty)
        return replace(p, penalty_unknown=max(0, p.penalty_unknown - 1))
    if not p.penalty:
        return replace(p, penalty_unknown=max(0, p.penalty_unknown - 1))
    return replace(p, penalty=(), penalty_unknown=max(0, p.penalty_size - 1))


def _penalty_add(p: PlayerState, card: int) -> PlayerState:
    if card < 0:  # UNKNOWN or ONE_UNKNOWN
        return replace(p, penalty_unknown=p.penalty_unknown + 1)
    return replace(p, penalty=(*p.penalty, card))


def visible_card(p: PlayerState) -> int | None:
    """The face-up top card of the pile, or ``None`` (empty pile, face-down top)."""
    if p.pile and not p.pile_down[-1]:
        return p.pile[-1]
    return None


def placement_value(p: PlayerState) -> tuple[int, bool]:
    """(N, whether N comes from a face-up visible card) — §5 step 1."""
    v = visible_card(p)
    if v is None:
        return 1, False
    return _PLACEMENT[v], True


# --- phase helpers (shared with rules.py) ----------------------------------------------------------
def after_tokens(s: GameState) -> GameState:
    if s.holders[cat.WALRUS] == s.active:
        return replace(s, phase=st.WALRUS)
    return after_walrus(s)


def after_walrus(s: GameState) -> GameState:
    if s.final_round:
        return replace(s, phase=st.END_TURN)
    v = visible_card(s.players[s.active])
    target = _DRAW[v] if v is not None else 0
    return replace(s, phase=st.DRAW, draw_target=target, drawn=0, moose_a_used=False)


def after_draw(s: GameState, d: Decisions = DEFAULT) -> GameState:
    if s.players[s.active].hand_size > d.hand_limit and (d.hand_limit_check == dec.EVERY_DRAW_STEP or s.drawn > 0):
        return replace(s, phase=st.DISCARD)
    return after_discard(s)


def after_discard(s: GameState) -> GameState:
    if (
        s.holders[cat.POLAR_BEAR] == s.active
        and s.sides[cat.POLAR_BEAR] == cat.SIDE_B
        and s.players[s.active].penalty_size > 0
    ):
        return replace(s, phase=st.GIVE)
    return replace(s, phase=st.END_TURN)


# --- handlers --------------------------------------------------------------------------------------
def _game_started(s: GameState, e: ev.GameStarted, d: Decisions) -> GameState:
    n = len(e.players)
    r = dec.reserve_size(n, d)
    river_size = d.river_size
    totems = [UNKNOWN if t is None else _ANIMAL[t] for t in e.totems]
    sides = tuple(cat.SIDES.index(e.power_sides.get(a, "A")) for a in cat.ANIMALS)
    if e.mode == "full" and e.deck_order is not None:
        order = [_card(c) for c in e.deck_order]
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
        rules_version=e.rules_version,
        mode=e.mode,
        names=tuple(e.players),
        start_seat=e.start_seat,
        seed=e.seed,
        sides=sides,
        river=river,
        deck=deck,
        draw_left=draw_left,
        reserve=reserve,
        reserve_left=r,
        players=players,
        phase=st.BETWEEN,
        active=e.start_seat,
    )


def _turn_started(s: GameState, e: ev.TurnStarted, d: Decisions) -> GameState:
    p = s.players[e.seat]
    n, from_card = placement_value(p)
    return replace(
        s,
        players=_set_player(s, e.seat, replace(p, turns=p.turns + 1)),
        phase=st.PLACE,
        active=e.seat,
        turn=e.turn,
        round=e.round,
        final_round=s.final_round or e.final,
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


def _puffin_swapped(s: GameState, e: ev.PuffinSwapped, d: Decisions) -> GameState:
    p = s.players[e.seat]
    hand_card = _CARD[e.hand_card]
    p = _hand_add(_hand_remove(p, hand_card), _CARD[e.river_card])
    return replace(
        s,
        players=_set_player(s, e.seat, p),
        river=_set_at(s.river, e.river_slot, hand_card),
        puffin_used=True,
    )


def _taken_back(s: GameState, e: ev.VisibleCardTakenBack, d: Decisions) -> GameState:
    p = s.players[e.seat]
    p = replace(p, pile=p.pile[:-1], pile_down=p.pile_down[:-1], hand=(*p.hand, _CARD[e.card]))
    n, from_card = placement_value(p)
    return replace(s, players=_set_player(s, e.seat, p), place_n=n, n_from_card=from_card, puffin_used=True)


def _placement_changed(s: GameState, e: ev.PlacementValueChanged, d: Decisions) -> GameState:
    return replace(s, moose_delta=e.delta, moose_used=True)


def _card_placed(s: GameState, e: ev.CardPlaced, d: Decisions) -> GameState:
    card = _card(e.card)
    p = s.players[e.seat]
    if e.placement == "top":
        hand = _without(p.hand, card) if card != UNKNOWN else None
        if hand is not None:  # a known card left the hand: _hand_remove and the pile in one replace
            p = replace(p, hand=hand, pile=(*p.pile, card), pile_down=(*p.pile_down, False))
        else:
            p = _hand_remove(p, card)
            p = replace(p, pile=(*p.pile, card), pile_down=(*p.pile_down, False))
        return replace(s, players=_set_player(s, e.seat, p), placed=s.placed + 1)
    p = _hand_remove(p, card)  # ONE_UNKNOWN: one of the unknown hand cards, the known ones stay
    if card == ONE_UNKNOWN:
        card = UNKNOWN
    if e.placement == "face_down":
        pile, down = p.pile, p.pile_down
        p = replace(p, pile=(*pile[:-1], card, *pile[-1:]), pile_down=(*down[:-1], True, *down[-1:]))
    else:  # bottom
        wild = tuple((pos + 1, animal) for pos, animal in p.wild)
        p = replace(p, pile=(card, *p.pile), pile_down=(False, *p.pile_down), wild=wild)
    return replace(s, players=_set_player(s, e.seat, p), placed=s.placed + 1, placing_closed=True)


def _placing_ended(s: GameState, e: ev.PlacingEnded, d: Decisions) -> GameState:
    return replace(s, phase=st.PLACE_END, pending=e.shortfall)


def _penalty_drawn(s: GameState, e: ev.PenaltyCardDrawn, d: Decisions) -> GameState:
    p = _penalty_add(s.players[e.seat], _card(e.card))
    return replace(
        s, draw_left=max(0, s.draw_left - 1), players=_set_player(s, e.seat, p), pending=max(0, s.pending - 1)
    )


def _exhausted(s: GameState, e: ev.DrawPileExhausted, d: Decisions) -> GameState:
    if s.mode == "full":
        return replace(s, deck=s.reserve, draw_left=len(s.reserve), reserve=(), reserve_left=0, reserve_in_use=True)
    return replace(s, draw_left=s.reserve_left, reserve_left=0, reserve_in_use=True)


def _power_taken(s: GameState, e: ev.PowerTaken, d: Decisions) -> GameState:
    return replace(s, holders=_set_at(s.holders, _ANIMAL[e.animal], e.seat), phase=st.TOKENS, pending=0)


def _move_token(tokens: tuple[int, ...], animal: int, step: int) -> tuple[int, ...]:
    pos = min(cat.TRACK_LAST, max(0, tokens[animal] + step))
    return _set_at(tokens, animal, pos)


def _tokens_moved(s: GameState, e: ev.TokensMoved, d: Decisions) -> GameState:
    tokens = _move_token(s.tokens, _ANIMAL[e.main], e.main_step)
    tokens = _move_token(tokens, _ANIMAL[e.companion], e.companion_step)
    return _moved_then(s, tokens, True)


def _walrus_moved(s: GameState, e: ev.WalrusTokenMoved, d: Decisions) -> GameState:
    return _moved_then(s, _move_token(s.tokens, _ANIMAL[e.animal], e.step), False)


def _moved_then(s: GameState, tokens: tuple[int, ...], walrus_next: bool) -> GameState:
    """``after_tokens`` (``walrus_next``) or ``after_walrus`` of ``s`` with ``tokens``, in one replace
    (neither reads the tokens)."""
    if walrus_next and s.holders[cat.WALRUS] == s.active:
        return replace(s, tokens=tokens, phase=st.WALRUS)
    if s.final_round:
        return replace(s, tokens=tokens, phase=st.END_TURN)
    v = visible_card(s.players[s.active])
    target = _DRAW[v] if v is not None else 0
    return replace(s, tokens=tokens, phase=st.DRAW, draw_target=target, drawn=0, moose_a_used=False)


def _declined(s: GameState, e: ev.PowerDeclined, d: Decisions) -> GameState:
    if s.phase == st.WALRUS:
        return after_walrus(s)
    return replace(s, phase=st.END_TURN)


def _draw_value_changed(s: GameState, e: ev.DrawValueChanged, d: Decisions) -> GameState:
    return replace(s, draw_target=e.draw_value, moose_a_used=True)


def _from_river(s: GameState, e: ev.CardTakenFromRiver, d: Decisions) -> GameState:
    card = s.river[e.slot] if e.card is None else _CARD[e.card]
    p = _hand_add(s.players[e.seat], card)
    return replace(s, players=_set_player(s, e.seat, p), river=_set_at(s.river, e.slot, EMPTY), drawn=s.drawn + 1)


def _from_draw_pile(s: GameState, e: ev.CardTakenFromDrawPile, d: Decisions) -> GameState:
    p = _hand_add(s.players[e.seat], _card(e.card))
    return replace(s, draw_left=max(0, s.draw_left - 1), players=_set_player(s, e.seat, p), drawn=s.drawn + 1)


def _from_penalty(s: GameState, e: ev.CardTakenFromPenalty, d: Decisions) -> GameState:
    card = _card(e.card)
    p = _hand_add(_penalty_remove(s.players[e.seat], card), card)
    return replace(s, players=_set_player(s, e.seat, p), drawn=s.drawn + 1)


def _drawing_ended(s: GameState, e: ev.DrawingEnded, d: Decisions) -> GameState:
    return after_draw(s, d)


def _discarded(s: GameState, e: ev.CardDiscarded, d: Decisions) -> GameState:
    card = _card(e.card)
    p = _penalty_add(_hand_remove(s.players[e.seat], card), card)
    s = replace(s, players=_set_player(s, e.seat, p))
    if s.phase == st.DISCARD and p.hand_size <= d.hand_limit:
        return after_discard(s)
    return s


def _given(s: GameState, e: ev.PenaltyCardGiven, d: Decisions) -> GameState:
    card = _card(e.card)
    giver = _penalty_remove(s.players[e.seat], card)
    players = list(s.players)
    players[e.seat] = giver
    players[e.to_seat] = _penalty_add(players[e.to_seat], card)
    return replace(s, players=tuple(players), phase=st.END_TURN)


def _refilled(s: GameState, e: ev.RiverRefilled, d: Decisions) -> GameState:
    return replace(s, draw_left=max(0, s.draw_left - 1), river=_set_at(s.river, e.slot, _card(e.card)))


def _river_revealed(s: GameState, e: ev.RiverCardRevealed, d: Decisions) -> GameState:
    return replace(s, river=_set_at(s.river, e.slot, _CARD[e.card]))


def _card_revealed(s: GameState, e: ev.CardRevealed, d: Decisions) -> GameState:
    if e.card is None:  # a redacted copy: nothing learnt
        return s
    p = s.players[e.seat]
    card = _CARD[e.card]
    if e.zone == "hand":
        p = replace(p, hand=(*p.hand, card), hand_unknown=max(0, p.hand_unknown - 1))
    else:
        p = replace(p, penalty=(*p.penalty, card), penalty_unknown=max(0, p.penalty_unknown - 1))
    return replace(s, players=_set_player(s, e.seat, p))


def _pile_card_revealed(s: GameState, e: ev.PileCardRevealed, d: Decisions) -> GameState:
    p = s.players[e.seat]
    if not 0 <= e.position < len(p.pile):
        return s
    p = replace(p, pile=_set_at(p.pile, e.position, _CARD[e.card]))  # still face down: wild at scoring
    return replace(s, players=_set_player(s, e.seat, p))


def _totem_revealed(s: GameState, e: ev.TotemRevealed, d: Decisions) -> GameState:
    if e.animal is None:  # a redacted copy: nothing learnt
        return s
    p = replace(s.players[e.seat], totem=_ANIMAL[e.animal])
    return replace(s, players=_set_player(s, e.seat, p))


def _wild_declared(s: GameState, e: ev.FoxWildDeclared, d: Decisions) -> GameState:
    p = s.players[e.seat]
    wild = (*(w for w in p.wild if w[0] != e.position), (e.position, _ANIMAL[e.animal]))
    return replace(s, players=_set_player(s, e.seat, replace(p, wild=wild)))


def _turn_ended(s: GameState, e: ev.TurnEnded, d: Decisions) -> GameState:
    if s.final_round and (e.seat + 1) % len(s.names) == s.start_seat:
        return replace(s, phase=st.TOTEMS)
    return replace(s, phase=st.BETWEEN)


def _final_round(s: GameState, e: ev.FinalRoundStarted, d: Decisions) -> GameState:
    return replace(s, final_round=True)


def _finished(s: GameState, e: ev.GameFinished, d: Decisions) -> GameState:
    return replace(s, phase=st.FINISHED)


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


def evolve(state: GameState, event: Any, d: Decisions = DEFAULT) -> GameState:
    """Apply one fact under the decisions ``d`` (those of the game's rules version)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:  # an unknown fact changes nothing
        return state
    return handler(state, event, d)


def fold(events: Iterable[Any], state: GameState | None = None, d: Decisions = DEFAULT) -> GameState:
    s = GameState() if state is None else state
    handlers = _HANDLERS
    for e in events:
        handler = handlers.get(type(e))
        if handler is not None:
            s = handler(s, e, d)
    return s
