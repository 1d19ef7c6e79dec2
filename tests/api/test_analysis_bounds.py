"""The analysis queue bounded per caller (#49, item 1): queuing an analysis takes a key (reading one asked
already does not); a key has at most ``BANQUISE_ANALYSES_PER_KEY`` analyses queued or running (429
``too_many_analyses`` with Retry-After), the queue at most ``BANQUISE_ANALYSIS_QUEUE`` (503
``analysis_queue_full``); a budget is a JSON integer within its bounds; and a real worker takes each key's
first job before any key's second, so a second key's ask finishes while the first key's backlog waits."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store.application import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.api.test_analysis import imported, worker
from tests.helpers import auth

Client = TestClient[Any]
PER_KEY, TOTAL = 8, 12  # this module's bounds (the defaults: 8 and 256)


@pytest.fixture(scope="module")
def bounded(database: ConnectionParams, store: GameLog) -> Iterator[Client]:
    settings = Settings(pool_size=4, run_projections=False, analyses_per_key=PER_KEY, analysis_queue=TOTAL)
    runtime = Runtime(settings=settings, params=database, store=store, server_version="test")
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c


@pytest.fixture
def empty_queue(database: ConnectionParams) -> Iterator[None]:
    """Each test starts with no job queued (the module's database is shared by its tests)."""

    def empty() -> None:
        with psycopg.connect(database.conninfo(), autocommit=True) as conn:
            conn.execute("DELETE FROM pgqueuer")

    empty()
    yield
    empty()


def jobs(database: ConnectionParams, asker: str | None = None) -> int:
    with psycopg.connect(database.conninfo()) as conn:
        found = conn.execute(
            "SELECT count(*) FROM pgqueuer WHERE status IN ('queued', 'picked') "
            "AND (%s::text IS NULL OR headers ->> 'asker' = %s)",
            (asker, asker),
        ).fetchone()
    return int(found[0]) if found else 0


def key_id(token: str) -> str:
    return token.split("_")[1]  # bq_<id>_<secret>: the key's id


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> list[str]:
    """Four finished public games (the probe's)."""
    return [imported(client, api_key, "arctic", 4950 + i) for i in range(4)]


def test_256_asks_without_a_key_queue_nothing_and_with_one_key_at_most_its_bound(
    bounded: Client, api_key: str, finished: list[str], database: ConnectionParams, empty_queue: None
) -> None:
    asks = [(game, budget) for budget in range(64, 0, -1) for game in finished]
    assert len(asks) == 256
    for game, budget in asks:
        refused = bounded.post(f"/games/{game}/analysis", json={"budget": budget})
        assert refused.status_code == 401 and refused.json()["code"] == "api_key_required", refused.text
    assert jobs(database) == 0
    answers = [bounded.post(f"/games/{g}/analysis", json={"budget": b}, headers=auth(api_key)) for g, b in asks]
    accepted = [a for a in answers if a.status_code == 202]
    assert len(accepted) == PER_KEY
    for answer in answers[PER_KEY:]:
        assert answer.status_code == 429 and answer.json()["code"] == "too_many_analyses", answer.text
        assert int(answer.headers["retry-after"]) > 0
    assert jobs(database, key_id(api_key)) == jobs(database) == PER_KEY
    # Asking again for a job queued already is free (no new job, no refusal), with or without a key.
    for headers in (auth(api_key), {}):
        again = bounded.post(f"/games/{finished[0]}/analysis", json={"budget": 64}, headers=headers)
        assert again.status_code == 202 and again.json()["status"] == "queued", again.text
    assert jobs(database) == PER_KEY


def test_the_whole_queue_is_bounded(
    bounded: Client,
    api_key: str,
    other_key: str,
    admin_key: str,
    finished: list[str],
    database: ConnectionParams,
    empty_queue: None,
) -> None:
    for budget in range(1, PER_KEY + 1):
        assert (
            bounded.post(f"/games/{finished[0]}/analysis", json={"budget": budget}, headers=auth(api_key)).status_code
            == 202
        )
    for budget in range(1, TOTAL - PER_KEY + 1):
        made = bounded.post(f"/games/{finished[1]}/analysis", json={"budget": budget}, headers=auth(other_key))
        assert made.status_code == 202, made.text
    full = bounded.post(f"/games/{finished[2]}/analysis", json={"budget": 1}, headers=auth(admin_key))
    assert full.status_code == 503 and full.json()["code"] == "analysis_queue_full", full.text
    assert int(full.headers["retry-after"]) > 0
    assert jobs(database) == TOTAL


@pytest.mark.parametrize("budget", ["1", 1.0, 1.5, True, None, [1], {"n": 1}])
def test_a_budget_is_a_json_integer(bounded: Client, api_key: str, finished: list[str], budget: Any) -> None:
    refused = bounded.post(f"/games/{finished[3]}/analysis", json={"budget": budget}, headers=auth(api_key))
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_request", refused.text
    assert "budget" in refused.text  # the detail or its errors name the field


@pytest.mark.parametrize("budget", [0, 65, -1, 2**63])
def test_a_budget_out_of_its_bounds_is_refused(bounded: Client, api_key: str, finished: list[str], budget: int) -> None:
    refused = bounded.post(f"/games/{finished[3]}/analysis", json={"budget": budget}, headers=auth(api_key))
    assert refused.status_code in (400, 422), refused.text
    assert refused.json()["code"] in ("budget_out_of_range", "invalid_request")


def test_a_second_keys_ask_finishes_while_the_first_keys_backlog_waits(
    bounded: Client, api_key: str, other_key: str, database: ConnectionParams, empty_queue: None
) -> None:
    """Given a key with a full share of queued analyses (short live games: a few moves each) and then
    another key's one ask, when one real worker runs the queue, then the second key's analysis is done while
    most of the first key's still wait (without turns it would be done last)."""
    backlog = [imported(bounded, api_key, "arctic", 4960 + i, moves=6) for i in range(PER_KEY)]
    for game in backlog:
        asked = bounded.post(f"/games/{game}/analysis", json={"budget": 1}, headers=auth(api_key))
        assert asked.status_code == 202, asked.text
    mine = imported(bounded, other_key, "arctic", 4970, moves=6)
    asked = bounded.post(f"/games/{mine}/analysis", json={"budget": 1}, headers=auth(other_key))
    assert asked.status_code == 202, asked.text
    proc = worker(database)
    try:
        deadline = time.monotonic() + 120
        while True:
            got = bounded.get(f"/games/{mine}/analysis?budget=1", headers=auth(other_key))
            if got.status_code == 200:
                break
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else proc.returncode
            assert time.monotonic() < deadline, got.text
            time.sleep(0.1)
        waiting = [
            g
            for g in backlog
            if bounded.get(f"/games/{g}/analysis?budget=1", headers=auth(api_key)).json().get("status") == "queued"
        ]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    # The worker took the first key's first job (and held its next one waiting), then the second key's.
    assert len(waiting) >= PER_KEY - 3, waiting
