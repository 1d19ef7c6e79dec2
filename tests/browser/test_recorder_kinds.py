"""A kind is one plug-in, everywhere: the test suite's own game (``tests/test_toy_game.py``), registered
for this module only, is listed by ``GET /kinds`` and offered by the recorder's start page, which creates
a game of it from the form its plug-in declares — no page names it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.kinds import game, registration
from domain.registry import GamePlugin
from tests.helpers import auth, web
from tests.test_toy_game import KIND, TOY

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[GamePlugin]:
    """The one registration, before the module's app is built (autouse: before ``base``); undone after."""
    with registration(TOY) as plugin:
        yield plugin
    assert game(KIND) is None


def test_the_toy_is_listed_by_kinds(base: str) -> None:
    listed = {k["kind"]: k for k in web.get(f"{base}/kinds", timeout=30).json()["kinds"]}
    toy = listed[KIND]
    assert toy["title"] == TOY.title and toy["player_counts"] == [2, 3] and toy["board_module"] is None
    assert toy["setup_form"]["fields"][0]["key"] == "pile"
    assert toy["move_titles"] == {"Take": "{p} takes counters"} and toy["words"]["pile"]["es"] == "Pila"
    # its rules are not in the package the recorder's browser engine loads: decided on the server only
    assert toy["capabilities"]["offline"] is False and toy["capabilities"]["build"] is False


def test_the_start_page_offers_the_toy_and_creates_a_game_of_it(browser: Any, base: str, api_key: str) -> None:
    """Given the start page, when the toy is chosen, three players named, the pile set to 5 and the game
    started, then the page goes to the new game's recorder and the game holds that setup."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{base}/recorder")
        page.fill("#api-key", api_key)
        page.locator("#key-form button[type=submit]").click()
        page.wait_for_selector("#forget-key")
        page.evaluate("() => localStorage.setItem('banquise.engine', 'off')")
        offered = page.eval_on_selector_all("#kind option", "os => os.map(o => [o.value, o.textContent])")
        assert [KIND, TOY.title] in offered and len(offered) >= 3
        page.select_option("#kind", KIND)
        assert page.locator("#starts").count() == 0  # the toy's rules decide who starts
        page.locator("#add-player").click()
        assert page.locator("#add-player").is_disabled()  # three at most
        for i, name in enumerate(["Ana", "Bo", "Cy"]):
            page.fill(f"#player-{i}", name)
        assert page.input_value("#pile") == "7"
        page.fill("#pile", "5")
        page.locator("#create").click()
        page.wait_for_url("**/games/*/recorder")
        gid = page.url.split("/games/")[1].split("/")[0]
    finally:
        context.close()
    record = web.get(f"{base}/games/{gid}/record", headers=auth(api_key), timeout=30).json()
    assert record["kind"] == KIND and record["setup"] == {"players": ["Ana", "Bo", "Cy"], "pile": 5}
