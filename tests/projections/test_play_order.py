"""Ratings in play order (issue 13): games are rated in the order they were played at the table, not the
order they were imported in. The same games imported out of order give the same rows as imported in
order; a game arriving late re-rates the games played after it — and only those."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import msgspec
import pytest
from openskill.models import PlackettLuce

from projections import standard
from projections.runner import Runner
from service.base.database import ConnectionParams
from service.base.keys import ApiKey
from service.runtime import Runtime
from tests.projections.support import make_key, record, store_game

POOL = ["Ana", "Bob", "Cy", "Dee", "Eli"]
EPOCH = datetime(2020, 3, 1, 18, 0, tzinfo=UTC)


def played_record(seed: int, prefix: str, day: int) -> bytes:
    """A simulated Arctic game between players of ``prefix``, played ``day`` days after EPOCH: a start
    and a time on every move, a few seconds apart."""
    players = 2 + seed % 3
    names = [f"{prefix}{POOL[(seed + k) % len(POOL)]}" for k in range(players)]
    body: dict[str, Any] = msgspec.json.decode(record("arctic", players, seed, names))
    start = EPOCH + timedelta(days=day)
    body["started_at"] = start.isoformat()
    for i, move in enumerate(body["moves"]):
        move["at"] = (start + timedelta(seconds=5 * (i + 1))).isoformat()
    return msgspec.json.encode(body)


def finish(seed: int, day: int) -> datetime:
    moves = len(msgspec.json.decode(record("arctic", 2 + seed % 3, seed))["moves"])
    return EPOCH + timedelta(days=day, seconds=5 * moves)


@pytest.fixture(scope="module")
def key(database: ConnectionParams) -> ApiKey:
    return make_key(database, "play order")[0]


@pytest.fixture(scope="module")
def runner(runtime: Runtime) -> Iterator[Runner]:
    r = standard.runner(runtime.store, runtime.games.registry, batch_size=500)
    yield r
    r.close()


def rows(runner: Runner, query: str, *params: Any) -> list[dict[str, Any]]:
    with runner.connection().cursor() as cur:
        return list(cur.execute(query, params).fetchall())


def by_player(runner: Runner, prefix: str) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The ratings and the rating history of ``prefix``'s players, keyed without the prefix: what two
    imports of the same games under other names must agree on (game ids and notification ids differ)."""
    ratings = {
        r["handle_key"][len(prefix) :]: (
            r["mu"],
            r["sigma"],
            r["ordinal"],
            r["games"],
            r["provisional"],
            r["last_played_at"],
        )
        for r in rows(runner, "SELECT * FROM ratings WHERE handle_key LIKE %s", prefix.lower() + "%")
    }
    history: dict[str, list[Any]] = {}
    for r in rows(
        runner,
        "SELECT * FROM rating_history WHERE handle_key LIKE %s ORDER BY handle_key, played_at, game_id",
        prefix.lower() + "%",
    ):
        history.setdefault(r["handle_key"][len(prefix) :], []).append(
            (r["played_at"], r["rank"], r["mu_before"], r["sigma_before"], r["mu_after"], r["sigma_after"], r["games"])
        )
    return ratings, history


def direct(runner: Runner, prefix: str) -> dict[str, tuple[float, float]]:
    """Ratings computed here from scratch, game by game in play order, from the games' ranks."""
    model = PlackettLuce()
    out: dict[str, Any] = {}
    games: dict[UUID, list[dict[str, Any]]] = {}
    for r in rows(
        runner,
        "SELECT * FROM player_results WHERE handle_key LIKE %s AND NOT voided ORDER BY finished_at, game_id, seat",
        prefix + "%",
    ):
        games.setdefault(r["game_id"], []).append(r)
    for seats in games.values():
        keys = [r["handle_key"] for r in seats]
        new = model.rate([[out.get(k) or model.rating()] for k in keys], ranks=[float(r["rank"]) for r in seats])
        for k, [rating] in zip(keys, new, strict=True):
            out[k] = rating
    return {k: (v.mu, v.sigma) for k, v in out.items()}


