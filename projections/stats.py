"""Projection ``stats``: per-player results, per-game statistics, player statistics, head-to-head and
ratings, all from finished games in the order they finished (their finishing notification id).

Derived rows (``player_stats``, ``head_to_head``) are recomputed, for the players a batch touches only,
from ``player_results``: an incremental build and a rebuild give the same rows. Ratings are applied
game by game in finishing order; voiding a game replays the ratings of its kind from that game on.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import Any
from uuid import UUID

import msgspec
from openskill.models import PlackettLuce

from projections import gamestats
from projections.runner import Batch, Cursor, Finished

PROVISIONAL_GAMES = 10  # fewer rated games than this: provisional
PROVISIONAL_SIGMA = 6.5  # or an uncertainty above this (openskill starts at 25/3)

_json = msgspec.json.Encoder()
_model = PlackettLuce()


def handle(cur: Cursor, batch: Batch, after: int) -> None:
    voids = [v for v in batch.voided if v.position > after]
    finished = [f for f in batch.finished if f.position > after]
    if voids:
        cur.executemany(
            "INSERT INTO voided_games (game_id, position, reason, key_id, voided_at) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            [(v.game_id, v.position, v.reason, v.key_id, v.at) for v in voids],
        )
    affected: dict[str, set[str]] = defaultdict(set)
    pairs: dict[tuple[str, str, str], list[int]] = {}
    replay_from: dict[str, int] = {}
    rated: list[Finished] = []
    if finished:
        voided_ids = {
            r["game_id"]
            for r in cur.execute(
                "SELECT game_id FROM voided_games WHERE game_id = ANY(%s)", ([f.game_id for f in finished],)
            )
        }
        _insert_results(cur, finished, voided_ids)
        for f in finished:
            if f.game_id in voided_ids:
                continue
            affected[f.kind].update(p.lower() for p in f.players)
            _pair_deltas(pairs, f.kind, _seats(f), 1)
            rated.append(f)
    if voids:
        revoked = cur.execute(
            "UPDATE player_results SET voided = true WHERE game_id = ANY(%s) AND NOT voided "
            "RETURNING game_id, kind, seat, handle_key, rank, position",
            ([v.game_id for v in voids],),
        ).fetchall()
        by_game: dict[tuple[UUID, str], list[tuple[int, str, int]]] = defaultdict(list)
        for r in revoked:
            by_game[(r["game_id"], r["kind"])].append((r["seat"], r["handle_key"], r["rank"]))
            affected[r["kind"]].add(r["handle_key"])
            replay_from[r["kind"]] = min(replay_from.get(r["kind"], r["position"]), r["position"])
        for (_, kind), seats in sorted(by_game.items()):
            _pair_deltas(pairs, kind, [(key, rank) for _, key, rank in sorted(seats)], -1)
    for kind, handles in affected.items():
        _player_stats(cur, kind, sorted(handles))
    _head_to_head(cur, pairs)
    by_kind: dict[str, list[Finished]] = defaultdict(list)
    for f in rated:
        by_kind[f.kind].append(f)
    for kind in sorted(set(by_kind) | set(replay_from)):
        games = by_kind.get(kind, [])
        if kind in replay_from:
            since = min([replay_from[kind], *(f.position for f in games)])
            replay_ratings(cur, kind, since)
        else:
            _rate_incrementally(cur, kind, games)


# ---------------------------------------------------------------- results and per-game stats
def _insert_results(cur: Cursor, finished: list[Finished], voided_ids: set[UUID]) -> None:
    results: list[tuple[Any, ...]] = []
    stats: list[tuple[Any, ...]] = []
    for f in finished:
        count = len(f.players)
        for r in f.results:
            results.append(
                (
                    f.game_id,
                    r.seat,
                    r.player.lower(),
                    r.player,
                    f.kind,
                    count,
                    r.rank,
                    r.total,
                    r.rank == 1,
                    _json.encode(r.breakdown).decode(),
                    _json.encode(f.stats.extras[r.seat]).decode(),
                    f.position,
                    f.finished_at,
                    f.game_id in voided_ids,
                )
            )
        stats.extend((f.game_id, seat, stat_id, value) for seat, stat_id, value in gamestats.rows(f.kind, f.stats))
    cur.executemany(
        "INSERT INTO player_results (game_id, seat, handle_key, player, kind, player_count, rank, total, won, "
        "breakdown, extras, position, finished_at, voided) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s, %s, %s)",
        results,
    )
    cur.execute(
        "INSERT INTO game_stats (game_id, seat, stat_id, value) "
        "SELECT * FROM unnest(%s::uuid[], %s::int[], %s::int[], %s::float8[])",
        ([s[0] for s in stats], [s[1] for s in stats], [s[2] for s in stats], [s[3] for s in stats]),
    )


# ---------------------------------------------------------------- player statistics
def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Statistics of one player's results (in finishing order): the columns of ``player_stats``."""
    games = len(rows)
    wins = sum(1 for r in rows if r["won"])
    totals = [r["total"] for r in rows]
    categories: dict[str, float] = {}
    for r in rows:
        for name, value in r["breakdown"].items():
            categories[name] = categories.get(name, 0) + value
    seats: dict[int, list[int]] = {}
    for r in rows:
        seat = seats.setdefault(r["seat"], [0, 0])
        seat[0] += 1
        seat[1] += 1 if r["won"] else 0
    powers: dict[str, int] = {}
    for r in rows:
        for animal, n in (r["extras"].get("powers_taken") or {}).items():
            powers[animal] = powers.get(animal, 0) + n
    streak = longest = 0
    for r in rows:
        streak = streak + 1 if r["won"] else 0
        longest = max(longest, streak)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "avg_score": sum(totals) / games,
        "median_score": float(statistics.median(totals)),
        "best_score": max(totals),
        "avg_breakdown": {name: value / games for name, value in sorted(categories.items())},
        "by_seat": {str(seat): {"games": g, "wins": w, "win_rate": w / g} for seat, (g, w) in sorted(seats.items())},
        "powers_taken": dict(sorted(powers.items())),
        "current_streak": streak,
        "longest_streak": longest,
        "last_position": max(r["position"] for r in rows),
    }


