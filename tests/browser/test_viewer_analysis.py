"""The analysis in the viewer (#37, item 7), in Debian's Chromium: a finished simulated game, its analysis
asked with the page's button and run by a real ``banquise worker analysis`` process (budget 1: a few
seconds), the progress followed until the graph is drawn; a click on the graph moves the viewer to that
move, the keys move along it; judgements marked in the timeline; axe-core finds no serious or critical
violation, at a desktop's and a phone's width (390 px)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.base.database import ConnectionParams
from tests.browser import throwaway
from tests.browser.axe import assert_accessible
from tests.browser.test_phone_layout import BEYOND
from tests.helpers import auth, web
from tests.watching import record

pytestmark = pytest.mark.browser
BUDGET = 1
NAMES = ["Nanook", "Ivalu", "Aputsiaq"]


@pytest.fixture(scope="module")
def analysis_worker(database: ConnectionParams) -> Iterator[None]:
    """One real analysis worker on the test database, stopped (SIGTERM) after the module."""
    with throwaway.analysis(database, 1):
        yield


def finished_game(base: str, token: str, seed: int, kind: str = "arctic") -> dict[str, Any]:
    players = 3 if kind == "arctic" else 2
    body = record(kind, players, seed)
    body["setup"]["players"] = NAMES[:players]
    made = web.post(f"{base}/games/import", json=body, headers=auth(token), timeout=60)
    assert made.status_code == 201, made.text
    return dict(made.json())


def step_after(base: str, game_id: str, move: int) -> int:
    return int(web.get(f"{base}/games/{game_id}/replay", params={"move": move}).json()["step"])


def click_move(page: Any, move: int, moves: int) -> None:
    """A click on the graph where move ``move`` is drawn (moves spread evenly over its width), placed
    relative to the graph when the click happens (a page that redraws around it moves it meanwhile)."""
    graph = page.locator("#eval-graph svg")
    box = graph.bounding_box()
    graph.click(position={"x": (move - 1) * box["width"] / (moves - 1), "y": box["height"] / 2})


def analysed(page: Any, base: str, game_id: str, api_key: str) -> dict[str, Any]:
    """The page asks for the analysis (its button), follows the worker's progress, draws the graph. Asking
    takes a key (#49): without one the panel says so; with the one the recorder keeps on this device, the
    ask is made."""
    page.goto(f"{base}/games/{game_id}/watch?budget={BUDGET}")
    page.wait_for_selector('#analysis[data-analysis="none"]')
    page.click("#analysis-ask")
    page.wait_for_selector('#analysis[data-analysis="key-needed"]')
    assert "API key" in page.locator("#analysis").inner_text()
    page.evaluate("(key) => localStorage.setItem('banquise.apiKey', key)", api_key)
    page.goto(f"{base}/games/{game_id}/watch?budget={BUDGET}")
    page.wait_for_selector('#analysis[data-analysis="none"]')
    page.click("#analysis-ask")
    page.wait_for_selector('#analysis[data-analysis="running"], #analysis[data-analysis="done"]')
    page.wait_for_selector('#analysis[data-analysis="done"]', timeout=120_000)
    return dict(web.get(f"{base}/games/{game_id}/analysis", params={"budget": BUDGET}).json())


def test_the_graph_moves_the_viewer_and_marks_the_judgements(
    page: Any, base: str, api_key: str, analysis_worker: Any, screenshots: Path
) -> None:
    game = finished_game(base, api_key, 31)
    gid = game["id"]
    analysis = analysed(page, base, gid, api_key)
    moves = len(analysis["steps"])
    assert moves > 10
    # one line per seat, a point of each line per move
    lines = page.locator("#eval-graph polyline.line")
    assert lines.count() == 3
    assert all(len((lines.nth(s).get_attribute("points") or "").split()) == moves for s in range(3))
    # the viewer opened at the last step: the graph marks the last move
    assert page.locator("#eval-graph").get_attribute("aria-valuenow") == str(moves)
    # a click on the graph: the board after that move
    target = moves // 2
    click_move(page, target, moves)
    step = step_after(base, gid, target)
    page.wait_for_selector(f'body[data-shown="{step}"] #board[data-step="{step}"]')
    assert page.locator("#analysis").get_attribute("data-move") == str(target)
    assert page.locator("#eval-graph").get_attribute("aria-valuenow") == str(target)
    assert f"Move {target}:" in (page.locator("#eval-graph").get_attribute("aria-valuetext") or "")
    # keys along the graph move by move (not by event, the page's own arrows)
    page.focus("#eval-graph")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    step = step_after(base, gid, target + 2)
    page.wait_for_selector(f'body[data-shown="{step}"] #board[data-step="{step}"]')
    page.keyboard.press("Home")
    step = step_after(base, gid, 1)
    page.wait_for_selector(f'body[data-shown="{step}"] #board[data-step="{step}"]')
    assert page.locator("#eval-graph").get_attribute("aria-valuenow") == "1"
    # the judgements the analysis made are in the timeline (the ones held), each with the better move
    judged = {
        i + 1: s["judgement"]
        for i, s in enumerate(analysis["steps"])
        if s["judgement"] and s["judgement"]["verdict"] in ("inaccuracy", "mistake", "blunder")
    }
    assert judged, "a budget-1 analysis of a random game judges some moves an inaccuracy or worse"
    move, first = next(iter(judged.items()))
    note = page.locator(f'#timeline li[data-move="{move}"] .note.judgement').first
    assert note.get_attribute("data-verdict") == first["verdict"]
    # the better move as a player would say it (the kind's sentence), else its timeline lines
    assert (first["advice"] or first["best"]) in (note.text_content() or "")
    # the last decision judged, under the graph
    last = max(i + 1 for i, s in enumerate(analysis["steps"]) if s["judgement"])
    assert f"move {last}," in (page.locator("#analysis-latest").text_content() or "")
    # each seat's line in its band (the estimate's own uncertainty), said under the graph
    assert page.locator("#eval-graph polygon.band").count() == 3
    assert "Shaded: where each chance may be" in (page.locator("#analysis .eval-band").text_content() or "")
    # the text alternative: one row per move, the accuracy per player
    assert page.locator("#analysis .analysis-table tbody tr").count() == moves
    assert page.locator("#analysis-accuracy tbody tr").count() == 3
    assert_accessible(page, "viewer with its analysis")
    page.screenshot(path=str(screenshots / "viewer-analysis.png"), full_page=False)


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_the_analysis_reads_at_a_phones_width(
    browser: Any, base: str, api_key: str, analysis_worker: Any, kind: str
) -> None:
    """Of either kind: nothing drawn past the screen's right edge (the panel, its tables, the board)."""
    game = finished_game(base, api_key, 32, kind)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        analysis = analysed(page, base, game["id"], api_key)
        moves = len(analysis["steps"])
        measured = page.evaluate(BEYOND)
        assert measured["scroll"] <= 390 and measured["out"] == [], f"past the screen's edge: {measured}"
        box = page.locator("#eval-graph svg").bounding_box()
        assert box["width"] >= 300
        click_move(page, 3, moves)
        step = step_after(base, game["id"], 3)
        page.wait_for_selector(f'body[data-shown="{step}"] #board[data-step="{step}"]')
        assert_accessible(page, "viewer with its analysis, phone")
    finally:
        context.close()


def test_the_recorders_finished_game_shows_the_same_analysis(
    browser: Any, base: str, api_key: str, analysis_worker: Any
) -> None:
    """The recorder's game page, once the game is finished: the same panel (asked with its button, the
    device's key sent), a point of its graph draws the board after that move."""
    game = finished_game(base, api_key, 33)
    gid = game["id"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)  # a 2-core CI runs the worker, the server and Chromium at once
    page = context.new_page()
    try:
        page.goto(f"{base}/recorder")
        page.fill("#api-key", api_key)
        page.locator("#key-form button[type=submit]").tap()
        page.wait_for_selector("#forget-key")
        page.evaluate("() => localStorage.setItem('banquise.engine', 'off')")
        page.goto(f"{base}/games/{gid}/recorder?budget={BUDGET}")
        page.wait_for_selector('#analysis[data-analysis="none"]')
        page.click("#analysis-ask")
        page.wait_for_selector('#analysis[data-analysis="done"]', timeout=120_000)
        moves = len(web.get(f"{base}/games/{gid}/analysis", params={"budget": BUDGET}).json()["steps"])
        assert page.locator("#eval-graph polyline.line").count() == 3
        click_move(page, 5, moves)
        step = step_after(base, gid, 5)
        page.wait_for_selector(f'body[data-shown="{step}"] #board-root[data-step="{step}"]')
        page.focus("#eval-graph")
        page.keyboard.press("ArrowRight")
        step = step_after(base, gid, 6)
        page.wait_for_selector(f'body[data-shown="{step}"] #board-root[data-step="{step}"]')
        assert_accessible(page, "recorder, finished game with its analysis")
    finally:
        context.close()


def test_a_live_game_s_owner_sees_the_outlook_and_the_last_judgement_on_the_recorder(
    browser: Any, base: str, api_key: str, analysis_worker: Any
) -> None:
    """The recorder's page of a live game, with its owner's key: the outlook so far (asked with its button,
    run by the worker), the last decision judged under the graph; after another move, asked again, the
    outlook covers it. Nobody else reads it (the API's rule: another key is refused)."""
    body = record("arctic", 3, 34)
    body["setup"]["players"] = NAMES
    body["moves"] = body["moves"][:12]
    made = web.post(f"{base}/games/import", json=body, headers=auth(api_key), timeout=60)
    assert made.status_code == 201 and made.json()["status"] == "live", made.text
    gid = made.json()["id"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{base}/recorder")
        page.fill("#api-key", api_key)
        page.locator("#key-form button[type=submit]").tap()
        page.wait_for_selector("#forget-key")
        page.evaluate("() => localStorage.setItem('banquise.engine', 'off')")
        page.goto(f"{base}/games/{gid}/recorder?budget={BUDGET}")
        page.wait_for_selector('#analysis[data-analysis="none"]')
        assert page.locator("#analysis-ask").text_content() == "See the outlook so far"
        page.click("#analysis-ask")
        page.wait_for_selector('#analysis[data-analysis="done"]', timeout=120_000)
        assert page.locator("#eval-graph polyline.line").count() == 3
        assert (page.locator("#analysis-latest").text_content() or "").startswith("Last decision judged: move ")
        assert page.locator("#analysis button.analysis-ask").text_content() == "Update the outlook"
        assert_accessible(page, "recorder, live game with its outlook")
    finally:
        context.close()
    # the outlook is the owner's: another reader of the live game is refused
    assert web.get(f"{base}/games/{gid}/analysis", params={"budget": BUDGET}).status_code == 403
