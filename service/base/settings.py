"""Settings, read once from the environment (documented in docs/operations/configuration.md)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import msgspec


class SettingsError(ValueError):
    """An environment variable holds a value the service cannot use."""


class DatabaseTimeouts(msgspec.Struct, frozen=True, kw_only=True):
    """How long anything may wait on PostgreSQL, in seconds (docs/operations/faults.md, "Database faults").

    A request never waits beyond these: an unreachable or stalled database becomes a quick 503.
    """

    # Opening a connection (libpq rounds it up to whole seconds, at least 2).
    connect: float = 2.0
    # Waiting for a pooled connection when all are busy or the database is down.
    pool: float = 2.0
    # One statement on the server; the client also gives up on a connection that has not answered
    # after this plus a second (a network blackhole never reaches the server's timer).
    statement: float = 5.0
    # Waiting for a lock (the events table's, a game's row).
    lock: float = 2.0
    # A transaction left idle by a stalled client is ended by the server after this: its locks (the
    # events table's) are released.
    idle_in_transaction: float = 5.0

    @property
    def budget(self) -> float:
        """How long the client lets one use of a connection last before cutting it."""
        return self.statement + 1.0


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    # Any PostgreSQL server; when absent the embedded server under data_dir is used.
    database_url: str | None = None
    # A streaming replica serving the read models and statistics (None: every read on the primary).
    database_read_url: str | None = None
    # How far behind the replica may be: a read waits this long for it to reach the read's position,
    # and a replica behind by longer is bypassed until it catches up (reads go to the primary).
    replica_max_lag: float = 2.0
    data_dir: Path = Path(".banquise")
    host: str = "127.0.0.1"
    port: int = 8000
    log_level: str = "INFO"
    # Sized to the thread concurrency that calls the synchronous event store.
    pool_size: int = 8
    max_body_bytes: int = 4 * 1024 * 1024
    # Postgres schema for every table; tests give each module its own database instead.
    db_schema: str = "public"
    # How many events between two stored state snapshots of a game.
    snapshot_interval: int = 64
    # Run the projection worker inside the API process (off for separate `banquise worker` processes).
    run_projections: bool = True
    db_timeouts: DatabaseTimeouts = DatabaseTimeouts()
    # Browser origins allowed to call the API (CORS); none by default.
    cors_origins: tuple[str, ...] = ()
    # Live streams (GET /games/{id}/live) one process serves at once, and one client (an API key, else a
    # remote address) holds at once: past them a new stream is refused (503, 429) with Retry-After.
    max_streams: int = 1000
    max_streams_per_client: int = 64
    # Seconds between the live listener's safety re-reads of the watched games when no notification came.
    live_recheck: float = 30.0
    # BANQUISE_TRUSTED_KEYS: the public signing keys (Ed25519, base64 or hex, comma-separated; another
    # server's GET /keys/server) whose sealed records an import accepts. When set, a sealed record is
    # imported only if one of them signed it, unchanged (else 422 record_signature_invalid or
    # record_signer_untrusted, nothing stored), and the answer names the key (``signed_by``). Unsealed
    # records import as before. Empty: seals are not checked (docs/RECORDS.md).
    trusted_keys: tuple[bytes, ...] = ()
    # Analyses one API key may have queued or running at once (past it: 429 too_many_analyses), and jobs the
    # analysis queue holds in all (past it: 503 analysis_queue_full), both with Retry-After.
    analyses_per_key: int = 8
    analysis_queue: int = 256
    # Seconds a stopping server (SIGTERM, SIGINT) gives its requests to finish; past them it stops without
    # them (``service.cli.commands.stopping``). A process manager's own grace should be a few seconds more.
    shutdown_grace: float = 10.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def integer(name: str, default: int) -> int:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            try:
                value = int(raw)
            except ValueError:
                raise SettingsError(f"{name} must be an integer, not {raw!r}") from None
            if value <= 0:
                raise SettingsError(f"{name} must be positive, not {value}")
            return value

        def seconds(name: str, default: float) -> float:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            try:
                value = float(raw)
            except ValueError:
                raise SettingsError(f"{name} must be a number of seconds, not {raw!r}") from None
            if not 0 < value <= 3600:
                raise SettingsError(f"{name} must be between 0 and 3600 seconds, not {raw}")
            return value

        def boolean(name: str, default: bool) -> bool:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            if raw.lower() in ("1", "true", "yes", "y", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "n", "off"):
                return False
            raise SettingsError(f"{name} must be true or false, not {raw!r}")

        level = env.get("BANQUISE_LOG_LEVEL", "INFO").upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise SettingsError(f"BANQUISE_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            database_read_url=env.get("DATABASE_READ_URL") or None,
            replica_max_lag=seconds("BANQUISE_REPLICA_MAX_LAG", 2.0),
            data_dir=Path(env.get("BANQUISE_DATA_DIR") or ".banquise"),
            host=env.get("BANQUISE_HOST") or "127.0.0.1",
            port=integer("BANQUISE_PORT", 8000),
            log_level=level,
            pool_size=integer("BANQUISE_POOL_SIZE", 8),
            max_body_bytes=integer("BANQUISE_MAX_BODY_BYTES", 4 * 1024 * 1024),
            db_schema=env.get("BANQUISE_DB_SCHEMA") or "public",
            snapshot_interval=integer("BANQUISE_SNAPSHOT_INTERVAL", 64),
            run_projections=boolean("BANQUISE_RUN_PROJECTIONS", True),
            db_timeouts=DatabaseTimeouts(
                connect=seconds("BANQUISE_DB_CONNECT_TIMEOUT", 2.0),
                pool=seconds("BANQUISE_DB_POOL_TIMEOUT", 2.0),
                statement=seconds("BANQUISE_DB_STATEMENT_TIMEOUT", 5.0),
                lock=seconds("BANQUISE_DB_LOCK_TIMEOUT", 2.0),
                idle_in_transaction=seconds("BANQUISE_DB_IDLE_IN_TRANSACTION_TIMEOUT", 5.0),
            ),
            cors_origins=origins(env.get("BANQUISE_CORS_ORIGINS", "")),
            max_streams=integer("BANQUISE_MAX_STREAMS", 1000),
            max_streams_per_client=integer("BANQUISE_MAX_STREAMS_PER_CLIENT", 64),
            live_recheck=seconds("BANQUISE_LIVE_RECHECK", 30.0),
            trusted_keys=trusted_keys(env.get("BANQUISE_TRUSTED_KEYS", "")),
            analyses_per_key=integer("BANQUISE_ANALYSES_PER_KEY", 8),
            analysis_queue=integer("BANQUISE_ANALYSIS_QUEUE", 256),
            shutdown_grace=seconds("BANQUISE_SHUTDOWN_GRACE", 10.0),
        )


def trusted_keys(raw: str) -> tuple[bytes, ...]:
    """``BANQUISE_TRUSTED_KEYS``: public keys, comma-separated, each 32 bytes in base64 or hex."""
    from service.base.signing import BadKey, parse_public_key

    found: list[bytes] = []
    for part in raw.split(","):
        if part.strip():
            try:
                found.append(parse_public_key(part))
            except BadKey as exc:
                raise SettingsError(f"BANQUISE_TRUSTED_KEYS holds {part.strip()!r}: {exc}") from None
    return tuple(found)


def origins(raw: str) -> tuple[str, ...]:
    """``BANQUISE_CORS_ORIGINS``: comma-separated origins (``https://app.example``), or ``*`` for any."""
    found = tuple(part.strip().rstrip("/") for part in raw.split(",") if part.strip())
    for origin in found:
        if origin != "*" and not (origin.startswith(("http://", "https://")) and "/" not in origin.split("://", 1)[1]):
            raise SettingsError(f"BANQUISE_CORS_ORIGINS holds {origin!r}: an origin is scheme://host[:port], or *")
    return found