def _player_stats(cur: Cursor, kind: str, keys: list[str]) -> None:
    rows = cur.execute(
        "SELECT handle_key, player_count, seat, won, total, breakdown, extras, position FROM player_results "
        "WHERE kind = %s AND handle_key = ANY(%s) AND NOT voided ORDER BY handle_key, position, seat",
        (kind, keys),
    ).fetchall()
    cur.execute("DELETE FROM player_stats WHERE kind = %s AND handle_key = ANY(%s)", (kind, keys))
    groups: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[(r["handle_key"], 0)].append(r)
        groups[(r["handle_key"], r["player_count"])].append(r)
    out = []
    for (key, count), group in sorted(groups.items()):
        s = summarise(group)
        out.append(
            (
                key,
                kind,
                count,
                s["games"],
                s["wins"],
                s["win_rate"],
                s["avg_score"],
                s["median_score"],
                s["best_score"],
                _json.encode(s["avg_breakdown"]).decode(),
                _json.encode(s["by_seat"]).decode(),
                _json.encode(s["powers_taken"]).decode(),
                s["current_streak"],
                s["longest_streak"],
                s["last_position"],
            )
        )
    if out:
        cur.executemany(
            "INSERT INTO player_stats (handle_key, kind, player_count, games, wins, win_rate, avg_score, "
            "median_score, best_score, avg_breakdown, by_seat, powers_taken, current_streak, longest_streak, "
            "last_position) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s::jsonb, %s, %s, %s)",
            out,
        )


def _pair_deltas(
    deltas: dict[tuple[str, str, str], list[int]], kind: str, seats: list[tuple[str, int]], sign: int
) -> None:
    """Add (``sign`` = 1) or remove (-1) one game's ordered pairs: ``(key, rank)`` per seat."""
    for i, (a, rank_a) in enumerate(seats):
        for j, (b, rank_b) in enumerate(seats):
            if i != j:
                d = deltas.setdefault((kind, a, b), [0, 0, 0, 0])
                d[0] += sign
                d[1] += sign * (rank_a < rank_b)
                d[2] += sign * (rank_a > rank_b)
                d[3] += sign * (rank_a == rank_b)


def _head_to_head(cur: Cursor, deltas: dict[tuple[str, str, str], list[int]]) -> None:
    """Counts are sums: add the batch's games (and subtract voided ones), drop pairs left with none."""
    rows = sorted((k, d) for k, d in deltas.items() if any(d))
    if not rows:
        return
    columns: list[list[Any]] = [[k[0] for k, _ in rows], [k[1] for k, _ in rows], [k[2] for k, _ in rows]]
    columns += [[d[i] for _, d in rows] for i in range(4)]
    changed = cur.execute(
        "INSERT INTO head_to_head AS h (kind, handle_key, opponent_key, games, ahead, behind, ties) "
        "SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::int[], %s::int[], %s::int[], %s::int[]) "
        "ON CONFLICT (kind, handle_key, opponent_key) DO UPDATE SET games = h.games + excluded.games, "
        "ahead = h.ahead + excluded.ahead, behind = h.behind + excluded.behind, ties = h.ties + excluded.ties "
        "RETURNING kind, handle_key, opponent_key, games",
        columns,
    ).fetchall()
    empty = [r for r in changed if r["games"] <= 0]
    if empty:
        cur.execute(
            "DELETE FROM head_to_head h USING unnest(%s::text[], %s::text[], %s::text[]) AS p(kind, a, b) "
            "WHERE h.kind = p.kind AND h.handle_key = p.a AND h.opponent_key = p.b AND h.games <= 0",
            ([r["kind"] for r in empty], [r["handle_key"] for r in empty], [r["opponent_key"] for r in empty]),
        )


