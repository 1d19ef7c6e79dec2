"""Item 2: live recording — 8 clients, each appending moves to its own game with ``If-Match`` —
against raw one-row-per-commit inserts by 8 connections.

The games are created (and two moves made) untimed; then the load generator's process opens one
connection per client and POSTs that game's next moves one after the other, each with ``If-Match``
set to the ETag of the previous answer, as a phone at a table does. Its light HTTP client keeps the
measurement on the server (eight httpx threads cost more CPU than the server they drive).
"""

from __future__ import annotations

import msgspec

from bench import baselines, games
from bench.core import Row, http_sequences, in_threads, percentile, ratio_row
from bench.env import World

ITEM = "2 live"
TITLE = "Live recording, 8 clients x 8 games with If-Match, vs one row per commit"
CLIENTS = 8
PLAYERS = 4
WARM_MOVES = 2


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    port = int(server.base.rsplit(":", 1)[1])
    moves_per_client = 15 if quick else 80
    sims = [games.game(PLAYERS, 100 + i) for i in range(CLIENTS)]
    bodies = [[msgspec.json.encode({"move": msgspec.to_builtins(m)}).decode() for m in sim.moves] for sim in sims]
    if min(len(b) for b in bodies) < moves_per_client + WARM_MOVES:
        raise RuntimeError("simulated games are shorter than the bench needs")
    game_ids: list[str] = [""] * CLIENTS
    etags: list[str] = [""] * CLIENTS

    def create(i: int) -> None:
        with server.client() as http:
            made = http.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(sims[i].setup)})
            if made.status_code != 201:
                raise RuntimeError(f"POST /games answered {made.status_code}: {made.text[:300]}")
            game_ids[i], etags[i] = made.json()["id"], made.headers["etag"]
            for m in range(WARM_MOVES):
                r = http.post(
                    f"/games/{game_ids[i]}/moves",
                    content=bodies[i][m],
                    headers={"if-match": etags[i], "content-type": "application/json"},
                )
                if r.status_code != 201:
                    raise RuntimeError(f"move answered {r.status_code}: {r.text[:300]}")
                etags[i] = r.headers["etag"]

    in_threads(CLIENTS, create)
    sequences = [
        {
            "path": f"/games/{game_ids[i]}/moves",
            "etag": etags[i],
            "bodies": bodies[i][WARM_MOVES : WARM_MOVES + moves_per_client],
        }
        for i in range(CLIENTS)
    ]
    cpu0 = server.cpu_seconds()
    result = http_sequences(port, sequences, headers={"authorization": f"Bearer {server.token}"})
    cpu = server.cpu_seconds() - cpu0
    appends = result["requests"]
    elapsed = result["elapsed"]
    rate = appends / elapsed
    payload = msgspec.json.encode(sims[0].events[10])
    raw = baselines.one_row_commits(w, CLIENTS, 50 if quick else 250, payload)
    locked = baselines.one_row_commits(w, CLIENTS, 50 if quick else 150, payload, locked=True)
    every = result["latencies"]
    return [
        ratio_row(
            ITEM,
            f"{CLIENTS} clients x {moves_per_client} moves, one game each, If-Match on every move "
            f"({result['events']} events; append p50 {percentile(every, 50) * 1000:.1f} ms)",
            rate,
            "commits/s",
            f"raw INSERT, one row per commit, {CLIENTS} connections",
            raw,
            at_least=0.5,
            short="live recording, 8 clients x 8 games, If-Match",
            baseline_short="raw one-row-per-commit INSERTs, 8 connections",
            details={
                "appends": appends,
                "events": result["events"],
                "events_per_s": result["events"] / elapsed,
                "elapsed_s": elapsed,
                "append_p50_ms": percentile(every, 50) * 1000,
                "append_p99_ms": percentile(every, 99) * 1000,
                "server_cpu_ms_per_append": cpu / appends * 1000,
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
