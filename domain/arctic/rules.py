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
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic import state as st
from domain.arctic.consequences import (
    advance,
    after_take,
    apply_events,
    before_take,
    close_open_step,
    refill_river,
    tokens_event,
    top_card,
)
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.evolve import evolve, placement_value, visible_card
from domain.arctic.legal import legal_moves
from domain.arctic.moves import FACE_DOWN
from domain.arctic.queries import (
    drawing_open,
    draws_one_short,
    holds,
    moose_a_event,
    moose_b_available,
    moose_b_event,
    pile_available,
    placing_open,
    recorded_card,
    seen,
    shortfall,
    step_open,
    stops_one_short,
    token_options,
    walrus_animal,
)
from domain.arctic.state import EMPTY, ONE_UNKNOWN, UNKNOWN, GameState, PlayerState
from domain.arctic.table import table_choices
from domain.arctic.violations import violation
from domain.errors import RuleViolation

_IDS = cat.CARD_IDS
_A = cat.ANIMALS


def _parse_card(state: GameState, card: str, decisions: Decisions) -> int:
    c = cat.CARD_INDEX.get(card)
    if c is None:
        violation("arctic.unknown_card", f"{card!r} is not an Arctic card id", alternatives(state, decisions))
    if cat.DECK[c] > len(state.names):
        violation("arctic.card_not_in_game", f"{card} is not in play with {len(state.names)} players (decks 1..N)")
    return c


def _check_unseen(state: GameState, card: int, decisions: Decisions) -> None:
    if seen(state)[card]:
        violation(
            "arctic.card_already_seen",
            f"{_IDS[card]} is already known elsewhere on the table",
            alternatives(state, decisions),
        )


def _zone_card(
    state: GameState, player: PlayerState, card: str | None, zone: str, allow_unknown: bool, decisions: Decisions
) -> int:
    """Validate a card leaving ``player``'s hand or penalty zone; UNKNOWN for an unnamed public card.

    An unnamed card leaving a zone that holds known cards makes all the zone's remaining cards
    unknown (the record cannot tell which one left)."""
    known, unknown = (player.hand, player.hand_unknown) if zone == "hand" else (player.penalty, player.penalty_unknown)
    missing = "arctic.card_not_in_hand" if zone == "hand" else "arctic.card_not_in_penalty"
    if card == FACE_DOWN:  # one of the zone's unknown cards: the known ones stay known
        if state.mode == "full" or not allow_unknown:
            violation("arctic.card_required", "the card must be named here", alternatives(state, decisions))
        if unknown == 0:
            violation("arctic.no_unknown_card", f"no unknown card in the {zone}", alternatives(state, decisions))
        return ONE_UNKNOWN
    if card is None:
        if state.mode == "full" or not allow_unknown:
            violation("arctic.card_required", "the card must be named here", alternatives(state, decisions))
        if unknown == 0 and not known:
            violation(missing, f"no card in the {zone}", alternatives(state, decisions))
        return UNKNOWN
    c = _parse_card(state, card, decisions)
    if c in known:
        return c
    if state.mode == "full" or unknown == 0:
        violation(missing, f"{card} is not in the player's {zone}", alternatives(state, decisions))
    _check_unseen(state, c, decisions)
    return c


def _require_phase(state: GameState, phase: str, what: str, decisions: Decisions) -> None:
    if state.phase != phase:
        violation(
            "arctic.wrong_step",
            f"{what} is not allowed now (the game waits for: {state.phase})",
            alternatives(state, decisions),
        )


def _require_power(state: GameState, animal: int, side: int, what: str, decisions: Decisions) -> None:
    if not holds(state, animal, side):
        violation(
            "arctic.power_not_held",
            f"{what} needs the {_A[animal]} power, side {cat.SIDES[side]}",
            alternatives(state, decisions),
        )


