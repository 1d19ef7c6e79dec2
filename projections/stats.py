"""Projection ``stats``: per-player results, per-game statistics, player statistics, head-to-head and
ratings, all from finished games.

Derived rows (``player_stats``, ``head_to_head``) are recomputed, for the players a batch touches only,
from ``player_results``: an incremental build and a rebuild give the same rows. Ratings are applied
game by game in play order (projections/ratings.py): a game played before games already rated, a void
or an un-void re-rates its kind from that game on. Players are keyed by the alias map of renamed and
merged handles (projections/aliases.py): a rename or merge moves the old key's rows and re-rates its
kinds from its first game.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from projections import aliases, gamestats, ratings
from projections.batch import Batch, Cursor, Finished, Unvoided, Voided, insert_rows, void_decisions
from projections.handles import handle_key

PROVISIONAL_GAMES = ratings.PROVISIONAL_GAMES
PROVISIONAL_SIGMA = ratings.PROVISIONAL_SIGMA
Rating = ratings.Rating
SeatKeys = ratings.SeatKeys

RESULT_COLUMNS = (
    "game_id",
    "seat",
    "handle_key",
    "player",
    "kind",
    "player_count",
    "rank",
    "total",
    "won",
    "breakdown",
    "extras",
    "position",
    "finished_at",
    "voided",
    "source",
)
PLAYER_STATS_COLUMNS = (
    "handle_key",
    "kind",
    "player_count",
    "games",
    "wins",
    "win_rate",
    "avg_score",
    "median_score",
    "best_score",
    "avg_breakdown",
    "by_seat",
    "totals",
    "current_streak",
    "longest_streak",
    "last_position",
    "accumulator",
)
HISTORY_COLUMNS = ratings.HISTORY_COLUMNS


def handle(cur: Cursor, batch: Batch, after: int) -> None:
    voids, unvoids = void_decisions(batch, after)
    # Renames and merges first: the batch's games count under the map they leave (as in a rebuild).
    moved = aliases.apply(cur, [c for c in batch.handles if c.position > after])
    finished = [f for f in batch.finished if f.position > after]
    _store_void_decisions(cur, voids, unvoids)
    # Abandoned games are live ones: they never finished, so they have no rows here to leave.
    recount: dict[str, set[str]] = defaultdict(set)  # players whose statistics lost or regained a game
    pairs: dict[tuple[str, str, str], list[int]] = {}
    changed_from: dict[str, ratings.PlayKey] = {}  # by kind: the earliest-played game a void changed
    rated: list[Finished] = []
    read = _BatchRead()
    if finished:
        read = _read_batch(cur, finished)
        _insert_results(cur, finished, read.voided_ids, read.keys_of)
        for f in finished:
            if f.game_id in read.voided_ids:
                continue
            _pair_deltas(pairs, f.kind, ratings.seats_of(f, read.keys_of), 1)
            rated.append(f)
    _move_handles(cur, moved, recount, changed_from, pairs)
    _apply_voids(cur, voids, unvoids, recount, changed_from, pairs)
    by_kind: dict[str, list[Finished]] = defaultdict(list)
    stored, keys_of = read.stored, read.keys_of
    for f in sorted(rated, key=ratings.play_key):
        by_kind[f.kind].append(f)
        # Streaks follow play order: a player with a game played before one already counted (a late
        # arrival) is recounted from their results in play order rather than folded on top.
        for key, _ in ratings.seats_of(f, keys_of):
            last = stored[f.kind][key].last() if key in stored[f.kind] else None
            if last is not None and last >= ratings.play_key(f):
                recount[f.kind].add(key)
    for kind, handles in sorted(recount.items()):
        _recompute_player_stats(cur, kind, sorted(handles))
    for kind, games in sorted(by_kind.items()):
        _add_to_player_stats(cur, kind, games, recount.get(kind, set()), read.accumulators[kind], keys_of)
    _head_to_head(cur, pairs)
    # Ratings in play order (projections/ratings.py): a void or un-void re-rates its kind from the game on.
    for kind in sorted(set(by_kind) | set(changed_from)):
        games = by_kind.get(kind, [])
        if kind in changed_from:
            ratings.rerate_from(cur, kind, min([changed_from[kind], *(ratings.play_key(f) for f in games)]))
        else:
            ratings.rate_new(cur, kind, games, stored[kind], keys_of)


def _store_void_decisions(cur: Cursor, voids: list[Voided], unvoids: list[Unvoided]) -> None:
    if unvoids:
        cur.execute("DELETE FROM voided_games WHERE game_id = ANY(%s)", ([u.game_id for u in unvoids],))
    if voids:
        cur.executemany(
            "INSERT INTO voided_games (game_id, position, reason, key_id, voided_at) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            [(v.game_id, v.position, v.reason, v.key_id, v.at) for v in voids],
        )


@dataclass
class _BatchRead:
    """What a batch's finished games need read first."""

    keys_of: SeatKeys = field(default_factory=dict)
    voided_ids: set[UUID] = field(default_factory=set)
    # by kind: (handle key, player count) -> accumulator; handle key -> rating
    accumulators: dict[str, dict[tuple[str, int], dict[str, Any]]] = field(default_factory=lambda: defaultdict(dict))
    stored: dict[str, dict[str, Rating]] = field(default_factory=lambda: defaultdict(dict))


