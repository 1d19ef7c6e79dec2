"""Reading games: summary, record, events, legal moves, timeline and replay, each as the caller may see it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from functools import cached_property
from typing import Any, cast
from uuid import UUID

import msgspec
from psycopg import ClientCursor, Connection
from psycopg.rows import DictRow, tuple_row

from domain.game import Language, Perspective, PlayerResult
from service.games import choices, playtime
from service.games.base import (
    GameBase,
)
from service.games.choices import LegalMoves
from service.games.errors import GameNotFound, NotGameOwner
from service.games.finished import Block, Row
from service.games.schemas import (
    Correction,
    EventOut,
    GameSummary,
    Replay,
    TakenBack,
    Timeline,
    TimelineEntry,
    Turn,
)
from service.games.sight import Sight
from service.keys import ApiKey
from service.refusals import Category, Refusal
from service.store import Recorded
from service.store.corrections import BeforeBase, Line, MovesTakenBack, moves_of, taken_back
from service.store.kinds import Kind
from service.store.mapper import recorded

_json = msgspec.json.Encoder()


def seat_of(row: dict[str, Any], seat: int | None) -> Turn | None:
    players = row["players"]
    return Turn(seat=seat, player=players[seat]) if seat is not None and 0 <= seat < len(players) else None


class GameReader(GameBase):
    # ---------------------------------------------------------------- read path
    def summary(self, game_id: UUID, key: ApiKey | None = None) -> GameSummary:
        row = self.row(game_id)
        kind = self.kind(row["kind"])
        rules = kind.rules
        _, state = self.states.current(kind, game_id)
        with self._datastore.get_connection() as conn:
            finished_at = playtime.finish_times(conn, self.store.game_recorder.events_table_name, [row]).get(game_id)
        summary = self.summary_of(row, Sight.of(row, key).results(rules, state), finished_at)
        # whose turn and the phase are public: the table sees them
        summary.phase = rules.phase(state)
        seat = rules.turn_of(state)
        summary.turn = seat_of(row, seat)
        return summary

    @staticmethod
    def summary_of(
        row: dict[str, Any], results: list[PlayerResult] | None, finished_at: datetime | None = None
    ) -> GameSummary:
        """``finished_at``: a finished game's (see ``playtime.finish_times``)."""
        gid = row["id"]
        winners = None
        if row["status"] == "finished" and results:
            winners = [t for r in sorted(results, key=lambda r: r.seat) if r.rank == 1 and (t := seat_of(row, r.seat))]
        return GameSummary(
            id=gid,
            kind=row["kind"],
            rules_version=row["rules_version"],
            status=row["status"],
            players=list(row["players"]),
            version=row["version"],
            moves=row["moves"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            started_at=playtime.started_at(row),
            finished_at=finished_at if row["status"] == "finished" else None,
            recorded_at=row["created_at"],
            record_id=row["record_id"],
            tags=row.get("tags") or {},
            results=results,
            winners=winners,
            links={
                "self": f"/games/{gid}",
                "record": f"/games/{gid}/record",
                "events": f"/games/{gid}/events",
                "timeline": f"/games/{gid}/timeline",
                "replay": f"/games/{gid}/replay/{row['version']}",
            },
        )

    def record(self, game_id: UUID, key: ApiKey | None = None) -> tuple[int, dict[str, Any]]:
        """The game as a record (the import format); exporting then importing gives the same events.
        A live game's record is its owner's (see ``Sight.require_record``)."""
        row = self.row(game_id)
        Sight.of(row, key).require_record(game_id)
        return row["version"], self.export(row)

    def parse_perspective(self, text: str, players: int) -> Perspective:
        try:
            perspective = Perspective.parse(text)
        except ValueError as exc:
            raise Refusal(Category.INVALID, "invalid_perspective", str(exc)) from exc
        if perspective.kind == "seat" and not 0 <= (perspective.seat or 0) < players:
            raise Refusal(
                Category.INVALID, "invalid_perspective", f"seat {perspective.seat} is not a seat of this game"
            )
        return perspective

    def events(
        self,
        game_id: UUID,
        perspective_text: str,
        key: ApiKey | None,
        after: int = 0,
        limit: int | None = None,
    ) -> Iterator[EventOut]:
        row = self.row(game_id)
        kind = self.kind(row["kind"])
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row["players"])))
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
            return self._event_out(kind, rec, shown, comments=sight.everything)
        return self._event_out(kind, rec, sight.event(kind.rules, event, state), comments=sight.everything)

    def legal_moves(self, game_id: UUID, key: ApiKey | None) -> LegalMoves:
        """The moves the engine accepts next, grouped in the table's terms (they may name hidden cards:
        the owner's key is needed)."""
        row = self.row(game_id)
        if key is None or key.id != row["owner_key"]:
            raise NotGameOwner("the legal moves of a game may name hidden cards: only its owner's key sees them")
        kind = self.kind(row["kind"])
        version, state = self.states.current(kind, game_id)
        # a game may describe them in the table's terms (Arctic public mode: grouped by "any unseen card")
        listing = getattr(kind.rules, "table_moves", kind.rules.legal_moves)
        return choices.grouped(kind.name, version, list(row["players"]), state, kind.rules, listing(state))

    def timeline(self, game_id: UUID, language: Language, key: ApiKey | None = None) -> Timeline:
        row = self.row(game_id)
        kind = self.kind(row["kind"])
        sight = Sight.of(row, key)
        rules = kind.rules
        players = list(row["players"])
        # a finished game's timeline says what the end revealed (totems, hands shown before the end)
        final = self.states.current(kind, game_id)[1] if row["status"] == "finished" else None
        records = list(self.store.read(game_id))
        taken = taken_back((r.originator_version, r.event) for r in records)
        line: Line[Any, Recorded] = Line(rules.evolve, rules.initial_state())
        entries: list[TimelineEntry] = []
        previous_move: int | None = -1
        turn = 0
        for rec in records:
            if line.add(rec.originator_version, rec.event, rec):
                # The line went back: its turns and moves are those left on it.
                turn = sum(rules.is_turn_start(e) for _, e, _ in line.kept)
                entries.append(self._correction_entry(rec, line, sight, rules, language, turn))
                previous_move = None
                continue
            state = line.state
            actor = rules.actor(rec.event)
            turn_start = rules.is_turn_start(rec.event)
            turn += turn_start
            shown = state if final is None else final
            entries.append(
                TimelineEntry(
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
                    turn=turn,
                    comment=sight.comment(rec.comment),
                    taken_back_at=taken.get(rec.originator_version),
                )
            )
            previous_move = rec.move
        return Timeline(game_id=game_id, kind=kind.name, language=language, steps=len(entries), entries=entries)

    @staticmethod
    def _correction_entry(
        rec: Recorded, line: Line[Any, Recorded], sight: Sight, rules: Any, language: Language, turn: int
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
            move_number=len(moves_of(line.kept, lambda r: r.move)),
            turn=turn,
            correction=Correction(
                moves=[TakenBack(number=m.move + 1, first_step=m.first, last_step=m.last) for m in event.moves],
                by=event.key_id,
                reason=sight.comment(event.reason),
            ),
        )

    def _line_steps(self, row: dict[str, Any]) -> tuple[dict[int, int], set[int]]:
        """A corrected game's steps taken back (-> the correction's step) and its corrections' steps; kept
        by version (a step of a corrected game would otherwise read its whole stream)."""
        if not row.get("corrections"):
            return {}, set()
        cache_key = (row["id"], int(row["version"]))
        known = self.line_steps.get(cache_key)
        if known is None:
            stream = [(r.originator_version, r.event) for r in self.store.read(row["id"])]
            known = taken_back(stream), {v for v, e in stream if isinstance(e, MovesTakenBack)}
            self.line_steps.put(cache_key, known)
        return known

    def _replay_row(self, game_id: UUID, step: int) -> tuple[dict[str, Any], Block | None]:
        """The game's row (held once the game is finished) and, when the row had to be read, the block
        of ``step`` read with it: one round trip either way."""
        row = self.blocks.finished_row(game_id)
        if row is not None:
            return row, None
        first, last = self._block_span(step)

        def read(conn: Connection[DictRow]) -> tuple[dict[str, Any] | None, list[tuple[Any, ...]]]:
            # Both statements in one message (bound on the client): one round trip. A pipeline sends them
            # together too, but then waits once more for its closing sync.
            cur = ClientCursor(conn, row_factory=tuple_row)
            cur.execute(self._row_and_block_query, {"game": game_id, "before": first - 1, "last": last})
            found = cur.fetchone()
            names = [column.name for column in cur.description or ()]
            cur.nextset()
            return (None if found is None else dict(zip(names, found, strict=True))), cur.fetchall()

        found, rows = self.store.read_once(read)
        if found is None:
            raise GameNotFound(game_id)
        row = dict(found)
        if not 1 <= step <= int(row["version"]):
            return row, None
        self.blocks.keep_row(row)  # a finished game's only
        return row, self._block(self.kind(row["kind"]), game_id, first, rows)

    def _block_span(self, step: int) -> tuple[int, int]:
        """The versions of the first and last events of the block holding ``step``."""
        first = self.blocks.block_of(step) * self.blocks.interval + 1
        return first, first + self.blocks.interval - 1

    def _replay_state(
        self, kind: Kind, row: dict[str, Any], step: int, block: Block | None = None
    ) -> tuple[Any, Recorded | None]:
        """The state after ``step`` events and that event, from a held block when possible.

        A live game's block (read with its row) serves this request only: the game goes on."""
        game_id = row["id"]
        if row["status"] != "finished" or row.get("corrections"):
            # Blocks fold their events in a row: a corrected game's steps come from its line.
            if block is not None and not row.get("corrections"):
                return block.state_at(step, kind.rules.fold)
            return self.states.at_step(kind, game_id, step)
        index = self.blocks.block_of(step)
        block = block or self.blocks.get(game_id, index)
        if block is None:
            first, last = self._block_span(step)
            query = self._block_query
            params = {"game": game_id, "before": first - 1, "last": last}
            # Binary results: the stored bytes as they are, no hex text to parse (a quarter less CPU).
            block = self._block(
                kind,
                game_id,
                first,
                self.store.read_once(
                    lambda conn: conn.cursor(row_factory=tuple_row).execute(query, params, binary=True).fetchall()
                ),
            )
        self.blocks.put(game_id, index, block)
        return block.state_at(step, kind.rules.fold)

    def _block(self, kind: Kind, game_id: UUID, first: int, rows: list[tuple[Any, ...]]) -> Block:
        """The block starting at event ``first`` from the rows of ``_block_query``: the newest snapshot
        before it, then the events after that snapshot."""
        start = kind.rules.initial_state()
        evolve = kind.rules.evolve
        undecoded: list[Row | None] = []
        for version, state, topic in rows:
            if topic is None:
                start = kind.decode_snapshot(state)
            elif version < first:
                start = evolve(start, recorded(game_id, version, topic, state).event)
            else:
                undecoded.append((version, topic, state))
        return Block(game_id=game_id, start=start, first=first, rows=undecoded, decode=recorded)

    @cached_property
    def _row_and_block_query(self) -> bytes:
        return b"SELECT * FROM games WHERE id = %(game)s; " + self._block_query

    @cached_property
    def _block_query(self) -> bytes:
        table = self.store.game_recorder.events_table_name
        return (
            "WITH snap AS (SELECT version, state FROM game_snapshots "
            "WHERE game_id = %(game)s AND version <= %(before)s ORDER BY version DESC LIMIT 1) "
            "SELECT version AS v, state, NULL::text AS topic FROM snap "
            "UNION ALL "
            f'SELECT originator_version, state, topic FROM "{table}" '
            "WHERE originator_id = %(game)s AND originator_version <= %(last)s "
            "AND originator_version > COALESCE((SELECT version FROM snap), 0) "
            # The snapshot's version is below every event's. No game id per row: a UUID each to load.
            "ORDER BY v"
        ).encode()

    def cached_replay(self, game_id: UUID, step: int, perspective_text: str) -> bytes | None:
        """The step as already sent, when this process holds it (no I/O: it may run on the event loop)."""
        row = self.blocks.finished_row(game_id)
        if row is None:
            return None
        return self.blocks.encoded.get((game_id, int(row["version"]), step, perspective_text))

    def held_replay(self, game_id: UUID, step: int, perspective_text: str) -> bytes | None:
        """The step of a finished game when this process holds what it takes (the encoded step, or the
        game's row and the step's block): no I/O and a few evolves at most, so the event loop may run it
        rather than pay a worker thread. None when the database is needed (or the request is refused)."""
        row = self.blocks.finished_row(game_id)
        if row is None:
            return None
        cache_key = (game_id, int(row["version"]), step, perspective_text)
        body = self.blocks.encoded.get(cache_key)
        if body is not None or not 1 <= step <= int(row["version"]):
            return body
        block = self.blocks.get(game_id, self.blocks.block_of(step))
        if block is None:
            return None
        # Every caller sees all of a finished game: the key changes nothing.
        body = _json.encode(self._replay(row, step, perspective_text, None, block))
        self.blocks.encoded.put(cache_key, body)
        return body

    def replay_body(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> bytes:
        """The step as JSON; a finished game's steps are kept encoded (``EncodedSteps``)."""
        row, block = self._replay_row(game_id, step)
        if row["status"] != "finished":
            return _json.encode(self._replay(row, step, perspective_text, key, block))
        cache_key = (game_id, int(row["version"]), step, perspective_text)
        body = self.blocks.encoded.get(cache_key)
        if body is None:
            body = _json.encode(self._replay(row, step, perspective_text, key, block))
            self.blocks.encoded.put(cache_key, body)
        return body

    def replay(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> Replay:
        row, block = self._replay_row(game_id, step)
        return self._replay(row, step, perspective_text, key, block)

    def _replay(
        self, row: dict[str, Any], step: int, perspective_text: str, key: ApiKey | None, block: Block | None
    ) -> Replay:
        game_id = row["id"]
        kind = self.kind(row["kind"])
        steps = int(row["version"])
        if not 1 <= step <= steps:
            raise Refusal(
                Category.NOT_FOUND,
                "step_not_found",
                f"this game has steps 1 to {steps}, not {step}",
                steps=steps,
            )
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row["players"])))
        rules = kind.rules
        state, rec = self._replay_state(kind, row, step, block)
        if rec is None:
            rec = next(iter(self.store.read(game_id, after=step - 1, upto=step)))
        base = f"/games/{game_id}/replay/"
        query = f"?perspective={perspective_text}"
        taken, corrections = self._line_steps(row)
        previous, following = step - 1, step + 1
        while previous >= 1 and (previous in taken or previous in corrections):
            previous -= 1
        while following <= steps and (following in taken or following in corrections):
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
