"""Item 8: ``banquise serve --workers 2`` against one worker process, on the same database in the
same run — replay throughput (random steps, wrk when installed), live appends (with wrk: 16 recorders
for the same seconds as the other rows, as item 2 drives them; without: 8 recorders with If-Match) and
the hello-world, each with its p50/p99.

The appends were 8 recorders x 10 (quick) or 40 moves from the Python generator: 80 to 320 appends,
0.1 to 0.4 s, timed to the slowest recorder's last answer. That measured the ramp and one straggler,
not a rate (0.55x in one run, 0.73-1.26x in the next ones); wrk over seconds measures the steady state.

Informational: on 2 cores the load generator, the server processes and PostgreSQL share the CPU, so a
second worker can only use what the others leave; on more cores the same test shows the scaling.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from bench import games, importer, wrk
from bench.core import Row, http_sequences, in_threads, percentile, ratio_row
from bench.env import Server, World
from bench.items import live

ITEM = "8 workers"
TITLE = "2 worker processes vs 1: replay throughput, live appends, hello-world"
PLAYERS = 4
CLIENTS = 8
ROUNDS = 5  # alternating rounds of appends per server (3 with --quick): odd, a median round
ROUND_SECONDS = 4.0  # each (3 with --quick): 7 rounds of 6 s took 214 s of a full run budgeted at 540


def _replays(server: Server, ids: list[str], steps: int, seconds: float, seed: int) -> dict[str, object]:
    port = int(server.base.rsplit(":", 1)[1])
    # Each game's row, once: both servers start with the same (cold) steps and held rows.
    wrk.load(port, [f"/games/{gid}/replay/1" for gid in ids], seconds=1, requests=len(ids), concurrency=4)
    rng = random.Random(seed)
    paths = [f"/games/{rng.choice(ids)}/replay/{rng.randint(2, steps)}" for _ in range(30_000)]
    return wrk.load(port, paths, seconds=seconds, requests=600, concurrency=16)


def live_recorders(client: str, moves: int) -> str:
    return f"wrk, {live.WRK_CONNECTIONS} recorders" if client == "wrk" else f"{CLIENTS} recorders x {moves} moves"


def _appends(server: Server, first_seed: int, moves: int) -> dict[str, float]:
    sims = [games.game(PLAYERS, first_seed + i) for i in range(CLIENTS)]
    bodies = [[msgspec.json.encode({"move": msgspec.to_builtins(m)}).decode() for m in s.moves] for s in sims]
    made: list[tuple[str, str]] = [("", "")] * CLIENTS

    def create(i: int) -> None:
        with server.client() as http:
            answer = http.post("/games", json={"kind": games.KIND, "setup": msgspec.to_builtins(sims[i].setup)})
            if answer.status_code != 201:
                raise RuntimeError(f"POST /games answered {answer.status_code}: {answer.text[:300]}")
            made[i] = (answer.json()["id"], answer.headers["etag"])

    in_threads(CLIENTS, create)
    sequences = [
        {"path": f"/games/{gid}/moves", "etag": etag, "bodies": bodies[i][:moves]} for i, (gid, etag) in enumerate(made)
    ]
    port = int(server.base.rsplit(":", 1)[1])
    result = http_sequences(port, sequences, headers={"authorization": f"Bearer {server.token}"})
    every = result["latencies"]
    return {
        "rate": result["requests"] / result["elapsed"],
        "p50_ms": percentile(every, 50) * 1000,
        "p99_ms": percentile(every, 99) * 1000,
    }


def _appends_wrk(server: Server, seed: int, seconds: float) -> dict[str, float]:
    """Item 2's wrk appends: recorders through games of their own, for ``seconds``."""
    return live._record_with_wrk(server, seconds, seed)


