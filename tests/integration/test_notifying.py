"""The process's notifier (``service/base/store/notifying.py``): a committed write wakes the listeners of the
events' channel from a connection of its own, after the commit; a notification that cannot be sent is
counted and retried, never the write's failure."""

from __future__ import annotations

import socket
import time
from uuid import UUID

import msgspec
import psycopg
import pytest

from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts
from service.base.store import GameLog
from service.base.store.notifying import Notifier
from service.runtime import Runtime
from tests.helpers import appended


@pytest.fixture(scope="module")
def owner(database: ConnectionParams, store: GameLog) -> keys.ApiKey:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "notifying").key


def test_a_committed_move_wakes_a_listener_after_its_commit(
    runtime: Runtime, store: GameLog, database: ConnectionParams, owner: keys.ApiKey
) -> None:
    sim = simulate(2, 5)
    created = runtime.games.writer.create(
        owner, msgspec.json.encode({"kind": "arctic", "setup": msgspec.to_builtins(sim.setup)})
    )
    game_id = created.locate
    assert isinstance(game_id, UUID)
    with psycopg.connect(database.conninfo(), autocommit=True) as listener:
        listener.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(store.channel_name)))
        sent = store.notifier.sent
        move = msgspec.json.encode({"move": msgspec.to_builtins(sim.moves[0])})
        reply = appended(runtime.games.writer, owner, game_id, move, created.version)
        woken = next(listener.notifies(timeout=5, stop_after=1), None)
        assert woken is not None and woken.channel == store.channel_name
        # Sent after the commit: what the listener reads on it is there.
        versions = [r.originator_version for r in store.read(game_id)]
        assert versions[-1] == reply.version
    assert store.notifier.sent > sent and store.notifier.failures == 0


def test_a_notification_that_cannot_be_sent_is_counted_retried_and_never_raised() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    params = ConnectionParams(dbname="none", host="127.0.0.1", port=port, user="nobody")
    notifier = Notifier(params, "banquise_events", DatabaseTimeouts(connect=2.0))
    try:
        notifier.poke()  # no I/O on the caller's thread: never raises
        deadline = time.monotonic() + 10
        while notifier.failures < 2:  # retried (with a backoff) while the writes are still to announce
            assert time.monotonic() < deadline, "the failed notification was not retried"
            time.sleep(0.05)
        assert notifier.sent == 0
    finally:
        started = time.monotonic()
        notifier.close()
        assert time.monotonic() - started < 5
