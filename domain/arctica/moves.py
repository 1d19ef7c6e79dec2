"""Moves a recorder sends. A tagged union (tag field ``type``). Every move names its ``seat``
(except the table's chance moves). Outcomes of effects whose content is edition data are supplied in
``outcomes``, keyed by their cause (``flash:<card>``, ``ability:<card>``, ``map:<space>``,
``connection:<a>-<b>``, ``circle:<space>``); when the edition defines an effect the key may be
omitted (the engine applies the defined effect; migrations it grants are then declined).

``drawn`` (on every move that can draw): the ids of all cards drawn during the move, in draw order
(actions, effects, bonuses, a connection bonus drawn by the other player). Required in games recorded
at a table (no seed); optional in seeded games, where it must equal the top of the recorded deck."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from .edition import Action, Family
from .state import Loc

NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]


class MigrationStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Move one own token of ``family`` from circle space ``space`` one space clockwise (ice-bound
    families go on to the next space with ice). ``trade`` lists own tokens on ice tile #6 to trade
    (1 Flora each: +3 BP, back to the release area) when this step arrives there."""

    space: NonNeg
    family: Family
    trade: tuple[Family, ...] = ()
    outcomes: dict[str, Outcome] = {}


class _Decision(msgspec.Struct, frozen=True, tag_field="decision", forbid_unknown_fields=True):
    pass


class Take(_Decision, tag="take", frozen=True):
    """An ``optional`` effect taken (``yes``) or declined; ``yes: false`` also declines an ``extra`` action."""

    yes: bool


class Pick(_Decision, tag="option", frozen=True):
    """The option (0-based) of a ``choice``."""

    option: NonNeg


class Aim(_Decision, tag="seat", frozen=True):
    """The other player a ``target`` with ``who: chosen`` applies to."""

    seat: Seat


class Shift(_Decision, tag="token", frozen=True):
    """One token of a ``move_tokens`` effect: from ``src`` to ``dst``."""

    family: Family
    src: Loc
    dst: Loc


class Done(_Decision, tag="done", frozen=True):
    """No more tokens (``move_tokens`` with ``up_to``) or migrations (a ``gain`` granting them)."""


class Step(_Decision, tag="step", frozen=True):
    """One migration granted by a ``gain`` form (as :class:`MigrationStep`, without outcomes: the
    bonus of the arrival space is the printed one, its decisions follow in the same list)."""

    space: NonNeg
    family: Family
    trade: tuple[Family, ...] = ()


class ExtraReproduction(_Decision, tag="reproduction", frozen=True):
    """The top card an ``extra`` reproduction uses."""

    card: int


class ExtraColony(_Decision, tag="colony", frozen=True):
    """The species and map spaces of an ``extra`` colony."""

    family: Family
    spaces: tuple[NonNeg, ...]


Decision = Take | Pick | Aim | Shift | Done | Step | ExtraReproduction | ExtraColony


class Outcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The concrete result of an effect: pay ``flora_cost``, gain ``flora``, draw ``cards``, score
    ``bp``, then the chosen ``migrations``; ``choices``: the player's decisions inside the effect's
    ``then`` form, in the order the effect resolves (see the README, "Effect decisions")."""

    flora: NonNeg = 0
    flora_cost: NonNeg = 0
    cards: NonNeg = 0
    bp: NonNeg = 0
    migrations: tuple[MigrationStep, ...] = ()
    choices: tuple[Decision, ...] = ()


class _Move(msgspec.Struct, frozen=True, tag=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SelectSpace(_Move, tag="select_space", frozen=True):
    """Active player: put the action pawn on ``space`` and turn ``wheel`` (one of the two wheels
    connected to it) a quarter turn, ``direction`` +1 (clockwise) or -1."""

    seat: Seat
    space: NonNeg
    wheel: NonNeg
    direction: Literal[1, -1]


class PlayFauna(_Move, tag="fauna", frozen=True):
    seat: Seat
    card: int
    discards: tuple[int, ...] = ()
    outcomes: dict[str, Outcome] = {}
    drawn: tuple[int, ...] | None = None


class Reproduce(_Move, tag="reproduction", frozen=True):
    seat: Seat
    card: int


class UseAbility(_Move, tag="ability", frozen=True):
    seat: Seat
    card: int
    outcomes: dict[str, Outcome] = {}
    drawn: tuple[int, ...] | None = None


class TakeFlora(_Move, tag="flora", frozen=True):
    seat: Seat


class Migrate(_Move, tag="migration", frozen=True):
    """Up to two movements (fewer only when the player has no more token to move or declines)."""

    seat: Seat
    steps: tuple[MigrationStep, ...] = ()
    drawn: tuple[int, ...] | None = None


class Draw(_Move, tag="draw", frozen=True):
    seat: Seat
    drawn: tuple[int, ...] | None = None


class RotateAndDraw(_Move, tag="rotate_card", frozen=True):
    seat: Seat
    drawn: tuple[int, ...] | None = None


class RotateAndMigrate(_Move, tag="rotate_migration", frozen=True):
    seat: Seat
    step: MigrationStep | None = None
    drawn: tuple[int, ...] | None = None


class Colonize(_Move, tag="colony", frozen=True):
    seat: Seat
    family: Family
    spaces: tuple[NonNeg, ...]
    outcomes: dict[str, Outcome] = {}
    drawn: tuple[int, ...] | None = None


class Skip(_Move, tag="skip", frozen=True):
    """Do not perform ``action`` (the active player forfeits one of their two actions; another player
    declines their choice)."""

    seat: Seat
    action: Action | None = None


class RecordMajority(_Move, tag="record_majority", frozen=True):
    """The table records the majority points of ``region`` (only when the edition's round card does
    not define its rewards)."""

    region: NonNeg
    points: tuple[NonNeg, ...]


class ResolveCollapse(_Move, tag="collapse", frozen=True):
    seat: Seat
    family: Family
    tokens: tuple[Loc, ...]
    drawn: tuple[int, ...] | None = None


class ResolveEndangered(_Move, tag="endangered", frozen=True):
    """Pay 1 Flora per endangered badge (``destroy`` = null) or destroy one endangered card."""

    seat: Seat
    destroy: int | None = None


class RevealEvents(_Move, tag="reveal_events", frozen=True):
    """The table records the hit sub-region (0..2) of each affected region still unrevealed."""

    subregions: tuple[NonNeg, ...]


class RevealRoundCard(_Move, tag="reveal_round_card", frozen=True):
    """Public-information games: the round card of the round now ending, when it is turned face up (an
    index into the edition's ``round_cards``; rounds 1-3 only, round 4 uses the final card)."""

    card: NonNeg


class TokenShift(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of a seat's animal tokens moved between any two zones (supply, wheels, release, map, circle)."""

    family: Family
    src: Loc
    dst: Loc


class Adjust(_Move, tag="adjust", frozen=True):
    """A correction, for an effect the engine cannot express or a state that drifted from the table:
    Flora gained (+) or paid (-), BP scored (+) or taken back (-, never below the BP of effects), cards
    drawn, generation-wheel rotations and token moves of one seat, with the reason. Checked like any
    move (Flora, tokens and free slots conserved), recorded as ``adjustment_made`` then its outcome
    events (cause ``adjustment``), shown in the timeline; it never changes the step of the game."""

    seat: Seat
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    flora: Annotated[int, msgspec.Meta(ge=-99, le=99)] = 0
    bp: Annotated[int, msgspec.Meta(ge=-99, le=99)] = 0
    cards: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0
    rotations: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0
    tokens: tuple[TokenShift, ...] = ()
    drawn: tuple[int, ...] | None = None


class Save(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    space: NonNeg
    dest: NonNeg | None = None
    outcomes: dict[str, Outcome] = {}
    #: the token fled onto ice tile #6 and is traded there (editions with ``rules.ice6_trade_on_flee``)
    trade: bool = False


class ResolveEvent(_Move, tag="event", frozen=True):
    """The tokens of ``seat`` on map spaces listed in ``saves`` flee (1 Flora each, +1 to reach ice
    for ice-bound families); its other tokens in the hit sub-regions are discarded."""

    seat: Seat
    saves: tuple[Save, ...] = ()
    drawn: tuple[int, ...] | None = None


Move = (
    SelectSpace
    | PlayFauna
    | Reproduce
    | UseAbility
    | TakeFlora
    | Migrate
    | Draw
    | RotateAndDraw
    | RotateAndMigrate
    | Colonize
    | Skip
    | RecordMajority
    | ResolveCollapse
    | ResolveEndangered
    | RevealEvents
    | ResolveEvent
    | RevealRoundCard
    | Adjust
)

ACTION_MOVES: dict[type, str] = {
    PlayFauna: "fauna",
    Reproduce: "reproduction",
    UseAbility: "ability",
    TakeFlora: "flora",
    Migrate: "migration",
    Draw: "draw",
    RotateAndDraw: "rotate_card",
    RotateAndMigrate: "rotate_migration",
    Colonize: "colony",
}
