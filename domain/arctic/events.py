"""Events: the facts of an Arctic game (tag field ``type``), in the game's vocabulary.

Card ids are strings (``d1-fox-3``) or ``None`` where the card's identity is not known (public
information mode) or hidden from the reader (``redact_event``); ``"face_down"`` (``moves.FACE_DOWN``) for a
card leaving a hand or penalty zone is one of that zone's unknown cards (the known ones stay known).
Seats and River slots are 0-based.
Token positions are 0..5 along the landscape row 0, 1, 3, 6, 10, 15.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.arctic.catalogue import AnimalId
from domain.arctic.moves import Placement, Zone

Side = Literal["A", "B"]
Mode = Literal["full", "public"]


# gc=False: as the states (state.py): an event holds scalars and containers of them, so no cycle.
class ArcticEvent(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag=True, tag_field="type"):
    """Base of every Arctic event."""


class GameStarted(ArcticEvent, frozen=True, kw_only=True):
    """The resolved setup (§4). Full mode: ``deck_order`` is the whole shuffled order of decks
    1..N, dealt as documented in ``setup.py``: reserve, hands by seat, River slots 0..5, draw pile
    (top first). Public mode: ``deck_order`` is ``None``; hands are 3 unknown cards each and the
    River is revealed by ``RevealRiver`` moves. ``totems[seat]`` is ``None`` when unknown."""

    rules_version: str
    players: list[str]
    start_seat: int
    mode: Mode
    power_sides: dict[str, Side]
    totems: list[AnimalId | None]
    deck_order: list[str | None] | None = None
    seed: int | None = None


class TurnStarted(ArcticEvent, frozen=True, kw_only=True):
    seat: int
    turn: int  # 1-based count of turns in the game
    round: int  # 1-based; a round starts with the start player
    placement_value: int  # N for this turn (before Puffin B / Moose B)
    final: bool = False  # the final turn of §7.4 (no step 3)


class PuffinSwapped(ArcticEvent, frozen=True, kw_only=True):
    """Puffin A: ``hand_card`` went to River ``river_slot``, ``river_card`` came into the hand."""

    seat: int
    hand_card: str
    river_slot: int
    river_card: str


class VisibleCardTakenBack(ArcticEvent, frozen=True, kw_only=True):
    """Puffin B: the visible card went back into the hand; N is now ``placement_value``."""

    seat: int
    card: str
    placement_value: int


class PlacementValueChanged(ArcticEvent, frozen=True, kw_only=True):
    """Moose B: the number of cards to place this turn is now ``placement_value``."""

    seat: int
    delta: int
    placement_value: int


class CardPlaced(ArcticEvent, frozen=True, kw_only=True):
    """A card from the hand onto the pile: ``top``; ``face_down`` under the visible card (Fox A);
    ``bottom`` of the pile face up (Fox B)."""

    seat: int
    card: str | None
    placement: Placement = "top"


class PlacingEnded(ArcticEvent, frozen=True, kw_only=True):
    """End of step 1: ``placed`` cards placed, ``shortfall`` penalty cards due (§5 step 1)."""

    seat: int
    placed: int
    shortfall: int


class PenaltyCardDrawn(ArcticEvent, frozen=True, kw_only=True):
    """The top card of the draw pile went face down into ``seat``'s penalty zone (``card`` ``None``
    in full mode: a penalty counted with nothing left to draw, ``Decisions.empty_pile_penalty="count"``)."""

    seat: int
    card: str | None


class DrawPileExhausted(ArcticEvent, frozen=True, kw_only=True):
    """§7.1-2: the last card of the draw pile was taken (``Decisions.end_trigger="card_needed"``: a
    card was needed from the empty draw pile); the reserve (``reserve_size`` cards) becomes the final
    draw pile. The round is finished, then everyone plays one final turn."""

    reserve_size: int


class PowerTaken(ArcticEvent, frozen=True, kw_only=True):
    """The power card of the visible card's main animal (§5 step 1). ``from_seat`` ``None`` =
    from the centre; equal to ``seat`` when the player already held it."""

    seat: int
    animal: AnimalId
    side: Side
    from_seat: int | None


class TokensMoved(ArcticEvent, frozen=True, kw_only=True):
    """§5 step 2: each token moved one card (+1 = towards 15)."""

    seat: int
    main: AnimalId
    main_step: int
    companion: AnimalId
    companion_step: int


class WalrusTokenMoved(ArcticEvent, frozen=True, kw_only=True):
    """Walrus A (main animal) / B (companion): one more step for ``animal``'s token."""

    seat: int
    animal: AnimalId
    step: int


class PowerDeclined(ArcticEvent, frozen=True, kw_only=True):
    """The player did not use an optional power at this point (Walrus, Polar bear B)."""

    seat: int
    animal: AnimalId


class DrawValueChanged(ArcticEvent, frozen=True, kw_only=True):
    """Moose A: the number of cards to draw this turn is now ``draw_value``."""

    seat: int
    delta: int
    draw_value: int


