"""Reading games: summary, record, events, legal moves, timeline and replay, each as the caller may see it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from functools import partial
from typing import Any, cast
from uuid import UUID

import msgspec

from domain import building
from domain.game import Perspective, PlayerResult
from domain.registry import game
from service.base.keys import ApiKey
from service.base.store import Recorded
from service.base.store.corrections import BeforeBase, Line, MovesTakenBack
from service.base.store.kinds import Kind
from service.base.store.mapper import recorded
from service.base.store.rows import IndexedGame
from service.games import choices, playtime
from service.games.choices import LegalMoves
from service.games.deps import GameDeps
from service.games.errors import (
    DecisionRefused,
    GameNotFound,
    InvalidPerspective,
    NotGameOwner,
    StaleVersion,
    StepNotFound,
)
from service.games.finished import Block, Row
from service.games.recorded import event_out
from service.games.schemas import (
    EventOut,
    GameSummary,
    Replay,
    Turn,
)
from service.games.sight import Sight, public

_json = msgspec.json.Encoder()


def seat_of(row: IndexedGame, seat: int | None) -> Turn | None:
    players = row.players
    return Turn(seat=seat, player=players[seat]) if seat is not None and 0 <= seat < len(players) else None


class GameReader:
    def __init__(self, deps: GameDeps) -> None:
        self.deps = deps
        self.store = deps.store
        self.states = deps.states
        self.blocks = deps.blocks
        self.games_table = deps.games_table
        self.snapshot_table = deps.snapshot_table
        self.kinds = deps.kinds
        self.rows = deps.rows
        self.records = deps.records

    # ---------------------------------------------------------------- read path
    def summary(self, game_id: UUID, key: ApiKey | None = None) -> GameSummary:
        row = self.rows.row(game_id)
        kind = self.kinds.get(row.kind)
        rules = kind.rules
        _, state = self.states.current(kind, game_id)
        finished_at = self.games_table.finish_times([row]).get(game_id)
        summary = self.summary_of(row, Sight.of(row, key).results(rules, state), finished_at)
        # whose turn and the phase are public: the table sees them
        summary.phase = rules.phase(state)
        seat = rules.turn_of(state)
        summary.turn = seat_of(row, seat)
        return summary

    @staticmethod
    def summary_of(
        row: IndexedGame, results: list[PlayerResult] | None, finished_at: datetime | None = None
    ) -> GameSummary:
        """``finished_at``: a finished game's (see ``playtime.finish_times``)."""
        gid = row.id
        winners = None
        if row.status == "finished" and results:
            winners = [t for r in sorted(results, key=lambda r: r.seat) if r.rank == 1 and (t := seat_of(row, r.seat))]
        return GameSummary(
            id=gid,
            kind=row.kind,
            rules_version=row.rules_version,
            status=row.status,
            players=list(row.players),
            version=row.version,
            moves=row.moves,
            created_at=row.created_at,
            updated_at=row.updated_at,
            started_at=playtime.started_at(row),
            finished_at=finished_at if row.status == "finished" else None,
            recorded_at=row.created_at,
            record_id=row.record_id,
            tags=row.tags or {},
            results=results,
            winners=winners,
            links={
                "self": f"/games/{gid}",
                "record": f"/games/{gid}/record",
                "events": f"/games/{gid}/events",
                "timeline": f"/games/{gid}/timeline",
                "replay": f"/games/{gid}/replay/{row.version}",
            },
        )

    def record(self, game_id: UUID, key: ApiKey | None = None) -> tuple[int, dict[str, Any]]:
        """The game as a record (the import format); exporting then importing gives the same events.
        A live game's record is its owner's (see ``Sight.require_record``)."""
        row = self.rows.row(game_id)
        Sight.of(row, key).require_record(game_id)
        return row.version, self.records.export(row)

    def parse_perspective(self, text: str, players: int) -> Perspective:
        try:
            perspective = Perspective.parse(text)
        except ValueError as exc:
            raise InvalidPerspective(str(exc)) from exc
        if perspective.kind == "seat" and not 0 <= (perspective.seat or 0) < players:
            raise InvalidPerspective(f"seat {perspective.seat} is not a seat of this game")
        return perspective

    def events(
        self,
        game_id: UUID,
        perspective_text: str,
        key: ApiKey | None,
        after: int = 0,
        limit: int | None = None,
    ) -> Iterator[EventOut]:
        row = self.rows.row(game_id)
        kind = self.kinds.get(row.kind)
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row.players)))
        return self._events(kind, game_id, sight, after, limit)

    def _events(self, kind: Kind, game_id: UUID, sight: Sight, after: int, limit: int | None) -> Iterator[EventOut]:
        rules = kind.rules
        line = self.states.line(kind, game_id, after) if after else Line(rules.evolve, rules.initial_state())
        for rec in self.store.read(game_id, after=after, limit=limit):
            try:
                line.add(rec.originator_version, rec.event)
            except BeforeBase:
                line = self.states.line(kind, game_id, rec.originator_version)
            yield self._shown(kind, sight, rec, line.state)

    def _shown(self, kind: Kind, sight: Sight, rec: Recorded, state: Any) -> EventOut:
        """``rec`` as ``sight`` shows it (``state``: the line's state right after it). Every event stays
        in the log as it was shown then, taken back or not: a taken-back move tells nothing new."""
        event = rec.event
        if isinstance(event, MovesTakenBack):
            # Which moves, who: public. The reason is free text, like a comment.
            shown = event if sight.everything else msgspec.structs.replace(event, reason=None)
            return event_out(kind, rec, shown, comments=sight.everything)
        return event_out(kind, rec, sight.event(kind.rules, event, state), comments=sight.everything)

    def legal_moves(self, game_id: UUID, key: ApiKey | None) -> LegalMoves:
        """The moves the engine accepts next, grouped in the table's terms (they may name hidden cards:
        the owner's key is needed)."""
        row = self.rows.row(game_id)
        if key is None or key.id != row.owner_key:
            raise NotGameOwner("the legal moves of a game may name hidden cards: only its owner's key sees them")
        kind = self.kinds.get(row.kind)
        version, state = self.states.current(kind, game_id)
        # a game may describe them in the table's terms (Arctic public mode: grouped by "any unseen card")
        listing = getattr(kind.rules, "table_moves", kind.rules.legal_moves)
        return choices.grouped(kind.name, version, list(row.players), state, kind.rules, listing(state))

    def next_decision(self, game_id: UUID, key: ApiKey | None, made: choices.DecisionsMade) -> choices.NextDecision:
        """The next decision of a move built from ``made`` (or the finished move), in the table's words.
        Its options may name the seat's hand: the owner's key is needed, as for the legal moves."""
        row = self.rows.row(game_id)
        if key is None or key.id != row.owner_key:
            raise NotGameOwner("a move's decisions may name hidden cards: only the game owner's key sees them")
        kind = self.kinds.get(row.kind)
        version, state = self.states.current(kind, game_id)
        if made.version is not None and made.version != version:
            raise StaleVersion(version, made.version)
        plugin = game(kind.name)
        if plugin is None or plugin.build is None:
            raise DecisionRefused("no_decision", f"{kind.name} offers no moves built decision by decision", 0)
        players = list(row.players)
        paths = self.deps.move_paths
        key_of = (game_id, version, tuple(players))
        candidates = paths.get(key_of)
        if candidates is None:
            candidates = list(plugin.build(state, players))
            paths.put(key_of, candidates)
        try:
            built = building.next_decision(candidates, made.made)
        except building.Refused as refused:
            raise DecisionRefused(refused.code, refused.detail, refused.at) from None
        return choices.next_decision(kind.name, version, players, built)

    def _replay_row(self, game_id: UUID, step: int) -> tuple[IndexedGame, Block | None]:
        """The game's row (held once the game is finished) and, when the row had to be read, the block
        of ``step`` read with it: one round trip either way."""
        row = self._held_row(game_id, step)
        if row is not None:
            return row, None
        first, last = self._block_span(step)
        return self._read_row(game_id, step, first, *self.snapshot_table.row_and_block(game_id, first - 1, last))

    def _held_row(self, game_id: UUID, step: int) -> IndexedGame | None:
        """The finished game's row this process holds, unless ``step`` is beyond it: another process
        appended a reveal after the end, so the game's blocks held here may stop short of it."""
        row = self.blocks.finished_row(game_id)
        if row is not None and step > int(row.version):
            self.blocks.forget(game_id)
            return None
        return row

    def _read_row(
        self, game_id: UUID, step: int, first: int, found: IndexedGame | None, rows: list[tuple[Any, ...]]
    ) -> tuple[IndexedGame, Block | None]:
        """The row and block ``row_and_block`` read: the row kept if finished, the block if ``step`` is
        one of the game's."""
        if found is None:
            raise GameNotFound(game_id)
        row = found
        if not 1 <= step <= int(row.version):
            return row, None
        self.blocks.keep_row(row)  # a finished game's only
        return row, self._blocks(self.kinds.get(row.kind), game_id, first, rows)[self.blocks.block_of(first)]

    def _block_span(self, step: int) -> tuple[int, int]:
        """The versions of the first and last events of the block holding ``step``."""
        first = self.blocks.block_of(step) * self.blocks.interval + 1
        return first, first + self.blocks.interval - 1

    def _ahead_span(self, game_id: UUID, step: int) -> tuple[int, int]:
        """The versions of the first and last events of the blocks one read of a finished game held brings
        for ``step``: its block and the ones after it, up to the next one held (``ReplayBlocks.ahead``)."""
        index = self.blocks.block_of(step)
        stop = index + 1
        while stop < index + self.blocks.ahead and not self.blocks.holds(game_id, stop):
            stop += 1
        return index * self.blocks.interval + 1, stop * self.blocks.interval

    def _replay_state(
        self, kind: Kind, row: IndexedGame, step: int, block: Block | None = None
    ) -> tuple[Any, Recorded | None]:
        """The state after ``step`` events and that event, from a held block when possible.

        A live game's block (read with its row) serves this request only: the game goes on."""
        game_id = row.id
        if row.status != "finished" or row.corrections:
            # Blocks fold their events in a row: a corrected game's steps come from its line.
            if block is not None and not row.corrections:
                return block.state_at(step, kind.rules.fold)
            return self.states.at_step(kind, game_id, step)
        index = self.blocks.block_of(step)
        if block is not None:
            self.blocks.put(game_id, index, block)  # read with the row (one already kept stays as it is)
        else:
            block = self.blocks.get(game_id, index)
        if block is None:
            first, last = self._ahead_span(game_id, step)
            block = self._keep_ahead(kind, game_id, first, self.snapshot_table.block(game_id, first - 1, last))
        return block.state_at(step, kind.rules.fold)

    def _keep_ahead(self, kind: Kind, game_id: UUID, first: int, rows: list[tuple[Any, ...]]) -> Block:
        """Keep the blocks a read of a finished game held brought (``_ahead_span``); the first, the
        step's."""
        blocks = self._blocks(kind, game_id, first, rows)
        for index, found in blocks.items():
            self.blocks.put(game_id, index, found)
        return blocks[self.blocks.block_of(first)]

    def _blocks(self, kind: Kind, game_id: UUID, first: int, rows: list[tuple[Any, ...]]) -> dict[int, Block]:
        """The blocks from event ``first`` on that ``rows`` (the block query's) hold, by index.

        The first starts from the newest snapshot before ``first`` and the events after it, each later one
        from the snapshot just before it. A later block without one is left out: read when it is asked."""
        self.blocks.count_read()
        count = 0  # the snapshots come first
        while count < len(rows) and rows[count][1] is None:
            count += 1
        state, base = kind.rules.initial_state(), 0  # the state after ``base`` events
        snapshots: dict[int, bytes] = {}
        for version, _, data in rows[:count]:
            if version < first:
                state, base = kind.decode_snapshot(data), version
            else:
                snapshots[version] = data
        events = cast(list[Row | None], rows[count:])  # the versions after ``base``, in a row
        for row in events[: first - 1 - base]:
            assert row is not None
            state = kind.rules.evolve(state, recorded(game_id, *row).event)
        found: dict[int, Block] = {}
        start = first
        while start == first or start - base - 1 < len(events):
            if start != first:
                snapshot = snapshots.get(start - 1)
                if snapshot is None:
                    break
                state = kind.decode_snapshot(snapshot)
            lo = start - base - 1
            found[self.blocks.block_of(start)] = Block(
                game_id=game_id, start=state, first=start, rows=events[lo : lo + self.blocks.interval], decode=recorded
            )
            start += self.blocks.interval
        return found

    def cached_replay(self, game_id: UUID, step: int, perspective_text: str) -> bytes | None:
        """The step as already sent, when this process holds it (no I/O: it may run on the event loop)."""
        row = self.blocks.finished_row(game_id)
        if row is None:
            return None
        return self.blocks.encoded.get((game_id, int(row.version), step, perspective_text))

    def held_replay(self, game_id: UUID, step: int, perspective_text: str) -> bytes | None:
        """The step of a finished game when this process holds what it takes (the encoded step, or the
        game's row and the step's block): no I/O and a few evolves at most, so the event loop may run it
        rather than pay a worker thread. None when the database is needed (or the request is refused)."""
        row = self.blocks.finished_row(game_id)
        if row is None:
            return None
        cache_key = (game_id, int(row.version), step, perspective_text)
        body = self.blocks.encoded.get(cache_key)
        if body is not None or not 1 <= step <= int(row.version):
            return body
        block = self.blocks.get(game_id, self.blocks.block_of(step))
        if block is None:
            return None
        # Every caller sees all of a finished game: the key changes nothing.
        body = _json.encode(self._replay(row, step, perspective_text, None, block))
        self.blocks.encoded.put(cache_key, body)
        return body

    async def replay_on_loop(
        self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None
    ) -> bytes | Callable[[], bytes]:
        """A step ``held_replay`` could not answer, read on the event loop: the game's row (unless held)
        and the step's block in one round trip, then folded and encoded here, without a worker thread.

        A corrected game's step is folded from its line, which takes more reads: then what is returned is
        the rest of the work, for a worker thread (the row already read)."""
        row = self._held_row(game_id, step)
        first, last = self._block_span(step)
        block = None
        if row is None:
            found, rows = await self.snapshot_table.row_and_block_on_loop(game_id, first - 1, last)
            row, block = self._read_row(game_id, step, first, found, rows)
        elif step >= 1 and not row.corrections:
            first, last = self._ahead_span(game_id, step)  # a finished game held: the blocks after it too
            rows = await self.snapshot_table.block_on_loop(game_id, first - 1, last)
            block = self._keep_ahead(self.kinds.get(row.kind), game_id, first, rows)
        if row.corrections:
            return partial(self._body, row, step, perspective_text, key, None)
        return self._body(row, step, perspective_text, key, block)

    def replay_body(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> bytes:
        """The step as JSON; a finished game's steps are kept encoded (``EncodedSteps``)."""
        row, block = self._replay_row(game_id, step)
        return self._body(row, step, perspective_text, key, block)

    def _body(
        self, row: IndexedGame, step: int, perspective_text: str, key: ApiKey | None, block: Block | None
    ) -> bytes:
        if not public(row):
            return _json.encode(self._replay(row, step, perspective_text, key, block))
        cache_key = (row.id, int(row.version), step, perspective_text)
        body = self.blocks.encoded.get(cache_key)
        if body is None:
            body = _json.encode(self._replay(row, step, perspective_text, key, block))
            self.blocks.encoded.put(cache_key, body)
        return body

    def replay(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> Replay:
        row, block = self._replay_row(game_id, step)
        return self._replay(row, step, perspective_text, key, block)

    def _replay(
        self, row: IndexedGame, step: int, perspective_text: str, key: ApiKey | None, block: Block | None
    ) -> Replay:
        game_id = row.id
        kind = self.kinds.get(row.kind)
        steps = int(row.version)
        if not 1 <= step <= steps:
            raise StepNotFound(step, steps)
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row.players)))
        rules = kind.rules
        state, rec = self._replay_state(kind, row, step, block)
        if rec is None:
            rec = next(iter(self.store.read(game_id, after=step - 1, upto=step)))
        base = f"/games/{game_id}/replay/"
        query = f"?perspective={perspective_text}"
        taken = self.rows.steps_taken_back(row)
        previous, following = step - 1, step + 1
        while previous >= 1 and (previous in taken or taken.is_correction(previous)):
            previous -= 1
        while following <= steps and (following in taken or taken.is_correction(following)):
            following += 1
        return Replay(
            game_id=game_id,
            kind=kind.name,
            step=step,
            steps=steps,
            perspective=perspective_text,
            state_hash=sight.state_hash(rules, state),
            event=self._shown(kind, sight, rec, state),
            view=sight.view(rules, state),
            links={
                "first": f"{base}1{query}",
                "previous": f"{base}{previous}{query}" if previous >= 1 else None,
                "next": f"{base}{following}{query}" if following <= steps else None,
                "last": f"{base}{steps}{query}",
            },
            taken_back_at=taken.get(step),
        )
