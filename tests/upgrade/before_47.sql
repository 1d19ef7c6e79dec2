--
-- PostgreSQL database dump
--


-- Dumped from database version 18.4
-- Dumped by pg_dump version 18.4

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pgqueuer_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.pgqueuer_status AS ENUM (
    'queued',
    'picked',
    'successful',
    'exception',
    'canceled',
    'deleted',
    'failed'
);


--
-- Name: stored_event_uuid; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.stored_event_uuid AS (
	originator_id uuid,
	originator_version bigint,
	topic text,
	state bytea
);


--
-- Name: banquise_append_moves(text, uuid[], bigint[], text[], bytea[], uuid[], integer[], integer[], text[], timestamp with time zone[], timestamp with time zone[], boolean[], bigint[], bigint[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_append_moves(p_lock_timeout text, p_ids uuid[], p_versions bigint[], p_topics text[], p_states bytea[], h_games uuid[], h_versions integer[], h_moves integer[], h_status text[], h_updated timestamp with time zone[], h_played timestamp with time zone[], h_late boolean[], h_keys bigint[], p_other_keys bigint[]) RETURNS SETOF bigint
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE "public"."games" SET version = u.new_version, moves = u.new_moves, status = u.new_status, updated_at = u.new_updated_at, played_at = coalesce(played_at, u.new_played_at) FROM unnest(h_games, h_versions, h_moves, h_status, h_updated, h_played, h_late, h_keys) AS u(game, new_version, new_moves, new_status, new_updated_at, new_played_at, after_end, keys_at) WHERE id = u.game AND (CASE WHEN u.after_end THEN (CASE WHEN status = 'finished' AND NOT voided THEN true ELSE banquise_game_closed(id, status, voided) END) ELSE (CASE WHEN status = 'live' AND NOT voided THEN true ELSE banquise_game_closed(id, status, voided) END) END) AND (u.keys_at IS NULL OR banquise_keys_unchanged(u.keys_at));
    PERFORM "public".banquise_keys_unchanged(k) FROM unnest(p_other_keys) AS k;
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
    LOCK TABLE "public"."banquise_events" IN EXCLUSIVE MODE;
    PERFORM pg_notify('banquise_events', '');
    RETURN QUERY WITH e AS (
        INSERT INTO "public"."banquise_events" (originator_id, originator_version, topic, state)
        SELECT * FROM unnest(p_ids, p_versions, p_topics, p_states) RETURNING notification_id
    ) SELECT e.notification_id FROM e;
END
$$;


--
-- Name: banquise_chain_event(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_chain_event() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    previous bytea;
    topic bytea := convert_to(NEW.topic, 'UTF8');
BEGIN
    IF NEW.originator_version = 1 THEN
        previous := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
    ELSE
        SELECT e.chain INTO previous FROM "public"."banquise_events" e
        WHERE e.originator_id = NEW.originator_id AND e.originator_version = NEW.originator_version - 1;
        IF previous IS NULL THEN
            RAISE EXCEPTION 'event % of game % has no chained event before it',
                NEW.originator_version, NEW.originator_id USING ERRCODE = 'BQ500';
        END IF;
    END IF;
    NEW.chain := sha256('\x62616e71756973652d636861696e2d3100'::bytea || previous || uuid_send(NEW.originator_id)
        || int8send(NEW.originator_version::bigint) || int4send(octet_length(topic)) || topic
        || int4send(octet_length(NEW.state)) || NEW.state);
    RETURN NEW;
END
$$;


--
-- Name: banquise_chain_head(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_chain_head() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    lost_game uuid;
    lost_version integer;
BEGIN
    WITH kept AS (
        UPDATE "public"."games" g SET head = a.chain FROM banquise_added a
        WHERE g.id = a.originator_id AND g.version = a.originator_version
        RETURNING g.id, g.lost_from
    )
    SELECT id, lost_from INTO lost_game, lost_version FROM kept WHERE lost_from IS NOT NULL LIMIT 1;
    IF lost_game IS NOT NULL THEN
        RAISE EXCEPTION 'game % lost its events from version %', lost_game, lost_version
            USING ERRCODE = 'BQ500', DETAIL = lost_version::text;
    END IF;
    RETURN NULL;
END
$$;


--
-- Name: banquise_count_key_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_count_key_change() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public'
    AS $$
BEGIN
    UPDATE api_key_changes SET count = count + 1;
    RETURN NULL;
END
$$;


--
-- Name: banquise_events_lost(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_events_lost() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE "public"."games" g SET lost_from = least(g.lost_from, d.version)
    FROM (SELECT originator_id, min(originator_version)::integer AS version FROM banquise_removed
          GROUP BY originator_id) d
    WHERE g.id = d.originator_id;
    RETURN NULL;
END
$$;


--
-- Name: banquise_game_closed(uuid, text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_game_closed(p_id uuid, p_status text, p_voided boolean) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'game % is closed', p_id
        USING ERRCODE = 'BQ409', DETAIL = CASE WHEN p_voided THEN 'voided' ELSE p_status END;
END
$$;


--
-- Name: banquise_insert_new_game(text, bigint, text[], bytea[], bytea[], integer[], bytea[], uuid, text, text, text, text, text, text[], text[], text, integer, integer, timestamp with time zone, timestamp with time zone, timestamp with time zone, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_insert_new_game(p_lock_timeout text, p_first_version bigint, p_topics text[], p_states bytea[], p_chains bytea[], p_snapshot_versions integer[], p_snapshot_states bytea[], p_id uuid, p_kind text, p_rules_version text, p_owner_key text, p_record_id text, p_record_hash text, p_players text[], p_handles text[], p_status text, p_version integer, p_moves integer, p_created_at timestamp with time zone, p_updated_at timestamp with time zone, p_played_at timestamp with time zone, p_tags jsonb) RETURNS TABLE(o_count bigint, o_last bigint)
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO "public".games (id, kind, rules_version, owner_key, record_id, record_hash, players, handles,
                                status, version, moves, created_at, updated_at, played_at, tags)
    VALUES (p_id, p_kind, p_rules_version, p_owner_key, p_record_id, p_record_hash, p_players, p_handles,
            p_status, p_version, p_moves, p_created_at, p_updated_at, p_played_at, p_tags);
    INSERT INTO "public".game_snapshots (game_id, version, state)
    SELECT p_id, d.version, d.state FROM unnest(p_snapshot_versions, p_snapshot_states) AS d(version, state)
    ON CONFLICT DO NOTHING;
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
    LOCK TABLE "public"."banquise_events" IN EXCLUSIVE MODE;
    PERFORM pg_notify('banquise_events', '');
    RETURN QUERY
    WITH e_ids AS (
        INSERT INTO "public"."banquise_events" (originator_id, originator_version, topic, state, chain)
        SELECT p_id, p_first_version - 1 + e.n, e.topic, e.state, e.chain
        FROM unnest(p_topics, p_states, p_chains) WITH ORDINALITY AS e(topic, state, chain, n)
        RETURNING notification_id
    )
    SELECT count(*), max(e_ids.notification_id) FROM e_ids;
END
$$;


--
-- Name: banquise_keys_unchanged(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banquise_keys_unchanged(p_count bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO 'public'
    AS $$
DECLARE
    current_count bigint;
BEGIN
    SELECT count INTO current_count FROM api_key_changes;
    IF current_count IS DISTINCT FROM p_count THEN
        RAISE EXCEPTION 'API keys changed since this one was cached'
            USING ERRCODE = 'BQ401', DETAIL = coalesce(current_count::text, '');
    END IF;
    RETURN true;
END
$$;


--
-- Name: editions_immutable(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.editions_immutable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'an edition is never changed in place: add a new version';
END
$$;


--
-- Name: es_insert_events_uuid(public.stored_event_uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.es_insert_events_uuid(events public.stored_event_uuid[]) RETURNS SETOF bigint
    LANGUAGE plpgsql
    AS $$BEGIN    SET LOCAL lock_timeout = '0s';    NOTIFY "banquise_events";    RETURN QUERY    INSERT INTO "public"."banquise_events" AS t (    originator_id, originator_version, topic, state)    SELECT originator_id, originator_version, topic, state    FROM unnest(events)    RETURNING notification_id;END;$$;


--
-- Name: fn_pgqueuer_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.fn_pgqueuer_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    to_emit BOOLEAN := false;  -- Flag to decide whether to emit a notification
BEGIN
    -- Check operation type and set the emit flag accordingly
    IF TG_OP = 'UPDATE' AND OLD IS DISTINCT FROM NEW THEN
        to_emit := true;
    ELSIF TG_OP = 'DELETE' THEN
        to_emit := true;
    ELSIF TG_OP = 'INSERT' THEN
        to_emit := true;
    ELSIF TG_OP = 'TRUNCATE' THEN
        to_emit := true;
    END IF;

    -- Perform notification if the emit flag is set
    IF to_emit THEN
        PERFORM pg_notify(
            'ch_pgqueuer',
            json_build_object(
                'channel', 'ch_pgqueuer',
                'operation', lower(TG_OP),
                'sent_at', NOW(),
                'table', TG_TABLE_NAME,
                'type', 'table_changed_event'
            )::text
        );
    END IF;

    -- Return appropriate value based on the operation
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        RETURN NEW;
    ELSIF TG_OP = 'DELETE' THEN
        RETURN OLD;
    ELSE
        RETURN NULL; -- For TRUNCATE and other non-row-specific contexts
    END IF;

END;
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: api_key_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_key_changes (
    one boolean DEFAULT true NOT NULL,
    count bigint NOT NULL,
    CONSTRAINT api_key_changes_one_check CHECK (one)
);


--
-- Name: api_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_keys (
    id text NOT NULL,
    name text NOT NULL,
    secret_hash bytea NOT NULL,
    admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone
);


--
-- Name: banquise_analyses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banquise_analyses (
    id bigint NOT NULL,
    game_id uuid NOT NULL,
    game_version integer NOT NULL,
    analysis_version text NOT NULL,
    budget integer NOT NULL,
    seed bigint NOT NULL,
    steps_total integer NOT NULL,
    asked_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    result bytea,
    failure text
);


--
-- Name: banquise_analyses_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.banquise_analyses_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: banquise_analyses_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.banquise_analyses_id_seq OWNED BY public.banquise_analyses.id;


--
-- Name: banquise_analysis_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banquise_analysis_stats (
    game_id uuid NOT NULL,
    analysis_version text NOT NULL,
    budget integer NOT NULL,
    seat integer NOT NULL,
    stat_id integer NOT NULL,
    value double precision NOT NULL
);


--
-- Name: banquise_analysis_steps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banquise_analysis_steps (
    analysis_id bigint NOT NULL,
    step integer NOT NULL,
    body bytea NOT NULL
);


--
-- Name: banquise_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banquise_events (
    originator_id uuid NOT NULL,
    originator_version bigint NOT NULL,
    topic text,
    state bytea,
    notification_id bigint NOT NULL,
    chain bytea NOT NULL
)
WITH (autovacuum_enabled='true', autovacuum_vacuum_threshold='100000000', autovacuum_vacuum_scale_factor='0.5', autovacuum_analyze_threshold='1000', autovacuum_analyze_scale_factor='0.01');


--
-- Name: banquise_events_notification_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.banquise_events_notification_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: banquise_events_notification_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.banquise_events_notification_id_seq OWNED BY public.banquise_events.notification_id;


--
-- Name: banquise_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banquise_migrations (
    id text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: editions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.editions (
    kind text NOT NULL,
    id text NOT NULL,
    version text NOT NULL,
    seq bigint NOT NULL,
    label text NOT NULL,
    notice text NOT NULL,
    sha256 text NOT NULL,
    document bytea NOT NULL,
    added_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: editions_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.editions ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.editions_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: game_boards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_boards (
    game_id uuid NOT NULL,
    kind text NOT NULL,
    version integer NOT NULL,
    "position" bigint NOT NULL,
    status text NOT NULL,
    state bytea NOT NULL,
    tally bytea NOT NULL,
    view jsonb NOT NULL,
    results jsonb NOT NULL
);


--
-- Name: game_forks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_forks (
    fork_id uuid NOT NULL,
    origin_id uuid NOT NULL,
    step integer NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: game_snapshots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_snapshots (
    game_id uuid NOT NULL,
    version integer NOT NULL,
    state bytea NOT NULL
);


--
-- Name: game_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_stats (
    game_id uuid NOT NULL,
    seat integer NOT NULL,
    stat_id integer NOT NULL,
    value double precision NOT NULL
);


--
-- Name: game_summaries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_summaries (
    game_id uuid NOT NULL,
    kind text NOT NULL,
    rules_version text NOT NULL,
    status text NOT NULL,
    players text[] NOT NULL,
    handles text[] NOT NULL,
    player_count integer NOT NULL,
    winners text[] NOT NULL,
    scores jsonb NOT NULL,
    turns integer NOT NULL,
    events integer NOT NULL,
    started_at timestamp with time zone,
    ended_at timestamp with time zone,
    duration_seconds double precision,
    finished_position bigint,
    voided boolean DEFAULT false NOT NULL,
    void_reason text,
    recorded_at timestamp with time zone,
    source text
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id uuid NOT NULL,
    kind text NOT NULL,
    rules_version text NOT NULL,
    owner_key text NOT NULL,
    record_id text,
    record_hash text,
    players text[] NOT NULL,
    handles text[] NOT NULL,
    status text NOT NULL,
    version integer NOT NULL,
    moves integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    played_at timestamp with time zone,
    voided boolean DEFAULT false NOT NULL,
    tags jsonb DEFAULT '{}'::jsonb NOT NULL,
    corrections integer DEFAULT 0 NOT NULL,
    secrets_of uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    head bytea,
    lost_from integer
);


--
-- Name: handle_aliases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.handle_aliases (
    alias_key text NOT NULL COLLATE pg_catalog."C",
    target_key text NOT NULL COLLATE pg_catalog."C",
    "position" bigint NOT NULL
);


--
-- Name: head_to_head; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.head_to_head (
    kind text NOT NULL,
    handle_key text NOT NULL COLLATE pg_catalog."C",
    opponent_key text NOT NULL COLLATE pg_catalog."C",
    games integer NOT NULL,
    ahead integer NOT NULL,
    behind integer NOT NULL,
    ties integer NOT NULL
);


--
-- Name: idempotency_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency_keys (
    key_id text NOT NULL,
    idem_key text NOT NULL,
    request_hash text NOT NULL,
    status integer NOT NULL,
    body bytea NOT NULL,
    headers jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    scope text DEFAULT ''::text NOT NULL
);


--
-- Name: imported_plays; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.imported_plays (
    game_id uuid NOT NULL,
    kind text NOT NULL,
    source text NOT NULL,
    source_id text NOT NULL,
    file text NOT NULL,
    import_id uuid NOT NULL,
    owner_key text NOT NULL,
    players text[] NOT NULL,
    handles text[] NOT NULL,
    scores integer[] NOT NULL,
    ranks integer[] NOT NULL,
    start_seat integer,
    played_at timestamp with time zone NOT NULL,
    duration_min integer,
    location text,
    tags jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: pgqueuer; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pgqueuer (
    id bigint NOT NULL,
    priority integer NOT NULL,
    queue_manager_id uuid,
    created timestamp with time zone DEFAULT now() NOT NULL,
    updated timestamp with time zone DEFAULT now() NOT NULL,
    heartbeat timestamp with time zone DEFAULT now() NOT NULL,
    execute_after timestamp with time zone DEFAULT now() NOT NULL,
    status public.pgqueuer_status NOT NULL,
    entrypoint text NOT NULL,
    dedupe_key text,
    payload bytea,
    headers jsonb,
    attempts integer DEFAULT 0 NOT NULL,
    slot bigint
);


--
-- Name: pgqueuer_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pgqueuer_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pgqueuer_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pgqueuer_id_seq OWNED BY public.pgqueuer.id;


--
-- Name: pgqueuer_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pgqueuer_log (
    id bigint NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    job_id bigint NOT NULL,
    status public.pgqueuer_status NOT NULL,
    priority integer NOT NULL,
    entrypoint text NOT NULL,
    traceback jsonb,
    aggregated boolean DEFAULT false
);


--
-- Name: pgqueuer_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.pgqueuer_log ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.pgqueuer_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: pgqueuer_schedules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pgqueuer_schedules (
    id bigint NOT NULL,
    expression text NOT NULL,
    entrypoint text NOT NULL,
    heartbeat timestamp with time zone DEFAULT now() NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    updated timestamp with time zone DEFAULT now() NOT NULL,
    next_run timestamp with time zone DEFAULT now() NOT NULL,
    last_run timestamp with time zone,
    status public.pgqueuer_status DEFAULT 'queued'::public.pgqueuer_status
);


--
-- Name: pgqueuer_schedules_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pgqueuer_schedules_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pgqueuer_schedules_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pgqueuer_schedules_id_seq OWNED BY public.pgqueuer_schedules.id;


--
-- Name: pgqueuer_statistics; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pgqueuer_statistics (
    id bigint NOT NULL,
    created timestamp with time zone DEFAULT date_trunc('sec'::text, now()) NOT NULL,
    count bigint NOT NULL,
    priority integer NOT NULL,
    status public.pgqueuer_status NOT NULL,
    entrypoint text NOT NULL
);


--
-- Name: pgqueuer_statistics_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pgqueuer_statistics_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pgqueuer_statistics_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pgqueuer_statistics_id_seq OWNED BY public.pgqueuer_statistics.id;


--
-- Name: player_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_results (
    game_id uuid NOT NULL,
    seat integer NOT NULL,
    handle_key text NOT NULL COLLATE pg_catalog."C",
    player text NOT NULL,
    kind text NOT NULL,
    player_count integer NOT NULL,
    rank integer NOT NULL,
    total integer NOT NULL,
    won boolean NOT NULL,
    breakdown jsonb NOT NULL,
    extras jsonb NOT NULL,
    "position" bigint NOT NULL,
    finished_at timestamp with time zone,
    voided boolean DEFAULT false NOT NULL,
    source text
);


--
-- Name: player_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_stats (
    handle_key text NOT NULL COLLATE pg_catalog."C",
    kind text NOT NULL,
    player_count integer NOT NULL,
    games integer NOT NULL,
    wins integer NOT NULL,
    win_rate double precision NOT NULL,
    avg_score double precision NOT NULL,
    median_score double precision NOT NULL,
    best_score integer NOT NULL,
    avg_breakdown jsonb NOT NULL,
    by_seat jsonb NOT NULL,
    current_streak integer NOT NULL,
    longest_streak integer NOT NULL,
    last_position bigint NOT NULL,
    accumulator jsonb DEFAULT '{}'::jsonb NOT NULL,
    totals jsonb DEFAULT '{}'::jsonb NOT NULL
);


--
-- Name: player_trigrams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_trigrams (
    trigram text NOT NULL COLLATE pg_catalog."C",
    handle_key text NOT NULL COLLATE pg_catalog."C"
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    handle_key text NOT NULL COLLATE pg_catalog."C",
    handle text NOT NULL,
    first_position bigint NOT NULL
);


--
-- Name: projection_positions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projection_positions (
    name text NOT NULL,
    "position" bigint DEFAULT 0 NOT NULL
);


--
-- Name: projection_quarantine; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projection_quarantine (
    game_id uuid NOT NULL,
    "position" bigint NOT NULL,
    error text NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: rating_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_history (
    kind text NOT NULL,
    game_id uuid NOT NULL,
    handle_key text NOT NULL COLLATE pg_catalog."C",
    "position" bigint NOT NULL,
    rank integer NOT NULL,
    mu_before double precision NOT NULL,
    sigma_before double precision NOT NULL,
    mu_after double precision NOT NULL,
    sigma_after double precision NOT NULL,
    played_at timestamp with time zone,
    games integer
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    kind text NOT NULL,
    handle_key text NOT NULL COLLATE pg_catalog."C",
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    ordinal double precision NOT NULL,
    games integer NOT NULL,
    provisional boolean NOT NULL,
    last_position bigint NOT NULL,
    last_played_at timestamp with time zone,
    last_game_id uuid
);


--
-- Name: server_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.server_keys (
    one boolean DEFAULT true NOT NULL,
    private_key bytea NOT NULL,
    public_key bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT server_keys_one_check CHECK (one)
);


--
-- Name: signed_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.signed_games (
    signer text NOT NULL,
    origin uuid NOT NULL,
    game_id uuid NOT NULL
);


--
-- Name: voided_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.voided_games (
    game_id uuid NOT NULL,
    "position" bigint NOT NULL,
    reason text NOT NULL,
    key_id text NOT NULL,
    voided_at timestamp with time zone NOT NULL
);


--
-- Name: banquise_analyses id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analyses ALTER COLUMN id SET DEFAULT nextval('public.banquise_analyses_id_seq'::regclass);


--
-- Name: banquise_events notification_id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_events ALTER COLUMN notification_id SET DEFAULT nextval('public.banquise_events_notification_id_seq'::regclass);


--
-- Name: pgqueuer id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer ALTER COLUMN id SET DEFAULT nextval('public.pgqueuer_id_seq'::regclass);


--
-- Name: pgqueuer_schedules id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_schedules ALTER COLUMN id SET DEFAULT nextval('public.pgqueuer_schedules_id_seq'::regclass);


--
-- Name: pgqueuer_statistics id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_statistics ALTER COLUMN id SET DEFAULT nextval('public.pgqueuer_statistics_id_seq'::regclass);


--
-- Data for Name: api_key_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_key_changes VALUES (true, 0);


--
-- Data for Name: api_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_keys VALUES ('09720a9046e6', 'before 47', '\x0481177cec0f26fc8cb7e03ab27312655bee6990871d800f4bbf2311cc25aac9', false, '2026-12-07 16:01:02.289652+00', NULL);
INSERT INTO public.api_keys VALUES ('17e420145386', 'before 47 admin', '\x652f1422743a801fb540b16e2e51f02d6a53dfa10ef2731e1354577c31741ec0', true, '2026-12-07 16:01:02.291031+00', NULL);


--
-- Data for Name: banquise_analyses; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: banquise_analysis_stats; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: banquise_analysis_steps; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: banquise_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 'domain.arctic.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2247616d6553746172746564222c2272756c65735f76657273696f6e223a226172637469632d32222c22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c22706f7765725f7369646573223a7b22666f78223a2242222c226d6f6f7365223a2242222c2277616c727573223a2242222c226f726361223a2241222c2270756666696e223a2241222c22706f6c61725f62656172223a2241227d2c22746f74656d73223a5b22706f6c61725f62656172222c226f726361225d2c226465636b5f6f72646572223a5b2264322d666f782d33222c2264322d6f7263612d34222c2264322d666f782d34222c2264322d6d6f6f73652d35222c2264322d70756666696e2d31222c2264312d77616c7275732d34222c2264322d70756666696e2d32222c2264312d706f6c61725f626561722d31222c2264312d70756666696e2d31222c2264312d666f782d31222c2264312d70756666696e2d33222c2264312d6f7263612d31222c2264322d706f6c61725f626561722d35222c2264322d77616c7275732d31222c2264312d666f782d32222c2264312d77616c7275732d33222c2264322d706f6c61725f626561722d31222c2264312d706f6c61725f626561722d34222c2264322d6f7263612d32222c2264312d6d6f6f73652d31222c2264312d77616c7275732d31222c2264322d6f7263612d35222c2264322d77616c7275732d33222c2264322d666f782d35222c2264312d6f7263612d33222c2264322d70756666696e2d34222c2264322d77616c7275732d32222c2264322d706f6c61725f626561722d32222c2264312d6d6f6f73652d32222c2264322d70756666696e2d33222c2264312d666f782d35222c2264322d6d6f6f73652d31222c2264312d70756666696e2d35222c2264312d666f782d34222c2264312d70756666696e2d34222c2264312d706f6c61725f626561722d32222c2264312d706f6c61725f626561722d33222c2264322d6f7263612d33222c2264322d77616c7275732d35222c2264322d70756666696e2d35222c2264322d666f782d31222c2264322d706f6c61725f626561722d33222c2264312d77616c7275732d32222c2264312d77616c7275732d35222c2264322d77616c7275732d34222c2264312d666f782d33222c2264322d6f7263612d31222c2264322d706f6c61725f626561722d34222c2264312d6d6f6f73652d35222c2264312d6d6f6f73652d34222c2264322d666f782d32222c2264312d70756666696e2d32222c2264312d6d6f6f73652d33222c2264312d6f7263612d35222c2264322d6d6f6f73652d34222c2264312d6f7263612d32222c2264322d6d6f6f73652d33222c2264312d6f7263612d34222c2264312d706f6c61725f626561722d35222c2264322d6d6f6f73652d32225d2c2273656564223a31317d2c2278223a7b227365747570223a7b22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c2273656564223a31312c22706f7765725f7369646573223a6e756c6c2c226465636b5f6f72646572223a6e756c6c2c22746f74656d73223a6e756c6c7d7d7d', 1, '\x9d99cabb4f9bc2f9ae51ad175a7d7f8921f79efe57fa1cfdf29afd4330d1e881');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 2, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a312c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d7d', 2, '\xaf8d5ec4e5d52e203e1916de667c9c14653d02743b231de74b5b684eed3a3925');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 3, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d70756666696e2d32222c22706c6163656d656e74223a22746f70227d2c226d223a302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d70756666696e2d32222c22706c6163656d656e74223a22746f70227d7d', 3, '\xda8fb28579d6824f6da2715d0808bf47da1c53028111564dee79aff7717d92aa');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 4, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a307d', 4, '\x555a2704d14fe28e3873b1444050723dced3e3dcf2ef28e1bbe86655057e8ac6');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 5, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a6e756c6c7d2c226d223a307d', 5, '\x534335680bf7ffd28c672fd9cff6775da1ac5a40faff5580667996b4d577a962');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 6, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a2270756666696e222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a226d6f6f7365222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a2270756666696e227d7d', 6, '\x2e96ee2cb6a7693f481eac1564a56c5b3824d8fc896c02e5b17e150cb1c7c814');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 7, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264312d77616c7275732d33227d2c226d223a322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 7, '\x0e9ec2d759d3b08002fae203c8a2d71d12e2a85b069391d630f50c03b735c849');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 8, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a352c2263617264223a2264322d706f6c61725f626561722d31227d2c226d223a332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 8, '\x9b001c16a20b8c3c593aec2d6e4c170ad51018090a2f1c68f09cf7b5a84a77a4');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 9, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a327d2c226d223a337d', 9, '\xc1e581900ac85547190fa5c6b128275b7b785b3d6f8939447ae910824936a993');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 10, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d706f6c61725f626561722d34227d2c226d223a337d', 10, '\xf3620b9ac24b988a88f14dac7ce2531e476b04c16a5a71499e56e30cd9ed93b3');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 11, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264322d6f7263612d32227d2c226d223a337d', 11, '\x372a188bf05f7d95930255768b994fec1bfc7aea75b80582567c66968fffc724');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 12, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a337d', 12, '\xf6288c3cc832d4e9b805e4d44147918ae6ce2875e33993d88acda402c13acf17');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 13, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a322c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d2c226d223a337d', 13, '\x77cab8fa2a7213dd43683f165001c4689d0946059dd41b7339ffc24a8e3dee30');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 14, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d70756666696e2d33222c22706c6163656d656e74223a22746f70227d2c226d223a342c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d70756666696e2d33222c22706c6163656d656e74223a22746f70227d7d', 14, '\x6ac598b2b656e0d0e72ef48adab2e0c067953d4525653f087a9c9534cd171040');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 15, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a347d', 15, '\xffffa70d3371d000d6f635c5d95b44e05200d9a0b3ccf09c9bc09447f506ca24');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 16, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a307d2c226d223a347d', 16, '\x1c097bed795189b17e0130c4b8d81f438d6fccf1798f9212195e81c3b1b9f686');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 17, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a2270756666696e222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a226d6f6f7365222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a352c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a2270756666696e227d7d', 17, '\xb8fd1113b5d42aa9fa7a4b97f74d4bef3bba34b27ba2180c6342233b4ebfccf4');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 18, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a312c2263617264223a2264322d706f6c61725f626561722d35227d2c226d223a362c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 18, '\x428ae793896c0909ed598c89d49eb77621e5ebb33effa50f13c206716fe40ca1');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 19, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a332c2263617264223a2264312d666f782d32227d2c226d223a372c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 19, '\x570f29655f60718ef380ae640d65ae3b951646bf66902b0f25f4b8d79e1debe8');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 20, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a342c2263617264223a2264312d706f6c61725f626561722d34227d2c226d223a382c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 20, '\x7588d6b0333c604c02aae1eaa255e9777d6bad653d0a5bce435952344cd11ebf');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 21, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a337d2c226d223a387d', 21, '\x30e5b28159477e580d88b764082ce60790edfcd2d9cad295ec830e3c4071843e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 22, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264312d6d6f6f73652d31227d2c226d223a387d', 22, '\x8c89185fec3e7fbb09f25a2cb5cd582dcca74370b1b47977c39829c0530118a9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 23, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a332c2263617264223a2264312d77616c7275732d31227d2c226d223a387d', 23, '\x015482d7c3f4b7b99d3377c84ca9ed18023744eb5269cb6b1d064662514b4fed');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 24, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264322d6f7263612d35227d2c226d223a387d', 24, '\x82588ab8bdb6582d59492305b7ebff6296fc011e3923738672437067331f182a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 25, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a387d', 25, '\x1ee9c28184d5967c029b9061a5293df0f7ebc8f9c0492f101a11cdcd3df5c0e2');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 26, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a332c22726f756e64223a322c22706c6163656d656e745f76616c7565223a342c2266696e616c223a66616c73657d2c226d223a387d', 26, '\x12cc766262c1254424cdc5b4f7b4f6303cb75de60ee15f32140db09f2badc863');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 27, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d77616c7275732d33222c22706c6163656d656e74223a22746f70227d2c226d223a392c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d77616c7275732d33222c22706c6163656d656e74223a22746f70227d7d', 27, '\xd9a7fae4f435149a0ad59c4054a1fa32dfe5c851ed3f295f894a77ca286cfb71');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 28, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d31222c22706c6163656d656e74223a22746f70227d2c226d223a31302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d31222c22706c6163656d656e74223a22746f70227d7d', 28, '\xdadcbee754bb35315b5203315de34878b7c9d2ebe8f52a2029af36136aa4dfcf');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 29, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d77616c7275732d34222c22706c6163656d656e74223a22746f70227d2c226d223a31312c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d77616c7275732d34222c22706c6163656d656e74223a22746f70227d7d', 29, '\x33e19ce73f3cf79bf4feb394f675976cc7d4a128ababbb6bffde43ad25022044');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 30, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d706f6c61725f626561722d31222c22706c6163656d656e74223a22746f70227d2c226d223a31322c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d706f6c61725f626561722d31222c22706c6163656d656e74223a22746f70227d7d', 30, '\x748f1f80b8a57cd7d58c8df783afd8ecc13e7b2a8cea5ef8d4499b60f5a7d12e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 31, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a342c2273686f727466616c6c223a307d2c226d223a31327d', 31, '\xfc43a4620faf02f010fbee127c651d43e6a5c0c1b51dce8bbac329688e6e627f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 32, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a22706f6c61725f62656172222c2273696465223a2241222c2266726f6d5f73656174223a6e756c6c7d2c226d223a31327d', 32, '\x59def5dfc70a1cafcb7db496f55878ffe790205bc4d2cfb9a07dbd7a998b4aa5');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 33, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a22706f6c61725f62656172222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a22666f78222c22636f6d70616e696f6e5f73746570223a317d2c226d223a31332c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a22666f78227d7d', 33, '\x82b156fd574ba6482309a87c164ad16e9413c8ceb4b3475109656c433dd1d53d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 34, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264322d6f7263612d35227d2c226d223a31342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 34, '\xc725bf9fe50cb81454180d66bf2e3ec4b173494be0913937594a0e7c0a2a7cab');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 35, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a317d2c226d223a31347d', 35, '\x32c37cad68dbfde8a6a8f285245df7a3ad741ba8d1d39d6dfec50c44950a9296');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 36, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264322d77616c7275732d33227d2c226d223a31347d', 36, '\x05d1bdd3b7ccbea1a6e0bd997d22a7bc23e698b44ca4ddef7bc1f7b1fa3d5a6e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 37, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a31347d', 37, '\x61828a1799dab2d640849ac509342eba926a000568538cce618048da0c84c2ad');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 38, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a342c22726f756e64223a322c22706c6163656d656e745f76616c7565223a332c2266696e616c223a66616c73657d2c226d223a31347d', 38, '\x018a7f5e9b07eefcabd4a7d154aa1518c3d77c2a4afc6da837d849a50cf27c7e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 39, 'domain.arctic.events:PuffinSwapped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250756666696e53776170706564222c2273656174223a312c2268616e645f63617264223a2264312d706f6c61725f626561722d34222c2272697665725f736c6f74223a352c2272697665725f63617264223a2264322d6f7263612d32227d2c226d223a31352c2278223a7b2274797065223a2250756666696e53776170222c2273656174223a312c2268616e645f63617264223a2264312d706f6c61725f626561722d34222c2272697665725f736c6f74223a357d7d', 39, '\xbc5c4d442890651fb8b53dade20acb96960ac0b9dc692ef6e71e165a05489a7d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 40, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264322d706f6c61725f626561722d35222c22706c6163656d656e74223a22746f70227d2c226d223a31362c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264322d706f6c61725f626561722d35222c22706c6163656d656e74223a22746f70227d7d', 40, '\x5c9fc6acbea9275a26818790fc1a60faba9aa401f759e4f8e88d7f519ce35160');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 41, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d666f782d32222c22706c6163656d656e74223a22746f70227d2c226d223a31372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d666f782d32222c22706c6163656d656e74223a22746f70227d7d', 41, '\x230e7d57353714513253fe1a1f6556d8d4fb0f45e294ed18fcf0f8e9b5c15697');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 42, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d666f782d31222c22706c6163656d656e74223a22746f70227d2c226d223a31382c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d666f782d31222c22706c6163656d656e74223a22746f70227d7d', 42, '\xdf369f6e1659c6112836ef0b6264c72ba165970a677543be47207ae3e151c6e2');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 43, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a332c2273686f727466616c6c223a307d2c226d223a31387d', 43, '\xa0b6660ec2c68e20eefff077dc8bc0a197532ceedba14f03cc8b41f1160abfc3');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 44, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a22666f78222c2273696465223a2242222c2266726f6d5f73656174223a6e756c6c7d2c226d223a31387d', 44, '\x1b5c7224fc2561fa285df91648d221cdd6985965e60ee3a5c137907d83bd229c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 45, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a22666f78222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a226d6f6f7365222c22636f6d70616e696f6e5f73746570223a317d2c226d223a31387d', 45, '\xe0fc037534984ee71e8cf790f3f2f799625b55d9e0d32caef468c435272c75e6');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 46, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a342c2263617264223a2264322d77616c7275732d33227d2c226d223a31392c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 46, '\x4a6eea0b3c94253a9d4e5c46842480141f101da71b57994b7e100ace06262446');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 47, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a317d2c226d223a31397d', 47, '\x37cc50cb3c0eb97f58b9d487e36dcd727b234278ee6585a54826737f8dc9fb07');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 48, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264322d666f782d35227d2c226d223a31397d', 48, '\xf40ad87d478ed2ca89538aa3c62db6ab83b1c2267a12b146e1f50234646901cb');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 49, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a31397d', 49, '\x48ae88efffda16df57c530c33f91c6d9d0a587d9ebf40d8ff664af7b19d1eb7d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 50, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a352c22726f756e64223a332c22706c6163656d656e745f76616c7565223a352c2266696e616c223a66616c73657d2c226d223a31397d', 50, '\xda98a5286a4c5d99d2350ff5959b1baeed16391b4462c658118f9bf00bd11b0f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 51, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d6f7263612d35222c22706c6163656d656e74223a22746f70227d2c226d223a32302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d6f7263612d35222c22706c6163656d656e74223a22746f70227d7d', 51, '\xda6559de487ae6375f6d17f3e9f49046a83878a3e662232525eec3d3df11e962');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 52, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a347d2c226d223a32307d', 52, '\xca224f137a920f657fff42f443312fb3cf911d6919878c4de5025e06de183c0e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 53, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264312d6f7263612d33227d2c226d223a32307d', 53, '\xb22ebbf446e7c1050eb4ac6dd83eddaee51475e7d633e866e74f7dbcfcb4c817');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 54, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264322d70756666696e2d34227d2c226d223a32307d', 54, '\x7bcaaa8c3f45172419bfad3d2884a9cf13c4ae2e678d0c6fafe05cfbdc485bcc');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 55, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264322d77616c7275732d32227d2c226d223a32307d', 55, '\x366e5afb04034e26df0d06a3a896ed0d96f1fcd29ed52ee7ae91d21f92ea195e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 56, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d32227d2c226d223a32307d', 56, '\xd11fdc0143477a8be7de12de82e08d95a4f65cf86ed3d4460c81539196b87e5f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 57, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a226f726361222c2273696465223a2241222c2266726f6d5f73656174223a6e756c6c7d2c226d223a32307d', 57, '\x483c194b28bce2f3a6224a7f98429741794c8aa8d907cb122f9a483badba7b0a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 58, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a226f726361222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a2270756666696e222c22636f6d70616e696f6e5f73746570223a317d2c226d223a32312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a2270756666696e227d7d', 58, '\x6c5910ba6f6eb316741c49ed2cfa76796ce30b0ef11bacaf39a48e37e3e75b93');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 59, 'domain.arctic.events:CardTakenFromPenalty', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d77616c7275732d32227d2c226d223a32322c2278223a7b2274797065223a2254616b6546726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d77616c7275732d32227d7d', 59, '\x4215687b82da70366d25af603d276bd7b5c9ed3d6e392b557c7879fafbfbf9fb');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 60, 'domain.arctic.events:CardTakenFromPenalty', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d32227d2c226d223a32332c2278223a7b2274797065223a2254616b6546726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d32227d7d', 60, '\x037a1d7556a3fb497eb6ad9869098d05f9873febcab0d5bb573be3249607235d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 61, 'domain.arctic.events:CardTakenFromPenalty', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d70756666696e2d34227d2c226d223a32342c2278223a7b2274797065223a2254616b6546726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d70756666696e2d34227d7d', 61, '\x81f177e429e9ddfcd4ba8df793df529a25b7383c11ee4fef5b68c1d98af0ca55');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 62, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264322d666f782d35227d2c226d223a32352c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 62, '\x8a1748e2aa99df5e5be755ce625ee2c7aaccb7e81696e616d03e57a41eb8768e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 63, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d6d6f6f73652d32227d2c226d223a32357d', 63, '\x522a08307a8e72023a976a5da9e8e3333607982b6fc0a13301718122f44f3cc6');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 64, 'domain.arctic.events:CardTakenFromPenalty', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d50656e616c7479222c2273656174223a302c2263617264223a2264312d6f7263612d33227d2c226d223a32362c2278223a7b2274797065223a2254616b6546726f6d50656e616c7479222c2273656174223a302c2263617264223a2264312d6f7263612d33227d7d', 64, '\x36348a18a5eed414faa1af5fd3fbdea44bb7b9b64ec799f71943e601a7ab3e47');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 65, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a357d2c226d223a32367d', 65, '\xb1fafbad3110c98f24806d85f1c495b72fcc4deaa537144379586518a14b25f8');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 66, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a32367d', 66, '\x7602fefe6b0eb12392f2bbc03ea85dd33473c47c1499cd7d81e71898fc905273');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 67, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a362c22726f756e64223a332c22706c6163656d656e745f76616c7565223a352c2266696e616c223a66616c73657d2c226d223a32367d', 67, '\xe27ab2e556f58a22a6f4bc21ebf2e5435ba864075d15bce9a92e702af991ff95');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 68, 'domain.arctic.events:PuffinSwapped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250756666696e53776170706564222c2273656174223a312c2268616e645f63617264223a2264322d77616c7275732d33222c2272697665725f736c6f74223a312c2272697665725f63617264223a2264312d6d6f6f73652d31227d2c226d223a32372c2278223a7b2274797065223a2250756666696e53776170222c2273656174223a312c2268616e645f63617264223a2264322d77616c7275732d33222c2272697665725f736c6f74223a317d7d', 68, '\x2f81558038bee24f6cd5ce4951c9d93524428f1c3e33b4116008ae209ee96f0c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 69, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264322d6f7263612d32222c22706c6163656d656e74223a22746f70227d2c226d223a32382c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264322d6f7263612d32222c22706c6163656d656e74223a22746f70227d7d', 69, '\xf819dd27db189fa3dd59eef359c77935ed638e13927bc2462f6bdc7d1471e233');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 70, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d6d6f6f73652d31222c22706c6163656d656e74223a22746f70227d2c226d223a32392c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d6d6f6f73652d31222c22706c6163656d656e74223a22746f70227d7d', 70, '\x0f6d0d21cce1171ffb436ea2757499285858dfee621c99ed68b7dcc299fd7be7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 71, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d70756666696e2d31222c22706c6163656d656e74223a22626f74746f6d227d2c226d223a33302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d70756666696e2d31222c22706c6163656d656e74223a22626f74746f6d227d7d', 71, '\xe96ee0897d3acc7a7a7b94040b3cd17f81587e1d177246ded6a7438807bdf05a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 72, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a332c2273686f727466616c6c223a327d2c226d223a33307d', 72, '\xac7bfdd0a74da29ee902aef46d3cd9d5e351e2e4a196684590e63e16dbf693b9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 73, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264322d70756666696e2d33227d2c226d223a33307d', 73, '\x71abc9198828111e4bbde3aeb048c10fa8d483d4f3d10347d22feb606bb67099');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 74, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264312d666f782d35227d2c226d223a33307d', 74, '\x57cd563b5682cdeb83987797dce4b54445da8d1fd2f9ca530d222554c7a086a9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 75, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a226d6f6f7365222c2273696465223a2242222c2266726f6d5f73656174223a6e756c6c7d2c226d223a33307d', 75, '\x86fb921d79d3f56322a1bdc1711ab663592e75e6356c24270aabdb992f720bc9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 76, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a226d6f6f7365222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a2277616c727573222c22636f6d70616e696f6e5f73746570223a317d2c226d223a33312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a2277616c727573227d7d', 76, '\xa56feaed4a112888e5dbc7f10e3379bd9631b7a47f69a6fab200d55b5b604926');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 77, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a312c2263617264223a2264322d77616c7275732d33227d2c226d223a33322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 77, '\xa120bae0727146dd7bc71f3b4a76984b30f7ba0dfb150560f30ecb156b867e23');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 78, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a317d2c226d223a33327d', 78, '\x8a830acb0f11e3eb84779c7506305edfdcb270575191564cc4af6adaea49e059');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 79, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264322d6d6f6f73652d31227d2c226d223a33327d', 79, '\xa92ee91fb930251491f38d328a5cbac80c37c92f0d0043e4f52079cea8da47ef');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 80, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a33327d', 80, '\x93cdafb00d0add3a611aeef412606b42a5e3f7313e4a9ffe4b80aaa85193c0a6');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 81, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a372c22726f756e64223a342c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d2c226d223a33327d', 81, '\x253bb5827bc28ad6912701dd68cd81d301b780be2c66e7be0c459b296f044cfe');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 9, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a327d2c226d223a337d', 292, '\xbe81d2ba860000d9cd3df88bbbf9d18f015d638cd5134a2a21749434b7b0487a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 82, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d70756666696e2d34222c22706c6163656d656e74223a22746f70227d2c226d223a33332c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d70756666696e2d34222c22706c6163656d656e74223a22746f70227d7d', 82, '\xfb53a3e73a24d53f7882e6ad940a5e39b3bc74e885b8a3f836a869b8a1526c19');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 83, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a33337d', 83, '\xe9ce7ddb467cf082daa76809cebe0e94d334b6ff5d295e3ab6090a1c1c42be09');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 84, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a317d2c226d223a33337d', 84, '\x91e7891546425a6464dea85a58fdf93aff812d13d06948c16f80b1afbcd39c19');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 85, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a2270756666696e222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a226f726361222c22636f6d70616e696f6e5f73746570223a317d2c226d223a33337d', 85, '\x1f7cfa0708b33a29eaac25fe26163ac9d65a1c74651c070daa05552a41ed30ac');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 86, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a302c2263617264223a2264312d6f7263612d31227d2c226d223a33342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 86, '\x0498ff8a9b2575ed4c2fb58e7888f62b908062572be85dbbfc05a8c8ea5ad474');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 87, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264312d70756666696e2d35227d2c226d223a33347d', 87, '\x7f2a5e69ea0a8c09d5386825b7995f6feca56661876cf86cec0855f3fd603ff7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 88, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a352c2263617264223a2264312d706f6c61725f626561722d34227d2c226d223a33352c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 88, '\x31632509f8fc1be21c1865ae7395f32f613a34b9dc5e703a63487b00fcbe5c1e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 89, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264312d666f782d34227d2c226d223a33357d', 89, '\xad836b8710e05c0cdbafbaa2825475a921077741b9a2267fa20502f4ff96fbea');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 90, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264312d6d6f6f73652d32227d2c226d223a33362c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a66616c73652c22726566696c6c223a6e756c6c7d7d', 90, '\xba17e438775245d4c03bb93b240fe2259cd0309004b3dacc1ece2fe19942243f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 91, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a312c2263617264223a2264322d6d6f6f73652d31227d2c226d223a33372c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 91, '\xfe3ae45b7f589599ab8994b8615116a6815556f3f9e41d445e8aae22ce1a7566');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 92, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264312d70756666696e2d34227d2c226d223a33377d', 92, '\xee819a3d34a1fd521e7a0936768d88090b8da429b998a22be0adda6a7effdbd2');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 93, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d706f6c61725f626561722d32227d2c226d223a33377d', 93, '\x2aab06cbec8efe549b7cb973c6d152fc37583e421cb3f2b38c028077dc8e233d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 94, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a347d2c226d223a33377d', 94, '\x753c849a1004e42ee8d4aec67f9b6c1ed17e491d4285058bec6bda30b2f4e098');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 95, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31227d2c226d223a33382c2278223a7b2274797065223a2244697363617264222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31227d7d', 95, '\x7cfa9d68ecfbe07492e4ae6b6d271a5c660a26e05c5ea94be4c9505f14844b0f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 96, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a33387d', 96, '\xc76dce63df4422ba1ecbba2079bbf615d904ef11792ceda973c6319f0a3f97f8');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 97, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a382c22726f756e64223a342c22706c6163656d656e745f76616c7565223a352c2266696e616c223a66616c73657d2c226d223a33387d', 97, '\x6dcd836524a56583ee08bd0ee5f95e7992753c9dd3e6729c7f478e3810c85840');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 98, 'domain.arctic.events:PlacementValueChanged', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163656d656e7456616c75654368616e676564222c2273656174223a312c2264656c7461223a2d312c22706c6163656d656e745f76616c7565223a347d2c226d223a33392c2278223a7b2274797065223a225573654d6f6f736542222c2273656174223a312c2264656c7461223a2d317d7d', 98, '\x70621352989f1825048b465525f4b750baa338f07a56099a8e5de08f40d01a90');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 99, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264322d77616c7275732d33222c22706c6163656d656e74223a22626f74746f6d227d2c226d223a34302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264322d77616c7275732d33222c22706c6163656d656e74223a22626f74746f6d227d7d', 99, '\x3772e09085d365b84b93fd0b47dc5f0d442563061cc488adcb04f78f5b25230f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 100, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a337d2c226d223a34307d', 100, '\xb416c71b5495bfe3e4333d828a1c80e0de4d039e1705686be4fa89d9b9fda726');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 101, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264312d706f6c61725f626561722d33227d2c226d223a34307d', 101, '\x9df05ccf3849044b247d8d9969d95d4cfc845555ac2e98a6a36e0b8f909d1578');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 102, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264322d6f7263612d33227d2c226d223a34307d', 102, '\x500115a401022b4608c65f04cc05039b88094d92eea15a1bc154a40a7100cbf5');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 103, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264322d77616c7275732d35227d2c226d223a34307d', 103, '\x1ab0dbc6f01579060b4e147c174f9ada463e2c8ababea01cd4f1ff6ab8a4ba4a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 104, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a226d6f6f7365222c2273696465223a2242222c2266726f6d5f73656174223a317d2c226d223a34307d', 104, '\x0dd848f60c2bd2c8853baf82213d4c74ba8002975bee0913c57b16bfd7a57168');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 105, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a226d6f6f7365222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a2277616c727573222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a34307d', 105, '\xe1fa74f407b03d1afa65bf31b833828475a7906aa13a89f3c264589a1e4c8856');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 106, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a312c2263617264223a2264312d70756666696e2d34227d2c226d223a34312c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 106, '\x109ec93055b477a2108095f1e17dbf8e82d5b0c56e4047aa9f40fe6163c6004d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 107, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a317d2c226d223a34317d', 107, '\xa2e5930b54d33387770a756da8094fd8b85c00ecef348fe9afc406cdce6b5976');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 108, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264322d70756666696e2d35227d2c226d223a34317d', 108, '\xa380ee248918d524c0e5975f83c207dbeeab64f319d788874c9e3bc6f6131a76');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 109, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a34317d', 109, '\x1eda272f103b75e50e64c3ddf65ed2f6c8f90ba66f2a76d9bd4a75d1120a888e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 110, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a392c22726f756e64223a352c22706c6163656d656e745f76616c7565223a322c2266696e616c223a66616c73657d2c226d223a34317d', 110, '\x35ea4e6a17c9deeb58d3c3561a58bf3a29966ab29715b7f9942360ad51d0a3bd');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 111, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d666f782d35222c22706c6163656d656e74223a22746f70227d2c226d223a34322c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d666f782d35222c22706c6163656d656e74223a22746f70227d7d', 111, '\x7525c1562c7be9ff15cb186dc5a0e4b4ef5c4790f7cab32ceb2a624d36f3878e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 112, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d6f7263612d33222c22706c6163656d656e74223a22746f70227d2c226d223a34332c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d6f7263612d33222c22706c6163656d656e74223a22746f70227d7d', 112, '\x6e6737102b4ff5fec5a4cd842d9b46e5e4f7d7b28d2d762583329f4b8d2f88f3');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 113, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a322c2273686f727466616c6c223a307d2c226d223a34337d', 113, '\xd02ca2466f13c9b333cfa83041dc4df1d59c9c06783e0df638471d35a9dbc28c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 114, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a226f726361222c2273696465223a2241222c2266726f6d5f73656174223a307d2c226d223a34337d', 114, '\x5162dea83c963aad380241fda47aac7b96134a202374494493146e1180d5ecfb');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 115, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a226f726361222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a22666f78222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a34342c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a226f726361227d7d', 115, '\xb8be6d24a85580d9ab9c382f653ccb87f9478f7ab73c232682e2b22052d799a7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 116, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a322c2263617264223a2264322d77616c7275732d31227d2c226d223a34352c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a322c226f7263615f726566696c6c223a66616c73652c22726566696c6c223a6e756c6c7d7d', 116, '\xc6c50fc94405ea9be7828cfe4cd71c8eaffe8c1d49e2a08efb44688b33631a53');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 117, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a302c2263617264223a2264312d70756666696e2d35227d2c226d223a34362c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 117, '\xcb532384b5ff0b3b51acdb8b46a6677c71ffa354488aefe38342d92bbc0c35c7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 118, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264322d666f782d31227d2c226d223a34367d', 118, '\xeb11901739a5e4a42a1f2bdfe615c473ad217f04929bbb0cb5a8d43072810f7e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 119, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a322c2263617264223a2264322d706f6c61725f626561722d33227d2c226d223a34367d', 119, '\x361f077c40a10c80c25635d4867a85fd6cd6387ae2121a3fbafbbfd9fabad668');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 120, 'domain.arctic.events:CardTakenFromPenalty', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31227d2c226d223a34372c2278223a7b2274797065223a2254616b6546726f6d50656e616c7479222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31227d7d', 120, '\x7b0aaee6b244206b3c5743467dc6d62c9ca9bd28d6df32c13ef7a1a108640860');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 121, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a337d2c226d223a34377d', 121, '\xa3eb61f9f2d5def7ed17101c3c86453d32f5f44e662670f7046cdf991a2c830d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 122, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a302c2263617264223a2264322d77616c7275732d32227d2c226d223a34382c2278223a7b2274797065223a2244697363617264222c2273656174223a302c2263617264223a2264322d77616c7275732d32227d7d', 122, '\x4c6a3ee9d9b88b4890150077df9b59873e9385b955749d702cc884d29ef95bc7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 123, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a34387d', 123, '\x3f7651766861d723af379bfb543817e782de9ede2d756073adcc16b827a7f0a8');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 124, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a31302c22726f756e64223a352c22706c6163656d656e745f76616c7565223a352c2266696e616c223a66616c73657d2c226d223a34387d', 124, '\xfa1642fd3f502e172b4cc12a97f357d6fb5d8388f5676de8a93b9fe2685ac601');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 125, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d70756666696e2d34222c22706c6163656d656e74223a22746f70227d2c226d223a34392c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d70756666696e2d34222c22706c6163656d656e74223a22746f70227d7d', 125, '\x4fa97edb06c92108931127713c45ea28783823882096e7db037abee8e23fff98');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 126, 'domain.arctic.events:PlacementValueChanged', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163656d656e7456616c75654368616e676564222c2273656174223a312c2264656c7461223a2d312c22706c6163656d656e745f76616c7565223a347d2c226d223a34397d', 126, '\xbcebc3961294db8e4ee8eb0c1396b7bdd209e7e1d27c5f172c0318f7bb9fa4e1');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 127, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a337d2c226d223a34397d', 127, '\x1bd8fce5dab9a9bbfcb82a97589975abcc3299eab2828abf9ecb94666cf7060e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 128, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264312d77616c7275732d32227d2c226d223a34397d', 128, '\x29d6cbf84728f5b53e3670042a1a5ce814e8c86c1aa1723894d399ff9e885375');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 129, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264312d77616c7275732d35227d2c226d223a34397d', 129, '\xedad5f7709eceeccfd9fc2440075eac219b463d355ad193cd7c1eb8ea2702871');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 130, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a312c2263617264223a2264322d77616c7275732d34227d2c226d223a34397d', 130, '\x29b2527b1499e6b179f7c20a71dc2947521c81b26cddf84d2a8eebf73e183ee1');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 131, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a307d2c226d223a34397d', 131, '\x8ff800f012ee3879fef25d2c869ad535008c66e107713698d887b57ecffeb262');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 132, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a2270756666696e222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a2277616c727573222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a35302c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a2270756666696e227d7d', 132, '\xef218233685ab2e43b7b5d242df44ea3edb64981b200c1d91a22736f9fd3c04e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 133, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a342c2263617264223a2264312d706f6c61725f626561722d32227d2c226d223a35312c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 133, '\xa0f66545fed88ebf1caaa5cc7afd7192444da76ba65ee018c66ef61c0691b1cf');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 134, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a302c2263617264223a2264322d666f782d31227d2c226d223a35322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 134, '\x149d2ecc2bd777be47ed21c6930fabb408655355db64a913cb5262cbdba9c031');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 135, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a352c2263617264223a2264312d666f782d34227d2c226d223a35332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 135, '\x00f1b000bfe82e183f2e332cfd0b062edc6dc65ab07f2f4095f30b23b7d13c75');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 136, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a312c2263617264223a2264322d70756666696e2d35227d2c226d223a35342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 136, '\x10dc4c170ebd1a9fbfd4e3e72aedd4e3b86ea70ca12a35e33b07ff9204852257');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 137, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a347d2c226d223a35347d', 137, '\x101f94cbfe5f1c4e8da61f5442fe3c0982971b74ba959cf2bc35f2a6ee722444');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 138, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264312d666f782d33227d2c226d223a35347d', 138, '\x5dc3973722bc498a74f8c045ae66b285f184614d009213e778d9929bbbb91b21');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 139, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264322d6f7263612d31227d2c226d223a35347d', 139, '\xc44464ed0d5b97cf7895478514131f5e5da0c01e9e12a9f3c2a5844270aefcdf');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 140, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264322d706f6c61725f626561722d34227d2c226d223a35347d', 140, '\x462bdcf47631b21e65eab9ade68b47075f7fe98c00aa3cf08e13e412ed5286de');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 141, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264312d6d6f6f73652d35227d2c226d223a35347d', 141, '\x9354af2e5934f304fc77f71cc5eb2303ef68ec30396f7616f243c5b1c0568184');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 142, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a35347d', 142, '\x69bb4a074bc2529bc64ac7241ebdf24bdedd08a25b87be921e5f6e91fd304c8e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 143, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a31312c22726f756e64223a362c22706c6163656d656e745f76616c7565223a332c2266696e616c223a66616c73657d2c226d223a35347d', 143, '\xa1d6e9d9be0bf0a4fa975294d5160207bf76ea3081a2fb8a2f28a039c6914fb6');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 144, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d706f6c61725f626561722d34222c22706c6163656d656e74223a22746f70227d2c226d223a35352c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d706f6c61725f626561722d34222c22706c6163656d656e74223a22746f70227d7d', 144, '\x2b2a03c253d1b782bbfac7d4cf94c9df9160c80547e76931fe4eaa6b06f0fc5e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 145, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d70756666696e2d35222c22706c6163656d656e74223a22746f70227d2c226d223a35362c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d70756666696e2d35222c22706c6163656d656e74223a22746f70227d7d', 145, '\x5ce68fdbbd563120a3857ff6ba7b7584e3f324720a80ded25de11354f5519d2f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 146, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d6f7263612d31222c22706c6163656d656e74223a22746f70227d2c226d223a35372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d6f7263612d31222c22706c6163656d656e74223a22746f70227d7d', 146, '\x67bcb06b27cc1bf3a69bed29cfb801ae9b3ec3d4c345c8c72d3346dd58959aa0');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 147, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a332c2273686f727466616c6c223a307d2c226d223a35377d', 147, '\xb79e9b5550739643fff9dc78aec9a28099665f97d2cba997d0d4339fd2798783');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 148, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a226f726361222c2273696465223a2241222c2266726f6d5f73656174223a307d2c226d223a35377d', 148, '\x8317936a24f41954c56f608159df1694949e372c3569094dd6a3af554866b282');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 149, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a226f726361222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a2270756666696e222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a35377d', 149, '\x9de2b0a1c3e47626a6ce3984bd7c1c38dc57d5fdf07226c9c050bf4abe43d961');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 150, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a302c2263617264223a2264312d666f782d33227d2c226d223a35382c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a302c226f7263615f726566696c6c223a66616c73652c22726566696c6c223a6e756c6c7d7d', 150, '\xaa42ce410ff74aef06c59dde3bc17ff1e923f8b033b9699324b5828fa2e77bff');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 151, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a317d2c226d223a35387d', 151, '\x8b4ba657198608b57e1e2e33ed41bb9e1a59527c88e3dd2f94a77dc79f9973cb');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 152, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264312d6d6f6f73652d34227d2c226d223a35387d', 152, '\x06dd5caa00ef1af2f9d1fc54db74cf29bf9f84df4598b3113e3489c952d76a34');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 153, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a35387d', 153, '\x859734c6641d4a5864fdf48305f6afa30dc597f6b3a05016f9c7dcda24dcbff4');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 154, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a31322c22726f756e64223a362c22706c6163656d656e745f76616c7565223a322c2266696e616c223a66616c73657d2c226d223a35387d', 154, '\x7a6c7b36e2ba648f6c5afbe879de1cb828155389361ecd5d0a7c279df3ea3d2b');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 155, 'domain.arctic.events:PuffinSwapped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250756666696e53776170706564222c2273656174223a312c2268616e645f63617264223a2264312d706f6c61725f626561722d32222c2272697665725f736c6f74223a302c2272697665725f63617264223a2264312d6d6f6f73652d34227d2c226d223a35392c2278223a7b2274797065223a2250756666696e53776170222c2273656174223a312c2268616e645f63617264223a2264312d706f6c61725f626561722d32222c2272697665725f736c6f74223a307d7d', 155, '\x36e966028c846932f059a3f0db735f090bfe1f498075a044fab81119a297b41b');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 156, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d666f782d34222c22706c6163656d656e74223a22746f70227d2c226d223a36302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d666f782d34222c22706c6163656d656e74223a22746f70227d7d', 156, '\xf9365d4cc4dd34516488a5bb5b49ee46ae34b9d2eccb48d8fbc2e1161b016c6e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 157, 'domain.arctic.events:PlacementValueChanged', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163656d656e7456616c75654368616e676564222c2273656174223a312c2264656c7461223a2d312c22706c6163656d656e745f76616c7565223a317d2c226d223a36312c2278223a7b2274797065223a225573654d6f6f736542222c2273656174223a312c2264656c7461223a2d317d7d', 157, '\xb3790a5e45fe1a2de66da47b42ebf92f3fe3868608e0d1f53cc0cc7fdb29d274');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 158, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a36317d', 158, '\x7ae07319bfac9e824a7baf535b2b44aa718fdae3caea9f58039d069bdb5ba9c5');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 159, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a22666f78222c2273696465223a2242222c2266726f6d5f73656174223a317d2c226d223a36317d', 159, '\x9f66bda198fd6375adbef6a73aa502c906d809c22056707cf14949fd7566348f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 160, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a22666f78222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a2270756666696e222c22636f6d70616e696f6e5f73746570223a317d2c226d223a36322c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a2270756666696e227d7d', 160, '\xa2b1526ebc81b850e54c40aff37f3cf4206aafa7261ebd86a984dac1837c571e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 161, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a322c2263617264223a2264322d706f6c61725f626561722d33227d2c226d223a36332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a322c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 161, '\xc7e0627948ab98cf96515a6fa1b20f129b9895452b7c4eef9449245fb4e9fba0');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 162, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a302c2263617264223a2264312d706f6c61725f626561722d32227d2c226d223a36342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 162, '\x2ea95e90477bb1dc40141795561c761bc923e80aa319936f839b9cf40e05d556');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 163, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a352c2263617264223a2264312d6d6f6f73652d35227d2c226d223a36352c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 163, '\x3270809788c2f6b0a174261a9f032247b9cf5661eefb4fb914d240b25e605ec1');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 164, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a332c2263617264223a2264312d77616c7275732d31227d2c226d223a36362c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 164, '\x999b889e747241ebace017bde98c4e2c2b5b8a6f66cfcc3db118e8a7dc733653');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 165, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a347d2c226d223a36367d', 165, '\x32a4b427f0527f4b7920d405746a140c6587adc511f63aca3113cc541d889eb0');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 166, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264322d666f782d32227d2c226d223a36367d', 166, '\x90e1d9bad7fc220a443558f7af96b01663406ab0f13c9903a3d4dfdb92bf8a33');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 167, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a322c2263617264223a2264312d70756666696e2d32227d2c226d223a36367d', 167, '\x480078553453e9c691f7d9b6d6a86d39e5fc97eeeacd7192723d0e01d0e13a29');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 168, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a332c2263617264223a2264312d6d6f6f73652d33227d2c226d223a36367d', 168, '\x61bfebc488cbf1b7d4f9a18751e252506b102eb1c317aefa40cdffdf5c192675');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 169, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264312d6f7263612d35227d2c226d223a36367d', 169, '\xe7c567bfb307bd2b35f5373ccb160adf2ba940b8938c38fb2ad0741d4534d3c9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 170, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a36367d', 170, '\x760c11afe1c3e79d7dd1c1ebc09122f6e0cb53fac4d9c60b666e9360dbf574a7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 171, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a31332c22726f756e64223a372c22706c6163656d656e745f76616c7565223a352c2266696e616c223a66616c73657d2c226d223a36367d', 171, '\x9a672d4c6b3bb78984b97e76fa7fb04685f0f83ff13e063b7e1e64e68078aa9b');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 172, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d666f782d33222c22706c6163656d656e74223a22746f70227d2c226d223a36372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d666f782d33222c22706c6163656d656e74223a22746f70227d7d', 172, '\x6e1e980b4c2c15d3c8412e78b7f2021a3dda71ccb445d591acb8362682a67b2b');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 173, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d6d6f6f73652d32222c22706c6163656d656e74223a22746f70227d2c226d223a36382c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d6d6f6f73652d32222c22706c6163656d656e74223a22746f70227d7d', 173, '\x802ae073d62a49b7f790d012a879fdd4e0c3a7b39814b89bd6a76d3e6687bc7e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 174, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31222c22706c6163656d656e74223a22746f70227d2c226d223a36392c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d6d6f6f73652d31222c22706c6163656d656e74223a22746f70227d7d', 174, '\xb0da4557c5f1397ff5aa8cd5fa1aa1d24d49e9d04b02fb99dd8c3cf850d56976');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 175, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d77616c7275732d31222c22706c6163656d656e74223a22746f70227d2c226d223a37302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d77616c7275732d31222c22706c6163656d656e74223a22746f70227d7d', 175, '\x87ed2c4426ffd6edfaa1d38232fb8e9ee1c2663f0cd28ea90b2b696b896c7d36');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 176, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d32222c22706c6163656d656e74223a22746f70227d2c226d223a37312c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d32222c22706c6163656d656e74223a22746f70227d7d', 176, '\x55c3421cedca69a4ae0bd472e3d63545cbd8fe0169c6d53b4fcafc1bf50ddbbd');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 177, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a352c2273686f727466616c6c223a307d2c226d223a37317d', 177, '\xf1db03c145bcca38fdd6bbfc997122d30bdaae812de35bc42b5c1f22c1e6b437');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 178, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a22706f6c61725f62656172222c2273696465223a2241222c2266726f6d5f73656174223a307d2c226d223a37317d', 178, '\xfc2eca11b418a0491e05d62865800fb6b2c278be0c0927062b336cae6a7c0634');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 179, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a22706f6c61725f62656172222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a2277616c727573222c22636f6d70616e696f6e5f73746570223a317d2c226d223a37322c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a2277616c727573227d7d', 179, '\x51b22e0492cc9891368403785922550b0f3e4d05ae82640f795ed01b56dcc34f');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 180, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264322d706f6c61725f626561722d34227d2c226d223a37332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a66616c73652c22726566696c6c223a6e756c6c7d7d', 180, '\xb2cdc45205e5eda599014996445270274858e85b4172550583466b7a0d2cce54');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 181, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a332c2263617264223a2264312d6d6f6f73652d33227d2c226d223a37342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 181, '\x8f104ae22bd3745b04fecc7f5100df63afcb63c3f6ebf38b0bef14c6fb439565');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 182, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a332c2263617264223a2264322d6d6f6f73652d34227d2c226d223a37347d', 182, '\x699efbb02c521392a594e96b094f5588ab5d34d982ddb086143b0317008472dc');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 183, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d6f7263612d32227d2c226d223a37347d', 183, '\x3c139ee4ec6eb42453611b1535ceac36d7cec684394263fff4370e3091fbfa0b');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 184, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a327d2c226d223a37347d', 184, '\x6be3eb25342206c01941a4e82c9f670fae70e0f8c02fa48660ff09972468f111');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 185, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a37347d', 185, '\x2266c62030cbab5372b0c967948ef17acd55cc86a7e77e1e57f0a107ce5b2e89');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 186, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a31342c22726f756e64223a372c22706c6163656d656e745f76616c7565223a322c2266696e616c223a66616c73657d2c226d223a37347d', 186, '\x7a2d095d6e1647460a199e29ca2e3ffb245cd6ab23a7745be0e7421b2bea204d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 187, 'domain.arctic.events:PuffinSwapped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250756666696e53776170706564222c2273656174223a312c2268616e645f63617264223a2264312d6d6f6f73652d35222c2272697665725f736c6f74223a322c2272697665725f63617264223a2264312d70756666696e2d32227d2c226d223a37352c2278223a7b2274797065223a2250756666696e53776170222c2273656174223a312c2268616e645f63617264223a2264312d6d6f6f73652d35222c2272697665725f736c6f74223a327d7d', 187, '\xc494164c13fcb4455690ef7302e21fc5ef4a715bbf68d4445d5bb994e0969bb0');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 188, 'domain.arctic.events:PlacementValueChanged', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163656d656e7456616c75654368616e676564222c2273656174223a312c2264656c7461223a2d312c22706c6163656d656e745f76616c7565223a317d2c226d223a37362c2278223a7b2274797065223a225573654d6f6f736542222c2273656174223a312c2264656c7461223a2d317d7d', 188, '\x5b3ed03e3c5a914392a5719cdb636bf5d53bdf77a0964200c161fdb6494ede77');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 189, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264322d70756666696e2d35222c22706c6163656d656e74223a22746f70227d2c226d223a37372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264322d70756666696e2d35222c22706c6163656d656e74223a22746f70227d7d', 189, '\x86a92b2eddbb7b04f68360aa1ab1e9517e4d0740196169a988c107d184b3d422');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 190, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a37377d', 190, '\x3cb35c9e548fd4504ffe3cbd0cff8b759dd17dbd5b0ebca0a4b608c868f7d460');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 191, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a317d2c226d223a37377d', 191, '\xcb9f07e74355a1db16dd9802f9ff088e8e441394ff0a424440ccbf257480832c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 192, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a2270756666696e222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a22706f6c61725f62656172222c22636f6d70616e696f6e5f73746570223a317d2c226d223a37377d', 192, '\xb0542807b480c2ce47ee739fa9caaad9bd6cb30c787dbe1d0a8ea5a61d9773c7');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 193, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a352c2263617264223a2264312d6f7263612d35227d2c226d223a37382c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 193, '\x77d29a857b51b848927adbe364735726eb36b380773665e2fb1991b2dbc8bee0');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 194, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a332c2263617264223a2264322d6d6f6f73652d34227d2c226d223a37392c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 194, '\x806de91e4cd916b3d4f0a12d3e354e502991e15f10e4aeb34df65a22fdd2a08a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 195, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a302c2263617264223a2264322d666f782d32227d2c226d223a38302c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 195, '\x65200a5a1d8a1f4a7109ad6759a404d63ae2f85a3781382dcb55fc61c3a5288e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 196, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a322c2263617264223a2264312d6d6f6f73652d35227d2c226d223a38312c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a322c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 196, '\xfcb37536d3c7c447ff9e620c07ffb0694829f4096a8284f272c3420bcd4c670a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 197, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a342c2263617264223a2264312d6f7263612d32227d2c226d223a38322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 197, '\x50e9f86ad4e8d68cb884030f4221240605f236226a6c4ae2c28f351f9cc17e64');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 198, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a357d2c226d223a38327d', 198, '\xc634dd5cb0032fe24a1497e48921148913faba1961460d081b091c63dffdc8fb');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 199, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a312c2263617264223a2264312d6f7263612d35227d2c226d223a38332c2278223a7b2274797065223a2244697363617264222c2273656174223a312c2263617264223a2264312d6f7263612d35227d7d', 199, '\x634c8bf4640c2272b00b9de531bcdcedbcf304067c91ba0ef3cd5a60f9b9ecf9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 200, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a312c2263617264223a2264312d6d6f6f73652d34227d2c226d223a38342c2278223a7b2274797065223a2244697363617264222c2273656174223a312c2263617264223a2264312d6d6f6f73652d34227d7d', 200, '\x28d99a67e89f00746867690c6c32fa12c895866ee5e8fe366b28278dc9afdc28');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 201, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a312c2263617264223a2264312d6f7263612d32227d2c226d223a38352c2278223a7b2274797065223a2244697363617264222c2273656174223a312c2263617264223a2264312d6f7263612d32227d7d', 201, '\x8b19d7427d0f02d44d38f41c03f15eeb065eb00965abbaf6b76588f4507b4cfc');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 202, 'domain.arctic.events:CardDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264446973636172646564222c2273656174223a312c2263617264223a2264322d666f782d32227d2c226d223a38362c2278223a7b2274797065223a2244697363617264222c2273656174223a312c2263617264223a2264322d666f782d32227d7d', 202, '\x821a585ec83c1c9cf856ceb027f1fc711adbde7c3846b516cf86dd398d3521b4');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 203, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264322d6d6f6f73652d33227d2c226d223a38367d', 203, '\x443445f3c1e92b41af454025b505f2eaa3309968523665266ed5725678cf87f9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 204, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a322c2263617264223a2264312d6f7263612d34227d2c226d223a38367d', 204, '\x20313defa9e9b04e0699e7a9d8ac2ff3941fef150f8c4cb77da1781d880079dc');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 205, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a332c2263617264223a2264312d706f6c61725f626561722d35227d2c226d223a38367d', 205, '\xfd10a7a3245d44215fc79b0a7ef69697c56901840c96145b070fc34b1db40838');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 206, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264322d6d6f6f73652d32227d2c226d223a38367d', 206, '\x2a656fce3bbaa149a1ef9efa5ba8cd59f6f307c0b20234473e6c8f16f79a642c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 207, 'domain.arctic.events:DrawPileExhausted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a224472617750696c65457868617573746564222c22726573657276655f73697a65223a357d2c226d223a38367d', 207, '\xd790d098ee0dfc6ea5ec29281145100597393647411d3edec6de4740c583d7f1');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 208, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264322d666f782d33227d2c226d223a38367d', 208, '\xe6eda986ef4ad88893a3b5ab5c18e4a16f494d0e99518adb5bccb9c7aad8faaa');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 209, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a38367d', 209, '\x3e9c6470f8c2669a43f837f0171be28cb9cd8fa8ac837310a7ddd3111346205c');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 210, 'domain.arctic.events:FinalRoundStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2246696e616c526f756e6453746172746564222c2273746172745f73656174223a307d2c226d223a38367d', 210, '\xc5a9a051f3e387be10863eee1642c652fd408edc9bae3b288bd9d5c2bc1f88ce');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 211, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a31352c22726f756e64223a382c22706c6163656d656e745f76616c7565223a342c2266696e616c223a747275657d2c226d223a38367d', 211, '\x0a767b32e828f52f6193a7b3d964be4d90624cf23f9b2c60e0598ecfe6b9b35d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 212, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d34222c22706c6163656d656e74223a22746f70227d2c226d223a38372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d706f6c61725f626561722d34222c22706c6163656d656e74223a22746f70227d7d', 212, '\x3b180b498922433ca14ea5fea49685954733db87f5e1ef5fb74d50b5a90070b4');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 213, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d6d6f6f73652d33222c22706c6163656d656e74223a22746f70227d2c226d223a38382c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d6d6f6f73652d33222c22706c6163656d656e74223a22746f70227d7d', 213, '\x867609ca6a3d0c3ed328463272337731ec532827441d01e747818aa9af67d825');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 214, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a322c2273686f727466616c6c223a327d2c226d223a38387d', 214, '\x29c481f7ef65762ca6be1ca287961df08f14851749e67385d72849150fa69dd9');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 215, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264322d6f7263612d34227d2c226d223a38387d', 215, '\x6b0f0a180062823c69cef3d3808bf3c9b5fb5baf969224b4bd3907e6fcbc136d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 216, 'domain.arctic.events:PenaltyCardDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250656e616c747943617264447261776e222c2273656174223a302c2263617264223a2264322d666f782d34227d2c226d223a38387d', 216, '\x8301948b47f789ff7c4d9cc8990648c1e72339dd4ee55311e1b0aaf8a399d3d3');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 217, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a226d6f6f7365222c2273696465223a2242222c2266726f6d5f73656174223a317d2c226d223a38387d', 217, '\xf9193d1ab3a9a0588be3e26eebe33e5dc03555b6bfe2b7f49d3b8709db517678');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 218, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a226d6f6f7365222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a2270756666696e222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a38392c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a226d6f6f7365227d7d', 218, '\x85a5d457ab0f96316e151aa19e15b7a8e00d1c2676af593424e55511ca981a9e');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 219, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a38397d', 219, '\x6373d6742e0597ce7e7f7820ff56539521403d9211fed3e82eebd98b0ef833fd');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 220, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a31362c22726f756e64223a382c22706c6163656d656e745f76616c7565223a312c2266696e616c223a747275657d2c226d223a38397d', 220, '\xdb510c4324940cddd709dc9af707015900e0f653afb04b837582dad626b5e6e5');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 221, 'domain.arctic.events:PuffinSwapped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2250756666696e53776170706564222c2273656174223a312c2268616e645f63617264223a2264322d6d6f6f73652d34222c2272697665725f736c6f74223a332c2272697665725f63617264223a2264312d706f6c61725f626561722d35227d2c226d223a39302c2278223a7b2274797065223a2250756666696e53776170222c2273656174223a312c2268616e645f63617264223a2264322d6d6f6f73652d34222c2272697665725f736c6f74223a337d7d', 221, '\x56d6d68c45c4783d7ed84c218f367fbe0418e88bbe68a9e54d9f4ba177077e50');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 222, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264312d70756666696e2d32222c22706c6163656d656e74223a22626f74746f6d227d2c226d223a39312c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264312d70756666696e2d32222c22706c6163656d656e74223a22626f74746f6d227d7d', 222, '\x2f8d398c510a99c9b33dec4616d353620b5475454fb01a092a39a76ee2456392');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 223, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a39317d', 223, '\x95bd49775ba50f6ca6021728cfcc6a0452a8d1d8615cea2da198c368b0c4741d');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 224, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a317d2c226d223a39317d', 224, '\x44cdece5073ffda4ae5a3bc7d929e5ecd0c2db0aea9c5cfed508d725992a692a');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 225, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a2270756666696e222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a22706f6c61725f62656172222c22636f6d70616e696f6e5f73746570223a317d2c226d223a39322c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a22706f6c61725f62656172227d7d', 225, '\xc0548b65f0273b2a83ee230cae0208e781328c5c56c7b39ea7d6d0d08603d1bc');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 226, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a39327d', 226, '\xfe26afaed02bb80ffbcb475e56d731f0153235de74afd6abd71e96347409c566');
INSERT INTO public.banquise_events VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 227, 'domain.arctic.events:GameFinished', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3231393330395a222c2265223a7b2274797065223a2247616d6546696e6973686564222c2273636f726573223a5b7b2273656174223a302c22706c61796572223a22706c6179657231222c2272756e73223a7b226d6f6f7365223a312c22706f6c61725f62656172223a317d2c2272756e735f746f74616c223a322c22646976657273697479223a312c22746f74656d5f616e696d616c223a22706f6c61725f62656172222c22746f74656d223a332c2270656e616c7479223a2d332c22746f74616c223a332c2272616e6b223a312c22666f785f77696c64223a5b5d7d2c7b2273656174223a312c22706c61796572223a22706c6179657232222c2272756e73223a7b22666f78223a312c2270756666696e223a317d2c2272756e735f746f74616c223a322c22646976657273697479223a312c22746f74656d5f616e696d616c223a226f726361222c22746f74656d223a31302c2270656e616c7479223a2d31322c22746f74616c223a312c2272616e6b223a322c22666f785f77696c64223a5b5d7d5d2c2277696e6e6572223a307d2c226d223a39327d', 227, '\x4d84d198dba27f04fe4838e26108c3b2d55a897c73672942d80024b5ba08d834');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 1, 'domain.arctic.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a2247616d6553746172746564222c2272756c65735f76657273696f6e223a226172637469632d32222c22706c6179657273223a5b22706c6179657231222c22706c6179657232222c22706c6179657233225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c22706f7765725f7369646573223a7b22666f78223a2242222c226d6f6f7365223a2242222c2277616c727573223a2241222c226f726361223a2242222c2270756666696e223a2242222c22706f6c61725f62656172223a2241227d2c22746f74656d73223a5b2277616c727573222c2270756666696e222c226d6f6f7365225d2c226465636b5f6f72646572223a5b2264312d666f782d33222c2264322d70756666696e2d31222c2264332d6d6f6f73652d32222c2264322d77616c7275732d35222c2264332d666f782d34222c2264312d6f7263612d34222c2264322d77616c7275732d33222c2264312d77616c7275732d31222c2264322d6f7263612d32222c2264312d70756666696e2d33222c2264322d6f7263612d34222c2264322d666f782d32222c2264322d70756666696e2d35222c2264312d6d6f6f73652d35222c2264312d6f7263612d32222c2264332d666f782d33222c2264332d77616c7275732d34222c2264332d6f7263612d32222c2264332d70756666696e2d35222c2264312d706f6c61725f626561722d33222c2264332d6d6f6f73652d35222c2264312d77616c7275732d33222c2264332d70756666696e2d33222c2264322d70756666696e2d33222c2264322d70756666696e2d32222c2264332d706f6c61725f626561722d35222c2264322d6d6f6f73652d31222c2264312d706f6c61725f626561722d32222c2264312d77616c7275732d35222c2264322d77616c7275732d32222c2264312d6f7263612d31222c2264312d6d6f6f73652d34222c2264312d70756666696e2d35222c2264312d706f6c61725f626561722d31222c2264332d6f7263612d33222c2264312d666f782d34222c2264322d70756666696e2d34222c2264312d77616c7275732d34222c2264322d77616c7275732d31222c2264312d77616c7275732d32222c2264332d6f7263612d31222c2264332d706f6c61725f626561722d34222c2264312d70756666696e2d31222c2264322d77616c7275732d34222c2264322d6d6f6f73652d34222c2264322d6d6f6f73652d33222c2264312d6f7263612d35222c2264332d706f6c61725f626561722d32222c2264322d6f7263612d31222c2264312d70756666696e2d32222c2264322d706f6c61725f626561722d31222c2264312d6d6f6f73652d32222c2264312d666f782d35222c2264322d6d6f6f73652d35222c2264322d706f6c61725f626561722d33222c2264322d6f7263612d33222c2264332d6d6f6f73652d33222c2264322d706f6c61725f626561722d35222c2264322d706f6c61725f626561722d34222c2264332d70756666696e2d34222c2264332d6d6f6f73652d34222c2264322d706f6c61725f626561722d32222c2264332d77616c7275732d33222c2264332d70756666696e2d31222c2264332d666f782d35222c2264322d666f782d31222c2264312d6d6f6f73652d31222c2264332d6d6f6f73652d31222c2264312d70756666696e2d34222c2264312d666f782d31222c2264332d666f782d31222c2264332d77616c7275732d32222c2264332d706f6c61725f626561722d31222c2264312d706f6c61725f626561722d34222c2264312d6f7263612d33222c2264312d6d6f6f73652d33222c2264322d666f782d35222c2264332d70756666696e2d32222c2264322d6d6f6f73652d32222c2264322d666f782d33222c2264312d666f782d32222c2264332d6f7263612d34222c2264332d77616c7275732d35222c2264332d77616c7275732d31222c2264332d6f7263612d35222c2264332d706f6c61725f626561722d33222c2264332d666f782d32222c2264322d6f7263612d35222c2264312d706f6c61725f626561722d35222c2264322d666f782d34225d2c2273656564223a31337d2c2278223a7b227365747570223a7b22706c6179657273223a5b22706c6179657231222c22706c6179657232222c22706c6179657233225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c2273656564223a31332c22706f7765725f7369646573223a6e756c6c2c226465636b5f6f72646572223a6e756c6c2c22746f74656d73223a6e756c6c7d7d7d', 228, '\x8cc3e32e5683f061a9cf222e42094983f6cf1764174de26fa72eed4150d1792d');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 2, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a312c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d7d', 229, '\x77f96ad7c827a96a32c5a9c8db2a088fd59deb7b0515f41e068f330c6f6ba6a5');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 3, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d70756666696e2d35222c22706c6163656d656e74223a22746f70227d2c226d223a302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d70756666696e2d35222c22706c6163656d656e74223a22746f70227d7d', 230, '\xf56983562ddc617a7cb5bcbab1aa5df2ed02af385310a910072fe0a0b1837463');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 4, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a307d', 231, '\x3bd41353b0f71068835fa436c6efc6d998d96315f84c6bb4a667359f0cc456bc');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 5, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a2270756666696e222c2273696465223a2242222c2266726f6d5f73656174223a6e756c6c7d2c226d223a307d', 232, '\x25c0384365079b135289d459ea0cc0339060aaebd06f16b86d7a5480bc8e81be');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 6, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a2270756666696e222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a22706f6c61725f62656172222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a2270756666696e227d7d', 233, '\xa0fac86690428d136a9f90aa75d42c33b8f3e01075d6c583be1eb7e408ab2392');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 7, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a312c2263617264223a2264332d6d6f6f73652d35227d2c226d223a322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 234, '\xa5c5ed8ef31eedc805a6c136a08ffebea4580e64c685a4a3713c929a9ea393e3');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 8, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a332c2263617264223a2264332d70756666696e2d33227d2c226d223a332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 235, '\x86fafca4af915f329c32177d72bbb2aac3ec746c5e2291e8f78a014a0cac33a8');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 9, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264322d70756666696e2d33227d2c226d223a342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 236, '\x3d5b71dc5c04b676e1abed27318c8275f14d53157394564cd8b915434ede1ea3');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 10, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3239383233395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a322c2263617264223a2264312d77616c7275732d33227d2c226d223a352c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a322c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 237, '\xef0f9c729e9d22757cda666dcf131b2098193f2e8ecba6c198b7bf3ad89c46ef');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 11, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a352c2263617264223a2264322d70756666696e2d32227d2c226d223a362c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 238, '\xb015811f68583ae3953a282dbed537d300d5dec094bf379da3884117c85a4a01');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 12, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a302c22647261776e223a357d2c226d223a367d', 239, '\x9151ea2ccfac2a77dd905e2807b366229f993252f59b2e035a97ff4e04be0dff');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 13, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264332d706f6c61725f626561722d35227d2c226d223a367d', 240, '\xdd59d9af9185277285fe8adcd1af64b6331e568539cc81321c98d54c18ddbac6');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 14, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a322c2263617264223a2264322d6d6f6f73652d31227d2c226d223a367d', 241, '\xe20b410744662a5ce4fe4637218039cde29cf6c827ee98f8390034ce4cd5cfd6');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 15, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a332c2263617264223a2264312d706f6c61725f626561722d32227d2c226d223a367d', 242, '\x260c6d3e52622406c8363cc463665e5ea92713591428d2740567c070b2d4ba8c');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 16, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d77616c7275732d35227d2c226d223a367d', 243, '\x88a555dba5cf3238dd96f24e48576c98c881076cb03dcb3245120eee4b41c94f');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 17, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264322d77616c7275732d32227d2c226d223a367d', 244, '\x4d5ed479f90afc2a53a4577758fc9788981b2fb637baea1ed4ae4781bc9f700a');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 18, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a367d', 245, '\x69fb8fc3db069f33e3b421ef0ee474b4b6d8a30fd98daea6faf0d6dd11f6062e');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 19, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3332373032325a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a322c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d2c226d223a367d', 246, '\xf1742fd861bf8fb6a772f9f06012d2b77e475ca24c6a1f029a1b2727ddf6d4ce');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 1, 'domain.arctic.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a2247616d6553746172746564222c2272756c65735f76657273696f6e223a226172637469632d32222c22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c22706f7765725f7369646573223a7b22666f78223a2241222c226d6f6f7365223a2241222c2277616c727573223a2241222c226f726361223a2241222c2270756666696e223a2242222c22706f6c61725f62656172223a2241227d2c22746f74656d73223a5b2270756666696e222c226f726361225d2c226465636b5f6f72646572223a5b2264322d666f782d31222c2264312d706f6c61725f626561722d34222c2264322d706f6c61725f626561722d33222c2264312d70756666696e2d31222c2264322d70756666696e2d34222c2264312d6d6f6f73652d32222c2264322d70756666696e2d33222c2264312d666f782d35222c2264312d6f7263612d34222c2264322d77616c7275732d31222c2264312d77616c7275732d34222c2264322d6d6f6f73652d34222c2264312d70756666696e2d34222c2264322d70756666696e2d32222c2264312d6f7263612d33222c2264322d666f782d32222c2264322d706f6c61725f626561722d31222c2264322d70756666696e2d35222c2264312d706f6c61725f626561722d35222c2264312d77616c7275732d31222c2264322d706f6c61725f626561722d35222c2264312d666f782d32222c2264312d77616c7275732d33222c2264322d706f6c61725f626561722d32222c2264312d6d6f6f73652d34222c2264322d70756666696e2d31222c2264322d6d6f6f73652d32222c2264322d706f6c61725f626561722d34222c2264312d70756666696e2d35222c2264322d6d6f6f73652d33222c2264322d6f7263612d31222c2264312d706f6c61725f626561722d32222c2264322d6f7263612d32222c2264322d666f782d34222c2264312d6d6f6f73652d35222c2264312d70756666696e2d32222c2264322d6f7263612d35222c2264322d6f7263612d34222c2264312d666f782d33222c2264312d666f782d34222c2264322d77616c7275732d34222c2264312d706f6c61725f626561722d33222c2264312d6d6f6f73652d31222c2264312d6f7263612d32222c2264312d77616c7275732d32222c2264322d666f782d33222c2264312d6f7263612d35222c2264322d77616c7275732d32222c2264322d77616c7275732d33222c2264322d6d6f6f73652d35222c2264312d77616c7275732d35222c2264322d666f782d35222c2264312d666f782d31222c2264312d6f7263612d31222c2264322d77616c7275732d35222c2264312d70756666696e2d33222c2264322d6f7263612d33222c2264312d706f6c61725f626561722d31222c2264312d6d6f6f73652d33222c2264322d6d6f6f73652d31225d2c2273656564223a31347d2c2278223a7b227365747570223a7b22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c2273656564223a31342c22706f7765725f7369646573223a6e756c6c2c226465636b5f6f72646572223a6e756c6c2c22746f74656d73223a6e756c6c7d7d7d', 252, '\xf1cc07b1df8f49428eee595d18a029695e35318c9635c2216c43eed2c9f06d0e');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 2, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a312c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d7d', 253, '\xf3c3d03c7dfc76b2d4b21aeb031d33bf78fb7e02a54fcaa6f17c67ad54597d07');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 3, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264312d6d6f6f73652d32222c22706c6163656d656e74223a22746f70227d2c226d223a302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264312d6d6f6f73652d32222c22706c6163656d656e74223a22746f70227d7d', 254, '\xbb101546a2080e78f3d937b3682e8f117a09f2d51c5a616161315bcb367a0b16');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 4, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a307d', 255, '\xcd1e91a02966c00694ca0a4b15a192b5e2a6ba516795f7777b5158eef377412c');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 5, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a226d6f6f7365222c2273696465223a2241222c2266726f6d5f73656174223a6e756c6c7d2c226d223a307d', 256, '\xb69a5ff7897eef86a6453ad650b177add0d149845813e05eb6338b4258e3727c');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 6, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a226d6f6f7365222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a226f726361222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a226d6f6f7365227d7d', 257, '\x5dd4a644ace0381750c15063afa09a26737c84991c285d486886119831e6168f');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 7, 'domain.arctic.events:DrawValueChanged', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a224472617756616c75654368616e676564222c2273656174223a302c2264656c7461223a312c22647261775f76616c7565223a337d2c226d223a322c2278223a7b2274797065223a225365744472617744656c7461222c2273656174223a302c2264656c7461223a317d7d', 258, '\x6d58c44b15e2148d9575e35d65a5f6a000edc09d12316200df26bafcfccec376');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 8, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a312c2263617264223a2264312d70756666696e2d34227d2c226d223a332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 259, '\x1dc7066f419682bde870e1b14b090e0a44e5046ebad94b0870ffbbb2d21e3300');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 9, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3338353738375a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a332c2263617264223a2264312d6f7263612d33227d2c226d223a342c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a332c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 260, '\x630a80763e65870fa7d9c0f81576b3494e6f660b68233426f141e259081885b1');
INSERT INTO public.banquise_events VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 10, 'service.base.store.corrections:MovesTakenBack', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3430323935305a222c2265223a7b226d6f766573223a5b7b226d6f7665223a342c226669727374223a392c226c617374223a397d5d2c226b65795f6964223a22303937323061393034366536222c22726561736f6e223a6e756c6c7d7d', 261, '\xcb5437a5f263c47be34092557d4853486ea5ae4a105e4e9b5c2af3ff3adc54cd');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 1, 'domain.arctic.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a2247616d6553746172746564222c2272756c65735f76657273696f6e223a226172637469632d32222c22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c22706f7765725f7369646573223a7b22666f78223a2242222c226d6f6f7365223a2242222c2277616c727573223a2242222c226f726361223a2241222c2270756666696e223a2241222c22706f6c61725f62656172223a2241227d2c22746f74656d73223a5b22706f6c61725f62656172222c226f726361225d2c226465636b5f6f72646572223a5b2264322d666f782d33222c2264322d6f7263612d34222c2264322d666f782d34222c2264322d6d6f6f73652d35222c2264322d70756666696e2d31222c2264312d77616c7275732d34222c2264322d70756666696e2d32222c2264312d706f6c61725f626561722d31222c2264312d70756666696e2d31222c2264312d666f782d31222c2264312d70756666696e2d33222c2264312d6f7263612d31222c2264322d706f6c61725f626561722d35222c2264322d77616c7275732d31222c2264312d666f782d32222c2264312d77616c7275732d33222c2264322d706f6c61725f626561722d31222c2264312d706f6c61725f626561722d34222c2264322d6f7263612d32222c2264312d6d6f6f73652d31222c2264312d77616c7275732d31222c2264322d6f7263612d35222c2264322d77616c7275732d33222c2264322d666f782d35222c2264312d6f7263612d33222c2264322d70756666696e2d34222c2264322d77616c7275732d32222c2264322d706f6c61725f626561722d32222c2264312d6d6f6f73652d32222c2264322d70756666696e2d33222c2264312d666f782d35222c2264322d6d6f6f73652d31222c2264312d70756666696e2d35222c2264312d666f782d34222c2264312d70756666696e2d34222c2264312d706f6c61725f626561722d32222c2264312d706f6c61725f626561722d33222c2264322d6f7263612d33222c2264322d77616c7275732d35222c2264322d70756666696e2d35222c2264322d666f782d31222c2264322d706f6c61725f626561722d33222c2264312d77616c7275732d32222c2264312d77616c7275732d35222c2264322d77616c7275732d34222c2264312d666f782d33222c2264322d6f7263612d31222c2264322d706f6c61725f626561722d34222c2264312d6d6f6f73652d35222c2264312d6d6f6f73652d34222c2264322d666f782d32222c2264312d70756666696e2d32222c2264312d6d6f6f73652d33222c2264312d6f7263612d35222c2264322d6d6f6f73652d34222c2264312d6f7263612d32222c2264322d6d6f6f73652d33222c2264312d6f7263612d34222c2264312d706f6c61725f626561722d35222c2264322d6d6f6f73652d32225d2c2273656564223a31317d2c2278223a7b227365747570223a7b22706c6179657273223a5b22706c6179657231222c22706c6179657232225d2c2273746172745f73656174223a302c226d6f6465223a2266756c6c222c2273656564223a31312c22706f7765725f7369646573223a6e756c6c2c226465636b5f6f72646572223a6e756c6c2c22746f74656d73223a6e756c6c7d2c22666f726b65645f66726f6d223a7b2267616d655f6964223a2266303139373132302d666532622d343232392d626161612d636562386135383530633763222c2273746570223a31337d2c227261746564223a66616c73657d7d', 284, '\x08c74325eaaa909c98625c72bf3a153dc1857e2d8f938f86eba5f2f87f88834b');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 2, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a302c227475726e223a312c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d7d', 285, '\xa219fa53b7323fd8e08f71986e08cad8e300b6bd4b00d3a434b6e5e61a1f5e7e');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 3, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a302c2263617264223a2264322d70756666696e2d32222c22706c6163656d656e74223a22746f70227d2c226d223a302c2278223a7b2274797065223a22506c61636543617264222c2273656174223a302c2263617264223a2264322d70756666696e2d32222c22706c6163656d656e74223a22746f70227d7d', 286, '\xe9f91872a59c958fee18c500e8837e002c9de2c5f431882edb3c90fd6057c7d9');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 4, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a302c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a307d', 287, '\x6da082427f7050ff97abba8fca31d69782dc458edac5d3bb81dfc62e9573519a');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 5, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a302c22616e696d616c223a2270756666696e222c2273696465223a2241222c2266726f6d5f73656174223a6e756c6c7d2c226d223a307d', 288, '\x7cd6a44c139327f903e8aa6fe13869a0dc5799f210bf93bcc75688e46baaeb26');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 6, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a302c226d61696e223a2270756666696e222c226d61696e5f73746570223a312c22636f6d70616e696f6e223a226d6f6f7365222c22636f6d70616e696f6e5f73746570223a2d317d2c226d223a312c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a302c227570223a2270756666696e227d7d', 289, '\x5243adc87fe1e806054269f2f3b8c40fe4af8a74ceb88052dc5b02c183b42215');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 7, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a342c2263617264223a2264312d77616c7275732d33227d2c226d223a322c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 290, '\xcec05443f954cacf2f3177885ee3faeb0ba3e5628d36d128e5fe0b210fad55f9');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 8, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a302c22736c6f74223a352c2263617264223a2264322d706f6c61725f626561722d31227d2c226d223a332c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a302c22736c6f74223a352c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 291, '\x3fbafa38851d24d8fbe036266ec3136bfe16bfd6350fd86aac354bbf7880cf02');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 20, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3334343530315a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a312c2263617264223a2264332d666f782d33222c22706c6163656d656e74223a22746f70227d2c226d223a372c2278223a7b2274797065223a22506c61636543617264222c2273656174223a312c2263617264223a2264332d666f782d33222c22706c6163656d656e74223a22746f70227d7d', 247, '\x6de5b73ea4629cfbfd38a73a01365f49900075621134cbeeef06f309f9d3e71c');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 21, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3334343530315a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a312c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a377d', 248, '\xc594ace238523cd38bd1f2bb11b64532ccde361f3bc56f534676c57220d96812');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 22, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3334343530315a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a312c22616e696d616c223a22666f78222c2273696465223a2242222c2266726f6d5f73656174223a6e756c6c7d2c226d223a377d', 249, '\xd271da1698de6f560c7f966685d9f93dfffa5691753c568c2ee4d3c2f3d2ea53');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 23, 'domain.arctic.events:TokensMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3335373233345a222c2265223a7b2274797065223a22546f6b656e734d6f766564222c2273656174223a312c226d61696e223a22666f78222c226d61696e5f73746570223a2d312c22636f6d70616e696f6e223a22706f6c61725f62656172222c22636f6d70616e696f6e5f73746570223a317d2c226d223a382c2278223a7b2274797065223a224d6f7665546f6b656e73222c2273656174223a312c227570223a22706f6c61725f62656172227d7d', 250, '\xa8806be918aabac1c88a1167f3ca2c8eefb7351116877e612452082caef6bd0c');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 1, 'domain.arctica.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a2267616d655f73746172746564222c2272756c65735f76657273696f6e223a22617263746963612d72756c65732d31222c2265646974696f6e5f6964223a2264656d6f2d31222c2265646974696f6e5f76657273696f6e223a22312e302e30222c22706c6179657273223a5b22506c617965722031222c22506c617965722032225d2c226368616e6365223a22736565646564222c2273656564223a31352c2273746172745f706c61796572223a302c22626f617264223a7b2273686f72745f736c6f7473223a332c226c6f6e675f736c6f7473223a352c22616374696f6e5f776865656c73223a352c22636972636c655f737061636573223a31322c226d61705f737061636573223a32372c227374617274696e675f666c6f7261223a322c22636972636c655f7374617274223a302c22636972636c655f746f6b656e73223a5b2262697264222c2266697368225d7d2c227374617274696e675f6361726473223a5b5b313030312c313030325d2c5b313030332c313030345d5d2c2268616e6473223a5b5b3131302c34392c37322c32312c3131355d2c5b38372c31302c3133362c312c38315d5d2c226465636b223a5b39302c3135362c31362c3131372c3134392c3132322c33302c32342c32392c372c33382c3130312c3132332c32352c3133302c35352c37302c33332c33312c31322c352c35332c3130302c35312c34332c35362c3132302c31312c36382c3135332c33372c34362c38352c33352c36302c3133332c3135352c38322c322c31392c39332c3135392c3132352c3133372c37342c35342c3132392c3133392c34382c36312c3133352c3134362c34342c3130392c3131342c3135322c3135382c3131332c34352c39312c39392c3134352c36362c3135312c38302c34312c34372c34322c31352c36322c36332c3134372c36372c33342c3131392c36342c342c36352c37382c33392c3135302c3132372c332c3133382c3131382c39362c35392c3130342c37362c37372c37352c362c3130332c37392c31382c32302c34302c3133322c31332c37332c3131312c3136302c39322c31342c3134382c3132342c3135372c3130372c3134332c32332c31372c3130352c38362c3133312c33362c38332c35322c3134322c3132382c3133342c3132362c35382c3135342c39342c35372c3131322c32372c39352c3134342c3134312c32322c39382c3132312c36392c38342c32362c3134302c392c3130382c38392c38382c32382c3130362c33322c39372c37312c382c3131362c35302c3130325d2c22726f756e645f6361726473223a5b332c342c325d2c226576656e745f706c616e223a5b5b302c325d2c5b302c315d2c5b302c325d2c5b302c302c325d5d2c2265646974696f6e5f736861323536223a2237633761373064633966323862346630376134383330613432666531623561653635323932636338646235373237356361316463383837633730323462613031222c226f7269656e746174696f6e73223a6e756c6c7d2c2278223a7b227365747570223a7b22706c6179657273223a5b22506c617965722031222c22506c617965722032225d2c2265646974696f6e223a2264656d6f2d31222c226d6f6465223a6e756c6c2c2265646974696f6e5f76657273696f6e223a6e756c6c2c2273656564223a31352c2273746172745f706c61796572223a6e756c6c2c2268616e6473223a6e756c6c2c22726f756e645f6361726473223a6e756c6c2c226576656e745f706c616e223a6e756c6c2c2265646974696f6e5f736861323536223a6e756c6c2c227374617274696e675f6361726473223a6e756c6c2c226f7269656e746174696f6e73223a6e756c6c7d7d7d', 262, '\xf8f41cea1b3df984985e4c5a59ec900c0c80259aff2c58b36aaeb1fd7b3d7fe9');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 2, 'domain.arctica.events:PawnPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a227061776e5f706c61636564222c2273656174223a302c22726f756e64223a312c227475726e223a302c227370616365223a307d2c226d223a302c2278223a7b2274797065223a2273656c6563745f7370616365222c2273656174223a302c227370616365223a302c22776865656c223a302c22646972656374696f6e223a2d317d7d', 263, '\xea94d2a761fa56f11c33a4ca04f6553c9f2c5fa82922d64486ff6b28249d3a8a');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 3, 'domain.arctica.events:WheelTurned', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22776865656c5f7475726e6564222c2273656174223a302c22776865656c223a302c22646972656374696f6e223a2d312c226f7269656e746174696f6e223a337d2c226d223a307d', 264, '\xaf65834492765cc5360423fc2bd5d4123a3ff6bcd738ba22f54d9acc732b81ff');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 4, 'domain.arctica.events:ActionsOffered', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e735f6f666665726564222c2273656174223a302c22616374696f6e73223a5b226661756e61222c226661756e61225d2c22726573706f6e64657273223a5b315d2c226f726465726564223a66616c73657d2c226d223a307d', 265, '\x3a98cad023118f3f9fc31e497202cf53ff5f6d7ce1185dfaee78377101aaa797');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 5, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a302c22616374696f6e223a226661756e61227d2c226d223a312c2278223a7b2274797065223a226661756e61222c2273656174223a302c2263617264223a34392c226469736361726473223a5b32312c3131352c37325d2c226f7574636f6d6573223a7b7d2c22647261776e223a6e756c6c7d7d', 266, '\xc4f2b3c25519916af0d2f28d792a28bbf33c5fe5463303da281c81bb45c8fd1f');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 6, 'domain.arctica.events:CardsDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a2263617264735f646973636172646564222c2273656174223a302c226361726473223a5b32312c3131352c37325d2c226361757365223a226661756e613a3439227d2c226d223a317d', 267, '\xaef06f47378ae103d2cadad92d4b38a6a9285fea7ef11f7c74ca4dcef66bd017');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 7, 'domain.arctica.events:FaunaPlayed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a226661756e615f706c61796564222c2273656174223a302c2263617264223a34392c22636f6c756d6e223a226c6f6e67227d2c226d223a317d', 268, '\x8a21d09e7cd36f0bda8bb1654f27b27e38997eb7ca637ecc12ef13494bc39381');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 8, 'domain.arctica.events:TokenMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22746f6b656e5f6d6f766564222c2273656174223a302c2266616d696c79223a2262697264222c22737263223a7b227a6f6e65223a22737570706c79222c22696e646578223a307d2c22647374223a7b227a6f6e65223a226c6f6e675f776865656c222c22696e646578223a327d2c226361757365223a226661756e613a3439227d2c226d223a317d', 269, '\xb02bf2855bd3c85fb9765e663e4464ae69c891b4f577a16a867c4ef9dc816c13');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 9, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a302c22706f696e7473223a322c226361757365223a22666c6173683a3439227d2c226d223a317d', 270, '\xe3f85f484248122412cb3161369063e0c6b996cdc037044c88d0770f91d24fdb');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 10, 'domain.arctica.events:ActionSkipped', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e5f736b6970706564222c2273656174223a302c22616374696f6e223a226661756e61227d2c226d223a322c2278223a7b2274797065223a22736b6970222c2273656174223a302c22616374696f6e223a226661756e61227d7d', 271, '\xec1ee4cadf5242cfdbfec8030953d4cce8d8b1d9e82b3a2f4c835997a3a43c98');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 11, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a312c22616374696f6e223a226661756e61227d2c226d223a332c2278223a7b2274797065223a226661756e61222c2273656174223a312c2263617264223a31302c226469736361726473223a5b38315d2c226f7574636f6d6573223a7b7d2c22647261776e223a6e756c6c7d7d', 272, '\xbc0056ce0d6cb8080621afea50884e31bedca710b5f364ec05d3e66ce880e17c');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 12, 'domain.arctica.events:CardsDiscarded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a2263617264735f646973636172646564222c2273656174223a312c226361726473223a5b38315d2c226361757365223a226661756e613a3130227d2c226d223a337d', 273, '\x79011d4330e4f63b1702b15a167722159e6d2f04343d3a18475f48d6bed1e7ff');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 13, 'domain.arctica.events:FaunaPlayed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a226661756e615f706c61796564222c2273656174223a312c2263617264223a31302c22636f6c756d6e223a226c6f6e67227d2c226d223a337d', 274, '\xcb2cb0d0236499cac75fd76f3684322d89f413bd6c42b07f7acdaa6e6af5edf1');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 14, 'domain.arctica.events:TokenMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22746f6b656e5f6d6f766564222c2273656174223a312c2266616d696c79223a2266697368222c22737263223a7b227a6f6e65223a22737570706c79222c22696e646578223a307d2c22647374223a7b227a6f6e65223a226c6f6e675f776865656c222c22696e646578223a327d2c226361757365223a226661756e613a3130227d2c226d223a337d', 275, '\x0bae414cc712c4606f57691d8475fe9e1e57b72ecaeed1051572313eab48c28d');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 15, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a312c22706f696e7473223a312c226361757365223a22666c6173683a3130227d2c226d223a337d', 276, '\xd3552ff46b46fb874391ccb048c826d6f6636de7bf2bf050b9b8c57a44a44ae7');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 16, 'domain.arctica.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a227475726e5f656e646564222c22726f756e64223a312c227475726e223a307d2c226d223a337d', 277, '\x23ee3c7856d3517f193de4c3cae57c1ffb696e4caf999ce496c14fce2a5451df');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 17, 'domain.arctica.events:PawnPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a227061776e5f706c61636564222c2273656174223a312c22726f756e64223a312c227475726e223a312c227370616365223a337d2c226d223a342c2278223a7b2274797065223a2273656c6563745f7370616365222c2273656174223a312c227370616365223a332c22776865656c223a332c22646972656374696f6e223a2d317d7d', 278, '\x2dbc5e9d23166887ded72cf8b11c2772f471ee240ee53f2e2a570c205cf472b9');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 18, 'domain.arctica.events:WheelTurned', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22776865656c5f7475726e6564222c2273656174223a312c22776865656c223a332c22646972656374696f6e223a2d312c226f7269656e746174696f6e223a337d2c226d223a347d', 279, '\x8736b13f70afa55c97de60a7872668ad50504bad8887cb81c85188dbc7fa395c');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 19, 'domain.arctica.events:ActionsOffered', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e735f6f666665726564222c2273656174223a312c22616374696f6e73223a5b22636f6c6f6e79222c22666c6f7261225d2c22726573706f6e64657273223a5b305d2c226f726465726564223a747275657d2c226d223a347d', 280, '\x4f4968bc8c9495df2bcab513a552e6356fb88eabe3aea8399d230536d7c6e608');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 20, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a312c22616374696f6e223a22666c6f7261227d2c226d223a352c2278223a7b2274797065223a22666c6f7261222c2273656174223a317d7d', 281, '\xbbb7aa57d59da757dd7cdcdcbc1befc3d2309162c75607a414572dde2067eabf');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 24, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3336323832325a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a302c2263617264223a2264312d706f6c61725f626561722d33227d2c226d223a392c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a302c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 251, '\xf9f403e327070c6506dd5991dee247884ca486309d4e4185db3e0bf67f606f90');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 33, 'domain.arctic.events:CardPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3531313633375a222c2265223a7b2274797065223a2243617264506c61636564222c2273656174223a322c2263617264223a2264332d6f7263612d32222c22706c6163656d656e74223a22746f70227d2c226d223a31322c2278223a7b2274797065223a22506c61636543617264222c2273656174223a322c2263617264223a2264332d6f7263612d32222c22706c6163656d656e74223a22746f70227d7d', 305, '\x232c9a29e15c38493f60c400db55043cc7f2385d604ccfd7f68ea76c4e1bfdbe');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 34, 'domain.arctic.events:PlacingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3531313633375a222c2265223a7b2274797065223a22506c6163696e67456e646564222c2273656174223a322c22706c61636564223a312c2273686f727466616c6c223a307d2c226d223a31327d', 306, '\xcefed47fba902d7bd0e0e339570f67dd0901cab0a49dea8ca479f3bc76de4ec4');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 35, 'domain.arctic.events:PowerTaken', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3531313633375a222c2265223a7b2274797065223a22506f77657254616b656e222c2273656174223a322c22616e696d616c223a226f726361222c2273696465223a2242222c2266726f6d5f73656174223a6e756c6c7d2c226d223a31327d', 307, '\x249dd9018c99fd41f566fdbfccf76efab35e4b519b5c1c7285778263831a820b');
INSERT INTO public.banquise_events VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 21, 'domain.arctica.events:FloraGained', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3431353938305a222c2265223a7b2274797065223a22666c6f72615f6761696e6564222c2273656174223a312c22616d6f756e74223a322c226f6e5f776865656c223a322c22746f5f72656c65617365223a302c226361757365223a22616374696f6e3a666c6f7261227d2c226d223a357d', 282, '\xb8617e7010043c56e45442c1123d278b9600421113c88b7607947bf4b25b1ca8');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 26, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a312c2263617264223a2264332d706f6c61725f626561722d35227d2c226d223a31312c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a312c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 298, '\x0d74771b1f14280e463f852470a2a027b5140089a17c8ee6f1cce1794212e8a6');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 27, 'domain.arctic.events:DrawingEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a2244726177696e67456e646564222c2273656174223a312c22647261776e223a337d2c226d223a31317d', 299, '\x7858422d39de7be76560299c9f84e8ca4689208b13c037cfcff3963abecca4bc');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 28, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a302c2263617264223a2264312d6f7263612d31227d2c226d223a31317d', 300, '\x78f3fc4741675f9c9fce9b0111d47783080ec1ce9d57d1d855a30324ca94aabd');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 29, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a312c2263617264223a2264312d6d6f6f73652d34227d2c226d223a31317d', 301, '\x91ad6422ef1a2c31a1f53fd7abcedca85b8ae515958106c32d70aa9d20f90610');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 30, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d70756666696e2d35227d2c226d223a31317d', 302, '\x92cc9a320ccc4cb723137df7e019e9345ea4017143ca912181808eb99b2e05e9');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 31, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a317d2c226d223a31317d', 303, '\x1c083166ea4ebb5ddd95b96c2d0225bf8f441ad41b7400b0d52799be05df030f');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 32, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530393035385a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a322c227475726e223a332c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d2c226d223a31317d', 304, '\xaaa665812e94e58aabe27e09d63fa388364b361124bca1a3b3b8154cc39d9593');
INSERT INTO public.banquise_events VALUES ('984c1ee6-ca7c-5200-a9e8-4c8aa67c44d0', 1, 'service.base.store.admin:GameVoided', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3434363033395a222c2265223a7b2267616d655f6964223a2230303365373063372d336563342d343938662d386662322d366466303931393935313332222c22726561736f6e223a22612074657374207461626c65222c226b65795f6964223a22313765343230313435333836227d7d', 283, '\xaf01d11502ecac8a7932ca156288835fcf0fa068f2226bac222814a403d7e404');
INSERT INTO public.banquise_events VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 25, 'domain.arctic.events:CardTakenFromRiver', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3530363136355a222c2265223a7b2274797065223a224361726454616b656e46726f6d5269766572222c2273656174223a312c22736c6f74223a342c2263617264223a2264312d77616c7275732d35227d2c226d223a31302c2278223a7b2274797065223a2254616b6546726f6d5269766572222c2273656174223a312c22736c6f74223a342c226f7263615f726566696c6c223a6e756c6c2c22726566696c6c223a6e756c6c7d7d', 297, '\xd59b6ef64e1c3cb205f75a4bf11eaa2ae1b4fef4c1c4774676eabfa7a17dff87');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 10, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a342c2263617264223a2264312d706f6c61725f626561722d34227d2c226d223a337d', 293, '\x88150a3d47f374390d6c864df3a2bdbc88db6c600e47b573938d69d8fd15e281');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 11, 'domain.arctic.events:RiverRefilled', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a225269766572526566696c6c6564222c22736c6f74223a352c2263617264223a2264322d6f7263612d32227d2c226d223a337d', 294, '\x882676cd7321ba91871c6ad7d3bd751dbd801a64561a55dd49c336b58ef66ba5');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 12, 'domain.arctic.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a225475726e456e646564222c2273656174223a307d2c226d223a337d', 295, '\xe1a14030f97c6a4025783a8ed8beb4d4c0311e7bc76c57cb7a26df2684a56aab');
INSERT INTO public.banquise_events VALUES ('0c734735-895c-4487-856d-49f6a872e539', 13, 'domain.arctic.events:TurnStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3435313537395a222c2265223a7b2274797065223a225475726e53746172746564222c2273656174223a312c227475726e223a322c22726f756e64223a312c22706c6163656d656e745f76616c7565223a312c2266696e616c223a66616c73657d2c226d223a337d', 296, '\xefd20e1120f52f4e14fb3a598af430a577dbb5b4ea0e5ca16c7a1ca5c463f90b');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 1, 'domain.arctica.events:GameStarted', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2267616d655f73746172746564222c2272756c65735f76657273696f6e223a22617263746963612d72756c65732d31222c2265646974696f6e5f6964223a2264656d6f2d31222c2265646974696f6e5f76657273696f6e223a22312e302e30222c22706c6179657273223a5b22506c617965722031222c22506c617965722032225d2c226368616e6365223a22736565646564222c2273656564223a31362c2273746172745f706c61796572223a312c22626f617264223a7b2273686f72745f736c6f7473223a332c226c6f6e675f736c6f7473223a352c22616374696f6e5f776865656c73223a352c22636972636c655f737061636573223a31322c226d61705f737061636573223a32372c227374617274696e675f666c6f7261223a322c22636972636c655f7374617274223a302c22636972636c655f746f6b656e73223a5b2262697264222c2266697368225d7d2c227374617274696e675f6361726473223a5b5b313030312c313030325d2c5b313030332c313030345d5d2c2268616e6473223a5b5b33382c3132312c3132322c34302c37325d2c5b3134392c35312c38342c37302c35325d5d2c226465636b223a5b37342c37372c3133322c38352c32372c3131382c3130382c3135352c3131352c3130362c392c37392c3131332c32362c37332c332c3130342c3134342c32352c36352c3134312c3135312c31392c3132332c31382c38362c39382c37362c3132302c3136302c3133312c37312c36392c39392c3133372c31362c36322c3133302c34372c3135332c36362c3131362c31332c3131392c33322c32342c3134302c3130312c3135342c33392c31322c3132372c31352c35342c362c37352c32312c3132362c36372c37382c32392c38382c3130392c34332c3134332c33352c39302c35362c3131302c39342c352c32302c35302c3134352c3133382c3132382c3130302c35372c3134362c32382c38312c3132392c3133392c33312c3130322c36312c3135302c31342c3135362c38322c3135382c38302c382c34312c3134372c33362c35382c312c33302c3130332c39322c34342c372c38332c322c34322c31312c35352c33372c32322c36342c3131322c36382c3130352c3133342c39312c3130372c3131342c3131372c39362c3132342c34392c3133352c31372c3134322c34352c3131312c33342c3135392c39332c35332c36302c32332c34362c35392c38372c39372c38392c34382c36332c3135372c3134382c31302c342c3132352c39352c33332c3133332c3135322c3133365d2c22726f756e645f6361726473223a5b302c342c325d2c226576656e745f706c616e223a5b5b302c315d2c5b302c325d2c5b312c305d2c5b312c322c325d5d2c2265646974696f6e5f736861323536223a2237633761373064633966323862346630376134383330613432666531623561653635323932636338646235373237356361316463383837633730323462613031222c226f7269656e746174696f6e73223a6e756c6c7d2c2278223a7b227365747570223a7b22706c6179657273223a5b22506c617965722031222c22506c617965722032225d2c2265646974696f6e223a2264656d6f2d31222c226d6f6465223a6e756c6c2c2265646974696f6e5f76657273696f6e223a6e756c6c2c2273656564223a31362c2273746172745f706c61796572223a6e756c6c2c2268616e6473223a6e756c6c2c22726f756e645f6361726473223a6e756c6c2c226576656e745f706c616e223a6e756c6c2c2265646974696f6e5f736861323536223a6e756c6c2c227374617274696e675f6361726473223a6e756c6c2c226f7269656e746174696f6e73223a6e756c6c7d7d7d', 308, '\x299c8d47ecaa46bb979aa427d045a2dd25e0b1cbdbaab88c398ce0edff660d4f');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 2, 'domain.arctica.events:PawnPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a227061776e5f706c61636564222c2273656174223a312c22726f756e64223a312c227475726e223a302c227370616365223a347d2c226d223a302c2278223a7b2274797065223a2273656c6563745f7370616365222c2273656174223a312c227370616365223a342c22776865656c223a302c22646972656374696f6e223a317d7d', 309, '\xfdbfef91fb7772de3bce4a37e2e9f6a8751ee2666e7f305d83565e4ecb4acc15');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 3, 'domain.arctica.events:WheelTurned', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22776865656c5f7475726e6564222c2273656174223a312c22776865656c223a302c22646972656374696f6e223a312c226f7269656e746174696f6e223a317d2c226d223a307d', 310, '\x89f6f497bb270c89997421e574d31819ce84e0f0533d59762120af1fd9b5b0df');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 4, 'domain.arctica.events:ActionsOffered', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e735f6f666665726564222c2273656174223a312c22616374696f6e73223a5b226162696c697479222c226661756e61225d2c22726573706f6e64657273223a5b305d2c226f726465726564223a66616c73657d2c226d223a307d', 311, '\xa572bb5b54adc19444d93d6a98d9a0acbeb4c76dafa8478ad57ed518f71296ea');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 5, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a312c22616374696f6e223a226661756e61227d2c226d223a312c2278223a7b2274797065223a226661756e61222c2273656174223a312c2263617264223a37302c226469736361726473223a5b5d2c226f7574636f6d6573223a7b7d2c22647261776e223a6e756c6c7d7d', 312, '\x48dda301138b6a27852dea4d602721ec9a7e75c80c8546d32fec7b144c4829eb');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 6, 'domain.arctica.events:FaunaPlayed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a226661756e615f706c61796564222c2273656174223a312c2263617264223a37302c22636f6c756d6e223a226c6f6e67227d2c226d223a317d', 313, '\x4e815e18f22085a5f77b2c09b06f74870a0ecd4455ad4e4f24b9a8ed8e8a1767');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 7, 'domain.arctica.events:TokenMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22746f6b656e5f6d6f766564222c2273656174223a312c2266616d696c79223a2266697368222c22737263223a7b227a6f6e65223a22737570706c79222c22696e646578223a307d2c22647374223a7b227a6f6e65223a226c6f6e675f776865656c222c22696e646578223a327d2c226361757365223a226661756e613a3730227d2c226d223a317d', 314, '\x0de56af3c429e744b31d7b74729f6f17c3a9b33fa72b01083a03fbac8214e4eb');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 8, 'domain.arctica.events:FloraPaid', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22666c6f72615f70616964222c2273656174223a312c22616d6f756e74223a312c226361757365223a22666c6173683a3730227d2c226d223a317d', 315, '\x015a717a65a65eb8a7a9cb48fdc2c0f9ae05a747730366dd0e82da5dc5479323');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 9, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a312c22706f696e7473223a322c226361757365223a22666c6173683a3730227d2c226d223a317d', 316, '\x5c245fabe8bc9b453d2f6f066b6aec82441a3c479949e124073043178631fbbb');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 10, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a312c22616374696f6e223a226162696c697479227d2c226d223a322c2278223a7b2274797065223a226162696c697479222c2273656174223a312c2263617264223a37302c226f7574636f6d6573223a7b7d2c22647261776e223a6e756c6c7d7d', 317, '\x18937e224a53b67334beb36257c9a28ae07c013c5cf44e1f973bfda1c391f0a2');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 11, 'domain.arctica.events:FloraPaid', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22666c6f72615f70616964222c2273656174223a312c22616d6f756e74223a312c226361757365223a226162696c6974793a3730227d2c226d223a327d', 318, '\xff0d1f4919160ee81c6ec268a3b74d0e97310bd434daa4f10c52ab2cddf16ece');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 12, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a312c22706f696e7473223a322c226361757365223a226162696c6974793a3730227d2c226d223a327d', 319, '\xe703c1f0f1c11833bcc3ac8c7092ffd6d438a0c477fabb735dbee1d0227c668d');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 13, 'domain.arctica.events:CardMovedToBack', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22636172645f6d6f7665645f746f5f6261636b222c2273656174223a312c2263617264223a37302c22636f6c756d6e223a226c6f6e67222c226361757365223a226162696c6974793a3730227d2c226d223a327d', 320, '\xb93b4849523c3533999d760013677c3337ae4f855c5f2fc64fc36b064b2b36b5');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 14, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a302c22616374696f6e223a226661756e61227d2c226d223a332c2278223a7b2274797065223a226661756e61222c2273656174223a302c2263617264223a33382c226469736361726473223a5b5d2c226f7574636f6d6573223a7b22666c6173683a3338223a7b22666c6f7261223a302c22666c6f72615f636f7374223a302c226361726473223a302c226270223a302c226d6967726174696f6e73223a5b7b227370616365223a302c2266616d696c79223a2266697368222c227472616465223a5b5d2c226f7574636f6d6573223a7b7d7d5d2c2263686f69636573223a5b5d7d7d2c22647261776e223a6e756c6c7d7d', 321, '\xec7a8968d0ecfa9b4b39848ea7c4099f04078cbf9260ee3bf0e9ff6e2fc7718c');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 15, 'domain.arctica.events:FaunaPlayed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a226661756e615f706c61796564222c2273656174223a302c2263617264223a33382c22636f6c756d6e223a226c6f6e67227d2c226d223a337d', 322, '\x3efdd0b316b63816246fb1d9a814a4ff3f48f54e15d3a667b3863e54fa14ec9b');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 16, 'domain.arctica.events:TokenMoved', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22746f6b656e5f6d6f766564222c2273656174223a302c2266616d696c79223a22696e76657274656272617465222c22737263223a7b227a6f6e65223a22737570706c79222c22696e646578223a307d2c22647374223a7b227a6f6e65223a226c6f6e675f776865656c222c22696e646578223a327d2c226361757365223a226661756e613a3338227d2c226d223a337d', 323, '\x7520b29217865100b493b3dfea121a6de09e91179d9030a18ece9c7ae78a77d3');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 17, 'domain.arctica.events:TokenMigrated', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22746f6b656e5f6d69677261746564222c2273656174223a302c2266616d696c79223a2266697368222c22737263223a302c22647374223a312c226361757365223a22666c6173683a3338227d2c226d223a337d', 324, '\x2803f8f78471d7676642dc6728e0d8dffcc301f6ca909ca95f458bf3c1ca8d15');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 18, 'domain.arctica.events:CardsDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2263617264735f647261776e222c2273656174223a302c22636f756e74223a312c226361726473223a5b37345d2c226361757365223a22636972636c653a31227d2c226d223a337d', 325, '\x68f0bf882076423f0cd7cbe130e9509c0dbf6f39c76a9b36f3ed71d0ead75885');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 19, 'domain.arctica.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a227475726e5f656e646564222c22726f756e64223a312c227475726e223a307d2c226d223a337d', 326, '\x6987b93eda5a74b3f053463a0cf96390dfa483d5b08ad55691d2a27060d8682f');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 20, 'domain.arctica.events:PawnPlaced', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a227061776e5f706c61636564222c2273656174223a302c22726f756e64223a312c227475726e223a312c227370616365223a327d2c226d223a342c2278223a7b2274797065223a2273656c6563745f7370616365222c2273656174223a302c227370616365223a322c22776865656c223a332c22646972656374696f6e223a2d317d7d', 327, '\x7cd6cc597f92481e4487d7cc7aba9bb30c1f7a2b1f9c15971d140ef825d3671f');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 21, 'domain.arctica.events:WheelTurned', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22776865656c5f7475726e6564222c2273656174223a302c22776865656c223a332c22646972656374696f6e223a2d312c226f7269656e746174696f6e223a337d2c226d223a347d', 328, '\x9caf686437dd26a1a9cf3ff1c712bd24e4b9a9b8e027d54b4d8ba782e6319f11');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 22, 'domain.arctica.events:ActionsOffered', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e735f6f666665726564222c2273656174223a302c22616374696f6e73223a5b2264726177222c226d6967726174696f6e225d2c22726573706f6e64657273223a5b315d2c226f726465726564223a66616c73657d2c226d223a347d', 329, '\x938384651ae3521fbdb7c9d65b9f2b2aa02abfb9b5a4fc309355d17b9ac3a9f3');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 23, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a302c22616374696f6e223a2264726177227d2c226d223a352c2278223a7b2274797065223a2264726177222c2273656174223a302c22647261776e223a6e756c6c7d7d', 330, '\x0597b48436190133432a7b8b99536aa16016c025403e80e7bedbc76510b2cb45');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 24, 'domain.arctica.events:CardsDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2263617264735f647261776e222c2273656174223a302c22636f756e74223a322c226361726473223a5b37372c3133325d2c226361757365223a22616374696f6e3a64726177227d2c226d223a357d', 331, '\x08e62813bd88ad9a74b5af438562d0ba4c080b4eb0643b6737cbf5141cd0458a');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 25, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a302c22616374696f6e223a226d6967726174696f6e227d2c226d223a362c2278223a7b2274797065223a226d6967726174696f6e222c2273656174223a302c227374657073223a5b7b227370616365223a302c2266616d696c79223a2262697264222c227472616465223a5b5d2c226f7574636f6d6573223a7b7d7d2c7b227370616365223a322c2266616d696c79223a2262697264222c227472616465223a5b5d2c226f7574636f6d6573223a7b7d7d5d2c22647261776e223a6e756c6c7d7d', 332, '\x9f391bcc4a958cdc0fb99518f537e983e0e43250592445076983f62549fae81d');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 26, 'domain.arctica.events:TokenMigrated', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22746f6b656e5f6d69677261746564222c2273656174223a302c2266616d696c79223a2262697264222c22737263223a302c22647374223a322c226361757365223a22616374696f6e3a6d6967726174696f6e227d2c226d223a367d', 333, '\x9e247ce7299ed8c36c9cf8eff8c4cdd3ed3303fc64bcaeed1b5d9b823a5e4198');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 27, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a302c22706f696e7473223a312c226361757365223a22636972636c653a32227d2c226d223a367d', 334, '\xabcc9e2db65442941e257462ecee7e5ecff2fda302af8ca678b9489ea1747459');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 28, 'domain.arctica.events:TokenMigrated', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22746f6b656e5f6d69677261746564222c2273656174223a302c2266616d696c79223a2262697264222c22737263223a322c22647374223a342c226361757365223a22616374696f6e3a6d6967726174696f6e227d2c226d223a367d', 335, '\x699af90223ed90f9af5182f9a4eca3f857e53fb0cb1b413e47f7553b9f9b4cc2');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 29, 'domain.arctica.events:BiodiversityScored', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2262696f6469766572736974795f73636f726564222c2273656174223a302c22706f696e7473223a322c226361757365223a22636972636c653a34227d2c226d223a367d', 336, '\xed7f204e51afe113bae1b0b0de8dfe099ae6b02fa393203d8f673a7221de6b5f');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 30, 'domain.arctica.events:ActionPerformed', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a22616374696f6e5f706572666f726d6564222c2273656174223a312c22616374696f6e223a2264726177227d2c226d223a372c2278223a7b2274797065223a2264726177222c2273656174223a312c22647261776e223a6e756c6c7d7d', 337, '\x36b7d4ff6877eba5c651954f9a7b971acf60ab6a95783d40b8acf20442bc9655');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 31, 'domain.arctica.events:CardsDrawn', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a2263617264735f647261776e222c2273656174223a312c22636f756e74223a322c226361726473223a5b38352c32375d2c226361757365223a22616374696f6e3a64726177227d2c226d223a377d', 338, '\x68f3ab6898ba1fb4a390fb4ff564e9f94fec5e9fc67009cd373397d7da7575c7');
INSERT INTO public.banquise_events VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 32, 'domain.arctica.events:TurnEnded', '\x7b226174223a22323032362d31322d30375431363a30313a30332e3533343036335a222c2265223a7b2274797065223a227475726e5f656e646564222c22726f756e64223a312c227475726e223a317d2c226d223a377d', 339, '\x5c8c4d0bab94f521fe937831de1928874363b88d7a25e0b0e1093e60e1490220');


