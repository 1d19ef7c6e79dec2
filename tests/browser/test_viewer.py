"""The viewer in a real browser: keyboard navigation, what the board shows against the replay API,
perspectives, stepping by move, a live game followed while moves are appended; the texts as a player
reads them (names, card labels, translated phases), corrections shown, Arctica drawn as its board, and
axe-core's accessibility check (no serious or critical violation) on every page."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain.arctic.describe import card_label
from service.http.viewer.page import TIMELINE_PAGE
from tests.api.test_undo import Table
from tests.api.test_watch import LONG
from tests.browser.axe import assert_accessible, violations
from tests.helpers import auth, web
from tests.watching import record, remaining_moves

pytestmark = pytest.mark.browser
NAMES = {"arctic": ["Nanook", "Ivalu", "Aputsiaq"], "arctica": ["Nanook", "Ivalu", "Aputsiaq"]}


def named(kind: str, players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    body = record(kind, players, seed, moves)
    body["setup"]["players"] = NAMES[kind][:players]
    return body


def _import(base: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    made = web.post(f"{base}/games/import", json=body, headers=auth(token), timeout=30)
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
    view = web.get(f"{base}/games/{game_id}/replay/{step}").json()["view"]
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
    game = _import(base, api_key, named(kind, 3 if kind == "arctic" else 2, 31))
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
    assert_accessible(page, f"{kind} finished, last step")
    page.screenshot(path=str(screenshots / f"{kind}-final.png"), full_page=True)
    page.keyboard.press("Home")
    _shown(page, 1)


def test_switching_perspective_and_stepping_by_move(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, record("arctic", 2, 32))
    gid = game["id"]
    opening = web.get(f"{base}/games/{gid}/replay", params={"move": 0}).json()["step"]
    page.goto(f"{base}/games/{gid}/watch?step={opening}&lang=es")
    _shown(page, opening)
    assert page.locator("html").get_attribute("lang") == "es"
    page.select_option("#by", "move")
    for move in (1, 2):
        page.keyboard.press("ArrowRight")
        expected = web.get(f"{base}/games/{gid}/replay", params={"move": move}).json()["step"]
        _shown(page, expected)
    step = int(page.locator("#board").get_attribute("data-step") or 0)
    assert page.locator("#board .player[data-seat='1'] .hand [data-card]").count() == 0
    page.select_option("#perspective", "seat:1")
    page.wait_for_selector('#board[data-perspective="seat:1"]')
    hand = web.get(f"{base}/games/{gid}/replay/{step}", params={"perspective": "seat:1"}).json()["view"]["players"]
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
            made = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
            assert made.status_code == 201, made.text
            version = made.json()["version"]

    player = threading.Thread(target=play)
    player.start()
    player.join()
    _shown(page, version)
    assert page.locator("#step-count").inner_text() == str(version)
    assert page.locator(f'#timeline li[data-step="{version}"]').count() == 1
    assert _board(page, kind) == _expected(base, gid, version, kind)
    _running_score_is_the_public_one(page, base, gid)
    assert_accessible(page, "arctica live page")
    page.screenshot(path=str(screenshots / "arctica-live.png"), full_page=True)


def test_a_live_boards_step_is_shown_only_beside_its_timeline_entry(page: Any, base: str, api_key: str) -> None:
    """The stream names new steps while the page is busy: the board follows the timeline, never ahead of it.
    Here the rest of the moves go in while the running score is asked for (after the timeline's new page
    came), and every timeline page answers slower than a board's replay."""
    kind, seed, first = "arctica", 33, 5
    game = _import(base, api_key, record(kind, 2, seed, moves=first))
    gid = game["id"]
    rest = remaining_moves(kind, 2, seed, first)[:6]
    page.goto(f"{base}/games/{gid}/watch")
    _shown(page, game["version"])
    page.evaluate(
        """() => {
          window.shownAlone = [];
          new MutationObserver(() => {
            const step = document.body.dataset.shown;
            if (!document.querySelector('#timeline li[data-step="' + step + '"]')) window.shownAlone.push(step);
          }).observe(document.body, { attributes: true, attributeFilter: ["data-shown"] });
        }"""
    )
    version = game["version"]
    posted = threading.Event()

    def play(moves: list[Any]) -> None:
        nonlocal version
        for move in moves:
            made = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
            assert made.status_code == 201, made.text
            version = made.json()["version"]

    def score_while_moves_come(route: Any) -> None:
        if not posted.is_set():
            play(rest[1:])
            posted.set()
            time.sleep(1)  # the stream names the new steps meanwhile
        route.continue_()

    def slow_page(route: Any) -> None:
        answer = route.fetch()
        time.sleep(0.5)
        route.fulfill(response=answer)

    page.route(f"{base}/games/{gid}", score_while_moves_come)
    page.route("**/timeline?*", slow_page)
    play(rest[:1])
    while not posted.is_set():
        page.wait_for_timeout(100)
    _shown(page, version)
    try:
        assert page.locator(f'#timeline li[data-step="{version}"]').count() == 1
        assert page.evaluate("window.shownAlone") == []
    finally:
        page.unroute_all(behavior="ignoreErrors")


