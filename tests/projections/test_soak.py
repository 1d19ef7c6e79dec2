"""Soak (``-m soak``): many games written while runners with random batch sizes follow the log, with
voids scattered in; the tables must equal a clean rebuild and the ratings a direct replay."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest

from projections import standard
from service.base.database import ConnectionParams
from service.base.store import Recorded
from service.base.store.admin import GameVoided, admin_stream
from service.runtime import Runtime
from tests.projections.support import dump, make_key, record, store_game
from tests.projections.test_runner import ALL_TABLES, direct_results, expected_ratings

GAMES = int(os.environ.get("BANQUISE_SOAK_GAMES", "600"))


@pytest.mark.soak
def test_interleaved_writes_runs_and_voids(runtime: Runtime, database: ConnectionParams) -> None:
    rng = random.Random(20261130)
    key, _ = make_key(database)
    pool = [f"Player{i}" for i in range(12)]
    stored: list[dict[str, Any]] = []
    voided: set[UUID] = set()
    for i in range(GAMES):
        kind = "arctica" if i % 5 == 0 else "arctic"
        players = rng.choice([2, 2, 3, 4])
        names = rng.sample(pool, players)
        if rng.random() < 0.2:
            names = [n.lower() for n in names]
        stored.append(store_game(runtime.games, key, record(kind, players, i, names)))
        if rng.random() < 0.03 and stored:
            target = UUID(rng.choice(stored)["id"])
            if target not in voided:
                voided.add(target)
                runtime.store.append(
                    [
                        Recorded(
                            originator_id=admin_stream(target),
                            originator_version=1,
                            event=GameVoided(game_id=target, reason="soak", key_id="soak"),
                            recorded_at=datetime.now(UTC),
                        )
                    ]
                )
        if rng.random() < 0.1:
            runner = standard.runner(
                runtime.store, runtime.games.registry, batch_size=rng.choice([50, 333, 1000, 2000])
            )
            runner.run()
            runner.close()
    standard.runner(runtime.store, runtime.games.registry).run()
    incremental = dump(runtime.params, ALL_TABLES)
    expected = expected_ratings(direct_results(runtime), skip=voided)
    got = {(r[0], r[1]): (r[2], r[3]) for r in incremental["ratings"]}
    assert got == {k: (v.mu, v.sigma) for k, v in expected.items()}
    standard.runner(runtime.store, runtime.games.registry, batch_size=1500).rebuild()
    assert dump(runtime.params, ALL_TABLES) == incremental