def test_out_of_play_order_imports_give_the_same_ratings_as_in_order(
    runtime: Runtime, runner: Runner, key: ApiKey
) -> None:
    days = list(range(40))
    shuffled = days[:]
    random.Random(13).shuffle(shuffled)
    for prefix, order in (("inorder-", days), ("shuffled-", shuffled)):
        for n, day in enumerate(order):
            store_game(runtime.games, key, played_record(1000 + day, prefix, day))
            if n % 7 == 6:
                runner.run()  # late games reach the projection in several batches, among rated ones
        runner.run()
    in_order, shuffled_rows = by_player(runner, "inorder-"), by_player(runner, "shuffled-")
    assert in_order[0] and in_order == shuffled_rows
    # Statistics too, streaks included: counted in play order, not arrival order.
    stats = {
        prefix: {
            (r["handle_key"][len(prefix) :], r["player_count"]): {
                k: v for k, v in r.items() if k not in ("handle_key", "accumulator", "last_position")
            }
            | {k: v for k, v in r["accumulator"].items() if k != "last_position"}
            for r in rows(runner, "SELECT * FROM player_stats WHERE handle_key LIKE %s", prefix + "%")
        }
        for prefix in ("inorder-", "shuffled-")
    }
    assert stats["inorder-"] and stats["inorder-"] == stats["shuffled-"]
    assert any(row["longest"] > 1 for row in stats["inorder-"].values())
    got = {r["handle_key"]: (r["mu"], r["sigma"]) for r in rows(runner, "SELECT * FROM ratings")}
    assert {k: v for k, v in got.items() if k.startswith("shuffled-")} == direct(runner, "shuffled-")
    # Every history entry carries its game's play time (its finish at the table).
    finishes = sorted({finish(1000 + day, day) for day in days})
    assert sorted({t for entries in in_order[1].values() for t, *_ in entries}) == finishes


def test_a_late_game_re_rates_only_the_games_played_after_it(runtime: Runtime, runner: Runner, key: ApiKey) -> None:
    prefix, late_day = "late-", 20
    games = {day: played_record(2000 + day, prefix, day) for day in range(30)}
    for day, body in games.items():
        if day != late_day:
            store_game(runtime.games, key, body)
    runner.run()
    query = (
        "SELECT h.game_id, h.handle_key, h.xmin::text AS x, h.played_at FROM rating_history h "
        "WHERE h.handle_key LIKE 'late-%%'"
    )
    before = {(r["game_id"], r["handle_key"]): r for r in rows(runner, query)}
    late = store_game(runtime.games, key, games[late_day])
    runner.run()
    after = {(r["game_id"], r["handle_key"]): r for r in rows(runner, query)}
    cut = finish(2000 + late_day, late_day)
    earlier = {k for k, r in before.items() if r["played_at"] < cut}
    later = set(before) - earlier
    assert earlier and later
    # Games played before the late one: untouched rows (same row versions); after it: written again.
    assert all(after[k]["x"] == before[k]["x"] for k in earlier)
    assert all(after[k]["x"] != before[k]["x"] for k in later)
    assert {k for k in after if k[0] == UUID(late["id"])} and set(after) - set(before) == {
        k for k in after if k[0] == UUID(late["id"])
    }
    # And the ratings are those of every game rated in play order.
    got = {
        r["handle_key"]: (r["mu"], r["sigma"])
        for r in rows(runner, "SELECT * FROM ratings WHERE handle_key LIKE 'late-%%'")
    }
    assert got == direct(runner, prefix)


def test_games_imported_in_play_order_are_never_re_rated(runtime: Runtime, runner: Runner, key: ApiKey) -> None:
    """A few hundred games in play order, projected in many batches: each batch writes its own games'
    rows and rewrites none of the earlier ones, so the work grows with the games, not their square."""
    query = "SELECT game_id, handle_key, xmin::text AS x FROM rating_history WHERE handle_key LIKE 'linear-%%'"
    seen: dict[tuple[UUID, str], str] = {}
    for day in range(240):
        store_game(runtime.games, key, played_record(3000 + day, "linear-", day))
        if day % 30 == 29:
            runner.run()
            now = {(r["game_id"], r["handle_key"]): r["x"] for r in rows(runner, query)}
            assert all(now[k] == x for k, x in seen.items())  # nothing already rated was written again
            assert len(now) > len(seen)
            seen = now
    assert len({k[0] for k in seen}) == 240
