"""Finished games held in memory for replay: their events and a state every ``interval`` steps.

A finished game never changes, so its decoded events and fold checkpoints can be kept as long as
memory allows: a replay step is then the nearest checkpoint plus at most ``interval`` evolves, with
no database round trip. The cache is bounded by the total number of events it holds; live games
always take the database path (snapshots), since their versions move.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from service.games.kinds import Kind
from service.store import Recorded

log = logging.getLogger("banquise.replays")


@dataclass(frozen=True)
class FinishedGame:
    row: dict[str, Any]
    kind: Kind
    records: list[Recorded]
    checkpoints: list[Any]  # the state after 0, interval, 2*interval, ... events
    interval: int

    @classmethod
    def fold(cls, row: dict[str, Any], kind: Kind, records: list[Recorded], interval: int) -> FinishedGame:
        evolve = kind.rules.evolve
        state = kind.rules.initial_state()
        checkpoints = [state]
        for rec in records:
            state = evolve(state, rec.event)
            if rec.originator_version % interval == 0:
                checkpoints.append(state)
        return cls(row=row, kind=kind, records=records, checkpoints=checkpoints, interval=interval)

    def state_at(self, step: int) -> Any:
        """The state after ``step`` events (1 <= step <= len(records))."""
        base = step // self.interval
        state = self.checkpoints[base]
        evolve = self.kind.rules.evolve
        for rec in self.records[base * self.interval : step]:
            state = evolve(state, rec.event)
        return state


class FinishedGames:
    def __init__(self, max_events: int = 250_000, interval: int = 64) -> None:
        self.max_events = max_events
        self.interval = interval
        self._games: OrderedDict[UUID, FinishedGame] = OrderedDict()
        self._events = 0
        self._lock = threading.Lock()
        self._pending: set[UUID] = set()
        # One loader: loading is background work and must not compete with requests for the CPU.
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-loader")

    def get(self, game_id: UUID) -> FinishedGame | None:
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
            return game

    def put(self, game_id: UUID, game: FinishedGame) -> None:
        size = len(game.records)
        if size > self.max_events:
            return
        with self._lock:
            if game_id in self._games:
                return
            self._games[game_id] = game
            self._events += size
            while self._events > self.max_events:
                _, evicted = self._games.popitem(last=False)
                self._events -= len(evicted.records)

    def load_later(self, game_id: UUID, load: Callable[[], FinishedGame | None]) -> None:
        """Load a game in the background, once, unless it is already held or being loaded."""
        with self._lock:
            if game_id in self._games or game_id in self._pending:
                return
            self._pending.add(game_id)

        def run() -> None:
            try:
                game = load()
                if game is not None:
                    self.put(game_id, game)
            except Exception:
                log.exception("could not load finished game %s for replay", game_id)
            finally:
                with self._lock:
                    self._pending.discard(game_id)

        self._loader.submit(run)

    def wait_idle(self) -> None:
        """Block until pending loads are done (tests)."""
        self._loader.submit(lambda: None).result()
