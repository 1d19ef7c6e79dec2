"""The batched runner against a real PostgreSQL: statistics equal a direct computation over the events,
an interrupted run (injected failure, killed worker process) ends with the same tables as a clean
rebuild, ratings are deterministic, and voiding a game removes it from statistics and ratings."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote
from uuid import UUID

import pytest
from openskill.models import PlackettLuce

from domain import kinds
from projections import schema, standard
from projections.runner import APPLICATION_NAME, Runner
from service.base.database import ConnectionParams
from service.base.store import Recorded
from service.base.store.admin import GameVoided, admin_stream
from service.runtime import Runtime
from tests.helpers import appended
from tests.projections.support import dump, make_key, record, store_game

POOL = ["Ana", "bob", "Chloé", "dan", "EVE", "finn"]
ALL_TABLES = [t for name in schema.NAMES for t in schema.TABLES[name]] + ["projection_positions"]


def names_for(i: int, players: int) -> list[str]:
    """Distinct players from the pool, rotating; the same person sometimes written in other cases."""
    chosen = [POOL[(i * 2 + k) % len(POOL)] for k in range(players)]
    if i % 5 == 0:
        chosen = [n.upper() for n in chosen]
    return chosen


@pytest.fixture(scope="module")
def games(runtime: Runtime, database: ConnectionParams) -> list[dict[str, Any]]:
    """~120 finished games (Arctic, some in public mode, and Arctica; 2-4 players) and one live game."""
    key, _ = make_key(database)
    stored = []
    for i in range(84):
        players = 2 + i % 3
        public = i % 7 == 3  # a few Arctic games recorded in public-information mode
        stored.append(
            store_game(runtime.games, key, record("arctic", players, i, names_for(i, players), public=public))
        )
        if i % 3 == 0:
            stored.append(store_game(runtime.games, key, record("arctica", players, i, names_for(i + 1, players))))
    stored.append(store_game(runtime.games, key, record("arctic", 2, 999, ["Ana", "Zoe"], moves=10)))
    return stored


@pytest.fixture(scope="module")
def runner(runtime: Runtime, games: list[dict[str, Any]]) -> Runner:
    r = standard.runner(runtime.store, runtime.games.registry, batch_size=700)
    r.run()
    return r


def direct_results(runtime: Runtime) -> list[dict[str, Any]]:
    """Every finished game's results, folded from its events, in finishing order."""
    out = []
    with runtime.store.game_recorder.datastore.get_connection() as conn:
        ids = [r["id"] for r in conn.execute("SELECT id FROM games")]
    for game_id in ids:
        events = list(runtime.store.read(game_id))
        kind = runtime.games.registry.get(type(events[0].event).__module__.split(".")[1])
        assert kind is not None
        state = kind.rules.fold(e.event for e in events)
        if not kind.rules.is_finished(state):
            continue
        with runtime.store.game_recorder.datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT notification_id FROM banquise_events WHERE originator_id = %s AND originator_version = %s",
                (game_id, len(events)),
            ).fetchone()
        out.append(
            {
                "game_id": game_id,
                "kind": kind.name,
                "position": row["notification_id"],
                "results": kind.rules.results(state),
            }
        )
    return sorted(out, key=lambda g: g["position"])


def expected_ratings(finished: list[dict[str, Any]], skip: set[UUID] = frozenset()) -> dict[tuple[str, str], Any]:  # type: ignore[assignment]
    model = PlackettLuce()
    ratings: dict[tuple[str, str], Any] = {}
    for game in finished:
        if game["game_id"] in skip:
            continue
        seats = sorted(game["results"], key=lambda r: r.seat)
        keys = [(game["kind"], r.player.lower()) for r in seats]
        teams = [[ratings.get(k) or model.rating()] for k in keys]
        new = model.rate(teams, ranks=[float(r.rank) for r in seats])
        for k, [rating] in zip(keys, new, strict=True):
            ratings[k] = rating
    return ratings


def table(runner: Runner, query: str, *params: Any) -> list[dict[str, Any]]:
    with runner.connection().cursor() as cur:
        return list(cur.execute(query, params).fetchall())


def test_the_runner_reaches_the_end_of_the_log(runner: Runner, runtime: Runtime) -> None:
    assert runner.position() == runtime.store.max_notification_id()
    assert runner.step() == 0


