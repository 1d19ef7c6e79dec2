"""The games' use cases, wired once: the composition root of a process (the HTTP layer and the CLI hold one).

Each use case is an application service that names the collaborators it takes in its constructor: the event
store, the store's tables beside the events (``GamesTable``, ``Snapshots``...), the kinds by name
(``KindLookup``), a game's row (``GameRows``), the states folded (``States``), the answers kept under an
Idempotency-Key (``Replies``). Those shared collaborators are built here once, so every use case of a
process shares their caches; a cache only one use case reads (a writer's heads, a reader's seal hashes, the
replay cache) is that use case's own. Nothing is handed a bundle of everything: the HTTP layer gives each
route the use case it calls by Litestar's dependency injection (``service.http.usecases``).

The use cases: recording (``writing``), importing (``importing``), reading (``reading``), taking back moves
(``undoing``), forks (``forks``), a game's lifecycle (``lifecycle``), handles (``renaming``), the games index
(``listing``), a step's board (``replays``), the timeline (``timelines``), navigation by move and turn
(``navigation``), following a game (``live``), exports and plays imported from other apps, and a game's
analysis (``analysis``).
"""

from __future__ import annotations

from functools import partial

from service.base.store import GameLog
from service.base.store.analyses import AnalysesTable, QueueBounds, enqueue
from service.base.store.batching import GroupWriter
from service.base.store.games_table import GamesTable
from service.base.store.idempotency import IdempotencyKeys
from service.base.store.kinds import Registry
from service.base.store.lru import Lru
from service.base.store.snapshots import Snapshots
from service.games.analysis import GameAnalyses
from service.games.base import Idempotency, Opening, Reply, request_hash
from service.games.exports import Exports
from service.games.forks import Forking
from service.games.game_records import GameRecords
from service.games.game_rows import GameRows
from service.games.importing import RecordImporter
from service.games.kind_lookup import KindLookup
from service.games.lifecycle import Lifecycle
from service.games.listing import Listing
from service.games.live import Live
from service.games.navigation import Navigation
from service.games.playimports import PlayImporter
from service.games.reading import GameReader
from service.games.renaming import Handles
from service.games.replay_cache import ReplayCache
from service.games.replays import Replays
from service.games.replies import Replies
from service.games.states import States
from service.games.timelines import Timelines
from service.games.undoing import GameUndoer
from service.games.writing import GameWriter

__all__ = ["GameService", "Idempotency", "Opening", "Reply", "request_hash"]


class GameService:
    """Every use case on games of one process, each built once with the collaborators it names; callers
    take the one they call (``games.writer.append``)."""

    def __init__(
        self,
        store: GameLog,
        registry: Registry,
        *,
        snapshot_interval: int = 64,
        trusted_keys: tuple[bytes, ...] = (),
        analysis_bounds: QueueBounds = QueueBounds(),
    ) -> None:
        self.registry = registry
        # The collaborators the use cases share (their caches are the process's).
        games_table = GamesTable(store)
        states = States(store, interval=snapshot_interval)
        # The replay cache: finished games' rows, blocks and steps as sent (``service.games.replay_cache``).
        replay_cache = ReplayCache(interval=snapshot_interval)
        self.kinds = kinds = KindLookup(registry)
        # A corrected game's id -> its steps taken back and its corrections' steps (grown in place).
        self.rows = rows = GameRows(store, games_table, Lru(1024))
        replies = Replies(IdempotencyKeys(store), rows)
        records = GameRecords(store)
        # This process's group-commit writer (``service.base.store.batching``).
        self.group = GroupWriter(store)
        # The use cases.
        self.writer = GameWriter(
            store,
            states=states,
            games_table=games_table,
            replay_cache=replay_cache,
            kinds=kinds,
            rows=rows,
            replies=replies,
            group=self.group,
        )
        self.importer = RecordImporter(
            store,
            states=states,
            games_table=games_table,
            kinds=kinds,
            rows=rows,
            replies=replies,
            records=records,
            trusted_keys=trusted_keys,
        )
        self.reader = GameReader(store, states=states, games_table=games_table, kinds=kinds, rows=rows, records=records)
        self.replays = Replays(
            store, states=states, cache=replay_cache, snapshot_table=Snapshots(store), kinds=kinds, rows=rows
        )
        self.timelines = Timelines(store, states=states, kinds=kinds, rows=rows)
        self.undoer = GameUndoer(store, states=states, kinds=kinds, rows=rows, replies=replies)
        self.forks = Forking(store, states=states, games_table=games_table, kinds=kinds, rows=rows, replies=replies)
        self.lifecycle = Lifecycle(store, games_table=games_table)
        self.handles = Handles(store)
        self.listing = Listing(states=states, games_table=games_table, kinds=kinds, handles=self.handles)
        self.exports = Exports(
            store,
            states=states,
            games_table=games_table,
            kinds=kinds,
            rows=rows,
            records=records,
            listing=self.listing,
        )
        self.play_importer = PlayImporter(store)  # BG Stats backups and BGG plays, results only
        self.navigation = Navigation(store, kinds=kinds, rows=rows)
        self.live = Live(rows=rows, reader=self.reader)
        # Asks queue a job for the analysis workers, within each key's share of the queue.
        self.analyses = GameAnalyses(
            store,
            kinds=kinds,
            rows=rows,
            records=records,
            analyses=AnalysesTable(games_table.connection),
            enqueue=partial(enqueue, bounds=analysis_bounds),
        )
