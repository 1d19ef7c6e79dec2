"""The failover scenario (tests/ha/scenario.py) as a test: marked ``ha``, out of the default run; ``make
ha-test`` runs it (``make ha-deps`` first: etcd, Patroni, the ``banquise-ha`` user)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ha import scenario

pytestmark = [pytest.mark.ha, pytest.mark.e2e]


@pytest.fixture(autouse=True)
def installed() -> None:
    missing = [t for t in ("etcd", "patroni", "patronictl") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{missing} not installed: make ha-deps")


def test_failover_under_write_load_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    # Given recorders appending moves through banquise serve on a Patroni cluster
    # When the primary is killed, switched over, cut off from the network, and killed after a lost COMMIT reply
    _, report, outcome = scenario.run(tmp_path / "ha", scenario.load_seconds())
    text = scenario.summary(outcome)
    print(text)
    # Then every acknowledged write is stored once at contiguous versions, no 500, read models as a rebuild
    assert report.counts["acknowledged writes"] > 0, text
    assert report.violations == [], f"{text}\n{report.violations[:10]}"
    assert (outcome.lost, outcome.duplicated, outcome.answers_500) == (0, 0, 0), text
    # And writes came back within the bound, and nothing of the cluster is left running
    assert all(f.seconds_writes_refused <= scenario.RECOVERY_BOUND for f in outcome.figures), text
    assert outcome.left_behind == [], text
