"""A game's stream grown by move+undo cycles (issue #27): undo, a timeline page and the whole timeline.

``python -m bench.corrected_stream --cycles 1000`` starts ``banquise serve`` on a fresh embedded database,
plays one move and takes it back ``cycles`` times on one Arctic game, then times (medians of 20) an undo
at the end, ``/timeline?after=<last>&limit=50`` (what a live viewer asks) and the whole timeline.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec

from bench.games import KIND
from bench.games import game as simulate
from tests.e2e.server import banquise, served


def _median_ms(call: Any, n: int = 20) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        call()
        times.append(time.perf_counter() - t)
    return round(statistics.median(times) * 1000, 1)


def run(cycles: int) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="corrected-bench-")) / "data"
    made = banquise(data, "keys", "create", "--name", "bench")
    assert made.returncode == 0, made.stderr
    auth = {"authorization": f"Bearer {made.stdout.strip()}"}
    game = simulate(2, 11)
    with served(data) as s, httpx.Client(base_url=s.base, headers=auth, timeout=60) as http:
        gid = http.post("/games", json={"kind": KIND, "setup": msgspec.to_builtins(game.setup)}).json()["id"]
        moves = [msgspec.to_builtins(m) for m in game.moves]
        for move in moves[:10]:
            assert http.post(f"/games/{gid}/moves", json={"move": move}).status_code == 201
        for _ in range(cycles):
            assert http.post(f"/games/{gid}/moves", json={"move": moves[10]}).status_code == 201
            assert http.post(f"/games/{gid}/undo", json={"moves": 1}).status_code == 200
        version = http.get(f"/games/{gid}").json()["version"]

        def cycle() -> None:
            assert http.post(f"/games/{gid}/moves", json={"move": moves[10]}).status_code == 201
            assert http.post(f"/games/{gid}/undo", json={"moves": 1}).status_code == 200

        cycle_ms = _median_ms(cycle)
        last = http.get(f"/games/{gid}").json()["version"]
        page_ms = _median_ms(lambda: http.get(f"/games/{gid}/timeline", params={"after": last - 2, "limit": 50}))
        whole = http.get(f"/games/{gid}/timeline", params={"limit": 10_000})
        whole_ms = _median_ms(lambda: http.get(f"/games/{gid}/timeline", params={"limit": 10_000}), 5)
    return {
        "cycles": cycles,
        "events": version,
        "move_plus_undo_ms_median": cycle_ms,
        "timeline_page_after_last_ms_median": page_ms,
        "timeline_10000_entries_ms_median": whole_ms,
        "timeline_10000_entries_bytes": len(whole.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=1000)
    print(msgspec.json.encode(run(parser.parse_args().cycles)).decode())


if __name__ == "__main__":
    main()
