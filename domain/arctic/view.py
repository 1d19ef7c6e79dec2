"""What a perspective may see (§9): ``view(state, perspective)`` and ``redact_event``.

- spectator: piles (face-down Fox-A cards hidden), token positions, River, power sides and holders,
  hand and penalty counts, draw pile and reserve counts; totems once the game is finished;
  in events: never a card drawn face down (penalty, Orca B, Polar bear A), a face-down Fox-A card,
  a given penalty card, a dealt hand, the deck order beyond the River, nor (public mode) a hand or
  penalty card or a totem revealed to the record before the game is over;
- seat N: the same plus its own hand, penalty cards, totem and face-down cards;
- omniscient: everything the state knows.
In public mode a card nobody has revealed is ``None`` even for the omniscient perspective.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions, reserve_size
from domain.arctic.evolve import visible_card
from domain.arctic.moves import FACE_DOWN
from domain.arctic.scoring import score
from domain.arctic.state import CENTRE, EMPTY, GameState
from domain.game import Perspective


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    player: str
    pile: list[str | None]  # bottom -> top; None: a face-down card hidden from this perspective
    pile_face_down: list[bool]
    visible_card: str | None
    hand_count: int
    hand: list[str | None] | None  # None: hidden; inside, None = a card not known to the record
    penalty_count: int
    penalty: list[str | None] | None
    totem: str | None
    powers: list[str]  # animals whose power card the seat holds
    turns: int


class CardFace(msgspec.Struct, frozen=True, kw_only=True):
    """What is printed on a card (§2), so that a board draws it without the catalogue: its animal and
    companion, its placement and draw values, and the deck and number the timeline's label shows."""

    animal: str
    companion: str
    placement: int
    draw: int
    deck: int
    number: int


_FACES: dict[str, CardFace] = {
    spec.id: CardFace(
        animal=spec.animal,
        companion=spec.companion,
        placement=spec.placement,
        draw=spec.draw,
        deck=spec.deck,
        number=int(spec.id.rsplit("-", 1)[1]),
    )
    for spec in cat.CARDS
}


class ArcticView(msgspec.Struct, frozen=True, kw_only=True):
    perspective: str
    rules_version: str
    mode: str
    phase: str
    active_seat: int | None
    start_seat: int
    turn: int
    round: int
    final_round: bool
    finished: bool
    players: list[PlayerView]
    tokens: dict[str, int]  # animal -> position 0..5
    token_values: dict[str, int]  # animal -> landscape value under the token
    river: list[str | None]  # slots 0..5; None: empty or not yet revealed
    river_unrevealed: list[int]
    draw_pile_count: int
    reserve_count: int
    reserve_is_draw_pile: bool
    power_sides: dict[str, str]
    power_holders: dict[str, int | None]
    placement_value: int
    placed: int
    draw_value: int
    drawn: int
    scores: list[ev.SeatScore] | None = None
    # the faces of the cards this view names (and of no other: a hidden card has no face here)
    cards: dict[str, CardFace] = {}
    # whom the table waits for (the seats of the moves the rules accept now; after a public game's end,
    # those with cards still to show), and whether it is the table's own decision (a River card turned up)
    to_play: list[int] = []
    table_to_play: bool = False


def _cid(card: int) -> str | None:
    return None if card < 0 else cat.CARD_IDS[card]


def _label(perspective: Perspective) -> str:
    return f"seat:{perspective.seat}" if perspective.kind == "seat" else perspective.kind


def _sees_seat(perspective: Perspective, seat: int) -> bool:
    return perspective.kind == "omniscient" or (perspective.kind == "seat" and perspective.seat == seat)


def view(state: GameState, perspective: Perspective, decisions: Decisions = DEFAULT) -> ArcticView:
    s = state
    finished = s.phase == st.FINISHED
    players = []
    for seat, p in enumerate(s.players):
        own = _sees_seat(perspective, seat)
        pile = [_cid(c) if (own or not down) else None for c, down in zip(p.pile, p.pile_down, strict=True)]
        v = visible_card(p)
        players.append(
            PlayerView(
                seat=seat,
                player=s.names[seat],
                pile=pile,
                pile_face_down=list(p.pile_down),
                visible_card=_cid(v) if v is not None else None,
                hand_count=p.hand_size,
                hand=[_cid(c) for c in p.hand] + [None] * p.hand_unknown if own else None,
                penalty_count=p.penalty_size,
                penalty=[_cid(c) for c in p.penalty] + [None] * p.penalty_unknown if own else None,
                totem=cat.ANIMALS[p.totem] if p.totem >= 0 and (own or finished) else None,
                powers=[cat.ANIMALS[a] for a in range(6) if s.holders[a] == seat],
                turns=p.turns,
            )
        )
    started = bool(s.names)
    waiting = waiting_for(s)
    river = [_cid(c) for c in s.river]
    named = [*river, *(c for p in players for c in (*p.pile, p.visible_card, *(p.hand or ()), *(p.penalty or ())))]
    return ArcticView(
        perspective=_label(perspective),
        rules_version=s.rules_version,
        mode=s.mode,
        phase=s.phase,
        active_seat=s.active if started and not finished else None,
        start_seat=s.start_seat,
        turn=s.turn,
        round=s.round,
        final_round=s.final_round,
        finished=finished,
        players=players,
        tokens={a: s.tokens[i] for i, a in enumerate(cat.ANIMALS)},
        token_values={a: cat.LANDSCAPE[s.tokens[i]] for i, a in enumerate(cat.ANIMALS)},
        river=river,
        river_unrevealed=[i for i, c in enumerate(s.river) if c == st.UNKNOWN],
        draw_pile_count=s.draw_left,
        reserve_count=s.reserve_left,
        reserve_is_draw_pile=s.reserve_in_use,
        power_sides={a: cat.SIDES[s.sides[i]] for i, a in enumerate(cat.ANIMALS)} if s.sides else {},
        power_holders={a: (None if s.holders[i] == CENTRE else s.holders[i]) for i, a in enumerate(cat.ANIMALS)},
        placement_value=s.place_target,
        placed=s.placed,
        draw_value=s.draw_target,
        drawn=s.drawn,
        scores=score(s, decisions) if finished else None,
        cards={c: _FACES[c] for c in sorted({c for c in named if c is not None})},
        to_play=waiting[0],
        table_to_play=waiting[1],
    )