def _puffin_checks(state: GameState, side: int, what: str, decisions: Decisions) -> None:
    _require_phase(state, st.PLACE, what, decisions)
    _require_power(state, cat.PUFFIN, side, what, decisions)
    if state.puffin_used:
        violation(
            "arctic.power_already_used", "the Puffin power was already used this turn", alternatives(state, decisions)
        )
    if state.placed > 0 or state.moose_used:
        violation(
            "arctic.puffin_after_placing",
            "Puffin powers are used before the first card is placed (and before Moose B)",
            alternatives(state, decisions),
        )
    if state.players[state.active].hand_size == 0:
        violation("arctic.puffin_empty_hand", "Puffin powers need a card in hand", alternatives(state, decisions))


def _puffin_swap(state: GameState, move: mv.PuffinSwap, decisions: Decisions) -> list[Any]:
    _puffin_checks(state, cat.SIDE_A, "Puffin A", decisions)
    _check_slot(state, move.river_slot, decisions)
    p = state.players[state.active]
    c = _zone_card(state, p, move.hand_card, "hand", False, decisions)
    river_card = state.river[move.river_slot]
    return [
        ev.PuffinSwapped(seat=state.active, hand_card=_IDS[c], river_slot=move.river_slot, river_card=_IDS[river_card])
    ]


def _puffin_take_back(state: GameState, move: mv.PuffinTakeBack, decisions: Decisions) -> list[Any]:
    _puffin_checks(state, cat.SIDE_B, "Puffin B", decisions)
    p = state.players[state.active]
    v = visible_card(p)
    if v is None:
        violation("arctic.no_visible_card", "Puffin B needs a face-up visible card", alternatives(state, decisions))
    rest = PlayerState(pile=p.pile[:-1], pile_down=p.pile_down[:-1])
    n_value, _ = placement_value(rest)
    return [ev.VisibleCardTakenBack(seat=state.active, card=_IDS[v], placement_value=n_value)]


def _use_moose_b(state: GameState, move: mv.UseMooseB, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.PLACE, "Moose B", decisions)
    _require_power(state, cat.MOOSE, cat.SIDE_B, "Moose B", decisions)
    if state.moose_used:
        violation("arctic.power_already_used", "Moose B was already used this turn", alternatives(state, decisions))
    if not state.n_from_card:
        violation(
            "arctic.no_visible_card", "Moose B needs a face-up visible card (§7b.4)", alternatives(state, decisions)
        )
    if move.delta not in (1, -1) or (move.delta == -1 and state.placed > state.place_n - 1):
        violation(
            "arctic.invalid_delta",
            "Moose B changes N by +1 or -1, not below what is placed",
            alternatives(state, decisions),
        )
    return [moose_b_event(state, move.delta)]


def _implicit_moose_b(state: GameState, move: mv.PlaceCard) -> int:
    """The Moose B use a card placed at the table says by itself (§6, §7b.3): +1 for an (N+1)-th card
    (public mode: the placing is still open), -1 for a Fox card placed as the (N-1)-th; else 0."""
    if placing_open(state):
        return 1
    fox_side = cat.SIDE_A if move.placement == "face_down" else cat.SIDE_B
    if (
        move.placement != "top"
        and holds(state, cat.FOX, fox_side)
        and moose_b_available(state)
        and state.moose_delta == 0
        and state.placed + 1 == state.place_n - 1
        and state.players[state.active].hand_size > 1
    ):
        return -1
    return 0


