"""``banquise worker``: the projection worker as a process of its own (for several API processes run
with ``BANQUISE_RUN_PROJECTIONS=false``); ``banquise worker analysis``: a worker of games' analyses
(``service.cli.commands.analysis``)."""

from __future__ import annotations

import argparse
import signal
import threading
from types import FrameType

from projections.runner import DEFAULT_BATCH
from projections.worker import Worker
from service.base.settings import Settings
from service.runtime import Runtime


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.jobs == "analysis":
        from service.cli.commands.analysis import run_worker

        return run_worker(args, settings)
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.set()  # finish the batch in progress, then exit

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    runtime = Runtime.open(settings)
    try:
        worker = Worker(runtime.store, runtime.games.registry, batch_size=args.batch_size, stop=stopping)
        if not stopping.is_set():
            worker.run(exit_when_idle=args.exit_when_idle)
        return 0
    finally:
        runtime.close()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "worker", help="run the projection worker (read models), or the analysis jobs' worker, until stopped"
    )
    parser.add_argument(
        "jobs",
        nargs="?",
        choices=("projections", "analysis"),
        default="projections",
        help="what it works on: the read models (default) or games' analyses (#37)",
    )
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH, help="notifications per transaction")
    parser.add_argument(
        "--exit-when-idle", action="store_true", help="stop once caught up with the log (analysis: the queue empty)"
    )
    from service.cli.commands.analysis import add_worker_arguments

    add_worker_arguments(parser)
    parser.set_defaults(run=run)
