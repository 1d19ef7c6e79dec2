"""``make ha``: the failover scenario once, its figures printed; exit status 1 on any violation."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.ha import scenario
from tests.nemesis.soak import summary as soak_summary


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="banquise-ha-run-") as tmp:
        history, report, outcome = scenario.run(Path(tmp), scenario.load_seconds())
        print(soak_summary(history, report))
        print(scenario.summary(outcome))
        slow = [f for f in outcome.figures if f.seconds_writes_refused > scenario.RECOVERY_BOUND]
        failed = bool(report.violations or slow or outcome.left_behind or report.counts["acknowledged writes"] == 0)
        if failed:
            print(f"FAILED: {len(report.violations)} violations, {len(slow)} faults past {scenario.RECOVERY_BOUND} s")
            if "BANQUISE_HA_KEEP" in __import__("os").environ:
                import shutil

                shutil.copytree(tmp, Path(__import__("os").environ["BANQUISE_HA_KEEP"]), dirs_exist_ok=True)
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
