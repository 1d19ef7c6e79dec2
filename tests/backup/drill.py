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

import psutil
import psycopg

from service.base.database import ConnectionParams
from service.base.embedded import EmbeddedServer
from tests.backup.barman import Barman
from tests.backup.checks import Figures, compare, summary
from tests.backup.deployments import API_ENV, Embedded, Patroni, read_games, socket_dir, stop, wait_healthy
from tests.e2e.server import environment, free_port
from tests.nemesis.checker import HANG_BOUND
from tests.nemesis.clients import Player, Shared, resolve_pending
from tests.nemesis.history import Op, Recorder, Stored
from tests.nemesis.soak import READ_MODEL_TABLES
from tests.projections.support import dump

__all__ = ["Figures", "run", "summary"]

# Seconds between two ``barman cron`` runs during the drill (a deployment's crontab: every minute).
CRON_EVERY = 2.0


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
            copy = read_games(params, base, token)
        began = figures.phase("copy served and read", began)
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            status: dict[str, str] = dict(conn.execute("SELECT id::text, status FROM games").fetchall())
            # the game's row, written in the void's own transaction (voided_games is a read model: it may
            # still be catching up here, and is compared with its rebuild below)
            voided = {str(r[0]) for r in conn.execute("SELECT id FROM games WHERE voided").fetchall()}
        compare(figures, ops, target_mono, stored, copy, status, voided)
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
            params = ConnectionParams(dbname="postgres", host=socket_dir(server.pgdata), user="postgres")
            yield params, environment(restored, **API_ENV)
        finally:
            server.stop()
        return
    from tests.ha.cluster import pg_bin_dir

    barman.recover(figures.backup_id, figures.target, restored)
    port = free_port()
    sockets = restored.parent / "socket"
    sockets.mkdir(exist_ok=True)
    if barman.user is not None:
        os.chown(sockets, barman.user.pw_uid, barman.user.pw_gid)
    # The copy of a Patroni node, alone: its own port and socket, no standby to wait for, no archiving.
    options = (
        f"-c port={port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={sockets} "
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
                restored.parent / "data", DATABASE_URL=f"postgresql://postgres@127.0.0.1:{port}/postgres", **API_ENV
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
        wait_healthy(base, proc, 120, lambda: log.read_text(errors="replace")[-3000:])
        yield base
    finally:
        stop(proc)


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
