"""``make recorder-screenshot``: the README's picture of the recorder at a phone's size (docs/recorder.png),
from a public Arctic game recorded up to Nanook's turn (deterministic seed)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx
import msgspec
import psycopg

from domain.arctic.simulator import simulate, to_public
from service.base import keys
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests import postgres
from tests.browser.conftest import CHROMIUM
from tests.watching import auth, served

MOVES = 28  # Nanook's turn: a card seen in his hand, or one not seen yet


def main(out: Path, full: bool = False, width: int = 390) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    settings = Settings(pool_size=4, run_projections=False)
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": ["Nanook", "Sila"]}
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves[:MOVES]],
    }
    with (
        tempfile.TemporaryDirectory() as tmp,
        postgres.server(Path(tmp)) as admin,
        postgres.fresh_database(admin, "screenshot") as params,
    ):
        store = GameLog(params)
        runtime = Runtime(settings=settings, params=params, store=store, server_version="screenshot")
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            token = keys.create(conn, "screenshot").token
        with served(create_app(settings, runtime=runtime)) as base:
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
        store.close()
    print(out)
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wide = next((int(a[8:]) for a in sys.argv if a.startswith("--width=")), 390)
    raise SystemExit(main(Path(args[0] if args else "docs/recorder.png"), "--full" in sys.argv, wide))
