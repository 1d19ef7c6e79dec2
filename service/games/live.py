"""Following a game as it is recorded: the events after a version, as a perspective may see them."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from service.games.schemas import EventOut
from service.games.service import GameService
from service.keys import ApiKey
from service.refusals import Category, Refusal


class LivePage(msgspec.Struct, kw_only=True):
    events: list[EventOut]
    version: int  # the game's version when read
    # Why the game takes no more moves (``finished``, ``abandoned``, ``voided``); None while it is live.
    closed: str | None


class PositionAhead(Refusal):
    """A stream asked to start after a version the game has not reached (a Last-Event-ID of another
    game, or of another database): it would wait for events that may never come."""

    def __init__(self, game_id: UUID, after: int, version: int, source: str) -> None:
        super().__init__(
            Category.INVALID,
            "position_ahead",
            f"{source} is {after} but game {game_id} is at version {version}",
            version=version,
        )


def closed_state(row: dict[str, Any]) -> str | None:
    if row.get("voided"):
        return "voided"
    return None if row["status"] == "live" else str(row["status"])


def poll(games: GameService, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int) -> LivePage:
    """The events after ``after`` (through ``games.events``: the same perspective check and redaction).

    ``delay`` holds back the last ``delay`` moves of a live game (a table's spectators see the board
    a few moves late); the opening events and, once the game is closed, everything is sent at once.
    It is a broadcast courtesy, not secrecy: ``/events``, ``/replay`` and ``/watch`` show every move
    at once to whoever may see them.
    """
    row = games.row(game_id)
    version, closed = int(row["version"]), closed_state(row)
    events = list(games.events(game_id, perspective, key, after)) if version > after else []
    if delay and closed is None:
        shown = int(row["moves"]) - delay
        cut = next((i for i, e in enumerate(events) if e.move is not None and e.move >= shown), len(events))
        events = events[:cut]
    return LivePage(events=events, version=version, closed=closed)


def first(
    games: GameService, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int, source: str
) -> LivePage:
    """The stream's first read: also refuses a start beyond the game's version (``PositionAhead``)."""
    page = poll(games, game_id, perspective, key, after, delay)
    if after > page.version:
        raise PositionAhead(game_id, after, page.version, source)
    if after == page.version:
        games.events(game_id, perspective, key, after)  # the perspective's check (it reads no event)
    return page