class CardTakenFromRiver(ArcticEvent, frozen=True, kw_only=True):
    seat: int
    slot: int
    card: str | None


class CardTakenFromDrawPile(ArcticEvent, frozen=True, kw_only=True):
    """Orca B: the top card of the draw pile, face down into the hand."""

    seat: int
    card: str | None


class CardTakenFromPenalty(ArcticEvent, frozen=True, kw_only=True):
    """Polar bear A: a card of the player's own penalty zone back into the hand."""

    seat: int
    card: str | None


class DrawingEnded(ArcticEvent, frozen=True, kw_only=True):
    """End of the draws of step 3: ``drawn`` cards drawn (fewer than the draw value only when
    nothing was left to draw, §7)."""

    seat: int
    drawn: int


class CardDiscarded(ArcticEvent, frozen=True, kw_only=True):
    """Hand limit (§5 step 3): a hand card into the player's penalty zone."""

    seat: int
    card: str | None


class PenaltyCardGiven(ArcticEvent, frozen=True, kw_only=True):
    """Polar bear B: one penalty card from ``seat`` to ``to_seat``."""

    seat: int
    to_seat: int
    card: str | None


class RiverRefilled(ArcticEvent, frozen=True, kw_only=True):
    """The top card of the draw pile turned face up into River ``slot`` (``None``: not yet
    revealed, public mode)."""

    slot: int
    card: str | None


class RiverCardRevealed(ArcticEvent, frozen=True, kw_only=True):
    slot: int
    card: str


class CardRevealed(ArcticEvent, frozen=True, kw_only=True):
    """Public mode: an unknown card of ``seat``'s hand or penalty zone is now known (``card`` is
    ``None`` only in a redacted copy: other perspectives do not see it before the game is over)."""

    seat: int
    zone: Zone
    card: str | None


class PileCardRevealed(ArcticEvent, frozen=True, kw_only=True):
    """Public mode, after the last turn: the face-down card at ``position`` of ``seat``'s pile."""

    seat: int
    position: int
    card: str


class TotemRevealed(ArcticEvent, frozen=True, kw_only=True):
    """``animal`` is ``None`` only in a redacted copy (a totem revealed before the game is over)."""

    seat: int
    animal: AnimalId | None


class FoxWildDeclared(ArcticEvent, frozen=True, kw_only=True):
    seat: int
    position: int
    animal: AnimalId


class TurnEnded(ArcticEvent, frozen=True, kw_only=True):
    seat: int


class FinalRoundStarted(ArcticEvent, frozen=True, kw_only=True):
    """§7.4: everyone plays one final turn from the start player, without step 3."""

    start_seat: int


class SeatScore(msgspec.Struct, frozen=True, gc=False, kw_only=True):  # held by an event: as events
    """One seat's score (§8). ``penalty`` is negative; total = runs + diversity + totem + penalty."""

    seat: int
    player: str
    runs: dict[str, int]  # animal -> S(longest run), only animals with a run of 2+
    runs_total: int
    diversity: int
    totem_animal: AnimalId | None
    totem: int
    penalty: int
    total: int
    rank: int
    fox_wild: list[AnimalId | None] = []  # the animal each face-down card counted as, bottom to top


class GameFinished(ArcticEvent, frozen=True, kw_only=True):
    scores: list[SeatScore]
    winner: int


Event = (
    GameStarted
    | TurnStarted
    | PuffinSwapped
    | VisibleCardTakenBack
    | PlacementValueChanged
    | CardPlaced
    | PlacingEnded
    | PenaltyCardDrawn
    | DrawPileExhausted
    | PowerTaken
    | TokensMoved
    | WalrusTokenMoved
    | PowerDeclined
    | DrawValueChanged
    | CardTakenFromRiver
    | CardTakenFromDrawPile
    | CardTakenFromPenalty
    | DrawingEnded
    | CardDiscarded
    | PenaltyCardGiven
    | RiverRefilled
    | RiverCardRevealed
    | CardRevealed
    | PileCardRevealed
    | TotemRevealed
    | FoxWildDeclared
    | TurnEnded
    | FinalRoundStarted
    | GameFinished
)

EVENT_TYPES: tuple[type[ArcticEvent], ...] = (
    GameStarted,
    TurnStarted,
    PuffinSwapped,
    VisibleCardTakenBack,
    PlacementValueChanged,
    CardPlaced,
    PlacingEnded,
    PenaltyCardDrawn,
    DrawPileExhausted,
    PowerTaken,
    TokensMoved,
    WalrusTokenMoved,
    PowerDeclined,
    DrawValueChanged,
    CardTakenFromRiver,
    CardTakenFromDrawPile,
    CardTakenFromPenalty,
    DrawingEnded,
    CardDiscarded,
    PenaltyCardGiven,
    RiverRefilled,
    RiverCardRevealed,
    CardRevealed,
    PileCardRevealed,
    TotemRevealed,
    FoxWildDeclared,
    TurnEnded,
    FinalRoundStarted,
    GameFinished,
)
