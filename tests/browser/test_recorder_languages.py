"""Issue #45: the recorder's start page and a game's page in French and Spanish, chosen by the browser's
language (a phone set to French opens them in French) or on the page. Every visible text of the pages
is read (the body's text, the options of every list included) and no English word of the project's
vocabulary is left in it: the English forms of every word table the pages and the kinds say (the
recorder's, the viewer's, the analysis', each kind's board words, decisions and timeline templates, the
setup forms' labels) that are not also French or Spanish words. What is not the project's to translate is
left out first: the players' names, the games' titles, the language chooser's own names of its languages
and the printed names of an edition's cards, regions and round cards (the demo edition invents them in
English; a published French edition prints them in French). axe-core finds nothing serious; the pages'
pictures at 390 px are kept with pytest's screenshots (``make recorder-screenshot`` writes the docs' own)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tests import english
from tests.browser.axe import assert_accessible
from tests.browser.given_games import NAMES, arctic_public, arctica_table
from tests.browser.test_recorder import PHONE, tap_move
from tests.helpers import auth, web

pytestmark = pytest.mark.browser

LOCALES = {"fr": "fr-FR", "es": "es-ES"}


def english_left(page: Any) -> list[str]:
    """The English words in the page's visible text (its lists' options included)."""
    options = "[...document.querySelectorAll('option')].map((o) => o.textContent)"
    text = page.evaluate(f"() => [document.body.innerText, ...{options}].join('\\n')")
    return english.english_left(text, NAMES)


@pytest.fixture(params=sorted(LOCALES))
def speaking(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A phone whose browser speaks French (or Spanish)."""
    context = browser.new_context(**PHONE, locale=LOCALES[request.param])
    context.set_default_timeout(30_000)
    yield request.param, context
    context.close()


def keyed(context: Any, base: str, token: str) -> Any:
    page = context.new_page()
    page.goto(f"{base}/recorder")
    page.fill("#api-key", token)
    page.locator("#key-form button[type=submit]").tap()
    page.wait_for_selector("#forget-key")
    page.evaluate("() => localStorage.setItem('banquise.engine', 'off')")
    return page


def pictured(page: Any, screenshots: Path, name: str) -> None:
    page.screenshot(path=str(screenshots / f"{name}.png"), full_page=False)


def test_the_start_page_speaks_the_browsers_language(
    speaking: tuple[str, Any], base: str, api_key: str, screenshots: Path
) -> None:
    """Given a phone in French (Spanish), when the start page opens and Arctica's table mode is chosen
    (its modes, editions and hands to name all shown), then no English word is left, for Arctic's form
    too; the language chooser says it and may switch to English."""
    lang, context = speaking
    page = keyed(context, base, api_key)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.input_value("#language") == lang
    page.select_option("#kind", "arctica")
    page.fill("#player-0", NAMES[0])
    page.locator('#mode input[value="table"]').check()
    page.wait_for_selector("#hands button.choice")
    assert english_left(page) == [], "the start page, Arctica"
    assert_accessible(page, f"the start page in {lang}")
    pictured(page, screenshots, f"start-{lang}")
    page.select_option("#kind", "arctic")
    page.locator('#mode input[value="public"]').check()
    page.wait_for_selector("#power_sides-fox")
    assert english_left(page) == [], "the start page, Arctic"
    page.select_option("#language", "en")
    assert page.locator("#create").inner_text() == "Start recording"
    assert english_left(page), "switched to English"


def test_a_games_page_speaks_the_browsers_language(
    speaking: tuple[str, Any], base: str, api_key: str, screenshots: Path
) -> None:
    """Given a table game of Arctica in play and a public Arctic game, when their recorder pages open on a
    phone in French (Spanish) and a move is half built, then the decisions, the path so far, the board,
    the timeline and the controls leave no English word."""
    lang, context = speaking
    page = keyed(context, base, api_key)
    kind, setup, moves = arctica_table()
    record = {"format": "banquise-record", "version": 1, "kind": kind, "setup": setup}
    made = web.post(
        f"{base}/games/import", json={**record, "moves": [{"move": m} for m in moves[:9]]}, headers=auth(api_key)
    )
    assert made.status_code == 201, made.text
    page.goto(f"{base}/games/{made.json()['id']}/recorder")
    page.wait_for_selector("#board-root #board")
    page.wait_for_selector('#choices[data-exact="1"] button.choice')
    page.locator("#choices button.choice").first.tap()
    page.wait_for_selector('#choices[data-made="1"] button.choice')
    assert english_left(page) == [], "the Arctica recorder"
    assert_accessible(page, f"the Arctica recorder in {lang}")
    pictured(page, screenshots, f"recorder-{lang}")
    kind, setup, moves = arctic_public()
    game = web.post(f"{base}/games", json={"kind": kind, "setup": setup}, headers=auth(api_key)).json()
    page.goto(f"{base}/games/{game['id']}/recorder")
    for move in moves[:8]:
        assert tap_move(page, move)
    page.wait_for_selector("#board-root #board")
    assert english_left(page) == [], "the Arctic recorder"
    assert msgspec.json.decode(page.evaluate("JSON.stringify(document.documentElement.lang)")) == lang
