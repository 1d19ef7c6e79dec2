"""Following a game as it is recorded: the events after a version, as a perspective may see them."""

from __future__ import annotations

from uuid import UUID

import msgspec

from service.games.schemas import EventOut
from service.games.service import GameService
from service.keys import ApiKey


class LivePage(msgspec.Struct, kw_only=True):
    events: list[EventOut]
    version: int  # the game's version when read
    finished: bool


def poll(games: GameService, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int) -> LivePage:
    """The events after ``after`` (through ``games.events``: the same perspective check and redaction).

    ``delay`` holds back the last ``delay`` moves of a live game (a table's spectators see the board
    a few moves late); the opening events and, once the game is over, everything is sent at once.
    """
    row = games.row(game_id)
    version, finished = int(row["version"]), row["status"] == "finished"
    events = list(games.events(game_id, perspective, key, after)) if version > after else []
    if delay and not finished:
        shown = int(row["moves"]) - delay
        cut = next((i for i, e in enumerate(events) if e.move is not None and e.move >= shown), len(events))
        events = events[:cut]
    return LivePage(events=events, version=version, finished=finished)
