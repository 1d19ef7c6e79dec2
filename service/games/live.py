"""Following a game as it is recorded: the events after a version, as a perspective may see them."""

from __future__ import annotations

from uuid import UUID

import msgspec

from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store.rows import IndexedGame
from service.games.game_rows import FINDING, GameRows
from service.games.reading import GameReader, InvalidPerspective
from service.games.schemas import EventOut
from service.games.sight import SEEING


class PositionAhead(Refusal):
    """A stream asked to start after a version the game has not reached (a Last-Event-ID of another
    game, or of another database): it would wait for events that may never come."""

    category = Category.INVALID
    code = "position_ahead"

    def __init__(self, game_id: UUID, after: int, version: int, source: str) -> None:
        super().__init__(f"{source} is {after} but game {game_id} is at version {version}", version=version)


class LivePage(msgspec.Struct, kw_only=True):
    events: list[EventOut]
    version: int  # the game's version when read
    # Why the game takes no more moves (``finished``, ``abandoned``, ``voided``); None while it is live.
    closed: str | None


def closed_state(row: IndexedGame) -> str | None:
    if row.voided:
        return "voided"
    return None if row.status == "live" else str(row.status)


class Live:
    """Following a game: its events after a version, as a reader of the game may see them."""

    def __init__(self, *, rows: GameRows, reader: GameReader) -> None:
        self.rows = rows
        self.reader = reader

    def poll(self, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int) -> LivePage:
        """The events after ``after`` (through ``GameReader.events``: the same perspective check and redaction).

        ``delay`` holds back the last ``delay`` moves of a live game (a table's spectators see the board
        a few moves late); the opening events and, once the game is closed, everything is sent at once.
        It is a broadcast courtesy, not secrecy: ``/events``, ``/replay`` and ``/watch`` show every move
        at once to whoever may see them.
        """
        row = self.rows.row(game_id)
        version, closed = int(row.version), closed_state(row)
        events = list(self.reader.events(game_id, perspective, key, after)) if version > after else []
        if delay and closed is None:
            shown = int(row.moves) - delay
            cut = next((i for i, e in enumerate(events) if e.move is not None and e.move >= shown), len(events))
            events = events[:cut]
        return LivePage(events=events, version=version, closed=closed)

    @refuses(FINDING, SEEING, InvalidPerspective, PositionAhead)
    def first(
        self, game_id: UUID, perspective: str, key: ApiKey | None, after: int, delay: int, source: str
    ) -> LivePage:
        """The stream's first read: also refuses a start beyond the game's version (``PositionAhead``)."""
        page = self.poll(game_id, perspective, key, after, delay)
        if after > page.version:
            raise PositionAhead(game_id, after, page.version, source)
        if after == page.version:
            self.reader.events(game_id, perspective, key, after)  # the perspective's check (it reads no event)
        return page
