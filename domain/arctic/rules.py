"""``decide`` and ``legal_moves``: the rules of §5-§9 applied to a recorder's moves.

``decide(state, move)`` validates the move, returns its events, then the automatic consequences
(end of placing, penalty draws, power taken, forced token moves, end of drawing, River refills, turn
boundaries, end-game trigger, final round, final score) — each its own event — until the game waits
for the next decision. It never mutates the state. Where the sources are silent it follows the
``Decisions`` it is given (``decisions.DEFAULT`` = ``arctic-1`` unless told otherwise).

Decision points (``GameState.phase``) and the moves they accept:
- ``place`` (step 1): ``PuffinSwap``, ``PuffinTakeBack`` (before the first card, before Moose B),
  ``UseMooseB``, ``PlaceCard``; ``EndStep`` only with an empty hand (accept the shortfall while
  Moose B could still lower it). Placing ends by itself after the N-th card, a Fox card, or when
  the hand is empty and Moose B cannot help.
- ``tokens`` (step 2, only when both directions are possible): ``MoveTokens``.
- ``walrus``: ``WalrusStep`` or ``EndStep``.
- ``draw`` (step 3): ``SetDrawDelta`` (Moose A), ``TakeFromRiver``, ``TakeFromDrawPile`` (Orca B),
  ``TakeFromPenalty`` (Polar bear A). Drawing ends by itself after the last card due or when there
  is nothing left to draw.
- ``discard`` (hand above ``Decisions.hand_limit``, 7): ``Discard``.
- ``give`` (Polar bear B): ``GivePenalty`` or ``EndStep``.
- ``totems`` (public mode, game over, totems unknown): ``RevealTotem``.
Any time (public mode): ``RevealRiver`` (required before anything else while a River card is
unknown), ``RevealCard``, ``RevealTotem``; any time: ``DeclareFoxWild``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import HANDLERS as _EVOLVE
from domain.arctic.evolve import evolve, placement_value, visible_card
from domain.arctic.moves import FACE_DOWN
from domain.arctic.scoring import score
from domain.arctic.state import EMPTY, ONE_UNKNOWN, UNKNOWN, GameState, PlayerState
from domain.arctic.violations import violation
from domain.errors import RuleViolation

_IDS = cat.CARD_IDS
_A = cat.ANIMALS


def _cid(card: int) -> str | None:
    if card < 0:
        return FACE_DOWN if card == ONE_UNKNOWN else None
    return _IDS[card]


# --- queries shared by decide, legal_moves and the simulator ---------------------------------------
def holds(s: GameState, animal: int, side: int | None = None) -> bool:
    return s.holders[animal] == s.active and (side is None or s.sides[animal] == side)


def moose_b_available(s: GameState) -> bool:
    return holds(s, cat.MOOSE, cat.SIDE_B) and not s.moose_used and s.n_from_card


def shortfall(s: GameState, d: Decisions = DEFAULT) -> int:
    """Penalty cards due for the cards not placed (§5 step 1, Moose B: ``moose_b_plus_shortfall``)."""
    target = s.place_target
    if s.moose_delta > 0 and d.moose_b_plus_shortfall == dec.PRINTED:
        target = s.place_n
    return max(0, target - s.placed)


def placing_open(s: GameState) -> bool:
    """Public mode: N cards are placed, but the Moose B holder may still place an (N+1)-th card (the
    table shows the power's use by the card itself); the next move of the game closes the placing."""
    return (
        s.mode == "public"
        and s.phase == st.PLACE
        and not s.placing_closed
        and s.placed >= s.place_target
        and s.players[s.active].hand_size > 0
        and moose_b_available(s)
    )


def drawing_open(s: GameState, d: Decisions = DEFAULT) -> bool:
    """Public mode: D cards are drawn, but the Moose A holder may still take a (D+1)-th card; the next
    move of the game closes the drawing."""
    return (
        s.mode == "public"
        and s.phase == st.DRAW
        and s.drawn >= s.draw_target
        and not s.moose_a_used
        and holds(s, cat.MOOSE, cat.SIDE_A)
        and draw_sources(s, d)
    )


def step_open(s: GameState, d: Decisions = DEFAULT) -> bool:
    """Public mode: placing or drawing waits for a possible implicit Moose +1 (``placing_open``,
    ``drawing_open``)."""
    return placing_open(s) or drawing_open(s, d)


def placing_complete(s: GameState) -> bool:
    if s.placing_closed:
        return True
    if s.placed >= s.place_target:
        return not placing_open(s)
    return s.players[s.active].hand_size == 0 and not moose_b_available(s)


def token_options(s: GameState) -> list[tuple[int, int]]:
    """(main step, companion step) choices of §5 step 2 for the visible card."""
    v = visible_card(s.players[s.active])
    if v is None:
        return []
    pm, pc = s.tokens[cat.MAIN[v]], s.tokens[cat.COMPANION[v]]
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


def walrus_animal(s: GameState) -> int:
    v = visible_card(s.players[s.active])
    assert v is not None
    return cat.MAIN[v] if s.sides[cat.WALRUS] == cat.SIDE_A else cat.COMPANION[v]


def pile_available(s: GameState, d: Decisions = DEFAULT) -> bool:
    """Whether a card can be taken from the draw pile now (with ``end_trigger="card_needed"`` an
    empty draw pile still gives the reserve's cards, the end being triggered as the first is taken)."""
    if s.draw_left > 0:
        return True
    return d.end_trigger == dec.CARD_NEEDED and not s.reserve_in_use and s.reserve_left > 0


def _end_pending(s: GameState, d: Decisions) -> bool:
    """``card_needed``: the draw pile is empty and the end not yet triggered."""
    return d.end_trigger == dec.CARD_NEEDED and s.draw_left == 0 and not s.reserve_in_use


def _movable_penalty(s: GameState, p: PlayerState) -> int:
    """Penalty cards a power can move: in full mode only named ones (``empty_pile_penalty="count"``
    records unknown ones)."""
    return len(p.penalty) if s.mode == "full" else p.penalty_size


def draw_sources(s: GameState, d: Decisions = DEFAULT) -> bool:
    river = s.river
    if river.count(EMPTY) != len(river):
        return True
    if holds(s, cat.ORCA, cat.SIDE_B) and pile_available(s, d):
        return True
    return holds(s, cat.POLAR_BEAR, cat.SIDE_A) and _movable_penalty(s, s.players[s.active]) > 0


def seen(s: GameState) -> list[bool]:
    """Public mode: which cards are known somewhere on the table."""
    out = [False] * len(_IDS)
    for c in s.river:
        if c >= 0:
            out[c] = True
    for p in s.players:
        for zone in (p.pile, p.hand, p.penalty):
            for c in zone:
                if c >= 0:
                    out[c] = True
    return out


def unseen_cards(s: GameState) -> list[int]:
    known = seen(s)
    return [c for c in cat.cards_for(len(s.names)) if not known[c]]


# --- card checks ------------------------------------------------------------------------------------
def _parse_card(s: GameState, card: str, d: Decisions) -> int:
    c = cat.CARD_INDEX.get(card)
    if c is None:
        violation("arctic.unknown_card", f"{card!r} is not an Arctic card id", alternatives(s, d))
    if cat.DECK[c] > len(s.names):
        violation("arctic.card_not_in_game", f"{card} is not in play with {len(s.names)} players (decks 1..N)")
    return c


def _check_unseen(s: GameState, c: int, d: Decisions) -> None:
    if seen(s)[c]:
        violation("arctic.card_already_seen", f"{_IDS[c]} is already known elsewhere on the table", alternatives(s, d))


def _zone_card(s: GameState, p: PlayerState, card: str | None, zone: str, allow_unknown: bool, d: Decisions) -> int:
    """Validate a card leaving ``p``'s hand or penalty zone; UNKNOWN for an unnamed public card.

    An unnamed card leaving a zone that holds known cards makes all the zone's remaining cards
    unknown (the record cannot tell which one left)."""
    known, unknown = (p.hand, p.hand_unknown) if zone == "hand" else (p.penalty, p.penalty_unknown)
    missing = "arctic.card_not_in_hand" if zone == "hand" else "arctic.card_not_in_penalty"
    if card == FACE_DOWN:  # one of the zone's unknown cards: the known ones stay known
        if s.mode == "full" or not allow_unknown:
            violation("arctic.card_required", "the card must be named here", alternatives(s, d))
        if unknown == 0:
            violation("arctic.no_unknown_card", f"no unknown card in the {zone}", alternatives(s, d))
        return ONE_UNKNOWN
    if card is None:
        if s.mode == "full" or not allow_unknown:
            violation("arctic.card_required", "the card must be named here", alternatives(s, d))
        if unknown == 0 and not known:
            violation(missing, f"no card in the {zone}", alternatives(s, d))
        return UNKNOWN
    c = _parse_card(s, card, d)
    if c in known:
        return c
    if s.mode == "full" or unknown == 0:
        violation(missing, f"{card} is not in the player's {zone}", alternatives(s, d))
    _check_unseen(s, c, d)
    return c


# --- automatic consequences ---------------------------------------------------------------------------
def _top(s: GameState) -> int:
    """The top card of the draw pile (UNKNOWN in public mode); assumes draw_left > 0."""
    if s.mode == "full":
        return s.deck[len(s.deck) - s.draw_left]
    return UNKNOWN


def _after_take(s: GameState, d: Decisions) -> list[Any]:
    """DrawPileExhausted when the card just taken was the last one (§7.1, ``end_trigger``)."""
    if s.draw_left == 0 and not s.reserve_in_use and d.end_trigger == dec.LAST_CARD_TAKEN:
        return [ev.DrawPileExhausted(reserve_size=s.reserve_left)]
    return []


def _before_take(s: GameState, d: Decisions) -> list[Any]:
    """``end_trigger="card_needed"``: DrawPileExhausted as a card is needed from an empty pile."""
    if _end_pending(s, d):
        return [ev.DrawPileExhausted(reserve_size=s.reserve_left)]
    return []


def _apply(s: GameState, events: list[Any], new: list[Any], d: Decisions) -> GameState:
    for e in new:
        s = evolve(s, e, d)
        events.append(e)
    return s


def _apply1(s: GameState, events: list[Any], e: Any, d: Decisions) -> GameState:
    """``_apply`` of one event (no list to build and loop over: most automatic steps are one event);
    ``evolve``'s handler called directly (every event decide makes has one)."""
    events.append(e)
    return _EVOLVE[type(e)](s, e, d)


def _refill(s: GameState, events: list[Any], d: Decisions) -> GameState:
    """Refill the River to its size, lowest empty slots first, from the draw pile (§5 step 3, §7b.9)."""
    while EMPTY in s.river:
        if _end_pending(s, d):  # _before_take
            s = _apply1(s, events, ev.DrawPileExhausted(reserve_size=s.reserve_left), d)
        if s.draw_left == 0:
            break
        slot = s.river.index(EMPTY)
        s = _apply1(s, events, ev.RiverRefilled(slot=slot, card=_cid(_top(s))), d)
        if s.draw_left == 0 and not s.reserve_in_use and d.end_trigger == dec.LAST_CARD_TAKEN:  # _after_take
            s = _apply1(s, events, ev.DrawPileExhausted(reserve_size=s.reserve_left), d)
    return s


def _penalties(s: GameState, seat: int, count: int, events: list[Any], d: Decisions) -> GameState:
    """``count`` penalty cards from the draw pile; none when it is empty (``empty_pile_penalty``)."""
    for _ in range(count):
        s = _apply(s, events, _before_take(s, d), d)
        if s.draw_left > 0:
            s = _apply1(s, events, ev.PenaltyCardDrawn(seat=seat, card=_cid(_top(s))), d)
            s = _apply(s, events, _after_take(s, d), d)
        elif d.empty_pile_penalty == dec.COUNT:
            s = _apply1(s, events, ev.PenaltyCardDrawn(seat=seat, card=None), d)
    return s


def _next_turn(s: GameState) -> list[Any]:
    n = len(s.names)
    seat = (s.active + 1) % n
    out: list[Any] = []
    final = s.final_round
    if s.reserve_in_use and not s.final_round and seat == s.start_seat:
        out.append(ev.FinalRoundStarted(start_seat=s.start_seat))
        final = True
    rnd = s.round + (1 if seat == s.start_seat else 0)
    n_value, _ = placement_value(s.players[seat])
    out.append(ev.TurnStarted(seat=seat, turn=s.turn + 1, round=rnd, final=final, placement_value=n_value))
    return out


def _auto(s: GameState, d: Decisions, events: list[Any]) -> GameState | None:
    """Append the next automatic events at this point to ``events`` and return the state after them,
    or None when the game waits for a decision (the state each event leads to is computed once)."""
    phase = s.phase
    seat = s.active
    if phase == st.PLACE:
        if placing_complete(s):
            return _apply1(s, events, ev.PlacingEnded(seat=seat, placed=s.placed, shortfall=shortfall(s, d)), d)
        return None
    if phase == st.PLACE_END:
        if s.pending > 0:
            if _end_pending(s, d):
                return _apply(s, events, _before_take(s, d), d)
            if s.draw_left > 0:
                s = _apply1(s, events, ev.PenaltyCardDrawn(seat=seat, card=_cid(_top(s))), d)
                return _apply(s, events, _after_take(s, d), d)
            if d.empty_pile_penalty == dec.COUNT:
                return _apply1(s, events, ev.PenaltyCardDrawn(seat=seat, card=None), d)
        v = visible_card(s.players[seat])
        assert v is not None, "step 1 always ends with a face-up visible card"
        animal = cat.MAIN[v]
        holder = s.holders[animal]
        taken = ev.PowerTaken(
            seat=seat,
            animal=_A[animal],  # type: ignore[arg-type]
            side=cat.SIDES[s.sides[animal]],  # type: ignore[arg-type]
            from_seat=None if holder < 0 else holder,
        )
        return _apply1(s, events, taken, d)
    if phase == st.TOKENS:
        opts = token_options(s)
        if len(opts) == 1:
            return _apply1(s, events, _tokens_event(s, opts[0]), d)
        return None
    if phase == st.DRAW:
        if (s.drawn >= s.draw_target or not draw_sources(s, d)) and not drawing_open(s, d):
            drawn = s.drawn
            if drawn < s.draw_target and d.river_shortfall == dec.PENALTY:
                s = _penalties(s, seat, s.draw_target - drawn, events, d)
            return _apply1(s, events, ev.DrawingEnded(seat=seat, drawn=drawn), d)
        return None
    if phase == st.END_TURN:
        if not s.final_round and EMPTY in s.river and (s.draw_left > 0 or _end_pending(s, d)):
            before = len(events)
            s = _refill(s, events, d)
            return s if len(events) > before else None
        return _apply1(s, events, ev.TurnEnded(seat=seat), d)
    if phase == st.BETWEEN:
        return _apply(s, events, _next_turn(s), d)
    if phase == st.TOTEMS:
        if all(p.totem != UNKNOWN for p in s.players):
            scores = score(s, d)
            n = len(s.names)
            winner = min((sc.seat for sc in scores if sc.rank == 1), key=lambda seat: (seat - s.start_seat) % n)
            return _apply1(s, events, ev.GameFinished(scores=scores, winner=winner), d)
        return None
    return None


def _tokens_event(s: GameState, option: tuple[int, int]) -> ev.TokensMoved:
    v = visible_card(s.players[s.active])
    assert v is not None
    return ev.TokensMoved(
        seat=s.active,
        main=_A[cat.MAIN[v]],  # type: ignore[arg-type]
        main_step=option[0],
        companion=_A[cat.COMPANION[v]],  # type: ignore[arg-type]
        companion_step=option[1],
    )


def advance(s: GameState, events: list[Any], d: Decisions = DEFAULT) -> tuple[GameState, list[Any]]:
    """Evolve ``events`` into ``s`` and append the automatic consequences until a decision point."""
    handlers = _EVOLVE
    for e in events:
        handler = handlers.get(type(e))
        if handler is not None:  # evolve(s, e, d), one call less per event
            s = handler(s, e, d)
    while True:
        after = _auto(s, d, events)
        if after is None:
            return s, events
        s = after


# --- move handlers -------------------------------------------------------------------------------------
def _require_phase(s: GameState, phase: str, what: str, d: Decisions) -> None:
    if s.phase != phase:
        violation("arctic.wrong_step", f"{what} is not allowed now (the game waits for: {s.phase})", alternatives(s, d))


def _require_power(s: GameState, animal: int, side: int, what: str, d: Decisions) -> None:
    if not holds(s, animal, side):
        violation(
            "arctic.power_not_held",
            f"{what} needs the {_A[animal]} power, side {cat.SIDES[side]}",
            alternatives(s, d),
        )


def _puffin_checks(s: GameState, side: int, what: str, d: Decisions) -> None:
    _require_phase(s, st.PLACE, what, d)
    _require_power(s, cat.PUFFIN, side, what, d)
    if s.puffin_used:
        violation("arctic.power_already_used", "the Puffin power was already used this turn", alternatives(s, d))
    if s.placed > 0 or s.moose_used:
        violation(
            "arctic.puffin_after_placing",
            "Puffin powers are used before the first card is placed (and before Moose B)",
            alternatives(s, d),
        )
    if s.players[s.active].hand_size == 0:
        violation("arctic.puffin_empty_hand", "Puffin powers need a card in hand", alternatives(s, d))


def _puffin_swap(s: GameState, m: mv.PuffinSwap, d: Decisions) -> list[Any]:
    _puffin_checks(s, cat.SIDE_A, "Puffin A", d)
    _check_slot(s, m.river_slot, d)
    p = s.players[s.active]
    c = _zone_card(s, p, m.hand_card, "hand", False, d)
    river_card = s.river[m.river_slot]
    return [ev.PuffinSwapped(seat=s.active, hand_card=_IDS[c], river_slot=m.river_slot, river_card=_IDS[river_card])]


def _puffin_take_back(s: GameState, m: mv.PuffinTakeBack, d: Decisions) -> list[Any]:
    _puffin_checks(s, cat.SIDE_B, "Puffin B", d)
    p = s.players[s.active]
    v = visible_card(p)
    if v is None:
        violation("arctic.no_visible_card", "Puffin B needs a face-up visible card", alternatives(s, d))
    rest = PlayerState(pile=p.pile[:-1], pile_down=p.pile_down[:-1])
    n_value, _ = placement_value(rest)
    return [ev.VisibleCardTakenBack(seat=s.active, card=_IDS[v], placement_value=n_value)]


def _use_moose_b(s: GameState, m: mv.UseMooseB, d: Decisions) -> list[Any]:
    _require_phase(s, st.PLACE, "Moose B", d)
    _require_power(s, cat.MOOSE, cat.SIDE_B, "Moose B", d)
    if s.moose_used:
        violation("arctic.power_already_used", "Moose B was already used this turn", alternatives(s, d))
    if not s.n_from_card:
        violation("arctic.no_visible_card", "Moose B needs a face-up visible card (§7b.4)", alternatives(s, d))
    if m.delta not in (1, -1) or (m.delta == -1 and s.placed > s.place_n - 1):
        violation("arctic.invalid_delta", "Moose B changes N by +1 or -1, not below what is placed", alternatives(s, d))
    return [_moose_b(s, m.delta)]


def _moose_b(s: GameState, delta: int) -> ev.PlacementValueChanged:
    return ev.PlacementValueChanged(seat=s.active, delta=delta, placement_value=s.place_n + delta)


def _implicit_moose_b(s: GameState, m: mv.PlaceCard) -> int:
    """The Moose B use a card placed at the table says by itself (§6, §7b.3): +1 for an (N+1)-th card
    (public mode: the placing is still open), -1 for a Fox card placed as the (N-1)-th; else 0."""
    if placing_open(s):
        return 1
    fox_side = cat.SIDE_A if m.placement == "face_down" else cat.SIDE_B
    if (
        m.placement != "top"
        and holds(s, cat.FOX, fox_side)
        and moose_b_available(s)
        and s.moose_delta == 0
        and s.placed + 1 == s.place_n - 1
        and s.players[s.active].hand_size > 1
    ):
        return -1
    return 0


def _place_card(s: GameState, m: mv.PlaceCard, d: Decisions) -> list[Any]:
    _require_phase(s, st.PLACE, "Placing a card", d)
    p = s.players[s.active]
    if p.hand_size == 0:
        violation("arctic.card_not_in_hand", "the hand is empty", alternatives(s, d))
    delta = _implicit_moose_b(s, m)
    if delta:  # the events still record the power explicitly, before the card
        return _implicitly(s, _moose_b(s, delta), lambda after: _place_card(after, m, d), d)
    if m.placement != "top":
        side = cat.SIDE_A if m.placement == "face_down" else cat.SIDE_B
        _require_power(s, cat.FOX, side, f"placing {m.placement.replace('_', ' ')}", d)
        if visible_card(p) is None:
            violation(
                "arctic.no_visible_card",
                "Fox powers need a pile whose top card is face up (§6, §7b.3)",
                alternatives(s, d),
            )
        if s.placed + 1 != s.place_target and p.hand_size != 1:
            violation("arctic.fox_not_last_card", "a Fox power applies to the last card placed", alternatives(s, d))
    c = _zone_card(s, p, m.card, "hand", m.placement == "face_down", d)
    return [ev.CardPlaced(seat=s.active, card=_cid(c), placement=m.placement)]


def _move_tokens(s: GameState, m: mv.MoveTokens, d: Decisions) -> list[Any]:
    _require_phase(s, st.TOKENS, "Moving tokens", d)
    v = visible_card(s.players[s.active])
    assert v is not None
    up = cat.ANIMAL_INDEX.get(m.up, -1)
    for opt in token_options(s):
        if (up == cat.MAIN[v] and opt[0] == 1 and opt[1] == -1) or (
            up == cat.COMPANION[v] and opt[1] == 1 and opt[0] == -1
        ):
            return [_tokens_event(s, opt)]
    violation("arctic.token_direction", f"{m.up} cannot go up now", alternatives(s, d))


def _walrus_step(s: GameState, m: mv.WalrusStep, d: Decisions) -> list[Any]:
    _require_phase(s, st.WALRUS, "A Walrus step", d)
    animal = walrus_animal(s)
    step = 1 if m.direction == "up" else -1
    if not 0 <= s.tokens[animal] + step <= cat.TRACK_LAST:
        violation("arctic.walrus_off_track", f"the {_A[animal]} token cannot go {m.direction}", alternatives(s, d))
    return [ev.WalrusTokenMoved(seat=s.active, animal=_A[animal], step=step)]  # type: ignore[arg-type]


def _end_step(s: GameState, m: mv.EndStep, d: Decisions) -> list[Any]:
    if s.phase == st.WALRUS:
        return [ev.PowerDeclined(seat=s.active, animal="walrus")]
    if s.phase == st.GIVE:
        return [ev.PowerDeclined(seat=s.active, animal="polar_bear")]
    if placing_open(s):  # N cards placed, no (N+1)-th: the placing ends as it would have by itself
        return [ev.PlacingEnded(seat=s.active, placed=s.placed, shortfall=shortfall(s, d))]
    if s.phase == st.PLACE and _stops_one_short(s):  # the player stops at N-1 cards: Moose B -1
        return [_moose_b(s, -1)]
    if drawing_open(s, d):
        return [ev.DrawingEnded(seat=s.active, drawn=s.drawn)]
    if s.phase == st.DRAW and _draws_one_short(s):  # the player stops at D-1 cards: Moose A -1
        return [_moose_a(s, -1)]
    if s.phase == st.PLACE:
        if s.players[s.active].hand_size > 0:
            violation(
                "arctic.wrong_placement_count",
                f"{s.place_target - s.placed} more card(s) must be placed while the hand holds cards",
                alternatives(s, d),
            )
        return [ev.PlacingEnded(seat=s.active, placed=s.placed, shortfall=shortfall(s, d))]
    violation("arctic.wrong_step", f"nothing optional to end now (the game waits for: {s.phase})", alternatives(s, d))


def _stops_one_short(s: GameState) -> bool:
    """Placing: ``EndStep`` after N-1 cards, hand not empty, is Moose B -1 (§6: "placement value ±1")."""
    return (
        s.players[s.active].hand_size > 0 and moose_b_available(s) and s.moose_delta == 0 and s.placed == s.place_n - 1
    )


def _draws_one_short(s: GameState) -> bool:
    """Drawing: ``EndStep`` after D-1 cards is Moose A -1 (§6: "draw value ±1")."""
    return holds(s, cat.MOOSE, cat.SIDE_A) and not s.moose_a_used and s.drawn == s.draw_target - 1


def _moose_a(s: GameState, delta: int) -> ev.DrawValueChanged:
    return ev.DrawValueChanged(seat=s.active, delta=delta, draw_value=s.draw_target + delta)


def _with_implicit_moose_a(s: GameState, take: Callable[[GameState], list[Any]], d: Decisions) -> list[Any]:
    """A (D+1)-th card taken while the drawing is open (public mode) is Moose A +1, recorded first."""
    if not drawing_open(s, d):
        return take(s)
    return _implicitly(s, _moose_a(s, 1), take, d)


def _implicitly(s: GameState, power: Any, then: Callable[[GameState], list[Any]], d: Decisions) -> list[Any]:
    """``power`` (the implicit use) and the events of the table's action after it; a refusal of the
    action lists the alternatives of the state the recorder sees, not of the one after ``power``."""
    try:
        return [power, *then(evolve(s, power, d))]
    except RuleViolation as err:
        raise RuleViolation(err.code, err.message, rule=err.rule, legal=alternatives(s, d)) from None


def _set_draw_delta(s: GameState, m: mv.SetDrawDelta, d: Decisions) -> list[Any]:
    _require_phase(s, st.DRAW, "Moose A", d)
    _require_power(s, cat.MOOSE, cat.SIDE_A, "Moose A", d)
    if s.moose_a_used:
        violation("arctic.power_already_used", "Moose A was already used this turn", alternatives(s, d))
    if m.delta not in (1, -1) or s.draw_target + m.delta < s.drawn:
        violation("arctic.invalid_delta", "Moose A changes the draw value by +1 or -1", alternatives(s, d))
    return [_moose_a(s, m.delta)]


def _check_slot(s: GameState, slot: int, d: Decisions) -> None:
    if not 0 <= slot < len(s.river):
        violation("arctic.river_slot_invalid", f"River slots are 0..{len(s.river) - 1}, not {slot}", alternatives(s, d))
    if s.river[slot] == EMPTY:
        violation("arctic.river_slot_empty", f"River slot {slot} is empty", alternatives(s, d))


def _take_from_river(s: GameState, m: mv.TakeFromRiver, d: Decisions) -> list[Any]:
    _require_phase(s, st.DRAW, "Drawing", d)
    _check_slot(s, m.slot, d)
    return _with_implicit_moose_a(s, lambda s: _river_take(s, m, d), d)


def _river_take(s: GameState, m: mv.TakeFromRiver, d: Decisions) -> list[Any]:
    orca = holds(s, cat.ORCA, cat.SIDE_A)
    if m.orca_refill and not orca:
        _require_power(s, cat.ORCA, cat.SIDE_A, "Refilling the River at once", d)
    events: list[Any] = [ev.CardTakenFromRiver(seat=s.active, slot=m.slot, card=_cid(s.river[m.slot]))]
    if orca and m.orca_refill is not False:
        s2 = evolve(s, events[0], d)
        _refill(s2, events, d)
    return events


def _take_from_draw_pile(s: GameState, m: mv.TakeFromDrawPile, d: Decisions) -> list[Any]:
    _require_phase(s, st.DRAW, "Drawing", d)
    _require_power(s, cat.ORCA, cat.SIDE_B, "Drawing from the draw pile", d)
    if not pile_available(s, d):
        violation("arctic.draw_pile_empty", "the draw pile is empty", alternatives(s, d))
    return _with_implicit_moose_a(s, lambda s: _pile_take(s, m, d), d)


def _pile_take(s: GameState, m: mv.TakeFromDrawPile, d: Decisions) -> list[Any]:
    events = _before_take(s, d)
    for e in events:
        s = evolve(s, e, d)
    card = _cid(_top(s))
    if m.card is not None:  # what the drawer saw (public mode), or a check of the known top card
        c = _parse_card(s, m.card, d)
        if s.mode == "full" and card != m.card:
            violation("arctic.card_mismatch", f"the top card of the draw pile is not {m.card}", alternatives(s, d))
        if s.mode == "public":
            _check_unseen(s, c, d)
        card = m.card
    drawn = ev.CardTakenFromDrawPile(seat=s.active, card=card)
    return [*events, drawn, *_after_take(evolve(s, drawn, d), d)]


def _take_from_penalty(s: GameState, m: mv.TakeFromPenalty, d: Decisions) -> list[Any]:
    _require_phase(s, st.DRAW, "Drawing", d)
    _require_power(s, cat.POLAR_BEAR, cat.SIDE_A, "Drawing from the penalty zone", d)
    p = s.players[s.active]
    if p.penalty_size == 0:
        violation("arctic.penalty_empty", "the penalty zone is empty", alternatives(s, d))
    c = _zone_card(s, p, m.card, "penalty", True, d)
    return _with_implicit_moose_a(s, lambda s: [ev.CardTakenFromPenalty(seat=s.active, card=_cid(c))], d)


def _discard(s: GameState, m: mv.Discard, d: Decisions) -> list[Any]:
    _require_phase(s, st.DISCARD, "Discarding", d)
    c = _zone_card(s, s.players[s.active], m.card, "hand", True, d)
    return [ev.CardDiscarded(seat=s.active, card=_cid(c))]


def _give_penalty(s: GameState, m: mv.GivePenalty, d: Decisions) -> list[Any]:
    _require_phase(s, st.GIVE, "Polar bear B", d)
    if not 0 <= m.to_seat < len(s.names) or m.to_seat == s.active:
        violation("arctic.invalid_seat", "Polar bear B gives to another player", alternatives(s, d))
    c = _zone_card(s, s.players[s.active], m.card, "penalty", True, d)
    return [ev.PenaltyCardGiven(seat=s.active, to_seat=m.to_seat, card=_cid(c))]


def _require_public(s: GameState, what: str) -> None:
    if s.mode != "public":
        violation("arctic.not_public_mode", f"{what}: every card is already known in full mode")


def _check_seat(s: GameState, seat: int) -> None:
    if not 0 <= seat < len(s.names):
        violation("arctic.invalid_seat", f"no seat {seat}")


def _reveal_river(s: GameState, m: mv.RevealRiver, d: Decisions) -> list[Any]:
    _require_public(s, "RevealRiver")
    if not 0 <= m.slot < len(s.river):
        violation(
            "arctic.river_slot_invalid", f"River slots are 0..{len(s.river) - 1}, not {m.slot}", legal_moves(s, d)
        )
    if s.river[m.slot] != UNKNOWN:
        violation("arctic.wrong_step", f"River slot {m.slot} is not waiting for a reveal", alternatives(s, d))
    c = _parse_card(s, m.card, d)
    _check_unseen(s, c, d)
    return [ev.RiverCardRevealed(slot=m.slot, card=m.card)]


def _reveal_card(s: GameState, m: mv.RevealCard, d: Decisions) -> list[Any]:
    _require_public(s, "RevealCard")
    _check_seat(s, m.seat)
    p = s.players[m.seat]
    if (p.hand_unknown if m.zone == "hand" else p.penalty_unknown) == 0:
        violation("arctic.no_unknown_card", f"no unknown card in seat {m.seat}'s {m.zone}")
    c = _parse_card(s, m.card, d)
    _check_unseen(s, c, d)
    return [ev.CardRevealed(seat=m.seat, zone=m.zone, card=m.card)]


def _reveal_pile_card(s: GameState, m: mv.RevealPileCard, d: Decisions) -> list[Any]:
    _require_public(s, "RevealPileCard")
    _check_seat(s, m.seat)
    if s.phase not in (st.TOTEMS, st.FINISHED):
        violation("arctic.wrong_step", "face-down pile cards are turned over after the last turn")
    p = s.players[m.seat]
    if not (0 <= m.position < len(p.pile) and p.pile_down[m.position] and p.pile[m.position] == UNKNOWN):
        violation("arctic.no_unknown_card", f"position {m.position} is not an unknown face-down card")
    c = _parse_card(s, m.card, d)
    _check_unseen(s, c, d)
    return [ev.PileCardRevealed(seat=m.seat, position=m.position, card=m.card)]


def _reveal_totem(s: GameState, m: mv.RevealTotem, d: Decisions) -> list[Any]:
    _check_seat(s, m.seat)
    if s.players[m.seat].totem != UNKNOWN:
        violation("arctic.totem_already_known", f"seat {m.seat}'s totem is already known")
    animal = cat.ANIMAL_INDEX.get(m.animal, -1)
    if animal < 0 or any(p.totem == animal for p in s.players):
        violation("arctic.totem_taken", f"{m.animal} is not a free totem animal", alternatives(s, d))
    return [ev.TotemRevealed(seat=m.seat, animal=m.animal)]


def wild_neighbours(p: PlayerState, position: int) -> list[int]:
    """Animals a face-down card at ``position`` may count as: nearest face-up card below and above."""
    out: list[int] = []
    for rng in (range(position - 1, -1, -1), range(position + 1, len(p.pile))):
        for i in rng:
            if not p.pile_down[i]:
                if cat.MAIN[p.pile[i]] not in out:
                    out.append(cat.MAIN[p.pile[i]])
                break
    return out


def _declare_fox_wild(s: GameState, m: mv.DeclareFoxWild, d: Decisions) -> list[Any]:
    _check_seat(s, m.seat)
    p = s.players[m.seat]
    if not (0 <= m.position < len(p.pile) and p.pile_down[m.position]):
        violation("arctic.fox_wild_invalid", f"position {m.position} is not a face-down card")
    if cat.ANIMAL_INDEX.get(m.animal, -1) not in wild_neighbours(p, m.position):
        violation("arctic.fox_wild_invalid", f"{m.animal} is not the animal of a neighbouring run")
    return [ev.FoxWildDeclared(seat=m.seat, position=m.position, animal=m.animal)]


_TURN_HANDLERS: dict[type, Callable[[GameState, Any, Decisions], list[Any]]] = {
    mv.PuffinSwap: _puffin_swap,
    mv.PuffinTakeBack: _puffin_take_back,
    mv.UseMooseB: _use_moose_b,
    mv.PlaceCard: _place_card,
    mv.MoveTokens: _move_tokens,
    mv.WalrusStep: _walrus_step,
    mv.SetDrawDelta: _set_draw_delta,
    mv.TakeFromRiver: _take_from_river,
    mv.TakeFromDrawPile: _take_from_draw_pile,
    mv.TakeFromPenalty: _take_from_penalty,
    mv.Discard: _discard,
    mv.GivePenalty: _give_penalty,
    mv.EndStep: _end_step,
}
_NOTE_HANDLERS: dict[type, Callable[[GameState, Any, Decisions], list[Any]]] = {
    mv.RevealRiver: _reveal_river,
    mv.RevealCard: _reveal_card,
    mv.RevealPileCard: _reveal_pile_card,
    mv.RevealTotem: _reveal_totem,
    mv.DeclareFoxWild: _declare_fox_wild,
}


def decide(s: GameState, move: Any, d: Decisions = DEFAULT) -> list[Any]:
    """The events of ``move`` and their automatic consequences, under the decisions ``d``."""
    return decide_and_evolve(s, move, d)[0]


def decide_and_evolve(s: GameState, move: Any, d: Decisions = DEFAULT) -> tuple[list[Any], GameState]:
    """``decide``, and the state after its events (the state ``evolve`` of each of them gives): validating
    the later steps of a move already computed it, so a caller need not fold the events again."""
    if s.phase == st.SETUP:
        violation("arctic.not_started", "the game has not started")
    if s.phase == st.FINISHED and not isinstance(move, _LATE_REVEALS):
        violation("arctic.game_finished", "the game is over")
    if closes_open_step(s, move, d):
        # the table moved on without an (N+1)-th card or (D+1)-th draw: the step ends as it would
        # have by itself, then the move applies to the game as it then stands
        s, closing = close_open_step(s, d)
        out, s = decide_and_evolve(s, move, d)
        return [*closing, *out], s
    note = _NOTE_HANDLERS.get(type(move))
    if note is not None:
        events = note(s, move, d)
    else:
        handler = _TURN_HANDLERS.get(type(move))
        if handler is None:
            violation("arctic.wrong_step", f"not an Arctic move: {type(move).__name__}", alternatives(s, d))
        if s.mode == "public" and UNKNOWN in s.river:
            violation(
                "arctic.reveal_required",
                f"River slot {s.river.index(UNKNOWN)} must be revealed first",
                alternatives(s, d),
            )
        if s.phase == st.TOTEMS:
            violation("arctic.wrong_step", "the game is over: only totem reveals remain", alternatives(s, d))
        if move.seat != s.active:
            violation(
                "arctic.not_your_turn",
                f"it is seat {s.active}'s turn, not seat {move.seat}'s",
                alternatives(s, d),
            )
        events = handler(s, move, d)
    s, out = advance(s, list(events), d)
    refill = getattr(move, "refill", None)
    if refill:
        s = _name_refills(s, refill, out, d)
    return out, s


#: Reveals accepted after ``GameFinished`` (public mode): the hands and face-down cards shown at the end
#: complete the record and change no score.
_LATE_REVEALS = (mv.RevealCard, mv.RevealPileCard)


def close_open_step(s: GameState, d: Decisions = DEFAULT) -> tuple[GameState, list[Any]]:
    """The end of an open placing/drawing (``step_open``) and its automatic consequences."""
    closing = (
        ev.PlacingEnded(seat=s.active, placed=s.placed, shortfall=shortfall(s, d))
        if s.phase == st.PLACE
        else ev.DrawingEnded(seat=s.active, drawn=s.drawn)
    )
    return advance(s, [closing], d)


def closes_open_step(s: GameState, move: Any, d: Decisions) -> bool:
    """Whether ``move`` ends an open placing/drawing (``step_open``) before it applies: any move but the
    step's own ones (a card placed or drawn, Moose, ``EndStep`` by the player) and the notes."""
    if not step_open(s, d):
        return False
    if isinstance(move, mv.RevealRiver):  # the refill after the drawing is being revealed
        return UNKNOWN not in s.river
    if type(move) in _NOTE_HANDLERS:
        return False
    if getattr(move, "seat", None) != s.active:
        return True
    own = (
        (mv.PlaceCard, mv.UseMooseB, mv.EndStep)
        if s.phase == st.PLACE
        else (mv.TakeFromRiver, mv.TakeFromDrawPile, mv.TakeFromPenalty, mv.SetDrawDelta, mv.EndStep)
    )
    return not isinstance(move, own)


def _name_refills(s: GameState, cards: list[str], events: list[Any], d: Decisions) -> GameState:
    """The River cards a move's refills turned face up, named by the drawer in the same move (public
    mode): recorded as the ``RevealRiver`` moves would be, lowest unrevealed slot first."""
    _require_public(s, "Naming the refilled River cards")
    for card in cards:
        if UNKNOWN not in s.river:
            violation("arctic.wrong_step", f"no River card waits to be revealed for {card}")
        reveal = _reveal_river(s, mv.RevealRiver(slot=s.river.index(UNKNOWN), card=card), d)
        s = _apply(s, events, reveal, d)
    return s


def alternatives(s: GameState, d: Decisions) -> list[Any]:
    """A refusal's ``legal`` list: the legal moves, grouped in public mode (``table.table_choices``)."""
    if s.mode == "public":
        from domain.arctic.table import table_choices  # table builds on legal_moves below

        return table_choices(s, d)
    return legal_moves(s, d)


# --- legal moves ---------------------------------------------------------------------------------------
def _hand_choices(s: GameState, p: PlayerState, allow_unknown: bool) -> list[str | None]:
    out: list[str | None] = [_IDS[c] for c in p.hand]
    if s.mode == "public" and allow_unknown and p.hand_size > 0:
        out.append(None)
    if s.mode == "public" and allow_unknown and p.hand_unknown > 0:
        out.append(FACE_DOWN)
    if s.mode == "public" and p.hand_unknown > 0:
        out.extend(_IDS[c] for c in unseen_cards(s))
    return out


def _penalty_choices(s: GameState, p: PlayerState) -> list[str | None]:
    out: list[str | None] = [_IDS[c] for c in p.penalty]
    if s.mode == "public" and p.penalty_size > 0:
        out.append(None)
    if s.mode == "public" and p.penalty_unknown > 0:
        out.append(FACE_DOWN)
    if s.mode == "public" and p.penalty_unknown > 0:
        out.extend(_IDS[c] for c in unseen_cards(s))
    return out


def legal_moves(s: GameState, d: Decisions = DEFAULT, *, implicit: bool = True) -> list[Any]:
    """The moves that advance the game at this decision point. The optional notes ``RevealCard``,
    ``DeclareFoxWild`` (and ``RevealTotem`` before the end) are accepted when valid, not listed.

    ``implicit=False`` leaves out the moves that use a Moose power implicitly (an ``EndStep`` one card
    short, a Fox card as the (N-1)-th): the same game can be recorded with the explicit power move,
    and the simulator keeps choosing among the explicit forms (its games do not change)."""
    if s.mode == "public" and implicit and step_open(s, d) and UNKNOWN not in s.river:
        return _open_step_moves(s, d)
    return _step_moves(s, d, implicit)


def _open_step_moves(s: GameState, d: Decisions) -> list[Any]:
    """Public mode, placing/drawing open: one more card (the implicit Moose +1), the explicit +1,
    ``EndStep``, or any move of the game once the step is closed."""
    seat = s.active
    out: list[Any]
    if s.phase == st.PLACE:
        more = evolve(s, _moose_b(s, 1), d)
        out = [m for m in _step_moves(more, d, True) if isinstance(m, mv.PlaceCard)]
        out.append(mv.UseMooseB(seat=seat, delta=1))
    else:
        out = [m for m in _step_moves(s, d, True) if not (isinstance(m, mv.SetDrawDelta) and m.delta < 0)]
    out.append(mv.EndStep(seat=seat))
    closed, _ = close_open_step(s, d)
    out.extend(m for m in legal_moves(closed, d) if m not in out)
    return out


def _step_moves(s: GameState, d: Decisions, implicit: bool) -> list[Any]:
    phase = s.phase
    if phase in (st.SETUP, st.FINISHED):
        return []
    if s.mode == "public" and UNKNOWN in s.river:
        cards = unseen_cards(s)
        return [mv.RevealRiver(slot=i, card=_IDS[c]) for i, r in enumerate(s.river) if r == UNKNOWN for c in cards]
    seat = s.active
    p = s.players[seat]
    out: list[Any] = []
    if phase == st.PLACE:
        if p.hand_size > 0 and s.placed == 0 and not s.moose_used and not s.puffin_used:
            if holds(s, cat.PUFFIN, cat.SIDE_A):
                for c in _hand_choices(s, p, False):
                    for slot, r in enumerate(s.river):
                        if r != EMPTY:
                            out.append(mv.PuffinSwap(seat=seat, hand_card=c or "", river_slot=slot))
            if holds(s, cat.PUFFIN, cat.SIDE_B) and visible_card(p) is not None:
                out.append(mv.PuffinTakeBack(seat=seat))
        if moose_b_available(s):
            out.append(mv.UseMooseB(seat=seat, delta=1))
            if s.placed <= s.place_n - 1:
                out.append(mv.UseMooseB(seat=seat, delta=-1))
        if p.hand_size == 0 or (implicit and _stops_one_short(s)):
            out.append(mv.EndStep(seat=seat))
        if p.hand_size == 0:
            return out
        last = s.placed + 1 == s.place_target or p.hand_size == 1
        if implicit and not last and moose_b_available(s) and s.moose_delta == 0:
            last = s.placed + 1 == s.place_n - 1  # a Fox card as the (N-1)-th: Moose B -1
        fox_ok = last and visible_card(p) is not None
        fox_a = fox_ok and holds(s, cat.FOX, cat.SIDE_A)
        fox_b = fox_ok and holds(s, cat.FOX, cat.SIDE_B)
        for c in _hand_choices(s, p, False):
            out.append(mv.PlaceCard(seat=seat, card=c, placement="top"))
            if fox_b:
                out.append(mv.PlaceCard(seat=seat, card=c, placement="bottom"))
        if fox_a:
            for c in _hand_choices(s, p, True):
                out.append(mv.PlaceCard(seat=seat, card=c, placement="face_down"))
        return out
    if phase == st.TOKENS:
        v = visible_card(p)
        assert v is not None
        for main_step, _ in token_options(s):
            up = cat.MAIN[v] if main_step == 1 else cat.COMPANION[v]
            out.append(mv.MoveTokens(seat=seat, up=_A[up]))  # type: ignore[arg-type]
        return out
    if phase == st.WALRUS:
        pos = s.tokens[walrus_animal(s)]
        if pos < cat.TRACK_LAST:
            out.append(mv.WalrusStep(seat=seat, direction="up"))
        if pos > 0:
            out.append(mv.WalrusStep(seat=seat, direction="down"))
        out.append(mv.EndStep(seat=seat))
        return out
    if phase == st.DRAW:
        if holds(s, cat.MOOSE, cat.SIDE_A) and not s.moose_a_used:
            out.append(mv.SetDrawDelta(seat=seat, delta=1))
            out.append(mv.SetDrawDelta(seat=seat, delta=-1))
        orca_a = holds(s, cat.ORCA, cat.SIDE_A)
        for slot, r in enumerate(s.river):
            if r != EMPTY:
                out.append(mv.TakeFromRiver(seat=seat, slot=slot))
                if orca_a:
                    out.append(mv.TakeFromRiver(seat=seat, slot=slot, orca_refill=False))
        if holds(s, cat.ORCA, cat.SIDE_B) and pile_available(s, d):
            out.append(mv.TakeFromDrawPile(seat=seat))
        if holds(s, cat.POLAR_BEAR, cat.SIDE_A):
            for c in _penalty_choices(s, p):
                out.append(mv.TakeFromPenalty(seat=seat, card=c))
        if implicit and _draws_one_short(s):
            out.append(mv.EndStep(seat=seat))
        return out
    if phase == st.DISCARD:
        return [mv.Discard(seat=seat, card=c) for c in _hand_choices(s, p, True)]
    if phase == st.GIVE:
        for to in range(len(s.names)):
            if to != seat:
                for c in _penalty_choices(s, p):
                    out.append(mv.GivePenalty(seat=seat, to_seat=to, card=c))
        out.append(mv.EndStep(seat=seat))
        return out
    if phase == st.TOTEMS:
        taken = {pl.totem for pl in s.players}
        for i, pl in enumerate(s.players):
            if pl.totem == UNKNOWN:
                for a in range(6):
                    if a not in taken:
                        out.append(mv.RevealTotem(seat=i, animal=_A[a]))  # type: ignore[arg-type]
        return out
    return out
