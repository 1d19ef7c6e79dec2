"""Games' analyses through the API, run by real ``banquise worker analysis`` processes (#37, items 5 and 6).

A small budget (1) keeps a game's analysis to a few seconds of one core.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.analysis.game import ANALYSIS_VERSION, DEFAULT_SEED, GameAnalysis, analyse, encode
from service.base.database import ConnectionParams
from service.runtime import Runtime
from tests.helpers import auth
from tests.projections.support import record
from tests.projections.test_runner import database_url

Client = TestClient  # type: ignore[type-arg]
BUDGET = 1


def banquise(params: ConnectionParams, *args: str, stdout: Any = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": database_url(params), "BANQUISE_LOG_LEVEL": "WARNING"}
    return subprocess.Popen(
        [sys.executable, "-m", "service.cli.main", *args], env=env, stdout=stdout, stderr=subprocess.PIPE
    )


def worker(params: ConnectionParams, *args: str) -> subprocess.Popen[bytes]:
    return banquise(params, "worker", "analysis", "--heartbeat", "2", *args)


@pytest.fixture
def workers(runtime: Runtime) -> Iterator[list[subprocess.Popen[bytes]]]:
    """The worker processes a test starts, stopped (SIGTERM) after it."""
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in started:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def imported(client: Client, token: str, kind: str, seed: int, moves: int | None = None) -> str:
    made = client.post("/games/import", content=record(kind, 2, seed, moves=moves), headers=auth(token))
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def wait_done(client: Client, game_id: str, token: str | None = None, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers=auth(token) if token else {})
        if got.status_code == 200:
            return got
        assert got.status_code == 202, got.text
        assert got.json()["status"] in ("queued", "running"), got.text
        assert time.monotonic() < deadline, f"not analysed in {timeout} s: {got.text}"
        time.sleep(0.3)


def uninterrupted(runtime: Runtime, game_id: str) -> bytes:
    """The game's analysis by the pure core in one go, in this process."""
    analyses = runtime.games.analyses
    row = analyses.rows.row(UUID(game_id))
    line = analyses.recorded(row, row.version)
    return encode(analyse(line.plugin, line.opening, line.moves, budget=BUDGET, seed=DEFAULT_SEED))


def test_two_posts_ask_for_one_job(client: Client, api_key: str, other_key: str, runtime: Runtime) -> None:
    # Given a finished game
    game_id = imported(client, api_key, "arctic", 11)
    # When its analysis is asked twice (the second time by another key: a finished game is anyone's)
    first = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(api_key))
    second = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(other_key))
    # Then both answer the same job, 202 with where to follow it, and one job is queued
    assert first.status_code == second.status_code == 202, (first.text, second.text)
    assert first.headers["location"] == second.headers["location"] == f"/games/{game_id}/analysis?budget={BUDGET}"
    assert first.json() == second.json()
    assert first.json()["status"] == "queued" and first.json()["analysis_version"] == ANALYSIS_VERSION
    with psycopg.connect(runtime.params.conninfo()) as conn:
        jobs = conn.execute("SELECT count(*) FROM pgqueuer WHERE dedupe_key LIKE 'analysis:%%'").fetchone()
    assert jobs is not None and jobs[0] == 1
    # And the GET follows it: 202 with its progress
    got = client.get(f"/games/{game_id}/analysis?budget={BUDGET}")
    assert got.status_code == 202 and got.json()["steps_total"] == first.json()["steps_total"] > 0


def test_never_asked_out_of_range_and_unknown(client: Client, api_key: str) -> None:
    game_id = imported(client, api_key, "arctic", 12)
    never = client.get(f"/games/{game_id}/analysis?budget=3")
    assert never.status_code == 404 and never.json()["code"] == "analysis_not_requested"
    for budget in (0, 65, -1):
        refused = client.post(f"/games/{game_id}/analysis", json={"budget": budget}, headers=auth(api_key))
        assert refused.status_code == 422 and refused.json()["code"] == "budget_out_of_range", refused.text
        read = client.get(f"/games/{game_id}/analysis?budget={budget}")
        assert read.status_code == 422 and read.json()["code"] == "budget_out_of_range"
    nothing = client.post("/games/00000000-0000-0000-0000-000000000000/analysis", headers=auth(api_key))
    assert nothing.status_code == 404 and nothing.json()["code"] == "game_not_found"


