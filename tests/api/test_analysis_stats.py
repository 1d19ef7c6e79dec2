"""Accuracy per player per game added to the player statistics (#37, item 4), on real PostgreSQL with
the projection worker running: games analysed (``GameAnalyses.run``, as a worker runs it; budget 1),
``GET /players/{handle}`` shows per kind and per player count the mean accuracy and the counts of the
judged decisions under their permanent ids; a voided game leaves them; a rebuild gives the same rows."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient
from psycopg.rows import dict_row

from domain.analysis.game import ANALYSIS_VERSION, GameAnalysis
from domain.analysis.statistics import ANALYSIS_PLAYER_STATS
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import analysis_stats
from service.games.analysis import GameAnalyses
from service.runtime import Runtime
from tests.api.test_players import auth, import_game
from tests.projections.support import record

Client = TestClient
BUDGET = 1


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(pool_size=8, run_projections=True)


def analysed(runtime: Runtime, game_id: str, budget: int = BUDGET) -> GameAnalysis:
    """The game's analysis asked and run to its end, as a worker runs it (the analysis at ``BUDGET`` of a
    finished game counts in the statistics: the tests' small budget stands for the default)."""
    games = runtime.games.analyses
    analyses = GameAnalyses(
        games.store,
        kinds=games.kinds,
        rows=games.rows,
        records=games.records,
        analyses=games.table,
        counted_budget=BUDGET,
    )
    row, _ = analyses.prepare(analyses.rows.row(UUID(game_id)), budget)
    analyses.run(row.id)
    body = analyses.table.result(row.id)
    assert body is not None
    return msgspec.json.decode(body, type=GameAnalysis)


def stats_rows(database: ConnectionParams) -> list[tuple[Any, ...]]:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return conn.execute(
            "SELECT game_id, analysis_version, budget, seat, stat_id, value FROM banquise_analysis_stats "
            "ORDER BY 1, 2, 3, 4, 5"
        ).fetchall()


def by_count(profile: dict[str, Any], kind: str, count: int | None) -> dict[str, Any]:
    return next(s for s in profile["stats"] if s["kind"] == kind and s["player_count"] == count)


def test_accuracy_per_player_per_kind_and_player_count(
    client: Client, api_key: str, runtime: Runtime, database: ConnectionParams
) -> None:
    # given three finished Arctic games of Mira's (two with 2 players, one with 3) and one unanalysed
    games = [
        import_game(client, api_key, record("arctic", 2, 700, ["Mira", "Tove"])),
        import_game(client, api_key, record("arctic", 2, 701, ["Tove", "Mira"])),
        import_game(client, api_key, record("arctic", 3, 702, ["Mira", "Tove", "Siku"])),
        import_game(client, api_key, record("arctic", 2, 703, ["Mira", "Siku"])),
    ]
    # when the first three are analysed
    accuracy = {}
    for g in games[:3]:
        analysis = analysed(runtime, g["id"])
        accuracy[g["id"]] = next(a for a in analysis.accuracy if a.player == "Mira")
    position = games[-1]["position"]
    # then her profile shows, per player count and for every count, the games analysed, the mean
    # accuracy and the counts of judged decisions, under their permanent ids
    profile = client.get("/players/mira", params={"min_position": position}).json()
    two, three, every = (by_count(profile, "arctic", n) for n in (2, 3, None))
    assert two["games"] == 3 and two["analysis"]["games"] == 2
    assert three["analysis"]["games"] == 1 and every["analysis"]["games"] == 3
    values = {s["id"]: s for s in every["analysis"]["stats"]}
    assert {i: s["name"] for i, s in values.items()} == ANALYSIS_PLAYER_STATS
    mine = list(accuracy.values())
    assert values[901]["value"] == pytest.approx(sum(a.accuracy or 0 for a in mine) / 3, abs=1e-3)
    assert values[902]["value"] == sum(a.decisions for a in mine)
    assert values[905]["value"] == sum(a.blunders for a in mine)
    pairs = [accuracy[g["id"]] for g in games[:2]]
    two_values = {s["id"]: s["value"] for s in two["analysis"]["stats"]}
    assert two_values[901] == pytest.approx(sum(a.accuracy or 0 for a in pairs) / 2, abs=1e-3)
    # a player with no analysed game has no analysis statistics
    assert by_count(client.get("/players/siku").json(), "arctic", 2)["analysis"] is None

    # when the rows are rebuilt from the stored analyses: the same rows
    before = stats_rows(database)
    with psycopg.connect(database.conninfo(), autocommit=True, row_factory=dict_row) as conn:
        assert analysis_stats.rebuild(conn, ANALYSIS_VERSION, BUDGET) == 3
    assert stats_rows(database) == before


def test_a_voided_game_leaves_the_accuracy(
    client: Client, api_key: str, runtime: Runtime, database: ConnectionParams
) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        admin = keys.create(conn, "admin", admin=True).token
    kept = import_game(client, api_key, record("arctic", 2, 710, ["Oona", "Pilu"]))
    voided = import_game(client, api_key, record("arctic", 2, 711, ["Oona", "Pilu"]))
    for g in (kept, voided):
        analysed(runtime, g["id"])
    answer = client.post(f"/games/{voided['id']}/void", json={"reason": "test"}, headers=auth(admin))
    assert answer.status_code == 200, answer.text
    position = int(answer.headers.get("x-banquise-position", 0))
    profile = client.get("/players/oona", params={"min_position": position}).json()
    assert by_count(profile, "arctic", 2)["analysis"]["games"] == 1


def test_only_a_finished_game_s_whole_analysis_at_the_counted_budget_counts(
    client: Client, api_key: str, runtime: Runtime, database: ConnectionParams
) -> None:
    # Given a live game analysed (its first 20 moves) and a finished game analysed at another budget too
    live = import_game(client, api_key, record("arctic", 2, 720, ["Ulla", "Vida"], moves=20))
    done = import_game(client, api_key, record("arctic", 2, 721, ["Ulla", "Vida"]))
    analysed(runtime, live["id"])
    analysed(runtime, done["id"], budget=BUDGET + 1)
    # Then neither counts: no statistics rows, no analysis in the profile
    assert not [r for r in stats_rows(database) if str(r[0]) in (live["id"], done["id"])]
    position = done["position"]
    assert (
        by_count(client.get("/players/ulla", params={"min_position": position}).json(), "arctic", 2)["analysis"] is None
    )
    # When the finished game is analysed at the counted budget, then it counts, once
    analysed(runtime, done["id"])
    rows = [r for r in stats_rows(database) if str(r[0]) == done["id"]]
    assert rows and {(r[1], r[2]) for r in rows} == {(ANALYSIS_VERSION, BUDGET)}
    profile = client.get("/players/ulla", params={"min_position": position}).json()
    assert by_count(profile, "arctic", 2)["analysis"]["games"] == 1
