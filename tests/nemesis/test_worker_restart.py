"""Regressions the nemesis soak found, each alone (tests/nemesis/soak.py finds them in combination)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import httpx
import pytest

from tests.nemesis.cluster import cluster

# A worker restarted within a bound while the database is down: on a machine running nothing else.
pytestmark = [pytest.mark.e2e, pytest.mark.alone]


def test_a_worker_killed_during_a_database_outage_starts_again_and_the_server_stays_up(tmp_path: Path) -> None:
    # Found by the soak (seed 1): the worker the supervisor started in place of a killed one failed its
    # start-up on the unreachable database, and uvicorn, taking that for a broken app, stopped every
    # worker: the whole API was gone after the outage.
    with cluster(tmp_path / "cluster") as running:
        assert running.db_proxy is not None and running.api is not None
        before = set(running.api_workers())
        assert len(before) == 2
        running.db_proxy.refuse()
        running.kill_api_worker(0)
        deadline = time.monotonic() + 30
        while not set(running.api_workers()) - before:
            assert time.monotonic() < deadline, "the supervisor did not start another worker"
            time.sleep(0.2)
        time.sleep(4)  # the new worker's start-up meets the refused database, more than once
        assert running.api.poll() is None, f"the server stopped:\n{running.logs()}"
        running.db_proxy.heal()
        running.wait_healthy(30)
        seen: set[int] = set()
        deadline = time.monotonic() + 30
        while len(seen) < 2 and time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                health = httpx.get(running.api_base + "/health", timeout=5)
                if health.status_code == 200:
                    seen.add(health.json()["process"])
        assert seen == set(running.api_workers()), "both workers serve again"
