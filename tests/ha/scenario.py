"""The failover scenario: recorders append moves (``If-Match``, ``Idempotency-Key``) through a real
``banquise serve`` while, one after the other, the primary's postmaster is killed (``kill -9``), a
``patronictl switchover`` runs, and the primary's network is cut. The clients, the history and the
checker are the nemesis soak's (tests/nemesis): after the run every acknowledged write must be stored
exactly once at contiguous versions, no ``500`` answered, and the read models equal a rebuild.

Figures per fault: how long Patroni had no primary (its own REST view, polled every 0.1 s), and how long
writes were refused (from the first write refused after the fault to the first one acknowledged after
that), which must stay under ``RECOVERY_BOUND``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import msgspec
import psutil

from tests.ha.cluster import HaCluster, ha_cluster
from tests.nemesis import checker
from tests.nemesis.checker import HANG_BOUND, Report
from tests.nemesis.clients import Player, Reader, Shared, resolve_pending
from tests.nemesis.history import WRITES, Fault, History, Recorder
from tests.nemesis.soak import collect

FAULTS = ("kill_postmaster", "switchover", "network_cut", "lost_commit_then_kill")
# Seconds: the longest writes may be refused after a fault (measured: see docs/DEPLOYMENT.md).
RECOVERY_BOUND = 30.0
# Seconds a cut lasts at least after the new primary took writes (the old one stays cut meanwhile).
CUT_AFTER_RECOVERY = 5.0
SETTLE_TIMEOUT = 180.0


class Figures(msgspec.Struct, kw_only=True):
    fault: str
    old_primary: str
    new_primary: str
    seconds_without_primary: float  # Patroni's view: no node running as primary
    seconds_writes_refused: float  # the clients' view: first refusal to the next acknowledgement
    refused_writes: int  # 503s and cut connections among the writes meanwhile (retried with their key)


class Outcome(msgspec.Struct, kw_only=True):
    figures: list[Figures]
    counts: dict[str, int]
    lost: int
    duplicated: int
    answers_500: int
    left_behind: list[str]


class PrimaryWatch(threading.Thread):
    """Polls every node's Patroni (straight) and keeps the spans with no node running as primary."""

    def __init__(self, cluster: HaCluster, recorder: Recorder) -> None:
        super().__init__(name="ha-primary-watch", daemon=True)
        self.cluster, self.recorder = cluster, recorder
        self.stop = threading.Event()
        self.gaps: list[tuple[float, float]] = []

    def run(self) -> None:
        since: float | None = None
        while not self.stop.wait(0.1):
            now, up = self.recorder.now(), self.cluster.primary() is not None
            if not up and since is None:
                since = now
            elif up and since is not None:
                self.gaps.append((since, now))
                since = None
        if since is not None:
            self.gaps.append((since, self.recorder.now()))

    def without_primary(self, start: float, end: float) -> float:
        return sum(min(b, end) - max(a, start) for a, b in self.gaps if b > start and a < end)


def run(
    directory: Path, load_seconds: float = 20.0, clients: int = 6, readers: int = 2
) -> tuple[History, Report, Outcome]:
    directory.mkdir(parents=True, exist_ok=True)
    recorder = Recorder(seed=0, seconds=load_seconds * (len(FAULTS) + 1))
    recorder.history.fork_keys = True
    figures: list[Figures] = []
    ports: list[int] = []
    try:
        with ha_cluster(directory) as cluster:
            ports = _ports(cluster)
            figures = _drive(cluster, recorder, load_seconds, clients, readers)
    except BaseException as exc:
        recorder.save(directory / "history-ha.json")
        raise AssertionError(f"the HA scenario broke off: {exc!r}") from exc
    recorder.save(directory / "history-ha.json")
    report = checker.check(recorder.history)
    by_property = {p: [v for v in report.violations if v.property == p] for p in checker.PROPERTIES}
    outcome = Outcome(
        figures=figures,
        counts=report.counts,
        lost=len(by_property["acknowledged_present"]) + len(by_property["games_known"]),
        duplicated=len(by_property["exactly_once"]),
        answers_500=len(by_property["answers"]),
        left_behind=left_behind(directory, ports),
    )
    return recorder.history, report, outcome


def _drive(cluster: HaCluster, recorder: Recorder, load_seconds: float, clients: int, readers: int) -> list[Figures]:
    recorder.origin = time.monotonic()
    shared = Shared(recorder, cluster.base, cluster.token, cluster.admin_token, seed=0)
    threads: list[Any] = [Player(i, shared) for i in range(clients)] + [Reader(i, shared) for i in range(readers)]
    watch = PrimaryWatch(cluster, recorder)
    figures: list[Figures] = []
    try:
        watch.start()
        for t in threads:
            t.start()
        time.sleep(load_seconds / 2)
        for kind in FAULTS:
            cluster._wait(cluster.settled, SETTLE_TIMEOUT, "settled cluster (one primary, two standbys streaming)")
            figures.append(_one(cluster, recorder, watch, kind, load_seconds))
    finally:
        shared.stop.set()
        joined_by = time.monotonic() + HANG_BOUND + 30
        for t in threads:
            t.join(max(0.1, joined_by - time.monotonic()))
        watch.stop.set()
        watch.join(5)
        cluster.heal()
    if any(t.is_alive() for t in threads):
        raise AssertionError(f"clients still running {HANG_BOUND + 30:.0f} s after the stop: a hang")
    cluster._wait(cluster.settled, SETTLE_TIMEOUT, "settled cluster after the run")
    cluster.wait_healthy(60)
    resolve_pending(shared)
    collect(cluster, recorder.history)  # type: ignore[arg-type]  # the soak's cluster, duck-typed
    return figures


