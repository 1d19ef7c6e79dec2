"""``GET /metrics``: Prometheus text format, from the ``prometheus_client`` library.

Each app has a registry of its own (tests build many apps in one process). Requests are counted by
route template (``/games/{game_id:uuid}/moves``), never by raw path, so the series stay few. What the
database knows (projection lag, pool usage) is read when Prometheus scrapes, not on every request.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from litestar import Request, Response, get
from litestar.concurrency import sync_to_thread
from litestar.types import ASGIApp, Receive, Scope, Send
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from service.base.asgi import Answer, HttpMiddleware
from service.base.store import chain
from service.base.store.replica import ReplicaState
from service.runtime import Runtime

# What the writes of the games API are called in the request counter, and what they count.
WRITES = {
    ("POST", "/games/{game_id}/moves"): "moves",
    ("POST", "/games/import"): "imports",
    ("POST", "/games"): "creations",
}


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        # The process's CPU, memory and file descriptors (process_*), and the Python it runs on.
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.requests = Counter(
            "banquise_http_requests",
            "HTTP requests answered, by route template, method and status",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "banquise_http_request_duration_seconds",
            "Time to answer, by route template and method",
            ["route", "method"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
            registry=self.registry,
        )
        self.writes = Counter(
            "banquise_writes",
            "Successful writes of the games API: moves appended, records imported, games created",
            ["write"],
            registry=self.registry,
        )
        for name in WRITES.values():
            self.writes.labels(name)
        # Few keys (route templates, not paths): bounded like the series themselves.
        self._series: dict[tuple[str, str, int], tuple[Any, Any, Any]] = {}

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        # The series of a (route, method, status), looked up once: ``labels()`` takes a lock and builds
        # its key at every call (three per request).
        series = self._series.get((route, method, status))
        if series is None:
            write = WRITES.get((method, route))
            series = self._series[route, method, status] = (
                self.requests.labels(route, method, str(status)),
                self.latency.labels(route, method),
                self.writes.labels(write) if write is not None and 200 <= status < 300 else None,
            )
        requests, latency, writes = series
        requests.inc()
        latency.observe(seconds)
        if writes is not None:
            writes.inc()

    def watch(self, runtime: Callable[[], Runtime | None]) -> None:
        self.registry.register(DatabaseCollector(runtime))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class DatabaseCollector(Collector):
    """Projection lag and connection pool usage, read at scrape time."""

    def __init__(self, runtime: Callable[[], Runtime | None]) -> None:
        self.runtime = runtime

    def describe(self) -> Iterator[Any]:
        return iter(())  # the values come from the database: nothing to ask before a scrape

    def collect(self) -> Iterator[Any]:
        runtime = self.runtime()
        if runtime is None:
            return
        stats = runtime.store.pool_stats()
        if stats:
            size = GaugeMetricFamily("banquise_db_pool_connections", "Connections held by the pool")
            size.add_metric([], stats.get("pool_size", 0))
            yield size
            idle = GaugeMetricFamily("banquise_db_pool_idle_connections", "Pool connections idle, ready to lend")
            idle.add_metric([], stats.get("pool_available", 0))
            yield idle
            waiting = GaugeMetricFamily("banquise_db_pool_waiting", "Requests waiting for a pool connection")
            waiting.add_metric([], stats.get("requests_waiting", 0))
            yield waiting
        if runtime.replica is not None:
            yield from replica_metrics(runtime.replica.state())
        broken = CounterMetricFamily(
            "banquise_chain_broken",
            "Stored events whose chain hash was not the one their content gives, met by a read (docs/RECORDS.md)",
        )
        broken.add_metric([], chain.broken_seen)
        yield broken
        games = runtime.__dict__.get("games")  # only once created: a scrape builds no use cases
        if games is not None:
            transactions = CounterMetricFamily(
                "banquise_group_commit_transactions", "Transactions the group-commit writer stored moves in"
            )
            transactions.add_metric([], games.group.batches)
            yield transactions
            moves = CounterMetricFamily("banquise_group_commit_writes", "Moves stored by the group-commit writer")
            moves.add_metric([], games.group.writes)
            yield moves
            held = CounterMetricFamily(
                "banquise_held_moves",
                "Moves decided from the game's head this process held, by outcome: stored, or decided again "
                "from the game's row (a stale head, a refusal)",
                labels=["outcome"],
            )
            held.add_metric(["stored"], games.writer.held_stored)
            held.add_metric(["decided_again"], games.writer.held_again)
            yield held
            blocks = games.replays.cache
            reads = CounterMetricFamily(
                "banquise_replay_block_reads",
                "Replay steps whose block this process did not hold: read from the database (one round trip, "
                "with the blocks after it for a finished game)",
            )
            reads.add_metric([], blocks.reads)
            yield reads
            kept = GaugeMetricFamily("banquise_replay_block_events", "Events held in replay blocks (bounded)")
            kept.add_metric([], blocks.events)
            yield kept
        try:
            head = runtime.store.max_notification_id()
            position = runtime.read_models.position()
        except Exception:  # a scrape while the database is down still answers with what it has
            return
        lag = GaugeMetricFamily("banquise_projection_lag_events", "Events of the log not yet in the read models")
        lag.add_metric([], max(0, head - position))
        yield lag
        last = GaugeMetricFamily("banquise_event_log_position", "Position of the last event in the log")
        last.add_metric([], head)
        yield last


def replica_metrics(state: ReplicaState) -> Iterator[Any]:
    """The read replica: is it used, how far behind, how many reads it answered or sent to the primary."""
    up = GaugeMetricFamily("banquise_replica_up", "1 while reads of the read models go to the replica")
    up.add_metric([], 1 if state.status == "up" else 0)
    yield up
    if state.lag_seconds is not None:
        lag = GaugeMetricFamily("banquise_replica_lag_seconds", "How long ago the primary had WAL the replica lacks")
        lag.add_metric([], state.lag_seconds)
        yield lag
    reads = CounterMetricFamily("banquise_replica_reads", "Reads of the read models answered by the replica")
    reads.add_metric([], state.reads)
    yield reads
    fallbacks = CounterMetricFamily(
        "banquise_replica_fallbacks",
        "Reads answered by the primary instead: lag (the read's position not replayed in time), "
        "lagging (the replica behind beyond the bound), down (unreachable), conflict (a read cancelled by replay), "
        "error (any other failure there)",
        labels=["reason"],
    )
    for why, count in state.fallbacks.items():
        fallbacks.add_metric([why], count)
    yield fallbacks


class MetricsMiddleware(HttpMiddleware):
    """Times every HTTP request, labelled by its route template once routing has set it."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        super().__init__(app)
        self.metrics = metrics

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        answer = Answer(send)
        try:
            await self.app(scope, receive, answer.send)
        finally:
            route = str(scope.get("path_template") or "unmatched")
            self.metrics.observe(route, str(scope.get("method", "")), answer.status, time.perf_counter() - started)


# Litestar adds the charset to every text/* media type: the library's own would make it twice.
METRICS_MEDIA_TYPE = CONTENT_TYPE_LATEST.replace("; charset=utf-8", "")


@get("/metrics", tags=["service"], summary="Prometheus metrics (text exposition format)", media_type=METRICS_MEDIA_TYPE)
async def metrics_endpoint(request: Request[Any, Any, Any]) -> Response[bytes]:
    metrics: Metrics = request.app.state.metrics
    body = await sync_to_thread(metrics.exposition)
    return Response(body, media_type=METRICS_MEDIA_TYPE)
