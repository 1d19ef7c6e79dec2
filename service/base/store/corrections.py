"""Corrections as events: taking back the last moves of a game without rewriting its log.

A correction (``MovesTakenBack``) is stored in the game's own stream, after the moves it takes back,
and names them by their events' versions. The *line* of a game at a version is what its events up to
that version leave once every correction among them has taken its moves out; the game's state is the
fold of its line. :class:`Line` is that fold, the one every reader uses (the write path, the state
cache and snapshots, replays, the timeline, the projections): it knows recorded events, their versions
and their moves, nothing of any game's rules, so the same events always give the same state.

A snapshot at version ``v`` is the state of the line at ``v``; it stays true forever (the log before
``v`` never changes). It may start a fold up to ``w`` only if no correction in ``(v, w]`` takes back an
event at or before ``v``: :class:`Line` raises :class:`BeforeBase` when one does, and the caller starts
again from an earlier snapshot (or from the beginning).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import msgspec
from eventsourcing.utils import register_topic

S = TypeVar("S")
T = TypeVar("T")


class TakenBackMove(msgspec.Struct, frozen=True, kw_only=True):
    """One move taken back: its index on the line and the versions of its first and last events."""

    move: int
    first: int
    last: int


class MovesTakenBack(msgspec.Struct, frozen=True, kw_only=True):
    """The game's owner took back the last moves of the line (oldest first): the game goes on from the
    state before them. The events stay in the log; folds leave them out from this version on."""

    moves: list[TakenBackMove]
    key_id: str
    reason: str | None = None

    def versions(self) -> set[int]:
        return {v for m in self.moves for v in range(m.first, m.last + 1)}


def is_correction(event: Any) -> bool:
    return isinstance(event, MovesTakenBack)


class BeforeBase(Exception):
    """A correction takes back an event at or before the state a fold started from: start earlier."""

    def __init__(self, version: int) -> None:
        super().__init__(f"a correction takes back version {version}, at or before the fold's start")
        self.version = version  # the earliest version taken back


class Line(Generic[S, T]):
    """A game's line folded event by event, from ``state`` (the line's state at ``version``).

    ``add`` takes each next event of the stream (corrections included) with what the caller wants kept
    alongside it (``item``: a record, a payload); ``kept`` holds the line's events after the start, in
    order, as ``(version, event, item)``. A correction drops the events it takes back and refolds the
    rest from the start (rare, and bounded by the game's length)."""

    def __init__(self, evolve: Callable[[S, Any], S], state: S, version: int = 0) -> None:
        self._evolve = evolve
        self.start_state = state
        self.start = version
        self.state = state
        self.version = version  # the stream's version reached (corrections count)
        self.kept: list[tuple[int, Any, T | None]] = []

    def add(self, version: int, event: Any, item: T | None = None) -> bool:
        """Fold the stream's event at ``version``; True when it was a correction (the state went back)."""
        self.version = version
        if isinstance(event, MovesTakenBack):
            gone = event.versions()
            earliest = min(gone, default=version)
            if earliest <= self.start:
                raise BeforeBase(earliest)
            self.kept = [k for k in self.kept if k[0] not in gone]
            state = self.start_state
            evolve = self._evolve
            for _, e, _ in self.kept:
                state = evolve(state, e)
            self.state = state
            return True
        self.kept.append((version, event, item))
        self.state = self._evolve(self.state, event)
        return False

    def extend(self, events: Iterable[tuple[int, Any, T | None]]) -> Line[S, T]:
        for version, event, item in events:
            self.add(version, event, item)
        return self


def moves_of(kept: Iterable[tuple[int, Any, Any]], move_of: Callable[[Any], int | None]) -> list[TakenBackMove]:
    """The moves on a line (``Line.kept`` from the game's start), oldest first, as spans of versions.

    ``move_of(item)``: the move index of a kept item (None for the opening events). On a line, a move's
    events are consecutive and the moves' indexes run 0, 1, 2…: a new index starts a new move."""
    spans: list[TakenBackMove] = []
    for version, _, item in kept:
        move = move_of(item)
        if move is None:
            continue
        if spans and spans[-1].move == move:
            spans[-1] = TakenBackMove(move=move, first=spans[-1].first, last=version)
        else:
            spans.append(TakenBackMove(move=move, first=version, last=version))
    return spans


def follow_moves(moves: list[TakenBackMove], events: Iterable[tuple[int, Any, int | None]]) -> list[TakenBackMove]:
    """The moves on a line (as ``moves_of`` gives them, updated in place) once the stream's next events
    ``(version, event, move index)`` are in: a correction takes its moves out (the line's last ones), a
    move's events extend its span or start the next one. The events come whole writes at a time."""
    for version, event, move in events:
        if isinstance(event, MovesTakenBack):
            gone = min(event.versions(), default=version)
            while moves and moves[-1].first >= gone:
                moves.pop()
        elif move is not None:
            if moves and moves[-1].move == move:
                moves[-1] = TakenBackMove(move=move, first=moves[-1].first, last=version)
            else:
                moves.append(TakenBackMove(move=move, first=version, last=version))
    return moves


def taken_back(events: Iterable[tuple[int, Any]]) -> dict[int, int]:
    """Over a whole stream ``(version, event)``: each taken-back event's version -> the correction's."""
    out: dict[int, int] = {}
    for version, event in events:
        if isinstance(event, MovesTakenBack):
            for v in event.versions():
                out[v] = version
    return out


class StepsAt:
    """A stream's steps taken back (-> the correction's version) and its corrections' versions, as they
    stood at ``version``: what ``StepsTakenBack`` knows of later corrections is left out."""

    __slots__ = ("_corrections", "_taken", "version")

    def __init__(self, taken: dict[int, int], corrections: dict[int, None], version: int) -> None:
        self._taken, self._corrections, self.version = taken, corrections, version

    def get(self, step: int) -> int | None:
        """The version of the correction that took ``step`` back, if one did by ``version``."""
        at = self._taken.get(step)
        return at if at is not None and at <= self.version else None

    def __contains__(self, step: object) -> bool:
        return isinstance(step, int) and self.get(step) is not None

    def is_correction(self, step: int) -> bool:
        return step in self._corrections and step <= self.version


class StepsTakenBack:
    """``StepsAt`` of one stream at any version up to the newest it was brought to, grown in place.

    A copy per newer version (what a replay of a corrected live game's last step asked) cost as much as
    the game's history: the map only grows, and a reader at an older version leaves the newer entries
    out. Growing it twice with the same events (two threads) writes the same entries."""

    def __init__(self) -> None:
        self.version = 0  # the stream's events up to it are in
        self._taken: dict[int, int] = {}
        self._corrections: dict[int, None] = {}  # (a dict: insertion safe beside lookups in other threads)

    def add(self, events: Iterable[tuple[int, Any]]) -> None:
        """The stream's next events ``(version, event)``, from ``version + 1`` on."""
        reached = self.version
        for version, event in events:
            if isinstance(event, MovesTakenBack):
                for v in event.versions():
                    self._taken[v] = version
                self._corrections[version] = None
            reached = max(reached, version)
        self.version = max(self.version, reached)

    def at(self, version: int) -> StepsAt:
        return StepsAt(self._taken, self._corrections, version)


# Stored before the layers moved (service/store -> service/base/store): old rows keep these topics.
register_topic("service.store.corrections:MovesTakenBack", MovesTakenBack)
