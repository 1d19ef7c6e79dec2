"""Issue #34: a given game entered on a phone (390x844) by taps alone, move after move as that table
played it, through the recorder's decisions (POST /games/{id}/moves/next): a 3-player Arctica game
recorded at a table (cards named as they are drawn) and a public Arctic game with the hands shown at
its end. Each move's taps are the labels of its builder's path (tests/browser/decision_paths.py),
clicked by their visible text. The stored game equals the simulated one (state hashes, scores); every
option list shown holds 12 entries at most, and no button says ``{``, ``(``, ``'`` or an engine field
name (tests/browser/test_recorder.py ``shown_decision``). Taps per move are printed; axe-core reads a
card decision of each.

Measured (2-core machine, shared): Arctica 111 moves, taps per move median 3, worst 12, ~110 s; Arctic
156 moves (14 of them reveals after the end), median 3, worst 4, ~105 s."""

from __future__ import annotations

import statistics
from typing import Any

import msgspec
import pytest

from domain.arctic.simulator import simulate, to_public
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.simulator import table_record
from domain.game import state_hash
from service.runtime import Runtime
from tests.browser.axe import assert_accessible
from tests.browser.decision_paths import Position
from tests.browser.test_recorder import _get, imported, keyed, phone, shown_decision, tap_move, the_same_game
from tests.helpers import auth, web

__all__ = ["phone"]  # the fixture, used by name

pytestmark = pytest.mark.browser


def enter(page: Any, position: Position, moves: list[dict[str, Any]]) -> list[int]:
    """Every move of ``moves`` by taps (each option list checked as it is shown); the taps of each."""
    taps: list[int] = []
    for move in moves:
        tapped = tap_move(page, move)
        assert tapped is not None, move
        position.play(move)
        taps.append(tapped)
    return taps


def report(kind: str, taps: list[int]) -> None:
    print(f"\n{kind}: {len(taps)} moves by taps, taps per move median {statistics.median(taps)}, worst {max(taps)}")


def create(base: str, token: str, kind: str, setup: dict[str, Any]) -> str:
    made = web.post(f"{base}/games", json={"kind": kind, "setup": setup}, headers=auth(token), timeout=30)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def finish(
    base: str,
    token: str,
    runtime: Runtime,
    gid: str,
    kind: str,
    setup: dict[str, Any],
    position: Position,
    moves: list[dict[str, Any]],
) -> None:
    summary = _get(base, f"/games/{gid}", token)
    assert summary["status"] == "finished"
    last = _get(base, f"/games/{gid}/timeline", token)["entries"][-1]
    assert last["state_hash"] == state_hash(position.state)  # the simulated game's final position
    the_same_game(base, token, runtime, gid, imported(base, token, kind, setup, moves))


def test_a_three_player_arctica_table_game_entered_by_its_decisions(
    phone: Any, base: str, api_key: str, runtime: Runtime
) -> None:
    table_setup, table_moves = table_record(simulate_arctica(3, 4))
    setup = {**msgspec.to_builtins(table_setup), "players": ["Aputsiaq", "Nanook", "Siku"]}
    moves = [msgspec.to_builtins(m) for m in table_moves]
    gid = create(base, api_key, "arctica", setup)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    position = Position("arctica", setup)
    taps = enter(page, position, moves[:1])
    # a card decision with the hand as tiles (which Fauna card): the screen axe-core reads
    labels = position.labels(moves[1])
    version = _get(base, f"/games/{gid}", api_key)["version"]
    shown_decision(page, 0, version=version)
    page.locator("#choices").get_by_role("button", name=labels[0], exact=True).tap()
    assert labels[1] in shown_decision(page, 1, version=version)
    assert page.locator("#choices button.choice.tile").count() > 0
    assert_accessible(page, "the Arctica recorder's card decision")
    page.locator("#decision-cancel").tap()
    taps += enter(page, position, moves[1:])
    report("arctica (3 players, recorded at a table)", taps)
    finish(base, api_key, runtime, gid, "arctica", setup, position, moves)


def test_a_public_arctic_game_entered_by_its_decisions(phone: Any, base: str, api_key: str, runtime: Runtime) -> None:
    game = to_public(simulate(2, 23), shown_at_end=True)  # the hands shown at the end, from the page too
    setup = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    moves = [msgspec.to_builtins(m) for m in game.moves]
    gid = create(base, api_key, "arctic", setup)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    position = Position("arctic", setup)
    taps = enter(page, position, moves[:1])
    # a card decision narrowed (animal, value, deck): the screen axe-core reads
    labels = position.labels(moves[1])
    shown_decision(page, 0, version=_get(base, f"/games/{gid}", api_key)["version"])
    page.locator("#choices").get_by_role("button", name=labels[0], exact=True).tap()
    page.wait_for_selector('#choices[data-made="1"] button.choice')
    assert_accessible(page, "the recorder's decision")
    page.locator("#decision-cancel").tap()
    taps += enter(page, position, moves[1:])
    report("arctic (public)", taps)
    finish(base, api_key, runtime, gid, "arctic", setup, position, moves)
