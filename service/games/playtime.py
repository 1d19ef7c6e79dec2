"""When a game was played, as every answer shows it (summaries, ``GET /games`` items; the projections'
``/stats`` and player game lists follow the same rules, from the same events):

- ``started_at``: the start at the table — the record's (or new game's) ``started_at``, else the first
  move's ``at`` (the ``games`` row keeps it in ``played_at``); a game recorded without any time falls
  back to when it was stored.
- ``finished_at``: a finished game's last play time (the latest ``at``), else, without any time, when
  its finishing move was recorded. A live or abandoned game has none (read by
  ``GamesTable.finish_times``, service/base/store/games_table.py).
- ``recorded_at``: when the game was stored (the row's ``created_at``), whatever the table's clock said.
"""

from __future__ import annotations

from datetime import datetime

from service.base.store.rows import IndexedGame


def started_at(row: IndexedGame) -> datetime:
    """The game's start at the table (else when it was stored); ``GET /games``' since/until bound it."""
    played: datetime | None = row.played_at
    return played if played is not None else row.created_at
