"""Item 10: ``GET /games/{id}/watch`` of a game of 12,000 events (issue #35) against a whole simulated game's.

The long game is the one ``bench/long_history.py`` grows by move + undo cycles (a table that kept
correcting itself), as item 9 does, until the stream holds 12,000 events.
The page holds one page of the timeline (the viewer fetches the rest from ``/timeline``), so its size
should not grow with the history: the row reports its bytes against the page of a whole simulated game
(a few hundred events) and meets its bound at <= 600 kB. The second row: the serve time of the long page
against the short one's (p50 of sequential requests: the first request of a page folds the timeline up
to the step the page starts after, and the process keeps where it stands there; its time is in the row).
"""

from __future__ import annotations

import time

import httpx

from bench import games, importer, long_history
from bench.core import Row, http_load, percentile, ratio_row
from bench.env import World

ITEM = "10 watch"
TITLE = "/watch of a 12,000-event game: page bytes and serve time vs a whole game's"
PLAYERS, SEED = 2, 11
BOUND = 600_000  # bytes: issue #35's bound on the page of a 12,000-event game


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    port = int(server.base.rsplit(":", 1)[1])
    events = 3_000 if quick else 12_000
    auth = {"authorization": f"Bearer {w.create_key('bench-watch')}"}
    with httpx.Client(base_url=server.base, headers=auth, timeout=60) as http:
        grown = long_history.long_game(http, events)
        gid, version = grown.id, grown.version
        # the whole timeline: what the page carried before issue #35 (and computed on every request)
        t0 = time.perf_counter()
        whole = http.get(f"/games/{gid}/timeline", params={"limit": 10_000}).content
        whole_ms = (time.perf_counter() - t0) * 1000
    _, _, (short,) = importer.post_fast(server, [games.record_body(PLAYERS, SEED, f"bench:watch:{SEED}")])
    pages: dict[str, bytes] = {}
    first_ms: dict[str, float] = {}
    for name, g in (("long", gid), ("short", short)):
        t0 = time.perf_counter()
        pages[name] = httpx.get(f"{server.base}/games/{g}/watch", timeout=60).content
        first_ms[name] = (time.perf_counter() - t0) * 1000
    n = 10 if quick else 30
    long_ms = percentile(http_load(port, [f"/games/{gid}/watch"], requests=n, warmup=2)["latencies"], 50) * 1000
    short_ms = percentile(http_load(port, [f"/games/{short}/watch"], requests=n, warmup=2)["latencies"], 50) * 1000
    size = len(pages["long"])
    bytes_row = ratio_row(
        ITEM,
        f"/watch page of a {version}-event game (move + undo cycles), bytes (the whole timeline: {len(whole)} bytes)",
        size,
        "bytes",
        f"/watch page of a whole simulated {PLAYERS}-player game",
        len(pages["short"]),
        short="/watch page bytes, 12,000-event game",
        baseline_short="/watch page bytes, a whole game",
        details={"events": version, "page_bytes": size, "timeline_bytes": len(whole), "bound": BOUND},
    )
    bytes_row.target, bytes_row.met = f"<= {BOUND // 1000} kB", size <= BOUND
    return [
        bytes_row,
        ratio_row(
            ITEM,
            f"/watch p50 serve time of the {version}-event game, ms ({n} sequential requests; the first, which "
            f"folds the timeline up to its page: {first_ms['long']:.0f} ms; the whole timeline: {whole_ms:.0f} ms)",
            long_ms,
            "ms",
            "/watch p50 of a whole simulated game",
            short_ms,
            short="/watch p50, 12,000-event game",
            baseline_short="/watch p50, a whole game",
            details={"long_ms": long_ms, "short_ms": short_ms, "first_ms": first_ms, "whole_timeline_ms": whole_ms},
        ),
    ]
