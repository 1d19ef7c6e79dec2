"""The recorder in a real browser at a phone's size: whole games recorded by taps alone (equal to the
same games recorded through the API), a stretch of turns offline with a reload, a conflict with another
device, nothing sent twice, and axe-core on the recorder and the viewer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.arctic.simulator import simulate, to_public
from projections import standard
from service.http.recorder import engine
from service.runtime import Runtime
from tests.api.test_undo import Table
from tests.api.test_watch import LONG
from tests.browser.axe import BLOCKING, violations
from tests.browser.decision_paths import Position, checked
from tests.helpers import auth, web

pytestmark = pytest.mark.browser

NAMES = ["Nanook", "Sila"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

ENGINE = engine.available()  # the project's rules in the browser (make recorder-engine)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(30_000)  # a loaded 2-core CI: a reload and its service worker take longer
    yield context
    context.close()


def keyed(context: Any, base: str, token: str, engine: bool = False) -> Any:
    """A phone that has been given the key once (through the page); ``engine``: with the rules on the
    device (else unticked, as on a metered phone: the tests that do not go offline need no 14 MB)."""
    page = context.new_page()
    page.goto(f"{base}/recorder")
    page.fill("#api-key", token)
    page.locator("#key-form button[type=submit]").tap()
    page.wait_for_selector("#forget-key")
    page.evaluate("on => localStorage.setItem('banquise.engine', on ? 'on' : 'off')", engine)
    return page


def start_public_arctic(page: Any, sides: dict[str, str]) -> str:
    """The start page, by taps: players, mode, the power sides; returns the new game's id."""
    page.fill("#player-0", NAMES[0])
    page.fill("#player-1", NAMES[1])
    page.locator('#mode input[value="public"]').check()  # the modes as radio buttons (long labels)
    for animal, side in sides.items():
        page.select_option(f"#power_sides-{animal}", side)
    page.fill("#tags", "club:Iceberg, table:2")
    page.locator("#create").tap()
    page.wait_for_url("**/games/*/recorder")
    return str(page.url.split("/games/")[1].split("/")[0])


def shown_choices(page: Any, exact: bool = True) -> list[str]:
    """The options of the decision the page shows (their labels): with ``exact``, the server's at the
    version it holds with nothing on its way; else those of the position after every move queued."""
    return shown_decision(page, 0, exact)


def shown_decision(page: Any, made: int, exact: bool = True, version: int | None = None) -> list[str]:
    """The labels of the options shown after ``made`` decisions of a move (once the page shows them)."""
    where = f'[data-version="{version}"]' if version is not None else ""
    handle = page.wait_for_function(
        """([made, exact, where]) => {
             const c = document.querySelector(`#choices[data-made="${made}"]${where}`);
             if (!c) return false;
             const ready = exact
               ? document.body.dataset.pending === "0" && c.dataset.exact === "1"
               : c.dataset.after === document.body.dataset.pending && c.dataset.source !== "waiting";
             const options = [...c.querySelectorAll("button.choice")].map((b) => b.textContent);
             const buttons = [...c.querySelectorAll("button")].map((b) => b.textContent);
             return ready && (options.length || c.querySelector("#no-decision")) ? [options, buttons] : false;
           }""",
        arg=[made, exact, where],
    )
    options, buttons = handle.json_value()
    checked(options, buttons)
    return list(options)


def queued_moves(page: Any) -> list[dict[str, Any]]:
    """The moves the page holds in its queue (IndexedDB), oldest first."""
    return list(
        page.evaluate(
            # Read without creating: when the page has not opened its store yet, opening it here would
            # create an empty database (no "queue") under the page's feet; the creation is aborted.
            """() => new Promise((resolve, reject) => {
                 const open = indexedDB.open("banquise-recorder", 1);
                 let created = false;
                 open.onupgradeneeded = () => { created = true; open.transaction.abort(); };
                 open.onerror = () => (created ? resolve([]) : reject(open.error));
                 open.onsuccess = () => {
                   const db = open.result;
                   if (!db.objectStoreNames.contains("queue")) { db.close(); resolve([]); return; }
                   const all = db.transaction("queue").objectStore("queue").getAll();
                   all.onsuccess = () => {
                     db.close();
                     resolve(all.result.sort((a, b) => a.id - b.id).map((i) => i.move));
                   };
                   all.onerror = () => { db.close(); reject(all.error); };
                 };
               })"""
        )
    )


