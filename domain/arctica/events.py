"""Events: the facts of an Arctica game, a tagged union (tag field ``type``).

Effects whose content is edition data are recorded as concrete outcome events carrying a ``cause``:
``flash:<card>``, ``ability:<card>``, ``map:<space>``, ``connection:<a>-<b>``, ``circle:<space>``,
``majority:<region>``, ``ice6``, ``colony``, ``collapse``, ``endangered``, ``event``, ``action:<name>``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import PlayerResult

from .state import Loc, Token


# gc=False: as the states (state.py): an event holds scalars and containers of them, so no cycle.
class _Event(msgspec.Struct, frozen=True, gc=False, tag=True, tag_field="type"):
    pass


class BoardSetup(msgspec.Struct, frozen=True, gc=False):
    """The edition's dimensions the fold needs, pinned in the first event."""

    short_slots: int
    long_slots: int
    action_wheels: int
    circle_spaces: int
    map_spaces: int
    starting_flora: int
    circle_start: int
    circle_tokens: tuple[str, ...]


class GameStarted(_Event, tag="game_started", frozen=True):
    rules_version: str
    edition_id: str
    edition_version: str
    players: tuple[str, ...]
    #: ``public``: hands, deck and draws unknown (card id 0), round cards revealed by moves
    chance: Literal["seeded", "table", "public"]
    seed: int | None
    start_player: int
    board: BoardSetup
    #: per seat: (long, short) starting Generation Cards
    starting_cards: tuple[tuple[int, int], ...]
    #: starting hands per seat (``None`` where redacted)
    hands: tuple[tuple[int, ...] | None, ...]
    #: seeded games: the deck order after dealing; table games: the unseen cards, sorted
    #: (``None`` when redacted)
    deck: tuple[int, ...] | None
    #: rounds 1-3 (``None`` where redacted: a round card not yet turned up)
    round_cards: tuple[int | None, ...]
    #: seeded games: the hit sub-region per affected region per round (``None`` when redacted/unknown)
    event_plan: tuple[tuple[int, ...], ...] | None
    # Added after the first stored games: optional, so older events decode and fold as before.
    #: sha256 of the edition's canonical JSON (``None`` in games recorded before fingerprints)
    edition_sha256: str | None = None
    #: starting orientation (quarter turns) of each action wheel; ``None``: all at 0
    orientations: tuple[int, ...] | None = None


class DeckReshuffled(_Event, tag="deck_reshuffled", frozen=True):
    """The discarded cards shuffled back (editions with ``rules.reshuffle_empty_deck``): ``cards`` is
    the new deck — in draw order for seeded games, the unseen cards sorted for table games (``None``
    when redacted)."""

    cards: tuple[int, ...] | None
    reshuffled: int


class RoundCardRevealed(_Event, tag="round_card_revealed", frozen=True):
    """Public-information games: the round card of ``round`` turned face up (index into the edition's
    ``round_cards``)."""

    round: int
    card: int


class AdjustmentMade(_Event, tag="adjustment_made", frozen=True):
    """A recorded correction (``adjust`` move); its outcome events follow with cause ``adjustment``."""

    seat: int
    reason: str


class EffectTaken(_Event, tag="effect_taken", frozen=True):
    """``seat`` takes an optional effect (an ``optional`` form of the edition); its outcome events follow."""

    seat: int
    cause: str


class EffectDeclined(_Event, tag="effect_declined", frozen=True):
    """``seat`` declines an optional effect or an extra action an effect grants."""

    seat: int
    cause: str


class EffectOptionChosen(_Event, tag="effect_option_chosen", frozen=True):
    """``seat`` chooses option ``number`` (1-based, in printed order) of a ``choice`` form."""

    seat: int
    cause: str
    number: int


class EffectTargetChosen(_Event, tag="effect_target_chosen", frozen=True):
    """``seat`` chooses ``target``, the other player an effect applies to."""

    seat: int
    cause: str
    target: int


class PawnPlaced(_Event, tag="pawn_placed", frozen=True):
    seat: int
    round: int
    turn: int
    space: int


class WheelTurned(_Event, tag="wheel_turned", frozen=True):
    seat: int
    wheel: int
    direction: int
    orientation: int


class ActionsOffered(_Event, tag="actions_offered", frozen=True):
    seat: int
    actions: tuple[str, str]
    #: seats that then choose one of the two actions, in order when ``ordered`` (Colony)
    responders: tuple[int, ...]
    ordered: bool


