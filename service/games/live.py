"""Following a game as it is recorded: the events after a version, as a perspective may see them."""

from __future__ import annotations

from uuid import UUID

import msgspec

from service.games.base import GameBase
from service.games.deps import GameDeps
from service.games.reading import GameReader
from service.games.schemas import EventOut
from service.keys import ApiKey


class LivePage(msgspec.Struct, kw_only=True):
    events: list[EventOut]
    version: int  # the game's version when read
    finished: bool


class Live(GameBase):
    """Following a game: its events after a version, as a reader of the game may see them."""

    def __init__(self, deps: GameDeps) -> None:
        super().__init__(deps)
        self.reader = GameReader(deps)

    def poll(self, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int) -> LivePage:
        """The events after ``after`` (through ``GameReader.events``: the same perspective check and redaction).

        ``delay`` holds back the last ``delay`` moves of a live game (a table's spectators see the board
        a few moves late); the opening events and, once the game is over, everything is sent at once.
        """
        row = self.row(game_id)
        version, finished = int(row["version"]), row["status"] == "finished"
        events = list(self.reader.events(game_id, perspective, key, after)) if version > after else []
        if delay and not finished:
            shown = int(row["moves"]) - delay
            cut = next((i for i, e in enumerate(events) if e.move is not None and e.move >= shown), len(events))
            events = events[:cut]
        return LivePage(events=events, version=version, finished=finished)
