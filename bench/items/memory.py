"""Item 7: the server's RSS while importing 10,000 games must stay flat.

A fresh ``banquise serve`` process imports 10,000 simulated 2-player games (cycling over a pool of
distinct simulations, each under its own record id: 10,000 distinct games); a thread samples the
server's RSS from /proc (psutil) every 50 ms. Reported: RSS when 1,000, 5,000 and 10,000 games are
stored, and the peak of each stretch. Flat means: the peak over the last stretch is within 10% of the
RSS at 1,000 games.
"""

from __future__ import annotations

import threading
import time

from bench import games
from bench.core import Row, in_threads
from bench.env import World
from bench.importer import JSON

ITEM = "7 memory"
TITLE = "Server RSS while importing 10,000 games"
PLAYERS = 2
POOL = 40
THREADS = 4
FLAT = 1.10


def run(w: World, quick: bool) -> list[Row]:
    total = 1000 if quick else 10_000
    marks = [total // 10, total // 2, total]
    w.stop_server()
    server = w.start_server()
    for s in range(1, POOL + 1):
        games.record(PLAYERS, s)  # simulate before the clock starts
    rss_start = server.rss()
    lock = threading.Lock()
    done = 0
    next_index = 0
    peak = 0
    at_mark: dict[int, int] = {}
    peak_at_mark: dict[int, int] = {}
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            rss = server.rss()
            with lock:
                peak = max(peak, rss)
            stop.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    events = 0

    def work(_: int) -> None:
        nonlocal done, next_index, events, peak
        with server.client() as http:
            while True:
                with lock:
                    i = next_index
                    next_index += 1
                if i >= total:
                    return
                seed = 1 + i % POOL
                body = games.record_body(PLAYERS, seed, f"bench:memory:{i}")
                r = http.post("/games/import", content=body, headers=JSON)
                if r.status_code != 201:
                    raise RuntimeError(f"import answered {r.status_code}: {r.text[:300]}")
                rss = server.rss() if (done + 1) in marks else 0
                with lock:
                    done += 1
                    events += games.events_of(PLAYERS, seed)
                    if done in marks:
                        peak = max(peak, rss)
                        at_mark[done] = rss
                        peak_at_mark[done] = peak
                        peak = 0

    started = time.perf_counter()
    try:
        elapsed = in_threads(THREADS, work)
    finally:
        stop.set()
        sampler.join()
    del started
    mb = 1 / (1024 * 1024)
    first, middle, last = marks
    base = at_mark[first]
    growth = peak_at_mark[last] / base
    details = {
        "games": total,
        "events": events,
        "import_events_per_s": events / elapsed,
        "elapsed_s": elapsed,
        "rss_start_mb": rss_start * mb,
        "rss_mb": {str(k): v * mb for k, v in at_mark.items()},
        "peak_mb_per_stretch": {str(k): v * mb for k, v in peak_at_mark.items()},
    }
    note = (
        f"RSS at {first:,} / {middle:,} / {last:,} games: "
        f"{at_mark[first] * mb:.0f} / {at_mark[middle] * mb:.0f} / {at_mark[last] * mb:.0f} MB "
        f"(start {rss_start * mb:.0f} MB; peaks per stretch "
        f"{peak_at_mark[first] * mb:.0f} / {peak_at_mark[middle] * mb:.0f} / {peak_at_mark[last] * mb:.0f} MB)"
    )
    w.stop_server()
    steady = peak_at_mark[last] / peak_at_mark[middle]
    return [
        Row(
            item=ITEM,
            what=f"server peak RSS, games {middle:,}-{last:,} of an import of {total:,} games",
            value=peak_at_mark[last] * mb,
            unit="MB",
            baseline_what=f"server RSS at {first:,} games",
            baseline=base * mb,
            baseline_unit="MB",
            ratio=growth,
            target=f"<= {FLAT:g}",
            met=growth <= FLAT,
            note=note,
            details=details,
            short=f"server peak RSS, games {middle:,}-{last:,}",
            baseline_short=f"RSS at {first:,} games",
        ),
        Row(
            item=ITEM,
            what=f"server peak RSS, games {middle:,}-{last:,} (once the bounded state caches are full)",
            value=peak_at_mark[last] * mb,
            unit="MB",
            baseline_what=f"peak RSS, games {first:,}-{middle:,}",
            baseline=peak_at_mark[middle] * mb,
            baseline_unit="MB",
            ratio=steady,
            target=f"<= {FLAT:g}",
            met=steady <= FLAT,
            short=f"server peak RSS, games {middle:,}-{last:,}",
            baseline_short=f"peak RSS, games {first:,}-{middle:,}",
            note="GameService keeps the latest state of up to 4,096 games in an LRU (service/games/states.py): "
            "about 2.2 kB per finished 2-player game, ~7 MB when full",
        ),
    ]
