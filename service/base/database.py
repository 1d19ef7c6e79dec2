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
    # The other servers of a multi-host URL, tried in order after ``host:port`` (libpq's own failover:
    # with ``target_session_attrs=read-write`` it connects to whichever one is the primary now).
    others: tuple[tuple[str, int], ...] = ()
    # libpq's ``target_session_attrs`` ("" leaves libpq's default: any server).
    target_session_attrs: str = ""

    @property
    def hosts(self) -> str:
        """libpq's ``host``: one name, or the comma-separated list of a multi-host URL."""
        return ",".join([self.host, *(h for h, _ in self.others)])

    @property
    def ports(self) -> str:
        """libpq's ``port``, one per host."""
        return ",".join(str(p) for p in [self.port, *(p for _, p in self.others)])

    def conninfo(self) -> str:
        return psycopg.conninfo.make_conninfo("", **self.connect_kwargs())

    def connect_kwargs(self) -> dict[str, str | int]:
        """The keyword arguments of ``psycopg.connect`` (a pool's ``kwargs``)."""
        kwargs: dict[str, str | int] = {
            "dbname": self.dbname,
            "host": self.hosts,
            "port": self.ports if self.others else self.port,
            "user": self.user,
            "password": self.password,
        }
        if self.target_session_attrs:
            kwargs["target_session_attrs"] = self.target_session_attrs
        return kwargs

    def with_dbname(self, dbname: str) -> ConnectionParams:
        return msgspec.structs.replace(self, dbname=dbname)

    def describe(self) -> str:
        """Where the database is, without the password (for logs and /health)."""
        where = "embedded" if self.embedded else ",".join(f"{h}:{p}" for h, p in [(self.host, self.port), *self.others])
        attrs = f"?target_session_attrs={self.target_session_attrs}" if self.target_session_attrs else ""
        return f"postgresql://{self.user}@{where}/{self.dbname}{attrs}"


def parse_url(url: str, *, name: str = "DATABASE_URL") -> ConnectionParams:
    """``postgresql://user:password@host:port/dbname`` (``?host=/socket/dir`` also accepted); ``name`` is the
    setting it came from, for the error.

    Several servers, as libpq writes them: ``postgresql://user@h1:5432,h2:5432,h3:5432/db?target_session_attrs=read-write``
    (a Patroni cluster: libpq tries them in order and keeps the one that accepts writes)."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "postgresql+psycopg"):
        raise DatabaseUnavailable(f"{name} must start with postgresql://, not {parts.scheme}://")
    query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
    userinfo, _, hostlist = parts.netloc.rpartition("@")
    default_port = int(query.get("port", 5432))
    servers = [_server(item, default_port, name) for item in hostlist.split(",") if item]
    if query.get("host"):
        servers = [(unquote(query["host"]), servers[0][1] if servers else default_port)]
    host, port = servers[0] if servers else ("localhost", default_port)
    attrs = unquote(query.get("target_session_attrs", ""))
    if attrs not in ("", "any", "read-write", "read-only", "primary", "standby", "prefer-standby"):
        raise DatabaseUnavailable(f"{name}: target_session_attrs={attrs} is not one libpq knows")
    user, _, password = userinfo.partition(":")
    return ConnectionParams(
        dbname=unquote(parts.path.lstrip("/")) or "postgres",
        host=host,
        port=port,
        others=tuple(servers[1:]),
        target_session_attrs=attrs,
        user=unquote(user or query.get("user") or os.environ.get("USER", "postgres")),
        password=unquote(password or query.get("password") or ""),
    )


def _server(item: str, default_port: int, name: str) -> tuple[str, int]:
    """One ``host[:port]`` of a URL's host list (``[::1]:5432`` for an IPv6 address)."""
    if item.startswith("["):
        address, _, rest = item[1:].partition("]")
        port = rest.removeprefix(":")
    else:
        address, _, port = item.partition(":")
    try:
        return unquote(address) or "localhost", int(port) if port else default_port
    except ValueError:
        raise DatabaseUnavailable(f"{name}: {item!r} is not host:port") from None


def check_reachable(params: ConnectionParams, timeout: float = 5.0) -> str:
    """Connect once; the server's version on success, ``DatabaseUnavailable`` with one clear line if not."""
    try:
        with psycopg.connect(params.conninfo(), connect_timeout=max(1, int(timeout))) as conn:
            row = conn.execute("SHOW server_version").fetchone()
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DatabaseUnavailable(f"cannot reach PostgreSQL at {params.describe()}: {reason}") from exc
    return str(row[0]) if row else "unknown"
