"""The manual's rules that need no server: settings documented, examples marked, the README a first page."""

from __future__ import annotations

import re

from tests.docs.examples import ROOT, pages, unmarked_illustrations

CONFIGURATION = ROOT / "docs" / "operations" / "configuration.md"


def test_every_setting_the_service_reads_is_documented() -> None:
    # Given every BANQUISE_* variable named in the service's code
    names = set()
    for path in (ROOT / "service").rglob("*.py"):
        names |= set(re.findall(r"\b(BANQUISE_[A-Z][A-Z_]*[A-Z])\b", path.read_text(encoding="utf-8")))
    assert "BANQUISE_PORT" in names
    # Then the configuration page names each of them
    page = CONFIGURATION.read_text(encoding="utf-8")
    assert sorted(n for n in names if f"`{n}`" not in page) == []


def test_an_example_with_curl_runs_or_says_why_not() -> None:
    unmarked = [f"{b.page}:{b.line} ({b.lang or 'no language'})" for p in pages() for b in unmarked_illustrations(p)]
    assert unmarked == [], "mark the block ```bash, or precede it with <!-- not run: why -->"


def test_the_readme_stays_a_first_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) <= 16_000
    for heading in ("## Two commands", "## A worked example", "## The manual"):
        assert heading in readme
    assert "make run" in readme and "make test" in readme
