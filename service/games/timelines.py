"""A game's timeline, one entry per step, in pages: each page costs its own entries."""

from __future__ import annotations

from typing import Any, NamedTuple, cast
from uuid import UUID

from domain.game import Language
from service.base.keys import ApiKey
from service.base.refusals import refuses
from service.base.store import GameLog, Recorded
from service.base.store.corrections import BeforeBase, Line, MovesTakenBack, StepsAt, StepsTakenBack, moves_of
from service.base.store.kinds import Kind
from service.base.store.lru import Lru
from service.games.game_rows import FINDING, GameRows
from service.games.kind_lookup import KindLookup
from service.games.schemas import Correction, TakenBack, Timeline, TimelineEntry
from service.games.sight import ForkHidden, Sight
from service.games.states import States


class _Mark(NamedTuple):
    """Where a timeline stands after a step: the turns and moves on the line, the step's move."""

    turn: int
    moves: int
    previous_move: int | None


_MARKS_KEPT = 64  # steps per timeline answer whose marks are kept (a viewer asks for what follows)


def _unchanged(state: Any, event: Any) -> Any:
    """The evolve of a line walked for its events alone."""
    return state


def _moves_on(line: Line[Any, Recorded]) -> int:
    """The moves on a line folded from the start (their indexes run 0, 1, 2…)."""
    spans = moves_of(line.kept, lambda r: r.move)
    return spans[-1].move + 1 if spans else 0


class Timelines:
    """The timeline of a game as a caller may read it (descriptions in its language)."""

    def __init__(self, store: GameLog, *, states: States, kinds: KindLookup, rows: GameRows) -> None:
        self.store = store
        self.states = states
        self.kinds = kinds
        self.rows = rows
        # (game, step) -> where its timeline stands after that step (``timeline``'s pages).
        self.timeline_marks: Lru[tuple[UUID, int], Any] = Lru(16384)

    @refuses(FINDING, ForkHidden)
    def timeline(
        self,
        game_id: UUID,
        language: Language,
        key: ApiKey | None = None,
        after: int = 0,
        limit: int | None = None,
    ) -> Timeline:
        """The entries of the steps after ``after``, at most ``limit`` of them (None: all).

        A page costs its own entries: the line at ``after`` comes from a snapshot, and the turn and move
        counts there from the marks this process kept when it last answered that step (``marks``).
        Without them (another process answered it, or it left the cache) the line is folded from the
        start to ``after`` (decoding and folding only: no entry is described or hashed but the page's)."""
        row = self.rows.row(game_id)
        kind = self.kinds.get(row.kind)
        sight = Sight.of(row, key)
        players = list(row.players)
        version = int(row.version)
        # a finished game's timeline says what the end revealed (totems, hands shown before the end)
        final = self.states.current(kind, game_id)[1] if row.status == "finished" else None
        records = list(self.store.read(game_id, after=after or None, limit=limit))
        if after == 0 and (limit is None or len(records) < limit):
            read = StepsTakenBack()
            read.add((r.originator_version, r.event) for r in records)
            taken = read.at(read.version)
        else:
            taken = self.rows.steps_taken_back(row)
        marks: dict[int, _Mark] = {}
        entries = self._entries(game_id, kind, sight, language, players, final, after, records, taken, marks)
        if entries is None:  # a correction reached before the snapshot the page started from
            entries = self._entries(game_id, kind, sight, language, players, final, after, records, taken, marks, True)
        assert entries is not None
        # the marks of this page's last steps: where the next page (and the corrections in it) start; and
        # of the step it started after: the same page asked again (a viewer's page, /watch) folds nothing
        kept = sorted(marks)[-_MARKS_KEPT:]
        for step in [after, *kept] if after in marks else kept:
            self.timeline_marks.put((game_id, step), marks[step])
        last = entries[-1].step if entries else after
        more = limit is not None and last < version
        return Timeline(
            game_id=game_id,
            kind=kind.name,
            language=language,
            steps=len(entries),
            entries=entries,
            version=version,
            next=f"/games/{game_id}/timeline?after={last}&limit={limit}" if more else None,
        )

    def _mark(self, game_id: UUID, step: int, marks: dict[int, _Mark]) -> _Mark | None:
        return marks.get(step) or self.timeline_marks.get((game_id, step))

    def _entries(
        self,
        game_id: UUID,
        kind: Kind,
        sight: Sight,
        language: Language,
        players: list[str],
        final: Any,
        after: int,
        records: list[Recorded],
        taken: StepsAt,
        marks: dict[int, _Mark],
        from_start: bool = False,
    ) -> list[TimelineEntry] | None:
        """The page's entries from the line at ``after`` (None: a correction needs an earlier start)."""
        rules = kind.rules
        line, (turn, moves, previous_move) = self._start(game_id, kind, after, marks, from_start)
        entries: list[TimelineEntry] = []
        for rec in records:
            if isinstance(rec.event, MovesTakenBack):
                try:
                    line.add(rec.originator_version, rec.event, rec)
                except BeforeBase:
                    return None
                # The line is back where it was before the first step taken back: its turns and moves too.
                before = self._mark(game_id, min(rec.event.versions()) - 1, marks)
                if before is None:
                    if from_start:
                        raise AssertionError("a folded line's marks are all known")
                    return None
                turn, moves = before.turn, before.moves
                entries.append(self._correction_entry(rec, line, sight, rules, language, turn, moves))
                previous_move = None
                marks[rec.originator_version] = _Mark(turn, moves, None)
                continue
            line.add(rec.originator_version, rec.event, rec)
            entry = _entry(rec, line.state, final, sight, rules, language, players, turn, previous_move, taken)
            entries.append(entry)
            turn, previous_move = entry.turn, rec.move
            moves = moves if rec.move is None else entry.move_number
            marks[rec.originator_version] = _Mark(turn, moves, previous_move)
        return entries

    def _start(
        self, game_id: UUID, kind: Kind, after: int, marks: dict[int, _Mark], from_start: bool
    ) -> tuple[Line[Any, Recorded], _Mark]:
        """The line at step ``after`` and where the timeline stands there: the line from a snapshot, and
        the mark this process kept or else walked from the start on the events alone (marking every step
        on the way); ``from_start``: the line folded from the start too."""
        rules = kind.rules
        start = self._mark(game_id, after, marks) if after else _Mark(0, 0, -1)
        if not from_start:
            if start is None:
                # A line with no state: the marks need the events on the line, not the states (folding the
                # states again at every correction of a long corrected game cost seconds).
                start = self._walk(game_id, rules, Line(_unchanged, None), after, marks)
            line: Line[Any, Recorded] = (
                self.states.line(kind, game_id, after) if after else Line(rules.evolve, rules.initial_state())
            )
            return line, start
        line = Line(rules.evolve, rules.initial_state())
        return line, self._walk(game_id, rules, line, after, marks)

    def _walk(self, game_id: UUID, rules: Any, line: Line[Any, Recorded], after: int, marks: dict[int, _Mark]) -> _Mark:
        """Fold the stream up to ``after`` on ``line`` (from the start), marking every step on the way."""
        turn, moves = 0, 0
        previous_move: int | None = -1
        for rec in self.store.read(game_id, upto=after):
            if line.add(rec.originator_version, rec.event, rec):
                turn = sum(rules.is_turn_start(e) for _, e, _ in line.kept)
                moves = _moves_on(line)
                previous_move = None
            else:
                turn += rules.is_turn_start(rec.event)
                moves = moves if rec.move is None else rec.move + 1
                previous_move = rec.move
            marks[rec.originator_version] = _Mark(turn, moves, previous_move)
        return _Mark(turn, moves, previous_move if after else -1)

    @staticmethod
    def _correction_entry(
        rec: Recorded, line: Line[Any, Recorded], sight: Sight, rules: Any, language: Language, turn: int, moves: int
    ) -> TimelineEntry:
        event = cast(MovesTakenBack, rec.event)
        numbers = [m.move + 1 for m in event.moves]
        return TimelineEntry(
            step=rec.originator_version,
            type=type(event).__name__,
            description=_taken_back_text(numbers, language),
            state_hash=sight.state_hash(rules, line.state),
            recorded_at=rec.recorded_at,
            played_at=None,
            move=None,
            move_start=False,
            turn_start=False,
            actor=None,
            player=None,
            move_number=moves,
            turn=turn,
            correction=Correction(
                moves=[TakenBack(number=m.move + 1, first_step=m.first, last_step=m.last) for m in event.moves],
                by=event.key_id,
                reason=sight.comment(event.reason),
            ),
        )


