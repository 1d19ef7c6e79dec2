"""Writes to a game that must find it open: a move, an undo, an abandon (or finished: a late reveal).

The use cases check a game's row before they decide, but a decision (an abandon, a void) may commit
between that read and the write. So the write's own update of the ``games`` row, in the events'
transaction, says again what it needs (``OPEN`` or ``LIVE``) and fails the whole transaction
otherwise, with ``GAME_CLOSED`` (SQLSTATE) and the game's state as the error's detail. Every write
to a game updates its row before it inserts its events, so the row's lock orders them: a
move either commits before the abandon (and the abandon follows it) or sees the game closed and
stores nothing.
"""

from __future__ import annotations

GAME_CLOSED = "BQ409"

# Migration 0013: the function a conditional update calls to refuse (its detail: what the game is),
# and each game's count of corrections (``service.base.store.corrections``): readers of a game without any
# (nearly all) need not look for them.
CLOSED_GAME_FUNCTION = """
ALTER TABLE games ADD COLUMN IF NOT EXISTS corrections integer NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION banquise_game_closed(p_id uuid, p_status text, p_voided boolean)
RETURNS boolean LANGUAGE plpgsql AS $body$
BEGIN
    RAISE EXCEPTION 'game % is closed', p_id
        USING ERRCODE = 'BQ409', DETAIL = CASE WHEN p_voided THEN 'voided' ELSE p_status END;
END
$body$;
"""

# A condition for ``UPDATE games … WHERE id = %s AND <this>``: the row is live and not voided (a move,
# an undo), else the transaction fails.
OPEN = "(CASE WHEN status = 'live' AND NOT voided THEN true ELSE banquise_game_closed(id, status, voided) END)"
# Finished and not voided: a reveal recorded after the end (the rules accept nothing else then).
FINISHED = "(CASE WHEN status = 'finished' AND NOT voided THEN true ELSE banquise_game_closed(id, status, voided) END)"
# Live, voided or not (an abandon: a voided game refuses it before, in the use case).
LIVE = "(CASE WHEN status = 'live' THEN true ELSE banquise_game_closed(id, status, voided) END)"


class GameClosed(Exception):
    """A write found its game closed in its own transaction: ``state`` is ``voided``, ``abandoned`` or
    ``finished``. Nothing was stored."""

    def __init__(self, state: str) -> None:
        super().__init__(f"the game is {state}")
        self.state = state
