"""Where the database is: a ``DATABASE_URL``, or the embedded PostgreSQL under the data directory."""

from __future__ import annotations

import logging
import os
from urllib.parse import unquote, urlsplit

import msgspec
import psycopg

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

    def connect_kwargs(self) -> dict[str, str | int]:
        """The keyword arguments of ``psycopg.connect`` (a pool's ``kwargs``)."""
        return {
            "dbname": self.dbname,
            "host": self.host,
            "port": self.port,
            "user": self.user,
            "password": self.password,
        }

    def with_dbname(self, dbname: str) -> ConnectionParams:
        return msgspec.structs.replace(self, dbname=dbname)

    def describe(self) -> str:
        """Where the database is, without the password (for logs and /health)."""
        where = "embedded" if self.embedded else f"{self.host}:{self.port}"
        return f"postgresql://{self.user}@{where}/{self.dbname}"


def parse_url(url: str, *, name: str = "DATABASE_URL") -> ConnectionParams:
    """``postgresql://user:password@host:port/dbname`` (``?host=/socket/dir`` also accepted); ``name`` is the
    setting it came from, for the error."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "postgresql+psycopg"):
        raise DatabaseUnavailable(f"{name} must start with postgresql://, not {parts.scheme}://")
    query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
    host = unquote(query.get("host") or parts.hostname or "localhost")
    return ConnectionParams(
        dbname=unquote(parts.path.lstrip("/")) or "postgres",
        host=host,
        port=parts.port or int(query.get("port", 5432)),
        user=unquote(parts.username or query.get("user") or os.environ.get("USER", "postgres")),
        password=unquote(parts.password or query.get("password") or ""),
    )


def check_reachable(params: ConnectionParams, timeout: float = 5.0) -> str:
    """Connect once; the server's version on success, ``DatabaseUnavailable`` with one clear line if not."""
    try:
        with psycopg.connect(params.conninfo(), connect_timeout=max(1, int(timeout))) as conn:
            row = conn.execute("SHOW server_version").fetchone()
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DatabaseUnavailable(f"cannot reach PostgreSQL at {params.describe()}: {reason}") from exc
    return str(row[0]) if row else "unknown"