def test_player_statistics_equal_a_direct_computation(runner: Runner, runtime: Runtime) -> None:
    finished = direct_results(runtime)
    assert len(finished) >= 110
    groups: dict[tuple[str, str, int], list[tuple[int, Any]]] = defaultdict(list)
    for game in finished:
        count = len(game["results"])
        for r in game["results"]:
            for c in (0, count):
                groups[(r.player.lower(), game["kind"], c)].append((game["position"], r))
    rows = {(r["handle_key"], r["kind"], r["player_count"]): r for r in table(runner, "SELECT * FROM player_stats")}
    assert set(rows) == set(groups)
    for k, results in groups.items():
        results.sort(key=lambda x: x[0])
        rs = [r for _, r in results]
        row = rows[k]
        totals = [r.total for r in rs]
        wins = [r.rank == 1 for r in rs]
        assert row["games"] == len(rs)
        assert row["wins"] == sum(wins)
        assert row["avg_score"] == pytest.approx(statistics.fmean(totals))
        assert row["median_score"] == pytest.approx(statistics.median(totals))
        assert row["best_score"] == max(totals)
        longest = current = 0
        for w in wins:
            current = current + 1 if w else 0
            longest = max(longest, current)
        assert (row["current_streak"], row["longest_streak"]) == (current, longest)
        for category in rs[0].breakdown:
            mean = statistics.fmean(r.breakdown[category] for r in rs)
            assert row["avg_breakdown"][category] == pytest.approx(mean)
        seats: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in rs:
            seats[str(r.seat)][0] += 1
            seats[str(r.seat)][1] += r.rank == 1
        assert {s: (v["games"], v["wins"]) for s, v in row["by_seat"].items()} == {
            s: tuple(v) for s, v in seats.items()
        }


def test_player_totals_are_the_sums_of_the_kinds_summed_statistics(runner: Runner, runtime: Runtime) -> None:
    """``player_stats.totals``: per player, kind and player count, the sums of the game statistics the
    kind's plug-in names (``Statistics.totals``), keyed by their permanent ids."""
    expected: dict[tuple[str, str, int], dict[str, float]] = defaultdict(dict)
    for r in table(
        runner,
        "SELECT r.handle_key, r.kind, r.player_count, g.stat_id, g.value FROM player_results r "
        "JOIN game_stats g ON g.game_id = r.game_id AND g.seat = r.seat WHERE NOT r.voided",
    ):
        plugin = kinds.game(r["kind"])
        assert plugin is not None
        if r["stat_id"] not in plugin.statistics.totals:
            continue
        for count in (0, r["player_count"]):
            sums = expected[(r["handle_key"], r["kind"], count)]
            sums[str(r["stat_id"])] = sums.get(str(r["stat_id"]), 0) + r["value"]
    rows = {
        (r["handle_key"], r["kind"], r["player_count"]): r["totals"]
        for r in table(runner, "SELECT * FROM player_stats")
    }
    assert any(rows.values())
    assert {k: v for k, v in rows.items() if v} == expected


def test_head_to_head_and_summaries_equal_a_direct_computation(runner: Runner, runtime: Runtime) -> None:
    finished = direct_results(runtime)
    h2h: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for game in finished:
        for a in game["results"]:
            for b in game["results"]:
                if a.seat != b.seat:
                    row = h2h[(game["kind"], a.player.lower(), b.player.lower())]
                    row[0] += 1
                    row[1] += a.rank < b.rank
                    row[2] += a.rank > b.rank
                    row[3] += a.rank == b.rank
    got = {
        (r["kind"], r["handle_key"], r["opponent_key"]): [r["games"], r["ahead"], r["behind"], r["ties"]]
        for r in table(runner, "SELECT * FROM head_to_head")
    }
    assert got == dict(h2h)
    summaries = {r["game_id"]: r for r in table(runner, "SELECT * FROM game_summaries")}
    for game in finished:
        s = summaries[game["game_id"]]
        assert s["status"] == "finished"
        assert sorted(s["winners"]) == sorted(r.player for r in game["results"] if r.rank == 1)
        assert s["finished_position"] == game["position"]
        assert s["player_count"] == len(game["results"])
    assert sum(1 for s in summaries.values() if s["status"] == "live") == 1


def test_ratings_equal_a_direct_replay_in_finishing_order(runner: Runner, runtime: Runtime) -> None:
    expected = expected_ratings(direct_results(runtime))
    got = {(r["kind"], r["handle_key"]): r for r in table(runner, "SELECT * FROM ratings")}
    assert set(got) == set(expected)
    for k, rating in expected.items():
        assert (got[k]["mu"], got[k]["sigma"]) == (rating.mu, rating.sigma)
        assert got[k]["ordinal"] == pytest.approx(rating.mu - 3 * rating.sigma)


