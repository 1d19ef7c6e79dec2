"""What a running Banquise process holds: its settings, its database and its event store."""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from domain.arctica import editions as arctica_editions
from service.database import ConnectionParams, check_reachable
from service.embedded import EmbeddedServer, resolve
from service.games.editions import EditionCatalogue
from service.games.service import GameService
from service.keys import KeyCache
from service.settings import Settings
from service.store import GameLog

if TYPE_CHECKING:
    from projections.queries import ReadModels

log = logging.getLogger("banquise.runtime")


@dataclass
class Runtime:
    settings: Settings
    params: ConnectionParams
    store: GameLog
    embedded: EmbeddedServer | None = None
    server_version: str = field(default="unknown")
    editions: EditionCatalogue = field(init=False)

    def __post_init__(self) -> None:
        # The engine finds the editions a club stored through this process's database.
        self.editions = EditionCatalogue(self.store)
        arctica_editions.set_loader(self.editions.load)

    @classmethod
    def open(cls, settings: Settings, params: ConnectionParams | None = None) -> Runtime:
        """Reach (or start) the database, migrate it, and open the event store.

        Raises ``DatabaseUnavailable`` with a one-line reason when the database cannot be used.
        """
        embedded = None
        if params is None:
            with warnings.catch_warnings():
                # platformdirs warns about XDG_RUNTIME_DIR when the embedded server starts as root.
                warnings.simplefilter("ignore")
                params, embedded = resolve(settings)
        try:
            version = check_reachable(params, timeout=settings.db_timeouts.connect)
            store = GameLog(
                params, schema=settings.db_schema, pool_size=settings.pool_size, timeouts=settings.db_timeouts
            )
        except BaseException:
            if embedded is not None:
                embedded.stop()
            raise
        log.info("database ready", extra={"fields": {"database": params.describe(), "server_version": version}})
        return cls(settings=settings, params=params, store=store, embedded=embedded, server_version=version)

    @cached_property
    def games(self) -> GameService:
        from service.store.kinds import Registry

        return GameService(self.store, Registry.default(), snapshot_interval=self.settings.snapshot_interval)

    @cached_property
    def key_cache(self) -> KeyCache:
        """The API keys this process verified (``service.keys.KeyCache``)."""
        return KeyCache()

    @cached_property
    def read_models(self) -> ReadModels:
        """The projections' read side (creates the read-model tables on first use)."""
        from projections.queries import ReadModels

        return ReadModels(self.store)

    def close(self) -> None:
        previous = arctica_editions.set_loader(None)
        if previous != self.editions.load:
            arctica_editions.set_loader(previous)  # another runtime's: leave it
        self.store.close()
        if self.embedded is not None:
            self.embedded.stop()