def position_of(page: Any) -> tuple[Position, int]:
    """The game's position as the page records it: the server's record, then the moves queued here;
    and the server's version."""
    base, gid = page.url.split("/games/")[0], page.url.split("/games/")[1].split("/")[0]
    token = page.evaluate("() => localStorage.getItem('banquise.apiKey')")
    record = _get(base, f"/games/{gid}/record", token)
    spoken = page.evaluate("document.documentElement.lang")  # the labels to tap, in the page's language
    position = Position(record["kind"], record["setup"], spoken if spoken in ("fr", "es") else "en")
    moves = [entry["move"] for entry in record["moves"]]
    # The record's moves played once: a game entered move by move asks again after each of its moves.
    key = (gid, position.lang)
    known, state = _followed.get(key, ([], position.state))
    if moves[: len(known)] != known:
        known, state = [], position.state
    position.state = state
    for move in moves[len(known) :]:
        position.play(move)
    _followed[key] = (moves, position.state)
    for move in queued_moves(page):
        position.play(move)
    return position, _get(base, f"/games/{gid}", token)["version"]


# The position after a game's recorded moves, by game and language: (those moves, the state after them).
_followed: dict[tuple[str, str], tuple[list[Any], Any]] = {}


def tap_move(page: Any, move: dict[str, Any], exact: bool = True) -> int | None:
    """Records ``move`` by taps: the labels of its builder's path, clicked by their text; the taps, or
    None when the page does not offer its first decision."""
    position, version = position_of(page)
    labels = position.labels(move)
    pending = int(page.locator("body").get_attribute("data-pending") or 0)
    for i, label in enumerate(labels):
        offered = shown_decision(page, i, exact, version if exact else None)
        if label not in offered:
            assert i == 0, (move, label, offered)
            return None
        page.locator("#choices").get_by_role("button", name=label, exact=True).tap()
    if exact:
        base, gid = page.url.split("/games/")[0], page.url.split("/games/")[1].split("/")[0]
        token = page.evaluate("() => localStorage.getItem('banquise.apiKey')")
        now = version
        for _ in range(300):  # until the server holds it
            now = _get(base, f"/games/{gid}", token)["version"]
            if now != version:
                break
            page.wait_for_timeout(50)
        page.wait_for_selector('body[data-pending="0"]')
        # ... and the page has read it back: the decision it offers now is the position's after this move
        # (a tap right after would otherwise meet the choices of the position before, still on screen).
        # A finished game shows no choices at all.
        page.wait_for_function(
            "v => { const c = document.querySelector('#choices'); return !c || c.dataset.version === v; }", arg=str(now)
        )
    else:
        page.wait_for_function("n => Number(document.body.dataset.pending) > n", arg=pending)
    return len(labels)


