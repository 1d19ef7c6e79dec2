"""``make recorder-screenshot``: the README's pictures of the recorder at a phone's size: docs/recorder.png,
a public Arctic game recorded up to Nanook's turn, a card being chosen (narrowed by animal); with
``--arctica``, docs/recorder-arctica.png, a 3-player Arctica game recorded at a table, the card drawn
after a Fauna card being named (narrowed by family, then cost). Deterministic seeds."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec

from domain.arctic.simulator import simulate, to_public
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.simulator import table_record
from tests.browser import throwaway
from tests.browser.conftest import CHROMIUM
from tests.browser.decision_paths import Position
from tests.helpers import auth, web

MOVES = 28  # Nanook's turn: a card seen in his hand, or one not seen yet


def _game(arctica: bool) -> tuple[str, dict[str, Any], list[dict[str, Any]], int, int]:
    """The kind, setup and moves; how many are stored; how many decisions of the next one are tapped."""
    if arctica:
        setup, moves = table_record(simulate_arctica(3, 4))
        named = {**msgspec.to_builtins(setup), "players": ["Aputsiaq", "Nanook", "Siku"]}
        return "arctica", named, [msgspec.to_builtins(m) for m in moves], 1, 3
    game = to_public(simulate(2, 23))
    named = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    return "arctic", named, [msgspec.to_builtins(m) for m in game.moves], MOVES, 2


def main(out: Path, full: bool = False, width: int = 390, arctica: bool = False) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    kind, setup, moves, stored, taps = _game(arctica)
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": setup,
        "moves": [{"move": m} for m in moves[:stored]],
    }
    position = Position(kind, setup)
    for move in moves[:stored]:
        position.play(move)
    labels = position.labels(moves[stored])[:taps]
    with throwaway.service() as (base, token):
        made = web.post(f"{base}/games/import", json=record, headers=auth(token)).json()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            phone = width < 600
            context = browser.new_context(
                viewport={"width": width, "height": 844 if phone else 900},
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
            )
            page = context.new_page()
            page.goto(f"{base}/recorder")
            page.fill("#api-key", token)
            page.locator("#key-form button[type=submit]").click()
            page.goto(f"{base}/games/{made['id']}/recorder")
            page.wait_for_selector('#choices[data-exact="1"]')
            page.wait_for_selector("#board-root #board")
            for i, label in enumerate(labels):  # a move half built: what the table sees while choosing
                page.wait_for_selector(f'#choices[data-exact="1"][data-made="{i}"] button.choice')
                page.locator("#choices").get_by_role("button", name=label, exact=True).click()
            page.wait_for_selector(f'#choices[data-made="{len(labels)}"] button.choice')
            page.locator("#choices").scroll_into_view_if_needed()
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out), full_page=full)
            browser.close()
    print(out)
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wide = next((int(a[8:]) for a in sys.argv if a.startswith("--width=")), 390)
    arctica = "--arctica" in sys.argv
    default = "docs/recorder-arctica.png" if arctica else "docs/recorder.png"
    raise SystemExit(main(Path(args[0] if args else default), "--full" in sys.argv, wide, arctica))