def _read_batch(cur: Cursor, finished: list[Finished]) -> _BatchRead:
    """The four reads the batch needs, queued together (one round trip in the runner's pipeline).
    Accumulators and ratings are read for every player of the batch's games (each handle and the one it
    counts as), in every kind they played in it: a superset of the rows used, and no write of this batch
    touches them first."""
    read = _BatchRead()
    conn = cur.connection
    kinds = sorted({f.kind for f in finished})
    raw = sorted({handle_key(r.player) for f in finished for r in f.results})
    players = "%s::text[] || ARRAY(SELECT target_key FROM handle_aliases WHERE alias_key = ANY(%s::text[]))"
    with (
        conn.cursor() as alias_cur,
        conn.cursor() as voided_cur,
        conn.cursor() as acc_cur,
        conn.cursor() as rating_cur,
    ):
        alias_cur.execute(aliases.RESOLVE, (raw,))
        voided_cur.execute("SELECT game_id FROM voided_games WHERE game_id = ANY(%s)", ([f.game_id for f in finished],))
        acc_cur.execute(
            "SELECT kind, handle_key, player_count, accumulator FROM player_stats "
            f"WHERE kind = ANY(%s) AND handle_key = ANY({players})",
            (kinds, raw, raw),
        )
        rating_cur.execute(
            "SELECT kind, handle_key, mu, sigma, games, last_position, last_played_at, last_game_id FROM ratings "
            f"WHERE kind = ANY(%s) AND handle_key = ANY({players})",
            (kinds, raw, raw),
        )
        read.keys_of = _seat_keys(finished, {r["alias_key"]: r["target_key"] for r in alias_cur.fetchall()})
        read.voided_ids = {r["game_id"] for r in voided_cur.fetchall()}
        for r in acc_cur.fetchall():
            read.accumulators[r["kind"]][(r["handle_key"], r["player_count"])] = r["accumulator"]
        for r in rating_cur.fetchall():
            read.stored[r["kind"]][r["handle_key"]] = Rating(
                r["mu"], r["sigma"], r["games"], r["last_position"], r["last_played_at"], r["last_game_id"]
            )
    return read


def _apply_voids(
    cur: Cursor,
    voids: list[Voided],
    unvoids: list[Unvoided],
    recount: dict[str, set[str]],
    changed_from: dict[str, ratings.PlayKey],
    pairs: dict[tuple[str, str, str], list[int]],
) -> None:
    """A void takes a game's results out (-1 to its pairs), an un-void puts them back (+1); either way its
    players' statistics are recomputed and its kind's ratings replayed from the game on."""
    for ids, voided, sign in (([v.game_id for v in voids], True, -1), ([u.game_id for u in unvoids], False, 1)):
        if not ids:
            continue
        changed = cur.execute(
            "UPDATE player_results SET voided = %s WHERE game_id = ANY(%s) AND voided = %s "
            "RETURNING game_id, kind, seat, handle_key, rank, finished_at",
            (voided, ids, not voided),
        ).fetchall()
        by_game: dict[tuple[UUID, str], list[tuple[int, str, int]]] = defaultdict(list)
        for r in changed:
            by_game[(r["game_id"], r["kind"])].append((r["seat"], r["handle_key"], r["rank"]))
            recount[r["kind"]].add(r["handle_key"])
            place = (r["finished_at"] or ratings.EARLIEST, r["game_id"])
            changed_from[r["kind"]] = min(changed_from.get(r["kind"], place), place)
        for (_, kind), seats in sorted(by_game.items()):
            _pair_deltas(pairs, kind, [(key, rank) for _, key, rank in sorted(seats)], sign)


