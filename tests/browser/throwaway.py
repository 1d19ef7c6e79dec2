"""A throw-away Banquise for the picture scripts (``make screenshot``, ``make recorder-screenshot``): an
embedded PostgreSQL in a temporary folder, the app on a free loopback port, one API key; and, when asked,
``banquise worker analysis`` processes on its database (the analyses' pictures)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests import postgres
from tests.watching import served


@contextmanager
def service(name: str = "screenshot", analysis_workers: int = 0) -> Iterator[tuple[str, str]]:
    """The served app's base URL and an API key; everything is stopped and removed on leaving."""
    settings = Settings(pool_size=4, run_projections=False)
    with (
        tempfile.TemporaryDirectory() as tmp,
        postgres.server(Path(tmp)) as admin,
        postgres.fresh_database(admin, name) as params,
    ):
        store = GameLog(params)
        try:
            runtime = Runtime(settings=settings, params=params, store=store, server_version=name)
            with psycopg.connect(params.conninfo(), autocommit=True) as conn:
                token = keys.create(conn, name).token
            with served(create_app(settings, runtime=runtime)) as base, analysis(params, analysis_workers):
                yield base, token
        finally:
            store.close()


@contextmanager
def analysis(params: ConnectionParams, workers: int) -> Iterator[None]:
    """``workers`` analysis worker processes on the database, stopped (SIGTERM) on leaving."""
    from tests.projections.test_runner import database_url

    env = {**os.environ, "DATABASE_URL": database_url(params), "BANQUISE_LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "service.cli.main", "worker", "analysis", "--heartbeat", "2"]
    started = [subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL) for _ in range(workers)]
    try:
        yield
    finally:
        for proc in started:
            proc.send_signal(signal.SIGTERM)
        for proc in started:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