def _one(cluster: HaCluster, recorder: Recorder, watch: PrimaryWatch, kind: str, load_seconds: float) -> Figures:
    old, sync = cluster.primary(), cluster.sync_standby()
    assert old is not None and sync is not None
    fault = recorder.fault(kind, "db", detail=f"primary {old.name}, synchronous standby {sync.name}")
    if kind == "kill_postmaster":
        fault.detail += f", postmaster {cluster.kill_postmaster(old)} killed"
        fault.end = recorder.now()
    elif kind == "switchover":
        done = cluster.switchover(old, sync)
        fault.end = recorder.now()
        if done.returncode != 0:
            raise AssertionError(f"patronictl switchover failed: {done.stdout}{done.stderr}")
    elif kind == "lost_commit_then_kill":
        # A COMMIT reaches the primary, its reply never comes back; the primary dies at once. The store's
        # own settling of the lost write meets the failover; the client's retry with its key ends it.
        assert old.pg_proxy is not None
        fired = old.pg_proxy.cut_reply_after(b"COMMIT")
        # psycopg prepares a statement run 5 times on a connection: a long-lived connection's COMMIT goes by
        # name, without the text. New connections (the pool replaces the reset ones) send it as text first.
        old.pg_proxy.reset_all()
        if not fired.wait(30):
            raise AssertionError("no COMMIT went through the primary's proxy in 30 s")
        fault.detail += f", a COMMIT reply cut, postmaster {cluster.kill_postmaster(old)} killed"
        fault.end = recorder.now()
        old.heal()
    elif kind == "network_cut":
        old.cut()
        deadline = time.monotonic() + RECOVERY_BOUND + 30
        while time.monotonic() < deadline and _recovered(recorder, fault) is None:
            time.sleep(0.2)
        time.sleep(CUT_AFTER_RECOVERY)
        old.heal()
        fault.end = recorder.now()
    # The load goes on; then the figures of this fault, from the history.
    time.sleep(load_seconds)
    fault.recovered = _recovered(recorder, fault)
    refused, first_refusal = _refusals(recorder, fault)
    new = cluster.primary()
    recovered = fault.recovered if fault.recovered is not None else recorder.now()
    return Figures(
        fault=kind,
        old_primary=old.name,
        new_primary=new.name if new else "none",
        seconds_without_primary=round(watch.without_primary(fault.start, recorder.now()), 2),
        seconds_writes_refused=round(max(0.0, recovered - first_refusal) if first_refusal is not None else 0.0, 2),
        refused_writes=refused,
    )


def _refusals(recorder: Recorder, fault: Fault) -> tuple[int, float | None]:
    """The writes refused for want of a primary after ``fault`` began, and when the first one was."""
    refused = [
        op
        for op in list(recorder.history.ops)
        if op.kind in WRITES and op.outcome == "unknown" and op.end >= fault.start and op.client >= 0
    ]
    refused = [op for op in refused if fault.recovered is None or op.start <= fault.recovered]
    return len(refused), min((op.start for op in refused), default=None)


def _recovered(recorder: Recorder, fault: Fault) -> float | None:
    """When a write first succeeded after the fault's first refusal (or after the fault, with none)."""
    ops = [op for op in list(recorder.history.ops) if op.kind in WRITES and op.end >= fault.start]
    refusals = [op.start for op in ops if op.outcome == "unknown"]
    after = min(refusals) if refusals else fault.start
    oks = [op.end for op in ops if op.outcome == "ok" and op.start >= after]
    return min(oks) if oks else None


def _ports(cluster: HaCluster) -> list[int]:
    ports = [cluster.api_port, cluster.etcd_port, cluster.etcd_peer_port]
    for node in cluster.nodes:
        ports += [node.pg_port, node.rest_port, *(p.port for p in node.proxies)]
    return ports


def left_behind(directory: Path, ports: list[int]) -> list[str]:
    """What of the cluster is still there after it was closed: processes of its user, ports in use."""
    left = []
    for proc in psutil.process_iter(["pid", "username", "cmdline"]):
        with contextlib.suppress(psutil.Error):
            if proc.info["username"] == "banquise-ha":
                left.append(f"process {proc.info['pid']}: {' '.join(proc.info['cmdline'] or [])}")
    for port in ports:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                left.append(f"port {port} in use")
    return left


def summary(outcome: Outcome) -> str:
    lines = ["HA failover under write load (etcd + 3 Patroni nodes, strict synchronous replication)"]
    for f in outcome.figures:
        lines.append(
            f"  {f.fault:<16} {f.old_primary} -> {f.new_primary}: {f.seconds_without_primary:5.2f} s without a "
            f"primary, writes refused for {f.seconds_writes_refused:5.2f} s ({f.refused_writes} refused writes, "
            "each retried with its key)"
        )
    c = outcome.counts
    lines.append(
        f"  acknowledged {c['acknowledged writes']}, lost {outcome.lost}, duplicated {outcome.duplicated}, "
        f"500 answers {outcome.answers_500}, 503 answers {c['503 answers']}, unknown outcomes "
        f"{c['unknown outcomes']} (resolved {c['unknown outcomes resolved']}), events checked {c['events checked']} "
        f"in {c['games checked']} games"
    )
    lines.append("  left behind: " + (", ".join(outcome.left_behind) or "nothing (no process, no port)"))
    return "\n".join(lines)


def load_seconds() -> float:
    return float(os.environ.get("BANQUISE_HA_LOAD_SECONDS", "20"))
