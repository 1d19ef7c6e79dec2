"""``make backup-drill``: the drill on the embedded server, then on the Patroni cluster (when etcd and Patroni
are installed: ``make ha-deps``); the figures printed; exit status 1 when a check fails."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from tests.backup import drill


def main() -> int:
    seconds = float(os.environ.get("BANQUISE_DRILL_LOAD_SECONDS", "30"))
    wanted = os.environ.get("BANQUISE_DRILL_DEPLOYMENTS", "embedded,patroni").split(",")
    failed = False
    for name in wanted:
        if name == "patroni" and not all(shutil.which(t) for t in ("etcd", "patroni", "patronictl")):
            print("backup drill (patroni): skipped, etcd and Patroni are not installed (make ha-deps)")
            continue
        with tempfile.TemporaryDirectory(prefix=f"banquise-drill-{name}-") as tmp:
            try:
                figures = drill.run(name, Path(tmp), seconds)
            except Exception as exc:  # the drill broke off: say where, then the next deployment
                print(f"backup drill ({name}): broke off: {exc}")
                failed = True
                continue
            print(drill.summary(figures), flush=True)
            failed |= not figures.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