def _after_closing(state: GameState, animal_side: tuple[int, int], what: str, decisions: Decisions) -> None:
    """Refuse an (N+1)-th card / (D+1)-th draw once full mode ended the step by itself, saying why.

    Full mode ends placing at the N-th card and drawing at the D-th in the same move, with what follows
    (the power of the new visible card "from the centre or from whoever holds it" and the forced token
    moves, §5; the discard and Polar bear B steps, the refill and the next turn, §5 step 3). Reopening
    the step would mean undoing those: the state no longer says whom the power was taken from nor
    which way a token went, and keeping that in the state would change the hash of every stored state.
    So the Moose declaration comes first there (rules notes, "Recording at the table")."""
    animal, side = animal_side
    visible = visible_card(state.players[state.active])
    if side == cat.SIDE_B and visible is not None and cat.MAIN[visible] == cat.MOOSE:
        return  # Moose B may have been taken with this turn's last card: it did not change this turn (§7b.4)
    if state.mode == "full" and state.phase != st.SETUP and holds(state, animal, side):
        used = (state.moose_used or not state.n_from_card) if side == cat.SIDE_B else state.moose_a_used
        if not used and state.phase in (
            (st.TOKENS, st.WALRUS, st.DRAW) if side == cat.SIDE_B else (st.DISCARD, st.GIVE)
        ):
            violation(
                "arctic.wrong_step",
                f"full mode: the {what} ended by itself and the game went on; record Moose "
                f"{cat.SIDES[side]} (+1) before the last {'card' if side == cat.SIDE_B else 'draw'} due (§6, §7b.4)",
                alternatives(state, decisions),
            )


def _place_card(state: GameState, move: mv.PlaceCard, decisions: Decisions) -> list[Any]:
    if state.phase != st.PLACE:
        _after_closing(state, (cat.MOOSE, cat.SIDE_B), "placing", decisions)
    _require_phase(state, st.PLACE, "Placing a card", decisions)
    p = state.players[state.active]
    if p.hand_size == 0:
        violation("arctic.card_not_in_hand", "the hand is empty", alternatives(state, decisions))
    delta = _implicit_moose_b(state, move)
    if delta:  # the events still record the power explicitly, before the card
        return _implicitly(
            state, moose_b_event(state, delta), lambda after: _place_card(after, move, decisions), decisions
        )
    if move.placement != "top":
        side = cat.SIDE_A if move.placement == "face_down" else cat.SIDE_B
        _require_power(state, cat.FOX, side, f"placing {move.placement.replace('_', ' ')}", decisions)
        if visible_card(p) is None:
            violation(
                "arctic.no_visible_card",
                "Fox powers need a pile whose top card is face up (§6, §7b.3)",
                alternatives(state, decisions),
            )
        if state.placed + 1 != state.place_target and p.hand_size != 1:
            violation(
                "arctic.fox_not_last_card",
                "a Fox power applies to the last card placed",
                alternatives(state, decisions),
            )
    c = _zone_card(state, p, move.card, "hand", move.placement == "face_down", decisions)
    return [ev.CardPlaced(seat=state.active, card=recorded_card(c), placement=move.placement)]


def _move_tokens(state: GameState, move: mv.MoveTokens, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.TOKENS, "Moving tokens", decisions)
    v = visible_card(state.players[state.active])
    assert v is not None
    up = cat.ANIMAL_INDEX.get(move.up, -1)
    for opt in token_options(state):
        if (up == cat.MAIN[v] and opt[0] == 1 and opt[1] == -1) or (
            up == cat.COMPANION[v] and opt[1] == 1 and opt[0] == -1
        ):
            return [tokens_event(state, opt)]
    violation("arctic.token_direction", f"{move.up} cannot go up now", alternatives(state, decisions))


def _walrus_step(state: GameState, move: mv.WalrusStep, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.WALRUS, "A Walrus step", decisions)
    animal = walrus_animal(state)
    step = 1 if move.direction == "up" else -1
    if not 0 <= state.tokens[animal] + step <= cat.TRACK_LAST:
        violation(
            "arctic.walrus_off_track",
            f"the {_A[animal]} token cannot go {move.direction}",
            alternatives(state, decisions),
        )
    return [ev.WalrusTokenMoved(seat=state.active, animal=_A[animal], step=step)]  # type: ignore[arg-type]


