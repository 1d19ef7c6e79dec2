"""``banquise serve --workers N``: N server processes on one port, one PostgreSQL.

The supervisor (the ``banquise serve`` process) owns the database: it starts the embedded server
when ``DATABASE_URL`` is unset, migrates the event store and creates the read-model tables once (N
processes racing to migrate would only wait on each other's locks), then closes its own pool and
hands the connection parameters to its workers. Each worker listens on a socket of its own bound to
the port with ``SO_REUSEPORT`` and the kernel spreads new connections over them (``workers.py``: with
one shared socket, one worker took every connection opened together). A worker that dies is started
again.

Nothing a request needs is held only in one process: a game's state, its replay blocks and encoded
steps are caches checked against the database (or of finished games, which change no more), API
keys are looked up per request, and a live stream polls the games row, so a move appended through
one worker reaches a stream served by another. Each worker has its own connection pool of
``BANQUISE_POOL_SIZE`` connections (up to 2 more under bursts) and up to 4 for the reads its event loop
makes: the database sees N x (pool + 6) connections at most, plus the
projection workers' own (``BANQUISE_RUN_PROJECTIONS``: every worker runs one; their positions are
locked rows, so they share the work rather than repeat it).

SIGTERM or SIGINT to the supervisor stops every worker (each finishes its requests and closes its
pool), then the embedded PostgreSQL.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os

import msgspec
from litestar import Litestar

from service.base.database import ConnectionParams
from service.base.settings import Settings

log = logging.getLogger("banquise.cli")

# A server process allocates fast (each replay step decodes and folds events into new states) while it
# holds many long-lived objects (replay blocks, state caches): at the collector's default first threshold
# (700) its collections took ~0.065 of ~0.52 ms of CPU per cold replay step (python -m bench.profile_replay),
# 0.02 ms at 10,000. The service makes few reference cycles: garbage is freed by reference counting.
GC_THRESHOLD = (10_000, 10, 10)


def tune_collector() -> None:
    """Run the cyclic garbage collector less often in a server process (``GC_THRESHOLD``)."""
    gc.set_threshold(*GC_THRESHOLD)


# The supervisor's database, for its workers (JSON of ``ConnectionParams``: the embedded flag included).
DATABASE_ENV = "BANQUISE_WORKER_DATABASE"


def serve_workers(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from service.cli.commands.workers import Workers
    from service.runtime import Runtime

    runtime = Runtime.open(settings)
    embedded, runtime.embedded = runtime.embedded, None  # up for the workers, stopped after them
    try:
        try:
            _ = runtime.read_models  # the read-model tables, created once before the workers start
        finally:
            runtime.close()  # its pool, and the editions' loader (at exit a live store logs a traceback)
        os.environ[DATABASE_ENV] = msgspec.json.encode(runtime.params).decode()
        log.info("serving on http://%s:%s with %d worker processes", args.host, args.port, args.workers)
        config = uvicorn.Config(
            f"{__name__}:worker_app",
            factory=True,
            host=args.host,
            port=args.port,
            log_config=None,
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=max(1, round(settings.shutdown_grace)),
        )
        from service.cli.commands.analysis import served_workers

        with served_workers(runtime.params, args.analysis_workers):
            return Workers(config, args.workers).run()
    finally:
        os.environ.pop(DATABASE_ENV, None)
        if embedded is not None:
            embedded.stop()


def worker_app() -> Litestar:
    """The app of one worker process (uvicorn's factory): the supervisor's database, the same settings."""
    from service.base.logs import configure_logging
    from service.http.app import create_app

    settings = Settings.from_env()
    configure_logging(settings.log_level)
    tune_collector()
    params = msgspec.json.decode(os.environ[DATABASE_ENV], type=ConnectionParams)
    # Started again by the supervisor, maybe during an outage: wait for the database, never fail to start.
    return create_app(settings, params=params, wait_for_database=True)
