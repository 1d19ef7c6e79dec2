"""Item 5: player statistics and leaderboard reads — p50 at 1,000 and at 100,000 stored games.

Importing 100,000 games (about 30 million events) does not fit the bench's ten minutes, so the read
models are filled in bulk with SQL instead (``INSERT ... SELECT`` over ``generate_series``): the rows
the projections would write for finished 2-4 player games of the first registered kind —
``game_summaries``, ``player_results``, ``rating_history``, then ``players``, ``player_stats``,
``ratings`` and ``head_to_head`` aggregated from those results — with the JSON shapes the runner
writes, copied from a real projected game (of Arctic; the summed statistics are the kind's own).
1,000 games among 40 players first, measured; then 99,000 more among 1,000 players (the first 40 keep
playing: about ten times more games each), ``ANALYZE``, measured again. Each endpoint is asked
sequentially about those 40 players (one connection), through the real server.
"""

from __future__ import annotations

import json
import random
import time

from bench.core import Row, http_load, percentile, skipped
from bench.env import World
from domain.kinds import registered_games

# The kind the rows are filled as (one is enough: the reads do not depend on which).
PLUGIN = registered_games()[0]
KIND = PLUGIN.kind
RULES_VERSION = PLUGIN.rules.rules_version

ITEM = "5 stats"
TITLE = "Player statistics and leaderboard reads at 1k vs 100k games"
P50_LIMIT_MS = 5.0
# The players asked about: at 1,000 games they have ~75 games each. Lists are asked 25 at a time, so
# that every page is full at both sizes (40 players on the leaderboard at 1,000 games, 1,000 at
# 100,000): the comparison is about the number of stored games, not about the size of the answer.
MEASURED = 40
RATIO_LIMIT = 1.5

BREAKDOWN = (
    '{"runs": 3, "totem": 1, "penalty": -4, "run:fox": 1, "run:orca": 0, "diversity": 3, "run:moose": 0, '
    '"run:puffin": 1, "run:walrus": 0, "run:polar_bear": 1}'
)
EXTRAS = (
    '{"totem": "orca", "cards_placed": 20, "longest_runs": {"fox": 2, "orca": 1, "moose": 1, "puffin": 2, '
    '"walrus": 1, "polar_bear": 2}, "powers_taken": {"fox": 3, "orca": 2, "moose": 0, "puffin": 1, "walrus": 1, '
    '"polar_bear": 1}, "penalty_cards": 4}'
)
TOTALS = json.dumps({str(stat_id): 5 + stat_id % 4 for stat_id in PLUGIN.statistics.totals})
TABLES = [
    "game_summaries",
    "player_results",
    "rating_history",
    "players",
    "player_stats",
    "ratings",
    "head_to_head",
    "game_stats",
    "game_boards",
]

SEATS = """
CREATE TEMP TABLE bench_seats ON COMMIT DROP AS
SELECT g, s, 2 + g %% 3 AS pc,
       'p' || lpad(((g * 37 + s * (%(handles)s / 5 + 1)) %% %(handles)s)::text, 5, '0') AS handle,
       md5('bench-game-' || g)::uuid AS game_id
FROM generate_series(%(start)s, %(stop)s - 1) AS g, generate_series(0, 3) AS s
WHERE s < 2 + g %% 3;
"""

FILL = f"""
INSERT INTO game_summaries (game_id, kind, rules_version, status, players, handles, player_count, winners, scores,
                            turns, events, started_at, ended_at, duration_seconds, finished_position)
SELECT game_id, '{KIND}', '{RULES_VERSION}', 'finished', array_agg(handle ORDER BY s), array_agg(handle ORDER BY s),
       min(pc), array_agg(handle ORDER BY s) FILTER (WHERE s = g % pc), '[]'::jsonb, 24, 339,
       now(), now(), 0, g + 1
FROM bench_seats GROUP BY g, game_id, pc;

INSERT INTO player_results (game_id, seat, handle_key, player, kind, player_count, rank, total, won, breakdown,
                            extras, position, finished_at)
SELECT game_id, s, handle, handle, '{KIND}', pc, 1 + (s + pc - g % pc) % pc, 20 - 3 * ((s + pc - g % pc) % pc),
       s = g % pc, '{BREAKDOWN}'::jsonb, '{EXTRAS}'::jsonb, g + 1, now()
FROM bench_seats;

INSERT INTO rating_history (kind, game_id, handle_key, position, rank, mu_before, sigma_before, mu_after, sigma_after)
SELECT '{KIND}', game_id, handle, g + 1, 1 + (s + pc - g % pc) % pc, 25, 8.3, 25.5, 8.1 FROM bench_seats;
"""

