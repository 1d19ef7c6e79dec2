"""The nemesis: a seeded random schedule of faults, run against the cluster while the clients work.

The schedule is a list of windows, each one fault (or two at once: a PostgreSQL restart while a lost
COMMIT reply is being settled, a blackhole while a worker is killed), held for a while, healed, then a
quiet gap. After each window the nemesis measures how long until a write succeeds again through the
clients' proxy (``Fault.recovered``). The same seed gives the same schedule: a failing seed replays.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from typing import Any

import httpx
import msgspec
import psycopg

from domain.arctic.simulator import simulate
from tests.faults import stalls
from tests.nemesis.checker import RECOVERY_BOUND
from tests.nemesis.clients import created, http_client, send
from tests.nemesis.cluster import Cluster
from tests.nemesis.history import Recorder

# kind -> (side, weight); "side" says whose network a fault is on (an HTTP-side fault may hang requests).
KINDS: dict[str, tuple[str, int]] = {
    "kill_api_worker": ("process", 3),
    "kill_projection_worker": ("process", 2),
    "kill_postgres": ("db", 2),
    "restart_postgres": ("db", 2),
    "db_refuse": ("db", 2),
    "db_blackhole": ("db", 1),
    "db_blackhole_up": ("db", 1),
    "db_blackhole_down": ("db", 1),
    "db_reset": ("db", 2),
    "db_slow": ("db", 2),
    "db_lost_commit": ("db", 3),
    "db_reset_before_commit": ("db", 2),
    "stall_lock": ("db", 2),
    "http_refuse": ("http", 1),
    "http_blackhole_up": ("http", 1),
    "http_blackhole_down": ("http", 1),
    "http_reset": ("http", 2),
    "http_slow": ("http", 1),
}
# Faults of the writers themselves, for the followers of the log (issue 47): writes that stall inside their
# transaction (their events inserted, their commit held back: the writes after them commit first) and
# writes whose server process is ended there (cut before their COMMIT). They join the schedule's windows
# in turn (two windows in three), drawn from no random stream: a seed's schedule is otherwise unchanged.
WRITER_KINDS: dict[str, tuple[str, int]] = {"stall_writers": ("db", 0), "crash_writers": ("db", 0)}
IN_TURN = ("stall_writers", "crash_writers", None)
SIDES = {kind: side for kind, (side, _) in {**KINDS, **WRITER_KINDS}.items()}

# A second fault joins one of these at random: the combinations single-fault tests cannot reach.
PAIRS = {
    "db_lost_commit": ["restart_postgres", "kill_postgres", "kill_api_worker", "db_refuse"],
    "db_reset_before_commit": ["kill_postgres", "db_blackhole"],
    "kill_api_worker": ["db_lost_commit", "http_reset"],
    "stall_lock": ["kill_api_worker", "db_lost_commit"],
    "kill_projection_worker": ["restart_postgres"],
    "db_slow": ["http_slow", "db_lost_commit"],
}


class Window(msgspec.Struct, kw_only=True):
    at: float  # seconds after the start
    faults: list[str]
    hold: float  # seconds the faults last before the heal
    params: dict[str, Any] = {}


def schedule(seed: int, seconds: float) -> list[Window]:
    rng = random.Random(f"nemesis-{seed}")
    names, weights = list(KINDS), [w for _, w in KINDS.values()]
    out: list[Window] = []
    at = rng.uniform(3, 6)
    while at < seconds - 5:
        first = rng.choices(names, weights)[0]
        faults = [first]
        if first in PAIRS and rng.random() < 0.4:
            faults.append(rng.choice(PAIRS[first]))
        params = {
            "which": rng.randrange(2),
            "delay": round(rng.uniform(0.05, 0.4), 2),
            "direction": rng.choice(["up", "down", "both"]),
            "reset": rng.random() < 0.5,
        }
        hold = round(rng.uniform(0.5, 5.0), 1)
        out.append(Window(at=round(at, 1), faults=faults, hold=hold, params=params))
        at += hold + rng.uniform(4, 10)
    for i, window in enumerate(out):
        extra = IN_TURN[i % len(IN_TURN)]
        if extra is not None:
            window.faults.insert(0, extra)  # first: set while the database is up, before a kill
    return out


class Nemesis(threading.Thread):
    def __init__(
        self,
        cluster: Cluster,
        recorder: Recorder,
        windows: list[Window],
    ) -> None:
        super().__init__(name="nemesis", daemon=True)
        self.cluster = cluster
        self.recorder = recorder
        self.windows = windows
        self.stop = threading.Event()
        self.errors: list[str] = []
        self._stalled: list[psycopg.Connection[Any]] = []
        self._probes = 0
        self._crashing: threading.Event | None = None
        self.crashed = 0  # writes cut before their COMMIT by ``crash_writers``

    def run(self) -> None:
        try:
            for window in self.windows:
                if self.stop.wait(max(0.0, window.at - self.recorder.now())):
                    return
                self.one(window)
        except Exception as exc:  # the soak reports it rather than dying silently
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self.cluster.heal()

    def one(self, window: Window) -> None:
        faults = [self.recorder.fault(kind, SIDES[kind], detail=repr(window.params)) for kind in window.faults]  # type: ignore[arg-type]
        crashed = self.crashed
        fired = [self.apply(kind, window.params) for kind in window.faults]
        self.stop.wait(window.hold)
        self.heal()
        healed = self.recorder.now()
        for fault, event in zip(faults, fired, strict=True):
            fault.end = healed
            if event is not None:  # a one-shot trigger: did a COMMIT go by while it was armed?
                fault.detail = "fired" if event.is_set() else "not fired"
            if fault.kind == "crash_writers":
                fault.detail = f"{self.crashed - crashed} writes cut before their COMMIT"
        recovered = self.probe()
        for fault in faults:
            fault.recovered = recovered

    # ------------------------------------------------------------ faults
    def apply(self, kind: str, p: dict[str, Any]) -> threading.Event | None:
        c = self.cluster
        db, http = c.db_proxy, c.http_proxy
        assert db is not None and http is not None
        if kind == "kill_api_worker":
            c.kill_api_worker(p["which"])
        elif kind == "kill_projection_worker":
            c.kill_projector()
        elif kind == "kill_postgres":
            c.pg.kill()
        elif kind == "restart_postgres":
            with contextlib.suppress(Exception):
                c.pg.stop("fast")
            c.ensure_postgres()
        elif kind == "db_refuse":
            db.refuse()
        elif kind.startswith(("db_blackhole", "http_blackhole")):
            proxy = db if kind.startswith("db") else http
            proxy.blackhole(kind.rsplit("_", 1)[1] if kind.endswith(("_up", "_down")) else "both")
        elif kind == "db_reset":
            db.reset_all()
        elif kind == "http_reset":
            http.reset_all()
        elif kind == "db_slow":
            db.slow(p["delay"], p["direction"])
        elif kind == "http_slow":
            http.slow(p["delay"], p["direction"])
        elif kind == "http_refuse":
            http.refuse()
        elif kind == "db_lost_commit":
            return db.cut_reply_after(b"COMMIT", reset=p["reset"])
        elif kind == "db_reset_before_commit":
            return db.reset_before(b"COMMIT")
        elif kind == "stall_lock":
            self.stall()
        elif kind == "stall_writers":
            # Below the statement timeout (2 s): the stalled writes commit, after the writes that came later.
            stalls.stall(c.direct.conninfo(), 3 * p["delay"], chance=0.5)
        elif kind == "crash_writers":
            stalls.stall(c.direct.conninfo(), 1.5, chance=0.5)
            self._crashing = threading.Event()
            threading.Thread(target=self._crash, args=(self._crashing,), daemon=True).start()
        else:
            raise ValueError(f"unknown fault {kind}")
        return None

    def stall(self) -> None:
        """A client holding the events table's lock, idle in its transaction (the server ends it)."""
        conn = psycopg.connect(self.cluster.direct.conninfo(), connect_timeout=5)
        conn.execute("SET idle_in_transaction_session_timeout = '2s'")
        conn.execute("LOCK TABLE banquise_events IN EXCLUSIVE MODE")
        self._stalled.append(conn)

    def _crash(self, until: threading.Event) -> None:
        """End the server process of every write sleeping inside its transaction, until healed."""
        while not until.wait(0.05):
            with contextlib.suppress(Exception):
                self.crashed += len(stalls.crash_sleepers(self.cluster.direct.conninfo()))

    def heal(self) -> None:
        for conn in self._stalled:
            with contextlib.suppress(Exception):
                conn.close()
        self._stalled.clear()
        if self._crashing is not None:
            self._crashing.set()
            self._crashing = None
        self.cluster.heal()
        deadline = time.monotonic() + 30
        while True:
            try:
                stalls.unstall(self.cluster.direct.conninfo(), everything=True)
                break
            except psycopg.Error:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def probe(self) -> float | None:
        """When a write first succeeded after the heal (through the clients' proxy), or None."""
        self._probes += 1
        key = f"probe-{self.recorder.history.seed}-{self._probes}"
        sim = simulate(2, self._probes)
        setup = {**msgspec.to_builtins(sim.setup), "players": ["Probe", f"Probe{self._probes % 5}"]}
        headers = {"authorization": f"Bearer {self.cluster.token}", "idempotency-key": key}
        deadline = time.monotonic() + RECOVERY_BOUND + 10
        first = None
        with http_client(self.cluster.base) as http:
            while time.monotonic() < deadline:
                op = self.recorder.begin(-1, "create", key=key, retry_of=first)
                first = first or op.id
                answer = send(
                    http, self.recorder, op, "POST", "/games", json={"kind": "arctic", "setup": setup}, headers=headers
                )
                if answer is not None:
                    op.game, op.events = answer["id"], created(answer["version"])
                    return op.end
                if op.outcome == "failed":
                    return None
                time.sleep(0.1)
        return None


def health(base: str) -> int | None:
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(base + "/health", timeout=2).status_code
    return None
