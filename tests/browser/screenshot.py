"""``make screenshot``: the README's pictures of the viewer, from simulated games (deterministic seeds).

Starts a throw-away embedded PostgreSQL, serves the app on a free loopback port, imports a finished
Arctic game, a finished Arctica game and a live Arctica game (with a move taken back), and photographs
them with the system Chromium: ``docs/viewer.png``, ``docs/viewer-arctica.png`` and ``docs/live.png``, and
at a phone's size (390x844): ``docs/viewer-phone.png`` (the finished Arctic game's score sheet) and
``docs/live-phone.png`` (the live game's running score). The finished Arctic game's analysis, run by
an analysis worker: ``docs/viewer-analysis.png`` and ``docs/viewer-analysis-phone.png``.
The page's console errors are printed (and make the command fail).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from tests.browser import throwaway
from tests.browser.conftest import CHROMIUM
from tests.helpers import auth, web
from tests.watching import record

NAMES = {"arctic": ["Nanook", "Ivalu", "Aputsiaq"], "arctica": ["Nanook", "Ivalu"]}


def named(kind: str, players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    body = record(kind, players, seed, moves)
    body["setup"]["players"] = NAMES[kind][:players]
    return body


def shoot(page: Any, url: str, step: int, out: Path, errors: list[str]) -> None:
    page.goto(url)
    page.wait_for_selector(f'body[data-shown="{step}"]')
    page.wait_for_timeout(300)
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out))
    print(out)


# The analysis pictured: half the default budget (some 15 s of the worker's core for this game).
ANALYSIS_BUDGET = 8
BAD = ("mistake", "blunder")


def analysed(base: str, token: str, game_id: str, timeout: float = 300) -> dict[str, Any]:
    """The game's analysis, asked for (with a key: #49) and waited for (the throw-away service's worker runs
    it)."""
    url = f"{base}/games/{game_id}/analysis"
    asked = web.post(url, json={"budget": ANALYSIS_BUDGET}, headers=auth(token), timeout=30)
    assert asked.status_code == 202, asked.text
    deadline = time.monotonic() + timeout
    while True:
        got = web.get(url, params={"budget": ANALYSIS_BUDGET}, timeout=30)
        if got.status_code == 200:
            return dict(got.json())
        assert got.status_code == 202 and got.json()["status"] in ("queued", "running"), got.text
        assert time.monotonic() < deadline, f"not analysed in {timeout} s"
        time.sleep(0.5)


def shoot_analysis(page: Any, base: str, game_id: str, analysis: dict[str, Any], out: Path) -> None:
    """The viewer at the mistake (or blunder) the analysis found nearest the game's middle."""
    middle = len(analysis["steps"]) // 2
    judged = [i + 1 for i, s in enumerate(analysis["steps"]) if (s["judgement"] or {}).get("verdict") in BAD]
    move = min(judged, key=lambda m: abs(m - middle)) if judged else middle
    step = web.get(f"{base}/games/{game_id}/replay", params={"move": move}).json()["step"]
    page.goto(f"{base}/games/{game_id}/watch?step={step}&budget={ANALYSIS_BUDGET}")
    page.wait_for_selector(f'body[data-shown="{step}"] #analysis[data-analysis="done"][data-move="{move}"]')
    page.locator("#analysis").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out))
    print(out)


def main(out: Path) -> int:
    if not CHROMIUM.exists():
        print(f"Chromium is not at {CHROMIUM}: run `make browser-deps` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    folder = out.parent
    errors: list[str] = []
    with throwaway.service(analysis_workers=1) as (base, token):

        def made(body: dict[str, Any]) -> dict[str, Any]:
            answer = web.post(f"{base}/games/import", json=body, headers=auth(token), timeout=60)
            assert answer.status_code == 201, answer.text
            return dict(answer.json())

        arctic = made(named("arctic", 3, 31))
        arctica = made(named("arctica", 2, 31))
        live = made(named("arctica", 2, 33, moves=40))
        undone = web.post(
            f"{base}/games/{live['id']}/undo", json={"moves": 1, "reason": "wrong wheel"}, headers=auth(token)
        )
        assert undone.status_code == 200, undone.text
        analysis = analysed(base, token, arctic["id"])
        live_version = undone.json()["version"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            shoot(page, f"{base}/games/{arctic['id']}/watch", arctic["version"], out, errors)
            shoot(
                page,
                f"{base}/games/{arctica['id']}/watch",
                arctica["version"],
                folder / "viewer-arctica.png",
                errors,
            )
            shoot(page, f"{base}/games/{live['id']}/watch", live_version, folder / "live.png", errors)
            phone = browser.new_context(
                viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
            ).new_page()
            phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            phone.on("pageerror", lambda e: errors.append(str(e)))
            shoot(phone, f"{base}/games/{arctic['id']}/watch", arctic["version"], folder / "viewer-phone.png", errors)
            shoot_analysis(page, base, arctic["id"], analysis, folder / "viewer-analysis.png")
            shoot_analysis(phone, base, arctic["id"], analysis, folder / "viewer-analysis-phone.png")
            phone.goto(f"{base}/games/{live['id']}/watch")
            phone.wait_for_selector("#live-score .scores .total")
            shoot(phone, f"{base}/games/{live['id']}/watch", live_version, folder / "live-phone.png", errors)
            browser.close()
    for error in errors:
        print("console error:", error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/viewer.png")))