def test_a_live_game_is_analysed_for_its_owner_only(client: Client, api_key: str, other_key: str) -> None:
    # Given a live game (its first 20 moves)
    game_id = imported(client, api_key, "arctic", 13, moves=20)
    assert client.get(f"/games/{game_id}").json()["status"] == "live"
    # Then another key is refused with a code, and so is no key (asking needs one); its owner's key is answered
    refused = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(other_key))
    assert refused.status_code == 403 and refused.json()["code"] == "analysis_hidden", refused.text
    anonymous = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET})
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "api_key_required"
    asked = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(api_key))
    assert asked.status_code == 202 and asked.json()["steps_total"] == 20
    for headers in (auth(other_key), {}):
        refused = client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers=headers)
        assert refused.status_code == 403 and refused.json()["code"] == "analysis_hidden"
    assert client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers=auth(api_key)).status_code == 202


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_a_finished_game_analysed_by_a_worker(
    client: Client, api_key: str, runtime: Runtime, workers: list[subprocess.Popen[bytes]], kind: str
) -> None:
    # Given a finished game whose analysis is asked
    game_id = imported(client, api_key, kind, 21)
    asked = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(api_key))
    assert asked.status_code == 202, asked.text
    # When a worker process runs the queue
    workers.append(worker(runtime.params))
    # Then the analysis arrives: 200, immutable, with an ETag answered by a 304
    done = wait_done(client, game_id)
    assert done.headers["cache-control"] == "public, max-age=31536000, immutable"
    again = client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers={"if-none-match": done.headers["etag"]})
    assert again.status_code == 304
    analysis = msgspec.json.decode(done.content, type=GameAnalysis)
    assert analysis.kind == kind and analysis.budget == BUDGET and len(analysis.steps) == asked.json()["steps_total"]
    # And the last step's expected scores are the final scores
    finals = {r["seat"]: r["total"] for r in client.get(f"/games/{game_id}").json()["results"]}
    assert [s.score for s in analysis.steps[-1].omniscient.seats] == [finals[s] for s in range(len(finals))]
    # And each move's evaluation is the step of the whole
    step = client.get(f"/games/{game_id}/analysis/moves/{len(analysis.steps)}?budget={BUDGET}")
    assert step.status_code == 200 and msgspec.json.decode(step.content) == msgspec.to_builtins(analysis.steps[-1])
    # And a second, independent run (the CLI, on a fresh analysis of the same game) gives the same bytes
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        conn.execute("DELETE FROM banquise_analyses WHERE game_id = %s", (game_id,))
    cli = banquise(runtime.params, "analyse", game_id, "--budget", str(BUDGET), "-q", "-o", "-", stdout=subprocess.PIPE)
    out, err = cli.communicate(timeout=120)
    assert cli.returncode == 0, err.decode()
    assert out.rstrip(b"\n") == done.content


def table_records() -> dict[str, bytes]:
    """Games recorded as a table records them: Arctic in public mode (the issue's case: ``banquise simulate
    --game arctic --players 2 --seed 2 --mode public``), Arctica's table and public records."""
    from domain.arctica import simulator as arctica
    from service.cli.commands.simulate import simulated_record

    def body(kind: str, setup: Any, moves: list[Any]) -> bytes:
        record = {"format": "banquise-record", "version": 1, "kind": kind, "setup": setup, "moves": moves}
        return msgspec.json.encode(record)

    out = {"arctic-public": msgspec.json.encode(simulated_record("arctic", 2, 2, mode="public"))}
    for name, made in (("table", arctica.table_record), ("public", arctica.public_record)):
        setup, moves = made(arctica.simulate(2, 5))
        out[f"arctica-{name}"] = body(
            "arctica", msgspec.to_builtins(setup), [{"move": msgspec.to_builtins(m)} for m in moves]
        )
    return out


