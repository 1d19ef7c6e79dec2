"""``python -m bench.profile_replay``: where the server's CPU goes on cold random replay steps.

Imports copies of the bench's long 4-player game, then (1) asks a fresh ``banquise serve`` process
for random (copy, step) pairs never asked before and reports its CPU per request (as item 3 does),
(2) with ``--warm-rounds N``, asks one server N rounds of them as its replay blocks fill, and (3) with
``--profile``, runs the same use case in this process under cProfile (no HTTP). Not a benchmark row:
a helper to find and check CPU cuts on this path (issue #17).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import pstats
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from uuid import UUID

import psutil

from bench import games, importer
from bench.core import http_load
from bench.env import World, world

PLAYERS = 4
CONCURRENCY = 4


def pairs(ids: list[str], steps: int, n: int, seed: int) -> list[tuple[str, int]]:
    rng = random.Random(seed)
    return [(rng.choice(ids), rng.randint(1, steps)) for _ in range(n)]


def server_cpu(w: World, ids: list[str], steps: int, n: int, seed: int, spy: str = "") -> float:
    """Server CPU ms per request over ``n`` random pairs, on a fresh server (cold caches); with ``spy``,
    py-spy samples the server meanwhile into that file (collapsed stacks)."""
    server = w.launch(1)
    try:
        port = int(server.base.rsplit(":", 1)[1])
        http_load(port, ["/health/ping"], requests=200)
        paths = [f"/games/{g}/replay/{s}" for g, s in pairs(ids, steps, n, seed)]
        sampler = None
        if spy:
            sampler = subprocess.Popen(
                [
                    str(Path(sys.executable).parent / "py-spy"),
                    "record",
                    "-p",
                    str(server.pid),
                    "-r",
                    "400",
                    "-f",
                    "raw",
                    "-o",
                    spy,
                    "--nonblocking",
                    "--gil",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.5)
        proc = psutil.Process(server.pid)
        times0 = proc.cpu_times()
        cpu0 = server.cpu_seconds()
        result = http_load(port, paths, requests=len(paths), concurrency=CONCURRENCY)
        cpu = (server.cpu_seconds() - cpu0) / result["requests"] * 1000
        times = proc.cpu_times()
        print(
            f"  user {(times.user - times0.user) / result['requests'] * 1000:.3f} ms, "
            f"system {(times.system - times0.system) / result['requests'] * 1000:.3f} ms per request, "
            f"{result['requests'] / result['elapsed']:.0f} requests/s"
        )
        if sampler is not None:
            sampler.send_signal(signal.SIGINT)
            sampler.wait(30)
        return cpu
    finally:
        w.stop(server)


def warming(w: World, ids: list[str], steps: int, n: int, rounds: int) -> None:
    """Rounds of ``n`` random pairs on one server: the server CPU per request as its replay blocks fill.
    A step on a block the process never read pays the block's round trip and the fold from its start;
    later rounds land more often on held blocks."""
    server = w.launch(1)
    try:
        port = int(server.base.rsplit(":", 1)[1])
        http_load(port, ["/health/ping"], requests=200)
        for r in range(rounds):
            paths = [f"/games/{g}/replay/{s}" for g, s in pairs(ids, steps, n, 200 + r)]
            cpu0 = server.cpu_seconds()
            result = http_load(port, paths, requests=len(paths), concurrency=CONCURRENCY)
            cpu = (server.cpu_seconds() - cpu0) / result["requests"] * 1000
            print(f"warming round {r}: server CPU {cpu:.3f} ms per request, RSS {server.rss() // 2**20} MB")
    finally:
        w.stop(server)


def summarize(path: str, top: int) -> None:
    """Inclusive and self shares of the sampled functions (idle samples left out)."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in Path(path).read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        frames = stack.split(";")
        leaf = frames[-1]
        if any(idle in leaf for idle in ("select (selectors", "wait (threading", "_worker (concurrent", "epoll")):
            continue
        count = int(count_text)
        total += count
        own[leaf] += count
        for frame in set(frames):
            inclusive[frame] += count
    print(f"{total} busy samples")
    for name, counter in (("inclusive", inclusive), ("self", own)):
        print(f"-- {name}")
        for frame, count in counter.most_common(top):
            print(f"{count / total * 100:5.1f}%  {frame}")


def in_process(w: World, ids: list[str], steps: int, n: int, seed: int, top: int) -> None:
    from service.base.settings import Settings
    from service.base.store import GameLog
    from service.runtime import Runtime

    store = GameLog(w.params)
    runtime = Runtime(
        settings=Settings(pool_size=8, run_projections=False), params=w.params, store=store, server_version="profile"
    )
    try:
        games_ = runtime.games.replays
        from service.http.caching import etag_of

        todo = [(UUID(g), s) for g, s in pairs(ids, steps, n, seed)]
        prof = cProfile.Profile(time.process_time) if top else None

        async def answer_all() -> float:
            # The route's one entry (``Replays.replay``), on one event loop as the server's.
            t0 = time.process_time()
            if prof:
                prof.enable()
            for gid, step in todo:
                etag_of(await games_.replay(gid, step, "spectator", None))
            cpu = time.process_time() - t0
            await store.loop_reads.close()
            return cpu

        cpu = asyncio.run(answer_all())
        print(f"in-process ({'profiled' if prof else 'unprofiled'}) CPU {cpu / len(todo) * 1000:.3f} ms per request")
        if not prof:
            return
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(top)
        pstats.Stats(prof).sort_stats("cumtime").print_stats(top)
    finally:
        runtime.close()