def _get(base: str, path: str, token: str) -> Any:
    response = web.get(f"{base}{path}", headers=auth(token), timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def the_same_game(base: str, token: str, runtime: Runtime, a: str, b: str) -> None:
    """Two games equal as every client reads them: steps and state hashes, scores, statistics."""
    hashes = [
        [(e["step"], e["type"], e["state_hash"]) for e in _get(base, f"/games/{g}/timeline", token)["entries"]]
        for g in (a, b)
    ]
    assert hashes[0] == hashes[1]
    summaries = [_get(base, f"/games/{g}", token) for g in (a, b)]
    for field in ("status", "version", "moves", "players", "results", "winners"):
        assert summaries[0][field] == summaries[1][field], field
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    runner.close()
    stats = [_get(base, f"/games/{g}/stats", token) for g in (a, b)]
    # the times differ (taps now, an import later): everything else is the game's
    timeless = [{k: v for k, v in s.items() if k != "game_id" and not _timed(k)} for s in stats]
    for s in timeless:
        s["table"] = [t for t in s["table"] if not _timed(t["name"])]
    assert timeless[0] == timeless[1]


def _timed(name: str) -> bool:
    return name.endswith("_at") or "duration" in name or "seconds" in name or name == "links"


def imported(base: str, token: str, kind: str, setup: dict[str, Any], moves: list[dict[str, Any]]) -> str:
    body = {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": setup,
        "moves": [{"move": m} for m in moves],
    }
    made = web.post(f"{base}/games/import", json=body, headers=auth(token), timeout=60)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def public_game(base: str, token: str, moves: int = 0) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A public Arctic game created through the API with its first ``moves`` moves; its setup and all its moves."""
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    every = [msgspec.to_builtins(m) for m in game.moves]
    made = web.post(f"{base}/games", json={"kind": "arctic", "setup": setup}, headers=auth(token), timeout=30).json()
    for move in every[:moves]:
        web.post(f"{base}/games/{made['id']}/moves", json={"move": move}, headers=auth(token), timeout=30)
    return str(made["id"]), setup, every


def posted_moves(page: Any) -> list[str]:
    """The Idempotency-Key of every move the page's requests brought to the server (answered)."""
    sent: list[str] = []

    def finished(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            sent.append(request.headers.get("idempotency-key", ""))

    page.on("requestfinished", finished)
    return sent


def test_a_whole_public_arctic_game_by_taps_with_turns_offline_and_a_reload_equals_the_api_record(
    phone: Any, base: str, api_key: str, runtime: Runtime
) -> None:
    """Started on the start page and recorded by taps alone; seat 1's turn and the River's refill
    (moves 16-27) recorded with the network cut, the page reloaded offline in the middle."""
    if not ENGINE:
        pytest.skip("offline, moves are built by the rules on the device: make recorder-engine")
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    moves = [msgspec.to_builtins(m) for m in game.moves]
    page = keyed(phone, base, api_key, engine=True)
    sent = posted_moves(page)
    gid = start_public_arctic(page, setup["power_sides"])
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    done = 0
    for move in moves[:16]:
        assert tap_move(page, move)
        done += 1
    page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)  # the engine loaded while online
    if engine.snapshot() is not None:  # from Pyodide's memory after its start, not the long way
        assert page.locator("body").get_attribute("data-engine-started") == "snapshot"
    phone.set_offline(True)
    page.wait_for_selector('body[data-choices="engine"]')  # the panel drawn again, by the rules here
    offline = 0
    while offline < 12 and tap_move(page, moves[done], exact=False):
        if offline in (1, 5):  # before and after the reload: the engine came from the service worker's cache
            assert page.locator("body").get_attribute("data-choices") == "engine"
        done += 1
        offline += 1
        page.wait_for_selector(f'body[data-pending="{offline}"]')
        if offline == 4:  # a reload offline loses nothing queued
            page.reload()
            page.wait_for_selector(f'body[data-pending="{offline}"] #timeline li.pending >> nth={offline - 1}')
            page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)
            page.wait_for_selector('body[data-choices="engine"]')
    assert offline == 12, "seat 1's turn and the refill, built by the rules on the device"
    assert page.locator("#network").inner_text() == "offline"
    assert page.locator("#controls-panel").inner_text().split() == ["Undo", "last", "move"]  # no abandon offline
    assert page.locator("#timeline li.pending").count() == offline
    assert _get(base, f"/games/{gid}", api_key)["moves"] == done - offline  # nothing reached the server
    decided_here = shown_choices(page, exact=False)
    phone.set_offline(False)
    page.wait_for_selector('body[data-pending="0"] #choices[data-exact="1"]', timeout=30_000)
    assert decided_here == shown_choices(page)  # the rules on the device offered what the server offers
    for move in moves[done:]:
        assert tap_move(page, move), move
    page.wait_for_selector('body[data-status="finished"]')
    the_same_game(base, api_key, runtime, gid, imported(base, api_key, "arctic", setup, moves))
    assert _get(base, f"/games/{gid}", api_key)["tags"] == {"club": "Iceberg", "table": "2"}
    assert len(sent) == len(moves) == len(set(sent)), "each move reached the server once"


def stop_on_a_conflict(phone: Any, base: str, token: str) -> tuple[Any, str, list[dict[str, Any]], list[str]]:
    """Two moves queued offline while another device records (12 moves stored, the page saw them)."""
    if not ENGINE:
        pytest.skip("offline, moves are built by the rules on the device: make recorder-engine")
    gid, _, moves = public_game(base, token, moves=12)
    page = keyed(phone, base, token, engine=True)
    sent = posted_moves(page)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)
    phone.set_offline(True)
    for i, move in enumerate(moves[12:14], start=1):
        assert tap_move(page, move, exact=False)
        page.wait_for_selector(f'body[data-pending="{i}"]')
    return page, gid, moves, sent


