"""The backup drill (tests/backup/drill.py) as tests: a short one on the embedded server in the default run
(Barman from ``make backup-deps``, which CI runs; without it the test skips), and the Patroni one marked
``ha`` like the failover scenario (``make ha-test``; ``make backup-drill`` runs both at full length)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.backup import barman, drill

pytestmark = [pytest.mark.e2e]


@pytest.fixture(autouse=True)
def installed() -> None:
    if not barman.installed():
        pytest.skip("barman is not installed: make backup-deps")


def _check(figures: drill.Figures) -> None:
    text = drill.summary(figures)
    print(text)
    # Then every write acknowledged before the target is in the copy, and none sent after it
    assert figures.acknowledged_before_target > 0 and figures.sent_after_target > 0, text
    assert figures.missing == [] and figures.found_after_restore == figures.acknowledged_before_target, text
    assert figures.found_after_target == [], text
    # And the copy's games are the deployment's, cut at the target; every chain verifies
    assert figures.not_prefix == [] and figures.unknown_games == [], text
    assert figures.chains_broken == 0, text
    # And the read models, caught up on the copy, equal a rebuild; nothing of the drill is left running
    assert figures.read_model_diff == [], text
    assert figures.left_behind == [], text


def test_embedded_server_restores_to_a_point_in_time(tmp_path: Path) -> None:
    # Given recorders appending through banquise serve on the embedded server, its WAL streamed to Barman
    # When a base backup is taken amid the load, and the copy is recovered to a time later in the load
    figures = drill.run("embedded", tmp_path / "drill", load_seconds=9, workers=1)
    _check(figures)


@pytest.mark.ha
def test_patroni_cluster_restores_to_a_point_in_time_across_a_switchover(tmp_path: Path) -> None:
    missing = [t for t in ("etcd", "patroni", "patronictl") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{missing} not installed: make ha-deps")
    # Given the Patroni cluster under load, Barman following its primary through a slot Patroni keeps
    # When a base backup is taken, the primary switched over, and the copy recovered to a later time
    figures = drill.run("patroni", tmp_path / "drill", load_seconds=15)
    _check(figures)
