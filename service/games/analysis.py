"""A game's analysis (#37) as a use case: asking for it, reading it, and running it (a worker's job).

One analysis per (game, analysis version, budget) at the game's version when asked: asking again
answers the same one (and queues no second job). The work is done by ``banquise worker analysis``
processes (``service.cli.commands.analysis``), never by the API's: a job computes the steps not stored yet, stores
each as it goes (``AnalysesTable.add_step``), then assembles the analysis from the stored steps and
writes it once. Every step's numbers come from seeds of its own (``domain.analysis.game.steps``), so a
job resumed after its worker was killed gives the bytes an uninterrupted run gives.

Who sees it: an analysis reads the whole record (every hidden card is sampled from what the record
knows), so it is the record's readers': a finished game's readers, and a live game's owner
(``Sight.everything``); anyone else is refused with ``analysis_hidden``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Literal
from uuid import UUID

import msgspec

from domain.analysis.game import ANALYSIS_VERSION, DEFAULT_BUDGET, DEFAULT_SEED, StepAnalysis, assemble, encode, steps
from domain.chance import SplitMix64
from domain.registry import GamePlugin, game
from service.base.keys import ApiKey
from service.base.refusals import Category, GameNotFound, Refusal, ResultOnlyGame, refuses
from service.base.store import GameLog, analysis_stats
from service.base.store.analyses import AnalysesTable, AnalysisQueueFull, AnalysisRow, TooManyAnalyses
from service.base.store.rows import IndexedGame
from service.games import codecs
from service.games.game_records import GameRecords
from service.games.game_rows import GameRows
from service.games.keys import ApiKeyRequired
from service.games.kind_lookup import KindLookup
from service.games.sight import ForkHidden, Sight, public

log = logging.getLogger("banquise.analysis")

MIN_BUDGET, MAX_BUDGET = 1, 64
# Runs of one analysis that may start without ending cleanly (their worker killed, out of memory...) before
# it is given up as failed: a job that cannot finish is not taken again for ever.
MAX_ATTEMPTS = 3
Status = Literal["queued", "running", "done", "failed"]
# Enqueues one job for an analysis (in the transaction of its row, on that connection), for the key that
# asks (its id; None: the database's owner); skips when a job for it is queued or running already, refuses
# past the key's or the queue's bound. ``service.base.store.analyses.enqueue``: the API injects it.
Enqueue = Callable[[Any, int, str | None], None]

_steps_encoder = msgspec.json.Encoder(order="deterministic")
_step_decoder = msgspec.json.Decoder(StepAnalysis)


class BudgetOutOfRange(Refusal):
    """A budget outside the bounds an analysis takes."""

    category = Category.UNPROCESSABLE
    code = "budget_out_of_range"

    def __init__(self, budget: int, minimum: int, maximum: int) -> None:
        super().__init__(
            f"the budget (rollouts per estimate) must be {minimum} to {maximum}, not {budget}",
            minimum=minimum,
            maximum=maximum,
        )


class AnalysisHidden(Refusal):
    """A live game's analysis reads every hidden card: its owner's key's only."""

    category = Category.FORBIDDEN
    code = "analysis_hidden"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is live: its analysis reads every hidden card and is its owner's key's until "
            "the game is finished",
            title="Analysis hidden while the game is live",
        )


class AnalysisUnavailable(Refusal):
    """A game the engine cannot analyse (its kind, or its record)."""

    category = Category.UNPROCESSABLE
    code = "analysis_unavailable"

    def __init__(self, reason: str) -> None:
        super().__init__(reason, title="Game not analysable")


class AnalysisNotRequested(Refusal):
    """No analysis of the game at this budget was asked for."""

    category = Category.NOT_FOUND
    code = "analysis_not_requested"

    def __init__(self, game_id: UUID, budget: int, version: int) -> None:
        super().__init__(
            f"no analysis of game {game_id} at budget {budget} was asked for (at its version "
            f"{version}): POST /games/{game_id}/analysis",
            title="Analysis not requested",
        )


class AnalysisMoveNotReady(Refusal):
    """A move the analysis has not reached yet."""

    category = Category.NOT_FOUND
    code = "analysis_move_not_ready"

    def __init__(self, game_id: UUID, number: int, steps_done: int, steps_total: int) -> None:
        super().__init__(
            f"move {number} of game {game_id} is not analysed (yet): {steps_done} of {steps_total} moves are",
            steps_done=steps_done,
            steps_total=steps_total,
        )


