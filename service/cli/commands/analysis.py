"""``banquise worker analysis`` (run the analysis jobs until stopped) and ``banquise analyse GAME`` (one
game's analysis in the foreground, with a progress bar).

Both reach the database directly (``DATABASE_URL``, else the embedded server), as the projection
worker does: more machines running ``banquise worker analysis`` against one database analyse more
games at once. ``banquise analyse`` is the database's owner's tool: it sees every game, live or not.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from uuid import UUID

import msgspec
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from domain.analysis.game import DEFAULT_BUDGET
from service.base.database import ConnectionParams
from service.base.refusals import Refusal
from service.base.settings import Settings
from service.cli.commands.analysis_worker import DEFAULT_HEARTBEAT, work
from service.games.analysis import MAX_BUDGET, MIN_BUDGET, budget_in_bounds
from service.runtime import Runtime

log = logging.getLogger("banquise.cli")


def run_worker(args: argparse.Namespace, settings: Settings) -> int:
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.set()  # the job in progress stops after its step and goes back to the queue

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _stop_when_orphaned(stopping)
    runtime = Runtime.open(settings, _served_database(), wait_for_database=True)
    try:
        analyses = runtime.games.analyses
        asyncio.run(
            work(analyses, runtime.params, stopping, heartbeat=args.heartbeat, exit_when_idle=args.exit_when_idle)
        )
        return 0
    finally:
        runtime.close()


def run_analyse(args: argparse.Namespace, settings: Settings) -> int:
    runtime = Runtime.open(settings)
    try:
        # Queued as the API would (a worker may take it too: the steps and the result are written once).
        analyses = runtime.games.analyses
        try:
            budget_in_bounds(args.budget)
            analysis, _ = analyses.prepare(analyses.rows.row(args.game), args.budget)
        except Refusal as exc:
            print(f"banquise: {exc.code}: {exc.detail}", file=sys.stderr)
            return 1
        with Progress(
            TextColumn(f"analysing {args.game}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            disable=args.quiet,
        ) as progress:
            task = progress.add_task("analyse", total=analysis.steps_total)
            analyses.run(analysis.id, lambda done, total: progress.update(task, completed=done, total=total))
        body = analyses.table.result(analysis.id)
        if body is None:
            found = analyses.table.by_id(analysis.id)
            print(f"banquise: analysis failed: {found.failure if found else 'gone'}", file=sys.stderr)
            return 1
        if args.output == "-":
            sys.stdout.buffer.write(body + b"\n")
        elif args.output:
            with open(args.output, "wb") as out:
                out.write(body)
        return 0
    finally:
        runtime.close()


def add_worker_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--heartbeat",
        type=float,
        default=DEFAULT_HEARTBEAT,
        metavar="SECONDS",
        help="analysis jobs: a running job without a heartbeat for this long is taken again (its worker died)",
    )


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("analyse", help="analyse one game now, in the foreground (a progress bar)")
    parser.add_argument("game", type=UUID, help="the game's id")
    parser.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, help=f"rollouts per estimate ({MIN_BUDGET}-{MAX_BUDGET})"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the analysis (JSON) there ('-': stdout)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_analyse)


# Seconds a stopping analysis worker of ``banquise serve`` gets to put its job back before it is killed.
STOP_GRACE = 20.0
# The server's database for the analysis workers it starts (JSON of ``ConnectionParams``: the embedded
# server's socket included), and the server's pid: a worker whose server is gone stops.
DATABASE_ENV = "BANQUISE_ANALYSIS_DATABASE"
PARENT_ENV = "BANQUISE_ANALYSIS_PARENT"


def _served_database() -> ConnectionParams | None:
    raw = os.environ.get(DATABASE_ENV)
    return None if not raw else msgspec.json.decode(raw, type=ConnectionParams)


def _stop_when_orphaned(stopping: threading.Event) -> None:
    """A worker started by ``banquise serve`` must not outlive it (a server killed with -9 included)."""
    parent = os.environ.get(PARENT_ENV)
    if not parent:
        return

    def watch() -> None:
        while not stopping.wait(1.0):
            if os.getppid() != int(parent):
                stopping.set()
                # A job ends after its step; a start-up waiting for a database that went with the server
                # would wait for minutes: the job is the queue's again after its heartbeat anyway.
                time.sleep(STOP_GRACE)
                os._exit(1)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


@contextmanager
def served_workers(params: ConnectionParams, count: int, heartbeat: float = DEFAULT_HEARTBEAT) -> Iterator[None]:
    """``count`` ``banquise worker analysis`` processes beside the server, stopped when it stops."""
    env = {**os.environ, DATABASE_ENV: msgspec.json.encode(params).decode(), PARENT_ENV: str(os.getpid())}
    command = [sys.executable, "-m", "service.cli.main", "worker", "analysis", "--heartbeat", str(heartbeat)]
    procs = [subprocess.Popen(command, env=env) for _ in range(count)]
    if procs:
        log.info("analysis workers started", extra={"fields": {"count": count, "pids": [p.pid for p in procs]}})
    try:
        yield
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(STOP_GRACE)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
