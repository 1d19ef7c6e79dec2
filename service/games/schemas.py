"""What the games API answers: msgspec Structs, so one schema language serves code and OpenAPI."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID

import msgspec

from domain.game import PlayerResult

Status = Literal["live", "finished", "abandoned"]


class GameCreated(msgspec.Struct, kw_only=True):
    id: UUID
    kind: str
    rules_version: str
    version: int
    moves: int
    status: Status
    players: list[str]
    record_id: str | None = None


class EventOut(msgspec.Struct, kw_only=True):
    """One stored event as the reader may see it (hidden card identities removed)."""

    version: int
    type: str
    recorded_at: datetime
    move: int | None
    actor: int | None
    event: Any
    played_at: datetime | None = None


class MoveAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    move: int
    version: int
    status: Status
    events: list[EventOut]


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
    started_at: datetime | None = None
    record_id: str | None = None
    results: list[PlayerResult] | None = None
    links: dict[str, str] = {}


class GamePage(msgspec.Struct, kw_only=True):
    items: list[GameSummary]
    next_cursor: str | None = None


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


class Timeline(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    language: str
    steps: int
    entries: list[TimelineEntry]


class Replay(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    step: int
    steps: int
    perspective: str
    state_hash: str
    event: EventOut
    view: Any
    links: dict[str, str | None]