def _end_step(state: GameState, move: mv.EndStep, decisions: Decisions) -> list[Any]:
    if state.phase == st.WALRUS:
        return [ev.PowerDeclined(seat=state.active, animal="walrus")]
    if state.phase == st.GIVE:
        return [ev.PowerDeclined(seat=state.active, animal="polar_bear")]
    if placing_open(state):  # N cards placed, no (N+1)-th: the placing ends as it would have by itself
        return [ev.PlacingEnded(seat=state.active, placed=state.placed, shortfall=shortfall(state, decisions))]
    if state.phase == st.PLACE and stops_one_short(state):  # the player stops at N-1 cards: Moose B -1
        return [moose_b_event(state, -1)]
    if drawing_open(state, decisions):
        return [ev.DrawingEnded(seat=state.active, drawn=state.drawn)]
    if state.phase == st.DRAW and draws_one_short(state):  # the player stops at D-1 cards: Moose A -1
        return [moose_a_event(state, -1)]
    if state.phase == st.PLACE:
        if state.players[state.active].hand_size > 0:
            violation(
                "arctic.wrong_placement_count",
                f"{state.place_target - state.placed} more card(s) must be placed while the hand holds cards",
                alternatives(state, decisions),
            )
        return [ev.PlacingEnded(seat=state.active, placed=state.placed, shortfall=shortfall(state, decisions))]
    violation(
        "arctic.wrong_step",
        f"nothing optional to end now (the game waits for: {state.phase})",
        alternatives(state, decisions),
    )


def _with_implicit_moose_a(state: GameState, take: Callable[[GameState], list[Any]], decisions: Decisions) -> list[Any]:
    """A (D+1)-th card taken while the drawing is open (public mode) is Moose A +1, recorded first."""
    if not drawing_open(state, decisions):
        return take(state)
    return _implicitly(state, moose_a_event(state, 1), take, decisions)


def _implicitly(
    state: GameState, power: Any, then: Callable[[GameState], list[Any]], decisions: Decisions
) -> list[Any]:
    """``power`` (the implicit use) and the events of the table's action after it; a refusal of the
    action lists the alternatives of the state the recorder sees, not of the one after ``power``."""
    try:
        return [power, *then(evolve(state, power, decisions))]
    except RuleViolation as err:
        raise RuleViolation(err.code, err.message, rule=err.rule, legal=alternatives(state, decisions)) from None


def _set_draw_delta(state: GameState, move: mv.SetDrawDelta, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.DRAW, "Moose A", decisions)
    _require_power(state, cat.MOOSE, cat.SIDE_A, "Moose A", decisions)
    if state.moose_a_used:
        violation("arctic.power_already_used", "Moose A was already used this turn", alternatives(state, decisions))
    if move.delta not in (1, -1) or state.draw_target + move.delta < state.drawn:
        violation("arctic.invalid_delta", "Moose A changes the draw value by +1 or -1", alternatives(state, decisions))
    return [moose_a_event(state, move.delta)]


def _check_slot(state: GameState, slot: int, decisions: Decisions) -> None:
    if not 0 <= slot < len(state.river):
        violation(
            "arctic.river_slot_invalid",
            f"River slots are 0..{len(state.river) - 1}, not {slot}",
            alternatives(state, decisions),
        )
    if state.river[slot] == EMPTY:
        violation("arctic.river_slot_empty", f"River slot {slot} is empty", alternatives(state, decisions))


def _take_from_river(state: GameState, move: mv.TakeFromRiver, decisions: Decisions) -> list[Any]:
    if state.phase != st.DRAW:
        _after_closing(state, (cat.MOOSE, cat.SIDE_A), "drawing", decisions)
    _require_phase(state, st.DRAW, "Drawing", decisions)
    _check_slot(state, move.slot, decisions)
    return _with_implicit_moose_a(state, lambda state: _river_take(state, move, decisions), decisions)


def _river_take(state: GameState, move: mv.TakeFromRiver, decisions: Decisions) -> list[Any]:
    orca = holds(state, cat.ORCA, cat.SIDE_A)
    if move.orca_refill and not orca:
        _require_power(state, cat.ORCA, cat.SIDE_A, "Refilling the River at once", decisions)
    events: list[Any] = [
        ev.CardTakenFromRiver(seat=state.active, slot=move.slot, card=recorded_card(state.river[move.slot]))
    ]
    if orca and move.orca_refill is not False:
        s2 = evolve(state, events[0], decisions)
        refill_river(s2, events, decisions)
    return events


