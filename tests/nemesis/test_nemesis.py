"""The nemesis soak (tests/nemesis/soak.py): a short smoke run in ``make test``; ``make soak`` runs
``BANQUISE_SOAK_SECONDS`` (default 600) for each of ``BANQUISE_SOAK_SEEDS`` (comma-separated, default
1,2,3). A failing seed replays its schedule: ``BANQUISE_SOAK_SEEDS=<seed> make soak PYTEST_ARGS=tests/nemesis``.
``BANQUISE_SOAK_KEEP=<dir>`` keeps each run's logs and history there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.nemesis import soak
from tests.nemesis.nemesis import schedule

# A minute of faults against clients with hang bounds: on a machine running nothing else.
pytestmark = [pytest.mark.e2e, pytest.mark.alone]

SOAK_SECONDS = float(os.environ.get("BANQUISE_SOAK_SECONDS", "600"))
SOAK_SEEDS = [int(s) for s in os.environ.get("BANQUISE_SOAK_SEEDS", "1,2,3").split(",") if s.strip()]
# 30 s of seed 68's schedule inject six kinds of fault (an API worker and the postmaster killed, a lost
# COMMIT reply, a stalled lock holder, slow database and client links), as many as 60 s of seed 1's did.
SMOKE_SECONDS = float(os.environ.get("BANQUISE_SMOKE_SECONDS", "30"))
SMOKE_SEED = int(os.environ.get("BANQUISE_SMOKE_SEED", "68"))


def kept() -> Path | None:
    raw = os.environ.get("BANQUISE_SOAK_KEEP")
    return Path(raw) if raw else None


def run_and_check(directory: Path, seed: int, seconds: float, clients: int, readers: int) -> None:
    try:
        history, report = soak.run(directory, seed, seconds, clients=clients, readers=readers)
    finally:
        soak.keep(directory, kept())
    text = soak.summary(history, report)
    print(text)
    assert report.counts["acknowledged writes"] > 0, text
    assert report.violations == [], text


def test_the_same_seed_gives_the_same_schedule() -> None:
    assert schedule(7, 600) == schedule(7, 600)
    assert schedule(7, 600) != schedule(8, 600)
    kinds = {kind for window in schedule(7, 600) for kind in window.faults}
    assert {"kill_api_worker", "kill_postgres", "db_lost_commit", "stall_lock", "http_reset"} <= kinds


def test_smoke_every_property_holds_under_six_kinds_of_fault(tmp_path: Path) -> None:
    kinds = {kind for window in schedule(SMOKE_SEED, SMOKE_SECONDS) for kind in window.faults}
    assert len(kinds) >= 6 or (SMOKE_SEED, SMOKE_SECONDS) != (68, 30.0), kinds
    run_and_check(tmp_path / "smoke", SMOKE_SEED, SMOKE_SECONDS, clients=8, readers=2)


@pytest.mark.soak
@pytest.mark.parametrize("seed", SOAK_SEEDS)
def test_soak_under_a_seeded_schedule_of_faults_holds_every_property(tmp_path: Path, seed: int) -> None:
    run_and_check(tmp_path / f"soak-{seed}", seed, SOAK_SECONDS, clients=16, readers=3)
