"""An analysis that cannot finish ends ``failed`` with its reason, and is not taken again for ever (#44).

A kind of this module only (the toy ``pile`` game of ``tests/test_toy_game.py`` under another name) whose
analysis cannot sample a pile of fewer than four counters: its games are asked for, then run in this
process by the use case a worker runs (``GameAnalyses.run``: the kind is registered here only)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, ClassVar
from uuid import UUID

import psycopg
import pytest
from litestar.testing import TestClient

from domain.analysis.game import ANALYSIS_VERSION
from domain.chance import SplitMix64
from domain.kinds import game, registration
from domain.registry import GamePlugin
from service.games.analysis import MAX_ATTEMPTS, Interrupted
from service.runtime import Runtime
from tests.helpers import auth
from tests.test_toy_game import TOY, PileRules, PileState

KIND = "cairn"
Client = TestClient[Any]


class CairnRules(PileRules):
    kind: ClassVar[str] = KIND


def unsampled(state: PileState, seat: int | None, rng: SplitMix64) -> PileState:
    if 0 < state.pile < 4:
        raise RuntimeError("a cairn of fewer than 4 stones cannot be sampled")
    return state


assert TOY.analysis is not None
CAIRN = dataclasses.replace(
    TOY,
    rules=CairnRules(),
    title="Cairn",
    analysis=dataclasses.replace(TOY.analysis, determinize=unsampled),
    words={"cairn": ("Cairn", "Cairn", "Cairn")},
)


@pytest.fixture(scope="module", autouse=True)
def cairn_registered() -> Iterator[GamePlugin]:
    with registration(CAIRN) as plugin:
        yield plugin
    assert game(KIND) is None


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> str:
    """A game of the kind played to its end (twelve counters, one a move: twelve moves)."""
    made = client.post(
        "/games", json={"kind": KIND, "setup": {"players": ["Ana", "Bo"], "pile": 12}}, headers=auth(api_key)
    )
    assert made.status_code == 201, made.text
    game_id = str(made.json()["id"])
    for move in range(12):
        taken = client.post(
            f"/games/{game_id}/moves", json={"move": {"seat": move % 2, "count": 1}}, headers=auth(api_key)
        )
        assert taken.status_code in (200, 201), taken.text
    assert client.get(f"/games/{game_id}").json()["status"] == "finished"
    return game_id


def analysis_id(runtime: Runtime, game_id: str, budget: int) -> int:
    with psycopg.connect(runtime.params.conninfo()) as conn:
        row = conn.execute(
            "SELECT id FROM banquise_analyses WHERE game_id = %s AND budget = %s", (game_id, budget)
        ).fetchone()
    assert row is not None
    return int(row[0])


def jobs(runtime: Runtime, analysis: int) -> int:
    with psycopg.connect(runtime.params.conninfo()) as conn:
        row = conn.execute("SELECT count(*) FROM pgqueuer WHERE dedupe_key = %s", (f"analysis:{analysis}",)).fetchone()
    assert row is not None
    return int(row[0])


def test_an_analysis_that_cannot_be_computed_ends_failed_with_its_reason(
    client: Client, api_key: str, runtime: Runtime, finished: str
) -> None:
    # Given a finished game whose analysis is asked
    asked = client.post(f"/games/{finished}/analysis", json={"budget": 2}, headers=auth(api_key))
    assert asked.status_code == 202 and asked.json()["status"] == "queued", asked.text
    analysis = analysis_id(runtime, finished, 2)
    # When a run meets the move its kind cannot sample (the ninth, which leaves three counters)
    assert runtime.games.analyses.run(analysis) is False
    # Then the analysis is failed, with the move and the reason, and nothing tells the reader to ask again
    got = client.get(f"/games/{finished}/analysis?budget=2")
    assert got.status_code == 202 and got.json()["status"] == "failed", got.text
    assert got.json()["failure"] == (
        "move 9 could not be analysed: RuntimeError: a cairn of fewer than 4 stones cannot be sampled"
    )
    assert got.json()["steps_done"] == 8 and "retry-after" not in got.headers
    # And asking again answers the failure without queueing it again (the job asked first, consumed here
    # as a worker would have, was the only one)
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        conn.execute("DELETE FROM pgqueuer WHERE dedupe_key = %s", (f"analysis:{analysis}",))
    again = client.post(f"/games/{finished}/analysis", json={"budget": 2}, headers=auth(api_key))
    assert again.status_code == 202 and again.json()["status"] == "failed" and jobs(runtime, analysis) == 0
    # And a run taking it again (a job left in a queue) does nothing
    assert runtime.games.analyses.run(analysis) is False


def test_runs_that_keep_dying_are_given_up_and_a_stopped_run_is_not_one(
    client: Client, api_key: str, runtime: Runtime, finished: str
) -> None:
    analyses = runtime.games.analyses
    # Given an analysis whose runs were stopped cleanly (a worker told to stop) more times than may die
    client.post(f"/games/{finished}/analysis", json={"budget": 3}, headers=auth(api_key))
    stopped = analysis_id(runtime, finished, 3)
    for _ in range(MAX_ATTEMPTS + 1):
        with pytest.raises(Interrupted):
            analyses.run(stopped, stop=lambda: True)
    # Then the next run still computes it (and meets the move that cannot be sampled)
    assert analyses.run(stopped) is False
    assert client.get(f"/games/{finished}/analysis?budget=3").json()["failure"].startswith("move 9 could not")
    # Given an analysis whose runs died MAX_ATTEMPTS times (each started, none ended)
    client.post(f"/games/{finished}/analysis", json={"budget": 4}, headers=auth(api_key))
    dying = analysis_id(runtime, finished, 4)
    for _ in range(MAX_ATTEMPTS):
        analyses.table.started(dying)
    # When another run takes it
    assert analyses.run(dying) is False
    # Then it is given up, saying why
    got = client.get(f"/games/{finished}/analysis?budget=4").json()
    assert (
        got["status"] == "failed"
        and got["failure"] == f"given up: {MAX_ATTEMPTS} runs of it ended without finishing it"
    )
    assert UUID(got["game_id"]) == UUID(finished)


def test_an_older_version_stays_readable_and_asking_again_computes_the_current_one(
    client: Client, api_key: str, runtime: Runtime, finished: str
) -> None:
    # Given analyses stored by an older analysis version: one done, one left unfinished in a queue
    old = b'{"analysis_version":"analysis-2","steps":[]}'
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        version = client.get(f"/games/{finished}").json()["version"]
        conn.execute(
            "INSERT INTO banquise_analyses (game_id, game_version, analysis_version, budget, seed, steps_total, "
            "result, finished_at) VALUES (%s, %s, 'analysis-2', 5, 37, 12, %s, now())",
            (finished, version, old),
        )
        row = conn.execute(
            "INSERT INTO banquise_analyses (game_id, game_version, analysis_version, budget, seed, steps_total) "
            "VALUES (%s, %s, 'analysis-2', 6, 37, 12) RETURNING id",
            (finished, version),
        ).fetchone()
    assert row is not None
    # Then the done one is read by its version, and says it; without a version the current one is meant
    got = client.get(f"/games/{finished}/analysis?budget=5&analysis_version=analysis-2")
    assert got.status_code == 200 and got.content == old
    assert client.get(f"/games/{finished}/analysis?budget=5").json()["code"] == "analysis_not_requested"
    # And asking for it queues the current version
    asked = client.post(f"/games/{finished}/analysis", json={"budget": 5}, headers=auth(api_key))
    assert asked.status_code == 202 and asked.json()["analysis_version"] == ANALYSIS_VERSION
    assert asked.json()["status"] == "queued"
    # And a run of the unfinished older one ends it, saying what to ask for
    assert runtime.games.analyses.run(int(row[0])) is False
    stale = client.get(f"/games/{finished}/analysis?budget=6&analysis_version=analysis-2").json()
    assert (
        stale["status"] == "failed"
        and stale["failure"] == f"made by analysis-2, no longer computed: ask for {ANALYSIS_VERSION}"
    )
