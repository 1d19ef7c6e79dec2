"""Item 1: bulk import through ``POST /games/import`` (all validation included) against a raw COPY."""

from __future__ import annotations

from bench import baselines, importer
from bench.core import Row, ratio_row
from bench.env import World

ITEM = "1 import"
TITLE = "Bulk import, events/s vs raw COPY"
PLAYERS = 3
THREADS = 4


def max_notification(w: World) -> int:
    with w.connect() as conn:
        row = conn.execute("SELECT coalesce(max(notification_id), 0) FROM banquise_events").fetchone()
    return int(row[0]) if row else 0


def run(w: World, quick: bool) -> list[Row]:
    server = w.start_server()
    n = 60 if quick else 500
    warm, _ = importer.bodies(PLAYERS, 8, label="import-warmup")
    importer.post_all(server, warm, threads=THREADS)
    payloads, events = importer.bodies(PLAYERS, n, label="import")
    before = max_notification(w)
    elapsed, stored, ids = importer.post_fast(server, payloads, connections=THREADS)
    after = max_notification(w)
    if stored != events:
        raise RuntimeError(f"the server stored {stored} events, the records hold {events}")
    w.cache.setdefault(f"imported:{PLAYERS}", []).extend(ids)
    rate = events / elapsed
    stream, rows = baselines.event_rows(w, before, after)
    copy, copies = baselines.copy_rate(w, stream, rows, runs=1 if quick else 3)
    return [
        ratio_row(
            ITEM,
            f"POST /games/import, {n} games of {PLAYERS} players ({events} events), {THREADS} connections",
            rate,
            "events/s",
            f"COPY of the same {rows} stored rows into a scratch table (same columns and indexes)",
            copy,
            at_least=0.20,
            short="import through POST /games/import (validation included)",
            baseline_short="raw COPY of the same rows",
            details={
                "games": n,
                "events": events,
                "elapsed_s": elapsed,
                "games_per_s": n / elapsed,
                "copy_runs_rows_per_s": copies,
                "body_bytes_avg": sum(map(len, payloads)) / n,
            },
        )
    ]
