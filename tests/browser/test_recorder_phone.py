"""The recorder at a table with a slow network and a phone's screen (issue #34): a quick second tap
right after the first move's answer, at 400 ms of latency, is stored without a conflict and without a
page error; while a move is on its way the page offers the choices of the position after it (never the
choices remembered for every player); a correction struck through in the rows' numbering; who starts;
the engine's box as it is."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_recorder import ENGINE, _get, keyed, phone, public_game, shown_choices, tap_move
from tests.helpers import auth, web

__all__ = ["phone"]  # the fixture, used by name

pytestmark = pytest.mark.browser

LATENCY_MS = 400


def slow_network(page: Any) -> None:
    """Every request of the page answered no sooner than ``LATENCY_MS`` after it left (Chromium's own
    network emulation, through the debugging protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": LATENCY_MS, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def errors_of(page: Any) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda e: found.append(str(e)))
    return found


def test_a_quick_second_tap_after_the_first_answer_is_stored_without_a_conflict(
    phone: Any, base: str, api_key: str
) -> None:
    gid, _, moves = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key, engine=ENGINE)
    errors = errors_of(page)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    if ENGINE:  # the position after a move on its way comes from the rules on the device
        page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)
    slow_network(page)
    stored = _get(base, f"/games/{gid}", api_key)["moves"]
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/moves")) as first:
        assert tap_move(page, moves[6], exact=False)
    assert first.value.status == 201
    # the second tap as soon as the page offers it after that answer
    assert tap_move(page, moves[7], exact=False)
    for _ in range(100):  # until both are stored, or the queue stops
        if page.locator("#conflict").count() or _get(base, f"/games/{gid}", api_key)["moves"] == stored + 2:
            break
        page.wait_for_timeout(200)
    page.wait_for_selector('#conflict, body[data-pending="0"] #choices[data-exact="1"]', timeout=20_000)
    assert page.locator("#conflict").count() == 0, page.locator("#conflict").inner_text()
    assert _get(base, f"/games/{gid}", api_key)["moves"] == stored + 2
    assert errors == []
    moves_out = web.get(f"{base}/games/{gid}/record", headers=auth(api_key), timeout=30).json()["moves"]
    assert [m["move"] for m in moves_out[-2:]] == moves[6:8]


def test_while_a_move_is_on_its_way_the_choices_are_never_those_remembered_for_every_player(
    phone: Any, base: str, api_key: str
) -> None:
    """Without the rules on the device: the next choices wait for the server's answer, the page stays
    online, and the board follows the move once stored."""
    gid, _, moves = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key, engine=False)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    slow_network(page)
    seen: list[dict[str, str]] = []
    page.expose_function("sawChoices", lambda state: seen.append(state))
    page.evaluate(
        """() => new MutationObserver(() => {
             const c = document.querySelector("#choices");
             const network = document.getElementById("network").textContent;
             const buttons = String(c ? c.querySelectorAll("button.choice").length : 0);
             if (c) window.sawChoices({ source: c.dataset.source, network, buttons });
           }).observe(document.getElementById("app"), { childList: true, subtree: true })"""
    )
    version = _get(base, f"/games/{gid}", api_key)["version"]
    assert tap_move(page, moves[6], exact=False)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(version))
    page.wait_for_selector('body[data-pending="0"] #choices[data-exact="1"]')
    assert {s["source"] for s in seen} <= {"server", "waiting"}, seen
    assert all(s["buttons"] == "0" for s in seen if s["source"] == "waiting"), seen
    assert {s["network"] for s in seen} == {"online"}, seen
    stored = _get(base, f"/games/{gid}", api_key)["version"]
    assert stored > version and page.locator("#board-root").get_attribute("data-step") == str(stored)


