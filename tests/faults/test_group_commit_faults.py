"""A batch of the group-commit writer whose connection breaks: every move of it stored exactly once, and
every caller answered with its own move (the store settles the batch by its first event)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service.base import keys
from service.base.database import ConnectionParams
from service.games.base import Reply
from service.runtime import Runtime
from tests.faults.proxy import FaultProxy
from tests.faults.test_faults import event_versions, new_game
from tests.helpers import appended

# Budgets of a second or two (tests/faults/conftest.py): measured on a machine running nothing else.
pytestmark = pytest.mark.alone

Client = TestClient  # type: ignore[type-arg]


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.005)


@pytest.mark.parametrize("fault", ["commit-reply-lost", "reset-before-commit"])
def test_a_batch_cut_mid_write_stores_each_move_once_and_answers_each(
    app_client: Client,
    faults_runtime: Runtime,
    tokens: dict[str, str],
    proxy: FaultProxy,
    direct: ConnectionParams,
    fault: str,
) -> None:
    with psycopg.connect(direct.conninfo(), autocommit=True) as conn:
        owner = keys.verify(conn, tokens["owner"])
    assert owner is not None
    boards = [new_game(app_client, tokens["owner"], seed) for seed in (31, 32, 33)]
    games = faults_runtime.games
    group = games.group
    results: dict[int, Reply | Exception] = {}
    batches, writes = group.batches, group.writes

    def run(i: int) -> None:
        game_id, moves, version = boards[i]
        body = msgspec.json.encode({"move": msgspec.to_builtins(moves[0])})
        try:
            results[i] = appended(games.writer, owner, UUID(game_id), body, version)
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
    with psycopg.connect(direct.conninfo()) as holder, psycopg.connect(direct.conninfo(), autocommit=True) as watch:
        holder.execute("LOCK TABLE banquise_events IN EXCLUSIVE MODE")

        def waiting() -> int:
            row: Any = watch.execute(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'banquise_events'::regclass"
            ).fetchone()
            return int(row[0])

        threads[0].start()
        wait_until(lambda: waiting() == 1, "the first move's transaction waits on the lock, all sent")
        for i in (1, 2):
            threads[i].start()
            wait_until(lambda i=i: len(group._queue) == i, f"move {i} queued")  # type: ignore[misc]
        # The next moves' statement is the batch's (its own transaction: ``banquise_append_moves``).
        if fault == "commit-reply-lost":
            fired = proxy.cut_reply_after(b"banquise_append_moves", reset=True)
        else:
            fired = proxy.reset_before(b"banquise_append_moves")
        holder.rollback()
        for thread in threads:
            thread.join(30)
    assert fired.is_set()
    assert (group.batches - batches, group.writes - writes) == (2, 3)  # the first move alone, then a batch of two
    for i, (game_id, _, version) in enumerate(boards):
        reply = results[i]
        assert isinstance(reply, Reply), reply
        assert msgspec.json.decode(reply.body)["move"] == 0
        assert event_versions(direct, game_id) == list(range(1, reply.version + 1))
        assert reply.version > version
