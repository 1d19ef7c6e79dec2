"""Runs a BG Stats backup reader that prints a year's summary (its ``general_summary(path)``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])

from general_summary import general_summary  # type: ignore[import-not-found]

general_summary(Path(sys.argv[2]))
