"""Game analyses (#37): one row per analysis asked, one row per step analysed, and the job queue.

An analysis is one (game, analysis version, budget) at one version of the game (a live game's analysis
covers the moves recorded when it was asked; a finished game has one version). Its steps are stored
one by one as a worker computes them, so a job retried after its worker died resumes from the steps
stored; the finished analysis (``domain.analysis.game.encode``'s bytes) is written once, by whichever
run gets there first (``finish`` writes only into an empty ``result``).

The jobs themselves are PgQueuer's (``enqueue`` here; the workers: ``service.cli.commands.analysis``):
its tables are installed by the same migration step as ours (unqualified, in the schema the migration
runs in, as every table of ours).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, NamedTuple
from uuid import UUID

import msgspec
import psycopg
from pgqueuer import Queries, QueueManager
from pgqueuer.adapters.drivers.psycopg import PsycopgDriver, SyncPsycopgDriver
from pgqueuer.adapters.persistence.qb import QueryBuilderEnvironment
from pgqueuer.adapters.persistence.queries import SyncQueries
from psycopg import Connection
from psycopg.rows import DictRow

from service.base.database import ConnectionParams
from service.base.refusals import Category, Refusal
from service.base.store.rows import typed

# The queue's entrypoint (what a worker registers) and a job's payload: the analysis row's id.
ENTRYPOINT = "banquise_analysis"

ANALYSES = """
CREATE TABLE banquise_analyses (
    id               bigserial PRIMARY KEY,
    game_id          uuid NOT NULL,
    game_version     integer NOT NULL,              -- the game's version analysed (its last event then)
    analysis_version text NOT NULL,                 -- domain.analysis.game.ANALYSIS_VERSION
    budget           integer NOT NULL,
    seed             bigint NOT NULL,
    steps_total      integer NOT NULL,              -- the moves to analyse
    asked_at         timestamptz NOT NULL DEFAULT now(),
    started_at       timestamptz,                   -- a worker took it (first time)
    finished_at      timestamptz,
    result           bytea,                         -- the analysis, encoded (written once)
    failure          text,                          -- why it cannot be done (the game's kind refused it)
    UNIQUE (game_id, analysis_version, budget, game_version)
);
CREATE TABLE banquise_analysis_steps (
    analysis_id bigint NOT NULL REFERENCES banquise_analyses (id) ON DELETE CASCADE,
    step        integer NOT NULL,                   -- the move's index in the record (0: the first)
    body        bytea NOT NULL,                     -- the step's StepAnalysis, encoded
    PRIMARY KEY (analysis_id, step)
);
"""


# Step 0025: how many runs of an analysis started without ending cleanly (a worker killed, a crash): a job
# whose runs keep dying is given up (``GameAnalyses.run``), not taken again for ever.
ATTEMPTS = "ALTER TABLE banquise_analyses ADD COLUMN attempts integer NOT NULL DEFAULT 0;"


def migration() -> str:
    """Step 0020: our tables and PgQueuer's (its own DDL for the installed version, unqualified)."""
    return ANALYSES + "\n" + QueryBuilderEnvironment().build_install_query(create_schema=False)


class AnalysisRow(msgspec.Struct, kw_only=True):
    id: int
    game_id: UUID
    game_version: int
    analysis_version: str
    budget: int
    seed: int
    steps_total: int
    steps_done: int
    started: bool
    finished: bool
    failure: str | None


_COLUMNS = """
a.id, a.game_id, a.game_version, a.analysis_version, a.budget, a.seed, a.steps_total,
(SELECT count(*) FROM banquise_analysis_steps s WHERE s.analysis_id = a.id)::int AS steps_done,
a.started_at IS NOT NULL AS started, a.result IS NOT NULL AS finished, a.failure
"""
_ASK = """
INSERT INTO banquise_analyses (game_id, game_version, analysis_version, budget, seed, steps_total)
VALUES (%s, %s, %s, %s, %s, %s)
ON CONFLICT (game_id, analysis_version, budget, game_version) DO NOTHING
RETURNING id
"""
_FIND = f"""
SELECT {_COLUMNS} FROM banquise_analyses a
WHERE a.game_id = %s AND a.analysis_version = %s AND a.budget = %s AND a.game_version = %s
"""
_BY_ID = f"SELECT {_COLUMNS} FROM banquise_analyses a WHERE a.id = %s"
# The latest analysis of the same game, version, budget and seed at an earlier game version with a step stored
# (a live game's outlook asked again as the game goes on: its first steps are the same bytes)
_EARLIER = f"""
SELECT {_COLUMNS} FROM banquise_analyses a
WHERE a.game_id = %s AND a.analysis_version = %s AND a.budget = %s AND a.seed = %s AND a.game_version < %s
  AND EXISTS (SELECT 1 FROM banquise_analysis_steps s WHERE s.analysis_id = a.id AND s.step = 0)
ORDER BY a.game_version DESC LIMIT 1
"""


def dedupe_key(analysis_id: int) -> str:
    return f"analysis:{analysis_id}"


class QueueBounds(NamedTuple):
    """What the analysis queue holds for its callers (``BANQUISE_ANALYSES_PER_KEY``, ``BANQUISE_ANALYSIS_QUEUE``):
    each key's jobs queued or running, and all of them. A job costs a worker's minutes (a game's moves times
    its budget in rollouts): a caller who could queue without bound would hold every worker for hours."""

    per_key: int = 8
    total: int = 256
    retry_after: int = 30  # seconds a refused caller is told to wait (about one job of a worker)


class TooManyAnalyses(Refusal):
    """A key with as many analyses queued or running as it may have (429, ``Retry-After``)."""

    category = Category.TOO_MANY
    code = "too_many_analyses"

    def __init__(self, bound: int, retry_after: int) -> None:
        super().__init__(
            f"this API key has {bound} analyses queued or running, as many as a key may (BANQUISE_ANALYSES_PER_KEY): "
            "ask again once one is done",
            title="Too many analyses",
            bound=bound,
            retry_after=retry_after,
        )


class AnalysisQueueFull(Refusal):
    """The queue holds as many jobs as it may, whoever asked them (503, ``Retry-After``)."""

    category = Category.UNAVAILABLE
    code = "analysis_queue_full"

    def __init__(self, bound: int, retry_after: int) -> None:
        super().__init__(
            f"the analysis queue holds {bound} jobs, as many as it may (BANQUISE_ANALYSIS_QUEUE): ask again later",
            title="Analysis queue full",
            bound=bound,
            retry_after=retry_after,
        )


# The live jobs of the queue (queued, or taken by a worker), and those one key asked (the job's ``asker``
# header): a few hundred rows at most, the queue's bound.
_OUTSTANDING = """
SELECT count(*) AS total, count(*) FILTER (WHERE headers ->> 'asker' = %s) AS mine,
       count(*) FILTER (WHERE dedupe_key = %s) AS this
FROM pgqueuer WHERE entrypoint = %s AND status IN ('queued', 'picked')
"""


def enqueue(
    conn: Connection[Any], analysis_id: int, asker: str | None = None, bounds: QueueBounds | None = None
) -> None:
    """One job for the analysis, on ``conn`` (in its transaction, autocommit outside one); nothing when
    a job for it is queued or running already (its dedupe key).

    ``asker``: the key that asks (its id), held to ``bounds``: refused (``TooManyAnalyses``,
    ``AnalysisQueueFull``, the transaction's writes with it) past its share or past the queue's, unless its
    job is queued already (asking again is free). Its job's turn comes by its rank among the key's own
    (PgQueuer takes the highest priority first, then the oldest): a key's first job goes before every
    key's second, so one caller's backlog never holds back another's first ask. A key's asks are taken one
    at a time (a lock of that key's, for its transaction), so concurrent asks never pass its bound."""
    priority = 0
    if asker is not None and bounds is not None:
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"banquise-analysis-asker:{asker}",))
        found = conn.execute(_OUTSTANDING, (asker, dedupe_key(analysis_id), ENTRYPOINT)).fetchone()
        total, mine, this = (found["total"], found["mine"], found["this"]) if found else (0, 0, 0)
        if this:
            return
        if mine >= bounds.per_key:
            raise TooManyAnalyses(bounds.per_key, bounds.retry_after)
        if total >= bounds.total:
            raise AnalysisQueueFull(bounds.total, bounds.retry_after)
        priority = -mine
    SyncQueries(SyncPsycopgDriver(conn)).enqueue(
        ENTRYPOINT,
        str(analysis_id).encode(),
        priority=priority,
        dedupe_key=dedupe_key(analysis_id),
        on_conflict="skip",
        headers={"asker": asker} if asker is not None else None,
    )