def test_players_are_case_insensitive_and_keep_the_first_form_seen(runner: Runner) -> None:
    players = {r["handle_key"]: r["handle"] for r in table(runner, "SELECT * FROM players")}
    assert players["ana"] == "ANA"  # game 0 wrote every handle in capitals
    assert players["bob"] == "BOB"
    assert set(players) == {p.lower() for p in POOL} | {"zoe"}


def test_boards_hold_the_current_state_of_every_game(
    runner: Runner, runtime: Runtime, games: list[dict[str, Any]]
) -> None:
    from domain.game import state_hash

    for game in games[:5] + games[-1:]:
        row = table(runner, "SELECT * FROM game_boards WHERE game_id = %s", game["id"])[0]
        kind = runtime.games.registry.get(row["kind"])
        assert kind is not None
        state = kind.rules.fold(r.event for r in runtime.store.read(game["id"]))
        assert state_hash(kind.decode_snapshot(row["state"])) == state_hash(state)
        assert row["version"] == game["version"]


def test_a_rebuild_gives_identical_tables_and_ratings(runner: Runner, runtime: Runtime) -> None:
    before = dump(runtime.params, ALL_TABLES)
    fresh = standard.runner(runtime.store, runtime.games.registry, batch_size=1999)
    fresh.rebuild()
    assert dump(runtime.params, ALL_TABLES) == before
    fresh.rebuild()
    assert dump(runtime.params, ALL_TABLES) == before
    fresh.close()


def test_a_single_projection_rebuilds_to_the_same_rows(runner: Runner, runtime: Runtime) -> None:
    before = dump(runtime.params, ALL_TABLES)
    # A tiny cache: the boards are ahead, so every game not cached is refolded from its own events.
    only_stats = standard.runner(runtime.store, runtime.games.registry, names=["stats"], batch_size=500, cache_size=2)
    only_stats.rebuild()
    assert dump(runtime.params, ALL_TABLES) == before
    only_stats.close()


class Boom(Exception):
    pass


