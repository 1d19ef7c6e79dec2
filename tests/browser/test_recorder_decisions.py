"""Issue #34: a given game entered on a phone (390x844) by taps alone, move after move as that table
played it, through the recorder's decisions (POST /games/{id}/moves/next): a 3-player Arctica game
recorded at a table (cards named as they are drawn) and a public Arctic game. Each move's taps are the
labels of its builder's path (tests/browser/decision_paths.py), clicked by their visible text. The stored
game equals the simulated one (state hashes, scores); every option list shown holds 12 entries at most,
and no button says ``{``, ``(``, ``'`` or an engine field name. Taps per move are printed."""

from __future__ import annotations

import statistics
from typing import Any

import httpx
import msgspec
import pytest

from domain.arctic import moves as arctic_moves
from domain.arctic.simulator import simulate, to_public
from domain.arctica import moves as arctica_moves
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.simulator import table_record
from domain.game import state_hash
from service.runtime import Runtime
from tests.browser.axe import assert_accessible
from tests.browser.decision_paths import Position
from tests.browser.test_recorder import _get, imported, keyed, phone, the_same_game
from tests.watching import auth

__all__ = ["phone"]  # the fixture, used by name

pytestmark = pytest.mark.browser

FORBIDDEN = set("{('")


def _field_names() -> set[str]:
    """The engine's move fields a label must never show (those a person would not write: ``to_seat``)."""
    names: set[str] = set()
    for module in (arctic_moves, arctica_moves):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, msgspec.Struct):
                names |= {f for f in value.__struct_fields__ if "_" in f}
    return names


FIELDS = _field_names()


def shown(page: Any, made: int, version: int) -> list[str]:
    """The options of the decision on screen, checked: at most 12, none in the engine's spelling."""
    handle = page.wait_for_function(
        """([made, version]) => {
             const at = `[data-version="${version}"][data-made="${made}"]`;
             const panel = document.querySelector(`body[data-pending="0"] #choices[data-exact="1"]${at}`);
             const options = panel ? panel.querySelectorAll("button.choice").length : 0;
             return options && [options, [...panel.querySelectorAll("button")].map((b) => b.textContent)];
           }""",
        arg=[made, version],
    )
    options, labels = handle.json_value()
    assert 0 < options <= 12, labels
    for label in labels:
        assert not FORBIDDEN & set(label) and not any(f in label for f in FIELDS), label
    return labels


def enter(page: Any, base: str, token: str, gid: str, position: Position, moves: list[dict[str, Any]]) -> list[int]:
    """Every move of ``moves`` by taps; the taps of each."""
    taps: list[int] = []
    for number, move in enumerate(moves):
        labels = position.labels(move)
        version = _get(base, f"/games/{gid}", token)["version"]
        for i, label in enumerate(labels):
            if label not in shown(page, i, version):
                stored = [m["move"] for m in _get(base, f"/games/{gid}/record", token)["moves"]]
                diff = [
                    (k, a, b)
                    for k, (a, b) in enumerate(zip(stored, moves))
                    if a != msgspec.to_builtins(msgspec.json.decode(msgspec.json.encode(b)))
                ]
                state = page.evaluate(
                    "() => [JSON.stringify(document.body.dataset), JSON.stringify(document.querySelector('#choices').dataset), document.querySelector('#choices').innerText]"
                )
                raise AssertionError((number, label, len(stored), diff[:2], state))
            page.locator("#choices").get_by_role("button", name=label, exact=True).tap()
        for _ in range(200):  # until the server holds it
            if _get(base, f"/games/{gid}", token)["version"] != version:
                break
            page.wait_for_timeout(50)
        position.play(move)
        taps.append(len(labels))
    return taps


def report(kind: str, taps: list[int]) -> None:
    print(f"\n{kind}: {len(taps)} moves by taps, taps per move median {statistics.median(taps)}, worst {max(taps)}")


def create(base: str, token: str, kind: str, setup: dict[str, Any]) -> str:
    made = httpx.post(f"{base}/games", json={"kind": kind, "setup": setup}, headers=auth(token), timeout=30)
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
    taps = enter(page, base, api_key, gid, position, moves)
    report("arctica (3 players, recorded at a table)", taps)
    finish(base, api_key, runtime, gid, "arctica", setup, position, moves)


def test_a_public_arctic_game_entered_by_its_decisions(phone: Any, base: str, api_key: str, runtime: Runtime) -> None:
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    moves = [msgspec.to_builtins(m) for m in game.moves]
    gid = create(base, api_key, "arctic", setup)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    position = Position("arctic", setup)
    taps = enter(page, base, api_key, gid, position, moves[:1])
    # a card decision narrowed (animal, value, deck): the screen axe-core reads
    labels = position.labels(moves[1])
    shown(page, 0, _get(base, f"/games/{gid}", api_key)["version"])
    page.locator("#choices").get_by_role("button", name=labels[0], exact=True).tap()
    page.wait_for_selector('#choices[data-made="1"] button.choice')
    assert_accessible(page, "the recorder's decision")
    page.locator("#decision-cancel").tap()
    taps += enter(page, base, api_key, gid, position, moves[1:])
    report("arctic (public)", taps)
    finish(base, api_key, runtime, gid, "arctic", setup, position, moves)
