"""Item 15: follower lag (#47) — how long after an append's ``201`` its event has reached the read models
and a live stream open on its game, p50 and p99, while other recorders append, against the same with
nothing else writing.

A ``banquise serve`` process of its own runs its projections (as a server does by default; the other items
run without). A probe recorder makes one move every ``PROBE_EVERY`` seconds in a game of its own, with an
SSE stream (``GET /games/{id}/live``) open on that game. From the moment the move's ``201`` arrives:

* to the projection: the bench polls the database (every ``POLL`` seconds) with the very check a read with
  ``min_position`` makes (``projections.queries.REACHED``: every projection has applied the event, in the
  followers' order) — not through HTTP, whose read-your-writes wait re-checks every 50 ms;
* to the stream: until the stream's ``id:`` line of the move's version arrives.

Under load, ``LOAD_CLIENTS`` recorders append to games of their own with If-Match as fast as they are
answered (item 2's client). Followers read below the transaction-id watermark
(``service/base/store/following.py``): a write in flight holds them back until it ends, which is what
load adds here. Informational: the 2 cores are shared by the load generator, the server, its projections
and PostgreSQL.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import msgspec

from bench import games
from bench.core import Row, http_sequences, percentile, ratio_row
from bench.env import Server, World
from bench.items import live
from projections import schema
from projections.queries import REACHED

ITEM = "15 lag"
TITLE = "Follower lag: an append's 201 to its projection and to its SSE event, under load and idle"
PLAYERS = 4
LOAD_CLIENTS = 8
PROBE_EVERY = 0.05
POLL = 0.001
DEADLINE = 30.0


class _Stream:
    """A live stream on one game, read in a thread: when each version's event arrived."""

    def __init__(self, server: Server, game_id: str, after: int) -> None:
        self.arrived: dict[int, float] = {}
        self.ready = threading.Event()
        self.changed = threading.Condition()
        self._stop = False
        headers = {"authorization": f"Bearer {server.token}"} if server.token else {}
        self._client = httpx.Client(base_url=server.base, headers=headers, timeout=httpx.Timeout(60, read=None))
        self._thread = threading.Thread(target=self._read, args=(game_id, after), daemon=True)
        self._thread.start()
        if not self.ready.wait(30):
            raise RuntimeError("the live stream did not open within 30 s")

    def _read(self, game_id: str, after: int) -> None:
        with self._client.stream("GET", f"/games/{game_id}/live", params={"after": after}) as answer:
            if answer.status_code != 200:
                raise RuntimeError(f"GET /live answered {answer.status_code}")
            for line in answer.iter_lines():
                if self._stop:
                    return
                if line.startswith(":"):
                    self.ready.set()
                elif line.startswith("id:"):
                    now = time.perf_counter()
                    with self.changed:
                        self.arrived.setdefault(int(line[3:]), now)
                        self.changed.notify_all()

    def wait(self, version: int) -> float:
        deadline = time.monotonic() + DEADLINE
        with self.changed:
            while version not in self.arrived:
                if not self.changed.wait(max(0.0, deadline - time.monotonic())):
                    raise RuntimeError(f"the live stream did not hand version {version} within {DEADLINE:.0f} s")
            return self.arrived[version]

    def close(self) -> None:
        self._stop = True
        self._client.close()
        self._thread.join(5)


def _projected(conn: Any, position: int) -> float:
    """Poll until every projection has applied ``position``: when it had."""
    deadline = time.monotonic() + DEADLINE
    params = {"names": list(schema.NAMES), "id": position}
    while True:
        row = conn.execute(REACHED, params).fetchone()
        if row and row[0]:
            return time.perf_counter()
        if time.monotonic() > deadline:
            raise RuntimeError(f"the projections did not reach position {position} within {DEADLINE:.0f} s")
        time.sleep(POLL)


def _probe(w: World, server: Server, probes: int, seed: int) -> dict[str, list[float]]:
    """``probes`` moves in a game of its own, one every ``PROBE_EVERY`` s: each one's lags, in seconds."""
    sim = games.game(PLAYERS, seed)
    bodies = [msgspec.json.encode({"move": msgspec.to_builtins(m)}) for m in sim.moves[:probes]]
    if len(bodies) < probes:
        raise RuntimeError("the simulated game is shorter than the probes")
    lags: dict[str, list[float]] = {"projection": [], "stream": []}
    with server.client() as http, w.connect(autocommit=True) as conn:
        made = http.post("/games", json={"kind": games.KIND, "setup": msgspec.to_builtins(sim.setup)})
        if made.status_code != 201:
            raise RuntimeError(f"POST /games answered {made.status_code}: {made.text[:300]}")
        game_id, etag = made.json()["id"], made.headers["etag"]
        stream = _Stream(server, game_id, int(etag.strip('"')))
        try:
            for body in bodies:
                answer = http.post(
                    f"/games/{game_id}/moves",
                    content=body,
                    headers={"if-match": etag, "content-type": "application/json"},
                )
                answered = time.perf_counter()
                if answer.status_code != 201:
                    raise RuntimeError(f"move answered {answer.status_code}: {answer.text[:300]}")
                etag = answer.headers["etag"]
                lags["projection"].append(_projected(conn, int(answer.headers["x-banquise-position"])) - answered)
                lags["stream"].append(stream.wait(int(etag.strip('"'))) - answered)
                time.sleep(PROBE_EVERY)
        finally:
            stream.close()
    return lags


def _loaded(w: World, server: Server, probes: int, moves: int) -> tuple[dict[str, list[float]], float]:
    """The probe while ``LOAD_CLIENTS`` recorders append: its lags, and the recorders' appends/s."""
    port = int(server.base.rsplit(":", 1)[1])
    sequences = [{**g, "bodies": g["bodies"][:moves]} for g in live._opened(server, LOAD_CLIENTS, 900, moves)]
    done: dict[str, Any] = {}

    def load() -> None:
        done.update(http_sequences(port, sequences, headers={"authorization": f"Bearer {server.token}"}))

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    time.sleep(0.3)  # the recorders at full speed first
    try:
        lags = _probe(w, server, probes, 31)
    finally:
        thread.join(600)
    rate = done["requests"] / done["elapsed"] if done.get("elapsed") else float("nan")
    return lags, rate


def run(w: World, quick: bool) -> list[Row]:
    probes = 15 if quick else 40
    moves = 40 if quick else 150
    server = w.launch(1, BANQUISE_RUN_PROJECTIONS="true")
    try:
        idle = _probe(w, server, probes, 30)
        loaded, rate = _loaded(w, server, probes, moves)
    finally:
        w.stop(server)
    rows = []
    for key, where in (("projection", "its projection (every read model)"), ("stream", "its SSE event")):
        a, b = loaded[key], idle[key]
        for q in (50, 99):
            rows.append(
                ratio_row(
                    ITEM,
                    f"an append's 201 to {where}, p{q}, while {LOAD_CLIENTS} recorders append ({rate:,.0f} appends/s) "
                    f"— {len(a)} probe moves (max {max(a) * 1000:.1f} ms)",
                    percentile(a, q) * 1000,
                    "ms",
                    f"the same, nothing else writing (max {max(b) * 1000:.1f} ms)",
                    percentile(b, q) * 1000,
                    note="informational: 2 cores shared by the load generator, the server, its projections and "
                    "PostgreSQL",
                    short=f"follower lag to {key}, p{q}, under load",
                    baseline_short=f"follower lag to {key}, p{q}, idle",
                    details={"loaded_ms": [round(x * 1000, 2) for x in a], "idle_ms": [round(x * 1000, 2) for x in b]},
                )
            )
    return rows
