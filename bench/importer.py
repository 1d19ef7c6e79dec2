"""Importing simulated games through ``POST /games/import`` from client threads (httpx, keep-alive)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import count

from bench import games
from bench.core import in_threads
from bench.env import Server, World

JSON = {"content-type": "application/json"}
_run_ids = count(1)


def bodies(
    players: int, n: int, *, pool: int = 40, label: str = "g", kind: str = games.KIND
) -> tuple[list[bytes], int]:
    """``n`` import bodies cycling over ``pool`` simulated games (distinct record ids: distinct games)."""
    run = next(_run_ids)
    made = [games.record_body(players, 1 + i % pool, f"bench:{label}:{run}:{i}", kind) for i in range(n)]
    events = sum(games.events_of(players, 1 + i % pool, kind) for i in range(n))
    return made, events


def post_all(
    server: Server,
    payloads: Sequence[bytes],
    *,
    threads: int = 4,
    on_done: Callable[[int], None] | None = None,
) -> tuple[float, list[str]]:
    """Import every payload; the wall time and the new game ids (in payload order)."""
    ids: list[str] = [""] * len(payloads)
    lock = threading.Lock()
    cursor = iter(range(len(payloads)))
    done = 0

    def work(_: int) -> None:
        nonlocal done
        with server.client() as http:
            while True:
                with lock:
                    i = next(cursor, None)
                if i is None:
                    return
                response = http.post("/games/import", content=payloads[i], headers=JSON)
                if response.status_code != 201:
                    raise RuntimeError(f"import answered {response.status_code}: {response.text[:300]}")
                ids[i] = response.json()["id"]
                if on_done is not None:
                    with lock:
                        done += 1
                        on_done(done)

    elapsed = in_threads(threads, work)
    return elapsed, ids


def post_fast(server: Server, payloads: Sequence[bytes], *, connections: int = 4) -> tuple[float, int, list[str]]:
    """Import every payload from the load generator's process (``connections`` keep-alive connections,
    payloads dealt round-robin); the wall time, the events stored and the new game ids (unordered)."""
    from bench.core import http_sequences

    port = int(server.base.rsplit(":", 1)[1])
    sequences = [
        {"path": "/games/import", "etag": None, "bodies": [p.decode() for p in payloads[i::connections]]}
        for i in range(connections)
    ]
    result = http_sequences(port, sequences, headers={"authorization": f"Bearer {server.token}"}, max_seconds=300)
    if result["requests"] != len(payloads):
        raise RuntimeError(f"imported {result['requests']} of {len(payloads)} games: {result['errors']}")
    return result["elapsed"], int(result["events"]), list(result["ids"])


def ensure_games(w: World, players: int, n: int, kind: str = games.KIND) -> list[str]:
    """At least ``n`` imported ``players``-player games of ``kind`` (imported once per run, then reused)."""
    key = f"imported:{players}" if kind == games.KIND else f"imported:{kind}:{players}"
    have: list[str] = w.cache.setdefault(key, [])
    if len(have) < n:
        server = w.start_server()
        label = f"seed{players}" if kind == games.KIND else f"{kind}:seed{players}"
        payloads, _ = bodies(players, n - len(have), label=label, kind=kind)
        _, ids = post_all(server, payloads)
        have.extend(ids)
    return have[:n]