AGGREGATE = f"""
INSERT INTO players (handle_key, handle, first_position)
SELECT handle_key, handle_key, min(position) FROM player_results GROUP BY handle_key
ON CONFLICT (handle_key) DO NOTHING;

TRUNCATE player_stats, ratings, head_to_head;

INSERT INTO player_stats (handle_key, kind, player_count, games, wins, win_rate, avg_score, median_score, best_score,
                          avg_breakdown, by_seat, totals, current_streak, longest_streak, last_position)
SELECT handle_key, '{KIND}', coalesce(player_count, 0), count(*), count(*) FILTER (WHERE won),
       (count(*) FILTER (WHERE won))::float / count(*), avg(total), percentile_cont(0.5) WITHIN GROUP (ORDER BY total),
       max(total), '{BREAKDOWN}'::jsonb,
       jsonb_build_object('0', jsonb_build_object('games', count(*), 'wins', count(*) FILTER (WHERE won),
                          'win_rate', (count(*) FILTER (WHERE won))::float / count(*))),
       '{TOTALS}'::jsonb, 0, 3, max(position)
FROM player_results GROUP BY GROUPING SETS ((handle_key), (handle_key, player_count));

INSERT INTO ratings (kind, handle_key, mu, sigma, ordinal, games, provisional, last_position)
SELECT '{KIND}', handle_key, 25 + 10 * avg(total) / 20, 8.3 / sqrt(count(*)),
       25 + 10 * avg(total) / 20 - 3 * 8.3 / sqrt(count(*)), count(*), count(*) < 10, max(position)
FROM player_results GROUP BY handle_key;

INSERT INTO head_to_head (kind, handle_key, opponent_key, games, ahead, behind, ties)
SELECT '{KIND}', a.handle_key, b.handle_key, count(*), count(*) FILTER (WHERE a.rank < b.rank),
       count(*) FILTER (WHERE a.rank > b.rank), count(*) FILTER (WHERE a.rank = b.rank)
FROM player_results a JOIN player_results b ON b.game_id = a.game_id AND b.handle_key <> a.handle_key
GROUP BY a.handle_key, b.handle_key;
"""


def fill(w: World, start: int, stop: int, handles: int) -> float:
    started = time.perf_counter()
    with w.connect() as conn:
        conn.execute(SEATS, {"start": start, "stop": stop, "handles": handles})
        conn.execute(FILL)
        conn.execute(AGGREGATE)
        conn.commit()
    with w.connect(autocommit=True) as conn:
        for table in TABLES:
            conn.execute(f"VACUUM ANALYZE {table}")
    return time.perf_counter() - started


def opponents(w: World, players: int) -> list[tuple[str, str]]:
    """Pairs among the first ``players`` handles who have played each other."""
    last = f"p{players:05d}"
    with w.connect() as conn:
        rows = conn.execute(
            "SELECT handle_key, opponent_key FROM head_to_head WHERE handle_key < %s AND opponent_key < %s "
            "ORDER BY md5(handle_key || opponent_key) LIMIT 200",
            (last, last),
        ).fetchall()
    return [(r[0], r[1]) for r in rows]


def measure(
    port: int, rng: random.Random, requests: int, players: int, pairs: list[tuple[str, str]]
) -> dict[str, list[float]]:
    handles = [f"p{i:05d}" for i in range(players)]
    endpoints = {
        "GET /players/{handle}": [f"/players/{rng.choice(handles)}" for _ in range(requests)],
        "GET /players/{handle}/games?limit=25": [
            f"/players/{rng.choice(handles)}/games?limit=25" for _ in range(requests)
        ],
        "GET /players/{a}/versus/{b}": [f"/players/{a}/versus/{b}" for a, b in pairs],
        f"GET /leaderboards/{KIND}?limit=25": [f"/leaderboards/{KIND}?limit=25"],
        f"GET /leaderboards/{KIND}?player_count=3&min_games=5&limit=25": [
            f"/leaderboards/{KIND}?player_count=3&min_games=5&limit=25"
        ],
    }
    out: dict[str, list[float]] = {}
    for name, paths in endpoints.items():
        http_load(port, paths, requests=min(30, requests))  # warm this endpoint's code path
        out[name] = http_load(port, paths, requests=requests)["latencies"]
    return out


def run(w: World, quick: bool) -> list[Row]:
    try:
        import projections.queries  # noqa: F401
    except ImportError as exc:
        return [skipped(ITEM, TITLE, f"projections.queries does not import ({exc})")]
    server = w.start_server()
    port = int(server.base.rsplit(":", 1)[1])
    with server.client() as http:
        if http.get(f"/leaderboards/{KIND}").status_code == 404:
            return [skipped(ITEM, TITLE, "the server has no /leaderboards route")]
    small, large = 1000, (10_000 if quick else 100_000)
    requests = 100 if quick else 300
    with w.connect() as conn:
        conn.execute("TRUNCATE " + ", ".join(TABLES))
        conn.commit()
    fill_small = fill(w, 0, small, MEASURED)
    pairs = opponents(w, MEASURED)
    at_small = measure(port, random.Random(5), requests, MEASURED, pairs)
    fill_large = fill(w, small, large, 1000)
    at_large = measure(port, random.Random(5), requests, MEASURED, pairs)
    rows: list[Row] = []
    for name, lat_small in at_small.items():
        lat_large = at_large[name]
        p50_small = percentile(lat_small, 50) * 1000
        p50_large = percentile(lat_large, 50) * 1000
        ratio = p50_large / p50_small
        met = ratio <= RATIO_LIMIT and p50_large < P50_LIMIT_MS and p50_small < P50_LIMIT_MS
        rows.append(
            Row(
                item=ITEM,
                what=f"{name} p50 at {large:,} games (p99 {percentile(lat_large, 99) * 1000:.2f} ms)",
                value=p50_large,
                unit="ms",
                baseline_what=f"p50 at {small:,} games (p99 {percentile(lat_small, 99) * 1000:.2f} ms)",
                baseline=p50_small,
                baseline_unit="ms",
                ratio=ratio,
                target=f"<= {RATIO_LIMIT:g} and p50 < {P50_LIMIT_MS:g} ms",
                met=met,
                details={"requests": len(lat_large), "fill_s": {"small": fill_small, "large": fill_large}},
                short=f"{name} p50, {large:,} games",
                baseline_short=f"the same, {small:,} games",
            )
        )
    w.notes.append(
        f"Item 5 read models filled in bulk with SQL ({small:,} then {large:,} synthetic finished games; "
        f"{fill_small:.1f} s and {fill_large:.1f} s), not imported: see bench/items/stats.py."
    )
    return rows