def _take_from_draw_pile(state: GameState, move: mv.TakeFromDrawPile, decisions: Decisions) -> list[Any]:
    if state.phase != st.DRAW:
        _after_closing(state, (cat.MOOSE, cat.SIDE_A), "drawing", decisions)
    _require_phase(state, st.DRAW, "Drawing", decisions)
    _require_power(state, cat.ORCA, cat.SIDE_B, "Drawing from the draw pile", decisions)
    if not pile_available(state, decisions):
        violation("arctic.draw_pile_empty", "the draw pile is empty", alternatives(state, decisions))
    return _with_implicit_moose_a(state, lambda state: _pile_take(state, move, decisions), decisions)


def _pile_take(state: GameState, move: mv.TakeFromDrawPile, decisions: Decisions) -> list[Any]:
    events = before_take(state, decisions)
    for e in events:
        state = evolve(state, e, decisions)
    card = recorded_card(top_card(state))
    if move.card is not None:  # what the drawer saw (public mode), or a check of the known top card
        c = _parse_card(state, move.card, decisions)
        if state.mode == "full" and card != move.card:
            violation(
                "arctic.card_mismatch",
                f"the top card of the draw pile is not {move.card}",
                alternatives(state, decisions),
            )
        if state.mode == "public":
            _check_unseen(state, c, decisions)
        card = move.card
    drawn = ev.CardTakenFromDrawPile(seat=state.active, card=card)
    return [*events, drawn, *after_take(evolve(state, drawn, decisions), decisions)]


def _take_from_penalty(state: GameState, move: mv.TakeFromPenalty, decisions: Decisions) -> list[Any]:
    if state.phase != st.DRAW:
        _after_closing(state, (cat.MOOSE, cat.SIDE_A), "drawing", decisions)
    _require_phase(state, st.DRAW, "Drawing", decisions)
    _require_power(state, cat.POLAR_BEAR, cat.SIDE_A, "Drawing from the penalty zone", decisions)
    p = state.players[state.active]
    if p.penalty_size == 0:
        violation("arctic.penalty_empty", "the penalty zone is empty", alternatives(state, decisions))
    c = _zone_card(state, p, move.card, "penalty", True, decisions)
    return _with_implicit_moose_a(
        state, lambda state: [ev.CardTakenFromPenalty(seat=state.active, card=recorded_card(c))], decisions
    )


def _discard(state: GameState, move: mv.Discard, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.DISCARD, "Discarding", decisions)
    c = _zone_card(state, state.players[state.active], move.card, "hand", True, decisions)
    return [ev.CardDiscarded(seat=state.active, card=recorded_card(c))]


def _give_penalty(state: GameState, move: mv.GivePenalty, decisions: Decisions) -> list[Any]:
    _require_phase(state, st.GIVE, "Polar bear B", decisions)
    if not 0 <= move.to_seat < len(state.names) or move.to_seat == state.active:
        violation("arctic.invalid_seat", "Polar bear B gives to another player", alternatives(state, decisions))
    c = _zone_card(state, state.players[state.active], move.card, "penalty", True, decisions)
    return [ev.PenaltyCardGiven(seat=state.active, to_seat=move.to_seat, card=recorded_card(c))]


def _require_public(state: GameState, what: str) -> None:
    if state.mode != "public":
        violation("arctic.not_public_mode", f"{what}: every card is already known in full mode")


def _check_seat(state: GameState, seat: int) -> None:
    if not 0 <= seat < len(state.names):
        violation("arctic.invalid_seat", f"no seat {seat}")


