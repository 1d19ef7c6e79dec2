"""A game's stored events as the API shows them: one event (``event_out``), the whole game as a record
in the import format (``GameRecords``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast
from uuid import UUID

import msgspec

from service.base.store import GameLog, Recorded
from service.base.store.corrections import Line, is_correction
from service.base.store.kinds import Kind
from service.base.store.rows import IndexedGame
from service.games.base import EXPORTED, Opening
from service.games.record_format import FORMAT, FORMAT_VERSION
from service.games.schemas import EventOut

_opening_decoder = msgspec.json.Decoder(Opening)


def event_out(kind: Kind, rec: Recorded, event: Any | None = None, *, comments: bool = True) -> EventOut:
    """``comments``: whether the caller may read the recorder's comments (see ``Sight.comment``)."""
    ev = rec.event if event is None else event
    return EventOut(
        version=rec.originator_version,
        type=type(rec.event).__name__,
        recorded_at=rec.recorded_at,
        played_at=rec.played_at,
        move=rec.move,
        actor=None if is_correction(rec.event) else kind.rules.actor(rec.event),
        event=ev,
        comment=rec.comment if comments else None,
    )


class GameRecords:
    def __init__(self, store: GameLog) -> None:
        self.store = store

    def export(self, row: IndexedGame) -> dict[str, Any]:
        """The game of ``row`` as a record (the import format): exporting then importing gives the same
        events. Whoever calls this has checked that the caller may see it all."""
        return self.record_of(row, self.store.read(row.id))

    def record_of(self, row: IndexedGame, stream: Iterable[Recorded]) -> dict[str, Any]:
        """``export`` of the game of ``row`` whose whole event stream (a fork's: from the origin's events
        copied into it) is ``stream``, read already (an export reads many games' at once)."""
        return record_of(row.id, row.kind, row.rules_version, stream)


def record_of(game_id: UUID, kind: str, rules_version: str | None, stream: Iterable[Recorded]) -> dict[str, Any]:
    """The record (the import format) of game ``game_id`` whose whole event stream is ``stream``: what the
    server exports, and what ``banquise verify`` rebuilds from a sealed record's events. Needs no database."""
    opening: Opening | None = None
    moves: list[dict[str, Any]] = []
    # The corrected line: moves taken back are not part of the game's record.
    line: Line[None, Recorded] = Line(lambda state, _: state, None)
    for rec in stream:
        line.add(rec.originator_version, rec.event, rec)
    for _, _, kept in line.kept:
        rec = cast(Recorded, kept)
        if rec.command is None:
            continue
        if rec.move is None:
            opening = _opening_decoder.decode(rec.command)
            continue
        entry: dict[str, Any] = {"move": msgspec.json.decode(rec.command)}
        if rec.played_at is not None:
            entry["at"] = rec.played_at
        if rec.comment is not None:
            entry["comment"] = rec.comment
        moves.append(entry)
    if opening is None:
        raise RuntimeError(f"game {game_id} has no opening command")
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "kind": kind,
        "id": opening.record_id or f"{EXPORTED}{game_id}",
        "rules_version": rules_version,
        "tags": opening.tags,
        "setup": msgspec.json.decode(opening.setup),
        "moves": moves,
    }
    if opening.started_at is not None:
        record["started_at"] = opening.started_at
    return record
