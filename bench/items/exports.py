"""Item 11: the NDJSON export of 10,000 games streams in constant memory.

A fresh ``banquise serve`` process imports 10,000 simulated 2-player games under one run's tag (the first
1,000 also under a second tag), then streams ``GET /exports/records`` twice: the 1,000 games, then the
10,000, read by a client that counts the lines and keeps none. A thread samples the server's RSS every
50 ms during each export. Constant means: the peak RSS while 10,000 games stream is within 10% of the
peak while 1,000 stream (the export holds one page of rows and the lines being written, whatever its
length).
"""

from __future__ import annotations

import threading
import time
from typing import Any

import msgspec

from bench import games
from bench.core import Row, in_threads
from bench.env import Server, World
from bench.importer import JSON

ITEM = "11 exports"
TITLE = "Server RSS while streaming 10,000 games as NDJSON records"
PLAYERS = 2
POOL = 40
THREADS = 4
FLAT = 1.10


def _import(server: Server, total: int, run_tag: str) -> None:
    lock = threading.Lock()
    next_index = 0
    bodies = {s: games.record(PLAYERS, s) for s in range(1, POOL + 1)}

    def work(_: int) -> None:
        nonlocal next_index
        with server.client() as http:
            while True:
                with lock:
                    i = next_index
                    next_index += 1
                if i >= total:
                    return
                rec = dict(bodies[1 + i % POOL])
                rec["id"] = f"bench:exports:{run_tag}:{i}"
                rec["tags"] = {"bench": run_tag, **({"part": "first"} if i < total // 10 else {})}
                r = http.post("/games/import", content=msgspec.json.encode(rec), headers=JSON)
                if r.status_code != 201:
                    raise RuntimeError(f"import answered {r.status_code}: {r.text[:300]}")

    in_threads(THREADS, work)


def _export(server: Server, tags: list[str]) -> dict[str, Any]:
    """Stream the records of ``tags``' games; the lines read, the time, and the server's RSS before and
    at its peak meanwhile."""
    stop = threading.Event()
    before = server.rss()
    cpu = server.cpu_seconds()
    peak = before

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, server.rss())
            stop.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    lines = 0
    started = time.perf_counter()
    try:
        with server.client() as http:
            params = [("tag", t) for t in tags]
            with http.stream("GET", "/exports/records", params=params, timeout=None) as response:
                if response.status_code != 200:
                    raise RuntimeError(f"export answered {response.status_code}: {response.read()[:300]!r}")
                for chunk in response.iter_bytes():
                    lines += chunk.count(b"\n")
    finally:
        stop.set()
        sampler.join()
    elapsed = time.perf_counter() - started
    cpu = server.cpu_seconds() - cpu
    return {"lines": lines, "elapsed_s": elapsed, "cpu_s": cpu, "rss_before": before, "rss_peak": peak}


def run(w: World, quick: bool) -> list[Row]:
    total = 1000 if quick else 10_000
    small = total // 10
    run_tag = f"run{int(time.time())}"
    w.stop_server()
    server = w.start_server()
    _import(server, total, run_tag)
    few = _export(server, [f"bench:{run_tag}", "part:first"])
    many = _export(server, [f"bench:{run_tag}"])
    w.stop_server()
    if (few["lines"], many["lines"]) != (small, total):
        raise RuntimeError(f"exported {few['lines']} and {many['lines']} records, not {small} and {total}")
    mb = 1 / (1024 * 1024)
    ratio = many["rss_peak"] / few["rss_peak"]
    details = {
        "games": [small, total],
        "records_per_s": [few["lines"] / few["elapsed_s"], many["lines"] / many["elapsed_s"]],
        "elapsed_s": [few["elapsed_s"], many["elapsed_s"]],
        "server_cpu_ms_per_record": [1000 * e["cpu_s"] / e["lines"] for e in (few, many)],
        "rss_before_mb": [few["rss_before"] * mb, many["rss_before"] * mb],
        "rss_peak_mb": [few["rss_peak"] * mb, many["rss_peak"] * mb],
        "rss_growth_mb": [(e["rss_peak"] - e["rss_before"]) * mb for e in (few, many)],
    }
    note = (
        f"{small:,} records in {few['elapsed_s']:.1f} s, {total:,} in {many['elapsed_s']:.1f} s "
        f"({many['lines'] / many['elapsed_s']:.0f} records/s); RSS growth during each: "
        f"{details['rss_growth_mb'][0]:.1f} / {details['rss_growth_mb'][1]:.1f} MB"
    )
    return [
        Row(
            item=ITEM,
            what=f"server peak RSS while {total:,} games stream as NDJSON records",
            value=many["rss_peak"] * mb,
            unit="MB",
            baseline_what=f"peak RSS while {small:,} games stream",
            baseline=few["rss_peak"] * mb,
            baseline_unit="MB",
            ratio=ratio,
            target=f"<= {FLAT:g}",
            met=ratio <= FLAT,
            note=note,
            details=details,
            short=f"peak RSS, {total:,}-game export",
            baseline_short=f"peak RSS, {small:,}-game export",
        ),
        # The rate, beside: a page's games' events are read together (``GamesTable.streams``), so a
        # long export runs as fast as a short one. The server's CPU per record is the steadier figure
        # on a shared machine.
        Row(
            item=ITEM,
            what=f"NDJSON records streamed per second, {total:,} games",
            value=details["records_per_s"][1],
            unit="records/s",
            baseline_what=f"the same, {small:,} games",
            baseline=details["records_per_s"][0],
            baseline_unit="records/s",
            ratio=details["records_per_s"][1] / details["records_per_s"][0],
            note=f"server CPU per record: {details['server_cpu_ms_per_record'][1]:.2f} ms",
            details={"games": [small, total]},
            short=f"records/s, {total:,}-game export",
            baseline_short=f"records/s, {small:,}-game export",
            cpu_ms=details["server_cpu_ms_per_record"][1],
            baseline_cpu_ms=details["server_cpu_ms_per_record"][0],
        ),
    ]
