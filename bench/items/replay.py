"""Item 3: ``GET /games/{id}/replay/{step}`` — latency at step 1 and at the last step of a long
4-player game, and throughput against the hello-world ``GET /health/ping`` of the same server.

The server keeps each replayed (game, step) state in an LRU, so asking one game for one step again
measures the cache. The latencies are therefore taken over many copies of the same long game (the
same events, imported under distinct record ids), each step asked once per copy: every request folds
from the game's nearest stored snapshot, as a viewer opening a replay does. The warm (cached) latency
is reported beside it. The throughput runs use wrk when installed (``bench/wrk.py``): random (copy,
step) pairs never asked before, then steps already served (answered from the encoded steps). These are
measured on the first registered kind; each other kind gets one row: its cold latencies at the last
step and at step 1 (a quarter as many copies of its own long game).
"""

from __future__ import annotations

import random

from bench import games, importer, wrk
from bench.core import Row, http_load, percentile, ratio_row
from bench.env import Server, World
from domain.registry import GamePlugin

ITEM = "3 replay"
TITLE = "Replay latency (step 1 vs last) and throughput vs hello-world"
PLAYERS = 4


def _ms(values: list[float]) -> tuple[float, float]:
    return percentile(values, 50) * 1000, percentile(values, 99) * 1000


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    port = int(server.base.rsplit(":", 1)[1])
    seed = games.longest(PLAYERS, range(1, 13 if quick else 41))
    steps = games.events_of(PLAYERS, seed)
    copies = 40 if quick else 400
    payloads = [games.record_body(PLAYERS, seed, f"bench:replay:{seed}:{i}") for i in range(copies)]
    _, _, ids = importer.post_fast(server, payloads)

    def paths(step: int) -> list[str]:
        return [f"/games/{gid}/replay/{step}" for gid in ids]

    # A few untimed requests on other steps: code paths and connections warm, the measured ones cold.
    http_load(port, [f"/games/{ids[0]}/replay/{s}" for s in (2, 3, steps - 1)], requests=30)
    first = http_load(port, paths(1), requests=copies)["latencies"]
    last = http_load(port, paths(steps), requests=copies)["latencies"]
    warm_first = http_load(port, paths(1)[:1], requests=200 if not quick else 50)["latencies"]
    warm_last = http_load(port, paths(steps)[:1], requests=200 if not quick else 50)["latencies"]
    p50_first, p99_first = _ms(first)
    p50_last, p99_last = _ms(last)

    concurrency = 16
    seconds = 3.0 if quick else 8.0
    hello_cpu0 = server.cpu_seconds()
    hello = wrk.load(
        port, ["/health/ping"], seconds=seconds, requests=hello_n(quick), concurrency=concurrency, warmup=500
    )
    hello_cpu = server.cpu_seconds() - hello_cpu0
    hello_rate = hello["rate"]
    rng = random.Random(6)
    # More distinct (copy, step) pairs than a run sends: every request is a step not asked before
    # (its block may be held: ~9 blocks per copy).
    mixed = [f"/games/{rng.choice(ids)}/replay/{rng.randint(1, steps)}" for _ in range(40_000)]
    reads0 = block_reads(server)
    cpu0 = server.cpu_seconds()
    replayed = wrk.load(port, mixed, seconds=seconds, requests=800 if quick else 4000, concurrency=concurrency)
    cpu = server.cpu_seconds() - cpu0
    read_share = (block_reads(server) - reads0) / max(1, replayed["requests"])
    replay_rate = replayed["rate"]
    # A viewer stepping through a replay others watched: the steps already encoded.
    seen = mixed[:200]
    wrk.load(port, seen, seconds=1, requests=len(seen), concurrency=4)
    served = wrk.load(port, seen, seconds=seconds, requests=800 if quick else 4000, concurrency=concurrency)
    client = hello["generator"]
    fallback = "" if client == "wrk" else " (wrk missing: `make bench-deps`; the Python generator bounds these)"
    details = {
        "game_seed": seed,
        "steps": steps,
        "copies": copies,
        "step1_ms": {"p50": p50_first, "p99": p99_first},
        "last_ms": {"p50": p50_last, "p99": p99_last},
        "warm_step1_ms": dict(zip(("p50", "p99"), _ms(warm_first), strict=True)),
        "warm_last_ms": dict(zip(("p50", "p99"), _ms(warm_last), strict=True)),
        "load_generator": client,
        "hello_ms": {"p50": hello["p50_ms"], "p99": hello["p99_ms"]},
        "replay_mixed_ms": {"p50": replayed["p50_ms"], "p99": replayed["p99_ms"]},
        "replay_served_ms": {"p50": served["p50_ms"], "p99": served["p99_ms"]},
        "replay_server_cpu_ms_per_request": cpu / replayed["requests"] * 1000,
        "replay_block_read_share": read_share,
        "hello_server_cpu_ms_per_request": hello_cpu / hello["requests"] * 1000,
        "concurrency": concurrency,
    }
    others = [_kind_latency(server, port, plugin, quick) for plugin in games.kinds()[1:]]
    return [
        ratio_row(
            ITEM,
            f"replay p50 at the last step ({steps}) of a 4-player game, cold (p99 {p99_last:.2f} ms)",
            p50_last,
            "ms",
            f"p50 at step 1, cold (p99 {p99_first:.2f} ms); {copies} copies of the game, one request each",
            p50_first,
            at_most=1.5,
            details=details,
            short="replay p50 latency, last step (cold)",
            baseline_short="replay p50 latency, step 1 (cold)",
        ),
        ratio_row(
            ITEM,
            f"replay p99 at the last step vs step 1 (cold; warm p50 {details['warm_last_ms']['p50']:.2f} ms "
            f"vs {details['warm_step1_ms']['p50']:.2f} ms)",
            p99_last,
            "ms",
            "p99 at step 1, cold",
            p99_first,
            at_most=1.5,
            short="replay p99 latency, last step (cold)",
            baseline_short="replay p99 latency, step 1 (cold)",
        ),
        ratio_row(
            ITEM,
            f"replay throughput, random (copy, step) pairs, {concurrency} connections, {client} "
            f"(p50 {replayed['p50_ms']:.1f} ms, p99 {replayed['p99_ms']:.1f} ms; {read_share:.0%} of them read "
            f"a block){fallback}{_cpu_bound(details)}",
            replay_rate,
            "requests/s",
            f"GET /health/ping (hello-world, same app and server; p50 {hello['p50_ms']:.1f} ms, "
            f"p99 {hello['p99_ms']:.1f} ms)",
            hello_rate,
            at_least=0.5,
            short="replay throughput (random steps)",
            baseline_short="hello-world GET /health/ping",
            details={"replay_requests": replayed["requests"], "hello_requests": hello["requests"]},
            cpu_ms=details["replay_server_cpu_ms_per_request"],  # type: ignore[arg-type]
            baseline_cpu_ms=details["hello_server_cpu_ms_per_request"],  # type: ignore[arg-type]
        ),
        ratio_row(
            ITEM,
            f"replay throughput, steps already served (finished games' encoded steps), {client} "
            f"(p50 {served['p50_ms']:.1f} ms, p99 {served['p99_ms']:.1f} ms)",
            served["rate"],
            "requests/s",
            "GET /health/ping (hello-world, same run)",
            hello_rate,
            at_least=0.5,
            short="replay throughput (steps already served)",
            baseline_short="hello-world GET /health/ping",
        ),
        *others,
    ]