--
-- Data for Name: banquise_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.banquise_migrations VALUES ('0001_event_store', '2026-12-07 16:01:01.806996+00');
INSERT INTO public.banquise_migrations VALUES ('0002_api_keys', '2026-12-07 16:01:01.807676+00');
INSERT INTO public.banquise_migrations VALUES ('0003_games', '2026-12-07 16:01:01.809948+00');
INSERT INTO public.banquise_migrations VALUES ('0004_new_game_function', '2026-12-07 16:01:01.82372+00');
INSERT INTO public.banquise_migrations VALUES ('0005_insert_new_game_function', '2026-12-07 16:01:01.865213+00');
INSERT INTO public.banquise_migrations VALUES ('0006_record_ids_per_key', '2026-12-07 16:01:01.918071+00');
INSERT INTO public.banquise_migrations VALUES ('0007_game_forks', '2026-12-07 16:01:01.934785+00');
INSERT INTO public.banquise_migrations VALUES ('0008_idempotency_scope', '2026-12-07 16:01:01.942189+00');
INSERT INTO public.banquise_migrations VALUES ('0009_games_voided', '2026-12-07 16:01:01.961074+00');
INSERT INTO public.banquise_migrations VALUES ('0010_editions', '2026-12-07 16:01:01.977308+00');
INSERT INTO public.banquise_migrations VALUES ('0011_game_tags', '2026-12-07 16:01:02.000464+00');
INSERT INTO public.banquise_migrations VALUES ('0012_play_time', '2026-12-07 16:01:02.001095+00');
INSERT INTO public.banquise_migrations VALUES ('0013_closed_games', '2026-12-07 16:01:02.007438+00');
INSERT INTO public.banquise_migrations VALUES ('0014_key_changes', '2026-12-07 16:01:02.008932+00');
INSERT INTO public.banquise_migrations VALUES ('0015_key_guard', '2026-12-07 16:01:02.010799+00');
INSERT INTO public.banquise_migrations VALUES ('0016_append_moves_function', '2026-12-07 16:01:02.013321+00');
INSERT INTO public.banquise_migrations VALUES ('0017_fork_secrets', '2026-12-07 16:01:02.013757+00');
INSERT INTO public.banquise_migrations VALUES ('0018_editions_by_kind', '2026-12-07 16:01:02.018862+00');
INSERT INTO public.banquise_migrations VALUES ('0018_event_chain', '2026-12-07 16:01:02.089784+00');
INSERT INTO public.banquise_migrations VALUES ('0020_analysis', '2026-12-07 16:01:02.091596+00');
INSERT INTO public.banquise_migrations VALUES ('0021_analysis_stats', '2026-12-07 16:01:02.213576+00');
INSERT INTO public.banquise_migrations VALUES ('0022_imported_plays', '2026-12-07 16:01:02.228455+00');
INSERT INTO public.banquise_migrations VALUES ('0023_chain_heads', '2026-12-07 16:01:02.254108+00');
INSERT INTO public.banquise_migrations VALUES ('0023_signed_games', '2026-12-07 16:01:02.254695+00');
INSERT INTO public.banquise_migrations VALUES ('p0001_projection_positions', '2026-12-07 16:01:03.105061+00');
INSERT INTO public.banquise_migrations VALUES ('p0002_boards', '2026-12-07 16:01:03.117551+00');
INSERT INTO public.banquise_migrations VALUES ('p0003_stats', '2026-12-07 16:01:03.123466+00');
INSERT INTO public.banquise_migrations VALUES ('p0004_player_stats_accumulators', '2026-12-07 16:01:03.134505+00');
INSERT INTO public.banquise_migrations VALUES ('p0005_player_lookups', '2026-12-07 16:01:03.143102+00');
INSERT INTO public.banquise_migrations VALUES ('p0006_quarantine', '2026-12-07 16:01:03.144935+00');
INSERT INTO public.banquise_migrations VALUES ('p0007_aliases_and_trigrams', '2026-12-07 16:01:03.147415+00');
INSERT INTO public.banquise_migrations VALUES ('p0008_play_order', '2026-12-07 16:01:03.152107+00');
INSERT INTO public.banquise_migrations VALUES ('p0009_kind_totals', '2026-12-07 16:01:03.188444+00');
INSERT INTO public.banquise_migrations VALUES ('p0022_imported_plays', '2026-12-07 16:01:03.203786+00');


