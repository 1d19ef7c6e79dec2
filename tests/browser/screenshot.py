"""``make screenshot``: the README's picture of the viewer, from a simulated game (deterministic seed).

Starts a throw-away embedded PostgreSQL, serves the app on a free loopback port, imports one Arctic
game and photographs its last step with the system Chromium.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx
import psycopg

from service import keys
from service.app import create_app
from service.runtime import Runtime
from service.settings import Settings
from service.store import GameLog
from tests import postgres
from tests.browser.conftest import CHROMIUM
from tests.watching import auth, record, served


def main(out: Path) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    settings = Settings(pool_size=4, run_projections=False)
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
            game = httpx.post(f"{base}/games/import", json=record("arctic", 3, 31), headers=auth(token)).json()
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(f"{base}/games/{game['id']}/watch?step={game['version']}")
                page.wait_for_selector(f'body[data-shown="{game["version"]}"]')
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out))
                browser.close()
        store.close()
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/viewer.png")))
