"""The pages work under their Content-Security-Policy: nothing they need is blocked (Chromium reports
each blocked script, style, image or frame as a ``securitypolicyviolation`` event and a console error)."""

from __future__ import annotations

from typing import Any

from tests.helpers import auth, web
from tests.watching import record

WATCH = """() => { window.__violations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI)); }"""


def _open(page: Any, url: str) -> list[str]:
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.add_init_script(f"({WATCH})()")
    page.goto(url)
    return console


def test_the_api_docs_render_under_their_policy(page: Any, base: str) -> None:
    console = _open(page, f"{base}/schema")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Banquise" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock-tag")  # the operations, from /schema/openapi.json
    assert page.evaluate("window.__violations") == []
    assert not [line for line in console if "Content Security Policy" in line], console


def test_the_viewer_renders_under_the_page_policy(page: Any, base: str, api_key: str) -> None:
    made = web.post(f"{base}/games/import", json=record("arctic", 2, 601), headers=auth(api_key)).json()
    console = _open(page, f"{base}/games/{made['id']}/watch")
    page.wait_for_selector("#timeline li")
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__violations") == []
    assert not [line for line in console if "Content Security Policy" in line], console
