"""Every runnable example of the README and the manual, run against a real server (docs/development/testing.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docs.examples import ROOT, pages, runnable, script
from tests.e2e.server import served

pytestmark = pytest.mark.e2e

PAGES = [p for p in pages() if runnable(p)]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A directory laid out as a user's checkout (``.venv/bin/banquise``, ``.banquise``), and its server."""
    where = tmp_path_factory.mktemp("checkout")
    bin_dir = where / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    banquise = bin_dir / "banquise"
    banquise.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m service.cli.main "$@"\n')
    banquise.chmod(0o755)
    with served(where / ".banquise") as server:
        yield where, server.base


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_the_examples_of_a_page_run(page: Path, checkout: tuple[Path, str]) -> None:
    # Given the page's bash blocks, in order, in one shell, against the server
    where, base = checkout
    log = where / f"{page.stem}.curl.log"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BANQUISE_DATA_DIR", "BANQUISE_API_KEY")}
    env |= {"BANQUISE_URL": base, "DOCS_TEST_LOG": str(log), "PATH": f"{where / '.venv' / 'bin'}:{env['PATH']}"}
    # When they run
    done = subprocess.run(
        ["bash", "-c", script(runnable(page), base)],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # Then every command succeeded, and every curl answered what the page expects
    calls = log.read_text() if log.exists() else ""
    assert done.returncode == 0, (
        f"{page.relative_to(ROOT)}: exit {done.returncode}\n--- requests\n{calls[-3000:]}\n"
        f"--- stderr\n{done.stderr[-4000:]}\n--- stdout\n{done.stdout[-2000:]}"
    )