# ---------------------------------------------------------------- renamed and merged handles
def _seat_keys(finished: list[Finished], known: dict[str, str]) -> SeatKeys:
    """Each game's seats' keys under the alias map (``known``: the aliases among the games' handles)."""
    players = {f.game_id: [r.player for r in sorted(f.results, key=lambda r: r.seat)] for f in finished}
    return {game_id: aliases.seat_keys(names, known) for game_id, names in players.items()}


def _move_handles(
    cur: Cursor,
    moved: list[tuple[str, str]],
    recount: dict[str, set[str]],
    changed_from: dict[str, ratings.PlayKey],
    pairs: dict[tuple[str, str, str], list[int]],
) -> None:
    """Each ``old → new`` decision: ``old``'s results become ``new``'s (not at a table where ``new`` sat
    too), their pairs move, both players' statistics are recounted and the ratings of their kinds re-rated
    from ``old``'s first game in play order: as if the games had been recorded under ``new``."""
    for old, new in moved:
        changed = cur.execute(
            "UPDATE player_results r SET handle_key = %s WHERE handle_key = %s AND NOT EXISTS "
            "(SELECT 1 FROM player_results o WHERE o.game_id = r.game_id AND o.handle_key = %s) "
            "RETURNING game_id, kind, seat, position, voided, finished_at",
            (new, old, new),
        ).fetchall()
        for r in changed:
            recount[r["kind"]].update((old, new))
            place = (r["finished_at"] or ratings.EARLIEST, r["game_id"])
            changed_from[r["kind"]] = min(changed_from.get(r["kind"], place), place)
        counted = sorted({r["game_id"] for r in changed if not r["voided"]})
        if not counted:
            continue
        seats = {(r["game_id"], r["seat"]) for r in changed}
        by_game: dict[tuple[UUID, str], list[tuple[int, str, int]]] = defaultdict(list)
        for r in cur.execute(
            "SELECT game_id, kind, seat, handle_key, rank FROM player_results WHERE game_id = ANY(%s)", (counted,)
        ).fetchall():
            by_game[(r["game_id"], r["kind"])].append((r["seat"], r["handle_key"], r["rank"]))
        for (game_id, kind), rows in sorted(by_game.items()):
            rows.sort()
            _pair_deltas(pairs, kind, [(old if (game_id, s) in seats else k, rank) for s, k, rank in rows], -1)
            _pair_deltas(pairs, kind, [(k, rank) for _, k, rank in rows], 1)


# ---------------------------------------------------------------- results and per-game stats
def _insert_results(cur: Cursor, finished: list[Finished], voided_ids: set[UUID], keys_of: SeatKeys) -> None:
    results: list[tuple[Any, ...]] = []
    ids: list[str] = []
    stats: list[tuple[int, int, float]] = []
    for f in finished:
        count = len(f.players)
        for r in f.results:
            results.append(
                (
                    f.game_id,
                    r.seat,
                    keys_of[f.game_id][r.seat],
                    r.player,
                    f.kind,
                    count,
                    r.rank,
                    r.total,
                    r.rank == 1,
                    r.breakdown,
                    f.stats.extras[r.seat],
                    f.position,
                    ratings.play_key(f)[0],  # never null: the rating order reads it
                    f.game_id in voided_ids,
                    f.source,
                )
            )
        rows = gamestats.rows(f.kind, f.stats)
        ids.extend([str(f.game_id)] * len(rows))
        stats.extend(rows)
    insert_rows(cur, "player_results", RESULT_COLUMNS, results)
    # Array literals built here (psycopg's list adapter is per-element Python). A float as its repr, as
    # psycopg sends it; PostgreSQL reads it back as the same double (and reads inf, -inf, nan).
    seats, stat_ids, values = zip(*stats, strict=True) if stats else ((), (), ())
    cur.execute(
        "INSERT INTO game_stats (game_id, seat, stat_id, value) "
        "SELECT * FROM unnest(%s::uuid[], %s::int[], %s::int[], %s::float8[])",
        (
            "{" + ",".join(ids) + "}",
            "{" + ",".join(map(str, seats)) + "}",
            "{" + ",".join(map(str, stat_ids)) + "}",
            "{" + ",".join(map(float.__repr__, values)) + "}",
        ),
    )


