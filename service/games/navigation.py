"""Addressing a replay by move or by turn rather than by event (a game of 237 moves has ~500 steps)."""

from __future__ import annotations

from uuid import UUID

from service.games.service import GameService
from service.refusals import Category, Refusal


def step_after_move(games: GameService, game_id: UUID, move: int) -> int:
    """The step after the game's first ``move`` moves (``0``: after the opening events)."""
    row = games.row(game_id)
    if not 0 <= move <= int(row["moves"]):
        raise Refusal(
            Category.NOT_FOUND,
            "move_not_found",
            f"this game has moves 0 to {row['moves']}, not {move}",
            moves=int(row["moves"]),
        )
    step = 0
    for rec in games.store.read(game_id):
        if rec.move is not None and rec.move >= move:
            break
        step = rec.originator_version
    return step


def step_at_turn(games: GameService, game_id: UUID, turn: int) -> int:
    """The step of the event that opens turn ``turn`` (1-based): the board as that turn starts."""
    row = games.row(game_id)
    rules = games.kind(row["kind"]).rules
    seen = 0
    for rec in games.store.read(game_id):
        if rules.is_turn_start(rec.event):
            seen += 1
            if seen == turn:
                return rec.originator_version
    raise Refusal(Category.NOT_FOUND, "turn_not_found", f"this game has turns 1 to {seen}, not {turn}", turns=seen)