def test_a_failure_between_handlers_and_commit_leaves_no_trace(runner: Runner, runtime: Runtime) -> None:
    before = dump(runtime.params, ALL_TABLES)
    calls = 0

    def fail_on_third(batch: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise Boom

    flaky = standard.runner(runtime.store, runtime.games.registry, batch_size=400, before_commit=fail_on_third)
    flaky.reset()
    with pytest.raises(Boom):
        flaky.run()
    position = flaky.position()
    assert 0 < position < runtime.store.max_notification_id()
    # The failed batch wrote nothing: its first notification is still to do.
    assert table(runner, "SELECT count(*) AS n FROM player_results WHERE position > %s", position)[0]["n"] == 0
    flaky.run()
    assert dump(runtime.params, ALL_TABLES) == before
    flaky.close()


def database_url(params: ConnectionParams) -> str:
    auth = quote(params.user) + (":" + quote(params.password) if params.password else "")
    if params.host.startswith("/"):
        return f"postgresql://{auth}@/{params.dbname}?host={quote(params.host)}&port={params.port}"
    return f"postgresql://{auth}@{params.host}:{params.port}/{params.dbname}"


def worker(params: ConnectionParams, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": database_url(params), "BANQUISE_LOG_LEVEL": "WARNING"}
    return subprocess.Popen(
        [sys.executable, "-m", "service.cli.main", "worker", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def test_a_worker_killed_mid_batch_resumes_to_the_same_tables(runner: Runner, runtime: Runtime) -> None:
    expected = dump(runtime.params, ALL_TABLES)
    end = runtime.store.max_notification_id()
    runner.reset()
    proc = worker(runtime.params, "--batch-size", "150")
    try:
        deadline = time.monotonic() + 60
        while runner.position() == 0 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        time.sleep(0.2)
        # Kill it while it holds a batch's transaction open (a batch takes milliseconds: poll for one).
        busy = 0
        while not busy and time.monotonic() < deadline:
            busy = table(
                runner,
                "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = %s "
                "AND xact_start IS NOT NULL AND pid <> pg_backend_pid() AND datname = current_database()",
                APPLICATION_NAME,
            )[0]["n"]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    killed_at = runner.position()
    assert 0 < killed_at < end, "the worker should have been killed in the middle of the log"
    again = worker(runtime.params, "--exit-when-idle", "--batch-size", "150")
    _, err = again.communicate(timeout=120)
    assert again.returncode == 0, err.decode()
    assert runner.position() == end
    assert dump(runtime.params, ALL_TABLES) == expected


def test_voiding_removes_a_game_from_statistics_and_replays_ratings(runner: Runner, runtime: Runtime) -> None:
    finished = direct_results(runtime)
    target = finished[len(finished) // 3]
    game_id = target["game_id"]
    runtime.store.append(
        [
            Recorded(
                originator_id=admin_stream(game_id),
                originator_version=1,
                event=GameVoided(game_id=game_id, reason="scores entered wrong", key_id="tests"),
                recorded_at=datetime.now(UTC),
            )
        ]
    )
    runner.run()
    summary = table(runner, "SELECT voided, void_reason FROM game_summaries WHERE game_id = %s", game_id)[0]
    assert summary == {"voided": True, "void_reason": "scores entered wrong"}
    assert all(r["voided"] for r in table(runner, "SELECT voided FROM player_results WHERE game_id = %s", game_id))
    assert table(runner, "SELECT * FROM rating_history WHERE game_id = %s", game_id) == []
    # Statistics no longer count it.
    kept = [g for g in finished if g["game_id"] != game_id]
    for r in target["results"]:
        key = r.player.lower()
        n = sum(1 for g in kept if g["kind"] == target["kind"] for x in g["results"] if x.player.lower() == key)
        row = table(
            runner,
            "SELECT games FROM player_stats WHERE handle_key = %s AND kind = %s AND player_count = 0",
            key,
            target["kind"],
        )
        assert row[0]["games"] == n
    # Ratings: as if the game had never been played.
    expected = expected_ratings(finished, skip={game_id})
    got = {(r["kind"], r["handle_key"]): (r["mu"], r["sigma"]) for r in table(runner, "SELECT * FROM ratings")}
    assert got == {k: (v.mu, v.sigma) for k, v in expected.items()}
    # And a rebuild agrees with the incremental result.
    before = dump(runtime.params, ALL_TABLES)
    standard.runner(runtime.store, runtime.games.registry, batch_size=333).rebuild()
    assert dump(runtime.params, ALL_TABLES) == before


def cli(params: ConnectionParams, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url(params), "BANQUISE_LOG_LEVEL": "WARNING"}
    return subprocess.run(
        [sys.executable, "-m", "service.cli.main", *args], env=env, capture_output=True, text=True, timeout=300
    )


def test_the_rebuild_and_status_commands(runner: Runner, runtime: Runtime) -> None:
    runner.run()
    before = dump(runtime.params, ALL_TABLES)
    done = cli(runtime.params, "projections", "rebuild")
    assert done.returncode == 0, done.stderr
    assert "rebuilt boards, stats from" in done.stderr and "/s)" in done.stderr
    assert dump(runtime.params, ALL_TABLES) == before
    one = cli(runtime.params, "projections", "rebuild", "boards", "--batch-size", "250")
    assert one.returncode == 0, one.stderr
    assert dump(runtime.params, ALL_TABLES) == before
    status = cli(runtime.params, "projections", "status")
    assert status.returncode == 0, status.stderr
    lines = sorted(status.stdout.splitlines())
    assert [line.split("\t")[0] for line in lines] == ["boards", "stats"]
    assert all(line.endswith("\t0 behind") for line in lines)


def test_a_page_folded_ahead_is_dropped_when_another_runner_took_it(runner: Runner, runtime: Runtime) -> None:
    """A step folds the next page while the server writes; if another runner processes that page
    before this one comes back, the folded page (and the cache) is dropped: the tables stay the same."""
    runner.run()
    expected = dump(runtime.params, ALL_TABLES)
    runner.reset()
    first = standard.runner(runtime.store, runtime.games.registry, batch_size=150)
    second = standard.runner(runtime.store, runtime.games.registry, batch_size=230)
    for _ in range(3):
        assert first.step() > 0
        assert first._ahead is not None, "the next page should have been folded ahead"
        assert second.step() > 0
    first.run()
    second.run()
    first.close()
    second.close()
    assert dump(runtime.params, ALL_TABLES) == expected


def test_two_runners_at_once_take_turns(runner: Runner, runtime: Runtime) -> None:
    import threading

    runner.run()
    expected = dump(runtime.params, ALL_TABLES)
    runner.reset()
    runners = [standard.runner(runtime.store, runtime.games.registry, batch_size=size) for size in (97, 160)]
    errors: list[BaseException] = []

    def go(r: Runner) -> None:
        try:
            r.run()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            r.close()

    threads = [threading.Thread(target=go, args=(r,)) for r in runners]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert all(r.timings.get("fold", 0) > 0 for r in runners), "both runners should have done some batches"
    assert dump(runtime.params, ALL_TABLES) == expected


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_games_recorded_move_by_move_resume_from_their_stored_boards(
    runner: Runner, runtime: Runtime, database: ConnectionParams, kind: str
) -> None:
    """Each step uses a fresh runner (empty cache): every game in progress is loaded from game_boards."""
    import msgspec

    from tests.projections.support import SIMULATORS

    runner.run()
    key, _ = make_key(database, "move by move")
    game = SIMULATORS[kind](3, 4242)
    setup = msgspec.to_builtins(game.setup)
    setup["players"] = ["Mo", "Ana", "Xi"]
    created = msgspec.json.decode(
        runtime.games.writer.create(key, msgspec.json.encode({"kind": kind, "setup": setup})).body
    )
    game_id = UUID(created["id"])
    loaded = 0
    for i, move in enumerate(game.moves):
        appended(runtime.games.writer, key, game_id, msgspec.json.encode({"move": msgspec.to_builtins(move)}), None)
        if i % 7 == 0 or i == len(game.moves) - 1:
            fresh = standard.runner(runtime.store, runtime.games.registry)
            fresh.run()
            fresh.close()
            assert fresh.loads["refold"] == 0
            loaded += fresh.loads["board"]
    assert loaded >= len(game.moves) // 7 - 1
    incremental = dump(runtime.params, ALL_TABLES)
    board = table(runner, "SELECT status, version FROM game_boards WHERE game_id = %s", game_id)[0]
    assert board == {"status": "finished", "version": runtime.store.version(game_id)}
    assert len(table(runner, "SELECT * FROM player_results WHERE game_id = %s", game_id)) == 3
    standard.runner(runtime.store, runtime.games.registry).rebuild()
    assert dump(runtime.params, ALL_TABLES) == incremental


def test_a_game_voided_while_live_never_counts(runner: Runner, runtime: Runtime, database: ConnectionParams) -> None:
    import msgspec

    from tests.projections.support import SIMULATORS

    runner.run()
    key, _ = make_key(database, "voided while live")
    game = SIMULATORS["arctic"](2, 777)
    setup = msgspec.to_builtins(game.setup)
    setup["players"] = ["Ghost", "Ana"]
    created = msgspec.json.decode(
        runtime.games.writer.create(key, msgspec.json.encode({"kind": "arctic", "setup": setup})).body
    )
    game_id = UUID(created["id"])
    half = len(game.moves) // 2
    for move in game.moves[:half]:
        appended(runtime.games.writer, key, game_id, msgspec.json.encode({"move": msgspec.to_builtins(move)}), None)
    runner.run()
    ratings_before = table(runner, "SELECT * FROM ratings ORDER BY kind, handle_key")
    runtime.store.append(
        [
            Recorded(
                originator_id=admin_stream(game_id),
                originator_version=1,
                event=GameVoided(game_id=game_id, reason="test table", key_id="tests"),
                recorded_at=datetime.now(UTC),
            )
        ]
    )
    runner.run()
    for move in game.moves[half:]:
        appended(runtime.games.writer, key, game_id, msgspec.json.encode({"move": msgspec.to_builtins(move)}), None)
    runner.run()
    summary = table(runner, "SELECT status, voided FROM game_summaries WHERE game_id = %s", game_id)[0]
    assert summary == {"status": "finished", "voided": True}
    results = table(runner, "SELECT voided FROM player_results WHERE game_id = %s", game_id)
    assert results == [{"voided": True}, {"voided": True}]
    assert table(runner, "SELECT * FROM player_stats WHERE handle_key = 'ghost'") == []
    assert table(runner, "SELECT * FROM ratings ORDER BY kind, handle_key") == ratings_before
    assert table(runner, "SELECT * FROM head_to_head WHERE handle_key = 'ghost'") == []
    incremental = dump(runtime.params, ALL_TABLES)
    standard.runner(runtime.store, runtime.games.registry, batch_size=128).rebuild()
    assert dump(runtime.params, ALL_TABLES) == incremental


def test_the_worker_stops_cleanly_on_sigterm(runner: Runner, runtime: Runtime) -> None:
    proc = worker(runtime.params)
    try:
        deadline = time.monotonic() + 60
        started = 0
        while not started and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
            started = table(
                runner,
                "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = %s "
                "AND pid <> pg_backend_pid() AND datname = current_database()",
                APPLICATION_NAME,
            )[0]["n"]
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err.decode()