class ActionPerformed(_Event, tag="action_performed", frozen=True):
    seat: int
    action: str


class ActionSkipped(_Event, tag="action_skipped", frozen=True):
    seat: int
    action: str | None


class CardsDiscarded(_Event, tag="cards_discarded", frozen=True):
    seat: int
    cards: tuple[int, ...]
    cause: str


class FaunaPlayed(_Event, tag="fauna_played", frozen=True):
    seat: int
    card: int
    column: Literal["long", "short"]


class CardMovedToBack(_Event, tag="card_moved_to_back", frozen=True):
    seat: int
    card: int
    column: Literal["long", "short"]
    cause: str


class CardDestroyed(_Event, tag="card_destroyed", frozen=True):
    seat: int
    card: int
    cause: str


class TokenMoved(_Event, tag="token_moved", frozen=True):
    seat: int
    family: str
    src: Loc
    dst: Loc
    cause: str


class TokenMigrated(_Event, tag="token_migrated", frozen=True):
    seat: int
    family: str
    src: int
    dst: int
    cause: str


class FloraGained(_Event, tag="flora_gained", frozen=True):
    seat: int
    amount: int
    on_wheel: int
    to_release: int
    cause: str


class FloraPaid(_Event, tag="flora_paid", frozen=True):
    seat: int
    amount: int
    cause: str


class CardsDrawn(_Event, tag="cards_drawn", frozen=True):
    seat: int
    count: int
    #: the card ids (``None`` in a redacted event)
    cards: tuple[int, ...] | None
    cause: str


class BiodiversityScored(_Event, tag="biodiversity_scored", frozen=True):
    seat: int
    points: int
    cause: str


class WheelsRotated(_Event, tag="wheels_rotated", frozen=True):
    """All wheels of ``seat`` advance one step; what passes the last slot falls into the release
    area (``fell`` lists it, short wheel first)."""

    seat: int
    fell: tuple[str, ...]
    cause: str


class TurnEnded(_Event, tag="turn_ended", frozen=True):
    round: int
    turn: int


class IceMelted(_Event, tag="ice_melted", frozen=True):
    round: int
    tile: int
    space: int


class MajorityResolved(_Event, tag="majority_resolved", frozen=True):
    round: int
    region: int
    #: animal tokens per seat in the region
    tokens: tuple[int, ...]
    points: tuple[int, ...]


class CollapseStep(_Event, tag="collapse_step", frozen=True):
    round: int
    due: tuple[Token, ...]


class CollapseResolved(_Event, tag="collapse_resolved", frozen=True):
    seat: int
    family: str


class EndangeredStep(_Event, tag="endangered_step", frozen=True):
    round: int
    seats: tuple[int, ...]


class EndangeredResolved(_Event, tag="endangered_resolved", frozen=True):
    seat: int
    badges: int
    paid: bool
    destroyed: int | None


class EventsDue(_Event, tag="events_due", frozen=True):
    round: int
    regions: tuple[int, ...]


class EventRevealed(_Event, tag="event_revealed", frozen=True):
    round: int
    region: int
    subregion: int


class EventStep(_Event, tag="event_step", frozen=True):
    round: int
    seats: tuple[int, ...]


class EventResolved(_Event, tag="event_resolved", frozen=True):
    seat: int
    saved: int
    lost: int


class RoundEnded(_Event, tag="round_ended", frozen=True):
    round: int


class GameEnded(_Event, tag="game_ended", frozen=True):
    results: tuple[PlayerResult, ...]


Event = (
    GameStarted
    | PawnPlaced
    | WheelTurned
    | ActionsOffered
    | ActionPerformed
    | ActionSkipped
    | CardsDiscarded
    | FaunaPlayed
    | CardMovedToBack
    | CardDestroyed
    | TokenMoved
    | TokenMigrated
    | FloraGained
    | FloraPaid
    | CardsDrawn
    | DeckReshuffled
    | BiodiversityScored
    | WheelsRotated
    | TurnEnded
    | IceMelted
    | MajorityResolved
    | CollapseStep
    | CollapseResolved
    | EndangeredStep
    | EndangeredResolved
    | EventsDue
    | EventRevealed
    | EventStep
    | EventResolved
    | RoundCardRevealed
    | AdjustmentMade
    | EffectTaken
    | EffectDeclined
    | EffectOptionChosen
    | EffectTargetChosen
    | RoundEnded
    | GameEnded
)