# ---------------------------------------------------------------- ratings
class Rating(msgspec.Struct):
    mu: float
    sigma: float
    games: int
    last_position: int


def _new_rating() -> Rating:
    start = _model.rating()
    return Rating(start.mu, start.sigma, 0, 0)


def _rate(
    ratings: dict[str, Rating], game_id: UUID, position: int, seats: list[tuple[str, int]], kind: str
) -> list[tuple[Any, ...]]:
    """Apply one game (``(handle_key, rank)`` by seat) to ``ratings``; its ``rating_history`` rows."""
    before = [ratings.get(key) or _new_rating() for key, _ in seats]
    teams = [[_model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = _model.rate(teams, ranks=[float(rank) for _, rank in seats])
    history = []
    for (key, rank), old, [new] in zip(seats, before, after, strict=True):
        ratings[key] = Rating(new.mu, new.sigma, old.games + 1, position)
        history.append((kind, game_id, key, position, rank, old.mu, old.sigma, new.mu, new.sigma))
    return history


def _write_ratings(cur: Cursor, kind: str, ratings: dict[str, Rating], history: list[tuple[Any, ...]]) -> None:
    if history:
        cur.executemany(
            "INSERT INTO rating_history (kind, game_id, handle_key, position, rank, mu_before, sigma_before, "
            "mu_after, sigma_after) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            history,
        )
    if ratings:
        cur.executemany(
            "INSERT INTO ratings (kind, handle_key, mu, sigma, ordinal, games, provisional, last_position) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (kind, handle_key) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
            "provisional = excluded.provisional, last_position = excluded.last_position",
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
                )
                for key, r in sorted(ratings.items())
            ],
        )


def _seats(f: Finished) -> list[tuple[str, int]]:
    by_seat = sorted(f.results, key=lambda r: r.seat)
    return [(r.player.lower(), r.rank) for r in by_seat]


def _rate_incrementally(cur: Cursor, kind: str, games: list[Finished]) -> None:
    if not games:
        return
    keys = sorted({key for f in games for key, _ in _seats(f)})
    ratings = {
        r["handle_key"]: Rating(r["mu"], r["sigma"], r["games"], r["last_position"])
        for r in cur.execute(
            "SELECT handle_key, mu, sigma, games, last_position FROM ratings WHERE kind = %s AND handle_key = ANY(%s)",
            (kind, keys),
        )
    }
    history: list[tuple[Any, ...]] = []
    for f in games:
        history.extend(_rate(ratings, f.game_id, f.position, _seats(f), kind))
    _write_ratings(cur, kind, ratings, history)


def replay_ratings(cur: Cursor, kind: str, since: int) -> None:
    """Recompute the ratings of ``kind`` from the games finished at ``since`` or later (not voided), on
    top of the ratings every player had before ``since``: the same as rating every game in order."""
    ratings: dict[str, Rating] = {}
    for r in cur.execute(
        "SELECT DISTINCT ON (handle_key) handle_key, mu_after, sigma_after, position, "
        "count(*) OVER (PARTITION BY handle_key) AS games FROM rating_history "
        "WHERE kind = %s AND position < %s ORDER BY handle_key, position DESC",
        (kind, since),
    ):
        ratings[r["handle_key"]] = Rating(r["mu_after"], r["sigma_after"], r["games"], r["position"])
    cur.execute("DELETE FROM rating_history WHERE kind = %s AND position >= %s", (kind, since))
    cur.execute("DELETE FROM ratings WHERE kind = %s", (kind,))
    rows = cur.execute(
        "SELECT game_id, handle_key, rank, position FROM player_results "
        "WHERE kind = %s AND NOT voided AND position >= %s ORDER BY position, seat",
        (kind, since),
    ).fetchall()
    history: list[tuple[Any, ...]] = []
    for (game_id, position), seats in _grouped(rows):
        history.extend(_rate(ratings, game_id, position, seats, kind))
    _write_ratings(cur, kind, ratings, history)


def _grouped(rows: Iterable[dict[str, Any]]) -> Iterable[tuple[tuple[UUID, int], list[tuple[str, int]]]]:
    current: tuple[UUID, int] | None = None
    seats: list[tuple[str, int]] = []
    for r in rows:
        key = (r["game_id"], r["position"])
        if key != current:
            if current is not None:
                yield current, seats
            current, seats = key, []
        seats.append((r["handle_key"], r["rank"]))
    if current is not None:
        yield current, seats
