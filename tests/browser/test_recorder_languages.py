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

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.arctic import describe as arctic_describe
from domain.arctic import pages as arctic_pages
from domain.arctica import describe as arctica_describe
from domain.arctica import editions
from domain.arctica import pages as arctica_pages
from domain.setup_form import FULL, PUBLIC
from service.http.recorder.words import RECORDER_WORDS
from service.http.viewer.analysis_words import ANALYSIS_WORDS
from service.http.viewer.words import WORDS as VIEWER_WORDS
from tests.browser.axe import assert_accessible
from tests.browser.given_games import NAMES, arctic_public, arctica_table
from tests.browser.test_recorder import PHONE, tap_move
from tests.helpers import auth

pytestmark = pytest.mark.browser

LOCALES = {"fr": "fr-FR", "es": "es-ES"}
TABLES: list[dict[str, tuple[str, str, str]]] = [
    RECORDER_WORDS,
    VIEWER_WORDS,
    ANALYSIS_WORDS,
    arctic_pages.WORDS,
    arctic_pages.DECISIONS,
    arctica_pages.WORDS,
    arctica_pages.DECISIONS,
    arctic_describe._T,
    arctic_describe._WORDS,
    arctica_describe._T,
    arctica_describe._WORDS,
    {"public": PUBLIC, "full": FULL, "table": arctica_pages.TABLE_MODE},
]
WORD = re.compile(r"[^\W\d_]+")


def _words(texts: Iterable[str]) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


def english() -> set[str]:
    """The project's English words that are no French nor Spanish word of its own."""
    forms = [f for table in TABLES for f in table.values()]
    return _words(f[0] for f in forms) - _words(f[i] for f in forms for i in (1, 2))


def proper_names() -> list[str]:
    """What the pages show untranslated on purpose: names, titles, the languages' own names, and what an
    edition prints (longest first, so that "Arctic Cod A5" goes before "Arctic")."""
    edition = editions.get("demo-1")
    printed = [c.name for c in (*edition.cards, *edition.generation_cards)]
    printed += [r.name for r in edition.regions] + [s.name for r in edition.regions for s in r.subregions]
    printed += [c.name for c in (*edition.round_cards, edition.final_round_card)]
    printed += [n.replace(" (", ", ").replace("(", "").replace(")", "") for n in printed]  # as the decisions say them
    ids = [*editions.PACKAGED]  # an edition's id, as the timeline's first line names it ("demo-1")
    names = [*NAMES, "Banquise", "Arctica", "Arctic", "English", "Français", "Español", *ids, *printed]
    return sorted(set(names), key=len, reverse=True)


def english_left(page: Any) -> list[str]:
    """The English words in the page's visible text (its lists' options included)."""
    options = "[...document.querySelectorAll('option')].map((o) => o.textContent)"
    text = page.evaluate(f"() => [document.body.innerText, ...{options}].join('\\n')")
    for name in proper_names():
        text = text.replace(name, " ")
    return sorted(_words([text]) & english())


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
    made = httpx.post(
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
    game = httpx.post(f"{base}/games", json={"kind": kind, "setup": setup}, headers=auth(api_key)).json()
    page.goto(f"{base}/games/{game['id']}/recorder")
    for move in moves[:8]:
        assert tap_move(page, move)
    page.wait_for_selector("#board-root #board")
    assert english_left(page) == [], "the Arctic recorder"
    assert msgspec.json.decode(page.evaluate("JSON.stringify(document.documentElement.lang)")) == lang
