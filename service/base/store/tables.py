"""Banquise's own tables beside the event store, as migration steps (see migrations.py).

Write-side tables only: rows that must commit atomically with a game's events (its index row, an
idempotency key, a state snapshot) or that guard writes (API keys). Read models live in projections/.
"""

from __future__ import annotations

from service.base.store.migrations import Step

API_KEYS = """
CREATE TABLE api_keys (
    id          text PRIMARY KEY,                 -- the public part of a key: bq_<id>_<secret>
    name        text NOT NULL,
    secret_hash bytea NOT NULL,                   -- sha256 of the whole key; the key itself is never stored
    admin       boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);
"""

GAMES = """
CREATE TABLE games (
    id            uuid PRIMARY KEY,
    kind          text NOT NULL,
    rules_version text NOT NULL,
    owner_key     text NOT NULL REFERENCES api_keys (id),
    record_id     text UNIQUE,                    -- a client's id for an imported record (0006: unique per key)
    record_hash   text,                           -- sha256 of that record, to tell a retry from a clash
    players       text[] NOT NULL,                -- handles as written, by seat
    handles       text[] NOT NULL,                -- lower-cased handles, for case-insensitive filters
    status        text NOT NULL,                  -- live | finished
    version       integer NOT NULL,               -- number of events
    moves         integer NOT NULL,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    played_at     timestamptz                     -- when the game began at the table, if known
);
CREATE INDEX games_by_created ON games (created_at DESC, id DESC);
CREATE INDEX games_by_handle ON games USING gin (handles);
CREATE INDEX games_by_kind_status ON games (kind, status, created_at DESC);

CREATE TABLE idempotency_keys (
    key_id       text NOT NULL,
    idem_key     text NOT NULL,
    request_hash text NOT NULL,
    status       integer NOT NULL,
    body         bytea NOT NULL,
    headers      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (key_id, idem_key)
);

CREATE TABLE game_snapshots (
    game_id uuid NOT NULL,
    version integer NOT NULL,
    state   bytea NOT NULL,                       -- msgpack of the engine's state after `version` events
    PRIMARY KEY (game_id, version)
);
"""

# Record ids are a client's own names: two clubs may both number their games "1".
RECORD_IDS_PER_KEY = """
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_record_id_key;
CREATE UNIQUE INDEX IF NOT EXISTS games_record_id_per_key ON games (owner_key, record_id);
"""

# Idempotency keys are scoped to the endpoint and game they write to, and expire (service/games/base.py).
IDEMPOTENCY_SCOPE = """
ALTER TABLE idempotency_keys ADD COLUMN scope text NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (key_id, scope, idem_key);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
"""

# A voided game takes no more moves: its row says so (set with the void event). Games voided before
# this column: from their GameVoided events (JSON payloads: {"at": …, "e": {"game_id": …}}).
MARK_VOIDED_GAMES = """
UPDATE games SET voided = true WHERE id IN (
    SELECT (convert_from(state, 'UTF8')::jsonb #>> '{e,game_id}')::uuid FROM banquise_events
    WHERE topic IN ('service.admin.events:GameVoided', 'service.store.admin:GameVoided',
                    'service.base.store.admin:GameVoided')
);
"""
GAMES_VOIDED = "ALTER TABLE games ADD COLUMN voided boolean NOT NULL DEFAULT false;\n" + MARK_VOIDED_GAMES

TABLES: list[Step] = [
    ("0002_api_keys", API_KEYS),
    ("0003_games", GAMES),
]

# A fork is a new game started from a step of another: both directions are looked up by id.
GAME_FORKS = """
CREATE TABLE IF NOT EXISTS game_forks (
    fork_id    uuid PRIMARY KEY,
    origin_id  uuid NOT NULL,
    step       integer NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS game_forks_origin ON game_forks (origin_id, created_at);
"""

# A fork carries the hidden information of the game it was forked from at its step: while that game is
# not finished (live, abandoned, voided while live), the fork is hidden as it is (service/games/sight.py).
# ``secrets_of``: the games whose hidden information a game's stream carries, set when the fork is made
# (its origin unless finished, and what the origin carries). Forks made before this step: every ancestor
# along ``game_forks`` not finished yet (a finished one never hides anything again).
FORK_SECRETS = """
ALTER TABLE games ADD COLUMN IF NOT EXISTS secrets_of uuid[] NOT NULL DEFAULT '{}';
WITH RECURSIVE up(fork_id, origin_id) AS (
    SELECT fork_id, origin_id FROM game_forks
    UNION
    SELECT up.fork_id, f.origin_id FROM up JOIN game_forks f ON f.fork_id = up.origin_id
)
UPDATE games g SET secrets_of = a.ids FROM (
    SELECT up.fork_id, array_agg(up.origin_id ORDER BY up.origin_id) AS ids
    FROM up JOIN games o ON o.id = up.origin_id WHERE o.status <> 'finished' GROUP BY up.fork_id
) a
WHERE a.fork_id = g.id;
"""

