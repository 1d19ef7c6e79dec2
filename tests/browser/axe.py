"""axe-core in the browser tests: ``make browser-deps`` installs it into ``.cache/npm``; without it the
checks skip, as the browser tests do without Chromium. The recorder's tests use the same helper."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parents[2] / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
#: the impacts a page may not have (WCAG 2.1 AA rules and axe's best practices alike)
BLOCKING = ("serious", "critical")

_RUN = """async (exclude) => {
  const context = { include: [document], exclude: exclude.map((s) => [s]) };
  const result = await axe.run(context, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 160)),
  }));
}"""


def inject(page: Any) -> None:
    """axe-core in the page, once per document. Evaluated through the browser's debugging protocol, not
    as a <script>: the pages' Content-Security-Policy (``default-src 'self'``) refuses inline scripts."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")


def violations(page: Any, exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (injected once per document), but for the parts
    matching the ``exclude`` selectors."""
    if not AXE.exists():
        pytest.skip(f"accessibility checks need axe-core at {AXE}: run `make browser-deps`")
    inject(page)
    return list(page.evaluate(_RUN, list(exclude)))


def assert_accessible(page: Any, where: str = "") -> None:
    """No serious or critical violation on the page (the others are reported in the message only)."""
    found = violations(page)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, (where, blocking)