--
-- Data for Name: editions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: game_boards; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_boards VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 'arctic', 227, 227, 'finished', '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ba5736964657396010101000000a7686f6c64657273960100ff000100a6746f6b656e7396000202040202a5726976657296252d12262420a46465636b952030212732a9647261775f6c65667402a77265736572766590ac726573657276655f6c65667400ae726573657276655f696e5f757365c3a7706c61796572739289a468616e6490ac68616e645f756e6b6e6f776e00a470696c65dc0013330c370d19313522111c180f02062328383a07a970696c655f646f776edc0013c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2a770656e616c747993293021af70656e616c74795f756e6b6e6f776e00a5746f74656d05a57475726e7308a477696c649089a468616e64961e391a0a091dac68616e645f756e6b6e6f776e00a470696c659c152a14163b01002e05170336a970696c655f646f776e9cc2c2c2c2c2c2c2c2c2c2c2c2a770656e616c74799c34041b2f2c0b0e2b1308101faf70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7308a477696c6490a57068617365a866696e6973686564a661637469766501a47475726e10a5726f756e6408ab66696e616c5f726f756e64c3a7706c6163655f6e01ab6e5f66726f6d5f63617264c3a6706c6163656401ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c3ae706c6163696e675f636c6f736564c3a770656e64696e6700ab647261775f74617267657400a5647261776e00ac6d6f6f73655f615f75736564c2', '\x8aa66576656e7473cce3a57475726e7310ac66697273745f706c61796564c0ab6c6173745f706c61796564c0ae66697273745f7265636f72646564d7ff34498f206b16d83fad6c6173745f7265636f72646564d7ff34498f206b16d83fb166696e69736865645f706f736974696f6ecce3ab66696e69736865645f6174d7ff34498f206b16d83fa6636f756e74738bac7475726e735f706c61796564920808ac63617264735f706c6163656492130cac706f776572735f74616b656e920808b3706f776572735f74616b656e5f70756666696e920204ab63617264735f647261776e921213b7706f776572735f74616b656e5f706f6c61725f626561729102b0706f776572735f74616b656e5f666f78920002b370656e616c74795f63617264735f647261776e920608b1706f776572735f74616b656e5f6f7263619103b2706f776572735f74616b656e5f6d6f6f7365920102af63617264735f646973636172646564920204a7756e7261746564c2', '{"mode": "full", "turn": 16, "cards": {"d1-fox-1": {"deck": 1, "draw": 1, "animal": "fox", "number": 1, "companion": "moose", "placement": 5}, "d1-fox-2": {"deck": 1, "draw": 2, "animal": "fox", "number": 2, "companion": "walrus", "placement": 4}, "d1-fox-3": {"deck": 1, "draw": 3, "animal": "fox", "number": 3, "companion": "orca", "placement": 3}, "d1-fox-4": {"deck": 1, "draw": 4, "animal": "fox", "number": 4, "companion": "puffin", "placement": 2}, "d2-fox-3": {"deck": 2, "draw": 3, "animal": "fox", "number": 3, "companion": "puffin", "placement": 3}, "d2-fox-5": {"deck": 2, "draw": 5, "animal": "fox", "number": 5, "companion": "moose", "placement": 1}, "d1-orca-1": {"deck": 1, "draw": 1, "animal": "orca", "number": 1, "companion": "puffin", "placement": 5}, "d1-orca-3": {"deck": 1, "draw": 3, "animal": "orca", "number": 3, "companion": "fox", "placement": 3}, "d1-orca-4": {"deck": 1, "draw": 4, "animal": "orca", "number": 4, "companion": "moose", "placement": 2}, "d2-orca-1": {"deck": 2, "draw": 1, "animal": "orca", "number": 1, "companion": "polar_bear", "placement": 5}, "d2-orca-2": {"deck": 2, "draw": 2, "animal": "orca", "number": 2, "companion": "fox", "placement": 4}, "d2-orca-5": {"deck": 2, "draw": 5, "animal": "orca", "number": 5, "companion": "puffin", "placement": 1}, "d1-moose-1": {"deck": 1, "draw": 1, "animal": "moose", "number": 1, "companion": "walrus", "placement": 5}, "d1-moose-2": {"deck": 1, "draw": 2, "animal": "moose", "number": 2, "companion": "orca", "placement": 4}, "d1-moose-3": {"deck": 1, "draw": 3, "animal": "moose", "number": 3, "companion": "puffin", "placement": 3}, "d2-moose-1": {"deck": 2, "draw": 1, "animal": "moose", "number": 1, "companion": "orca", "placement": 5}, "d2-moose-2": {"deck": 2, "draw": 2, "animal": "moose", "number": 2, "companion": "puffin", "placement": 4}, "d2-moose-3": {"deck": 2, "draw": 3, "animal": "moose", "number": 3, "companion": "polar_bear", "placement": 3}, "d2-moose-4": {"deck": 2, "draw": 4, "animal": "moose", "number": 4, "companion": "fox", "placement": 2}, "d1-puffin-1": {"deck": 1, "draw": 1, "animal": "puffin", "number": 1, "companion": "polar_bear", "placement": 5}, "d1-puffin-2": {"deck": 1, "draw": 2, "animal": "puffin", "number": 2, "companion": "fox", "placement": 4}, "d1-puffin-3": {"deck": 1, "draw": 3, "animal": "puffin", "number": 3, "companion": "moose", "placement": 3}, "d1-puffin-4": {"deck": 1, "draw": 4, "animal": "puffin", "number": 4, "companion": "walrus", "placement": 2}, "d1-puffin-5": {"deck": 1, "draw": 5, "animal": "puffin", "number": 5, "companion": "orca", "placement": 1}, "d1-walrus-3": {"deck": 1, "draw": 3, "animal": "walrus", "number": 3, "companion": "polar_bear", "placement": 3}, "d1-walrus-4": {"deck": 1, "draw": 4, "animal": "walrus", "number": 4, "companion": "fox", "placement": 2}, "d2-puffin-2": {"deck": 2, "draw": 2, "animal": "puffin", "number": 2, "companion": "moose", "placement": 4}, "d2-puffin-4": {"deck": 2, "draw": 4, "animal": "puffin", "number": 4, "companion": "orca", "placement": 2}, "d2-puffin-5": {"deck": 2, "draw": 5, "animal": "puffin", "number": 5, "companion": "polar_bear", "placement": 1}, "d2-walrus-1": {"deck": 2, "draw": 1, "animal": "walrus", "number": 1, "companion": "puffin", "placement": 5}, "d2-walrus-3": {"deck": 2, "draw": 3, "animal": "walrus", "number": 3, "companion": "fox", "placement": 3}, "d1-polar_bear-1": {"deck": 1, "draw": 1, "animal": "polar_bear", "number": 1, "companion": "fox", "placement": 5}, "d1-polar_bear-4": {"deck": 1, "draw": 4, "animal": "polar_bear", "number": 4, "companion": "orca", "placement": 2}, "d2-polar_bear-1": {"deck": 2, "draw": 1, "animal": "polar_bear", "number": 1, "companion": "moose", "placement": 5}, "d2-polar_bear-2": {"deck": 2, "draw": 2, "animal": "polar_bear", "number": 2, "companion": "walrus", "placement": 4}, "d2-polar_bear-4": {"deck": 2, "draw": 4, "animal": "polar_bear", "number": 4, "companion": "puffin", "placement": 2}, "d2-polar_bear-5": {"deck": 2, "draw": 5, "animal": "polar_bear", "number": 5, "companion": "fox", "placement": 1}}, "drawn": 0, "phase": "finished", "river": ["d2-moose-3", "d2-orca-1", "d1-orca-4", "d2-moose-4", "d2-moose-2", "d2-fox-3"], "round": 8, "placed": 1, "scores": [{"rank": 1, "runs": {"moose": 1, "polar_bear": 1}, "seat": 0, "total": 3, "totem": 3, "player": "player1", "penalty": -3, "fox_wild": [], "diversity": 1, "runs_total": 2, "totem_animal": "polar_bear"}, {"rank": 2, "runs": {"fox": 1, "puffin": 1}, "seat": 1, "total": 1, "totem": 10, "player": "player2", "penalty": -12, "fox_wild": [], "diversity": 1, "runs_total": 2, "totem_animal": "orca"}], "tokens": {"fox": 0, "orca": 4, "moose": 2, "puffin": 2, "walrus": 2, "polar_bear": 2}, "players": [{"hand": null, "pile": ["d2-puffin-2", "d1-walrus-3", "d2-polar_bear-1", "d1-walrus-4", "d1-polar_bear-1", "d2-orca-5", "d2-puffin-4", "d2-fox-5", "d1-orca-3", "d1-polar_bear-4", "d1-puffin-5", "d1-orca-1", "d1-fox-3", "d1-moose-2", "d2-moose-1", "d2-walrus-1", "d2-polar_bear-2", "d2-polar_bear-4", "d1-moose-3"], "seat": 0, "totem": "polar_bear", "turns": 8, "player": "player1", "powers": ["moose", "orca", "polar_bear"], "penalty": null, "hand_count": 0, "visible_card": "d1-moose-3", "penalty_count": 3, "pile_face_down": [false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false]}, {"hand": null, "pile": ["d1-puffin-2", "d2-walrus-3", "d1-puffin-1", "d1-puffin-3", "d2-polar_bear-5", "d1-fox-2", "d1-fox-1", "d2-orca-2", "d1-moose-1", "d1-puffin-4", "d1-fox-4", "d2-puffin-5"], "seat": 1, "totem": "orca", "turns": 8, "player": "player2", "powers": ["fox", "puffin"], "penalty": null, "hand_count": 6, "visible_card": "d2-puffin-5", "penalty_count": 12, "pile_face_down": [false, false, false, false, false, false, false, false, false, false, false, false]}], "to_play": [], "finished": true, "draw_value": 0, "start_seat": 0, "active_seat": null, "final_round": true, "perspective": "spectator", "power_sides": {"fox": "B", "orca": "A", "moose": "B", "puffin": "A", "walrus": "B", "polar_bear": "A"}, "token_values": {"fox": 0, "orca": 10, "moose": 3, "puffin": 3, "walrus": 3, "polar_bear": 3}, "power_holders": {"fox": 1, "orca": 0, "moose": 0, "puffin": 1, "walrus": null, "polar_bear": 0}, "reserve_count": 0, "rules_version": "arctic-2", "table_to_play": false, "draw_pile_count": 2, "placement_value": 1, "river_unrevealed": [], "reserve_is_draw_pile": true}', '[{"rank": 1, "seat": 0, "total": 3, "player": "player1", "breakdown": {"runs": 2, "totem": 3, "penalty": -3, "run:fox": 0, "run:orca": 0, "diversity": 1, "run:moose": 1, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 1}}, {"rank": 2, "seat": 1, "total": 1, "player": "player2", "breakdown": {"runs": 2, "totem": 10, "penalty": -12, "run:fox": 1, "run:orca": 0, "diversity": 1, "run:moose": 0, "run:puffin": 1, "run:walrus": 0, "run:polar_bear": 0}}]');
INSERT INTO public.game_boards VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 'arctic', 24, 251, 'live', '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657393a7706c6179657231a7706c6179657232a7706c6179657233aa73746172745f7365617400a4736565640da5736964657396010100010100a7686f6c646572739601ffffff00ffa6746f6b656e7396010202020302a5726976657296fe59231a0e29a46465636bdc004159231a0e290f0818194d03350d280b4b58142b262513562d1537060427392f433b3a5344384850401e054117003c47551c110722512420014e4a464f573d311d21a9647261775f6c6566743ca7726573657276659a0232422c3f122a0a2e16ac726573657276655f6c6566740aae726573657276655f696e5f757365c2a7706c61796572739389a468616e6497301f4552340c33ac68616e645f756e6b6e6f776e00a470696c659136a970696c655f646f776e91c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d02a57475726e7301a477696c649089a468616e649309101bac68616e645f756e6b6e6f776e00a470696c65913ea970696c655f646f776e91c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d04a57475726e7301a477696c649089a468616e6493494c54ac68616e645f756e6b6e6f776e00a470696c6590a970696c655f646f776e90a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d01a57475726e7300a477696c6490a57068617365a464726177a661637469766501a47475726e02a5726f756e6401ab66696e616c5f726f756e64c2a7706c6163655f6e01ab6e5f66726f6d5f63617264c2a6706c6163656401ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657403a5647261776e01ac6d6f6f73655f615f75736564c2', '\x8aa66576656e747318a57475726e7302ac66697273745f706c61796564c0ab6c6173745f706c61796564c0ae66697273745f7265636f72646564d7ff471b10606b16d83fad6c6173745f7265636f72646564d7ff5680e5c06b16d83fb166696e69736865645f706f736974696f6ec0ab66696e69736865645f6174c0a6636f756e747386ac7475726e735f706c61796564920101ac63617264735f706c61636564920101ac706f776572735f74616b656e920101b3706f776572735f74616b656e5f70756666696e9101ab63617264735f647261776e920501b0706f776572735f74616b656e5f666f78920001a7756e7261746564c2', '{"mode": "full", "turn": 2, "cards": {"d3-fox-3": {"deck": 3, "draw": 3, "animal": "fox", "number": 3, "companion": "polar_bear", "placement": 3}, "d2-moose-1": {"deck": 2, "draw": 1, "animal": "moose", "number": 1, "companion": "orca", "placement": 5}, "d1-walrus-5": {"deck": 1, "draw": 5, "animal": "walrus", "number": 5, "companion": "moose", "placement": 1}, "d2-puffin-5": {"deck": 2, "draw": 5, "animal": "puffin", "number": 5, "companion": "polar_bear", "placement": 1}, "d2-walrus-2": {"deck": 2, "draw": 2, "animal": "walrus", "number": 2, "companion": "polar_bear", "placement": 4}, "d1-polar_bear-2": {"deck": 1, "draw": 2, "animal": "polar_bear", "number": 2, "companion": "moose", "placement": 4}, "d3-polar_bear-5": {"deck": 3, "draw": 5, "animal": "polar_bear", "number": 5, "companion": "moose", "placement": 1}}, "drawn": 1, "phase": "draw", "river": [null, "d3-polar_bear-5", "d2-moose-1", "d1-polar_bear-2", "d1-walrus-5", "d2-walrus-2"], "round": 1, "placed": 1, "scores": null, "tokens": {"fox": 1, "orca": 2, "moose": 2, "puffin": 3, "walrus": 2, "polar_bear": 2}, "players": [{"hand": null, "pile": ["d2-puffin-5"], "seat": 0, "totem": null, "turns": 1, "player": "player1", "powers": ["puffin"], "penalty": null, "hand_count": 7, "visible_card": "d2-puffin-5", "penalty_count": 0, "pile_face_down": [false]}, {"hand": null, "pile": ["d3-fox-3"], "seat": 1, "totem": null, "turns": 1, "player": "player2", "powers": ["fox"], "penalty": null, "hand_count": 3, "visible_card": "d3-fox-3", "penalty_count": 0, "pile_face_down": [false]}, {"hand": null, "pile": [], "seat": 2, "totem": null, "turns": 0, "player": "player3", "powers": [], "penalty": null, "hand_count": 3, "visible_card": null, "penalty_count": 0, "pile_face_down": []}], "to_play": [1], "finished": false, "draw_value": 3, "start_seat": 0, "active_seat": 1, "final_round": false, "perspective": "spectator", "power_sides": {"fox": "B", "orca": "B", "moose": "B", "puffin": "B", "walrus": "A", "polar_bear": "A"}, "token_values": {"fox": 1, "orca": 3, "moose": 3, "puffin": 6, "walrus": 3, "polar_bear": 3}, "power_holders": {"fox": 1, "orca": null, "moose": null, "puffin": 0, "walrus": null, "polar_bear": null}, "reserve_count": 10, "rules_version": "arctic-2", "table_to_play": false, "draw_pile_count": 60, "placement_value": 1, "river_unrevealed": [], "reserve_is_draw_pile": false}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 3, "seat": 2, "total": 0, "player": "player3", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]');
INSERT INTO public.game_boards VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 'arctic', 10, 261, 'live', '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ea5736964657396000000000100a7686f6c6465727396ff00ffffffffa6746f6b656e7396020302010202a572697665729626fe33111f37a46465636bdc002b361d0a3b010c380832243a18252d1a2e210915313002032b1b05100b2013292a270e22000f2c162f190723a9647261775f6c6566742ba772657365727665951e1c391435ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e6493340417ac68616e645f756e6b6e6f776e00a470696c659106a970696c655f646f776e91c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d04a57475726e7301a477696c649089a468616e649312280dac68616e645f756e6b6e6f776e00a470696c6590a970696c655f646f776e90a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7300a477696c6490a57068617365a464726177a661637469766500a47475726e01a5726f756e6401ab66696e616c5f726f756e64c2a7706c6163655f6e01ab6e5f66726f6d5f63617264c2a6706c6163656401ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657403a5647261776e01ac6d6f6f73655f615f75736564c3', '\x8aa66576656e747308a57475726e7301ac66697273745f706c61796564c0ab6c6173745f706c61796564c0ae66697273745f7265636f72646564d7ff5bfa91e06b16d83fad6c6173745f7265636f72646564d7ff5bfa91e06b16d83fb166696e69736865645f706f736974696f6ec0ab66696e69736865645f6174c0a6636f756e747385ac7475726e735f706c617965649101ac63617264735f706c616365649101ac706f776572735f74616b656e9101b2706f776572735f74616b656e5f6d6f6f73659101ab63617264735f647261776e9101a7756e7261746564c2', '{"mode": "full", "turn": 1, "cards": {"d2-fox-2": {"deck": 2, "draw": 2, "animal": "fox", "number": 2, "companion": "orca", "placement": 4}, "d1-orca-3": {"deck": 1, "draw": 3, "animal": "orca", "number": 3, "companion": "fox", "placement": 3}, "d1-moose-2": {"deck": 1, "draw": 2, "animal": "moose", "number": 2, "companion": "orca", "placement": 4}, "d2-moose-4": {"deck": 2, "draw": 4, "animal": "moose", "number": 4, "companion": "fox", "placement": 2}, "d2-puffin-2": {"deck": 2, "draw": 2, "animal": "puffin", "number": 2, "companion": "moose", "placement": 4}, "d2-polar_bear-1": {"deck": 2, "draw": 1, "animal": "polar_bear", "number": 1, "companion": "moose", "placement": 5}}, "drawn": 1, "phase": "draw", "river": ["d2-moose-4", null, "d2-puffin-2", "d1-orca-3", "d2-fox-2", "d2-polar_bear-1"], "round": 1, "placed": 1, "scores": null, "tokens": {"fox": 2, "orca": 1, "moose": 3, "puffin": 2, "walrus": 2, "polar_bear": 2}, "players": [{"hand": null, "pile": ["d1-moose-2"], "seat": 0, "totem": null, "turns": 1, "player": "player1", "powers": ["moose"], "penalty": null, "hand_count": 3, "visible_card": "d1-moose-2", "penalty_count": 0, "pile_face_down": [false]}, {"hand": null, "pile": [], "seat": 1, "totem": null, "turns": 0, "player": "player2", "powers": [], "penalty": null, "hand_count": 3, "visible_card": null, "penalty_count": 0, "pile_face_down": []}], "to_play": [0], "finished": false, "draw_value": 3, "start_seat": 0, "active_seat": 0, "final_round": false, "perspective": "spectator", "power_sides": {"fox": "A", "orca": "A", "moose": "A", "puffin": "B", "walrus": "A", "polar_bear": "A"}, "token_values": {"fox": 3, "orca": 1, "moose": 6, "puffin": 3, "walrus": 3, "polar_bear": 3}, "power_holders": {"fox": null, "orca": null, "moose": 0, "puffin": null, "walrus": null, "polar_bear": null}, "reserve_count": 5, "rules_version": "arctic-2", "table_to_play": false, "draw_pile_count": 43, "placement_value": 1, "river_unrevealed": [], "reserve_is_draw_pile": false}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]');
INSERT INTO public.game_boards VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 'arctica', 21, 282, 'live', '\xde001ca57068617365a7616374696f6e73ad72756c65735f76657273696f6eaf617263746963612d72756c65732d31aa65646974696f6e5f6964a664656d6f2d31af65646974696f6e5f76657273696f6ea5312e302e30a66368616e6365a6736565646564a7706c6179657273928ca46e616d65a8506c617965722031a468616e64916eab6c6f6e675f636f6c756d6e9231cd03e9ac73686f72745f636f6c756d6e91cd03eaaa6c6f6e675f776865656c95a5666c6f7261a5666c6f7261a462697264a0a0ab73686f72745f776865656c93a0a0a0a772656c65617365950000000000ad72656c656173655f666c6f726100a6737570706c79950606060405ad62705f6d616a6f72697469657300a962705f74726164657300aa62705f65666665637473028ca46e616d65a8506c617965722032a468616e649357cc8801ab6c6f6e675f636f6c756d6e920acd03ebac73686f72745f636f6c756d6e91cd03ecaa6c6f6e675f776865656c95a5666c6f7261a5666c6f7261a466697368a5666c6f7261a5666c6f7261ab73686f72745f776865656c93a0a0a0a772656c65617365950000000000ad72656c656173655f666c6f726100a6737570706c79950606060504ad62705f6d616a6f72697469657300a962705f74726164657300aa62705f6566666563747301ac73746172745f706c6179657200a46465636bdc00965acc9c1075cc957a1e181d0726657b19cc823746211f0c053564332b38780b44cc99252e55233ccc85cc9b5202135dcc9f7dcc894a36cc81cc8b303dcc87cc922c6d72cc98cc9e712d5b63cc9142cc9750292f2a0f3e3fcc934322774004414e27cc967f03cc8a76603b684c4d4b06674f121428cc840d496fcca05c0ecc947ccc9d6bcc8f17116956cc83245334cc8ecc80cc867e3acc9a5e39701b5fcc90cc8d16627945541acc8c096c59581c6a20614708743266a7646973636172649415734851a5726f756e6401a47475726e01a973656c656374696f6e01a47061776e03ac6f7269656e746174696f6e73950300000300a76f66666572656492a6636f6c6f6e79a5666c6f7261ab6163746976655f6c65667491a6636f6c6f6e79aa726573706f6e646572739100a76f726465726564c3a6636972636c659c949200a4626972649200a4666973689201a4626972649201a4666973689090909090909090909090a66d656c74656490a36d6170dc001bc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0ab726f756e645f636172647393030402aa6576656e745f706c616e9492000292000192000293000002af6d616a6f7269746965735f646f6e6590a872657665616c656490b170656e64696e675f636f6c6c617073657390a770656e64696e6790a7726573756c747390', '\x8aa66576656e747315a57475726e7302ac66697273745f706c61796564c0ab6c6173745f706c61796564c0ae66697273745f7265636f72646564d7ff632d67806b16d83fad6c6173745f7265636f72646564d7ff632d67806b16d83fb166696e69736865645f706f736974696f6ec0ab66696e69736865645f6174c0a6636f756e747386ac7475726e735f706c61796564920101b1616374696f6e735f706572666f726d6564920102af63617264735f646973636172646564920301ac6661756e615f706c61796564920101af616374696f6e735f736b69707065649101ac666c6f72615f6761696e6564920002a7756e7261746564c2', '{"map": [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null], "deck": null, "pawn": 3, "turn": 1, "board": {"map": [{"family": "marine_mammal", "region": 0, "subregion": 0}, {"family": "invertebrate", "region": 0, "subregion": 0}, {"family": "fish", "region": 0, "subregion": 0}, {"family": "terrestrial_mammal", "region": 0, "subregion": 1}, {"family": "bird", "region": 0, "subregion": 1}, {"family": "marine_mammal", "region": 0, "subregion": 1}, {"family": "invertebrate", "region": 0, "subregion": 2}, {"family": "fish", "region": 0, "subregion": 2}, {"family": "terrestrial_mammal", "region": 0, "subregion": 2}, {"family": "fish", "region": 1, "subregion": 0}, {"family": "terrestrial_mammal", "region": 1, "subregion": 0}, {"family": "bird", "region": 1, "subregion": 0}, {"family": "marine_mammal", "region": 1, "subregion": 1}, {"family": "invertebrate", "region": 1, "subregion": 1}, {"family": "fish", "region": 1, "subregion": 1}, {"family": "terrestrial_mammal", "region": 1, "subregion": 2}, {"family": "bird", "region": 1, "subregion": 2}, {"family": "marine_mammal", "region": 1, "subregion": 2}, {"family": "bird", "region": 2, "subregion": 0}, {"family": "marine_mammal", "region": 2, "subregion": 0}, {"family": "invertebrate", "region": 2, "subregion": 0}, {"family": "fish", "region": 2, "subregion": 1}, {"family": "terrestrial_mammal", "region": 2, "subregion": 1}, {"family": "bird", "region": 2, "subregion": 1}, {"family": "marine_mammal", "region": 2, "subregion": 2}, {"family": "invertebrate", "region": 2, "subregion": 2}, {"family": "fish", "region": 2, "subregion": 2}], "cards": [{"bp": 1, "id": 10, "cost": 1, "name": "Char A10", "family": "fish", "generation": "long"}, {"bp": 6, "id": 21, "cost": 3, "name": "Orca A21", "family": "marine_mammal", "generation": "short"}, {"bp": 3, "id": 49, "cost": 3, "name": "Snowy Owl B14", "family": "bird", "generation": "long"}, {"bp": 2, "id": 72, "cost": 0, "name": "Fox C2", "family": "terrestrial_mammal", "generation": "short"}, {"bp": 2, "id": 81, "cost": 0, "name": "Narwhal C11", "family": "marine_mammal", "generation": "short"}, {"bp": 0, "id": 115, "cost": 0, "name": "Char D10", "family": "fish", "generation": "short"}, {"bp": 0, "id": 1001, "cost": 0, "name": "Starting Seal (long)", "family": "marine_mammal", "generation": "long"}, {"bp": 0, "id": 1002, "cost": 0, "name": "Starting Krill (short)", "family": "invertebrate", "generation": "short"}, {"bp": 0, "id": 1003, "cost": 0, "name": "Starting Fox (long)", "family": "terrestrial_mammal", "generation": "long"}, {"bp": 0, "id": 1004, "cost": 0, "name": "Starting Puffin (short)", "family": "bird", "generation": "short"}], "circle": [{"ice": 5, "melted": false}, {"ice": null, "melted": false}, {"ice": 1, "melted": false}, {"ice": null, "melted": false}, {"ice": 2, "melted": false}, {"ice": null, "melted": false}, {"ice": 3, "melted": false}, {"ice": null, "melted": false}, {"ice": 4, "melted": false}, {"ice": null, "melted": false}, {"ice": 6, "melted": false}, {"ice": null, "melted": false}], "wheels": [{"faces": ["fauna", "flora", "draw", "migration"], "orientation": 3}, {"faces": ["reproduction", "colony", "rotate_card", "fauna"], "orientation": 0}, {"faces": ["ability", "draw", "flora", "rotate_migration"], "orientation": 0}, {"faces": ["colony", "fauna", "migration", "reproduction"], "orientation": 3}, {"faces": ["rotate_card", "ability", "fauna", "flora"], "orientation": 0}], "regions": [{"name": "Greenland Sea", "subregions": ["Greenland Sea West", "Greenland Sea Centre", "Greenland Sea East"]}, {"name": "Barents Shelf", "subregions": ["Barents Shelf West", "Barents Shelf Centre", "Barents Shelf East"]}, {"name": "Beaufort Coast", "subregions": ["Beaufort Coast West", "Beaufort Coast Centre", "Beaufort Coast East"]}], "action_spaces": [{"faces": [0, 3], "wheels": [0, 1], "actions": ["fauna", "fauna"]}, {"faces": [1, 3], "wheels": [1, 2], "actions": ["colony", "rotate_migration"]}, {"faces": [1, 2], "wheels": [2, 3], "actions": ["draw", "migration"]}, {"faces": [0, 3], "wheels": [3, 4], "actions": ["colony", "flora"]}, {"faces": [1, 2], "wheels": [4, 0], "actions": ["ability", "draw"]}]}, "phase": "actions", "round": 1, "chance": "seeded", "circle": [[[0, "bird"], [0, "fish"], [1, "bird"], [1, "fish"]], [], [], [], [], [], [], [], [], [], [], []], "melted": [], "discard": [21, 115, 72, 81], "offered": ["colony", "flora"], "ordered": true, "pending": [], "players": [{"hand": null, "name": "Player 1", "supply": [6, 6, 6, 4, 5], "release": [0, 0, 0, 0, 0], "bp_trades": 0, "hand_size": 1, "bp_effects": 2, "long_wheel": ["flora", "flora", "bird", "", ""], "long_column": [49, 1001], "short_wheel": ["", "", ""], "short_column": [1002], "bp_majorities": 0, "release_flora": 0}, {"hand": null, "name": "Player 2", "supply": [6, 6, 6, 5, 4], "release": [0, 0, 0, 0, 0], "bp_trades": 0, "hand_size": 3, "bp_effects": 1, "long_wheel": ["flora", "flora", "fish", "flora", "flora"], "long_column": [10, 1003], "short_wheel": ["", "", ""], "short_column": [1004], "bp_majorities": 0, "release_flora": 0}], "results": [], "to_play": [1], "revealed": [], "deck_size": 150, "selection": 1, "edition_id": "demo-1", "event_plan": null, "responders": [0], "active_left": ["colony"], "active_seat": 1, "round_cards": [3, null, null], "orientations": [3, 0, 0, 3, 0], "start_player": 0, "rules_version": "arctica-rules-1", "table_to_play": false, "edition_version": "1.0.0", "majorities_done": [], "pending_collapses": []}', '[{"rank": 1, "seat": 0, "total": 7, "player": "Player 1", "breakdown": {"flora": 1, "effects": 2, "ice_trades": 0, "majorities": 0, "board_tokens": 1, "ecosystem_cards": 3}}, {"rank": 2, "seat": 1, "total": 5, "player": "Player 2", "breakdown": {"flora": 2, "effects": 1, "ice_trades": 0, "majorities": 0, "board_tokens": 1, "ecosystem_cards": 1}}]');
INSERT INTO public.game_boards VALUES ('0c734735-895c-4487-856d-49f6a872e539', 'arctic', 13, 296, 'live', '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ba5736964657396010101000000a7686f6c6465727396ffffffff00ffa6746f6b656e7396020102020302a57269766572960f3b28011c2ea46465636bdc002b1c2e050a312a2211352938063404231803171a1b2f2c361e390b0e2b022d3a09081f150713261025121d24a9647261775f6c65667429a772657365727665952030212732ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e64940d190c37ac68616e645f756e6b6e6f776e00a470696c659133a970696c655f646f776e91c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d05a57475726e7301a477696c649089a468616e6493140016ac68616e645f756e6b6e6f776e00a470696c6590a970696c655f646f776e90a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7301a477696c6490a57068617365a5706c616365a661637469766501a47475726e02a5726f756e6401ab66696e616c5f726f756e64c2a7706c6163655f6e01ab6e5f66726f6d5f63617264c2a6706c6163656400ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657400a5647261776e00ac6d6f6f73655f615f75736564c2', '\x8aa66576656e74730da57475726e7302ac66697273745f706c61796564c0ab6c6173745f706c61796564c0ae66697273745f7265636f72646564d7ff6baa31e06b16d83fad6c6173745f7265636f72646564d7ff6baa31e06b16d83fb166696e69736865645f706f736974696f6ec0ab66696e69736865645f6174c0a6636f756e747385ac7475726e735f706c61796564920101ac63617264735f706c616365649101ac706f776572735f74616b656e9101b3706f776572735f74616b656e5f70756666696e9101ab63617264735f647261776e9102a7756e7261746564c3', '{"mode": "full", "turn": 2, "cards": {"d1-fox-2": {"deck": 1, "draw": 2, "animal": "fox", "number": 2, "companion": "walrus", "placement": 4}, "d1-orca-1": {"deck": 1, "draw": 1, "animal": "orca", "number": 1, "companion": "puffin", "placement": 5}, "d2-orca-2": {"deck": 2, "draw": 2, "animal": "orca", "number": 2, "companion": "fox", "placement": 4}, "d2-puffin-2": {"deck": 2, "draw": 2, "animal": "puffin", "number": 2, "companion": "moose", "placement": 4}, "d2-walrus-1": {"deck": 2, "draw": 1, "animal": "walrus", "number": 1, "companion": "puffin", "placement": 5}, "d1-polar_bear-4": {"deck": 1, "draw": 4, "animal": "polar_bear", "number": 4, "companion": "orca", "placement": 2}, "d2-polar_bear-5": {"deck": 2, "draw": 5, "animal": "polar_bear", "number": 5, "companion": "fox", "placement": 1}}, "drawn": 0, "phase": "place", "river": ["d1-orca-1", "d2-polar_bear-5", "d2-walrus-1", "d1-fox-2", "d1-polar_bear-4", "d2-orca-2"], "round": 1, "placed": 0, "scores": null, "tokens": {"fox": 2, "orca": 2, "moose": 1, "puffin": 3, "walrus": 2, "polar_bear": 2}, "players": [{"hand": null, "pile": ["d2-puffin-2"], "seat": 0, "totem": null, "turns": 1, "player": "player1", "powers": ["puffin"], "penalty": null, "hand_count": 4, "visible_card": "d2-puffin-2", "penalty_count": 0, "pile_face_down": [false]}, {"hand": null, "pile": [], "seat": 1, "totem": null, "turns": 1, "player": "player2", "powers": [], "penalty": null, "hand_count": 3, "visible_card": null, "penalty_count": 0, "pile_face_down": []}], "to_play": [1], "finished": false, "draw_value": 0, "start_seat": 0, "active_seat": 1, "final_round": false, "perspective": "spectator", "power_sides": {"fox": "B", "orca": "A", "moose": "B", "puffin": "A", "walrus": "B", "polar_bear": "A"}, "token_values": {"fox": 3, "orca": 3, "moose": 1, "puffin": 6, "walrus": 3, "polar_bear": 3}, "power_holders": {"fox": null, "orca": null, "moose": null, "puffin": 0, "walrus": null, "polar_bear": null}, "reserve_count": 5, "rules_version": "arctic-2", "table_to_play": false, "draw_pile_count": 41, "placement_value": 1, "river_unrevealed": [], "reserve_is_draw_pile": false}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]');


