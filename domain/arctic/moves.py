"""Moves: what a recorder at a table submits, one decision at a time (tag field ``type``).

Cards are string ids (``d1-fox-3``), animals string ids (``fox`` … ``polar_bear``), seats and River
slots are 0-based (slots 0..5). ``card: None`` means "a card whose identity the recorder does not
know" and is only accepted in public-information mode where the rules allow a hidden card.
Automatic consequences (penalty draws, power taken, forced token moves, River refills, end of turn,
end of game, final scores) are never moves: ``decide`` emits them as events.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from domain.arctic.catalogue import AnimalId

Placement = Literal["top", "face_down", "bottom"]

#: As a card leaving a hand or penalty zone (public mode): "one of that zone's cards the record does
#: not know" (a face-down penalty card, a hand card never seen), so the zone's known cards stay known;
#: ``None`` says only "a card", and the zone's known cards become unknown.
FACE_DOWN: Final = "face_down"
Direction = Literal["up", "down"]
Zone = Literal["hand", "penalty"]


class ArcticMove(msgspec.Struct, frozen=True, kw_only=True, tag=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every Arctic move."""


# --- step 1: place (§5 step 1, §6 Fox/Moose B/Puffin, §7b.1-4) ---------------------------------
class PuffinSwap(ArcticMove, frozen=True, kw_only=True):
    """Puffin A: swap one hand card with the River card in ``river_slot`` (before placing, once)."""

    seat: int
    hand_card: str
    river_slot: int


class PuffinTakeBack(ArcticMove, frozen=True, kw_only=True):
    """Puffin B: take the visible card back into hand (before placing, once)."""

    seat: int


class UseMooseB(ArcticMove, frozen=True, kw_only=True):
    """Moose B: placement value ``delta`` = +1 or -1 for this turn (once, while placing)."""

    seat: int
    delta: int


class PlaceCard(ArcticMove, frozen=True, kw_only=True):
    """Place one card from hand. ``face_down`` = Fox A (under the visible card), ``bottom`` = Fox B."""

    seat: int
    card: str | None
    placement: Placement = "top"


# --- step 2: tokens (§5 step 2, §6 Walrus) ------------------------------------------------------
class MoveTokens(ArcticMove, frozen=True, kw_only=True):
    """Choose which of the two tokens (main or companion animal of the visible card) goes up."""

    seat: int
    up: AnimalId


class WalrusStep(ArcticMove, frozen=True, kw_only=True):
    """Walrus A/B: one more step for the main (A) / companion (B) animal's token."""

    seat: int
    direction: Direction


# --- step 3: draw (§5 step 3, §6 Moose A/Orca/Polar bear) ---------------------------------------
class SetDrawDelta(ArcticMove, frozen=True, kw_only=True):
    """Moose A: draw value ``delta`` = +1 or -1 for this turn (once, while drawing)."""

    seat: int
    delta: int


class TakeFromRiver(ArcticMove, frozen=True, kw_only=True):
    """Draw the River card in ``slot``. ``orca_refill``: with Orca A, refill at once (default yes).
    ``refill``: the cards turned into the River by the refills this move causes (Orca A, or the end
    of the turn), lowest empty slot first (public mode, optional: else ``RevealRiver`` each)."""

    seat: int
    slot: int
    orca_refill: bool | None = None
    refill: list[str] | None = None


class TakeFromDrawPile(ArcticMove, frozen=True, kw_only=True):
    """Orca B: draw the top card of the draw pile instead of a River card. ``card``: what the drawer
    saw (public mode, optional; in full mode it must be the top card); ``refill``: the cards turned
    into the River by the refills this move causes, lowest empty slot first (public mode, optional)."""

    seat: int
    card: str | None = None
    refill: list[str] | None = None


class TakeFromPenalty(ArcticMove, frozen=True, kw_only=True):
    """Polar bear A: draw a card from your own penalty zone (``None``: an unknown one, public mode)."""

    seat: int
    card: str | None = None


class Discard(ArcticMove, frozen=True, kw_only=True):
    """Hand limit: discard one hand card into your penalty zone (face up)."""

    seat: int
    card: str | None


class GivePenalty(ArcticMove, frozen=True, kw_only=True):
    """Polar bear B: move one card of your penalty zone to another player's (once, end of draw)."""

    seat: int
    to_seat: int
    card: str | None = None


class EndStep(ArcticMove, frozen=True, kw_only=True):
    """Decline the optional choice at this point: Walrus, Polar bear B, or (empty hand while
    placing, Moose B in hand) accept the shortfall penalties."""

    seat: int


# --- public-information mode (§9) and scoring (§8) -----------------------------------------------
class RevealRiver(ArcticMove, frozen=True, kw_only=True):
    """Public mode: the card turned face up into River ``slot`` (setup or refill)."""

    slot: int
    card: str


class RevealCard(ArcticMove, frozen=True, kw_only=True):
    """Public mode: an unknown card in ``seat``'s hand or penalty zone becomes known."""

    seat: int
    zone: Zone
    card: str


class RevealPileCard(ArcticMove, frozen=True, kw_only=True):
    """Public mode, after the last turn: the face-down (Fox A) card at ``position`` (0 = bottom) of
    ``seat``'s pile is turned over. It changes no score (a face-down card is wild)."""

    seat: int
    position: int
    card: str


class RevealTotem(ArcticMove, frozen=True, kw_only=True):
    """Public mode: ``seat``'s totem animal (at the end of the game, or whenever it is shown)."""

    seat: int
    animal: AnimalId


class DeclareFoxWild(ArcticMove, frozen=True, kw_only=True):
    """Fox A: declare which animal the face-down card at ``position`` (0 = bottom) of ``seat``'s
    pile counts as. Optional; undeclared (or no longer legal) cards get the best legal choice."""

    seat: int
    position: int
    animal: AnimalId


Move = (
    PuffinSwap
    | PuffinTakeBack
    | UseMooseB
    | PlaceCard
    | MoveTokens
    | WalrusStep
    | SetDrawDelta
    | TakeFromRiver
    | TakeFromDrawPile
    | TakeFromPenalty
    | Discard
    | GivePenalty
    | EndStep
    | RevealRiver
    | RevealCard
    | RevealPileCard
    | RevealTotem
    | DeclareFoxWild
)

MOVE_TYPES: tuple[type[ArcticMove], ...] = (
    PuffinSwap,
    PuffinTakeBack,
    UseMooseB,
    PlaceCard,
    MoveTokens,
    WalrusStep,
    SetDrawDelta,
    TakeFromRiver,
    TakeFromDrawPile,
    TakeFromPenalty,
    Discard,
    GivePenalty,
    EndStep,
    RevealRiver,
    RevealCard,
    RevealPileCard,
    RevealTotem,
    DeclareFoxWild,
)
