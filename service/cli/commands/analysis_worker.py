"""An analysis worker's loop: PgQueuer's queue manager over the service's PostgreSQL (docs/ANALYSIS.md).

A job's payload is the id of its ``banquise_analyses`` row; its dedupe key (``analysis:<id>``) keeps one
job per analysis queued or running, whoever asks and however often (``service.base.store.analyses``
queues it). A worker process runs one analysis
at a time (CPU-bound: a second in the same process would only share its core), in a thread, while its
event loop sends the job's heartbeats: a job whose worker died (``kill -9``, a machine lost) has no
heartbeat any more, and PgQueuer's dequeue takes it again once it is ``heartbeat`` seconds stale. The
run that takes it resumes from the steps stored, and the analysis is written once
(``GameAnalyses.run``). A worker told to stop (SIGTERM, SIGINT) ends its job after the step in
progress and puts it back in the queue at once (``RetryRequested``): another worker goes on with it.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from datetime import timedelta

from pgqueuer.domain.errors import RetryRequested
from pgqueuer.domain.models import Job
from pgqueuer.domain.types import QueueExecutionMode

from service.base.database import ConnectionParams
from service.base.store.analyses import ENTRYPOINT, queue_manager
from service.games.analysis import GameAnalyses, Interrupted

log = logging.getLogger("banquise.analysis")

# Seconds without a heartbeat after which a running job is taken again (heartbeats every half of it).
DEFAULT_HEARTBEAT = 30.0


async def work(
    analyses: GameAnalyses,
    params: ConnectionParams,
    stop: threading.Event,
    *,
    heartbeat: float = DEFAULT_HEARTBEAT,
    exit_when_idle: bool = False,
) -> None:
    """Run analysis jobs until ``stop`` is set (or, with ``exit_when_idle``, until the queue is empty)."""
    conn, manager = await queue_manager(params, "banquise/analysis-worker")
    one_at_a_time = asyncio.Semaphore(1)

    @manager.entrypoint(ENTRYPOINT)
    async def analyse(job: Job) -> None:
        assert job.payload is not None
        analysis_id = int(job.payload.decode())
        async with one_at_a_time:
            if stop.is_set():
                raise RetryRequested(reason="worker stopping")
            log.info("analysis started", extra={"fields": {"analysis": analysis_id, "job": job.id}})
            try:
                wrote = await asyncio.to_thread(analyses.run, analysis_id, None, stop.is_set)
            except Interrupted as exc:
                raise RetryRequested(reason=str(exc)) from exc
            log.info("analysis done", extra={"fields": {"analysis": analysis_id, "written": wrote}})

    async def watch_stop() -> None:
        while not stop.is_set():
            await asyncio.sleep(0.2)
        manager.shutdown.set()

    watcher = asyncio.create_task(watch_stop())
    try:
        await manager.run(
            # A job picked waits for the one running (``one_at_a_time``), heartbeats going: PgQueuer wants
            # room for two batches, so a worker holds at most two jobs, one of them waiting.
            batch_size=1,
            max_concurrent_tasks=2,
            heartbeat_timeout=timedelta(seconds=heartbeat),
            dequeue_timeout=timedelta(seconds=min(heartbeat, 5.0)),
            mode=QueueExecutionMode.drain if exit_when_idle else QueueExecutionMode.continuous,
        )
    finally:
        watcher.cancel()
        await conn.close()
