"""Projection ``boards``: ``game_boards`` (each game's current board), ``game_summaries`` and ``players``
(with their trigrams, for search; renamed and merged handles leave it: projections/aliases.py)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.game import Perspective, PlayerResult
from projections import aliases, gamestats
from projections.batch import Batch, Cursor, Finished, Game, Imported, bytea, encode_state, insert_rows, void_decisions
from projections.handles import handle_key

_json = msgspec.json.Encoder()
SPECTATOR = Perspective()


def _board_and_summary(game: Game) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    rules = game.kind.rules
    state = game.state
    status = "finished" if game.finished else "live"
    # Boards and summaries are public: a live game's scores hold only its public categories.
    results = game.public_results()
    players = list(rules.players(state))
    t = game.tally
    results_json = msgspec.Raw(_json.encode(results))
    board = (
        game.game_id,
        game.kind.name,
        game.version,
        game.position,
        status,
        bytea(encode_state(state)),
        bytea(gamestats.tally_encoder.encode(t)),
        msgspec.Raw(_json.encode(rules.view(state, SPECTATOR))),
        results_json,
    )
    winners = [r.player for r in results if r.rank == 1] if game.finished else []
    summary = (
        game.game_id,
        game.kind.name,
        getattr(state, "rules_version", "") or rules.rules_version,
        status,
        players,
        [handle_key(p) for p in players],
        len(players),
        winners,
        results_json,
        t.turns,
        t.events,  # the events of the game's line (a correction's taken-back moves are not the game's)
        t.started_at(),
        # A live (or abandoned) game has no end yet, so no duration.
        t.ended_at() if game.finished else None,
        t.duration() if game.finished else None,
        t.finished_position,
        t.first_recorded,
    )
    return board, summary


BOARD_COLUMNS = ("game_id", "kind", "version", "position", "status", "state", "tally", "view", "results")
SUMMARY_COLUMNS = (
    "game_id",
    "kind",
    "rules_version",
    "status",
    "players",
    "handles",
    "player_count",
    "winners",
    "scores",
    "turns",
    "events",
    "started_at",
    "ended_at",
    "duration_seconds",
    "finished_position",
    "recorded_at",
)


def handle(cur: Cursor, batch: Batch, after: int) -> None:
    first_seen: dict[str, tuple[str, int]] = {}
    for position, players in batch.started:
        if position > after:
            for player in players:
                first_seen.setdefault(handle_key(player), (player, position))
    aliases.add_players(cur, [(key, handle, position) for key, (handle, position) in first_seen.items()])
    boards: list[tuple[Any, ...]] = []
    summaries: list[tuple[Any, ...]] = []
    for game in batch.touched.values():
        if game.position > after:
            board, summary = _board_and_summary(game)
            boards.append(board)
            summaries.append(summary)
    if boards:
        insert_rows(
            cur,
            "game_boards",
            BOARD_COLUMNS,
            boards,
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, position = excluded.position, "
            "status = excluded.status, state = excluded.state, tally = excluded.tally, view = excluded.view, "
            "results = excluded.results",
        )
        insert_rows(
            cur,
            "game_summaries",
            SUMMARY_COLUMNS,
            summaries,
            "ON CONFLICT (game_id) DO UPDATE SET status = excluded.status, players = excluded.players, "
            "handles = excluded.handles, player_count = excluded.player_count, winners = excluded.winners, "
            "scores = excluded.scores, turns = excluded.turns, events = excluded.events, "
            "started_at = excluded.started_at, ended_at = excluded.ended_at, "
            "duration_seconds = excluded.duration_seconds, finished_position = excluded.finished_position, "
            "recorded_at = excluded.recorded_at",
        )
    imported = [i for i in batch.imported if i.position > after]
    if imported:
        insert_rows(
            cur,
            "game_summaries",
            (*SUMMARY_COLUMNS, "source"),
            [_imported_summary(i) for i in imported],
            "ON CONFLICT (game_id) DO NOTHING",
        )
    voids, unvoids = void_decisions(batch, after)
    if voids:
        cur.executemany(
            "UPDATE game_summaries SET voided = true, void_reason = %s WHERE game_id = %s",
            [(v.reason, v.game_id) for v in voids],
        )
    if unvoids:
        cur.execute(
            "UPDATE game_summaries SET voided = false, void_reason = NULL WHERE game_id = ANY(%s)",
            ([u.game_id for u in unvoids],),
        )
    abandoned = [a.game_id for a in batch.abandoned if a.position > after]
    if abandoned:
        # A game finished before its abandon was recorded stays finished (the store's row does the same).
        cur.execute(
            "UPDATE game_summaries SET status = 'abandoned' WHERE game_id = ANY(%s) AND status = 'live'", (abandoned,)
        )
    aliases.change_players(cur, [c for c in batch.handles if c.position > after])


def _imported_summary(imported: Imported) -> tuple[Any, ...]:
    """A play imported with its results only: its summary from the event (one event, no turn)."""
    e = imported.event
    results = sorted(
        (
            PlayerResult(seat=seat, player=player, total=e.scores[seat], breakdown={}, rank=e.ranks[seat])
            for seat, player in enumerate(e.players)
        ),
        key=lambda r: (r.rank, r.seat),
    )
    ended = e.finished_at()
    return (
        e.game_id,
        e.kind,
        "",
        "finished",
        list(e.players),
        [handle_key(p) for p in e.players],
        len(e.players),
        [r.player for r in results if r.rank == 1],
        msgspec.Raw(_json.encode(results)),
        0,
        1,
        e.played_at,
        ended,
        (ended - e.played_at).total_seconds() if e.duration_min is not None else None,
        imported.position,
        e.played_at,
        e.source,
    )


def reorder(cur: Cursor, finished: list[Finished]) -> None:
    """Boards do not depend on the order games finish in."""