def through_app(w: World, ids: list[str], steps: int, n: int, seed: int, top: int) -> None:
    """The whole app in this process (ASGI, no server), worker-thread calls run inline so that cProfile
    sees them: what the route, middleware and response cost beside the use case."""
    import service.http.routes.games as routes
    from service.base.settings import Settings
    from service.base.store import GameLog
    from service.http.app import create_app
    from service.runtime import Runtime

    async def inline(fn: Any, *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    if top:
        routes.sync_to_thread = inline  # type: ignore[assignment]
    settings = Settings(pool_size=8, run_projections=False)
    runtime = Runtime(settings=settings, params=w.params, store=GameLog(w.params), server_version="profile")
    paths = [f"/games/{g}/replay/{s}" for g, s in pairs(ids, steps, n, seed)]

    async def go() -> None:
        app = create_app(settings, runtime=runtime)
        sent: list[Any] = []

        async def receive() -> Any:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: Any) -> None:
            sent.append(message)

        def scope(path: str) -> Any:
            return {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "GET",
                "scheme": "http",
                "path": path,
                "raw_path": path.encode(),
                "query_string": b"",
                "root_path": "",
                "headers": [(b"host", b"127.0.0.1")],
                "client": ("127.0.0.1", 1),
                "server": ("127.0.0.1", 80),
                "state": {},
            }

        async with app.lifespan():
            await app(scope("/health/ping"), receive, send)
            t0 = time.process_time()
            for _ in range(3000):
                await app(scope("/health/ping"), receive, send)
            print(f"hello-world through the app CPU {(time.process_time() - t0) / 3000 * 1000:.3f} ms per request")
            prof = cProfile.Profile(time.process_time)
            collecting: list[float] = [0.0, 0.0]

            def on_gc(phase: str, info: dict[str, int]) -> None:
                if phase == "start":
                    collecting[1] = time.process_time()
                else:
                    collecting[0] += time.process_time() - collecting[1]

            gc.callbacks.append(on_gc)
            if os.environ.get("GC_THRESHOLD"):
                gc.set_threshold(*map(int, os.environ["GC_THRESHOLD"].split(",")))
            t0 = time.process_time()
            if top:
                prof.enable()
            for path in paths:
                await app(scope(path), receive, send)
            prof.disable()
            print(f"through the app CPU {(time.process_time() - t0) / len(paths) * 1000:.3f} ms per request")
            gc.callbacks.remove(on_gc)
            print(f"  of which collecting {collecting[0] / len(paths) * 1000:.3f} ms per request")
            again = cProfile.Profile(time.process_time)
            if top:
                again.enable()
            # No collection while timed: the blocks held make a full one costly, and when it falls is noise.
            gc.disable()
            timings = []
            for _ in range(5):
                t0 = time.process_time()
                for path in paths:
                    await app(scope(path), receive, send)
                timings.append((time.process_time() - t0) / len(paths) * 1000)
            gc.enable()
            again.disable()
            if top:
                pstats.Stats(again).sort_stats("tottime").print_stats(top)
            print(f"  the same steps again (encoded) {min(timings):.3f} ms per request (best of 5)")
            if not top:
                return
            statuses = Counter(m["status"] for m in sent if m["type"] == "http.response.start")
            print(statuses)
            pstats.Stats(prof).sort_stats("tottime").print_stats(top)
            pstats.Stats(prof).sort_stats("cumtime").print_stats(top)

    try:
        asyncio.run(go())
    finally:
        runtime.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=200)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--app", action="store_true", help="profile the whole app in this process")
    parser.add_argument("--spy", default="", help="sample the server with py-spy into this file")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--warm-rounds", type=int, default=0, help="rounds on one server as its blocks fill")
    args = parser.parse_args()
    global CONCURRENCY
    CONCURRENCY = args.concurrency
    with world() as w:
        server = w.start_server()
        seed = games.longest(PLAYERS, range(1, 13))
        steps = games.events_of(PLAYERS, seed)
        payloads = [games.record_body(PLAYERS, seed, f"profile:replay:{seed}:{i}") for i in range(args.copies)]
        _, _, ids = importer.post_fast(server, payloads)
        w.stop_server()
        ids.sort()
        print(f"{len(ids)} copies of a {steps}-step game")
        for r in range(args.rounds):
            print(f"round {r}: server CPU {server_cpu(w, ids, steps, args.requests, 100 + r):.3f} ms per request")
        if args.warm_rounds:
            warming(w, ids, steps, args.requests, args.warm_rounds)
        if args.spy:
            print(f"sampled: server CPU {server_cpu(w, ids, steps, args.requests, 99, args.spy):.3f} ms per request")
            summarize(args.spy, args.top)
        if args.app:
            through_app(w, ids, steps, args.requests, 8, args.top)
        if args.profile:
            in_process(w, ids, steps, args.requests, 7, 0)
            in_process(w, ids, steps, args.requests, 7, args.top)


if __name__ == "__main__":
    main()