--
-- Data for Name: game_forks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_forks VALUES ('0c734735-895c-4487-856d-49f6a872e539', 'f0197120-fe2b-4229-baaa-ceb8a5850c7c', 13, '2026-12-07 16:01:03.451579+00');


--
-- Data for Name: game_snapshots; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_snapshots VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 64, '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ba5736964657396010101000000a7686f6c646572739601ffff000100a6746f6b656e7396020102010501a57269766572960f05280a061ca46465636bdc002b1c2e050a312a2211352938063404231803171a1b2f2c361e390b0e2b022d3a09081f150713261025121d24a9647261775f6c6566741fa772657365727665952030212732ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e64952938352211ac68616e645f756e6b6e6f776e00a470696c6596330c370d1931a970696c655f646f776e96c2c2c2c2c2c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d05a57475726e7303a477696c649089a468616e6493142e2aac68616e645f756e6b6e6f776e00a470696c6594163b0100a970696c655f646f776e94c2c2c2c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7302a477696c6490a57068617365a464726177a661637469766500a47475726e05a5726f756e6403ab66696e616c5f726f756e64c2a7706c6163655f6e05ab6e5f66726f6d5f63617264c3a6706c6163656401ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657405a5647261776e05ac6d6f6f73655f615f75736564c2');
INSERT INTO public.game_snapshots VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 128, '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ba5736964657396010101000000a7686f6c64657273960101ff000000a6746f6b656e7396010102030401a57269766572961e36390a1a03a46465636bdc002b1c2e050a312a2211352938063404231803171a1b2f2c361e390b0e2b022d3a09081f150713261025121d24a9647261775f6c65667411a772657365727665952030212732ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e6497380f1c06281823ac68616e645f756e6b6e6f776e00a470696c6599330c370d1931352211a970696c655f646f776e99c2c2c2c2c2c2c2c2c2a770656e616c74799129af70656e616c74795f756e6b6e6f776e00a5746f74656d05a57475726e7305a477696c649089a468616e6490ac68616e645f756e6b6e6f776e00a470696c65992a14163b01002e0517a970696c655f646f776e99c2c2c2c2c2c2c2c2c2a770656e616c74799634041b2f2c0baf70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7305a477696c6490a57068617365a9706c6163655f656e64a661637469766501a47475726e0aa5726f756e6405ab66696e616c5f726f756e64c2a7706c6163655f6e05ab6e5f66726f6d5f63617264c3a6706c6163656401ab6d6f6f73655f64656c7461ffaa6d6f6f73655f75736564c3ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6702ab647261775f74617267657400a5647261776e00ac6d6f6f73655f615f75736564c2');
INSERT INTO public.game_snapshots VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 192, '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ba5736964657396010101000000a7686f6c64657273960101ff000100a6746f6b656e7396000102040401a57269766572961f2d09261013a46465636bdc002b1c2e050a312a2211352938063404231803171a1b2f2c361e390b0e2b022d3a09081f150713261025121d24a9647261775f6c65667404a772657365727665952030212732ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e64923a07ac68616e645f756e6b6e6f776e00a470696c65dc0011330c370d19313522111c180f0206232838a970696c655f646f776edc0011c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2a770656e616c74799129af70656e616c74795f756e6b6e6f776e00a5746f74656d05a57475726e7307a477696c649089a468616e64961e08391a0a15ac68616e645f756e6b6e6f776e00a470696c659b2a14163b01002e05170336a970696c655f646f776e9bc2c2c2c2c2c2c2c2c2c2c2a770656e616c74799834041b2f2c0b0e2baf70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7307a477696c6490a57068617365a464726177a661637469766501a47475726e0ea5726f756e6407ab66696e616c5f726f756e64c2a7706c6163655f6e02ab6e5f66726f6d5f63617264c3a6706c6163656401ab6d6f6f73655f64656c7461ffaa6d6f6f73655f75736564c3ab70756666696e5f75736564c3ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657405a5647261776e00ac6d6f6f73655f615f75736564c2');
INSERT INTO public.game_snapshots VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 10, '\xde001fad72756c65735f76657273696f6ea86172637469632d32a46d6f6465a466756c6ca56e616d657392a7706c6179657231a7706c6179657232aa73746172745f7365617400a4736565640ea5736964657396000000000100a7686f6c6465727396ff00ffffffffa6746f6b656e7396020302010202a572697665729626fe33111f37a46465636bdc002b361d0a3b010c380832243a18252d1a2e210915313002032b1b05100b2013292a270e22000f2c162f190723a9647261775f6c6566742ba772657365727665951e1c391435ac726573657276655f6c65667405ae726573657276655f696e5f757365c2a7706c61796572739289a468616e6493340417ac68616e645f756e6b6e6f776e00a470696c659106a970696c655f646f776e91c2a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d04a57475726e7301a477696c649089a468616e649312280dac68616e645f756e6b6e6f776e00a470696c6590a970696c655f646f776e90a770656e616c747990af70656e616c74795f756e6b6e6f776e00a5746f74656d03a57475726e7300a477696c6490a57068617365a464726177a661637469766500a47475726e01a5726f756e6401ab66696e616c5f726f756e64c2a7706c6163655f6e01ab6e5f66726f6d5f63617264c2a6706c6163656401ab6d6f6f73655f64656c746100aa6d6f6f73655f75736564c2ab70756666696e5f75736564c2ae706c6163696e675f636c6f736564c2a770656e64696e6700ab647261775f74617267657403a5647261776e01ac6d6f6f73655f615f75736564c3');