# A game's analysis read: the game found and seen, the analysis asked for at this budget.
READING = (GameNotFound, ResultOnlyGame, ForkHidden, AnalysisHidden, AnalysisNotRequested, BudgetOutOfRange)


class AnalysisAsked(msgspec.Struct, kw_only=True):
    """``POST /games/{id}/analysis``'s optional body."""

    budget: int = DEFAULT_BUDGET


class AnalysisProgress(msgspec.Struct, kw_only=True):
    """An analysis not finished (``202``): its job's state and how many of its steps are done."""

    game_id: UUID
    analysis_version: str
    budget: int
    seed: int
    game_version: int  # the game's version (its last step) the analysis covers
    status: Status  # queued | running | done | failed
    steps_done: int  # moves analysed so far (``GET .../analysis/moves/{n}`` answers each one done)
    steps_total: int  # the moves of the record
    failure: str | None = None  # why it cannot be done (status ``failed``)


class Answer(msgspec.Struct, kw_only=True):
    """What a GET of an analysis answers: the progress, or (``body``) the analysis itself."""

    progress: AnalysisProgress
    body: bytes | None = None
    immutable: bool = False  # of a finished, public game: the same bytes for good


def budget_in_bounds(budget: int) -> int:
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise BudgetOutOfRange(budget, MIN_BUDGET, MAX_BUDGET)
    return budget


def _progress(row: AnalysisRow) -> AnalysisProgress:
    status: Status = "failed" if row.failure else "done" if row.finished else "queued"
    if status == "queued" and (row.started or row.steps_done):
        status = "running"
    return AnalysisProgress(
        game_id=row.game_id,
        analysis_version=row.analysis_version,
        budget=row.budget,
        seed=row.seed,
        game_version=row.game_version,
        status=status,
        steps_done=row.steps_total if row.finished else row.steps_done,
        steps_total=row.steps_total,
        failure=row.failure,
    )


class Interrupted(Exception):
    """A run stopped between two steps (its worker is stopping): the steps stored stay, for the next run."""

    def __init__(self, analysis_id: int, done: int) -> None:
        super().__init__(f"analysis {analysis_id} interrupted after {done} steps")


class Unanalysable(Exception):
    """The analysis of a record cannot be computed (its kind cannot sample or play it): it ends failed."""

    def __init__(self, step: int, cause: Exception) -> None:
        where = f"move {step + 1}" if step >= 0 else "the record"
        super().__init__(f"{where} could not be analysed: {type(cause).__name__}: {cause}")


class GameLine(msgspec.Struct, frozen=True):
    """What an analysis reads of a game: its kind's plug-in, the events before the first move, the moves."""

    plugin: Any
    opening: list[Any]
    moves: list[Any]


