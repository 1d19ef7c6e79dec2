"""What the games' use cases are given: one object per process, built once, passed to every service.

Every use case is a small application service over it (one per module: writing, importing, undoing,
reading, forks, lifecycle, handles, listing, navigation, live), given the collaborators it uses from it
(``kinds``, ``rows``, ``replies``, ``records``, the store's tables): the services hold nothing of their
own, so any number of them over one ``GameDeps`` share the same caches.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.base.store import GameLog
from service.base.store.analyses import AnalysesTable
from service.base.store.batching import GroupWriter
from service.base.store.corrections import StepsTakenBack, TakenBackMove
from service.base.store.games_table import GamesTable
from service.base.store.idempotency import IdempotencyKeys
from service.base.store.kinds import Registry
from service.base.store.lru import Lru
from service.base.store.snapshots import Snapshots
from service.games.game_records import GameRecords
from service.games.game_rows import GameRows
from service.games.kind_lookup import KindLookup
from service.games.replay_blocks import ReplayBlocks
from service.games.replies import Replies
from service.games.states import States


class GameDeps:
    def __init__(
        self, store: GameLog, registry: Registry, *, snapshot_interval: int = 64, trusted_keys: tuple[bytes, ...] = ()
    ) -> None:
        self.store = store
        # The signing keys whose sealed records an import accepts (``BANQUISE_TRUSTED_KEYS``).
        self.trusted_keys = trusted_keys
        self.registry = registry
        # The store's tables beside the events, by their named statements.
        self.games_table = GamesTable(store)
        self.analyses = AnalysesTable(self.games_table.connection)
        self.idempotency_keys = IdempotencyKeys(store)
        self.snapshot_table = Snapshots(store)
        self.states = States(store, interval=snapshot_interval)
        self.blocks = ReplayBlocks(interval=snapshot_interval)
        # A corrected game's id -> its steps taken back and its corrections' steps (grown in place).
        self.line_steps: Lru[UUID, StepsTakenBack] = Lru(1024)
        # A game's id -> a version and the moves on its line then, oldest first (``GameUndoer``): an undo
        # reaching before the last correction folds only up to the moves it takes back.
        self.kinds = KindLookup(registry)
        self.rows = GameRows(store, self.games_table, self.line_steps)
        self.replies = Replies(self.idempotency_keys, self.rows)
        self.records = GameRecords(store)
        self.line_moves: Lru[UUID, tuple[int, list[TakenBackMove]]] = Lru(1024)
        # (game, step) -> where its timeline stands after that step (``GameReader.timeline``'s pages).
        self.timeline_marks: Lru[tuple[UUID, int], Any] = Lru(16384)
        # This process's group-commit writer for moves (``service.base.store.batching``).
        self.group = GroupWriter(store)
        # Each game's head as this process last wrote it: a move decided while the one before it (to the
        # same game) was being stored starts from there, not from the row its request read.
        self.heads: Lru[UUID, Any] = Lru(4096)
        # (game, version, players) -> every move the game's kind lists then, with its path of decisions: a
        # move built decision by decision asks several times at one version (``GameReader.next_decision``).
        self.move_paths: Lru[tuple[UUID, int, tuple[str, ...], str], Any] = Lru(16)
        # (game, its chain head) -> the state hashes its record replays to (``GameReader.sealed``): the head
        # hashes every event of the game, so the same head is the same record and the same replay (a game
        # changed or grown has another head: nothing to invalidate). Each export still reads and checks
        # the chain; only the replay through the rules is done once. ~100 hashes a game.
        self.seal_states: Lru[tuple[UUID, bytes], list[str]] = Lru(1024)
