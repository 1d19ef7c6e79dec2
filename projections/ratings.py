"""Ratings in play order: the games of a kind are rated in the order they were played — their finish at
the table (``player_results.finished_at``: the last play time the record gives, else when the finishing
move was recorded), then their id — whatever order they reached the server in.

A game that arrives late (played before games already rated) re-rates the games played after it,
from its place on: :func:`rerate_from` is the one entry point every change of the past goes through (a
late game, a void, an un-void, a retried quarantine, a handle merge). The ratings every player had
before that place are read back from ``rating_history`` (one index probe per player concerned), so the
cost is the games from there on, not the kind's whole history. The result is the same rows as rating
every game of the kind in play order from scratch.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import msgspec
from openskill.models import PlackettLuce

from projections.batch import Cursor, Finished, insert_rows
from projections.handles import handle_key

PROVISIONAL_GAMES = 10  # fewer rated games than this: provisional
PROVISIONAL_SIGMA = 6.5  # or an uncertainty above this (openskill starts at 25/3)

_model = PlackettLuce()

# A game's place in play order: (finished at the table, game id). A game without any time (none is
# stored since the fold always has the finishing event's recording time) would come first.
PlayKey = tuple[datetime, UUID]
EARLIEST = datetime(1, 1, 1, tzinfo=UTC)

HISTORY_COLUMNS = (
    "kind",
    "game_id",
    "handle_key",
    "position",
    "rank",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "played_at",
    "games",
)


class Rating(msgspec.Struct):
    mu: float
    sigma: float
    games: int
    last_position: int  # notification id of the finish of the last game rated
    last_played_at: datetime | None = None  # its place in play order
    last_game_id: UUID | None = None

    def last(self) -> PlayKey | None:
        if self.last_game_id is None:
            return None
        return (self.last_played_at or EARLIEST, self.last_game_id)


def play_key(f: Finished) -> PlayKey:
    return (f.finished_at or EARLIEST, f.game_id)


def new_rating() -> Rating:
    start = _model.rating()
    return Rating(start.mu, start.sigma, 0, 0)


# The key each seat of a game counts as (handle aliases followed), by game id.
SeatKeys = dict[UUID, list[str]]


def seats_of(f: Finished, keys_of: SeatKeys | None = None) -> list[tuple[str, int]]:
    """``(handle_key, rank)`` by seat; ``keys_of``: the seats' keys under the alias map, when known."""
    by_seat = sorted(f.results, key=lambda r: r.seat)
    if keys_of is not None and f.game_id in keys_of:
        keys = keys_of[f.game_id]
        return [(keys[r.seat], r.rank) for r in by_seat]
    return [(handle_key(r.player), r.rank) for r in by_seat]