class AnalysesTable:
    """The analyses' SQL as named methods (each on a pooled connection of its own: ``connection``, the
    store's ``get_connection``)."""

    def __init__(self, connection: Callable[[], AbstractContextManager[Connection[DictRow]]]) -> None:
        self.connection = connection

    @staticmethod
    def _row(found: dict[str, Any] | None) -> AnalysisRow | None:
        return None if found is None else typed(found, AnalysisRow)

    def ask(
        self,
        conn: Connection[DictRow],
        game_id: UUID,
        game_version: int,
        version: str,
        budget: int,
        seed: int,
        total: int,
    ) -> tuple[AnalysisRow, bool]:
        """The analysis of this game at this version (made now if it is not there: ``True``)."""
        made = conn.execute(_ASK, (game_id, game_version, version, budget, seed, total)).fetchone()
        found = self._row(conn.execute(_FIND, (game_id, version, budget, game_version)).fetchone())
        assert found is not None
        return found, made is not None

    def find(self, game_id: UUID, version: str, budget: int, game_version: int) -> AnalysisRow | None:
        with self.connection() as conn:
            return self._row(conn.execute(_FIND, (game_id, version, budget, game_version)).fetchone())

    def earlier(self, game_id: UUID, version: str, budget: int, seed: int, game_version: int) -> AnalysisRow | None:
        """The latest analysis of the game at an earlier version (same analysis version, budget and seed) with
        its first step stored, if any."""
        with self.connection() as conn:
            return self._row(conn.execute(_EARLIER, (game_id, version, budget, seed, game_version)).fetchone())

    def copy_steps(self, source: int, target: int, upto: int) -> None:
        """Steps ``0..upto-1`` stored for analysis ``source`` stored for ``target`` too (the same bytes: the
        caller has checked that both analyse the same moves up to there)."""
        with self.connection() as conn, conn.transaction():
            conn.execute("SET LOCAL synchronous_commit = off")
            conn.execute(
                "INSERT INTO banquise_analysis_steps (analysis_id, step, body) "
                "SELECT %s, step, body FROM banquise_analysis_steps WHERE analysis_id = %s AND step < %s "
                "ON CONFLICT (analysis_id, step) DO NOTHING",
                (target, source, upto),
            )

    def by_id(self, analysis_id: int) -> AnalysisRow | None:
        with self.connection() as conn:
            return self._row(conn.execute(_BY_ID, (analysis_id,)).fetchone())

    def result(self, analysis_id: int) -> bytes | None:
        with self.connection() as conn:
            row = conn.execute("SELECT result FROM banquise_analyses WHERE id = %s", (analysis_id,)).fetchone()
        return None if row is None or row["result"] is None else bytes(row["result"])

    def started(self, analysis_id: int) -> int:
        """A run of the analysis starts: how many runs started and did not end cleanly, this one counted."""
        with self.connection() as conn:
            row = conn.execute(
                "UPDATE banquise_analyses SET started_at = coalesce(started_at, now()), attempts = attempts + 1 "
                "WHERE id = %s RETURNING attempts",
                (analysis_id,),
            ).fetchone()
        return 0 if row is None else int(row["attempts"])

    def released(self, analysis_id: int) -> None:
        """A run stopped cleanly between two steps (its worker was told to stop): not a failed attempt."""
        with self.connection() as conn:
            conn.execute(
                "UPDATE banquise_analyses SET attempts = greatest(0, attempts - 1) WHERE id = %s", (analysis_id,)
            )

    def steps(self, analysis_id: int) -> list[bytes]:
        """The steps stored, in order (from step 0, without a gap: they are stored in order)."""
        with self.connection() as conn:
            rows = conn.execute(
                "SELECT step, body FROM banquise_analysis_steps WHERE analysis_id = %s ORDER BY step", (analysis_id,)
            ).fetchall()
        out: list[bytes] = []
        for row in rows:
            if row["step"] != len(out):
                break  # never written so; a gap would only be resumed from
            out.append(bytes(row["body"]))
        return out

    def step(self, analysis_id: int, step: int) -> bytes | None:
        with self.connection() as conn:
            row = conn.execute(
                "SELECT body FROM banquise_analysis_steps WHERE analysis_id = %s AND step = %s", (analysis_id, step)
            ).fetchone()
        return None if row is None else bytes(row["body"])

    def add_step(self, analysis_id: int, step: int, body: bytes) -> None:
        """A step analysed; a run that stored it first keeps its bytes (they are the same: seeded).

        Without waiting for the WAL's flush: a step is a cache of a seeded computation, and one lost in a
        database crash is only computed again by the next run. Measured (bench item 13): waiting for the
        flush of every step's commit kept a worker idle three quarters of the time."""
        with self.connection() as conn, conn.transaction():
            conn.execute("SET LOCAL synchronous_commit = off")
            conn.execute(
                "INSERT INTO banquise_analysis_steps (analysis_id, step, body) VALUES (%s, %s, %s) "
                "ON CONFLICT (analysis_id, step) DO NOTHING",
                (analysis_id, step, body),
            )

    def finish(self, analysis_id: int, result: bytes) -> bool:
        """The analysis done; ``False`` when another run had written it already (nothing changed)."""
        with self.connection() as conn:
            done = conn.execute(
                "UPDATE banquise_analyses SET result = %s, finished_at = now() WHERE id = %s AND result IS NULL "
                "RETURNING id",
                (result, analysis_id),
            ).fetchone()
        return done is not None

    def fail(self, analysis_id: int, reason: str) -> None:
        with self.connection() as conn:
            conn.execute(
                "UPDATE banquise_analyses SET failure = %s, finished_at = now() WHERE id = %s AND result IS NULL",
                (reason, analysis_id),
            )


async def queue_manager(
    params: ConnectionParams, application_name: str
) -> tuple[psycopg.AsyncConnection[Any], QueueManager]:
    """A worker's own connection (autocommit: PgQueuer's LISTEN and dequeue) and the queue manager over it;
    the caller closes the connection."""
    kwargs: dict[str, Any] = {**params.connect_kwargs(), "application_name": application_name}
    conn = await psycopg.AsyncConnection.connect(autocommit=True, **kwargs)
    return conn, QueueManager(Queries(PsycopgDriver(conn)))
