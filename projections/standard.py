"""The read models Banquise keeps, and a runner handed them (the runner itself knows none of them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from projections import boards, stats
from projections.batch import Projection
from projections.runner import Runner
from service.base.store import GameLog
from service.base.store.kinds import Registry

# In this order: stats reads a few rows (a round trip), boards only queues writes, which the server then
# runs while the runner finishes the step.
PROJECTIONS: Mapping[str, Projection] = {"stats": stats, "boards": boards}


def runner(store: GameLog, registry: Registry, **options: Any) -> Runner:
    """A runner of Banquise's read models (``options``: the runner's own, e.g. ``batch_size``)."""
    return Runner(store, registry, PROJECTIONS, **options)
