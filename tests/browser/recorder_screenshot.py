"""``make recorder-screenshot``: the README's picture of the recorder at a phone's size (docs/recorder.png),
from a public Arctic game recorded up to Nanook's turn (deterministic seed)."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import msgspec

from domain.arctic.simulator import simulate, to_public
from tests.browser import throwaway
from tests.browser.conftest import CHROMIUM
from tests.watching import auth

MOVES = 28  # Nanook's turn: a card seen in his hand, or one not seen yet


def main(out: Path, full: bool = False, width: int = 390) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves[:MOVES]],
    }
    with throwaway.service() as (base, token):
        made = httpx.post(f"{base}/games/import", json=record, headers=auth(token)).json()
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
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out), full_page=full)
            browser.close()
    print(out)
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wide = next((int(a[8:]) for a in sys.argv if a.startswith("--width=")), 390)
    raise SystemExit(main(Path(args[0] if args else "docs/recorder.png"), "--full" in sys.argv, wide))