--
-- Data for Name: game_stats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 1, 16);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 2, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 3, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 4, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 5, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 6, 4);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 7, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 8, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 9, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 10, 227);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', -1, 11, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 1, 19);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 2, 3);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 3, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 4, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 5, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 6, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 7, 3);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 8, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 9, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 10, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 11, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 12, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 13, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 14, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 15, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 16, 18);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 17, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 18, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 19, 6);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 20, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 21, 3);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 22, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 23, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 24, 3);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 25, -3);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 26, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 27, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 1, 12);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 2, 12);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 3, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 4, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 5, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 6, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 7, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 8, 4);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 9, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 10, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 11, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 12, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 13, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 14, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 15, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 16, 19);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 17, 4);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 18, 0);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 19, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 20, 8);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 21, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 22, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 23, 1);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 24, 10);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 25, -12);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 26, 2);
INSERT INTO public.game_stats VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 27, 4);


--
-- Data for Name: game_summaries; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_summaries VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 'arctic', 'arctic-2', 'finished', '{player1,player2}', '{player1,player2}', 2, '{player1}', '[{"rank": 1, "seat": 0, "total": 3, "player": "player1", "breakdown": {"runs": 2, "totem": 3, "penalty": -3, "run:fox": 0, "run:orca": 0, "diversity": 1, "run:moose": 1, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 1}}, {"rank": 2, "seat": 1, "total": 1, "player": "player2", "breakdown": {"runs": 2, "totem": 10, "penalty": -12, "run:fox": 1, "run:orca": 0, "diversity": 1, "run:moose": 0, "run:puffin": 1, "run:walrus": 0, "run:polar_bear": 0}}]', 16, 227, '2026-12-07 16:01:03.219309+00', '2026-12-07 16:01:03.219309+00', 0, 227, false, NULL, '2026-12-07 16:01:03.219309+00', NULL);
INSERT INTO public.game_summaries VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 'arctic', 'arctic-2', 'live', '{player1,player2,player3}', '{player1,player2,player3}', 3, '{}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 3, "seat": 2, "total": 0, "player": "player3", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]', 2, 24, '2026-12-07 16:01:03.298239+00', NULL, NULL, NULL, false, NULL, '2026-12-07 16:01:03.298239+00', NULL);
INSERT INTO public.game_summaries VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 'arctic', 'arctic-2', 'live', '{player1,player2}', '{player1,player2}', 2, '{}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]', 1, 8, '2026-12-07 16:01:03.385787+00', NULL, NULL, NULL, false, NULL, '2026-12-07 16:01:03.385787+00', NULL);
INSERT INTO public.game_summaries VALUES ('0c734735-895c-4487-856d-49f6a872e539', 'arctic', 'arctic-2', 'live', '{player1,player2}', '{player1,player2}', 2, '{}', '[{"rank": 1, "seat": 0, "total": 0, "player": "player1", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}, {"rank": 2, "seat": 1, "total": 0, "player": "player2", "breakdown": {"runs": 0, "penalty": 0, "run:fox": 0, "run:orca": 0, "diversity": 0, "run:moose": 0, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 0}}]', 2, 13, '2026-12-07 16:01:03.451579+00', NULL, NULL, NULL, false, NULL, '2026-12-07 16:01:03.451579+00', NULL);
INSERT INTO public.game_summaries VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 'arctica', 'arctica-rules-1', 'live', '{"Player 1","Player 2"}', '{"player 1","player 2"}', 2, '{}', '[{"rank": 1, "seat": 0, "total": 7, "player": "Player 1", "breakdown": {"flora": 1, "effects": 2, "ice_trades": 0, "majorities": 0, "board_tokens": 1, "ecosystem_cards": 3}}, {"rank": 2, "seat": 1, "total": 5, "player": "Player 2", "breakdown": {"flora": 2, "effects": 1, "ice_trades": 0, "majorities": 0, "board_tokens": 1, "ecosystem_cards": 1}}]', 2, 21, '2026-12-07 16:01:03.41598+00', NULL, NULL, NULL, true, 'a test table', '2026-12-07 16:01:03.41598+00', NULL);


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 'arctic', 'arctic-2', '09720a9046e6', NULL, NULL, '{player1,player2}', '{player1,player2}', 'finished', 227, 93, '2026-12-07 16:01:03.219309+00', '2026-12-07 16:01:03.219309+00', NULL, false, '{}', 0, '{}', '\x4d84d198dba27f04fe4838e26108c3b2d55a897c73672942d80024b5ba08d834', NULL);
INSERT INTO public.games VALUES ('fe88896a-b626-46af-9aab-21c043d2b3b0', 'arctica', 'arctica-rules-1', '09720a9046e6', NULL, NULL, '{"Player 1","Player 2"}', '{"player 1","player 2"}', 'live', 32, 8, '2026-12-07 16:01:03.534063+00', '2026-12-07 16:01:03.534063+00', NULL, false, '{}', 0, '{}', '\x5c8c4d0bab94f521fe937831de1928874363b88d7a25e0b0e1093e60e1490220', NULL);
INSERT INTO public.games VALUES ('646a2ebc-83f7-43e4-b635-9d6c1a714fe3', 'arctic', 'arctic-2', '09720a9046e6', NULL, NULL, '{player1,player2}', '{player1,player2}', 'live', 10, 4, '2026-12-07 16:01:03.385787+00', '2026-12-07 16:01:03.40295+00', NULL, false, '{}', 1, '{}', '\xcb5437a5f263c47be34092557d4853486ea5ae4a105e4e9b5c2af3ff3adc54cd', NULL);
INSERT INTO public.games VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 'arctica', 'arctica-rules-1', '09720a9046e6', NULL, NULL, '{"Player 1","Player 2"}', '{"player 1","player 2"}', 'live', 21, 6, '2026-12-07 16:01:03.41598+00', '2026-12-07 16:01:03.41598+00', NULL, true, '{}', 0, '{}', '\xb8617e7010043c56e45442c1123d278b9600421113c88b7607947bf4b25b1ca8', NULL);
INSERT INTO public.games VALUES ('0c734735-895c-4487-856d-49f6a872e539', 'arctic', 'arctic-2', '09720a9046e6', NULL, NULL, '{player1,player2}', '{player1,player2}', 'live', 13, 4, '2026-12-07 16:01:03.451579+00', '2026-12-07 16:01:03.451579+00', NULL, false, '{}', 0, '{}', '\xefd20e1120f52f4e14fb3a598af430a577dbb5b4ea0e5ca16c7a1ca5c463f90b', NULL);
INSERT INTO public.games VALUES ('e66ebb7f-3159-4576-9912-43329147635d', 'arctic', 'arctic-2', '09720a9046e6', NULL, NULL, '{player1,player2,player3}', '{player1,player2,player3}', 'live', 35, 13, '2026-12-07 16:01:03.298239+00', '2026-12-07 16:01:03.511637+00', NULL, false, '{}', 0, '{}', '\x249dd9018c99fd41f566fdbfccf76efab35e4b519b5c1c7285778263831a820b', NULL);