# ---------------------------------------------------------------- player statistics
# A player_stats row keeps an accumulator (integer sums, a histogram of totals, the streaks): a new
# game is folded into it; the visible columns derive from it. An incremental build and a rebuild fold
# the same results in the same (finishing) order with the same code, so their rows are identical.
def new_accumulator() -> dict[str, Any]:
    return {
        "games": 0,
        "wins": 0,
        "score_sum": 0,
        "scores": {},  # total -> games (the median comes from it)
        "breakdown": {},  # category -> sum of points
        "seats": {},  # seat -> [games, wins]
        "totals": {},  # the kind's summed statistics (gamestats.TOTALS): permanent id -> sum
        "streak": 0,
        "longest": 0,
        "best": None,
        "last_position": 0,
    }


def accumulate(acc: dict[str, Any], r: dict[str, Any]) -> None:
    """Fold one result (``won``, ``total``, ``seat``, ``breakdown``, ``totals``, ``position``, ``source``)
    into ``acc``. ``detailed``: the games with a score breakdown (not imported with their results only),
    which the breakdown's averages divide by; rows kept before it counted recorded games only."""
    won = bool(r["won"])
    total = int(r["total"])
    detailed = acc.get("detailed", acc["games"])
    acc["detailed"] = detailed + (not r.get("source"))
    acc["games"] += 1
    acc["wins"] += won
    acc["score_sum"] += total
    scores = acc["scores"]
    scores[str(total)] = scores.get(str(total), 0) + 1
    breakdown = acc["breakdown"]
    for name, value in r["breakdown"].items():
        breakdown[name] = breakdown.get(name, 0) + value
    seat = acc["seats"].setdefault(str(r["seat"]), [0, 0])
    seat[0] += 1
    seat[1] += won
    sums = acc["totals"]
    for stat_id, value in (r["totals"] or {}).items():
        sums[stat_id] = gamestats.number(sums.get(stat_id, 0) + value)
    acc["streak"] = acc["streak"] + 1 if won else 0
    acc["longest"] = max(acc["longest"], acc["streak"])
    acc["best"] = total if acc["best"] is None else max(acc["best"], total)
    acc["last_position"] = max(acc["last_position"], int(r["position"]))


def _median(scores: dict[str, int], n: int) -> float:
    ordered = sorted((int(total), count) for total, count in scores.items())

    def at(index: int) -> int:
        seen = 0
        for total, count in ordered:
            seen += count
            if index < seen:
                return total
        raise IndexError(index)

    return float(at(n // 2)) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2


def summarise(acc: dict[str, Any]) -> dict[str, Any]:
    """The ``player_stats`` columns of an accumulator."""
    games = acc["games"]
    return {
        "games": games,
        "wins": acc["wins"],
        "win_rate": acc["wins"] / games,
        "avg_score": acc["score_sum"] / games,
        "median_score": _median(acc["scores"], games),
        "best_score": acc["best"],
        "avg_breakdown": {name: value / acc.get("detailed", games) for name, value in sorted(acc["breakdown"].items())},
        "by_seat": {
            seat: {"games": g, "wins": w, "win_rate": w / g}
            for seat, (g, w) in sorted(acc["seats"].items(), key=lambda item: int(item[0]))
        },
        "totals": dict(sorted(acc["totals"].items(), key=lambda item: int(item[0]))),
        "current_streak": acc["streak"],
        "longest_streak": acc["longest"],
        "last_position": acc["last_position"],
    }


def _write_player_stats(cur: Cursor, kind: str, accumulators: dict[tuple[str, int], dict[str, Any]]) -> None:
    out = []
    for (key, count), acc in sorted(accumulators.items()):
        s = summarise(acc)
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
                s["avg_breakdown"],
                s["by_seat"],
                s["totals"],
                s["current_streak"],
                s["longest_streak"],
                s["last_position"],
                acc,
            )
        )
    if out:
        insert_rows(
            cur,
            "player_stats",
            PLAYER_STATS_COLUMNS,
            out,
            "ON CONFLICT (handle_key, kind, player_count) DO UPDATE SET "
            "games = excluded.games, wins = excluded.wins, win_rate = excluded.win_rate, "
            "avg_score = excluded.avg_score, median_score = excluded.median_score, "
            "best_score = excluded.best_score, avg_breakdown = excluded.avg_breakdown, "
            "by_seat = excluded.by_seat, totals = excluded.totals, "
            "current_streak = excluded.current_streak, longest_streak = excluded.longest_streak, "
            "last_position = excluded.last_position, accumulator = excluded.accumulator",
        )