def _reveal_river(state: GameState, move: mv.RevealRiver, decisions: Decisions) -> list[Any]:
    _require_public(state, "RevealRiver")
    if not 0 <= move.slot < len(state.river):
        violation(
            "arctic.river_slot_invalid",
            f"River slots are 0..{len(state.river) - 1}, not {move.slot}",
            legal_moves(state, decisions),
        )
    if state.river[move.slot] != UNKNOWN:
        violation(
            "arctic.wrong_step", f"River slot {move.slot} is not waiting for a reveal", alternatives(state, decisions)
        )
    c = _parse_card(state, move.card, decisions)
    _check_unseen(state, c, decisions)
    return [ev.RiverCardRevealed(slot=move.slot, card=move.card)]


def _reveal_card(state: GameState, move: mv.RevealCard, decisions: Decisions) -> list[Any]:
    _require_public(state, "RevealCard")
    _check_seat(state, move.seat)
    p = state.players[move.seat]
    if (p.hand_unknown if move.zone == "hand" else p.penalty_unknown) == 0:
        violation("arctic.no_unknown_card", f"no unknown card in seat {move.seat}'s {move.zone}")
    c = _parse_card(state, move.card, decisions)
    _check_unseen(state, c, decisions)
    return [ev.CardRevealed(seat=move.seat, zone=move.zone, card=move.card)]


def _reveal_pile_card(state: GameState, move: mv.RevealPileCard, decisions: Decisions) -> list[Any]:
    _require_public(state, "RevealPileCard")
    _check_seat(state, move.seat)
    if state.phase not in (st.TOTEMS, st.FINISHED):
        violation("arctic.wrong_step", "face-down pile cards are turned over after the last turn")
    p = state.players[move.seat]
    if not (0 <= move.position < len(p.pile) and p.pile_down[move.position] and p.pile[move.position] == UNKNOWN):
        violation("arctic.no_unknown_card", f"position {move.position} is not an unknown face-down card")
    c = _parse_card(state, move.card, decisions)
    _check_unseen(state, c, decisions)
    return [ev.PileCardRevealed(seat=move.seat, position=move.position, card=move.card)]


def _reveal_totem(state: GameState, move: mv.RevealTotem, decisions: Decisions) -> list[Any]:
    _check_seat(state, move.seat)
    if state.players[move.seat].totem != UNKNOWN:
        violation("arctic.totem_already_known", f"seat {move.seat}'s totem is already known")
    animal = cat.ANIMAL_INDEX.get(move.animal, -1)
    if animal < 0 or any(p.totem == animal for p in state.players):
        violation("arctic.totem_taken", f"{move.animal} is not a free totem animal", alternatives(state, decisions))
    return [ev.TotemRevealed(seat=move.seat, animal=move.animal)]


def wild_neighbours(player: PlayerState, position: int) -> list[int]:
    """Animals a face-down card at ``position`` may count as: nearest face-up card below and above."""
    out: list[int] = []
    for rng in (range(position - 1, -1, -1), range(position + 1, len(player.pile))):
        for i in rng:
            if not player.pile_down[i]:
                if cat.MAIN[player.pile[i]] not in out:
                    out.append(cat.MAIN[player.pile[i]])
                break
    return out


def _declare_fox_wild(state: GameState, move: mv.DeclareFoxWild, decisions: Decisions) -> list[Any]:
    _check_seat(state, move.seat)
    p = state.players[move.seat]
    if not (0 <= move.position < len(p.pile) and p.pile_down[move.position]):
        violation("arctic.fox_wild_invalid", f"position {move.position} is not a face-down card")
    if cat.ANIMAL_INDEX.get(move.animal, -1) not in wild_neighbours(p, move.position):
        violation("arctic.fox_wild_invalid", f"{move.animal} is not the animal of a neighbouring run")
    return [ev.FoxWildDeclared(seat=move.seat, position=move.position, animal=move.animal)]


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


def decide(state: GameState, move: Any, decisions: Decisions = DEFAULT) -> list[Any]:
    """The events of ``move`` and their automatic consequences, under ``decisions``."""
    return decide_and_evolve(state, move, decisions)[0]