--
-- Data for Name: handle_aliases; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: head_to_head; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.head_to_head VALUES ('arctic', 'player1', 'player2', 1, 1, 0, 0);
INSERT INTO public.head_to_head VALUES ('arctic', 'player2', 'player1', 1, 0, 1, 0);


--
-- Data for Name: idempotency_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: imported_plays; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pgqueuer; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pgqueuer_log; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pgqueuer_schedules; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: pgqueuer_statistics; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: player_results; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_results VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 0, 'player1', 'player1', 'arctic', 2, 1, 3, true, '{"runs": 2, "totem": 3, "penalty": -3, "run:fox": 0, "run:orca": 0, "diversity": 1, "run:moose": 1, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 1}', '{"totem": "polar_bear", "cards_placed": 19, "longest_runs": {"fox": 1, "orca": 1, "moose": 2, "puffin": 1, "walrus": 1, "polar_bear": 2}, "powers_taken": {"fox": 0, "orca": 3, "moose": 1, "puffin": 2, "walrus": 0, "polar_bear": 2}, "penalty_cards": 3}', 227, '2026-12-07 16:01:03.219309+00', false, NULL);
INSERT INTO public.player_results VALUES ('f0197120-fe2b-4229-baaa-ceb8a5850c7c', 1, 'player2', 'player2', 'arctic', 2, 2, 1, false, '{"runs": 2, "totem": 10, "penalty": -12, "run:fox": 1, "run:orca": 0, "diversity": 1, "run:moose": 0, "run:puffin": 1, "run:walrus": 0, "run:polar_bear": 0}', '{"totem": "orca", "cards_placed": 12, "longest_runs": {"fox": 2, "orca": 1, "moose": 1, "puffin": 2, "walrus": 1, "polar_bear": 1}, "powers_taken": {"fox": 2, "orca": 0, "moose": 2, "puffin": 4, "walrus": 0, "polar_bear": 0}, "penalty_cards": 12}', 227, '2026-12-07 16:01:03.219309+00', false, NULL);


