"""One soak run: the cluster, the clients, the nemesis for ``seconds``; then every fault healed, the
unknown outcomes resolved, what was stored collected, the read models compared with a rebuild, and the
history checked. The history is kept as JSON beside the logs (``history-<seed>.json``)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg

from projections import schema
from tests.faults import stalls
from tests.nemesis import checker
from tests.nemesis.checker import HANG_BOUND, Report
from tests.nemesis.clients import Player, Reader, Shared, resolve_pending
from tests.nemesis.cluster import Cluster, cluster
from tests.nemesis.followers import LogFollower
from tests.nemesis.history import GameLog, History, Recorder, Stored
from tests.nemesis.nemesis import Nemesis, Window, schedule
from tests.projections.support import dump

READ_MODEL_TABLES = [t for name in schema.NAMES for t in schema.TABLES[name]] + ["projection_positions"]
# Why the nemesis steps no clock (kept in the history and printed with the figures).
CLOCK_STEPS = (
    "skipped: idempotency expiry is PostgreSQL's now(), a lost commit is found by its bytes; "
    "libfaketime (Debian 0.9.10) breaks time.sleep or the pool's timed waits in the API processes"
)


def run(directory: Path, seed: int, seconds: float, clients: int = 16, readers: int = 3) -> tuple[History, Report]:
    directory.mkdir(parents=True, exist_ok=True)
    recorder = Recorder(seed, seconds)
    recorder.history.clock_steps = CLOCK_STEPS
    recorder.history.fork_keys = os.environ.get("BANQUISE_SOAK_FORK_KEYS", "1") == "1"
    windows = schedule(seed, seconds)
    recorder.history.schedule = [{"at": w.at, "faults": w.faults, "hold": w.hold, **w.params} for w in windows]
    try:
        with cluster(directory) as running:
            _drive(running, recorder, windows, seed, seconds, clients, readers)
    except BaseException as exc:
        recorder.save(directory / f"history-{seed}.json")
        raise AssertionError(f"soak seed {seed} broke off: {exc!r}\nschedule: {recorder.history.schedule}") from exc
    report = checker.check(recorder.history)
    recorder.save(directory / f"history-{seed}.json")
    return recorder.history, report


def _drive(
    running: Cluster, recorder: Recorder, windows: list[Window], seed: int, seconds: float, clients: int, readers: int
) -> None:
    """The clients and the nemesis for ``seconds``, then the heal, the resolution and the collection."""
    stalls.install(running.direct.conninfo())  # the writers' stalls and cuts the nemesis asks for
    recorder.origin = time.monotonic()
    shared = Shared(recorder, running.base, running.token, running.admin_token, seed)
    threads: list[Any] = [Player(i, shared) for i in range(clients)] + [Reader(i, shared) for i in range(readers)]
    followers = [
        LogFollower("through the proxy", _via_proxy(running), recorder),
        LogFollower("straight", running.direct.conninfo(), recorder),
    ]
    nemesis = Nemesis(running, recorder, windows)
    try:
        for t in [*threads, *followers]:
            t.start()
        nemesis.start()
        time.sleep(seconds)
    finally:
        nemesis.stop.set()
        nemesis.join(120)
        shared.stop.set()
        joined_by = time.monotonic() + HANG_BOUND + 30
        for t in threads:
            t.join(max(0.1, joined_by - time.monotonic()))
        for f in followers:
            f.stop.set()
            f.join(30)
    if any(t.is_alive() for t in threads):
        raise AssertionError(f"clients still running {HANG_BOUND + 30:.0f} s after the stop: a hang")
    running.heal()
    running.wait_healthy(60)
    resolve_pending(shared)
    for f in followers:
        f.drain(running.direct.conninfo())
    collect(running, recorder.history)
    if nemesis.errors:
        raise AssertionError(f"the nemesis failed: {nemesis.errors}")


def _via_proxy(running: Cluster) -> str:
    """The database through the fault proxy the API processes use."""
    assert running.db_proxy is not None
    direct = running.direct
    return f"host=127.0.0.1 port={running.db_proxy.port} dbname={direct.dbname} user={direct.user}"


def collect(running: Cluster, history: History) -> None:
    """What is stored, read straight from the API and PostgreSQL once every fault is healed."""
    with psycopg.connect(running.direct.conninfo(), autocommit=True) as conn:
        games = conn.execute("SELECT id::text, status FROM games ORDER BY id").fetchall()
        forks: dict[str, str] = dict(conn.execute("SELECT fork_id::text, origin_id::text FROM game_forks").fetchall())
        history.stored_ids = [
            (str(g), int(v), int(n))
            for g, v, n in conn.execute(
                "SELECT originator_id, originator_version, notification_id FROM banquise_events"
            )
        ]
    history.stored_games = [g for g, _ in games]
    with httpx.Client(base_url=running.api_base, timeout=60) as http:
        auth = {"authorization": f"Bearer {running.token}"}
        for game, status in games:
            answer = http.get(f"/games/{game}/events", params={"perspective": "omniscient"}, headers=auth)
            assert answer.status_code == 200, answer.text
            events = [Stored(e["version"], e["type"], e["recorded_at"]) for e in answer.json()]
            history.final.append(GameLog(game=game, events=events, status=status, forked_from=forks.get(game)))
    # The projection worker caught up and stopped, so that the tables hold still; then a rebuild.
    running.stop_process(running.projector)
    caught_up = running.cli("worker", "--exit-when-idle")
    assert caught_up.returncode == 0, caught_up.stderr
    with psycopg.connect(running.direct.conninfo(), autocommit=True) as conn:
        voided = {str(r[0]) for r in conn.execute("SELECT game_id FROM voided_games").fetchall()}
    for log in history.final:
        log.voided = log.game in voided
    before = dump(running.direct, READ_MODEL_TABLES)
    rebuilt = running.cli("projections", "rebuild")
    assert rebuilt.returncode == 0, rebuilt.stderr
    after = dump(running.direct, READ_MODEL_TABLES)
    history.read_model_diff = [t for t in READ_MODEL_TABLES if before[t] != after[t]]


def summary(history: History, report: Report) -> str:
    lines = [f"soak seed {history.seed}: {history.seconds:.0f} s, {len(history.schedule)} fault windows"]
    lines.append("  " + ", ".join(f"{k} {v}" for k, v in report.counts.items()))
    lines.append("  faults injected: " + ", ".join(f"{k} {v}" for k, v in sorted(report.faults.items())))
    refusals: dict[str, int] = {}
    for op in history.ops:
        if op.outcome == "failed":
            refusals[f"{op.kind}:{op.code}"] = refusals.get(f"{op.kind}:{op.code}", 0) + 1
    lines.append("  refusals: " + (", ".join(f"{k} {v}" for k, v in sorted(refusals.items())) or "none"))
    lines.append(f"  clock steps: {history.clock_steps}")
    lines.append(f"  violations: {len(report.violations)}")
    if report.first is not None:
        lines.append(f"  first violated: {report.first.property}: {report.first.detail}")
        for v in report.violations[1:6]:
            lines.append(f"    then {v.property}: {v.detail}")
        lines.append(f"  schedule: {history.schedule}")
        lines.append(f"  replay: BANQUISE_SOAK_SEEDS={history.seed} make soak PYTEST_ARGS=tests/nemesis")
    return "\n".join(lines)


def keep(directory: Path, into: Path | None) -> None:
    """Copy a run's logs and history out of pytest's temporary directory (BANQUISE_SOAK_KEEP)."""
    if into is not None:
        into.mkdir(parents=True, exist_ok=True)
        for path in directory.glob("*.log"):
            shutil.copy(path, into / path.name)
        for path in directory.glob("history-*.json"):
            shutil.copy(path, into / path.name)
