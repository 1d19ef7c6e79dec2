"""``python -m bench --quick`` runs every item end to end (``make soak``: it takes a few minutes).

No timed assertion: the bench reports ratios, it does not fail on them. This only checks that every
measurement runs and that the report is written.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.soak
def test_the_quick_bench_runs_every_item_and_writes_its_report(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--no-readme", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    report = json.loads((tmp_path / "quick.json").read_text())
    items = {row["item"].split(" ", 1)[1] for row in report["rows"]}
    assert items == {
        "import",
        "live",
        "replay",
        "rebuild",
        "stats",
        "fold",
        "memory",
        "workers",
        "history",
        "watch",
        "exports",
        "analysis",
        "analysis workers",
        "analysis quality",
    }
    for row in report["rows"]:
        assert row["status"] in ("ok", "skipped"), row
        if row["status"] == "ok":
            assert row["value"] is not None and row["baseline"] is not None, row
    assert "| 1 import |" in (tmp_path / "quick.md").read_text()
