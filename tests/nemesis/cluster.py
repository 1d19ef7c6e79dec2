"""The system under test, as real processes on loopback: a PostgreSQL on TCP (tests/faults/server.py), the
fault proxy in front of it, ``banquise serve --workers 2`` and one ``banquise worker`` connected through
that proxy, and a second fault proxy in front of the API (the clients' network). Every process started
here is stopped by ``close()``; PostgreSQL is restarted by ``Cluster`` itself after a kill (the
supervised restart the nemesis asks for)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import psycopg

from service.base import keys
from service.base.database import ConnectionParams
from tests.e2e.server import environment, free_port
from tests.faults.proxy import FaultProxy
from tests.faults.server import TcpPostgres

# Short waits, so that a fault is a quick 503 (the README's bounds, at the fault tests' scale).
API_ENV = {
    "BANQUISE_POOL_SIZE": "4",
    "BANQUISE_RUN_PROJECTIONS": "false",
    "BANQUISE_DB_CONNECT_TIMEOUT": "2",
    "BANQUISE_DB_POOL_TIMEOUT": "1",
    "BANQUISE_DB_STATEMENT_TIMEOUT": "2",
    "BANQUISE_DB_LOCK_TIMEOUT": "1",
    "BANQUISE_DB_IDLE_IN_TRANSACTION_TIMEOUT": "2",
    "BANQUISE_LOG_LEVEL": "WARNING",
}


class Cluster:
    def __init__(self, directory: Path, extra_env: dict[str, str] | None = None) -> None:
        self.directory = directory
        self.extra_env = dict(extra_env or {})
        self.pg = TcpPostgres(directory)
        self.db_proxy: FaultProxy | None = None
        self.http_proxy: FaultProxy | None = None
        self.api: subprocess.Popen[bytes] | None = None
        self.projector: subprocess.Popen[bytes] | None = None
        self.api_port = free_port()
        self.closed = False  # once closing, nothing is started again (a heal racing the teardown)
        self.token = ""
        self.admin_token = ""
        self._logs: list[Path] = []

    # ------------------------------------------------------------ addresses
    @property
    def direct(self) -> ConnectionParams:
        """PostgreSQL straight, for the harness's own setup and checks (never through a fault)."""
        return self.pg.params

    @property
    def api_base(self) -> str:
        """The API straight (the nemesis's probes, the final checks)."""
        return f"http://127.0.0.1:{self.api_port}"

    @property
    def base(self) -> str:
        """The API through the clients' fault proxy."""
        assert self.http_proxy is not None
        return f"http://127.0.0.1:{self.http_proxy.port}"

    def _env(self, **more: str) -> dict[str, str]:
        assert self.db_proxy is not None
        url = f"postgresql://postgres@127.0.0.1:{self.db_proxy.port}/postgres"
        return environment(self.directory / "data", DATABASE_URL=url, **API_ENV, **self.extra_env, **more)

    def _spawn(self, name: str, *args: str, **env: str) -> subprocess.Popen[bytes]:
        log = self.directory / f"{name}-{len(self._logs)}.log"
        self._logs.append(log)
        with log.open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli.main", *args],
                env=self._env(**env),
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    # ------------------------------------------------------------ life cycle
    def start(self) -> Cluster:
        self.pg.start()
        self.db_proxy = FaultProxy("127.0.0.1", self.pg.port).start()
        self.api = self._spawn(
            # The analysis workers are not what the nemesis exercises: none beside the API's.
            "serve",
            "serve",
            "--workers",
            "2",
            "--analysis-workers",
            "0",
            BANQUISE_PORT=str(self.api_port),
        )
        self.wait_healthy(90)
        self.http_proxy = FaultProxy("127.0.0.1", self.api_port).start()
        with psycopg.connect(self.direct.conninfo(), autocommit=True) as conn:
            self.token = keys.create(conn, "soak").token
            self.admin_token = keys.create(conn, "soak admin", admin=True).token
        self.start_projector()
        return self

    def wait_healthy(self, timeout: float) -> float:
        """Seconds until ``/health`` answers 200 straight from the API (raises past ``timeout``)."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.api is not None and self.api.poll() is not None:
                raise AssertionError(f"banquise serve exited with {self.api.returncode}:\n{self.logs()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.api_base + "/health", timeout=2).status_code == 200:
                    return time.monotonic() - started
            time.sleep(0.1)
        raise AssertionError(f"the API was not healthy within {timeout} s")

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}" for p in self._logs if p.exists())

    def api_workers(self) -> list[int]:
        if self.api is None:
            return []
        try:
            children = psutil.Process(self.api.pid).children()
        except psutil.NoSuchProcess:
            return []
        workers = []
        for child in children:
            # A child that ended between the listing and this look is no worker of the server's.
            with contextlib.suppress(psutil.NoSuchProcess, psutil.ZombieProcess):
                if "spawn_main" in " ".join(child.cmdline()):
                    workers.append(child.pid)
        return workers

    def kill_api_worker(self, which: int) -> int | None:
        workers = self.api_workers()
        if not workers:
            return None
        pid = workers[which % len(workers)]
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        return pid

    def start_projector(self) -> None:
        if not self.closed:
            self.projector = self._spawn("worker", "worker")

    def kill_projector(self) -> None:
        if self.projector is not None and self.projector.poll() is None:
            self.projector.kill()
            self.projector.wait(10)

    def projector_running(self) -> bool:
        return self.projector is not None and self.projector.poll() is None

    def postgres_alive(self) -> bool:
        pid = self.pg.pid()
        if pid is None:
            return False
        try:
            return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
        except psutil.NoSuchProcess:
            return False

    def ensure_postgres(self, timeout: float = 60) -> None:
        """The supervised restart: PostgreSQL running again (after a kill or a stop).

        A killed postmaster may linger as a zombie (no reaping PID 1 in a container) and its pid file
        then names a live-looking pid: it is removed. Until the dead server's backends have exited,
        PostgreSQL refuses to start on its shared memory: the start is tried again.
        """
        deadline = time.monotonic() + timeout
        while not self.postgres_alive() and not self.closed:
            pidfile = self.pg.pgdata / "postmaster.pid"
            if pidfile.exists():
                pidfile.unlink(missing_ok=True)
            try:
                self.pg.start()
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def heal(self) -> None:
        """Every fault off: proxies forwarding, PostgreSQL and the projection worker running."""
        for proxy in (self.db_proxy, self.http_proxy):
            if proxy is not None:
                proxy.heal()
        self.ensure_postgres()
        if not self.projector_running():
            self.start_projector()

    def stop_process(self, proc: subprocess.Popen[bytes] | None) -> None:
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def close(self) -> None:
        self.closed = True
        self.stop_process(self.projector)
        workers: list[int] = []
        if self.api is not None:
            with contextlib.suppress(psutil.NoSuchProcess):
                workers = [p.pid for p in psutil.Process(self.api.pid).children(recursive=True)]
        self.stop_process(self.api)
        for pid in workers:  # a worker its supervisor could not stop (killed past its 30 s) goes too
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for proxy in (self.http_proxy, self.db_proxy):
            if proxy is not None:
                with contextlib.suppress(Exception):
                    proxy.stop()
        self.pg.close()

    def cli(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """A ``banquise`` command on the database straight (the final rebuild)."""
        url = f"postgresql://postgres@127.0.0.1:{self.pg.port}/postgres"
        env = environment(self.directory / "data", **{**API_ENV, "DATABASE_URL": url, **self.extra_env})
        return subprocess.run(
            [sys.executable, "-m", "service.cli.main", *args], env=env, capture_output=True, text=True, timeout=timeout
        )


@contextlib.contextmanager
def cluster(directory: Path, extra_env: dict[str, str] | None = None) -> Iterator[Cluster]:
    running = Cluster(directory, extra_env)
    try:
        yield running.start()
    finally:
        running.close()
