"""The viewer in a real browser: keyboard navigation, what the board shows against the replay API,
perspectives, stepping by move, and a live game followed while moves are appended."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.watching import auth, record, remaining_moves

pytestmark = pytest.mark.browser


def _import(base: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    made = httpx.post(f"{base}/games/import", json=body, headers=auth(token), timeout=30)
    assert made.status_code == 201, made.text
    return dict(made.json())


def _shown(page: Any, step: int) -> None:
    page.wait_for_selector(f'body[data-shown="{step}"] #board[data-step="{step}"]')


def _board(page: Any, kind: str) -> dict[str, Any]:
    """What the board shows, read from the DOM."""
    return page.evaluate(
        """kind => {
          const cards = (sel) => Array.from(document.querySelectorAll(sel)).map(e => e.dataset.card);
          if (kind === "arctic") return {
            river: cards('#board .river [data-card]'),
            piles: Array.from(document.querySelectorAll('#board .player')).map(p => cards(
              '#board .player[data-seat="' + p.dataset.seat + '"] .pile [data-card]')),
            tokens: Object.fromEntries(Array.from(document.querySelectorAll('#board [data-token]'))
              .map(t => [t.dataset.token, Number(t.dataset.position)])),
          };
          return {
            map: Array.from(document.querySelectorAll('#board [data-map]')).map(s => {
              const t = s.querySelector('[data-token]');
              return t ? [Number(t.dataset.seat), t.dataset.token] : null;
            }),
            columns: Array.from(document.querySelectorAll('#board .player')).map(p => cards(
              '#board .player[data-seat="' + p.dataset.seat + '"] .long_column [data-card]').map(Number)),
          };
        }""",
        kind,
    )


def _expected(base: str, game_id: str, step: int, kind: str) -> dict[str, Any]:
    view = httpx.get(f"{base}/games/{game_id}/replay/{step}").json()["view"]
    if kind == "arctic":
        return {
            "river": [c for c in view["river"] if c],
            "piles": [[c for c in p["pile"] if c] for p in view["players"]],
            "tokens": view["tokens"],
        }
    return {"map": view["map"], "columns": [p["long_column"] for p in view["players"]]}


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_a_finished_game_steps_with_the_keyboard_and_shows_the_replay(
    page: Any, base: str, api_key: str, kind: str, screenshots: Path
) -> None:
    game = _import(base, api_key, record(kind, 3 if kind == "arctic" else 2, 31))
    gid, steps = game["id"], game["version"]
    page.goto(f"{base}/games/{gid}/watch?step=1")
    _shown(page, 1)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    _shown(page, 4)
    assert page.url.endswith("step=4") or "step=4&" in page.url
    assert _board(page, kind) == _expected(base, gid, 4, kind)
    page.click(f'#timeline li[data-step="{steps // 2}"]')
    _shown(page, steps // 2)
    assert _board(page, kind) == _expected(base, gid, steps // 2, kind)
    assert page.locator("#timeline li.current").get_attribute("data-step") == str(steps // 2)
    page.keyboard.press("End")
    _shown(page, steps)
    assert _board(page, kind) == _expected(base, gid, steps, kind)
    assert page.locator("#board .scores").is_visible()
    page.screenshot(path=str(screenshots / f"{kind}-final.png"), full_page=True)
    page.keyboard.press("Home")
    _shown(page, 1)


def test_switching_perspective_and_stepping_by_move(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, record("arctic", 2, 32))
    gid = game["id"]
    opening = httpx.get(f"{base}/games/{gid}/replay", params={"move": 0}).json()["step"]
    page.goto(f"{base}/games/{gid}/watch?step={opening}&lang=es")
    _shown(page, opening)
    assert page.locator("html").get_attribute("lang") == "es"
    page.select_option("#by", "move")
    for move in (1, 2):
        page.keyboard.press("ArrowRight")
        expected = httpx.get(f"{base}/games/{gid}/replay", params={"move": move}).json()["step"]
        _shown(page, expected)
    step = int(page.locator("#board").get_attribute("data-step") or 0)
    assert page.locator("#board .player[data-seat='1'] .hand [data-card]").count() == 0
    page.select_option("#perspective", "seat:1")
    page.wait_for_selector('#board[data-perspective="seat:1"]')
    hand = httpx.get(f"{base}/games/{gid}/replay/{step}", params={"perspective": "seat:1"}).json()["view"]["players"]
    shown = page.eval_on_selector_all(
        "#board .player[data-seat='1'] .hand [data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert shown == hand[1]["hand"] and shown
    assert page.locator("#board .player[data-seat='0'] .hand [data-card]").count() == 0
    assert "perspective=seat%3A1" in page.url or "perspective=seat:1" in page.url


def test_a_live_game_is_followed_while_moves_are_appended(
    page: Any, base: str, api_key: str, screenshots: Path
) -> None:
    kind, seed, first = "arctica", 33, 5
    game = _import(base, api_key, record(kind, 2, seed, moves=first))
    gid = game["id"]
    page.goto(f"{base}/games/{gid}/watch")
    _shown(page, game["version"])
    assert page.locator("#perspective option").count() == 1  # a live game's seats need its owner's key
    rest = remaining_moves(kind, 2, seed, first)[:6]
    version = game["version"]

    def play() -> None:
        nonlocal version
        for move in rest:
            made = httpx.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
            assert made.status_code == 201, made.text
            version = made.json()["version"]

    player = threading.Thread(target=play)
    player.start()
    player.join()
    _shown(page, version)
    assert page.locator("#step-count").inner_text() == str(version)
    assert page.locator(f'#timeline li[data-step="{version}"]').count() == 1
    assert _board(page, kind) == _expected(base, gid, version, kind)
    page.screenshot(path=str(screenshots / "arctica-live.png"), full_page=True)
