"""When a game was played, as every answer shows it (summaries, ``GET /games`` items; the projections'
``/stats`` and player game lists follow the same rules, from the same events):

- ``started_at``: the start at the table — the record's (or new game's) ``started_at``, else the first
  move's ``at`` (the ``games`` row keeps it in ``played_at``); a game recorded without any time falls
  back to when it was stored.
- ``finished_at``: a finished game's last play time (the latest ``at``), else, without any time, when
  its finishing move was recorded. A live or abandoned game has none.
- ``recorded_at``: when the game was stored (the row's ``created_at``), whatever the table's clock said.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql


def started_at(row: dict[str, Any]) -> datetime:
    """The game's start at the table (else when it was stored); ``GET /games``' since/until bound it."""
    played: datetime | None = row["played_at"]
    return played if played is not None else row["created_at"]


# The last event of each game (its payload is msgspec JSON: ``at`` recorded, ``p`` played).
_LAST = """
SELECT g.id, (e.payload ->> 'p')::timestamptz AS played, (e.payload ->> 'at')::timestamptz AS recorded
FROM unnest(%s::uuid[]) AS g(id) CROSS JOIN LATERAL (
    SELECT convert_from(state, 'UTF8')::jsonb AS payload FROM {events}
    WHERE originator_id = g.id ORDER BY originator_version DESC LIMIT 1
) e
"""
# A game whose last move has no time although earlier ones do: its latest time (rare; reads the game).
_LATEST = """
SELECT max((convert_from(state, 'UTF8')::jsonb ->> 'p')::timestamptz) AS played FROM {events}
WHERE originator_id = %s
"""


def finish_times(conn: Any, events_table: str, rows: Iterable[dict[str, Any]]) -> dict[UUID, datetime]:
    """``finished_at`` of the finished games among ``rows`` (``games`` rows): one query for them all.
    Times never go back within a game, so the last event's play time, when it has one, is the latest."""
    finished = {r["id"]: r for r in rows if r["status"] == "finished"}
    if not finished:
        return {}
    events = sql.Identifier(events_table)
    out: dict[UUID, datetime] = {}
    for r in conn.execute(sql.SQL(_LAST).format(events=events), (list(finished),)).fetchall():
        game_id, played, recorded = r["id"], r["played"], r["recorded"]
        if played is None and finished[game_id]["played_at"] is not None:
            played = conn.execute(sql.SQL(_LATEST).format(events=events), (game_id,)).fetchone()["played"]
        out[game_id] = played if played is not None else recorded
    return out
