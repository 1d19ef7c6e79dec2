"""Item 2: live recording — 8 clients each appending moves to its own game with ``If-Match`` — against
raw one-row-per-commit inserts by 8 connections."""

from __future__ import annotations

import msgspec

from bench import baselines, games
from bench.core import Row, in_threads, percentile, ratio_row
from bench.env import World

ITEM = "2 live"
TITLE = "Live recording, 8 clients x 8 games with If-Match, vs one row per commit"
CLIENTS = 8
PLAYERS = 4


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    moves_per_client = 12 if quick else 60
    sims = [games.game(PLAYERS, 100 + i) for i in range(CLIENTS)]
    latencies: list[list[float]] = [[] for _ in range(CLIENTS)]
    events = [0] * CLIENTS
    game_ids: list[str] = [""] * CLIENTS
    etags: list[str] = [""] * CLIENTS
    bodies = [[msgspec.json.encode({"move": msgspec.to_builtins(m)}) for m in sim.moves] for sim in sims]
    if min(len(b) for b in bodies) < moves_per_client + 2:
        raise RuntimeError("simulated games are shorter than the bench needs")

    def create(i: int) -> None:
        with server.client() as http:
            made = http.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(sims[i].setup)})
            if made.status_code != 201:
                raise RuntimeError(f"POST /games answered {made.status_code}: {made.text[:300]}")
            game_ids[i], etags[i] = made.json()["id"], made.headers["etag"]
            # Two untimed moves: connections, caches and code paths warm.
            for m in range(2):
                r = http.post(
                    f"/games/{game_ids[i]}/moves",
                    content=bodies[i][m],
                    headers={"if-match": etags[i], "content-type": "application/json"},
                )
                if r.status_code != 201:
                    raise RuntimeError(f"move answered {r.status_code}: {r.text[:300]}")
                etags[i] = r.headers["etag"]

    in_threads(CLIENTS, create)

    import time

    def record(i: int) -> None:
        with server.client() as http:
            for m in range(2, 2 + moves_per_client):
                t0 = time.perf_counter()
                r = http.post(
                    f"/games/{game_ids[i]}/moves",
                    content=bodies[i][m],
                    headers={"if-match": etags[i], "content-type": "application/json"},
                )
                latencies[i].append(time.perf_counter() - t0)
                if r.status_code != 201:
                    raise RuntimeError(f"move {m} of client {i} answered {r.status_code}: {r.text[:300]}")
                etags[i] = r.headers["etag"]
                events[i] += len(r.json()["events"])

    elapsed = in_threads(CLIENTS, record)
    appends = CLIENTS * moves_per_client
    rate = appends / elapsed
    payload = msgspec.json.encode(sims[0].events[10])
    raw = baselines.one_row_commits(w, CLIENTS, 50 if quick else 250, payload)
    locked = baselines.one_row_commits(w, CLIENTS, 50 if quick else 150, payload, locked=True)
    every = [x for per in latencies for x in per]
    return [
        ratio_row(
            ITEM,
            f"{CLIENTS} clients x {moves_per_client} moves, one game each, If-Match on every move "
            f"({sum(events)} events)",
            rate,
            "commits/s",
            f"raw INSERT, one row per commit, {CLIENTS} connections",
            raw,
            at_least=0.5,
            short="live recording, 8 clients x 8 games, If-Match",
            baseline_short="raw one-row-per-commit INSERTs, 8 connections",
            details={
                "appends": appends,
                "events": sum(events),
                "events_per_s": sum(events) / elapsed,
                "elapsed_s": elapsed,
                "append_p50_ms": percentile(every, 50) * 1000,
                "append_p99_ms": percentile(every, 99) * 1000,
            },
        ),
        ratio_row(
            ITEM,
            "the same appends (for reference: against the table-lock bound below)",
            rate,
            "commits/s",
            f"raw INSERT ... RETURNING under LOCK TABLE ... EXCLUSIVE, one row per commit, {CLIENTS} connections",
            locked,
            note="informational: every event-log append takes this lock (eventsourcing's ordering guarantee)",
            short="live recording (reference)",
            baseline_short="the same INSERTs under the event table's EXCLUSIVE lock",
        ),
    ]
