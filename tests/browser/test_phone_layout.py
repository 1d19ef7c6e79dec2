"""Both pages at a phone's width (390 px, issue #34): no element wider than the screen — the recorder and
the viewer, a live and a finished game, Arctic and Arctica — the score sheets with their total and rank
in view; the viewer stays on its board and controls as it steps; axe-core on each of these screens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_recorder import PHONE, keyed
from tests.helpers import auth, web
from tests.watching import record

pytestmark = pytest.mark.browser

NAMES = ["Nanook", "Ivalu", "Aputsiaq"]

#: every element drawn past the screen's edges (none may be: a phone cannot see it), as "tag#id.class"
BEYOND = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
    if (r.right > width + 0.5 || r.left < -0.5) {
      const cls = typeof el.className === "string" && el.className ? "." + el.className.split(" ").join(".") : "";
      const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls}`;
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return { width, scroll: document.documentElement.scrollWidth, out: out.slice(0, 20) };
}"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(15_000)
    yield context
    context.close()


def _game(base: str, token: str, kind: str, live: bool) -> str:
    players = 3 if kind == "arctic" else 2
    body = record(kind, players, 31, 30 if live else None)
    body["setup"]["players"] = NAMES[:players]
    made = web.post(f"{base}/games/import", json=body, headers=auth(token), timeout=60)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


#: the cards whose text runs past their bottom border (a fixed height too small for a long name), by name
SPILLED = """() => [...document.querySelectorAll(".card")]
  .filter((c) => c.getBoundingClientRect().height && c.scrollHeight > c.clientHeight + 1)
  .map((c) => (c.querySelector(".name") || c).textContent.trim()).slice(0, 10)"""


#: each hand shown with its cards: how many cards, on how many lines
HANDS = """() => [...document.querySelectorAll(".player .hand .cards")].map((cards) => [
  cards.children.length, new Set([...cards.children].map((c) => Math.round(c.getBoundingClientRect().top))).size])"""


def _fits(page: Any, where: str) -> None:
    measured = page.evaluate(BEYOND)
    assert measured["out"] == [] and measured["scroll"] <= measured["width"], (where, measured)
    assert page.evaluate(SPILLED) == [], (where, "text past a card's border")


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
@pytest.mark.parametrize("live", [True, False], ids=["live", "finished"])
def test_nothing_is_wider_than_a_phone_on_the_recorder_and_the_viewer(
    phone: Any, base: str, api_key: str, kind: str, live: bool
) -> None:
    gid = _game(base, api_key, kind, live)
    page = keyed(phone, base, api_key)
    page.goto(f"{base}/games/{gid}/recorder")
    page.wait_for_selector(f"#board-root #board .{kind}")
    if live:
        page.wait_for_selector('#choices[data-exact="1"]')
    else:  # the end screen: the score sheet, its total and rank on the screen
        total = page.locator("#board .scores th", has_text="total").bounding_box()
        rank = page.locator("#board .scores th", has_text="rank").bounding_box()
        assert total and rank and rank["x"] + rank["width"] <= 390
    _fits(page, f"the recorder, {kind}, {'live' if live else 'finished'}")
    # a hand shares its line with the count beside it, not one card a line down a screen and more
    hands = page.evaluate(HANDS)
    assert hands and all(lines <= (cards + 1) // 2 for cards, lines in hands if cards > 1), hands
    assert_accessible(page, f"the recorder at 390 px, {kind}")
    page.goto(f"{base}/games/{gid}/watch")
    page.wait_for_selector(f"#board .{kind}")
    if live:  # the running score, drawn after the page
        page.wait_for_selector("#live-score .scores .total")
    _fits(page, f"the viewer, {kind}, {'live' if live else 'finished'}")
    assert_accessible(page, f"the viewer at 390 px, {kind}")


def test_the_viewer_on_a_phone_stays_on_its_board_and_controls_after_next(phone: Any, base: str, api_key: str) -> None:
    gid = _game(base, api_key, "arctic", live=False)
    page = phone.new_page()
    page.goto(f"{base}/games/{gid}/watch?step=40")
    page.wait_for_selector('body[data-shown="40"]')
    assert page.evaluate("window.scrollY") == 0, "the page opens on its board, not its timeline"
    for step in (41, 42, 43):
        page.locator("#next").tap()
        page.wait_for_selector(f'body[data-shown="{step}"]')
        assert page.evaluate("window.scrollY") == 0, "Next leaves the page where it is"
    # the timeline's own list followed: the current step is in its view
    inside = page.evaluate(
        """() => { const list = document.getElementById("timeline-list").getBoundingClientRect();
                   const li = document.querySelector("#timeline li.current").getBoundingClientRect();
                   return li.top >= list.top - 1 && li.bottom <= list.bottom + 1; }"""
    )
    assert inside


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_the_start_page_of_each_kind_fits_a_phone_and_names_its_seats_as_a_table_would(
    phone: Any, base: str, api_key: str, kind: str
) -> None:
    """Given the start page at 390 px, when a kind is chosen, then no element is wider than the screen
    (its setup fields, the editions listed by /editions at their full length) and the seats offered to
    start read "Seat 1" until named, "Nanook (seat 1)" after."""
    page = keyed(phone, base, api_key)
    page.wait_for_selector("#kind option", state="attached")
    page.select_option("#kind", kind)
    page.wait_for_selector("#starts option", state="attached")
    assert page.locator("#starts option").all_inner_texts()[-2:] == ["Seat 1", "Seat 2"]
    page.fill("#player-0", "Nanook")
    assert "Nanook (seat 1)" in page.locator("#starts option").all_inner_texts()
    page.wait_for_timeout(300)  # the options the API lists (Arctica's editions), drawn after the page
    assert not page.locator("#network").is_visible()  # a game page's badge: no empty pill here
    _fits(page, f"the start page, {kind}")
    assert_accessible(page, f"the start page at 390 px, {kind}")


def test_a_name_typed_while_an_answer_arrives_keeps_its_field(phone: Any, base: str, api_key: str) -> None:
    """Given Arctica chosen on the start page and its editions not answered yet, when a player's name is being
    typed as they arrive (the form is drawn again with them), then the typing goes on in the same field: the
    whole name is kept, and the seats offered to start say it."""
    page = keyed(phone, base, api_key)
    page.wait_for_selector("#kind option", state="attached")
    held: list[Any] = []
    page.route("**/editions?kind=arctica*", lambda route: held.append(route))  # answered below, mid-typing
    page.select_option("#kind", "arctica")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the start page asks for Arctica's editions"
    page.locator("#player-0").focus()
    page.keyboard.type("Nan")
    for route in held:
        route.continue_()
    page.wait_for_selector('[value="forms-1"]', state="attached")  # the API's list, drawn
    page.keyboard.type("ook")
    assert page.input_value("#player-0") == "Nanook"
    assert "Nanook (seat 1)" in page.locator("#starts option").all_inner_texts()
