"""What a running Banquise process holds: its settings, its database and its event store."""

from __future__ import annotations

import logging
import time
import warnings
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import psycopg

from domain.kinds import registered_games
from service.base.database import ConnectionParams, DatabaseUnavailable, check_reachable, parse_url
from service.base.embedded import EmbeddedServer, resolve
from service.base.keys import KeyCache
from service.base.settings import Settings
from service.base.store import GameLog
from service.base.store.replica import Replica, flushed_lsn, replay_progress, written_lsn
from service.games.editions import EditionCatalogue
from service.games.keys import ApiKeys
from service.games.service import GameService

if TYPE_CHECKING:
    from projections.queries import ReadModels

log = logging.getLogger("banquise.runtime")

# How long a worker of ``banquise serve --workers`` starting (or started again) waits for the database.
WORKER_DATABASE_WAIT = 600.0


def wait_reachable(params: ConnectionParams, timeout: float, wait: float) -> str:
    """``check_reachable``, tried again every second for up to ``wait`` seconds.

    A worker process started again by its supervisor during a database outage must not fail its
    start-up: uvicorn takes a worker that fails to start for a broken app and stops every worker
    with it, which turned one killed worker during an outage into the whole server gone (found by
    the nemesis soak). The supervisor reached the database before starting any worker, so an
    unreachable one here is an outage, not a wrong setting.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            return check_reachable(params, timeout=timeout)
        except DatabaseUnavailable as exc:
            if time.monotonic() >= deadline:
                raise
            log.warning("waiting for the database to start serving", extra={"fields": {"error": str(exc)}})
            time.sleep(1.0)


@dataclass
class Runtime:
    settings: Settings
    params: ConnectionParams
    store: GameLog
    embedded: EmbeddedServer | None = None
    # The streaming replica serving the read models (DATABASE_READ_URL), if any.
    replica: Replica | None = None
    server_version: str = field(default="unknown")
    editions: EditionCatalogue = field(init=False)

    def __post_init__(self) -> None:
        # The engine finds the editions a club stored through this process's database.
        self.editions = EditionCatalogue(self.store)
        for plugin in registered_games():
            if plugin.editions is not None:
                plugin.editions.set_loader(self.editions.loader(plugin.kind))

    @classmethod
    def open(
        cls,
        settings: Settings,
        params: ConnectionParams | None = None,
        *,
        read_replica: bool = False,
        wait_for_database: bool = False,
    ) -> Runtime:
        """Reach (or start) the database, migrate it, and open the event store; with ``read_replica`` (the
        API, not the worker or the CLI commands) also the replica of ``DATABASE_READ_URL``, if set.

        Raises ``DatabaseUnavailable`` with a one-line reason when the database cannot be used (with
        ``wait_for_database``: once it has not been reachable for ``WORKER_DATABASE_WAIT``).
        """
        embedded = None
        if params is None:
            with warnings.catch_warnings():
                # platformdirs warns about XDG_RUNTIME_DIR when the embedded server starts as root.
                warnings.simplefilter("ignore")
                params, embedded = resolve(settings)
        try:
            timeout = settings.db_timeouts.connect
            wait = WORKER_DATABASE_WAIT if wait_for_database else 0.0
            version = wait_reachable(params, timeout, wait) if wait else check_reachable(params, timeout=timeout)
            store = GameLog(
                params, schema=settings.db_schema, pool_size=settings.pool_size, timeouts=settings.db_timeouts
            )
        except BaseException:
            if embedded is not None:
                embedded.stop()
            raise
        log.info("database ready", extra={"fields": {"database": params.describe(), "server_version": version}})
        runtime = cls(settings=settings, params=params, store=store, embedded=embedded, server_version=version)
        if read_replica and settings.database_read_url:
            try:
                runtime.open_replica(parse_url(settings.database_read_url, name="DATABASE_READ_URL"))
            except BaseException:
                runtime.close()
                raise
        return runtime

    def open_replica(self, params: ConnectionParams) -> None:
        """Serve the read models from this streaming replica. It need not be up yet: until it is, reads go
        to the primary."""
        self.replica = Replica(
            params,
            primary_lsn=self.primary_flushed_lsn,
            timeouts=self.settings.db_timeouts,
            pool_size=self.settings.pool_size,
            max_lag=self.settings.replica_max_lag,
        )
        self.replica.open()
        log.info("read replica configured", extra={"fields": {"replica": params.describe()}})

    @cached_property
    def games(self) -> GameService:
        from service.base.store.analyses import QueueBounds
        from service.base.store.kinds import Registry

        return GameService(
            self.store,
            Registry.default(),
            snapshot_interval=self.settings.snapshot_interval,
            trusted_keys=self.settings.trusted_keys,
            analysis_bounds=QueueBounds(self.settings.analyses_per_key, self.settings.analysis_queue),
        )

    @cached_property
    def key_cache(self) -> KeyCache:
        """The API keys this process verified (``service.base.keys.KeyCache``)."""
        return KeyCache()

    @cached_property
    def keys(self) -> ApiKeys:
        """The API keys' use case (``service.games.keys``), over this process's key cache."""
        return ApiKeys(self.store, self.key_cache)

    def ensure_read_models(self, wait: float = 0.0) -> None:
        """The read-model tables, created once; with ``wait``, an outage meanwhile is waited out for up
        to ``wait`` seconds, as in ``wait_reachable`` (a worker's start-up must not fail on it)."""
        deadline = time.monotonic() + wait
        while True:
            try:
                _ = self.read_models
                return
            except psycopg.OperationalError as exc:
                if time.monotonic() >= deadline:
                    raise
                log.warning("waiting for the database to start serving", extra={"fields": {"error": str(exc)}})
                time.sleep(1.0)

    @cached_property
    def read_models(self) -> ReadModels:
        """The projections' read side (creates the read-model tables on first use)."""
        from projections.queries import ReadModels

        return ReadModels(self.store)

    @cached_property
    def replica_models(self) -> ReadModels:
        """The same read models, read from the replica (its tables come from the primary's by replication)."""
        from projections.queries import ReadModels

        assert self.replica is not None, "no DATABASE_READ_URL"
        return ReadModels(self.store, connect=self.replica.connection)

    def primary_written_lsn(self) -> int:
        """The primary's WAL position now: past every write committed before this call."""
        with self.store.game_recorder.datastore.get_connection() as conn:
            return written_lsn(conn)

    def primary_flushed_lsn(self) -> int:
        with self.store.game_recorder.datastore.get_connection() as conn:
            return flushed_lsn(conn)

    def replica_progress(self, min_position: int = 0) -> tuple[int | None, bool]:
        """How far the replica has replayed the WAL (None: it is not a standby any more) and whether its
        copy of the read models has applied the event ``min_position``, in one round trip."""
        from projections import schema

        assert self.replica is not None, "no DATABASE_READ_URL"
        with self.replica.connection() as conn:
            return replay_progress(conn, list(schema.NAMES), min_position)

    def close(self) -> None:
        for plugin in registered_games():
            if plugin.editions is not None:
                previous = plugin.editions.set_loader(None)
                if previous != self.editions.loader(plugin.kind):
                    plugin.editions.set_loader(previous)  # another runtime's: leave it
        if self.replica is not None:
            self.replica.close()
        if "games" in self.__dict__:  # built (a cached property): its writer's thread may be running
            # A batch being stored ends within the database's statement timeout; one still deciding past it
            # (``service.cli.commands.stopping``) is left unfinished.
            self.games.group.close(timeout=self.settings.db_timeouts.statement + 1.0)
        self.store.close()
        if self.embedded is not None:
            self.embedded.stop()