def _rate(
    ratings: dict[str, Rating],
    kind: str,
    game_id: UUID,
    position: int,
    played_at: datetime,
    seats: list[tuple[str, int]],
) -> list[tuple[Any, ...]]:
    """Apply one game (``(handle_key, rank)`` by seat) to ``ratings``; its ``rating_history`` rows."""
    before = [ratings.get(key) or new_rating() for key, _ in seats]
    teams = [[_model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = _model.rate(teams, ranks=[float(rank) for _, rank in seats])
    history = []
    for (key, rank), old, [new] in zip(seats, before, after, strict=True):
        games = old.games + 1
        ratings[key] = Rating(new.mu, new.sigma, games, position, played_at, game_id)
        history.append((kind, game_id, key, position, rank, old.mu, old.sigma, new.mu, new.sigma, played_at, games))
    return history


def _write(cur: Cursor, kind: str, ratings: dict[str, Rating], history: list[tuple[Any, ...]]) -> None:
    if history:
        insert_rows(cur, "rating_history", HISTORY_COLUMNS, history)
    if ratings:
        insert_rows(
            cur,
            "ratings",
            (
                "kind",
                "handle_key",
                "mu",
                "sigma",
                "ordinal",
                "games",
                "provisional",
                "last_position",
                "last_played_at",
                "last_game_id",
            ),
            [
                (
                    kind,
                    key,
                    r.mu,
                    r.sigma,
                    r.mu - 3 * r.sigma,
                    r.games,
                    r.games < PROVISIONAL_GAMES or r.sigma > PROVISIONAL_SIGMA,
                    r.last_position,
                    r.last_played_at,
                    r.last_game_id,
                )
                for key, r in sorted(ratings.items())
            ],
            "ON CONFLICT (kind, handle_key) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
            "provisional = excluded.provisional, last_position = excluded.last_position, "
            "last_played_at = excluded.last_played_at, last_game_id = excluded.last_game_id",
        )


def rate_new(
    cur: Cursor, kind: str, games: list[Finished], stored: dict[str, Rating], keys_of: SeatKeys | None = None
) -> None:
    """Rate a batch's new games of ``kind``. ``stored``: the ratings in ``kind`` of (at least) their
    players. When each game was played after every game its players were already rated for, the games
    are applied on top of the stored ratings (in play order); else the kind is re-rated from the
    earliest of them."""
    if not games:
        return
    games = sorted(games, key=play_key)
    late = [
        f
        for f in games
        for key, _ in seats_of(f, keys_of)
        if key in stored and (last := stored[key].last()) is not None and last >= play_key(f)
    ]
    if late:
        rerate_from(cur, kind, play_key(games[0]))
        return
    ratings = {key: stored[key] for key in sorted({k for f in games for k, _ in seats_of(f, keys_of)}) if key in stored}
    history: list[tuple[Any, ...]] = []
    for f in games:
        history.extend(_rate(ratings, kind, f.game_id, f.position, play_key(f)[0], seats_of(f, keys_of)))
    _write(cur, kind, ratings, history)


def rerate_from(cur: Cursor, kind: str, start: PlayKey) -> int:
    """Re-rate the games of ``kind`` played at ``start`` or later (not voided), on top of the ratings
    their players had before it: the same rows as rating every game of the kind in play order. Returns
    the number of games rated."""
    at, first = start
    players = [
        r["handle_key"]
        for r in cur.execute(
            "SELECT handle_key FROM player_results WHERE kind = %s AND (finished_at, game_id) >= (%s, %s) "
            "UNION SELECT handle_key FROM rating_history WHERE kind = %s AND (played_at, game_id) >= (%s, %s)",
            (kind, at, first, kind, at, first),
        )
    ]
    if not players:
        return 0
    ratings: dict[str, Rating] = {}
    # Each player's last rating before ``start``: one probe of rating_history_in_play_order per player.
    for r in cur.execute(
        "SELECT h.handle_key, h.mu_after, h.sigma_after, h.games, h.position, h.played_at, h.game_id "
        "FROM unnest(%s::text[]) AS p(key) CROSS JOIN LATERAL ("
        "  SELECT * FROM rating_history h WHERE h.handle_key = p.key AND h.kind = %s "
        "  AND (h.played_at, h.game_id) < (%s, %s) ORDER BY h.played_at DESC, h.game_id DESC LIMIT 1"
        ") h",
        (players, kind, at, first),
    ):
        ratings[r["handle_key"]] = Rating(
            r["mu_after"], r["sigma_after"], int(r["games"] or 0), int(r["position"]), r["played_at"], r["game_id"]
        )
    cur.execute("DELETE FROM rating_history WHERE kind = %s AND (played_at, game_id) >= (%s, %s)", (kind, at, first))
    rows = cur.execute(
        "SELECT game_id, handle_key, rank, position, finished_at FROM player_results "
        "WHERE kind = %s AND NOT voided AND (finished_at, game_id) >= (%s, %s) ORDER BY finished_at, game_id, seat",
        (kind, at, first),
    ).fetchall()
    history: list[tuple[Any, ...]] = []
    rated = 0
    for (game_id, position, played_at), seats in _grouped(rows):
        history.extend(_rate(ratings, kind, game_id, position, played_at, seats))
        rated += 1
    _write(cur, kind, ratings, history)
    gone = sorted(set(players) - set(ratings))
    if gone:  # every game they had from ``start`` on is voided, and none before
        cur.execute("DELETE FROM ratings WHERE kind = %s AND handle_key = ANY(%s)", (kind, gone))
    return rated


def first_finished_since(cur: Cursor, kind: str, position: int) -> PlayKey | None:
    """The earliest-played game of ``kind`` among those that finished at notification ``position`` or later."""
    row = cur.execute(
        "SELECT finished_at, game_id FROM player_results WHERE kind = %s AND position >= %s "
        "ORDER BY finished_at, game_id LIMIT 1",
        (kind, position),
    ).fetchone()
    return None if row is None else (row["finished_at"], row["game_id"])


def _grouped(
    rows: Iterable[dict[str, Any]],
) -> Iterable[tuple[tuple[UUID, int, datetime], list[tuple[str, int]]]]:
    current: tuple[UUID, int, datetime] | None = None
    seats: list[tuple[str, int]] = []
    for r in rows:
        key = (r["game_id"], r["position"], r["finished_at"])
        if current is None or key[0] != current[0]:
            if current is not None:
                yield current, seats
            current, seats = key, []
        seats.append((r["handle_key"], r["rank"]))
    if current is not None:
        yield current, seats


def rate_in_order(rows: Iterable[dict[str, Any]], kind: str) -> dict[str, Rating]:
    """Every player's rating after the games of ``rows`` (``player_results`` rows of one kind: game_id,
    handle_key, rank, position, finished_at, in play order then seat), rated from scratch: what
    ``rerate_from`` gives the kind's games, for a part of them (``source``: projections/scoped.py)."""
    ratings: dict[str, Rating] = {}
    for (game_id, position, played_at), seats in _grouped(rows):
        _rate(ratings, kind, game_id, position, played_at, seats)
    return ratings
