"""The games' use cases, one application service each, over one ``GameDeps`` (``service.games.deps``):
recording (``writing``), importing (``importing``), reading (``reading``), taking back moves
(``undoing``), forks (``forks``), a game's lifecycle (``voiding``), handles (``renaming``), the games
index (``listing``), navigation by move and turn (``navigation``) and following a game (``live``).

``GameService`` is the set a process holds (the HTTP layer and the CLI): each service is an attribute,
and the calls the routes make most are named here too, bound to the service that answers them.
"""

from __future__ import annotations

from service.base.store import GameLog
from service.base.store.kinds import Registry
from service.games.base import GameBase, Idempotency, Opening, Reply, request_hash
from service.games.deps import GameDeps
from service.games.exports import Exports
from service.games.forks import Forking
from service.games.importing import RecordImporter
from service.games.listing import Listing
from service.games.live import Live
from service.games.navigation import Navigation
from service.games.reading import GameReader
from service.games.renaming import Handles
from service.games.timelines import Timelines
from service.games.undoing import GameUndoer
from service.games.voiding import Lifecycle
from service.games.writing import GameWriter

__all__ = ["GameBase", "GameDeps", "GameService", "Idempotency", "Opening", "Reply", "request_hash"]


class GameService(GameBase):
    """Every use case on games, over one ``GameDeps``."""

    def __init__(
        self, store: GameLog, registry: Registry, *, snapshot_interval: int = 64, trusted_keys: tuple[bytes, ...] = ()
    ) -> None:
        super().__init__(GameDeps(store, registry, snapshot_interval=snapshot_interval, trusted_keys=trusted_keys))
        self.writer = GameWriter(self.deps)
        self.importer = RecordImporter(self.deps)
        self.reader = GameReader(self.deps)
        self.timelines = Timelines(self.deps)
        self.undoer = GameUndoer(self.deps)
        self.forks = Forking(self.deps)
        self.lifecycle = Lifecycle(self.deps)
        self.handles = Handles(self.deps)
        self.listing = Listing(self.deps)
        self.exports = Exports(self.deps, self.listing)
        self.navigation = Navigation(self.deps)
        self.live = Live(self.deps)
        self.group = self.deps.group
        # The routes' calls, by the names they had (the service answering each is the one above).
        self.create, self.append = self.writer.create, self.writer.append
        self.import_record = self.importer.import_record
        self.undo = self.undoer.undo
        reader = self.reader
        self.summary, self.summary_of, self.record = reader.summary, reader.summary_of, reader.record
        self.events, self.legal_moves, self.timeline = reader.events, reader.legal_moves, self.timelines.timeline
        self.next_decision = reader.next_decision
        self.parse_perspective = reader.parse_perspective
        self.replay, self.replay_body = reader.replay, reader.replay_body
        self.cached_replay, self.held_replay = reader.cached_replay, reader.held_replay
        self.replay_on_loop = reader.replay_on_loop
