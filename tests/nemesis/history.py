"""What the soak records: every request and its outcome, the faults and when they lasted, what each live
stream reader received, what each follower of the whole log was handed, and what was stored at the end
(the checker's input, kept as JSON).

Outcomes, as a client can know them:
* ``ok``: acknowledged (2xx); a write's answer says which events it stored (version, type, recording time);
* ``failed``: a definite refusal (4xx): nothing was stored by it;
* ``unknown``: a 503, a reset connection, a timeout: it may or may not have been stored. A write sent
  with an ``Idempotency-Key`` is retried with the same key (``retry_of`` names the first attempt) until
  a definite answer resolves it.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Literal

import msgspec

Outcome = Literal["ok", "failed", "unknown"]

# The writes whose events land in a game's own stream (abandon and void are of its admin stream).
STREAM_WRITES = frozenset({"create", "import", "fork", "move", "undo"})
WRITES = STREAM_WRITES | {"abandon", "void"}


class Stored(msgspec.Struct, array_like=True, frozen=True):
    """One event as an answer or the log shows it."""

    version: int
    type: str
    recorded_at: str = ""


class Op(msgspec.Struct, kw_only=True):
    id: int
    client: int
    kind: str  # create, import, fork, move, undo, abandon, void, replay, stats, read, health
    game: str | None = None  # the game written or read (a create's: the new game, once known)
    key: str | None = None  # the Idempotency-Key (or the record id of an import)
    retry_of: int | None = None  # the first attempt this one retries
    start: float = 0.0  # seconds since the run started (monotonic)
    end: float = 0.0
    outcome: Outcome = "unknown"
    status: int | None = None  # None: no HTTP answer (reset, timeout)
    code: str | None = None  # the problem's code, or the transport error's name
    events: list[Stored] = []  # a write's stored events, as its answer says
    step: int | None = None  # a replay's step (or a fork's origin step)
    state_hash: str | None = None  # a replay's
    origin: str | None = None  # a fork's origin game


class Fault(msgspec.Struct, kw_only=True):
    kind: str
    start: float
    end: float = 0.0  # when it was healed
    recovered: float | None = None  # when the API first answered a write again after it (None: never)
    side: Literal["http", "db", "process", "clock"] = "db"
    detail: str = ""


class SseRead(msgspec.Struct, kw_only=True):
    reader: int
    game: str
    after: int  # the first request's ``after``: events are expected from after + 1
    received: list[Stored] = []
    resumes: int = 0  # reconnections with Last-Event-ID
    ended: bool = False  # the stream said ``end`` (the game is over: everything was sent)
    start: float = 0.0
    end: float = 0.0


class GameLog(msgspec.Struct, kw_only=True):
    """A game as stored at the end: its events (omniscient), status, voided flag, forks."""

    game: str
    events: list[Stored]
    status: str
    voided: bool = False
    forked_from: str | None = None


class History(msgspec.Struct, kw_only=True):
    seed: int
    seconds: float
    schedule: list[dict[str, Any]] = []
    ops: list[Op] = []
    faults: list[Fault] = []
    sse: list[SseRead] = []
    # Filled at the end, faults healed:
    final: list[GameLog] = []
    stored_games: list[str] = []  # every game id in the database (an unknown one is a violation)
    read_model_diff: list[str] = []  # tables that differ from a rebuild from the log
    clock_steps: str = ""  # why clock steps ran or not
    # What each follower of the whole log was handed, in order: (stream, version, xid, notification id).
    followed: dict[str, list[tuple[str, int, int, int]]] = {}
    # Every stored event at the end: (stream, version, notification id).
    stored_ids: list[tuple[str, int, int]] = []
    # Forks retried with their Idempotency-Key (the default; BANQUISE_SOAK_FORK_KEYS=0 turns it off); else
    # a fork's lost answer is not retried, and the game it may have made is allowed for.
    fork_keys: bool = False


class Recorder:
    """A history shared by every client thread."""

    def __init__(self, seed: int, seconds: float) -> None:
        self.history = History(seed=seed, seconds=seconds)
        self.origin = time.monotonic()
        self._lock = threading.Lock()
        self._ids = 0

    def now(self) -> float:
        return time.monotonic() - self.origin

    def begin(self, client: int, kind: str, **fields: Any) -> Op:
        with self._lock:
            self._ids += 1
            op = Op(id=self._ids, client=client, kind=kind, start=self.now(), **fields)
            self.history.ops.append(op)
        return op

    def fault(self, kind: str, side: Literal["http", "db", "process", "clock"], detail: str = "") -> Fault:
        fault = Fault(kind=kind, start=self.now(), side=side, detail=detail)
        with self._lock:
            self.history.faults.append(fault)
        return fault

    def sse(self, reader: int, game: str, after: int) -> SseRead:
        read = SseRead(reader=reader, game=game, after=after, start=self.now())
        with self._lock:
            self.history.sse.append(read)
        return read

    def save(self, path: Path) -> None:
        path.write_bytes(msgspec.json.encode(self.history))


def load(path: Path) -> History:
    return msgspec.json.decode(path.read_bytes(), type=History)
