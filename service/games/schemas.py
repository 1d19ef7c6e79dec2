"""What the games API answers: msgspec Structs, so one schema language serves code and OpenAPI."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from domain.game import PlayerResult

Status = Literal["live", "finished", "abandoned"]

# What the play-time fields mean, for the OpenAPI document (the projections' answers say the same).
STARTED_AT = (
    "When the game started at the table (UTC): the record's started_at, else its first move's at; a game "
    "recorded without any time: when it was stored."
)
FINISHED_AT = (
    "A finished game's end at the table (UTC): its last move's play time; without any time, when its "
    "finishing move was recorded. Null while the game is live (or abandoned)."
)
RECORDED_AT = "When the game was stored on this server (its created_at), whatever the table's clock said."


class GameCreated(msgspec.Struct, kw_only=True):
    id: UUID
    kind: str
    rules_version: str
    version: int
    moves: int
    status: Status
    players: list[str]
    record_id: str | None = None
    # An imported sealed record's signer (``ed25519:…``), checked against BANQUISE_TRUSTED_KEYS.
    signed_by: str | None = None


class EventOut(msgspec.Struct, kw_only=True):
    """One stored event as the reader may see it (hidden card identities removed)."""

    version: int
    type: str
    recorded_at: datetime
    move: int | None
    actor: int | None
    event: Any
    played_at: datetime | None = None
    comment: str | None = None  # the table's note on the move, on its first step


class MoveAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    move: int
    version: int
    status: Status
    events: list[EventOut]


class Seat(msgspec.Struct, kw_only=True):
    """A seat (0-based) and its player: whose turn it is, or a winner."""

    seat: int
    player: str


Turn = Seat  # whose turn it is


class GameSummary(msgspec.Struct, kw_only=True):
    id: UUID
    kind: str
    rules_version: str
    status: Status
    players: list[str]
    version: int
    moves: int
    created_at: datetime
    updated_at: datetime
    # Play times: service/games/playtime.py.
    started_at: Annotated[datetime | None, msgspec.Meta(description=STARTED_AT)] = None
    finished_at: Annotated[datetime | None, msgspec.Meta(description=FINISHED_AT)] = None
    recorded_at: Annotated[datetime | None, msgspec.Meta(description=RECORDED_AT)] = None
    record_id: str | None = None
    # the owner's public metadata about the game (``GET /games?tag=name:value`` filters on them)
    tags: dict[str, str] = {}
    # scores as the caller may see them (a spectator of a live game: the public categories only);
    # in ``GET /games`` items, a finished game's final results and none for a live one
    results: list[PlayerResult] | None = None
    # a finished game's seats ranked first (more than one when the tie-break leaves them level)
    winners: list[Seat] | None = None
    # ``GET /games/{id}`` only: the decision point the game waits for and whose turn it is (``null``
    # outside a turn: before the start, between rounds, once finished)
    phase: str | None = None
    turn: Seat | None = None
    links: dict[str, str] = {}


class GamePage(msgspec.Struct, kw_only=True):
    items: list[GameSummary]
    next_cursor: str | None = None


class TakenBack(msgspec.Struct, kw_only=True):
    """One move a correction took back: its 1-based number and its first and last steps."""

    number: int
    first_step: int
    last_step: int


class Correction(msgspec.Struct, kw_only=True):
    """A correction's entry: the moves it took back (oldest first), who and why."""

    moves: list[TakenBack]
    by: str  # the id of the API key that took them back (the game's owner)
    reason: str | None = None  # like a comment: the owner's, and everyone's once the game is finished


class TimelineEntry(msgspec.Struct, kw_only=True):
    step: int
    type: str
    description: str
    state_hash: str
    recorded_at: datetime
    played_at: datetime | None
    move: int | None
    move_start: bool
    turn_start: bool
    actor: int | None
    player: str | None
    # 1-based numbers for navigation (``/replay?move=N``, ``?turn=T``): moves recorded so far
    # (0 during the opening) and the turn the step belongs to (0 before the first turn starts).
    move_number: int = 0
    turn: int = 0
    comment: str | None = None  # the table's note on the move, on its first step
    # The step of the correction that took this step's move back (the step stays in the log).
    taken_back_at: int | None = None
    correction: Correction | None = None  # on a correction's own entry (type MovesTakenBack)


class Timeline(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    language: str
    steps: int  # the entries in this answer
    entries: list[TimelineEntry]
    version: int = 0  # the game's version (its last step) when read
    next: str | None = None  # the next page (``after`` its last step), None when this one reaches the end


class Replay(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    step: int
    steps: int
    perspective: str
    state_hash: str
    event: EventOut
    view: Any
    # ``previous`` and ``next`` follow the game's corrected line: they skip steps taken back.
    links: dict[str, str | None]
    # The step of the correction that took this step back: the board shown is the one the table saw then.
    taken_back_at: int | None = None