def test_a_move_from_another_device_stops_the_queue_and_the_servers_line_is_kept(
    phone: Any, base: str, api_key: str, runtime: Runtime
) -> None:
    page, gid, moves, sent = stop_on_a_conflict(phone, base, api_key)
    other = web.post(f"{base}/games/{gid}/moves", json={"move": moves[12]}, headers=auth(api_key), timeout=30)
    assert other.status_code == 201
    phone.set_offline(False)
    page.wait_for_selector("#conflict")
    assert page.locator("body").get_attribute("data-sync") == "stopped"
    assert page.locator("#server-side li").count() >= 1 and page.locator("#mine-side li").count() == 2
    assert serious_violations(page, exclude=("#board-root",)) == [], "the conflict view"
    page.locator("#drop-mine").tap()
    page.wait_for_selector('body[data-pending="0"] #choices[data-exact="1"]')
    assert (
        int(page.locator("body").get_attribute("data-version") or 0) == _get(base, f"/games/{gid}", api_key)["version"]
    )
    for move in moves[13:16]:  # the page goes on from the server's line
        assert tap_move(page, move), move
    for move in moves[16:]:  # and the other device finishes the game
        made = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key), timeout=30)
        assert made.status_code == 201, made.text
    page.reload()
    page.wait_for_selector('body[data-status="finished"]')
    setup = {**msgspec.to_builtins(to_public(simulate(2, 23)).setup), "players": NAMES}
    the_same_game(base, api_key, runtime, gid, imported(base, api_key, "arctic", setup, moves))
    # the refused one (409), then the three after the one the other device recorded: each once
    assert len(set(sent)) == len(sent) == 1 + 3


def test_retry_after_a_conflict_sends_the_queue_on_the_servers_version(phone: Any, base: str, api_key: str) -> None:
    page, gid, moves, sent = stop_on_a_conflict(phone, base, api_key)
    # the other device takes back the last move and records it again: the same table, a newer version
    version = _get(base, f"/games/{gid}", api_key)["version"]
    undone = web.post(
        f"{base}/games/{gid}/undo", json={"moves": 1}, headers={**auth(api_key), "If-Match": f'"{version}"'}
    )
    assert undone.status_code == 200, undone.text
    again = web.post(f"{base}/games/{gid}/moves", json={"move": moves[11]}, headers=auth(api_key), timeout=30)
    assert again.status_code == 201, again.text
    phone.set_offline(False)
    page.wait_for_selector("#conflict")
    page.locator("#retry").tap()
    page.wait_for_selector('body[data-pending="0"] #choices[data-exact="1"]')
    summary = _get(base, f"/games/{gid}", api_key)
    assert summary["moves"] == 14  # the 12 (one taken back and recorded again), the two queued
    setup = {**msgspec.to_builtins(to_public(simulate(2, 23)).setup), "players": NAMES}
    same = imported(base, api_key, "arctic", setup, moves[:14])
    final = [
        _get(base, f"/games/{g}/replay/{_get(base, f'/games/{g}', api_key)['version']}", api_key) for g in (gid, same)
    ]
    assert final[0]["state_hash"] == final[1]["state_hash"]
    assert len(sent) == len(set(sent)) == 3  # the refused one, then the two with new keys