@pytest.mark.parametrize("name", ["arctic-public", "arctica-table", "arctica-public"])
def test_a_table_s_record_is_analysed_to_its_end(
    client: Client, api_key: str, runtime: Runtime, workers: list[subprocess.Popen[bytes]], name: str
) -> None:
    # Given a finished game recorded as a table records it (cards named as they are seen)
    made = client.post("/games/import", content=table_records()[name], headers=auth(api_key))
    assert made.status_code == 201, made.text
    game_id = str(made.json()["id"])
    asked = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(api_key))
    assert asked.status_code == 202, asked.text
    # When a worker runs the queue
    workers.append(worker(runtime.params))
    # Then every move is analysed, to the final scores
    analysis = msgspec.json.decode(wait_done(client, game_id).content, type=GameAnalysis)
    assert len(analysis.steps) == asked.json()["steps_total"] and any(s.judgement for s in analysis.steps)
    finals = {r["seat"]: r["total"] for r in client.get(f"/games/{game_id}").json()["results"]}
    assert [s.score for s in analysis.steps[-1].omniscient.seats] == [finals[s] for s in range(len(finals))]


def test_a_worker_killed_mid_job_leaves_it_to_another_finished_once(
    client: Client, api_key: str, runtime: Runtime, workers: list[subprocess.Popen[bytes]]
) -> None:
    # Given a finished game's analysis being run by a worker
    game_id = imported(client, api_key, "arctica", 31)
    asked = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(api_key)).json()
    total = asked["steps_total"]
    first = worker(runtime.params)
    workers.append(first)
    deadline = time.monotonic() + 120
    while (done := client.get(f"/games/{game_id}/analysis?budget={BUDGET}").json()["steps_done"]) < 5:
        assert time.monotonic() < deadline and first.poll() is None
        time.sleep(0.05)
    with psycopg.connect(runtime.params.conninfo()) as conn:
        picked = conn.execute(
            "SELECT j.id, j.status::text FROM pgqueuer j "
            "JOIN banquise_analyses a ON j.dedupe_key = 'analysis:' || a.id WHERE a.game_id = %s",
            (game_id,),
        ).fetchall()
    assert len(picked) == 1 and picked[0][1] == "picked"
    job_id = picked[0][0]
    # When it is killed mid-job (kill -9: no goodbye, its heartbeats just stop)
    first.send_signal(signal.SIGKILL)
    first.wait()
    progress = client.get(f"/games/{game_id}/analysis?budget={BUDGET}").json()
    assert 5 <= done <= progress["steps_done"] < total and progress["status"] == "running"
    # And another worker is started
    workers.append(worker(runtime.params))
    # Then the job is finished, once: one analysis, each step stored once, one job run to success
    finished = wait_done(client, game_id)
    with psycopg.connect(runtime.params.conninfo()) as conn:
        analyses = conn.execute("SELECT id FROM banquise_analyses WHERE game_id = %s", (game_id,)).fetchall()
        assert len(analyses) == 1
        (analysis_id,) = analyses[0]
        steps = conn.execute(
            "SELECT count(*), count(DISTINCT step), min(step), max(step) FROM banquise_analysis_steps "
            "WHERE analysis_id = %s",
            (analysis_id,),
        ).fetchone()
        assert steps == (total, total, 0, total - 1)
    # (the queue logs a job's end a moment after it, from a buffer)
    deadline = time.monotonic() + 30
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        while conn.execute("SELECT count(*) FROM pgqueuer WHERE id = %s", (job_id,)).fetchone() != (0,):
            assert time.monotonic() < deadline, "the job stays in the queue"
            time.sleep(0.2)
        logged = conn.execute(
            "SELECT status::text, count(*) FROM pgqueuer_log WHERE job_id = %s GROUP BY 1 ORDER BY 1", (job_id,)
        ).fetchall()
    # Queued once, picked by each worker (a late heartbeat may log a pick more), successful once
    statuses = dict(logged)
    assert statuses.pop("queued") == 1 and statuses.pop("successful") == 1 and statuses.pop("picked") >= 2
    assert statuses == {}
    # And its bytes are an uninterrupted run's (the pure core's, in this process)
    assert finished.content == uninterrupted(runtime, game_id)


def test_a_body_that_is_not_an_analysis_request_is_refused(client: Client, api_key: str) -> None:
    game_id = imported(client, api_key, "arctic", 14)
    for body in (b'{"budget": "x"}', b"[1]", b"{"):
        refused = client.post(
            f"/games/{game_id}/analysis", content=body, headers={**auth(api_key), "content-type": "application/json"}
        )
        assert refused.status_code == 400 and refused.json()["code"] in ("invalid_request", "invalid_json"), (
            refused.text
        )
