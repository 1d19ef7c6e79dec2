"""A live game's outlook asked again as the game goes on (#44): the steps of the moves an earlier analysis of
the same game analysed already are taken from it, not computed again, and the bytes are those of an analysis
computed in one go; a move taken back since ends what the two share."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from litestar.testing import TestClient

from domain.analysis.game import DEFAULT_SEED, analyse, encode
from domain.arctic import RULES
from domain.arctic.simulator import simulate
from service.runtime import Runtime
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]
BUDGET = 1
SEED = 13


def ask_and_run(client: Client, runtime: Runtime, token: str, game_id: str) -> list[int]:
    """The owner asks for the outlook; it is run here: how many steps were stored when the run began."""
    asked = client.post(f"/games/{game_id}/analysis", json={"budget": BUDGET}, headers=auth(token))
    assert asked.status_code == 202, asked.text
    analyses = runtime.games.analyses
    row = analyses.rows.row(UUID(game_id))
    found = analyses.table.find(UUID(game_id), asked.json()["analysis_version"], BUDGET, row.version)
    assert found is not None
    began: list[int] = []
    assert analyses.run(found.id, progress=lambda done, total: began.append(done) if not began else None)
    return began


def in_one_go(runtime: Runtime, game_id: str) -> bytes:
    analyses = runtime.games.analyses
    row = analyses.rows.row(UUID(game_id))
    line = analyses.recorded(row, row.version)
    return encode(analyse(line.plugin, line.opening, line.moves, budget=BUDGET, seed=DEFAULT_SEED))


def version(client: Client, token: str, game_id: str) -> int:
    return int(client.get(f"/games/{game_id}", headers=auth(token)).json()["version"])


def play(client: Client, token: str, game_id: str, moves: list[Any]) -> None:
    for move in moves:
        body = {"move": msgspec.to_builtins(move)}
        made = client.post(f"/games/{game_id}/moves", json=body, headers=auth(token, version(client, token, game_id)))
        assert made.status_code == 201, made.text


def test_the_outlook_asked_again_reuses_the_steps_analysed(client: Client, api_key: str, runtime: Runtime) -> None:
    # Given a live game of 12 moves whose outlook its owner asked and got
    moves = simulate(2, SEED).moves
    made = client.post("/games/import", content=record("arctic", 2, SEED, moves=12), headers=auth(api_key))
    assert made.status_code == 201, made.text
    game_id = str(made.json()["id"])
    assert ask_and_run(client, runtime, api_key, game_id) == [0]
    # When 6 more moves are recorded and the outlook asked again
    play(client, api_key, game_id, moves[12:18])
    began = ask_and_run(client, runtime, api_key, game_id)
    # Then the run began with the 12 steps analysed before, and its bytes are those of an analysis in one go
    assert began == [12]
    got = client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers=auth(api_key))
    assert got.status_code == 200 and got.content == in_one_go(runtime, game_id)


def test_a_move_taken_back_ends_what_two_outlooks_share(client: Client, api_key: str, runtime: Runtime) -> None:
    # Given a live game of 12 moves analysed, whose last move is taken back and another played instead
    game = simulate(2, SEED)
    made = client.post("/games/import", content=record("arctic", 2, SEED, moves=12), headers=auth(api_key))
    game_id = str(made.json()["id"])
    assert ask_and_run(client, runtime, api_key, game_id) == [0]
    undone = client.post(
        f"/games/{game_id}/undo", json={"moves": 1}, headers=auth(api_key, version(client, api_key, game_id))
    )
    assert undone.status_code == 200, undone.text
    state = RULES.fold(RULES.start(game.setup))
    for move in game.moves[:11]:
        _, state = RULES.decide_and_evolve(state, move)
    instead = next(m for m in RULES.legal_moves(state) if m != game.moves[11])
    play(client, api_key, game_id, [instead])
    # When the outlook is asked again
    began = ask_and_run(client, runtime, api_key, game_id)
    # Then only the 11 moves still on the game's line were reused, and the bytes are those of one go
    assert began == [11]
    got = client.get(f"/games/{game_id}/analysis?budget={BUDGET}", headers=auth(api_key))
    assert got.status_code == 200 and got.content == in_one_go(runtime, game_id)
