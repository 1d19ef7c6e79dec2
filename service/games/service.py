"""The games' use cases, one application service each, over one ``GameDeps`` (``service.games.deps``):
recording (``writing``), importing (``importing``), reading (``reading``), taking back moves
(``undoing``), forks (``forks``), a game's lifecycle (``voiding``), handles (``renaming``), the games
index (``listing``), a step's board (``replays``), navigation by move and turn (``navigation``),
following a game (``live``) and its analysis (``analysis``).

``GameService`` is the set a process holds (the HTTP layer and the CLI): each service is an attribute,
and callers name the service they call (``service.http.usecases`` gives each route the one it needs).
"""

from __future__ import annotations

from functools import partial

from service.base.store import GameLog
from service.base.store.analyses import QueueBounds, enqueue
from service.base.store.kinds import Registry
from service.games.analysis import GameAnalyses
from service.games.base import Idempotency, Opening, Reply, request_hash
from service.games.deps import GameDeps
from service.games.exports import Exports
from service.games.forks import Forking
from service.games.importing import RecordImporter
from service.games.lifecycle import Lifecycle
from service.games.listing import Listing
from service.games.live import Live
from service.games.navigation import Navigation
from service.games.playimports import PlayImporter
from service.games.reading import GameReader
from service.games.renaming import Handles
from service.games.replays import Replays
from service.games.timelines import Timelines
from service.games.undoing import GameUndoer
from service.games.writing import GameWriter

__all__ = ["GameDeps", "GameService", "Idempotency", "Opening", "Reply", "request_hash"]


class GameService:
    """Every use case on games, over one ``GameDeps``: the HTTP layer and the CLI call each by its own name
    (``games.writer.append``), one way."""

    def __init__(
        self,
        store: GameLog,
        registry: Registry,
        *,
        snapshot_interval: int = 64,
        trusted_keys: tuple[bytes, ...] = (),
        analysis_bounds: QueueBounds = QueueBounds(),
    ) -> None:
        self.deps = GameDeps(store, registry, snapshot_interval=snapshot_interval, trusted_keys=trusted_keys)
        self.registry = registry
        self.kinds = self.deps.kinds
        self.rows = self.deps.rows
        self.writer = GameWriter(self.deps)
        self.importer = RecordImporter(self.deps)
        self.reader = GameReader(self.deps)
        self.replays = Replays(self.deps)
        self.timelines = Timelines(self.deps)
        self.undoer = GameUndoer(self.deps)
        self.forks = Forking(self.deps)
        self.lifecycle = Lifecycle(self.deps)
        self.handles = Handles(self.deps)
        self.listing = Listing(self.deps)
        self.exports = Exports(self.deps, self.listing)
        self.play_importer = PlayImporter(self.deps)  # BG Stats backups and BGG plays, results only
        self.navigation = Navigation(self.deps)
        self.live = Live(self.deps)
        # Asks queue a job for the analysis workers, within each key's share of the queue.
        self.analyses = GameAnalyses(self.deps, partial(enqueue, bounds=analysis_bounds))
        self.group = self.deps.group