def _running_score_is_the_public_one(page: Any, base: str, gid: str) -> None:
    """The live page's running score: one row per player, by name, the totals of ``GET /games/{id}``."""
    results = web.get(f"{base}/games/{gid}").json()["results"]
    page.wait_for_function(
        "totals => Array.from(document.querySelectorAll('#live-score tbody tr .total')).map(t => t.textContent)"
        ".join(',') === totals",
        arg=",".join(str(r["total"]) for r in sorted(results, key=lambda r: (r["rank"], r["seat"]))),
    )
    rows = page.locator("#live-score tbody tr th").all_inner_texts()
    players = web.get(f"{base}/games/{gid}").json()["players"]
    assert sorted(rows) == sorted(players)
    headers = page.locator("#live-score thead th").all_inner_texts()
    assert all("_" not in h and ":" not in h for h in headers), headers


def _texts(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#timeline li").all_inner_texts()]


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_an_arctic_game_reads_with_names_labels_and_translated_phases(
    page: Any, base: str, api_key: str, lang: str
) -> None:
    game = _import(base, api_key, named("arctic", 3, 35))
    gid, steps = game["id"], game["version"]
    page.goto(f"{base}/games/{gid}/watch?step={steps // 2}&lang={lang}")
    _shown(page, steps // 2)
    # names, not seats, and a name once
    for text in _texts(page):
        assert not re.search(r"\b(?:[Ss]eat|[Ss]iège|[Aa]siento|player\d)", text), text
        for name in NAMES["arctic"]:
            assert not re.search(rf"{name}\W+{name}", text), text
        if lang == "en":
            assert not re.search(r"\ba [aeiou]", text), text  # "an orca card"
    assert page.locator("#board .player h3").all_inner_texts()[0].startswith("Nanook")
    # a card reads the same on the board as in the texts, and its corners say what they are
    cards = page.eval_on_selector_all("#board [data-card]", "els => els.map(e => [e.dataset.card, e.title])")
    assert cards
    for card, title in cards:
        label = card_label(card, lang).split(" ", 1)[1]  # without its article
        assert title.lower().startswith(label.lower()), (card, title, label)
    corners = set(page.locator("#board .card .corner small").all_inner_texts())
    assert corners == {
        {"en": "place", "fr": "pose", "es": "coloca"}[lang],
        {"en": "draw", "fr": "pioche", "es": "roba"}[lang],
    }
    number = page.locator("#board .card .number").first.inner_text()
    assert re.fullmatch(r"\d-\d+", number), number  # "2-5" as the texts and the recorder write it
    # the phase is a word of the language, at every step
    for step in range(steps // 2, steps // 2 + 12):
        page.keyboard.press("ArrowRight")
        _shown(page, step + 1)
        status = page.locator("#board .status").inner_text()
        assert "_" not in status, status
        assert not re.search(r"\b(?:end turn|place end)\b", status), status
    assert_accessible(page, f"arctic mid-game, {lang}")
    # a finished game has nobody to play and labelled scores
    page.keyboard.press("End")
    _shown(page, steps)
    status = page.locator("#board .status").inner_text()
    assert {"en": "to play", "fr": "à jouer", "es": "juega"}[lang] not in status, status
    headers = page.locator("#board .scores thead th").all_inner_texts()
    assert headers[0] and all(h.strip() for h in headers), headers


def test_arctica_is_drawn_as_its_board(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, named("arctica", 3, 36))
    gid, steps = game["id"], game["version"]
    step = steps // 2
    page.goto(f"{base}/games/{gid}/watch?step={step}")
    _shown(page, step)
    view = web.get(f"{base}/games/{gid}/replay/{step}").json()["view"]
    board = view["board"]
    # the wheels, turned as the view says, and the spaces with the actions they offer
    wheels = page.eval_on_selector_all(
        "#board .action-wheels [data-wheel]", "els => els.map(e => e.dataset.orientation)"
    )
    assert wheels == [str(o) for o in view["orientations"]]
    spaces = page.eval_on_selector_all(
        "#board .action-wheels [data-space] .space-action", "els => els.map(e => e.textContent)"
    )
    words = {"fauna": "Fauna", "flora": "Flora", "draw": "Draw", "migration": "Migration", "colony": "Colony"}
    offered = [a for s in board["action_spaces"] for a in s["actions"]]
    assert len(spaces) == len(offered)
    for shown, action in zip(spaces, offered, strict=True):
        assert shown == words.get(action, shown) and "_" not in shown
    pawn = page.locator("#board .action-wheels .space-drawing.pawn-here").get_attribute("data-space")
    assert pawn == (str(view["pawn"]) if view["pawn"] >= 0 else None)
    # the Arctic Circle as a ring, with its ice tiles
    ring = page.eval_on_selector_all("#board .circle-ring [data-circle]", "els => els.length")
    assert ring == len(board["circle"])
    ice = page.eval_on_selector_all("#board .circle-ring [data-ice]", "els => els.map(e => Number(e.dataset.ice))")
    assert ice == [c["ice"] for c in board["circle"] if c["ice"] is not None]
    # the map's regions, by name; tokens by their owner's 1-based number and name
    assert page.locator("#board .map .region h3").all_inner_texts() == [r["name"] for r in board["regions"]]
    for token in page.eval_on_selector_all(
        "#board [data-token][data-seat]",
        "els => els.map(e => [e.dataset.seat, (e.querySelector('text') || e).textContent,"
        " e.getAttribute('aria-label')])",
    ):
        seat, text, label = token
        assert text.strip() == str(int(seat) + 1) and NAMES["arctica"][int(seat)] in label, token
    # cards: cost and points labelled apart from the name, the name the timeline writes
    names = page.locator("#board .card.headed .name").all_inner_texts()
    assert names and all(not n[:1].isdigit() for n in names)
    costs = page.locator("#board .card.headed .cost small").all_inner_texts()
    assert set(costs) == {"cost"}
    played = [t for t in _texts(page) if "plays the Fauna card" in t]
    assert played and not any("no." in t for t in played)
    assert any(name in " ".join(played) for name in names)
    assert_accessible(page, "arctica mid-game")
    page.keyboard.press("End")
    _shown(page, steps)
    assert "to play" not in page.locator("#board .status").inner_text()
    headers = page.locator("#board .scores thead th").all_inner_texts()
    assert "tokens on the map" in headers and all("_" not in h for h in headers), headers
    assert_accessible(page, "arctica finished")


def test_a_correction_is_shown_as_such(page: Any, base: str, api_key: str) -> None:
    kind, seed, first = "arctic", 37, 12
    game = _import(base, api_key, named(kind, 2, seed, moves=first))
    gid = game["id"]
    undone = web.post(f"{base}/games/{gid}/undo", json={"moves": 2, "reason": "misread"}, headers=auth(api_key))
    assert undone.status_code == 200, undone.text
    numbers = [m["number"] for m in undone.json()["taken_back"]]
    assert numbers == [first - 1, first]  # moves counted from 1, as the timeline counts them
    page.goto(f"{base}/games/{gid}/watch")
    _shown(page, undone.json()["version"])
    correction = page.locator("#timeline li.correction").inner_text()
    taken = undone.json()["taken_back"]  # said in the rows' own numbering: steps
    assert f"Steps {taken[0]['first_step']}-{taken[-1]['last_step']} taken back" in correction, correction
    assert "misread" not in correction  # a live game's reason is its owner's (the page has no key here)
    struck = page.eval_on_selector_all(
        "#timeline li.taken-back",
        "els => els.map(e => [Number(e.dataset.step), Number(e.dataset.move), !!e.querySelector('del')])",
    )
    first_step = undone.json()["taken_back"][0]["first_step"]
    assert struck and all(has_del for _, _, has_del in struck)
    assert {move for _, move, _ in struck} == set(numbers)
    assert min(step for step, _, _ in struck) == first_step
    # the board of a step taken back says so, and which correction took it back
    page.click(f'#timeline li[data-step="{first_step}"] a')
    _shown(page, first_step)
    note = page.locator("#board .taken-back-note")
    assert note.is_visible() and note.get_attribute("data-taken-back-at") == str(undone.json()["version"])
    assert_accessible(page, "a step taken back")


def test_every_control_and_the_timeline_are_reached_by_keyboard(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, named("arctic", 2, 38))
    page.goto(f"{base}/games/{game['id']}/watch?step=3")
    _shown(page, 3)
    reached: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate("() => document.activeElement.id || document.activeElement.closest('li')?.dataset.step || ''")
        )
        if reached[-1].isdigit():
            break
    for control in ("first", "prev", "slider", "next", "last", "by", "perspective", "lang", "timeline-list"):
        assert control in reached, reached
    assert reached[-1].isdigit()  # a timeline entry, by keyboard
    page.keyboard.press("Enter")
    _shown(page, int(reached[-1]))
    landmarks = page.eval_on_selector_all("header, nav, main, aside", "els => els.map(e => e.tagName)")
    assert landmarks == ["HEADER", "NAV", "MAIN", "ASIDE"]


def test_the_accessibility_check_finds_a_violation_where_there_is_one(page: Any) -> None:
    page.set_content('<html lang="en"><body><main><p style="color:#ccc;background:#fff">faint</p></main></body></html>')
    assert "color-contrast" in {v["id"] for v in violations(page)}


def test_a_live_arctic_page_shows_the_public_running_score(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, named("arctic", 3, 39, moves=30))
    gid = game["id"]
    page.goto(f"{base}/games/{gid}/watch")
    _shown(page, game["version"])
    _running_score_is_the_public_one(page, base, gid)
    assert "totem" in page.locator("#live-score .hint").inner_text()
    for move in remaining_moves("arctic", 3, 39, 30)[:3]:
        made = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
        assert made.status_code == 201, made.text
    _shown(page, made.json()["version"])
    _running_score_is_the_public_one(page, base, gid)
    assert_accessible(page, "arctic live page")


def test_the_board_modules_draw_any_kind_and_never_markup_from_data(page: Any, base: str, api_key: str) -> None:
    """``renderBoard(root, replay, ctx)``, the recorder's contract too: a kind without a board of its own
    is drawn by board/generic.js; names and values from the data stay text."""
    game = _import(base, api_key, named("arctic", 2, 40, moves=10))
    page.goto(f"{base}/games/{game['id']}/watch")
    _shown(page, game["version"])
    evil = '<img src=x onerror="window.pwned=1">'
    drawn = page.evaluate(
        """async (evil) => {
          const { renderBoard } = await import("/static/board/index.js");
          const url = location.pathname.replace("/watch", "/replay/" + document.body.dataset.shown);
          const replay = await (await fetch(url)).json();
          const ctx = { players: [evil, "Ivalu"], lang: "en", words: {} };
          const arctic = renderBoard(document.createElement("section"), replay, ctx);
          const other = renderBoard(document.createElement("section"),
            { ...replay, kind: "curling", view: { stones: [1, 2], note: evil, nested: { skip: evil } } }, ctx);
          return { arcticImages: arctic.querySelectorAll("img").length, arcticText: arctic.textContent.includes(evil),
                   otherImages: other.querySelectorAll("img").length, otherText: other.textContent,
                   step: other.dataset.step, pwned: window.pwned === 1 };
        }""",
        evil,
    )
    assert drawn["arcticImages"] == 0 and drawn["arcticText"]
    assert drawn["otherImages"] == 0 and evil in drawn["otherText"] and "stones" in drawn["otherText"]
    assert drawn["step"] == str(game["version"]) and not drawn["pwned"]


def test_a_live_page_follows_a_game_through_an_undo(page: Any, base: str, api_key: str) -> None:
    game = _import(base, api_key, named("arctica", 2, 41, moves=20))
    gid = game["id"]
    page.goto(f"{base}/games/{gid}/watch")
    _shown(page, game["version"])
    assert page.locator("#timeline li.taken-back").count() == 0
    undone = web.post(f"{base}/games/{gid}/undo", json={"moves": 1}, headers=auth(api_key)).json()
    _shown(page, undone["version"])
    page.wait_for_selector("#timeline li.correction")
    taken = undone["taken_back"][0]
    struck = page.eval_on_selector_all("#timeline li.taken-back del", "els => els.length")
    assert struck == taken["last_step"] - taken["first_step"] + 1
    said = page.locator("#timeline li.correction").inner_text()
    assert f"Steps {taken['first_step']}-{taken['last_step']} taken back" in said, said
    assert _board(page, "arctica") == _expected(base, gid, undone["version"], "arctica")
    move = remaining_moves("arctica", 2, 41, 19)[0]  # the move taken back, played again
    made = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
    assert made.status_code == 201, made.text
    _shown(page, made.json()["version"])
    assert page.locator(f'#timeline li[data-step="{made.json()["version"]}"]:not(.taken-back)').count() == 1


def _move_end(entries: list[dict[str, Any]], step: int) -> bool:
    """Whether a step ends a move: the next entry's move number differs, or it is the last step."""
    return step == len(entries) or entries[step]["move_number"] != entries[step - 1]["move_number"]


def test_a_long_game_s_timeline_is_fetched_as_the_reader_steps_and_scrolls(page: Any, base: str, api_key: str) -> None:
    """Issue #35: the page holds one page of the timeline; the steps beyond it are fetched from /timeline as
    the reader steps (by event, by move across a page's edge, to the last step) or scrolls to them, and a
    live game's new steps after the last one fetched, wherever the reader is."""
    kind, players, seed, at = LONG
    with httpx.Client(base_url=base, timeout=30) as http:
        table = Table(http, api_key, kind, players, seed)
        for move in table.moves[:at]:
            table.play(move)
        table.grow(3 * TIMELINE_PAGE + 200, table.moves[at])
        gid, opened = table.id, table.version
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base}/games/{gid}/watch?step=1")
        _shown(page, 1)
        held = "#timeline li[data-step]"
        assert page.locator(held).count() == TIMELINE_PAGE and page.locator("#timeline li.gap").count() == 1
        assert_accessible(page, "a long game's timeline, steps not fetched yet")
        # the live game goes on (a move, taken back): its steps come after the gap, the correction marks them
        table.grow(opened + 1, table.moves[at])
    steps = table.version
    page.wait_for_selector(f'#timeline li.correction[data-step="{steps}"]')
    assert page.locator("#step-count").inner_text() == str(steps)
    assert page.locator(f'#timeline li.taken-back[data-step="{opened + 1}"]').count() == 1
    assert page.locator(held).count() == TIMELINE_PAGE + steps - opened
    whole = web.get(f"{base}/games/{gid}/timeline", params={"limit": 10_000}).json()["entries"]
    assert len(whole) == steps
    page.click(f'#timeline li[data-step="{TIMELINE_PAGE}"] a')
    _shown(page, TIMELINE_PAGE)
    # by move, across the page's edge: where the timeline says the next move ends, and back
    page.select_option("#by", "move")
    after = next(s for s in range(TIMELINE_PAGE + 1, steps + 1) if _move_end(whole, s))
    page.keyboard.press("ArrowRight")
    _shown(page, after)
    page.wait_for_selector(f'#timeline li.current[data-step="{after}"]')
    before = max(s for s in range(1, after) if _move_end(whole, s))
    page.keyboard.press("ArrowLeft")
    _shown(page, before)
    # by event, past what is held
    page.select_option("#by", "event")
    page.keyboard.press("End")
    _shown(page, steps)
    page.wait_for_selector(f'#timeline li.current[data-step="{steps}"]')
    last = page.locator(f'#timeline li[data-step="{steps}"]').inner_text()
    # the last step is the correction, said in the rows' own numbering (the API says its move number)
    assert whole[-1]["type"] == "MovesTakenBack", whole[-1]
    assert f"Steps {opened + 1}-{steps - 1} taken back" in last, last
    assert page.locator("#timeline li.gap").count() == 1  # the steps between the pages fetched
    # scrolled into view, the gap brings its steps, a page at a time
    for _ in range(steps // TIMELINE_PAGE):
        if not page.locator("#timeline li.gap").count():
            break
        count = page.locator(held).count()
        # (the list is drawn again as pages come: the gap is looked up and scrolled to in one go)
        page.evaluate("() => document.querySelector('#timeline li.gap')?.scrollIntoView({ block: 'nearest' })")
        # (30 s: on CI's loaded machine a page of 200 entries took longer than the default 10 s once)
        page.wait_for_function(
            "n => document.querySelectorAll('#timeline li[data-step]').length > n", arg=count, timeout=30_000
        )
    assert page.locator("#timeline li.gap").count() == 0
    shown = page.eval_on_selector_all(held, "els => els.map(e => [Number(e.dataset.step), e.dataset.moveEnd])")
    assert [s for s, _ in shown] == list(range(1, steps + 1))
    assert [end == "1" for _, end in shown] == [_move_end(whole, s) for s in range(1, steps + 1)]
    page.keyboard.press("ArrowLeft")
    _shown(page, steps - 1)
    assert_accessible(page, "a long game's timeline")
    assert not errors, errors