def _appends_in_rounds(one: Server, two: Server, rounds: int, seconds: float) -> dict[str, dict[str, Any]]:
    """The appends of both servers in alternating rounds; the round whose ratio (2 processes over 1) is
    the median one stands for the comparison, with every round's rates and ratios beside it. One round
    each had given 0.61x to 1.26x from one run to the next on this machine: a 5-second rate moves with
    whatever else the 2 cores run at that moment, and a round's two servers are measured seconds apart."""
    pairs = []
    for r in range(rounds):
        pair = [_appends_wrk(server, 500 + 100 * r + 10 * n, seconds) for n, server in ((1, one), (2, two))]
        pairs.append((pair[1]["rate"] / pair[0]["rate"], pair))
    ratios = [ratio for ratio, _ in pairs]
    _, (single, double) = sorted(pairs, key=lambda p: p[0])[len(pairs) // 2]
    every = {"round_ratios": [round(x, 3) for x in ratios]}
    return {
        "1": {**single, "rounds": [round(p[1][0]["rate"], 1) for p in pairs]},
        "2": {**double, "rounds": [round(p[1][1]["rate"], 1) for p in pairs], **every},
    }


def run(w: World, quick: bool) -> list[Row]:
    one = w.start_server()
    seed = games.longest(PLAYERS, range(1, 13))
    steps = games.events_of(PLAYERS, seed)
    copies = 30 if quick else 150
    payloads = [games.record_body(PLAYERS, seed, f"bench:workers:{seed}:{i}") for i in range(copies)]
    _, _, ids = importer.post_fast(one, payloads)
    seconds = 3.0 if quick else 6.0
    moves = 10 if quick else 40
    two = w.launch(2)
    try:
        measured: dict[str, dict[str, dict[str, float]]] = {}
        for name, server in (("1", one), ("2", two)):
            port = int(server.base.rsplit(":", 1)[1])
            hello = wrk.load(port, ["/health/ping"], seconds=seconds, requests=3000, concurrency=16, warmup=300)
            replay = _replays(server, ids, steps, seconds, seed=int(name))
            measured[name] = {"hello": hello, "replay": replay}  # type: ignore[dict-item]
        if wrk.generator() == "wrk":
            rounds, round_seconds = (3, 3.0) if quick else (ROUNDS, ROUND_SECONDS)
            for name, appends in _appends_in_rounds(one, two, rounds, round_seconds).items():
                measured[name]["appends"] = appends
        else:
            for name, server in (("1", one), ("2", two)):
                measured[name]["appends"] = _appends(server, 500 + 10 * int(name), moves)
    finally:
        w.stop(two)
    client = wrk.generator()
    rows = []
    for key, what, unit, short in (
        ("replay", f"replay throughput, random steps, 16 connections ({client})", "requests/s", "replay throughput"),
        (
            "appends",
            f"live appends, {live_recorders(client, moves)}, If-Match",
            "commits/s",
            "live appends",
        ),
        ("hello", f"hello-world GET /health/ping, 16 connections ({client})", "requests/s", "hello-world"),
    ):
        a, b = measured["2"][key], measured["1"][key]
        rounds = a.get("round_ratios")
        if rounds:  # (#47's bar: appends with --workers 2 at least 1.3x those of one process, on 2 cores)
            ratios = ", ".join(f"{x:.2f}" for x in rounds)
            what += f", the median of {len(rounds)} alternating rounds (their ratios: {ratios})"
        rows.append(
            ratio_row(
                ITEM,
                f"{what}, 2 worker processes (p50 {a['p50_ms']:.1f} ms, p99 {a['p99_ms']:.1f} ms)",
                a["rate"],
                unit,
                f"the same, 1 worker process (p50 {b['p50_ms']:.1f} ms, p99 {b['p99_ms']:.1f} ms)",
                b["rate"],
                at_least=1.3 if rounds else None,
                note="2 cores shared by the load generator, the server processes and PostgreSQL: a busy machine "
                "leaves the second process no core"
                if rounds
                else "informational: 2 cores shared by the load generator, the server processes and PostgreSQL",
                short=f"{short}, 2 workers",
                baseline_short=f"{short}, 1 worker",
                details={"two": a, "one": b},
            )
        )
    return rows