class GameAnalyses:
    """Asking for, reading and running games' analyses."""

    def __init__(
        self,
        store: GameLog,
        *,
        kinds: KindLookup,
        rows: GameRows,
        records: GameRecords,
        analyses: AnalysesTable,
        enqueue: Enqueue | None = None,
        counted_budget: int = DEFAULT_BUDGET,
    ) -> None:
        self.store = store
        # the budget of the analysis that counts in the players' statistics (with the game finished)
        self.counted_budget = counted_budget
        self.kinds = kinds
        self.rows = rows
        self.records = records
        self.table = analyses
        self.enqueue = enqueue

    # ------------------------------------------------------------------ reading a game
    def _readable(self, game_id: UUID, key: ApiKey | None, *, needs: str | None = None) -> IndexedGame:
        """The row of a game whose analysis ``key`` may read; ``needs``: what this call is, when it needs a
        key of anyone who sends none (401, not 403: a live game's owner is asked to give theirs)."""
        row = self.rows.row(game_id)
        if not Sight.of(row, key).everything:
            if key is None and needs is not None:
                raise ApiKeyRequired(needs)
            raise AnalysisHidden(game_id)
        return row

    def recorded(self, row: IndexedGame, version: int) -> GameLine:
        """The game of ``row`` as it stood at ``version``: its plug-in, opening events and moves."""
        kind = self.kinds.get(row.kind)
        plugin = game(kind.name)
        assert plugin is not None  # a kind of the registry: a registered game
        # The moves on the game's line at that version (moves taken back are not part of it).
        record = codecs.typed_record(kind, self.records.record_of(row, self.store.read(row.id, upto=version)))
        return GameLine(plugin, list(plugin.rules.start(record.setup)), [m.move for m in record.moves])

    @staticmethod
    def _refuse_unanalysable(plugin: GamePlugin, row: IndexedGame, recorded: GameLine) -> None:
        reason = None
        if plugin.analysis is None:
            reason = f"the kind {plugin.kind!r} offers no analysis"
        elif row.rules_version != plugin.rules.rules_version:
            reason = f"games of rules {row.rules_version!r} are not analysed (only {plugin.rules.rules_version!r})"
        else:
            state = plugin.rules.fold(recorded.opening)
            try:
                # What a step's estimate does first: a game the kind cannot sample is refused now, not in a job.
                plugin.analysis.determinize(state, None, SplitMix64(DEFAULT_SEED))
            except ValueError as exc:
                reason = str(exc)
        if reason is not None:
            raise AnalysisUnavailable(reason)

    # ------------------------------------------------------------------ the API's use cases
    def budgets_asked(self, row: IndexedGame) -> list[int]:
        """The budgets of the analyses asked for the game of ``row`` at its version (queued to done): what a
        page offers to read rather than to ask (no sight is checked: the caller shows the game already)."""
        with self.table.connection() as conn:
            return analysis_stats.budgets_asked(conn, row.id, ANALYSIS_VERSION, row.version)

    @refuses(READING, ApiKeyRequired, AnalysisUnavailable, TooManyAnalyses, AnalysisQueueFull)
    def ask(self, game_id: UUID, key: ApiKey | None, budget: int) -> tuple[AnalysisProgress, bool]:
        """The analysis of the game as it stands, asked for: its progress, and whether this call made it.
        Queuing one takes a key (a worker's minutes, counted against it: ``Enqueue``); without one, only an
        analysis asked already is answered (the viewer's readers of a finished game)."""
        budget_in_bounds(budget)
        row = self._readable(game_id, key, needs="asking for a live game's analysis")
        if key is None:
            found = self.table.find(game_id, ANALYSIS_VERSION, budget, row.version)
            if found is None:
                raise ApiKeyRequired("asking for a new analysis needs an API key (reading one asked already does not)")
            return _progress(found), False
        analysis, made = self.prepare(row, budget, key.id)
        return _progress(analysis), made

    def prepare(self, row: IndexedGame, budget: int, asker: str | None = None) -> tuple[AnalysisRow, bool]:
        """The analysis of the game of ``row`` at its version: found, or made and queued (``True``).
        No sight is checked here: the API checks it first, ``banquise analyse`` is the database's owner."""
        game_id, version = row.id, row.version
        found = self.table.find(game_id, ANALYSIS_VERSION, budget, version)
        if found is not None and (found.finished or found.failure):
            return found, False
        if found is None:
            recorded = self.recorded(row, version)
            self._refuse_unanalysable(recorded.plugin, row, recorded)
            total = len(recorded.moves)
        else:
            total = found.steps_total
        with self.table.connection() as conn, conn.transaction():
            analysis, made = self.table.ask(conn, game_id, version, ANALYSIS_VERSION, budget, DEFAULT_SEED, total)
            if not analysis.finished and not analysis.failure and self.enqueue is not None:
                # Every ask of an unfinished analysis: a job that died of an error is queued again;
                # one queued or running already makes this a no-op (the queue's dedupe key).
                self.enqueue(conn, analysis.id, asker)
        return analysis, made

    def _asked(
        self, game_id: UUID, key: ApiKey | None, budget: int, version: str | None = None
    ) -> tuple[IndexedGame, AnalysisRow]:
        """The analysis asked of the game at ``budget`` and analysis ``version`` (default: the current one;
        an older one stays readable, it is never computed again)."""
        budget_in_bounds(budget)
        row = self._readable(game_id, key)
        found = self.table.find(game_id, version or ANALYSIS_VERSION, budget, row.version)
        if found is None:
            raise AnalysisNotRequested(game_id, budget, row.version)
        return row, found

    @refuses(READING)
    def answer(self, game_id: UUID, key: ApiKey | None, budget: int, version: str | None = None) -> Answer:
        row, found = self._asked(game_id, key, budget, version)
        progress = _progress(found)
        if not found.finished:
            return Answer(progress=progress)
        return Answer(progress=progress, body=self.table.result(found.id), immutable=public(row))

    @refuses(READING, AnalysisMoveNotReady)
    def move(self, game_id: UUID, key: ApiKey | None, budget: int, number: int, version: str | None = None) -> bytes:
        """Move ``number`` (1-based, the timeline's ``move_number``)'s evaluation, once analysed."""
        _, found = self._asked(game_id, key, budget, version)
        body = self.table.step(found.id, number - 1) if 1 <= number <= found.steps_total else None
        if body is None:
            raise AnalysisMoveNotReady(game_id, number, found.steps_done, found.steps_total)
        return body

    # ------------------------------------------------------------------ a worker's job
    def run(
        self,
        analysis_id: int,
        progress: Callable[[int, int], None] | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> bool:
        """Analysis ``analysis_id`` computed from the steps stored on; ``True`` if this run wrote it.
        ``stop`` is asked after each step: ``True`` leaves the job unfinished (``Interrupted``), to be
        resumed by another run from the steps stored."""
        found = self.table.by_id(analysis_id)
        if found is None or found.finished or found.failure:
            return False
        if found.analysis_version != ANALYSIS_VERSION:  # a job queued before this worker's version
            self.table.fail(
                analysis_id, f"made by {found.analysis_version}, no longer computed: ask for {ANALYSIS_VERSION}"
            )
            return False
        attempts = self.table.started(analysis_id)
        if attempts > MAX_ATTEMPTS:
            self.table.fail(analysis_id, f"given up: {attempts - 1} runs of it ended without finishing it")
            return False
        try:
            return self._run(found, progress, stop)
        except Interrupted:
            self.table.released(analysis_id)
            raise
        except Unanalysable as exc:
            log.warning("analysis failed", extra={"fields": {"analysis": analysis_id, "failure": str(exc)}})
            self.table.fail(analysis_id, str(exc))
            return False

    def _run(
        self,
        found: AnalysisRow,
        progress: Callable[[int, int], None] | None,
        stop: Callable[[], bool] | None,
    ) -> bool:
        analysis_id = found.id
        row = self.rows.row(found.game_id)
        recorded = self.recorded(row, found.game_version)
        stored = self.table.steps(analysis_id)
        if len(stored) < found.steps_total:
            stored = self._reuse(found, row, recorded, stored)
        if progress is not None:
            progress(len(stored), found.steps_total)
        analysing = steps(
            recorded.plugin, recorded.opening, recorded.moves, found.budget, found.seed, start=len(stored)
        )
        while True:
            # The computation's own errors (a kind that cannot sample or play this record) end the analysis
            # as failed; the store's (a database gone) leave the job to be taken again.
            try:
                step = next(analysing, None)
            except Exception as exc:
                raise Unanalysable(len(stored), exc) from exc
            if step is None:
                break
            body = _steps_encoder.encode(step)
            self.table.add_step(analysis_id, step.step, body)
            stored.append(body)
            if progress is not None:
                progress(len(stored), found.steps_total)
            if stop is not None and stop() and len(stored) < found.steps_total:
                raise Interrupted(analysis_id, len(stored))
        analysed = [_step_decoder.decode(body) for body in stored]
        try:
            result = encode(assemble(recorded.plugin, recorded.opening, analysed, found.budget, found.seed))
        except Exception as exc:
            raise Unanalysable(len(stored), exc) from exc
        # The players' accuracies first: a run killed between the two leaves the job unfinished, and the run
        # that takes it writes the same rows again (the same bytes), then the analysis.
        if self.counts(found):
            with self.table.connection() as conn:
                analysis_stats.record(conn, found.game_id, result)
        return self.table.finish(analysis_id, result)

    def _reuse(self, found: AnalysisRow, row: IndexedGame, recorded: GameLine, stored: list[bytes]) -> list[bytes]:
        """The steps of ``found`` stored, with those an analysis of the same game at an earlier version (a live
        game's outlook asked again as the game goes on) computed already copied first: a step's bytes depend
        only on the opening, the moves up to it, the analysis version, budget and seed, so the steps of the
        moves both lines share (a move taken back since ends what they share) are not computed again."""
        earlier = self.table.earlier(
            found.game_id, found.analysis_version, found.budget, found.seed, found.game_version
        )
        if earlier is None:
            return stored
        before = self.recorded(row, earlier.game_version)
        if before.opening != recorded.opening:
            return stored
        shared = 0
        for mine, theirs in zip(recorded.moves, before.moves, strict=False):
            if mine != theirs:
                break
            shared += 1
        if min(shared, earlier.steps_done) <= len(stored):
            return stored
        self.table.copy_steps(earlier.id, found.id, shared)
        return self.table.steps(found.id)

    def counts(self, found: AnalysisRow) -> bool:
        """Whether an analysis counts in its players' statistics: the whole of a finished game, at the
        current analysis version and the counted budget (not a live game's partial analysis, nor whichever
        budget someone asked the largest)."""
        row = self.rows.row(found.game_id)
        return (
            found.analysis_version == ANALYSIS_VERSION
            and found.budget == self.counted_budget
            and row.status == "finished"
            and found.game_version == row.version
        )
