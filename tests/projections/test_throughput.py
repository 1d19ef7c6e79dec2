"""How fast the batched runner rebuilds the read models (``-m soak``; prints events per second).

For comparison, eventsourcing's ProjectionRunner commits one transaction per event: ~1.5k events/s
on the 2-core reference machine."""

from __future__ import annotations

import os
import time

import pytest

from projections import standard
from service.runtime import Runtime
from tests.projections.support import make_key, record, store_game

GAMES = int(os.environ.get("BANQUISE_BENCH_GAMES", "400"))


@pytest.mark.soak
def test_rebuild_throughput(runtime: Runtime, database: object) -> None:
    key, _ = make_key(database)  # type: ignore[arg-type]
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    for i in range(GAMES):
        players = 2 + i % 3
        chosen = [names[(i + k * 3) % len(names)] for k in range(players)]
        store_game(runtime.games, key, record("arctic", players, i, chosen))
    events = runtime.store.max_notification_id()
    # The same runner committing once per event (what eventsourcing's ProjectionRunner does), on a prefix.
    single = standard.runner(runtime.store, runtime.games.registry, batch_size=1)
    single.reset()
    started = time.perf_counter()
    single.run(until=3000)
    one_by_one = 3000 / (time.perf_counter() - started)
    single.close()
    print(f"\nbatch 1 (one transaction per event): {one_by_one:,.0f} events/s")
    for batch in (500, 1000, 2000):
        runner = standard.runner(runtime.store, runtime.games.registry, batch_size=batch)
        started = time.perf_counter()
        runner.rebuild()
        elapsed = time.perf_counter() - started
        runner.close()
        rate = events / elapsed
        print(
            f"batch {batch}: {events} events of {GAMES} games in {elapsed:.2f} s = {rate:,.0f} events/s "
            f"({rate / one_by_one:.0f}x one transaction per event)"
        )
        print("  seconds per phase: " + ", ".join(f"{k} {v:.2f}" for k, v in runner.timings.items()))
    assert runner.position() == events
