"""A throw-away Banquise for the picture scripts (``make screenshot``, ``make recorder-screenshot``): an
embedded PostgreSQL in a temporary folder, the app on a free loopback port, one API key."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from service.base import keys
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests import postgres
from tests.watching import served


@contextmanager
def service(name: str = "screenshot") -> Iterator[tuple[str, str]]:
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
            with served(create_app(settings, runtime=runtime)) as base:
                yield base, token
        finally:
            store.close()
