"""What a projection is handed: one page of the event log as facts (games touched, started, finished,
voided, un-voided, abandoned), and the helpers every projection writes its rows with. The runner makes batches; each
projection (``boards``, ``stats``) turns them into rows. Neither knows the other."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

import msgspec
import psycopg

from domain.game import PlayerResult
from projections import gamestats
from projections.gamestats import Tally
from service.base.store.imports import PlayImported
from service.base.store.kinds import Kind, encode_snapshot

Cursor = psycopg.Cursor[dict[str, Any]]


@dataclass(eq=False)
class Game:
    """A game as the runner knows it: its state after ``version`` events, and its counters."""

    game_id: UUID
    kind: Kind
    version: int
    position: int
    state: Any
    tally: Tally
    finished: bool
    # ``rules.results(state)`` at version ``_results[0]``: computed once per state (finish, board).
    _results: tuple[int, list[PlayerResult]] | None = field(default=None, repr=False)

    def results(self) -> list[PlayerResult]:
        cached = self._results
        if cached is None or cached[0] != self.version:
            cached = self._results = (self.version, self.kind.rules.results(self.state))
        return cached[1]

    def public_results(self) -> list[PlayerResult]:
        """``rules.public_results``: a finished game's are its results (computed once, above)."""
        return self.results() if self.finished else self.kind.rules.public_results(self.state)


@dataclass(frozen=True)
class Finished:
    position: int
    game_id: UUID
    kind: str
    players: list[str]
    results: list[PlayerResult]
    stats: gamestats.Final
    finished_at: datetime | None
    source: str | None = None  # a play imported from another app ("bgstats", "bgg"): results only


@dataclass(frozen=True)
class Imported:
    """A play imported with its results only (``PlayImported``): its summary is written from the event."""

    position: int
    event: PlayImported


@dataclass(frozen=True)
class Voided:
    position: int
    game_id: UUID
    reason: str
    key_id: str
    at: datetime


@dataclass(frozen=True)
class Unvoided:
    """An admin restored a voided game (``GameUnvoided``)."""

    position: int
    game_id: UUID
    reason: str
    key_id: str
    at: datetime


@dataclass(frozen=True)
class Abandoned:
    """The owner gave up on a live game (``GameAbandoned``)."""

    position: int
    game_id: UUID
    reason: str
    key_id: str
    at: datetime


@dataclass(frozen=True)
class HandleChange:
    """An admin renamed a handle (``HandleRenamed``) or merged it into another (``HandlesMerged``):
    ``old`` now counts as ``new`` (handles as written; ``rename``: ``new`` is the spelling to show)."""

    position: int
    old: str
    new: str
    rename: bool


@dataclass
class Batch:
    """One page of the log, as facts in notification order. ``touched`` keeps each game's last state."""

    first: int
    last: int
    touched: dict[str, Game] = field(default_factory=dict)  # by game id (text)
    started: list[tuple[int, list[str]]] = field(default_factory=list)
    finished: list[Finished] = field(default_factory=list)
    voided: list[Voided] = field(default_factory=list)
    unvoided: list[Unvoided] = field(default_factory=list)
    abandoned: list[Abandoned] = field(default_factory=list)
    handles: list[HandleChange] = field(default_factory=list)
    imported: list[Imported] = field(default_factory=list)
    events: int = 0


def void_decisions(batch: Batch, after: int) -> tuple[list[Voided], list[Unvoided]]:
    """The batch's voids and un-voids after ``after``, one per game: the last (a game voided then
    restored in one page ends restored; only where it ends matters to the rows)."""
    last: dict[UUID, Voided | Unvoided] = {}
    decisions: list[Voided | Unvoided] = [*batch.voided, *batch.unvoided]
    for d in sorted(decisions, key=lambda d: d.position):
        if d.position > after:
            last[d.game_id] = d
    voids = [d for d in last.values() if isinstance(d, Voided)]
    unvoids = [d for d in last.values() if isinstance(d, Unvoided)]
    return voids, unvoids


def encode_state(state: Any) -> bytes:
    """A board's state, as the store writes snapshots (integers wider than msgpack's as strings)."""
    return encode_snapshot(state)


_records = msgspec.json.Encoder()


def bytea(data: bytes) -> str:
    """A ``bytea`` value inside :func:`insert_rows`'s JSON (hex input format)."""
    return "\\x" + data.hex()


def insert_rows(cur: Cursor, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], tail: str = "") -> None:
    """``INSERT INTO table (columns) … tail`` for all ``rows`` (tuples in ``columns`` order) in one
    statement: one JSON parameter, typed by the table's own row type (``jsonb_populate_recordset``: the
    document is parsed once; a ``jsonb`` column takes its value as parsed).

    One command instead of one per row (psycopg's ``executemany`` sends each row on its own). Values
    reach the columns as they would as parameters: a float as its shortest repr (read back as the same
    double), a datetime with its offset, a ``jsonb`` column from the JSON of the value (or
    :class:`msgspec.Raw` JSON already encoded), a ``text[]`` from a list; ``bytea`` through :func:`bytea`."""
    names = ", ".join(columns)
    records = [dict(zip(columns, row, strict=True)) for row in rows]
    if not records:
        return
    cur.execute(
        f"INSERT INTO {table} ({names}) SELECT {names} FROM jsonb_populate_recordset(NULL::{table}, %s::jsonb) {tail}",
        (_records.encode(records).decode(),),
    )


class Projection(Protocol):
    """A read model the runner feeds (a module with these two functions is one)."""

    def handle(self, cur: Cursor, batch: Batch, after: int) -> None:
        """Write this batch's rows for the facts after position ``after`` (the projection's own)."""

    def reorder(self, cur: Cursor, finished: list[Finished]) -> None:
        """Finished games applied out of their finishing order (a retried quarantine): put right what
        depends on that order."""