def _kind_latency(server: Server, port: int, plugin: GamePlugin, quick: bool) -> Row:
    """One more kind's cold replay latency: p50 at the last step of its long game against step 1."""
    players = games.players_for(plugin.kind, PLAYERS)
    seed = games.longest(players, range(1, 7 if quick else 13), plugin.kind)
    steps = games.events_of(players, seed, plugin.kind)
    copies = 10 if quick else 100
    payloads = [
        games.record_body(players, seed, f"bench:replay:{plugin.kind}:{seed}:{i}", plugin.kind) for i in range(copies)
    ]
    _, _, ids = importer.post_fast(server, payloads)
    http_load(port, [f"/games/{ids[0]}/replay/{s}" for s in (2, 3, steps - 1)], requests=30)
    first = http_load(port, [f"/games/{gid}/replay/1" for gid in ids], requests=copies)["latencies"]
    last = http_load(port, [f"/games/{gid}/replay/{steps}" for gid in ids], requests=copies)["latencies"]
    p50_first, p99_first = _ms(first)
    p50_last, p99_last = _ms(last)
    return ratio_row(
        ITEM,
        f"replay p50 at the last step ({steps}) of a {players}-player {plugin.title} game, cold "
        f"(p99 {p99_last:.2f} ms)",
        p50_last,
        "ms",
        f"p50 at step 1, cold (p99 {p99_first:.2f} ms); {copies} copies of the game, one request each",
        p50_first,
        at_most=1.5,
        details={"kind": plugin.kind, "game_seed": seed, "steps": steps, "copies": copies},
        short=f"replay p50 latency, last step (cold), {plugin.title}",
        baseline_short=f"replay p50 latency, step 1 (cold), {plugin.title}",
    )


def block_reads(server: Server) -> float:
    """The server's count of replay steps that read their block (``/metrics``)."""
    with server.client() as client:
        for line in client.get("/metrics").text.splitlines():
            if line.startswith("banquise_replay_block_reads_total "):
                return float(line.rpartition(" ")[2])
    return 0.0


def hello_n(quick: bool) -> int:
    return 3000 if quick else 15000


def _cpu_bound(details: dict[str, object]) -> str:
    """The bound the server's own CPU puts on the ratio (measured in the same run), when both were measured."""
    step = details["replay_server_cpu_ms_per_request"]
    hello = details["hello_server_cpu_ms_per_request"]
    if not isinstance(step, float) or not isinstance(hello, float) or step <= 0:
        return ""
    return (
        f" — the server used {step:.2f} ms of CPU per cold step against {hello:.2f} ms per hello-world: "
        f"a CPU-bound server cannot pass a ratio of ~{hello / step:.2f}"
    )
