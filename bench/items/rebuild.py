"""Item 4: projection rebuild (events/s) against raw selection of the same notifications.

Runs ``projections.runner.Runner`` in this process on the events the earlier items stored (the
server runs no projection worker: ``BANQUISE_RUN_PROJECTIONS=false``): ``reset()`` then batches until
the chosen position, as ``banquise projections rebuild`` does. The baseline pages through the same
notifications with the runner's own SELECT (pages of the same size, tuple rows, nothing decoded).
"""

from __future__ import annotations

import time
from typing import Any

from bench import importer
from bench.core import Row, ratio_row, skipped
from bench.env import World

ITEM = "4 rebuild"
TITLE = "Projection rebuild vs raw notification selection"
BATCH = 1000


def select_rate(w: World, upto: int, batch: int) -> tuple[float, int]:
    from psycopg.rows import tuple_row

    with w.connect(row_factory=tuple_row) as conn:
        started = time.perf_counter()
        position, rows = 0, 0
        while position < upto:
            page = conn.execute(
                "SELECT notification_id, originator_id, originator_version, topic, state FROM banquise_events "
                "WHERE notification_id > %s AND notification_id <= %s ORDER BY notification_id LIMIT %s",
                (position, upto, batch),
            ).fetchall()
            if not page:
                break
            rows += len(page)
            position = int(page[-1][0])
        conn.commit()
        elapsed = time.perf_counter() - started
    return rows / elapsed, rows


def run(w: World, quick: bool) -> list[Row]:
    try:
        from projections import standard
    except ImportError as exc:
        return [skipped(ITEM, TITLE, f"projections.runner does not import ({exc})")]
    from service.base.store import GameLog
    from service.base.store.kinds import Registry

    cap = 40_000 if quick else 200_000
    importer.ensure_games(w, 3, 60 if quick else 300)
    store = GameLog(w.params, pool_size=2)
    runner: Any = None
    try:
        runner = standard.runner(store, Registry.default(), batch_size=BATCH)
        with w.connect() as conn:
            row = conn.execute("SELECT notification_id FROM banquise_events ORDER BY notification_id").fetchall()
        ids = [int(r[0]) for r in row]
        upto = ids[min(len(ids), cap) - 1]
        events = len([i for i in ids if i <= upto])
        runner.reset()
        started = time.perf_counter()
        runner.run(until=upto)
        elapsed = time.perf_counter() - started
        reached = runner.position()
        applied = len([i for i in ids if i <= reached])
        rate = applied / elapsed
        raw, selected = select_rate(w, reached, BATCH)
    finally:
        if runner is not None:
            runner.close()
        store.close()
    return [
        ratio_row(
            ITEM,
            f"Runner.reset() + run(), batches of {BATCH}, all projections ({applied} events)",
            rate,
            "events/s",
            f"SELECT of the same {selected} notifications, pages of {BATCH}",
            raw,
            at_least=0.2,
            short="projection rebuild",
            baseline_short="raw SELECT of the same notifications",
            details={"events": applied, "target_events": events, "elapsed_s": elapsed},
        )
    ]
