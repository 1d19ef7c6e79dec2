"""``banquise worker``: the projection worker as a process of its own (for several API processes run
with ``BANQUISE_RUN_PROJECTIONS=false``)."""

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
    parser = sub.add_parser("worker", help="run the projection worker (read models) until stopped")
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH, help="notifications per transaction")
    parser.add_argument("--exit-when-idle", action="store_true", help="stop once caught up with the log")
    parser.set_defaults(run=run)
