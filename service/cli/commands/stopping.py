"""A server process stops on SIGTERM within its grace period, whatever its requests are doing.

uvicorn gives the requests in progress ``BANQUISE_SHUTDOWN_GRACE`` seconds (``timeout_graceful_shutdown``),
then cancels what waits on them. But a request's work runs in a worker thread (the use cases are
synchronous), and a thread cannot be cancelled: a request whose work outlasts the grace (a decision on an
edition stored before its numbers were bounded, say) would keep the process alive, since Python joins
every worker thread at exit. Once the server has shut down and closed what it holds (its pool, the
embedded PostgreSQL), ``leave_unfinished_work`` ends the process without them: their answers were
cancelled already, and nothing they do is stored outside a transaction that then never commits.
"""

from __future__ import annotations

import logging
import os
import sys
import threading

log = logging.getLogger("banquise.cli")


def unfinished() -> list[threading.Thread]:
    """The threads other than this one that Python would wait for at exit (the daemons it would not)."""
    here = threading.current_thread()
    return [t for t in threading.enumerate() if t is not here and not t.daemon and t.is_alive()]


def leave_unfinished_work(status: int = 0, wait: float = 1.0) -> None:
    """Return when no work is left; else (after ``wait`` seconds more) end the process now, logged."""
    left = unfinished()
    for thread in left:
        thread.join(wait / max(len(left), 1))
    left = [t for t in left if t.is_alive()]
    if not left:
        return
    log.error(
        "stopping with requests still working past the grace period: their work is left unfinished",
        extra={"fields": {"threads": [t.name for t in left]}},
    )
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
