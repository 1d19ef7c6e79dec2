"""``make recorder-screenshot``: the docs' pictures of the recorder at a phone's size: docs/recorder.png,
a public Arctic game recorded up to Nanook's turn, a card being chosen (narrowed by animal); with
``--arctica``, docs/recorder-arctica.png, a 4-player Arctica game at a table (named hands), a Fauna card
played and its discards being named from the hand; with ``--lang=fr`` (``es``) the same Arctica page in
that language (docs/recorder-fr.png), and with ``--start`` the start page in table mode, a hand being
named (docs/recorder-start-fr.png). Deterministic seeds; ``--width=N`` for a wider screen."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec

from domain.arctic.simulator import simulate, to_public
from tests.browser import throwaway
from tests.browser.conftest import CHROMIUM
from tests.browser.decision_paths import Position
from tests.browser.given_games import arctica_table
from tests.helpers import auth, web

MOVES = 28  # Nanook's turn: a card seen in his hand, or one not seen yet
LOCALES = {"en": "en-GB", "fr": "fr-FR", "es": "es-ES"}


def _game(arctica: bool) -> tuple[str, dict[str, Any], list[dict[str, Any]], int, int]:
    """The kind, setup and moves; how many are stored; how many decisions of the next one are tapped."""
    if arctica:
        kind, setup, moves = arctica_table()
        # a Fauna play with its discards from the hand: the card, the first discard tapped
        at = next(i for i, m in enumerate(moves) if m["type"] == "fauna" and len(m["discards"]) == 2)
        return kind, setup, moves, at, 2
    game = to_public(simulate(2, 23))
    named = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    return "arctic", named, [msgspec.to_builtins(m) for m in game.moves], MOVES, 1


def _page(p: Any, base: str, token: str, width: int, lang: str) -> Any:
    browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": 844 if phone else 900},
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
        locale=LOCALES[lang],
    )
    page = context.new_page()
    page.goto(f"{base}/recorder")
    page.fill("#api-key", token)
    page.locator("#key-form button[type=submit]").click()
    page.wait_for_selector("#forget-key")
    page.evaluate("() => localStorage.setItem('banquise.engine', 'off')")
    return page


def _start(page: Any) -> None:
    """The start page in table mode: four players named, the first hand half named (its next card being
    narrowed: a family chosen, its costs offered)."""
    page.select_option("#kind", "arctica")
    for i, name in enumerate(["Aputsiaq", "Nanook", "Siku", "Sila"]):
        if i >= page.locator("li.player").count():
            page.locator("#add-player").click()
        page.fill(f"#player-{i}", name)
    page.locator('#mode input[value="table"]').check()
    hand = page.locator("#hands .hand.open")
    for _ in range(2):  # two cards named: a family, a cost, the card
        while not hand.locator("button[data-value]").count():
            hand.locator("button[data-group]").first.click()
        hand.locator("button[data-value]").first.click()
    hand.locator("button[data-group]").nth(1).click()
    page.locator("#hands").scroll_into_view_if_needed()


def _recorder(page: Any, base: str, token: str, arctica: bool, lang: str) -> None:
    kind, setup, moves, stored, taps = _game(arctica)
    record = {"format": "banquise-record", "version": 1, "kind": kind, "setup": setup}
    body = {**record, "moves": [{"move": m} for m in moves[:stored]]}
    made = web.post(f"{base}/games/import", json=body, headers=auth(token))
    position = Position(kind, setup, lang)  # type: ignore[arg-type]
    for move in moves[:stored]:
        position.play(move)
    labels = position.labels(moves[stored])[:taps]
    page.goto(f"{base}/games/{made.json()['id']}/recorder")
    page.wait_for_selector('#choices[data-exact="1"]')
    page.wait_for_selector("#board-root #board")
    for i, label in enumerate(labels):  # a move half built: what the table sees while choosing
        page.wait_for_selector(f'#choices[data-exact="1"][data-made="{i}"] button.choice')
        page.locator("#choices").get_by_role("button", name=label, exact=True).click()
    page.wait_for_selector(f'#choices[data-made="{len(labels)}"] button.choice')
    page.evaluate("() => window.scrollTo(0, 0)")


def main(
    out: Path, full: bool = False, width: int = 390, arctica: bool = False, lang: str = "en", start: bool = False
) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with throwaway.service() as (base, token), sync_playwright() as p:
        page = _page(p, base, token, width, lang)
        if start:
            _start(page)
        else:
            _recorder(page, base, token, arctica, lang)
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out), full_page=full)
        page.context.browser.close()
    print(out)
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wide = next((int(a[8:]) for a in sys.argv if a.startswith("--width=")), 390)
    spoken = next((a[7:] for a in sys.argv if a.startswith("--lang=")), "en")
    arctica = "--arctica" in sys.argv or spoken != "en"
    start = "--start" in sys.argv
    default = "docs/recorder-arctica.png" if arctica else "docs/recorder.png"
    if spoken != "en":
        default = f"docs/recorder-{'start-' if start else ''}{spoken}.png"
    raise SystemExit(main(Path(args[0] if args else default), "--full" in sys.argv, wide, arctica, spoken, start))
