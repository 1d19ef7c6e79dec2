"""Replay blocks: a game's history held in memory in blocks of ``interval`` steps.

Block ``b`` is the state after ``b * interval`` events and the records of the next ``interval``
events. A replay step is its block's start state plus at most ``interval`` evolves, with no database
round trip when the block is held; a missing block costs what a replay from a snapshot costs (one
snapshot and at most ``interval`` events), and once the game's row is held the same round trip
brings the blocks after it (``ahead``). Stepping through a replay (the common case) stays inside
a block, so the cost of a step grows neither with the step number nor with the game's length.

Encoded steps (the JSON sent) of finished games are kept too, bounded by bytes: asking a step again
costs neither a fold nor an encoding nor a thread.

Only blocks of finished games without corrections are kept (a live game's block serves one request; a
corrected game's steps are folded from its line: ``States.at_step``): history never changes, so there
is nothing to invalidate. The rows of public games (finished, not a sealed fork: ``sight.public``) are
kept too, and only their steps are kept encoded: a held row is answered without looking at the key.
A finished game only grows at its end (the reveals a table shows after it, appended later): the
process that appends one forgets the game here (``forget``); another one reads the row again when
asked a step beyond the version it holds, and a longer last block replaces the one held. Memory is
bounded by the number of events held.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from service.base.store import Recorded
from service.base.store.rows import IndexedGame
from service.games.sight import public

OVERHEAD = 250  # bytes of a kept step besides its body: the key, the bytes object, the dict slot
MARK = 16  # a block keeps the state at every MARK-th step once a fold went past it


Row = tuple[int, str, bytes]  # a stored event of the block's game as read: version, topic, payload


@dataclass(frozen=True)
class Block:
    game_id: UUID
    start: Any  # the state after ``first - 1`` events
    first: int  # the version of the block's first event
    # The block's stored events, decoded when a fold first reaches them (``decode``): a cold step pays
    # for the events up to it only, not for the whole block. A decoded row is let go.
    rows: list[Row | None]
    decode: Callable[[UUID, int, str, bytes], Recorded]
    records: list[Recorded | None] = field(default_factory=list)
    # States met on the way (at every MARK-th step), so a random step folds at most MARK - 1 events
    # after the first visit rather than up to ``interval``. Filled as folds go; a race only repeats work
    # (a slot is only ever set to the one value its row decodes to).
    marks: dict[int, Any] = field(default_factory=dict)
    # The last state folded, (offset, state): the same step asked again from another perspective folds
    # nothing, the next step one event (a viewer stepping on). One tuple, replaced whole.
    latest: list[tuple[int, Any]] = field(default_factory=lambda: [(0, None)])

    def __post_init__(self) -> None:
        if not self.records:
            self.records.extend([None] * len(self.rows))

    def __len__(self) -> int:
        return len(self.rows)

    def record(self, i: int) -> Recorded:
        found = self.records[i]
        if found is None:
            row = self.rows[i]
            if row is None:  # another thread decoded it between the two reads
                found = self.records[i]
                assert found is not None
                return found
            found = self.records[i] = self.decode(self.game_id, *row)
            self.rows[i] = None
        return found

    def events(self, start: int, end: int) -> list[Any]:
        """The events of the block's records ``start`` to ``end - 1``."""
        records = self.records
        found: list[Any] = []
        for i in range(start, end):
            rec = records[i]
            found.append((rec if rec is not None else self.record(i)).event)
        return found

    def state_at(self, step: int, fold: Callable[[list[Any], Any], Any]) -> tuple[Any, Recorded]:
        """The state after ``step`` and its record; ``fold``: the rules' (one call per stretch between
        marks rather than one ``evolve`` call per event)."""
        offset = step - self.first + 1  # events of the block folded to reach ``step``
        done = offset - offset % MARK
        while done and done not in self.marks:
            done -= MARK
        state = self.marks[done] if done else self.start
        latest, latest_state = self.latest[0]
        if done < latest <= offset:
            done, state = latest, latest_state
        while done < offset:
            end = min(offset, done - done % MARK + MARK)
            state = fold(self.events(done, end), state)
            if end % MARK == 0:
                self.marks[end] = state
            done = end
        self.latest[0] = (offset, state)
        return state, self.record(offset - 1)


