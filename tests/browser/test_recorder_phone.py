"""The recorder at a table with a slow network and a phone's screen (issue #34): a quick second tap
right after the first move's answer, at 400 ms of latency, is stored without a conflict and without a
page error; while a move is on its way the page offers the choices of the position after it (never the
choices remembered for every player)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.test_recorder import ENGINE, _get, keyed, phone, public_game, shown_choices, tap_move
from tests.watching import auth

__all__ = ["phone"]  # the fixture, used by name

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
    page.wait_for_selector('#conflict, body[data-pending="0"] #choices[data-exact="1"]', timeout=20_000)
    assert page.locator("#conflict").count() == 0, page.locator("#conflict").inner_text()
    assert _get(base, f"/games/{gid}", api_key)["moves"] == stored + 2
    assert errors == []
    moves_out = httpx.get(f"{base}/games/{gid}/record", headers=auth(api_key), timeout=30).json()["moves"]
    assert [m["move"] for m in moves_out[-2:]] == moves[6:8]