_TAKEN_BACK = {
    "en": ("Move {} taken back", "Moves {} taken back"),
    "fr": ("Coup {} annulé", "Coups {} annulés"),
    "es": ("Jugada {} deshecha", "Jugadas {} deshechas"),
}


def _taken_back_text(numbers: list[int], language: Language) -> str:
    one, many = _TAKEN_BACK.get(language, _TAKEN_BACK["en"])
    if len(numbers) == 1:
        return one.format(numbers[0])
    return many.format(f"{numbers[0]}-{numbers[-1]}")


def _entry(
    rec: Recorded,
    state: Any,
    final: Any,
    sight: Sight,
    rules: Any,
    language: Language,
    players: list[str],
    turn: int,
    previous_move: int | None,
    taken: StepsAt,
) -> TimelineEntry:
    """The entry of one step of the line (``turn``: the turns before it)."""
    actor = rules.actor(rec.event)
    turn_start = rules.is_turn_start(rec.event)
    shown = state if final is None else final
    return TimelineEntry(
        step=rec.originator_version,
        type=type(rec.event).__name__,
        description=rules.describe(sight.event(rules, rec.event, shown), language, players, shown),
        state_hash=sight.state_hash(rules, state),
        recorded_at=rec.recorded_at,
        played_at=rec.played_at,
        move=rec.move,
        move_start=rec.move != previous_move,
        turn_start=turn_start,
        actor=actor,
        player=players[actor] if actor is not None and 0 <= actor < len(players) else None,
        move_number=0 if rec.move is None else rec.move + 1,
        turn=turn + turn_start,
        comment=sight.comment(rec.comment),
        taken_back_at=taken.get(rec.originator_version),
    )
