"""What idle live streams cost, and how long an append takes to reach them (issue #27).

``python -m bench.live_streams --streams 200 --seconds 10`` starts ``banquise serve`` on a fresh embedded
database, opens N streams on one live game, measures the CPU the server and PostgreSQL spend over the
idle window, then appends moves and measures append → every stream (from the move's answer, and from its
sending). Not part of ``make bench``: it needs a real server process and N sockets.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psutil

from bench.games import KIND
from tests.e2e.server import banquise, served
from tests.watching import record, remaining_moves


def _postgres(pgdata: Path) -> list[psutil.Process]:
    pid = int((pgdata / "postmaster.pid").read_text().split()[0])
    master = psutil.Process(pid)
    return [master, *master.children(recursive=True)]


def _cpu(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


async def run(streams: int, seconds: float, appends: int) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="live-bench-")) / "data"
    made = banquise(data, "keys", "create", "--name", "bench")
    assert made.returncode == 0, made.stderr
    headers = {"authorization": f"Bearer {made.stdout.strip()}"}
    with served(data, BANQUISE_MAX_STREAMS_PER_CLIENT=str(streams + 10), BANQUISE_MAX_STREAMS=str(streams + 10)) as s:
        base = s.base
        body = record(KIND, 2, 7, moves=2)
        game = httpx.post(f"{base}/games/import", json=body, headers=headers, timeout=30).json()
        gid, version = game["id"], game["version"]
        moves = remaining_moves(KIND, 2, 7, 2)[:appends]
        server = psutil.Process(s.proc.pid)
        limits = httpx.Limits(max_connections=streams + 10, max_keepalive_connections=0)
        seen: list[int] = [version] * streams
        ready = asyncio.Semaphore(0)
        changed = asyncio.Event()

        async def watch(i: int, client: httpx.AsyncClient) -> None:
            async with client.stream("GET", f"{base}/games/{gid}/live", params={"after": version}) as r:
                assert r.status_code == 200
                async for line in r.aiter_lines():
                    if line.startswith(":"):
                        if line == ": banquise live":
                            ready.release()
                    elif line.startswith("id:"):
                        seen[i] = int(line[3:])
                        changed.set()

        async with httpx.AsyncClient(timeout=None, limits=limits) as client:
            tasks = [asyncio.create_task(watch(i, client)) for i in range(streams)]
            for _ in range(streams):
                await asyncio.wait_for(ready.acquire(), 60)
            await asyncio.sleep(1)
            procs = [server, *server.children(recursive=True)]
            pg = _postgres(s.pgdata)
            before_server, before_pg = _cpu(procs), _cpu(pg)
            await asyncio.sleep(seconds)
            idle_server, idle_pg = _cpu(procs) - before_server, _cpu(pg) - before_pg
            from_answer: list[float] = []
            from_send: list[float] = []
            etag = None
            async with httpx.AsyncClient(timeout=30, headers=headers) as writer:
                for move in moves:
                    sent = time.perf_counter()
                    answer = await writer.post(
                        f"{base}/games/{gid}/moves",
                        json={"move": msgspec.to_builtins(move)},
                        headers={"if-match": etag} if etag else {},
                    )
                    assert answer.status_code == 201, answer.text
                    answered = time.perf_counter()
                    etag = answer.headers["etag"]
                    target = int(etag.strip('"'))
                    while min(seen) < target:
                        changed.clear()
                        await asyncio.wait_for(changed.wait(), 30)
                    done = time.perf_counter()
                    from_answer.append(done - answered)
                    from_send.append(done - sent)
                    await asyncio.sleep(0.2)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "streams": streams,
        "idle_seconds": seconds,
        "server_cpu_share": round(idle_server / seconds, 4),
        "postgres_cpu_share": round(idle_pg / seconds, 4),
        "append_to_all_ms_median_from_answer": round(statistics.median(from_answer) * 1000, 1),
        "append_to_all_ms_max_from_answer": round(max(from_answer) * 1000, 1),
        "append_to_all_ms_median_from_send": round(statistics.median(from_send) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--appends", type=int, default=10)
    args = parser.parse_args()
    print(msgspec.json.encode(asyncio.run(run(args.streams, args.seconds, args.appends))).decode())


if __name__ == "__main__":
    main()