--
-- Data for Name: player_stats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_stats VALUES ('player1', 'arctic', 0, 1, 1, 1, 3, 3, 3, '{"runs": 2.0, "totem": 3.0, "penalty": -3.0, "run:fox": 0.0, "run:orca": 0.0, "diversity": 1.0, "run:moose": 1.0, "run:puffin": 0.0, "run:walrus": 0.0, "run:polar_bear": 1.0}', '{"0": {"wins": 1, "games": 1, "win_rate": 1.0}}', 1, 1, 227, '{"best": 3, "wins": 1, "games": 1, "seats": {"0": [1, 1]}, "scores": {"3": 1}, "streak": 1, "totals": {"3": 8, "4": 0, "5": 1, "6": 0, "7": 3, "8": 2, "9": 2}, "longest": 1, "detailed": 1, "breakdown": {"runs": 2, "totem": 3, "penalty": -3, "run:fox": 0, "run:orca": 0, "diversity": 1, "run:moose": 1, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 1}, "score_sum": 3, "last_position": 227}', '{"3": 8, "4": 0, "5": 1, "6": 0, "7": 3, "8": 2, "9": 2}');
INSERT INTO public.player_stats VALUES ('player1', 'arctic', 2, 1, 1, 1, 3, 3, 3, '{"runs": 2.0, "totem": 3.0, "penalty": -3.0, "run:fox": 0.0, "run:orca": 0.0, "diversity": 1.0, "run:moose": 1.0, "run:puffin": 0.0, "run:walrus": 0.0, "run:polar_bear": 1.0}', '{"0": {"wins": 1, "games": 1, "win_rate": 1.0}}', 1, 1, 227, '{"best": 3, "wins": 1, "games": 1, "seats": {"0": [1, 1]}, "scores": {"3": 1}, "streak": 1, "totals": {"3": 8, "4": 0, "5": 1, "6": 0, "7": 3, "8": 2, "9": 2}, "longest": 1, "detailed": 1, "breakdown": {"runs": 2, "totem": 3, "penalty": -3, "run:fox": 0, "run:orca": 0, "diversity": 1, "run:moose": 1, "run:puffin": 0, "run:walrus": 0, "run:polar_bear": 1}, "score_sum": 3, "last_position": 227}', '{"3": 8, "4": 0, "5": 1, "6": 0, "7": 3, "8": 2, "9": 2}');
INSERT INTO public.player_stats VALUES ('player2', 'arctic', 0, 1, 0, 0, 1, 1, 1, '{"runs": 2.0, "totem": 10.0, "penalty": -12.0, "run:fox": 1.0, "run:orca": 0.0, "diversity": 1.0, "run:moose": 0.0, "run:puffin": 1.0, "run:walrus": 0.0, "run:polar_bear": 0.0}', '{"1": {"wins": 0, "games": 1, "win_rate": 0.0}}', 0, 0, 227, '{"best": 1, "wins": 0, "games": 1, "seats": {"1": [1, 0]}, "scores": {"1": 1}, "streak": 0, "totals": {"3": 8, "4": 2, "5": 2, "6": 0, "7": 0, "8": 4, "9": 0}, "longest": 0, "detailed": 1, "breakdown": {"runs": 2, "totem": 10, "penalty": -12, "run:fox": 1, "run:orca": 0, "diversity": 1, "run:moose": 0, "run:puffin": 1, "run:walrus": 0, "run:polar_bear": 0}, "score_sum": 1, "last_position": 227}', '{"3": 8, "4": 2, "5": 2, "6": 0, "7": 0, "8": 4, "9": 0}');
INSERT INTO public.player_stats VALUES ('player2', 'arctic', 2, 1, 0, 0, 1, 1, 1, '{"runs": 2.0, "totem": 10.0, "penalty": -12.0, "run:fox": 1.0, "run:orca": 0.0, "diversity": 1.0, "run:moose": 0.0, "run:puffin": 1.0, "run:walrus": 0.0, "run:polar_bear": 0.0}', '{"1": {"wins": 0, "games": 1, "win_rate": 0.0}}', 0, 0, 227, '{"best": 1, "wins": 0, "games": 1, "seats": {"1": [1, 0]}, "scores": {"1": 1}, "streak": 0, "totals": {"3": 8, "4": 2, "5": 2, "6": 0, "7": 0, "8": 4, "9": 0}, "longest": 0, "detailed": 1, "breakdown": {"runs": 2, "totem": 10, "penalty": -12, "run:fox": 1, "run:orca": 0, "diversity": 1, "run:moose": 0, "run:puffin": 1, "run:walrus": 0, "run:polar_bear": 0}, "score_sum": 1, "last_position": 227}', '{"3": 8, "4": 2, "5": 2, "6": 0, "7": 0, "8": 4, "9": 0}');


