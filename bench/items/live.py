"""Item 2: live recording — 8 clients, each appending moves to its own game with ``If-Match`` —
against raw one-row-per-commit inserts by 8 connections; then 32 clients, where the group-commit writer
stores the moves arriving together in one transaction (``service/base/store/batching.py``), against the same
raw commits and against the server's own hello-world (``GET /health/ping``), with p50/p99 latencies.

The games are created (and two moves made) untimed; then the load generator's process opens one
connection per client and POSTs that game's next moves one after the other, each with ``If-Match``
set to the ETag of the previous answer, as a phone at a table does. Its light HTTP client keeps the
measurement on the server (eight httpx threads cost more CPU than the server they drive).
"""

from __future__ import annotations

import math
import os
import re
import resource
from collections.abc import Callable
from typing import Any

import msgspec

from bench import baselines, games, wrk
from bench.core import Row, http_load, http_sequences, in_threads, percentile, ratio_row
from bench.env import Server, World

ITEM = "2 live"
TITLE = "Live recording, 8 clients x 8 games with If-Match, vs one row per commit"
CLIENTS = 8
GROUP_CLIENTS = 32  # enough recorders at once for the group-commit writer to batch their moves
WRK_CONNECTIONS = 16  # wrk: one connection per thread, each recorder's moves one after the other
WRK_CEILING = 4000  # appends/s the wrk run is given moves for (far above one process's rate)
PLAYERS = 4
WARM_MOVES = 2


def _group_commit_counts(server: Server) -> tuple[float, float]:
    """(transactions, moves) of the server's group-commit writer so far, from ``/metrics``."""
    with server.client() as http:
        text = http.get("/metrics").text
    found: dict[str, float] = {}
    for name in ("transactions", "writes"):
        match = re.search(rf"^banquise_group_commit_{name}_total (\S+)$", text, re.MULTILINE)
        found[name] = float(match.group(1)) if match else 0.0
    return found["transactions"], found["writes"]


def _opened(server: Server, clients: int, seed: int, moves_needed: int) -> list[dict[str, Any]]:
    """``clients`` games created, ``WARM_MOVES`` made in each (untimed): for each, the path of its moves,
    the ETag of its last answer and the bodies of its next moves."""
    sims = [games.game(PLAYERS, seed + i) for i in range(clients)]
    bodies = [[msgspec.json.encode({"move": msgspec.to_builtins(m)}).decode() for m in sim.moves] for sim in sims]
    if min(len(b) for b in bodies) < moves_needed + WARM_MOVES:
        raise RuntimeError("simulated games are shorter than the bench needs")
    game_ids: list[str] = [""] * clients
    etags: list[str] = [""] * clients

    def create(i: int) -> None:
        with server.client() as http:
            made = http.post("/games", json={"kind": games.KIND, "setup": msgspec.to_builtins(sims[i].setup)})
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

    in_threads(min(clients, 8), lambda k: [create(i) for i in range(k, clients, 8)])
    return [
        {"path": f"/games/{game_ids[i]}/moves", "etag": etags[i], "bodies": bodies[i][WARM_MOVES:]}
        for i in range(clients)
    ]


def _record(server: Server, clients: int, moves_per_client: int, seed: int) -> dict[str, Any]:
    """``clients`` recorders, each making ``moves_per_client`` moves with If-Match in a game of its own
    (created, and ``WARM_MOVES`` made, untimed); the load generator's result, with the server's CPU and
    its group-commit counts over the timed part."""
    port = int(server.base.rsplit(":", 1)[1])
    sequences = [
        {**game, "bodies": game["bodies"][:moves_per_client]}
        for game in _opened(server, clients, seed, moves_per_client)
    ]
    return _measured(
        server, lambda: http_sequences(port, sequences, headers={"authorization": f"Bearer {server.token}"})
    )