def serious_violations(page: Any, exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it is now (``make browser-deps`` installs it)."""
    return [v for v in violations(page, exclude) if v["impact"] in BLOCKING]


def test_axe_finds_nothing_serious_on_the_recorder_and_the_viewer(
    phone: Any, base: str, api_key: str, tmp_path: Path
) -> None:
    gid, _, _ = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key)
    assert serious_violations(page) == [], "the start page"
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.wait_for_selector("#board-root #board")
    assert serious_violations(page) == [], "the recorder, its board included"
    page.locator("#choices button.choice").first.tap()  # "Place a card · Fox": an animal, narrowing the cards
    page.wait_for_selector('#choices[data-made="1"] button.choice')
    assert serious_violations(page, exclude=("#board-root",)) == [], "the recorder, a card narrowed"
    page.goto(f"{base}/games/{gid}/watch")
    page.wait_for_selector("#board")
    assert serious_violations(page) == [], "the viewer"


def test_undo_asks_first_drops_a_queued_move_or_takes_back_a_stored_one_and_abandon_ends_the_game(
    phone: Any, base: str, api_key: str
) -> None:
    if not ENGINE:
        pytest.skip("offline, moves are built by the rules on the device: make recorder-engine")
    gid, _, moves = public_game(base, api_key, moves=8)
    page = keyed(phone, base, api_key, engine=True)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)
    before = _get(base, f"/games/{gid}", api_key)
    page.locator("#undo").tap()
    page.locator("#confirm-no").tap()  # asked, and nothing done
    page.locator("#undo").tap()
    page.locator("#confirm-yes").tap()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(before["version"]))
    assert _get(base, f"/games/{gid}", api_key)["moves"] == 7
    assert tap_move(page, moves[7])  # recorded again
    phone.set_offline(True)
    assert tap_move(page, moves[8], exact=False)
    page.wait_for_selector('body[data-pending="1"]')
    page.locator("#undo").tap()
    page.locator("#confirm-yes").tap()  # a queued move is dropped, never sent
    page.wait_for_selector('body[data-pending="0"]')
    phone.set_offline(False)
    page.reload()
    shown_choices(page)
    assert _get(base, f"/games/{gid}", api_key)["moves"] == 8
    page.locator("#abandon").tap()
    # the reason is asked with the question, by its label, and sent as written
    page.get_by_label("Why (stored with the game)").fill("the ferry left")
    with page.expect_request(lambda r: r.url.endswith("/abandon")) as sent:
        page.locator("#confirm-yes").tap()
    assert sent.value.post_data_json == {"reason": "the ferry left"}
    page.wait_for_selector('body[data-status="abandoned"]')
    assert page.locator("#choices").count() == 0


def test_a_move_whose_answer_was_lost_is_sent_again_and_stored_once(phone: Any, base: str, api_key: str) -> None:
    gid, _, moves = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    keys_sent: list[str] = []

    def answer_lost_once(route: Any) -> None:
        keys_sent.append(route.request.headers.get("idempotency-key", ""))
        stored = route.fetch()  # the server stores the move ...
        if len(keys_sent) == 1:
            route.abort("connectionreset")  # ... and its answer never reaches the page
        else:
            route.fulfill(response=stored)

    page.route("**/moves", answer_lost_once)
    before = _get(base, f"/games/{gid}", api_key)["version"]
    assert tap_move(page, moves[6])
    assert len(keys_sent) == 2 and keys_sent[0] == keys_sent[1], "sent again with the same key"
    events = _get(base, f"/games/{gid}/events?after={before}", api_key)
    assert _get(base, f"/games/{gid}", api_key)["moves"] == 7  # stored once
    assert events and {e["move"] for e in events} == {6}  # the events of one move, once


def test_a_long_game_s_recorder_shows_its_latest_timeline_entries(phone: Any, base: str, api_key: str) -> None:
    """Issue #35: the recorder reads the last entries of the timeline, not its first page (the default
    page holds 1,000 steps), however long the game's history."""
    kind, players, seed, at = LONG
    with httpx.Client(base_url=base, timeout=30) as http:
        table = Table(http, api_key, kind, players, seed)
        for move in table.moves[:at]:
            table.play(move)
        table.grow(1_100, table.moves[at])
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{table.id}/recorder")
    page.wait_for_selector(f'#timeline li[data-step="{table.version}"]')
    assert page.locator("#timeline li[data-step]").last.get_attribute("data-step") == str(table.version)


def test_a_question_being_confirmed_stays_open_while_the_page_draws_itself_again(
    phone: Any, base: str, api_key: str
) -> None:
    """The page draws itself again whenever something arrives (the rules loaded on the device, a move
    synced, another language): the abandon question asked, and the reason typed, stay under the
    player's finger, and the answer sends what was typed."""
    gid, _, _ = public_game(base, api_key, moves=2)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.locator("#abandon").tap()
    page.get_by_label("Why (stored with the game)").fill("the ferry left")
    page.select_option("#language", "fr")  # the whole page drawn again, in French
    page.wait_for_function("document.documentElement.lang === 'fr'")
    shown_choices(page)
    assert page.locator("#abandon-reason").input_value() == "the ferry left"
    with page.expect_request(lambda r: r.url.endswith("/abandon")) as sent:
        page.locator("#confirm-yes").tap()
    assert sent.value.post_data_json == {"reason": "the ferry left"}
    page.wait_for_selector('body[data-status="abandoned"]')