--
-- Data for Name: player_trigrams; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.player_trigrams VALUES ('lay', 'player1');
INSERT INTO public.player_trigrams VALUES ('r 2', 'player 2');
INSERT INTO public.player_trigrams VALUES ('pla', 'player2');
INSERT INTO public.player_trigrams VALUES ('r 1', 'player 1');
INSERT INTO public.player_trigrams VALUES ('yer', 'player3');
INSERT INTO public.player_trigrams VALUES ('yer', 'player 2');
INSERT INTO public.player_trigrams VALUES ('lay', 'player 1');
INSERT INTO public.player_trigrams VALUES ('lay', 'player3');
INSERT INTO public.player_trigrams VALUES ('aye', 'player3');
INSERT INTO public.player_trigrams VALUES ('aye', 'player 1');
INSERT INTO public.player_trigrams VALUES ('pla', 'player1');
INSERT INTO public.player_trigrams VALUES ('er3', 'player3');
INSERT INTO public.player_trigrams VALUES ('er ', 'player 2');
INSERT INTO public.player_trigrams VALUES ('yer', 'player2');
INSERT INTO public.player_trigrams VALUES ('yer', 'player1');
INSERT INTO public.player_trigrams VALUES ('lay', 'player2');
INSERT INTO public.player_trigrams VALUES ('aye', 'player 2');
INSERT INTO public.player_trigrams VALUES ('yer', 'player 1');
INSERT INTO public.player_trigrams VALUES ('pla', 'player 1');
INSERT INTO public.player_trigrams VALUES ('er ', 'player 1');
INSERT INTO public.player_trigrams VALUES ('aye', 'player1');
INSERT INTO public.player_trigrams VALUES ('er1', 'player1');
INSERT INTO public.player_trigrams VALUES ('lay', 'player 2');
INSERT INTO public.player_trigrams VALUES ('aye', 'player2');
INSERT INTO public.player_trigrams VALUES ('pla', 'player3');
INSERT INTO public.player_trigrams VALUES ('pla', 'player 2');
INSERT INTO public.player_trigrams VALUES ('er2', 'player2');


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players VALUES ('player1', 'player1', 1);
INSERT INTO public.players VALUES ('player2', 'player2', 1);
INSERT INTO public.players VALUES ('player3', 'player3', 228);
INSERT INTO public.players VALUES ('player 1', 'Player 1', 262);
INSERT INTO public.players VALUES ('player 2', 'Player 2', 262);


--
-- Data for Name: projection_positions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.projection_positions VALUES ('boards', 296);
INSERT INTO public.projection_positions VALUES ('stats', 296);


--
-- Data for Name: projection_quarantine; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rating_history; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rating_history VALUES ('arctic', 'f0197120-fe2b-4229-baaa-ceb8a5850c7c', 'player1', 227, 1, 25, 8.333333333333334, 27.635389493140497, 8.06590141354368, '2026-12-07 16:01:03.219309+00', 1);
INSERT INTO public.rating_history VALUES ('arctic', 'f0197120-fe2b-4229-baaa-ceb8a5850c7c', 'player2', 227, 2, 25, 8.333333333333334, 22.364610506859503, 8.06590141354368, '2026-12-07 16:01:03.219309+00', 1);


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ratings VALUES ('arctic', 'player1', 27.635389493140497, 8.06590141354368, 3.437685252509457, 1, true, 227, '2026-12-07 16:01:03.219309+00', 'f0197120-fe2b-4229-baaa-ceb8a5850c7c');
INSERT INTO public.ratings VALUES ('arctic', 'player2', 22.364610506859503, 8.06590141354368, -1.8330937337715376, 1, true, 227, '2026-12-07 16:01:03.219309+00', 'f0197120-fe2b-4229-baaa-ceb8a5850c7c');


--
-- Data for Name: server_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.server_keys VALUES (true, '\xc0d36493d8ada2e70637968cef39b2f1aafd73f2c5f16f47a292775bba9abbc0', '\xcc3aa7012d48bbd97096ad15195364bff2d4ea6973ea56b010c094e62a2742a7', '2026-12-07 16:01:02.279245+00');


--
-- Data for Name: signed_games; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: voided_games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.voided_games VALUES ('003e70c7-3ec4-498f-8fb2-6df091995132', 283, 'a test table', '17e420145386', '2026-12-07 16:01:03.446039+00');


--
-- Name: banquise_analyses_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.banquise_analyses_id_seq', 1, false);


--
-- Name: banquise_events_notification_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.banquise_events_notification_id_seq', 339, true);


--
-- Name: editions_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.editions_seq_seq', 1, false);


--
-- Name: pgqueuer_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.pgqueuer_id_seq', 1, false);


--
-- Name: pgqueuer_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.pgqueuer_log_id_seq', 1, false);


--
-- Name: pgqueuer_schedules_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.pgqueuer_schedules_id_seq', 1, false);


--
-- Name: pgqueuer_statistics_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.pgqueuer_statistics_id_seq', 1, false);


--
-- Name: api_key_changes api_key_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_key_changes
    ADD CONSTRAINT api_key_changes_pkey PRIMARY KEY (one);


--
-- Name: api_keys api_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);


--
-- Name: banquise_analyses banquise_analyses_game_id_analysis_version_budget_game_vers_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analyses
    ADD CONSTRAINT banquise_analyses_game_id_analysis_version_budget_game_vers_key UNIQUE (game_id, analysis_version, budget, game_version);


--
-- Name: banquise_analyses banquise_analyses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analyses
    ADD CONSTRAINT banquise_analyses_pkey PRIMARY KEY (id);


--
-- Name: banquise_analysis_stats banquise_analysis_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analysis_stats
    ADD CONSTRAINT banquise_analysis_stats_pkey PRIMARY KEY (game_id, analysis_version, budget, seat, stat_id);


--
-- Name: banquise_analysis_steps banquise_analysis_steps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analysis_steps
    ADD CONSTRAINT banquise_analysis_steps_pkey PRIMARY KEY (analysis_id, step);


--
-- Name: banquise_events banquise_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_events
    ADD CONSTRAINT banquise_events_pkey PRIMARY KEY (originator_id, originator_version);


--
-- Name: banquise_migrations banquise_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_migrations
    ADD CONSTRAINT banquise_migrations_pkey PRIMARY KEY (id);


--
-- Name: editions editions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.editions
    ADD CONSTRAINT editions_pkey PRIMARY KEY (kind, id, version);


--
-- Name: game_boards game_boards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_boards
    ADD CONSTRAINT game_boards_pkey PRIMARY KEY (game_id);


--
-- Name: game_forks game_forks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_forks
    ADD CONSTRAINT game_forks_pkey PRIMARY KEY (fork_id);


--
-- Name: game_snapshots game_snapshots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_snapshots
    ADD CONSTRAINT game_snapshots_pkey PRIMARY KEY (game_id, version);


--
-- Name: game_stats game_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_stats
    ADD CONSTRAINT game_stats_pkey PRIMARY KEY (game_id, seat, stat_id);


--
-- Name: game_summaries game_summaries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_summaries
    ADD CONSTRAINT game_summaries_pkey PRIMARY KEY (game_id);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: handle_aliases handle_aliases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.handle_aliases
    ADD CONSTRAINT handle_aliases_pkey PRIMARY KEY (alias_key);


--
-- Name: head_to_head head_to_head_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.head_to_head
    ADD CONSTRAINT head_to_head_pkey PRIMARY KEY (kind, handle_key, opponent_key);


--
-- Name: idempotency_keys idempotency_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (key_id, scope, idem_key);


--
-- Name: imported_plays imported_plays_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.imported_plays
    ADD CONSTRAINT imported_plays_pkey PRIMARY KEY (game_id);


--
-- Name: pgqueuer_log pgqueuer_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_log
    ADD CONSTRAINT pgqueuer_log_pkey PRIMARY KEY (id);


--
-- Name: pgqueuer pgqueuer_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer
    ADD CONSTRAINT pgqueuer_pkey PRIMARY KEY (id);


--
-- Name: pgqueuer_schedules pgqueuer_schedules_expression_entrypoint_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_schedules
    ADD CONSTRAINT pgqueuer_schedules_expression_entrypoint_key UNIQUE (expression, entrypoint);


--
-- Name: pgqueuer_schedules pgqueuer_schedules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_schedules
    ADD CONSTRAINT pgqueuer_schedules_pkey PRIMARY KEY (id);


--
-- Name: pgqueuer_statistics pgqueuer_statistics_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pgqueuer_statistics
    ADD CONSTRAINT pgqueuer_statistics_pkey PRIMARY KEY (id);


--
-- Name: player_results player_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_results
    ADD CONSTRAINT player_results_pkey PRIMARY KEY (game_id, seat);


--
-- Name: player_stats player_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_stats
    ADD CONSTRAINT player_stats_pkey PRIMARY KEY (handle_key, kind, player_count);


--
-- Name: player_trigrams player_trigrams_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_trigrams
    ADD CONSTRAINT player_trigrams_pkey PRIMARY KEY (trigram, handle_key);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (handle_key);


--
-- Name: projection_positions projection_positions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projection_positions
    ADD CONSTRAINT projection_positions_pkey PRIMARY KEY (name);


--
-- Name: projection_quarantine projection_quarantine_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projection_quarantine
    ADD CONSTRAINT projection_quarantine_pkey PRIMARY KEY (game_id);


--
-- Name: rating_history rating_history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_history
    ADD CONSTRAINT rating_history_pkey PRIMARY KEY (game_id, handle_key);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (kind, handle_key);


--
-- Name: server_keys server_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.server_keys
    ADD CONSTRAINT server_keys_pkey PRIMARY KEY (one);


--
-- Name: signed_games signed_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.signed_games
    ADD CONSTRAINT signed_games_pkey PRIMARY KEY (signer, origin);


--
-- Name: voided_games voided_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.voided_games
    ADD CONSTRAINT voided_games_pkey PRIMARY KEY (game_id);


--
-- Name: banquise_events_notification_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX banquise_events_notification_id_idx ON public.banquise_events USING btree (notification_id);


--
-- Name: game_forks_origin; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX game_forks_origin ON public.game_forks USING btree (origin_id, created_at);


--
-- Name: game_summaries_by_handle; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX game_summaries_by_handle ON public.game_summaries USING gin (handles);


--
-- Name: game_summaries_by_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX game_summaries_by_kind ON public.game_summaries USING btree (kind, status, player_count);


--
-- Name: games_by_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_created ON public.games USING btree (created_at DESC, id DESC);


--
-- Name: games_by_handle; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_handle ON public.games USING gin (handles);


--
-- Name: games_by_kind_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_kind_status ON public.games USING btree (kind, status, created_at DESC);


--
-- Name: games_by_play_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_play_time ON public.games USING btree (COALESCE(played_at, created_at), id);


--
-- Name: games_by_tags; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_by_tags ON public.games USING gin (tags);


--
-- Name: games_record_id_per_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX games_record_id_per_key ON public.games USING btree (owner_key, record_id);


--
-- Name: handle_aliases_by_target; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX handle_aliases_by_target ON public.handle_aliases USING btree (target_key);


--
-- Name: head_to_head_by_pair; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX head_to_head_by_pair ON public.head_to_head USING btree (handle_key, opponent_key);


--
-- Name: idempotency_keys_by_age; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_keys_by_age ON public.idempotency_keys USING btree (created_at);


--
-- Name: imported_plays_by_handle; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX imported_plays_by_handle ON public.imported_plays USING gin (handles);


--
-- Name: imported_plays_by_source; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX imported_plays_by_source ON public.imported_plays USING btree (source, lower(source_id));


--
-- Name: imported_plays_by_tags; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX imported_plays_by_tags ON public.imported_plays USING gin (tags);


--
-- Name: imported_plays_by_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX imported_plays_by_time ON public.imported_plays USING btree (played_at);


--
-- Name: pgqueuer_ep_ea_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_ep_ea_idx ON public.pgqueuer USING btree (entrypoint, execute_after) WHERE (status = 'queued'::public.pgqueuer_status);


--
-- Name: pgqueuer_ep_prio_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_ep_prio_id_idx ON public.pgqueuer USING btree (entrypoint, priority DESC, id) WHERE (status = 'queued'::public.pgqueuer_status);


--
-- Name: pgqueuer_log_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_log_created ON public.pgqueuer_log USING btree (created);


--
-- Name: pgqueuer_log_job_id_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_log_job_id_status ON public.pgqueuer_log USING btree (job_id, created DESC);


--
-- Name: pgqueuer_log_not_aggregated; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_log_not_aggregated ON public.pgqueuer_log USING btree ((1)) WHERE (NOT aggregated);


--
-- Name: pgqueuer_log_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_log_status ON public.pgqueuer_log USING btree (status);


--
-- Name: pgqueuer_picked_heartbeat_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_picked_heartbeat_idx ON public.pgqueuer USING btree (heartbeat) WHERE (status = 'picked'::public.pgqueuer_status);


--
-- Name: pgqueuer_picked_slot_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX pgqueuer_picked_slot_idx ON public.pgqueuer USING btree (entrypoint, slot) WHERE ((status = 'picked'::public.pgqueuer_status) AND (slot IS NOT NULL));


--
-- Name: pgqueuer_priority_id_id1_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_priority_id_id1_idx ON public.pgqueuer USING btree (priority, id DESC) INCLUDE (id) WHERE (status = 'queued'::public.pgqueuer_status);


--
-- Name: pgqueuer_queue_manager_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_queue_manager_id_idx ON public.pgqueuer USING btree (queue_manager_id) WHERE (queue_manager_id IS NOT NULL);


--
-- Name: pgqueuer_statistics_unique_count; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX pgqueuer_statistics_unique_count ON public.pgqueuer_statistics USING btree (priority, date_trunc('sec'::text, timezone('UTC'::text, created)), status, entrypoint);


--
-- Name: pgqueuer_unique_dedupe_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX pgqueuer_unique_dedupe_key ON public.pgqueuer USING btree (dedupe_key) WHERE ((status = ANY (ARRAY['queued'::public.pgqueuer_status, 'picked'::public.pgqueuer_status])) AND (dedupe_key IS NOT NULL));


--
-- Name: pgqueuer_updated_id_id1_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pgqueuer_updated_id_id1_idx ON public.pgqueuer USING btree (updated, id DESC) INCLUDE (id) WHERE (status = 'picked'::public.pgqueuer_status);


--
-- Name: player_results_by_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_by_kind ON public.player_results USING btree (kind, "position");


--
-- Name: player_results_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_by_player ON public.player_results USING btree (handle_key, "position" DESC);


--
-- Name: player_results_imported; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_imported ON public.player_results USING btree (kind, finished_at, game_id) WHERE (source IS NOT NULL);


--
-- Name: player_results_in_play_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_results_in_play_order ON public.player_results USING btree (kind, finished_at, game_id);


--
-- Name: player_stats_by_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_stats_by_kind ON public.player_stats USING btree (kind, player_count, games);


--
-- Name: player_trigrams_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_trigrams_by_player ON public.player_trigrams USING btree (handle_key);


--
-- Name: rating_history_by_player_in_play_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rating_history_by_player_in_play_order ON public.rating_history USING btree (handle_key, kind, played_at, game_id);


--
-- Name: rating_history_in_play_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rating_history_in_play_order ON public.rating_history USING btree (kind, played_at, game_id);


--
-- Name: ratings_by_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_by_player ON public.ratings USING btree (handle_key);


--
-- Name: ratings_leaderboard; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ratings_leaderboard ON public.ratings USING btree (kind, ordinal DESC, handle_key);


--
-- Name: signed_games_by_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX signed_games_by_game ON public.signed_games USING btree (game_id);


--
-- Name: api_keys api_keys_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER api_keys_changed AFTER DELETE OR UPDATE OR TRUNCATE ON public.api_keys FOR EACH STATEMENT EXECUTE FUNCTION public.banquise_count_key_change();


--
-- Name: banquise_events banquise_chain; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER banquise_chain BEFORE INSERT ON public.banquise_events FOR EACH ROW WHEN ((new.chain IS NULL)) EXECUTE FUNCTION public.banquise_chain_event();


--
-- Name: banquise_events banquise_chain_head; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER banquise_chain_head AFTER INSERT ON public.banquise_events REFERENCING NEW TABLE AS banquise_added FOR EACH STATEMENT EXECUTE FUNCTION public.banquise_chain_head();


--
-- Name: banquise_events banquise_events_lost; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER banquise_events_lost AFTER DELETE ON public.banquise_events REFERENCING OLD TABLE AS banquise_removed FOR EACH STATEMENT EXECUTE FUNCTION public.banquise_events_lost();


--
-- Name: editions editions_immutable; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER editions_immutable BEFORE DELETE OR UPDATE ON public.editions FOR EACH ROW EXECUTE FUNCTION public.editions_immutable();


--
-- Name: pgqueuer tg_pgqueuer_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tg_pgqueuer_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.pgqueuer FOR EACH STATEMENT EXECUTE FUNCTION public.fn_pgqueuer_changed();


--
-- Name: banquise_analysis_steps banquise_analysis_steps_analysis_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banquise_analysis_steps
    ADD CONSTRAINT banquise_analysis_steps_analysis_id_fkey FOREIGN KEY (analysis_id) REFERENCES public.banquise_analyses(id) ON DELETE CASCADE;


--
-- Name: editions editions_added_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.editions
    ADD CONSTRAINT editions_added_by_fkey FOREIGN KEY (added_by) REFERENCES public.api_keys(id);


--
-- Name: games games_owner_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_owner_key_fkey FOREIGN KEY (owner_key) REFERENCES public.api_keys(id);


--
-- Name: signed_games signed_games_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.signed_games
    ADD CONSTRAINT signed_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


