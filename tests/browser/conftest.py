"""Browser fixtures: Playwright driving Debian's Chromium (``make browser-deps`` installs it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.base.settings import Settings
from service.http.app import create_app
from service.runtime import Runtime
from tests.watching import served

CHROMIUM = Path(os.environ.get("BANQUISE_CHROMIUM", "/usr/bin/chromium"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM}: run `make browser-deps` (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests need Playwright: pip install -e '.[dev]'")
    with sync_playwright() as p:
        # Playwright's own browser download is not reachable here: the system's Chromium it is.
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def base(settings: Settings, runtime: Runtime) -> Iterator[str]:
    with served(create_app(settings, runtime=runtime)) as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Screenshots of final boards: kept with pytest's temporary directories (the last runs are kept)."""
    return tmp_path_factory.mktemp("screenshots", numbered=False)