def _add_to_player_stats(
    cur: Cursor,
    kind: str,
    games: list[Finished],
    skip: set[str],
    accumulators: dict[tuple[str, int], dict[str, Any]],
    keys_of: SeatKeys,
) -> None:
    """Fold the batch's new results (finishing order) into the stored accumulators: the cost of a
    batch does not depend on how many games the players have already played. ``accumulators``: the
    stored ones of (at least) the batch's players in ``kind``, by ``(handle_key, player_count)``."""
    rows: list[tuple[str, int, dict[str, Any]]] = []
    for f in games:
        count = len(f.players)
        for r in sorted(f.results, key=lambda r: r.seat):
            key = keys_of[f.game_id][r.seat]
            if key in skip:
                continue
            row = {
                "won": r.rank == 1,
                "total": r.total,
                "seat": r.seat,
                "breakdown": r.breakdown,
                "totals": gamestats.totals(kind, f.stats.seats[r.seat]),
                "position": f.position,
                "source": f.source,
            }
            rows.append((key, count, row))
    if not rows:
        return
    touched: dict[tuple[str, int], dict[str, Any]] = {}
    for key, count, row in rows:
        for group in ((key, 0), (key, count)):
            acc = touched.get(group) or accumulators.get(group) or new_accumulator()
            accumulate(acc, row)
            touched[group] = acc
    _write_player_stats(cur, kind, touched)


def _recompute_player_stats(cur: Cursor, kind: str, keys: list[str]) -> None:
    """Rebuild the players' rows from their remaining results in play order (after a void, a late game)."""
    # The summed statistics are read back from game_stats: the values the incremental fold summed.
    rows = cur.execute(
        "SELECT handle_key, player_count, seat, won, total, breakdown, position, source, "
        "(SELECT jsonb_object_agg(g.stat_id::text, g.value) FROM game_stats g WHERE g.game_id = r.game_id "
        "AND g.seat = r.seat AND g.stat_id = ANY(%s)) AS totals FROM player_results r "
        "WHERE kind = %s AND handle_key = ANY(%s) AND NOT voided ORDER BY handle_key, finished_at, game_id, seat",
        (list(gamestats.TOTALS.get(kind, ())), kind, keys),
    ).fetchall()
    cur.execute("DELETE FROM player_stats WHERE kind = %s AND handle_key = ANY(%s)", (kind, keys))
    accumulators: dict[tuple[str, int], dict[str, Any]] = {}
    for r in rows:
        for group in ((r["handle_key"], 0), (r["handle_key"], r["player_count"])):
            acc = accumulators.get(group)
            if acc is None:
                acc = accumulators[group] = new_accumulator()
            accumulate(acc, r)
    _write_player_stats(cur, kind, accumulators)


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
    if all(d[0] > 0 for _, d in rows):
        # Only games added: every row ends with at least one game, nothing to delete (no round trip).
        cur.execute(
            "INSERT INTO head_to_head AS h (kind, handle_key, opponent_key, games, ahead, behind, ties) "
            "SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::int[], %s::int[], %s::int[], %s::int[]) "
            "ON CONFLICT (kind, handle_key, opponent_key) DO UPDATE SET games = h.games + excluded.games, "
            "ahead = h.ahead + excluded.ahead, behind = h.behind + excluded.behind, ties = h.ties + excluded.ties",
            columns,
        )
        return
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


# ---------------------------------------------------------------- ratings (projections/ratings.py)
def replay_ratings(cur: Cursor, kind: str, since: int) -> None:
    """Re-rate ``kind`` from the earliest-played of the games that finished at notification ``since`` or
    later (see :func:`projections.ratings.rerate_from`, the entry point in play order)."""
    start = ratings.first_finished_since(cur, kind, since)
    if start is not None:
        ratings.rerate_from(cur, kind, start)


def reorder(cur: Cursor, finished: list[Finished]) -> None:
    """Games applied after later ones (a quarantined game retried): their players' statistics and the
    ratings of their kinds are recomputed, as a clean build would have them."""
    players: dict[str, set[str]] = defaultdict(set)
    since: dict[str, ratings.PlayKey] = {}
    keys_of = _seat_keys(finished, aliases.resolve(cur, (handle_key(r.player) for f in finished for r in f.results)))
    for f in finished:
        players[f.kind].update(key for key, _ in ratings.seats_of(f, keys_of))
        since[f.kind] = min(since.get(f.kind, ratings.play_key(f)), ratings.play_key(f))
    for kind in sorted(players):
        _recompute_player_stats(cur, kind, sorted(players[kind]))
        ratings.rerate_from(cur, kind, since[kind])
