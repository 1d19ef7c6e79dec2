"""Replay blocks: a game's history held in memory in blocks of ``interval`` steps.

Block ``b`` is the state after ``b * interval`` events and the records of the next ``interval``
events. A replay step is its block's start state plus at most ``interval`` evolves, with no database
round trip when the block is held; a missing block costs what a replay from a snapshot costs (one
snapshot and at most ``interval`` events). Stepping through a replay (the common case) stays inside
a block, so the cost of a step grows neither with the step number nor with the game's length.

Only complete blocks are kept, and only of finished games without corrections (a corrected game's
steps are folded from its line: ``States.at_step``): history never changes, so there is nothing to
invalidate. The rows of finished games are kept too (they change no more). Memory is
bounded by the number of events held.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from service.store import Recorded


@dataclass(frozen=True)
class Block:
    start: Any  # the state after ``first - 1`` events
    first: int  # the version of records[0]
    records: list[Recorded]

    def state_at(self, step: int, evolve: Any) -> tuple[Any, Recorded]:
        state = self.start
        for rec in self.records[: step - self.first + 1]:
            state = evolve(state, rec.event)
        return state, self.records[step - self.first]


class ReplayBlocks:
    def __init__(self, max_events: int = 250_000, interval: int = 64, max_rows: int = 20_000) -> None:
        self.max_events = max_events
        self.interval = interval
        self.max_rows = max_rows
        self._blocks: OrderedDict[tuple[UUID, int], Block] = OrderedDict()
        self._rows: OrderedDict[UUID, dict[str, Any]] = OrderedDict()
        self._events = 0
        self._lock = threading.Lock()

    def block_of(self, step: int) -> int:
        return (step - 1) // self.interval

    def finished_row(self, game_id: UUID) -> dict[str, Any] | None:
        with self._lock:
            return self._rows.get(game_id)

    def keep_row(self, row: dict[str, Any]) -> None:
        if row["status"] != "finished":
            return
        with self._lock:
            self._rows[row["id"]] = row
            while len(self._rows) > self.max_rows:
                self._rows.popitem(last=False)

    def get(self, game_id: UUID, block: int) -> Block | None:
        with self._lock:
            found = self._blocks.get((game_id, block))
            if found is not None:
                self._blocks.move_to_end((game_id, block))
            return found

    def put(self, game_id: UUID, block: int, value: Block) -> None:
        with self._lock:
            if (game_id, block) in self._blocks:
                return
            self._blocks[(game_id, block)] = value
            self._events += len(value.records)
            while self._events > self.max_events:
                _, evicted = self._blocks.popitem(last=False)
                self._events -= len(evicted.records)