def test_undo_strikes_the_steps_through_and_says_them_in_the_rows_numbering(
    phone: Any, base: str, api_key: str
) -> None:
    gid, _, _ = public_game(base, api_key, moves=8)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    before = _get(base, f"/games/{gid}", api_key)["version"]
    page.locator("#undo").tap()
    page.locator("#confirm-yes").tap()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(before))
    # the summary and the timeline are two reads: the correction's row comes with the second
    page.wait_for_selector("#timeline li.correction")
    timeline = _get(base, f"/games/{gid}/timeline", api_key)["entries"]
    correction = timeline[-1]["correction"]["moves"][0]
    first, last = correction["first_step"], correction["last_step"]
    struck = page.eval_on_selector_all(
        "#timeline li.taken-back", "els => els.map(e => [Number(e.dataset.step), !!e.querySelector('del')])"
    )
    assert struck == [[step, True] for step in range(first, last + 1)]
    said = page.locator("#timeline li.correction").inner_text()
    steps = f"Step {first}" if first == last else f"Steps {first}-{last}"
    assert f"{steps} taken back" in said and "Move" not in said, said
    assert_accessible(page, "the recorder's timeline after an undo")


def test_who_starts_is_asked_and_shown_before_the_first_move(phone: Any, base: str, api_key: str) -> None:
    page = keyed(phone, base, api_key)
    page.fill("#player-0", "Nanook")
    page.fill("#player-1", "Sila")
    page.locator('#mode input[value="public"]').check()
    assert page.locator("#starts option").all_inner_texts() == ["Nanook (seat 1)", "Sila (seat 2)"]
    page.select_option("#starts", "1")
    assert_accessible(page, "the start page")
    page.locator("#create").tap()
    page.wait_for_url("**/games/*/recorder")
    gid = page.url.split("/games/")[1].split("/")[0]
    assert page.locator("p#starts").inner_text() == "Sila starts."
    setup = web.get(f"{base}/games/{gid}/record", headers=auth(api_key), timeout=30).json()["setup"]
    assert setup["start_seat"] == 1


def test_the_engine_box_is_unticked_where_the_server_has_no_engine(phone: Any, base: str, api_key: str) -> None:
    gid, _, _ = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key, engine=True)  # wanted on this device ...
    # ... and not on this server (its answer when not installed; routed for the context: the service
    # worker fetches the engine's files)
    phone.route("**/recorder/engine/engine.json", lambda route: route.fulfill(status=404, body="{}"))
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.wait_for_selector('#engine[data-state="missing"]')
    box = page.locator("#engine-wanted")
    assert not box.is_checked() and box.is_disabled()
    assert "no engine installed" in page.locator("#engine label").inner_text()
    assert_accessible(page, "the recorder without an engine")


@pytest.mark.skipif(not ENGINE, reason="the rules on the device: make recorder-engine")
def test_offline_the_board_follows_the_queued_moves_as_the_server_then_stores_them(
    phone: Any, base: str, api_key: str
) -> None:
    gid, _, moves = public_game(base, api_key, moves=6)
    page = keyed(phone, base, api_key, engine=True)
    page.goto(f"{base}/games/{gid}/recorder")
    shown_choices(page)
    page.wait_for_selector('body[data-engine="ready"]', timeout=90_000)
    phone.set_offline(True)
    for i, move in enumerate(moves[6:8], start=1):
        assert tap_move(page, move, exact=False)
        page.wait_for_selector(f'#board-root[data-ahead="{i}"] #board .arctic')
    assert page.locator("#choices").get_attribute("data-source") == "engine"
    ahead = page.locator("#board-root #board").get_attribute("data-state-hash")
    phone.set_offline(False)
    page.wait_for_selector('body[data-pending="0"] #choices[data-exact="1"]', timeout=30_000)
    version = _get(base, f"/games/{gid}", api_key)["version"]
    stored = _get(base, f"/games/{gid}/replay/{version}?perspective=omniscient", api_key)["state_hash"]
    assert ahead == stored  # the board drawn offline is the one the server reached