def _record_with_wrk(server: Server, seconds: float, seed: int, world: World | None = None) -> dict[str, Any]:
    """``WRK_CONNECTIONS`` recorders driven by wrk for ``seconds``, each through games of its own (enough
    moves for ``WRK_CEILING`` appends/s): wrk's result, with the server's CPU and group-commit counts."""
    port = int(server.base.rsplit(":", 1)[1])
    count = max(WRK_CONNECTIONS, math.ceil(WRK_CEILING * seconds / 150))
    opened = _opened(server, count, seed, 0)
    return _measured(
        server,
        lambda: wrk.appends(port, opened, token=server.token, seconds=seconds, connections=WRK_CONNECTIONS),
        world,
    )


def _children_cpu() -> float:
    """CPU seconds of this process's ended children (wrk, run to its end inside a measurement)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _measured(server: Server, load: Callable[[], dict[str, Any]], world: World | None = None) -> dict[str, Any]:
    """``load()``'s result, with the server's CPU (``cpu``, seconds), PostgreSQL's (``database_cpu``, None
    when ``world``'s server cannot be found here), the load generator's when it is a child process that
    ended (``client_cpu``: wrk), and the group-commit writer's ``transactions`` and ``writes`` over it."""
    transactions0, writes0 = _group_commit_counts(server)
    database0 = world.database_cpu_seconds() if world is not None else None
    client0 = _children_cpu()
    cpu0 = server.cpu_seconds()
    result = load()
    result["cpu"] = server.cpu_seconds() - cpu0
    result["client_cpu"] = _children_cpu() - client0
    database = world.database_cpu_seconds() if world is not None else None
    result["database_cpu"] = database - database0 if database is not None and database0 is not None else None
    transactions, writes = _group_commit_counts(server)
    result["transactions"], result["writes"] = transactions - transactions0, writes - writes0
    return result


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    port = int(server.base.rsplit(":", 1)[1])
    moves_per_client = 15 if quick else 80
    result = _record(server, CLIENTS, moves_per_client, 100)
    cpu = result["cpu"]
    appends = result["requests"]
    elapsed = result["elapsed"]
    rate = appends / elapsed
    group_moves = 8 if quick else 40
    grouped = _record(server, GROUP_CLIENTS, group_moves, 300)
    grouped_rate = grouped["requests"] / grouped["elapsed"]
    grouped_lat = grouped["latencies"]
    per_transaction = grouped["writes"] / grouped["transactions"] if grouped["transactions"] else float("nan")
    hello_cpu0 = server.cpu_seconds()
    hello = http_load(port, ["/health/ping"], requests=2000 if quick else 10000, concurrency=GROUP_CLIENTS, warmup=300)
    hello_cpu = (server.cpu_seconds() - hello_cpu0) / (hello["requests"] + 300) * 1000
    hello_rate = hello["requests"] / hello["elapsed"]
    grouped_cpu = grouped["cpu"] / grouped["requests"] * 1000
    event = games.game(PLAYERS, 100).events[10]
    payload = msgspec.json.encode(event)
    topic = f"{type(event).__module__}:{type(event).__qualname__}"
    database0 = w.database_cpu_seconds()
    raw_rows = CLIENTS * (50 if quick else 250)
    raw = baselines.one_row_commits(w, CLIENTS, raw_rows // CLIENTS, payload, topic=topic)
    database = w.database_cpu_seconds()
    # PostgreSQL's own CPU per raw commit: what an append's database work is compared with
    raw_database_ms = None
    if database is not None and database0 is not None:
        raw_database_ms = (database - database0) / raw_rows * 1000
    locked = baselines.one_row_commits(w, CLIENTS, 50 if quick else 150, payload, locked=True, topic=topic)
    rows = _wrk_rows(w, server, quick, raw, locked, raw_database_ms) if wrk.generator() == "wrk" else []
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
            cpu_ms=cpu / appends * 1000,
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
            f"group commit: {GROUP_CLIENTS} clients x {group_moves} moves, one game each, If-Match on every move "
            f"({per_transaction:.1f} moves per transaction; append p50 {percentile(grouped_lat, 50) * 1000:.1f} ms, "
            f"p99 {percentile(grouped_lat, 99) * 1000:.1f} ms)",
            grouped_rate,
            "commits/s",
            f"raw INSERT, one row per commit, {CLIENTS} connections",
            raw,
            at_least=0.5,
            note=(
                f"the server used {grouped['cpu'] / grouped['requests'] * 1000:.2f} ms of CPU per append: one "
                f"process cannot pass ~{grouped['requests'] / grouped['cpu']:.0f} appends/s, whatever the batching"
            )
            if grouped["cpu"]
            else "",
            short=f"live recording with group commit, {GROUP_CLIENTS} clients",
            baseline_short="raw one-row-per-commit INSERTs, 8 connections",
            cpu_ms=grouped_cpu,
            details={
                "appends": grouped["requests"],
                "events": grouped["events"],
                "elapsed_s": grouped["elapsed"],
                "transactions": grouped["transactions"],
                "moves_per_transaction": per_transaction,
                "append_p50_ms": percentile(grouped_lat, 50) * 1000,
                "append_p99_ms": percentile(grouped_lat, 99) * 1000,
                "server_cpu_ms_per_append": grouped["cpu"] / grouped["requests"] * 1000,
            },
        ),
        ratio_row(
            ITEM,
            f"the same group-committed appends, against the server's hello-world ({GROUP_CLIENTS} connections)",
            grouped_rate,
            "requests/s",
            f"GET /health/ping (hello-world, same app and server, {GROUP_CLIENTS} connections)",
            hello_rate,
            note="informational: what an append costs beyond answering HTTP at all",
            short="live recording with group commit (vs hello-world)",
            baseline_short="hello-world GET /health/ping",
            cpu_ms=grouped_cpu,
            baseline_cpu_ms=hello_cpu,
            details={
                "hello_p50_ms": percentile(hello["latencies"], 50) * 1000,
                "hello_p99_ms": percentile(hello["latencies"], 99) * 1000,
            },
        ),
        ratio_row(
            ITEM,
            "the same appends (for reference: against the table-lock bound below)",
            rate,
            "commits/s",
            f"raw INSERT ... RETURNING under LOCK TABLE ... EXCLUSIVE, one row per commit, {CLIENTS} connections",
            locked,
            note="informational: the appends took this lock (eventsourcing's ordering guarantee) until #47; "
            "they take none now",
            short="live recording (reference)",
            baseline_short="the same INSERTs under the event table's EXCLUSIVE lock",
        ),
        *rows,
    ]