def waiting_for(state: GameState) -> tuple[list[int], bool]:
    """Whom the table waits for, as the recorder asks it: the active player, the table while a River card
    turned up is unnamed (public games), every player whose totem is unknown at the end, and after a
    public game's end those with cards still to show. The board named the active player throughout."""
    s = state
    if not s.names or s.phase == st.SETUP:
        return [], False
    if s.mode == "public" and s.phase == st.FINISHED:
        return [seat for seat, p in enumerate(s.players) if _to_show(p)], False
    if s.phase == st.FINISHED:
        return [], False
    if s.mode == "public" and st.UNKNOWN in s.river:
        return [], True
    if s.phase == st.TOTEMS:
        return [seat for seat, p in enumerate(s.players) if p.totem == st.UNKNOWN], False
    return [s.active], False


def _to_show(player: Any) -> bool:
    """Whether a public game's seat still has a card unknown to the record (hand, penalty, face down)."""
    hidden = any(down and card == st.UNKNOWN for card, down in zip(player.pile, player.pile_down, strict=True))
    return bool(player.hand_unknown or player.penalty_unknown or hidden)


def _hidden_card(event: Any, owners: tuple[int, ...], perspective: Perspective) -> Any:
    # FACE_DOWN names no card ("one of the unknown ones"): everyone may see it
    if event.card is None or event.card == FACE_DOWN or any(_sees_seat(perspective, seat) for seat in owners):
        return event
    return replace(event, card=None)


def redact_event(event: Any, perspective: Perspective, state: Any = None, decisions: Decisions = DEFAULT) -> Any:
    """The event with the card identities ``perspective`` may not see replaced by ``None``."""
    if perspective.kind == "omniscient":
        return event
    if isinstance(event, ev.GameStarted):
        n = len(event.players)
        totems = [t if _sees_seat(perspective, seat) else None for seat, t in enumerate(event.totems)]
        order = event.deck_order
        if order is not None:
            r = reserve_size(n, decisions)
            visible = set(range(r + cat.HAND_DEAL * n, r + cat.HAND_DEAL * n + decisions.river_size))
            if perspective.kind == "seat" and perspective.seat is not None:
                first = r + cat.HAND_DEAL * perspective.seat
                visible.update(range(first, first + cat.HAND_DEAL))
            order = [c if i in visible else None for i, c in enumerate(order)]
        # the seed would let anyone recompute the deck order: only the omniscient view keeps it
        return replace(event, totems=totems, deck_order=order, seed=None)
    if isinstance(event, ev.PenaltyCardDrawn | ev.CardTakenFromDrawPile | ev.CardTakenFromPenalty):
        return _hidden_card(event, (event.seat,), perspective)
    if isinstance(event, ev.CardPlaced) and event.placement == "face_down":
        return _hidden_card(event, (event.seat,), perspective)
    if isinstance(event, ev.PenaltyCardGiven):
        return _hidden_card(event, (event.seat, event.to_seat), perspective)
    if isinstance(event, ev.CardRevealed | ev.TotemRevealed) and not _game_over(state):
        # public mode: a hand/penalty card or a totem the record learnt before the end stays the
        # seat's secret (§9: revealed at game end)
        if _sees_seat(perspective, event.seat):
            return event
        if isinstance(event, ev.CardRevealed):
            return replace(event, card=None)
        return replace(event, animal=None)
    return event


def _game_over(state: Any) -> bool:
    """Whether ``state`` (the state after the event; ``None`` = unknown) is past the last turn."""
    return isinstance(state, GameState) and state.phase in (st.TOTEMS, st.FINISHED)


__all__ = ["EMPTY", "ArcticView", "CardFace", "PlayerView", "redact_event", "view"]
