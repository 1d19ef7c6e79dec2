"""A game's board after a step, seen from a perspective (``GET /games/{id}/replay/{step}``, the viewer's page,
navigation by move and turn): one entry, ``Replays.replay``, over one cache (``service.games.replay_cache``).

A finished game's step this process served already is answered from its encoded body; one whose block the
cache holds is folded from it; else the game's row (unless held) and the step's block come in one round trip
read on the event loop, and the step is folded and encoded there, without a worker thread. Only a corrected
game's step, folded from its line (more reads), takes one."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import anyio.to_thread
import msgspec

from service.base.keys import ApiKey
from service.base.refusals import refuses
from service.base.store import GameLog, Recorded, chain
from service.base.store.kinds import Kind
from service.base.store.mapper import recorded
from service.base.store.rows import IndexedGame
from service.base.store.snapshots import Snapshots
from service.games.game_rows import FINDING, GameRows
from service.games.kind_lookup import KindLookup
from service.games.navigation import NotInGame
from service.games.reading import InvalidPerspective, parse_perspective, shown
from service.games.replay_cache import Block, ReplayCache, Row
from service.games.schemas import Replay
from service.games.sight import SEEING, Sight, public
from service.games.states import States

_json = msgspec.json.Encoder()


class StepNotFound(NotInGame):
    """A step (event) number the game has not reached."""

    code = "step_not_found"
    unit = "step"


class Replays:
    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        cache: ReplayCache,
        snapshot_table: Snapshots,
        kinds: KindLookup,
        rows: GameRows,
    ) -> None:
        self.store = store
        self.states = states
        self.cache = cache
        self.snapshot_table = snapshot_table
        self.kinds = kinds
        self.rows = rows

    def _held_row(self, game_id: UUID, step: int) -> IndexedGame | None:
        """The finished game's row this process holds, unless ``step`` is beyond it: another process
        appended a reveal after the end, so the game's blocks held here may stop short of it."""
        row = self.cache.finished_row(game_id)
        if row is not None and step > int(row.version):
            self.cache.forget(game_id)
            return None
        return row

    def _read_row(
        self, game_id: UUID, step: int, first: int, last: int, found: IndexedGame | None, rows: list[tuple[Any, ...]]
    ) -> tuple[IndexedGame, Block | None]:
        """The row and block ``row_and_block`` read: the row kept if finished, the block if ``step`` is
        one of the game's."""
        if found is None:
            raise self.rows.missing(game_id)
        row = found
        if not 1 <= step <= int(row.version):
            return row, None
        self.cache.keep_row(row)  # a finished game's only
        return row, self._blocks(self.kinds.get(row.kind), game_id, first, last, rows)[self.cache.block_of(first)]

    def _block_span(self, step: int) -> tuple[int, int]:
        """The versions of the first and last events of the block holding ``step``."""
        first = self.cache.block_of(step) * self.cache.interval + 1
        return first, first + self.cache.interval - 1

    def _ahead_span(self, game_id: UUID, step: int) -> tuple[int, int]:
        """The versions of the first and last events of the blocks one read of a finished game held brings
        for ``step``: its block and the ones after it, up to the next one held (``ReplayCache.ahead``)."""
        index = self.cache.block_of(step)
        stop = index + 1
        while stop < index + self.cache.ahead and not self.cache.holds(game_id, stop):
            stop += 1
        return index * self.cache.interval + 1, stop * self.cache.interval

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
        index = self.cache.block_of(step)
        if block is not None:
            self.cache.put(game_id, index, block)  # read with the row (one already kept stays as it is)
        else:
            block = self.cache.get(game_id, index)
        if block is None:
            first, last = self._ahead_span(game_id, step)
            block = self._keep_ahead(kind, game_id, first, last, self.snapshot_table.block(game_id, first - 1, last))
        return block.state_at(step, kind.rules.fold)

    def _keep_ahead(self, kind: Kind, game_id: UUID, first: int, last: int, rows: list[tuple[Any, ...]]) -> Block:
        """Keep the blocks a read of a finished game held brought (``_ahead_span``); the first, the
        step's."""
        blocks = self._blocks(kind, game_id, first, last, rows)
        for index, found in blocks.items():
            self.cache.put(game_id, index, found)
        return blocks[self.cache.block_of(first)]

    def _blocks(
        self, kind: Kind, game_id: UUID, first: int, last: int, read: list[tuple[Any, ...]]
    ) -> dict[int, Block]:
        """The blocks from event ``first`` on that ``read`` (the block query's rows, up to version ``last``)
        hold, by index.

        The first starts from the newest snapshot before ``first`` and the events after it, each later one
        from the snapshot just before it. A later block without one is left out: read when it is asked."""
        self.cache.count_read()
        rows, head = chain.split_head(read)
        count = 0  # the snapshots come first
        while count < len(rows) and rows[count][1] is None:
            count += 1
        state, base = kind.rules.initial_state(), 0  # the state after ``base`` events
        link: bytes | None = None  # the stored chain hash of the event at ``base``
        snapshots: dict[int, bytes] = {}
        for version, _, data, stored in rows[:count]:
            if version < first:
                state, base, link = kind.decode_snapshot(data), version, stored
            else:
                snapshots[version] = data
        # Every event read is checked before it is folded or kept (``ChainBroken``), from the stored hash
        # of the one the snapshot was taken at; then held without its hash.
        chain.check_after(game_id, rows[count:], base, link)
        # ... and the end they reach, against the game's head read with them (a lost tail is refused).
        chain.check_end(game_id, rows[count:], head, base, upto=last)
        events: list[Row | None] = [(v, t, s) for v, t, s, _ in rows[count:]]  # the versions after ``base``
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
            found[self.cache.block_of(start)] = Block(
                game_id=game_id, start=state, first=start, rows=events[lo : lo + self.cache.interval], decode=recorded
            )
            start += self.cache.interval
        return found

    @refuses(FINDING, SEEING, InvalidPerspective, StepNotFound)
    async def replay(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> bytes:
        """The step as JSON: the one way a step is answered (the API, the viewer's page, navigation, the tests
        and the bench alike). A finished game's steps are kept encoded: asked again, a step costs neither a
        read, nor a fold, nor an encoding."""
        row = self._held_row(game_id, step)
        block: Block | None = None
        if row is None:
            first, last = self._block_span(step)
            found, rows = await self.snapshot_table.row_and_block_on_loop(game_id, first - 1, last)
            row, block = self._read_row(game_id, step, first, last, found, rows)
        elif 1 <= step <= int(row.version):
            body = self.cache.encoded.get((game_id, int(row.version), step, perspective_text))
            if body is not None:
                return body
            block = self.cache.get(game_id, self.cache.block_of(step))
            if block is None and not row.corrections:
                first, last = self._ahead_span(game_id, step)  # a finished game held: the blocks after it too
                rows = await self.snapshot_table.block_on_loop(game_id, first - 1, last)
                block = self._keep_ahead(self.kinds.get(row.kind), game_id, first, last, rows)
        if not 1 <= step <= int(row.version):
            raise StepNotFound(step, int(row.version))
        if row.corrections:  # folded from the game's line: more reads, in a worker thread
            return await anyio.to_thread.run_sync(self._body, row, step, perspective_text, key, None)
        return self._body(row, step, perspective_text, key, block)

    def _body(
        self, row: IndexedGame, step: int, perspective_text: str, key: ApiKey | None, block: Block | None
    ) -> bytes:
        if not public(row):
            return _json.encode(self._replay(row, step, perspective_text, key, block))
        cache_key = (row.id, int(row.version), step, perspective_text)
        body = self.cache.encoded.get(cache_key)
        if body is None:
            body = _json.encode(self._replay(row, step, perspective_text, key, block))
            self.cache.encoded.put(cache_key, body)
        return body

    @refuses(FINDING, SEEING, InvalidPerspective, StepNotFound)
    def _replay(
        self, row: IndexedGame, step: int, perspective_text: str, key: ApiKey | None, block: Block | None
    ) -> Replay:
        game_id = row.id
        kind = self.kinds.get(row.kind)
        steps = int(row.version)
        sight = Sight.of(row, key, parse_perspective(perspective_text, len(row.players)))
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
            event=shown(kind, sight, rec, state),
            view=sight.view(rules, state),
            links={
                "first": f"{base}1{query}",
                "previous": f"{base}{previous}{query}" if previous >= 1 else None,
                "next": f"{base}{following}{query}" if following <= steps else None,
                "last": f"{base}{steps}{query}",
            },
            taken_back_at=taken.get(step),
        )