# ``GET /games?since=&until=`` bound a game's start at the table (service/games/playtime.py): the
# record's ``started_at``, else its first move's time (kept in ``played_at`` since this step), else when
# it was stored. Games recorded before: their first play time from their events (msgspec JSON payloads,
# ``p`` the play time).
FIRST_PLAY_TIMES = """
UPDATE games g SET played_at = (
    SELECT (convert_from(e.state, 'UTF8')::jsonb ->> 'p')::timestamptz FROM banquise_events e
    WHERE e.originator_id = g.id AND convert_from(e.state, 'UTF8')::jsonb ->> 'p' IS NOT NULL
    ORDER BY e.originator_version LIMIT 1
) WHERE played_at IS NULL;
"""
PLAY_TIME = FIRST_PLAY_TIMES + "CREATE INDEX games_by_play_time ON games ((coalesce(played_at, created_at)), id);\n"
# A game's tags (from its opening command) in its row, for ``GET /games?tag=``: a GIN index answers
# containment (``tags @> '{"site": "Lyon"}'``) and presence (``tags ? 'site'``). Games stored before: from
# their first event's command (JSON payloads: {"x": {"setup": …, "tags": {…}}}).
GAME_TAGS = """
ALTER TABLE games ADD COLUMN IF NOT EXISTS tags jsonb NOT NULL DEFAULT '{}';
UPDATE games g SET tags = o.tags FROM (
    SELECT e.originator_id AS id, convert_from(e.state, 'UTF8')::jsonb #> '{x,tags}' AS tags
    FROM games g2 JOIN banquise_events e ON e.originator_id = g2.id AND e.originator_version = 1
) o
WHERE o.id = g.id AND jsonb_typeof(o.tags) = 'object';
CREATE INDEX IF NOT EXISTS games_by_tags ON games USING gin (tags);
"""

# Every change to ``api_keys`` (a revocation above all) counts here, in the changing transaction: a process
# caching verified keys reads this one row in a round trip it makes anyway, and verifies its key again when
# the count moved — a revoked key is refused on its next request, by every process.
KEY_CHANGES = """
CREATE TABLE api_key_changes (
    one   boolean PRIMARY KEY DEFAULT true CHECK (one),
    count bigint NOT NULL
);
INSERT INTO api_key_changes (one, count) VALUES (true, 0);
CREATE FUNCTION banquise_count_key_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE api_key_changes SET count = count + 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE OR TRUNCATE ON api_keys
    FOR EACH STATEMENT EXECUTE FUNCTION banquise_count_key_change();
"""


# Migration 0023: one game per signed identity (#49). A record sealed by a trusted server is that server's
# game ``origin``, signed by ``signer`` (a key id): imported once, whoever sends it (docs/RECORDS.md).
SIGNED_GAMES = """
CREATE TABLE IF NOT EXISTS signed_games (
    signer  text NOT NULL,
    origin  uuid NOT NULL,
    game_id uuid NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (signer, origin)
);
CREATE INDEX IF NOT EXISTS signed_games_by_game ON signed_games (game_id);
"""

# Plays imported from other apps with their results only (service/base/store/imports.py): one row each,
# written with its one event. Its indexes: the same filters as ``games``' (a player, a kind, a start, tags).
IMPORTED_PLAYS = """
CREATE TABLE imported_plays (
    game_id      uuid PRIMARY KEY,
    kind         text NOT NULL,
    source       text NOT NULL,                 -- bgstats | bgg
    source_id    text NOT NULL,                 -- the play's id in its app, as its file wrote it
    file         text NOT NULL,
    import_id    uuid NOT NULL,
    owner_key    text NOT NULL,                 -- the key that imported it
    players      text[] NOT NULL,               -- handles as written, by seat
    handles      text[] NOT NULL,
    scores       integer[] NOT NULL,
    ranks        integer[] NOT NULL,
    start_seat   integer,
    played_at    timestamptz NOT NULL,
    duration_min integer,
    location     text,
    tags         jsonb NOT NULL DEFAULT '{}',
    created_at   timestamptz NOT NULL
);
CREATE UNIQUE INDEX imported_plays_by_source ON imported_plays (source, lower(source_id));
CREATE INDEX imported_plays_by_handle ON imported_plays USING gin (handles);
CREATE INDEX imported_plays_by_time ON imported_plays (played_at);
CREATE INDEX imported_plays_by_tags ON imported_plays USING gin (tags);
"""
