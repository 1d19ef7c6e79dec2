"""The board's status line tells whom the table waits for, as the recorder asks it (issue #45): the
players who may answer (several, in the table's order), the table itself at a round card's reveal, and a
selection counted within its round (the line said "Round 1 · selection 6 · majorities" at the round's
end, and named a player while the table revealed the round card)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.kinds import game
from tests.browser.given_games import NAMES, arctica_table
from tests.browser.test_recorder import phone
from tests.helpers import auth, web

__all__ = ["phone"]  # the fixture, used by name

pytestmark = pytest.mark.browser


def _cut(base: str, token: str, moves: int) -> tuple[str, int]:
    kind, setup, given = arctica_table()
    record = {"format": "banquise-record", "version": 1, "kind": kind, "setup": setup}
    made = web.post(
        f"{base}/games/import", json={**record, "moves": [{"move": m} for m in given[:moves]]}, headers=auth(token)
    )
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["version"]


def _positions() -> tuple[int, int]:
    """Where several players may answer, and where the table reveals the first round card."""
    kind, setup, moves = arctica_table()
    plugin = game(kind)
    assert plugin is not None
    rules: Any = plugin.rules
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    answering = reveal = -1
    for i, move in enumerate(moves):
        if answering < 0 and state.phase == "actions" and not state.active_left and len(state.responders) > 1:
            answering = i
        if reveal < 0 and move["type"] == "reveal_round_card":
            reveal = i
        _, state = rules.decide_and_evolve(state, msgspec.convert(move, rules.move_type))
    return answering, reveal


def _status(page: Any, base: str, gid: str, version: int) -> Any:
    page.goto(f"{base}/games/{gid}/watch?step={version}")
    page.wait_for_selector(f'body[data-shown="{version}"] #board .status')
    return page.locator("#board .status")


def test_the_status_line_names_whom_the_table_waits_for(phone: Any, base: str, api_key: str) -> None:
    answering, reveal = _positions()
    page = phone.new_page()
    gid, version = _cut(base, api_key, answering)
    status = _status(page, base, gid, version)
    view = web.get(f"{base}/games/{gid}/replay/{version}", headers=auth(api_key)).json()["view"]
    assert len(view["to_play"]) > 1 and status.get_attribute("data-to-play") == ",".join(map(str, view["to_play"]))
    said = status.inner_text()
    assert said.endswith(", ".join(NAMES[s] for s in view["to_play"]) + " to play"), said
    gid, version = _cut(base, api_key, reveal)
    status = _status(page, base, gid, version)
    said = status.inner_text()
    assert said.startswith("Round 1 · majorities") and said.endswith("the table decides"), said
    assert "selection" not in said and status.get_attribute("data-to-play") == ""