class EncodedSteps:
    """Replay steps of finished games as they were sent (JSON), at most ``max_bytes`` in all.

    The key holds everything the body depends on: the game, its version (so a game changed since can
    never be answered from here), the step and the perspective. Only finished games are kept: their
    hidden information is public (``sight.public``: not a sealed fork), so every caller's sight of a
    perspective is the same."""

    def __init__(self, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[tuple[UUID, int, int, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[UUID, int, int, str]) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[UUID, int, int, str], body: bytes) -> None:
        size = len(body) + OVERHEAD
        if size > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= len(old) + OVERHEAD
            self._items[key] = body
            self.bytes += size
            while self.bytes > self.max_bytes:
                _, evicted = self._items.popitem(last=False)
                self.bytes -= len(evicted) + OVERHEAD

    def __len__(self) -> int:
        return len(self._items)


class ReplayCache:
    def __init__(self, max_events: int = 250_000, interval: int = 64, max_rows: int = 20_000, ahead: int = 16) -> None:
        self.max_events = max_events
        self.interval = interval
        # Once a finished game's row is held, a block read brings the blocks after it too, up to the next
        # one held and at most ``ahead`` in all (one round trip): a viewer stepping on or scrubbing a
        # replay asks them next, and each read alone costs a round trip and a query of its own.
        self.ahead = ahead
        self.max_rows = max_rows
        self._blocks: OrderedDict[tuple[UUID, int], Block] = OrderedDict()
        self._rows: OrderedDict[UUID, IndexedGame] = OrderedDict()
        self.encoded = EncodedSteps()
        self._events = 0
        self._lock = threading.Lock()
        self.reads = 0  # block reads from the database (``/metrics``): how often a step found none held

    def count_read(self) -> None:
        with self._lock:
            self.reads += 1

    @property
    def events(self) -> int:
        """The events the held blocks hold (at most ``max_events``)."""
        return self._events

    def block_of(self, step: int) -> int:
        return (step - 1) // self.interval

    def finished_row(self, game_id: UUID) -> IndexedGame | None:
        with self._lock:
            return self._rows.get(game_id)

    def keep_row(self, row: IndexedGame) -> None:
        """Keep a public game's row (``sight.public``): a held row is answered to anyone, with no key
        checked. A sealed fork's, finished or not, is read again at each request."""
        if not public(row):
            return
        with self._lock:
            self._rows[row.id] = row
            while len(self._rows) > self.max_rows:
                self._rows.popitem(last=False)

    def forget(self, game_id: UUID) -> None:
        """Drop the game's row and blocks (it grew after its end: a late reveal)."""
        with self._lock:
            self._rows.pop(game_id, None)
            for key in [k for k in self._blocks if k[0] == game_id]:
                self._events -= len(self._blocks.pop(key))

    def holds(self, game_id: UUID, block: int) -> bool:
        """Whether the block is held (without marking it used)."""
        with self._lock:
            return (game_id, block) in self._blocks

    def get(self, game_id: UUID, block: int) -> Block | None:
        with self._lock:
            found = self._blocks.get((game_id, block))
            if found is not None:
                self._blocks.move_to_end((game_id, block))
            return found

    def put(self, game_id: UUID, block: int, value: Block) -> None:
        with self._lock:
            held = self._blocks.get((game_id, block))
            if held is not None:
                if len(held) >= len(value):
                    return
                # the game's last block, grown by a reveal appended after the end
                self._events -= len(self._blocks.pop((game_id, block)))
            self._blocks[(game_id, block)] = value
            self._events += len(value)
            while self._events > self.max_events:
                _, evicted = self._blocks.popitem(last=False)
                self._events -= len(evicted)