def _cpu_budget(done: dict[str, Any]) -> tuple[dict[str, float], str]:
    """Where an append's CPU goes on this machine (server, PostgreSQL, wrk, ms each) and the rate all the
    machine's cores would allow at those costs: the ceiling no change to one of them alone can pass."""
    appends = done["requests"]
    parts = {"server": done["cpu"], "PostgreSQL": done.get("database_cpu"), "wrk": done.get("client_cpu")}
    if not appends or any(v is None for v in parts.values()):
        return {}, ""
    ms = {name: float(v) / appends * 1000 for name, v in parts.items() if v is not None}
    cores = os.cpu_count() or 1
    total = sum(ms.values())
    ceiling = cores / total * 1000 if total else math.inf
    text = (
        "CPU per append: "
        + ", ".join(f"{name} {value:.2f} ms" for name, value in ms.items())
        + f" ({total:.2f} ms): {cores} cores busy at these costs allow at most ~{ceiling:.0f} appends/s"
    )
    details = {f"{name.lower()}_cpu_ms_per_append": value for name, value in ms.items()}
    return {**details, "cpu_ceiling_appends_per_s": ceiling}, text


def _wrk_rows(
    w: World, server: Server, quick: bool, raw: float, locked: float, raw_database_ms: float | None = None
) -> list[Row]:
    """Appends driven by wrk (C: the client costs little beside the server), against wrk's hello-world
    at the same connections, against the raw one-row commits and, beside it, against the same commits
    under the table lock every append took before #47, with the server's CPU per request."""
    port = int(server.base.rsplit(":", 1)[1])
    seconds = 3.0 if quick else 8.0
    cpu0 = server.cpu_seconds()
    hello = wrk.load(
        port, ["/health/ping"], seconds=seconds, requests=0, concurrency=WRK_CONNECTIONS, threads=WRK_CONNECTIONS
    )
    hello_cpu = (server.cpu_seconds() - cpu0) / hello["requests"] * 1000
    done = _record_with_wrk(server, seconds, 700, w)
    cpu = done["cpu"] / done["requests"] * 1000
    budget, budget_text = _cpu_budget(done)
    per_transaction = done["writes"] / done["transactions"] if done["transactions"] else float("nan")
    latency = f"p50 {done['p50_ms']:.1f} ms, p99 {done['p99_ms']:.1f} ms"
    details = {
        "appends": done["requests"],
        "moves_per_transaction": per_transaction,
        "append_p50_ms": done["p50_ms"],
        "append_p99_ms": done["p99_ms"],
        "server_cpu_ms_per_append": cpu,
        "hello_server_cpu_ms_per_request": hello_cpu,
        "hello_p50_ms": hello["p50_ms"],
        **budget,
        **({"database_cpu_ms_per_raw_commit": raw_database_ms} if raw_database_ms else {}),
    }
    return [
        ratio_row(
            ITEM,
            f"wrk: {WRK_CONNECTIONS} recorders, If-Match from each answer's ETag ({latency}; "
            f"{per_transaction:.1f} moves per transaction), against wrk's hello-world at {WRK_CONNECTIONS} connections",
            done["rate"],
            "requests/s",
            f"GET /health/ping, wrk, {WRK_CONNECTIONS} connections",
            hello["rate"],
            at_least=0.35,
            short=f"live appends, wrk, {WRK_CONNECTIONS} connections (vs hello-world)",
            baseline_short="hello-world GET /health/ping, wrk",
            cpu_ms=cpu,
            baseline_cpu_ms=hello_cpu,
            details=details,
        ),
        ratio_row(
            ITEM,
            f"wrk: the same appends against the raw one-row commits ({CLIENTS} connections)",
            done["rate"],
            "commits/s",
            f"raw INSERT, one row per commit, {CLIENTS} connections",
            raw,
            at_least=0.5,
            note=f"{budget_text} ({budget['cpu_ceiling_appends_per_s'] / raw:.2f} of the raw commits"
            + (f"; PostgreSQL's CPU per raw commit: {raw_database_ms:.2f} ms)" if raw_database_ms else ")")
            if budget and raw
            else "",
            short=f"live appends, wrk, {WRK_CONNECTIONS} connections",
            baseline_short="raw one-row-per-commit INSERTs, 8 connections",
            cpu_ms=cpu,
        ),
        ratio_row(
            ITEM,
            f"wrk: the same appends against the locked-INSERT reference ({CLIENTS} connections)",
            done["rate"],
            "commits/s",
            f"raw INSERT ... RETURNING under LOCK TABLE ... EXCLUSIVE, one row per commit, {CLIENTS} connections",
            locked,
            note="informational: the bound of the appends before #47, which took this lock; above 1, appends "
            f"pass it (the lock's own ceiling: {locked / raw:.2f} of the raw commits in this run)"
            if raw
            else "",
            short=f"live appends, wrk, {WRK_CONNECTIONS} connections (vs the table lock)",
            baseline_short="the same INSERTs under the event table's EXCLUSIVE lock",
        ),
    ]