def decide_and_evolve(state: GameState, move: Any, decisions: Decisions = DEFAULT) -> tuple[list[Any], GameState]:
    """``decide``, and the state after its events (the state ``evolve`` of each of them gives): validating
    the later steps of a move already computed it, so a caller need not fold the events again."""
    if state.phase == st.SETUP:
        violation("arctic.not_started", "the game has not started")
    if state.phase == st.FINISHED and not isinstance(move, _LATE_REVEALS):
        violation("arctic.game_finished", "the game is over")
    if closes_open_step(state, move, decisions):
        # the table moved on without an (N+1)-th card or (D+1)-th draw: the step ends as it would
        # have by itself, then the move applies to the game as it then stands
        state, closing = close_open_step(state, decisions)
        out, state = decide_and_evolve(state, move, decisions)
        return [*closing, *out], state
    note = _NOTE_HANDLERS.get(type(move))
    if note is not None:
        events = note(state, move, decisions)
    else:
        handler = _TURN_HANDLERS.get(type(move))
        if handler is None:
            violation("arctic.wrong_step", f"not an Arctic move: {type(move).__name__}", alternatives(state, decisions))
        if state.mode == "public" and UNKNOWN in state.river:
            violation(
                "arctic.reveal_required",
                f"River slot {state.river.index(UNKNOWN)} must be revealed first",
                alternatives(state, decisions),
            )
        if state.phase == st.TOTEMS:
            violation(
                "arctic.wrong_step", "the game is over: only totem reveals remain", alternatives(state, decisions)
            )
        if move.seat != state.active:
            violation(
                "arctic.not_your_turn",
                f"it is seat {state.active}'s turn, not seat {move.seat}'s",
                alternatives(state, decisions),
            )
        events = handler(state, move, decisions)
    state, out = advance(state, list(events), decisions)
    refill = getattr(move, "refill", None)
    if refill:
        state = _name_refills(state, refill, out, decisions)
    return out, state


#: Reveals accepted after ``GameFinished`` (public mode): the hands and face-down cards shown at the end
#: complete the record and change no score.
_LATE_REVEALS = (mv.RevealCard, mv.RevealPileCard)


def closes_open_step(state: GameState, move: Any, decisions: Decisions) -> bool:
    """Whether ``move`` ends an open placing/drawing (``step_open``) before it applies: any move but the
    step's own ones (a card placed or drawn, Moose, ``EndStep`` by the player) and the notes."""
    if not step_open(state, decisions):
        return False
    if isinstance(move, mv.RevealRiver):  # the refill after the drawing is being revealed
        return UNKNOWN not in state.river
    if type(move) in _NOTE_HANDLERS:
        return False
    if getattr(move, "seat", None) != state.active:
        return True
    own = (
        (mv.PlaceCard, mv.UseMooseB, mv.EndStep)
        if state.phase == st.PLACE
        else (mv.TakeFromRiver, mv.TakeFromDrawPile, mv.TakeFromPenalty, mv.SetDrawDelta, mv.EndStep)
    )
    return not isinstance(move, own)


def _name_refills(state: GameState, cards: list[str], events: list[Any], decisions: Decisions) -> GameState:
    """The River cards a move's refills turned face up, named by the drawer in the same move (public
    mode): recorded as the ``RevealRiver`` moves would be, lowest unrevealed slot first."""
    _require_public(state, "Naming the refilled River cards")
    for card in cards:
        if UNKNOWN not in state.river:
            violation("arctic.wrong_step", f"no River card waits to be revealed for {card}")
        reveal = _reveal_river(state, mv.RevealRiver(slot=state.river.index(UNKNOWN), card=card), decisions)
        state = apply_events(state, events, reveal, decisions)
    return state


def alternatives(state: GameState, decisions: Decisions) -> list[Any]:
    """A refusal's ``legal`` list: the legal moves, grouped in public mode (``table.table_choices``)."""
    if state.mode == "public":
        return table_choices(state, decisions)
    return legal_moves(state, decisions)
