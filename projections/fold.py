"""Folding pages of the event log onto games: the runner's in-memory half.

Games stay in an LRU between pages; a game not in it is loaded from its stored board (``game_boards``),
or, rarely, refolded from its own events. A correction (moves taken back) refolds its game: the boards
and counters follow the corrected line; from the game as it stood after its last correction when the
runner saw one (``projections.marks``), else from its first event. Each page becomes a
:class:`~projections.batch.Batch` of facts.
"""

from __future__ import annotations

import logging
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import MapperDeserialisationError
from eventsourcing.utils import resolve_topic
from psycopg.rows import tuple_row

from domain.game import PlayerResult
from projections import gamestats
from projections.batch import Abandoned, Batch, Cursor, Finished, Game, HandleChange, Imported, Unvoided, Voided
from projections.gamestats import Tally
from projections.marks import EVERY, Mark, Marks, copy_tally
from service.base.store.admin import LIFECYCLE_EVENTS, GameAbandoned, GameUnvoided, GameVoided
from service.base.store.aliases import HANDLE_EVENTS, HandleRenamed, HandlesMerged
from service.base.store.corrections import BeforeBase, Line, MovesTakenBack
from service.base.store.imports import PlayImported
from service.base.store.kinds import Kind, Registry
from service.base.store.lru import Lru
from service.base.store.mapper import payload_decoder

log = logging.getLogger("banquise.projections")


class _Opening(msgspec.Struct):
    """What the projections read of a game's opening command: whether the game counts."""

    rated: bool = True


_opening_decoder = msgspec.json.Decoder(_Opening)


@dataclass(slots=True, eq=False)
class _Topic:
    """One stored topic, resolved once: its payload decoder, event class, game kind and counter."""

    topic: str
    decode: Callable[[bytes], Any]
    cls: type[Any]
    kind: Kind | None
    counter: gamestats.Counter | None
    admin: bool  # an event of a game's admin stream (its lifecycle), not of the game itself
    correction: bool  # a correction in a game's stream (``MovesTakenBack``): the game goes back
    imported: bool = False  # a play imported with its results only (``PlayImported``): its whole stream

    @property
    def apart(self) -> bool:
        """A stream of its own beside a game's events (its admin stream, or an imported play's)."""
        return self.admin or self.imported


class Folder:
    """Folds pages onto the games it keeps (at most ``cache_size`` live ones in memory)."""

    def __init__(self, registry: Registry, cache_size: int) -> None:
        self.cache: Lru[str, Game] = Lru(cache_size)
        # Games not in the cache, by where their state came from ("board" or, rarely, "refold"); the
        # corrections refolded from a mark ("mark"); the events read to refold games ("refold_events").
        self.loads: dict[str, int] = {"board": 0, "refold": 0, "mark": 0, "refold_events": 0}
        self.marks = Marks()
        self._kinds: dict[type[Any], Kind] = {}
        for kind in registry:
            for cls in typing.get_args(kind.rules.event_type):
                self._kinds[cls] = kind
        self._topics: dict[str, _Topic] = {}

    def topic(self, topic: str) -> _Topic:
        """What the runner needs to know about one stored topic (resolved once per runner)."""
        info = self._topics.get(topic)
        if info is None:
            cls: Any = resolve_topic(topic)
            decoder = payload_decoder(topic)  # the store mapper's own (cached) decoder for the topic
            kind = self._kinds.get(cls)
            counter = gamestats.COUNTERS.get(kind.name, {}).get(cls.__name__) if kind is not None else None
            admin = issubclass(cls, LIFECYCLE_EVENTS + HANDLE_EVENTS)
            correction = cls is MovesTakenBack
            info = self._topics[topic] = _Topic(
                topic, decoder.decode, cls, kind, counter, admin, correction, imported=cls is PlayImported
            )
        return info

    @typing.overload
    def fold(self, cur: Cursor, rows: list[tuple[Any, ...]], quarantined: dict[str, int]) -> Batch: ...
    @typing.overload
    def fold(self, cur: None, rows: list[tuple[Any, ...]], quarantined: dict[str, int]) -> Batch | None: ...
    def fold(self, cur: Cursor | None, rows: list[tuple[Any, ...]], quarantined: dict[str, int]) -> Batch | None:
        """Rows ``(notification_id, originator_id as text, originator_version, topic, state)``. Without a
        cursor (folding ahead): None, the cache untouched, when a game would need a database read."""
        batch = Batch(first=int(rows[0][0]), last=int(rows[-1][0]))
        if quarantined:
            rows = [r for r in rows if (since := quarantined.get(r[1])) is None or r[0] < since]
            if not rows:
                return batch
        topics = self._topics
        for topic in {r[3] for r in rows}:
            if topic not in topics:
                self.topic(topic)
        peek = self.cache.peek
        # Each stream's first (version, topic) in the page (reversed: a stream's first row wins).
        missing = [
            game_id
            for game_id, (version, topic) in {r[1]: (r[2], r[3]) for r in reversed(rows)}.items()
            if version > 1 and ((g := peek(game_id)) is None or g.version != version - 1) and not topics[topic].apart
        ]
        if cur is None and (missing or any(topics[r[3]].correction for r in rows)):
            # A correction refolds its game from its events: a database read.
            return None
        stored = self._load_boards(cur, missing) if missing and cur is not None else {}
        touched = batch.touched
        apply = self._apply
        game: Game | None = None
        current = ""
        expected = 0  # the version that continues the current game's run
        run: list[tuple[int, int, Any, _Topic]] = []  # consecutive events of one game, applied together
        for position, game_id, version, topic, data, _ in rows:
            info = topics[topic]
            try:
                payload = info.decode(data)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise MapperDeserialisationError(
                    f"stored event {game_id}@{version} ({topic}) does not decode: {exc}"
                ) from exc
            if info.apart:
                (_imported_fact if info.imported else _admin_fact)(batch, position, payload)
                continue
            if info.correction:
                if run:
                    apply(batch, game, run)  # type: ignore[arg-type]
                    run = []
                if cur is None:  # pragma: no cover - a page with a correction is not folded ahead
                    raise LookupError(f"notification {position}: a correction needs the database")
                # The game goes back: its state and counters are those of its corrected line, refolded.
                game = self._corrected(cur, game_id, version, position, payload.e)
                if game is None:
                    current, expected = "", 0
                    continue
                touched[game_id] = game
                current, expected = game_id, version + 1
                continue
            if version == expected and game_id == current:
                run.append((position, version, payload, info))
                expected += 1
                continue
            if run:
                apply(batch, game, run)  # type: ignore[arg-type]
                run = []
            game = touched.get(game_id) or peek(game_id)
            if game is None or game.version != version - 1:
                kind = info.kind
                if kind is None:
                    log.warning("notification %s: no game kind knows %s", position, info.cls.__name__)
                    game, current, expected = None, "", 0
                    continue
                if cur is None and version > 1:  # pragma: no cover - a version gap inside the page
                    raise LookupError(f"notification {position}: {game_id} is not at version {version - 1}")
                game = self._load(cur, kind, game_id, version - 1, stored.get(game_id))
            touched[game_id] = game
            current, expected = game_id, version + 1
            run.append((position, version, payload, info))
        if run:
            apply(batch, game, run)  # type: ignore[arg-type]
        self._keep(touched)
        return batch

    def _keep(self, touched: dict[str, Game]) -> None:
        lru = self.cache
        for key, game in touched.items():
            if game.finished:
                # A finished game takes no more moves: keep the memory for live ones (its board is stored).
                lru.discard(key)
                self.marks.forget(key)
            else:
                lru.put(key, game)

    @staticmethod
    def _apply(batch: Batch, game: Game, run: list[tuple[int, int, Any, _Topic]]) -> None:
        """Fold consecutive events of ``game`` (``(position, version, payload, topic)``: ``payload`` is
        the stored envelope, ``payload.e`` the domain event) onto it, in order."""
        rules = game.kind.rules
        evolve, is_turn_start, is_finished = rules.evolve, rules.is_turn_start, rules.is_finished
        t = game.tally
        state = game.state
        finished = game.finished
        # ``events`` and ``last_recorded`` are written once, at the end (and at the finish, which reads them).
        events = t.events
        if t.first_recorded is None:
            t.first_recorded = run[0][2].at
        for position, version, payload, info in run:
            event = payload.e
            state = evolve(state, event)
            events += 1
            if is_turn_start(event):
                t.turns += 1
            counter = info.counter
            if counter is not None:
                counter(t, event)
            played = payload.p
            if played is not None:
                if t.first_played is None:
                    t.first_played = played
                t.last_played = played
            if version == 1:
                batch.started.append((position, list(rules.players(state))))
                t.unrated = not _opening_decoder.decode(payload.x).rated if payload.x else False
            if not finished and is_finished(state):
                game.state, game.version, game.position = state, version, position
                game.finished = finished = True
                at = payload.at
                t.events, t.last_recorded = events, at
                t.finished_position = position
                # The game's end at the table (its last play time), else when the finish was recorded.
                t.finished_at = t.ended_at() or at
                results = game.results()
                if not t.unrated:
                    batch.finished.append(
                        Finished(
                            position=position,
                            game_id=game.game_id,
                            kind=game.kind.name,
                            players=list(rules.players(state)),
                            results=results,
                            stats=gamestats.final(game.kind.name, state, results, t),
                            finished_at=t.finished_at,
                        )
                    )
        last = run[-1]
        game.state, game.version, game.position = state, last[1], last[0]
        t.events, t.last_recorded = events, last[2].at
        batch.events += len(run)

    def _load_boards(self, cur: Cursor, game_ids: list[str]) -> dict[str, dict[str, Any]]:
        rows = cur.execute(
            "SELECT game_id::text AS key, kind, version, position, state, tally, status FROM game_boards "
            "WHERE game_id = ANY(%s::uuid[])",
            (game_ids,),
        ).fetchall()
        return {r["key"]: r for r in rows}

    def _load(self, cur: Cursor | None, kind: Kind, game_id: str, version: int, row: dict[str, Any] | None) -> Game:
        """The game after ``version`` events: from its stored board when that is where it stands (the
        usual case), else (a projection rebuilt while the boards stay ahead) refolded from its events."""
        uuid = UUID(game_id)
        if version == 0:
            return Game(uuid, kind, 0, 0, kind.rules.initial_state(), Tally(), False)
        if row is not None and row["version"] == version:
            self.loads["board"] += 1
            return Game(
                uuid,
                kind,
                version,
                int(row["position"]),
                kind.decode_snapshot(row["state"]),
                gamestats.tally_decoder.decode(row["tally"]),
                row["status"] == "finished",
            )
        if cur is None:  # pragma: no cover - only version 0 is loaded without a cursor
            raise LookupError(f"{game_id} at version {version} needs the database")
        game = self._refold(cur, game_id, version)
        if game is None:  # pragma: no cover - a stream with no event of any game kind
            raise LookupError(f"{game_id} has no event of a known game kind up to version {version}")
        return game

    def _corrected(
        self, cur: Cursor, game_id: str, version: int, position: int, correction: MovesTakenBack
    ) -> Game | None:
        """The game once ``correction`` (at ``version``) took back its moves: its line at the version
        before the first event taken back, refolded from the newest mark before that event that a fold
        may start from, else from the game's first event; then marked (``projections.marks``)."""
        first = min(correction.versions(), default=version)
        game: Game | None = None
        along: list[Mark] = []  # marks on the line the refold passes
        for mark in self.marks.before(game_id, first):
            game = self._from_mark(cur, game_id, mark, first - 1, along)
            if game is not None:
                self.loads["mark"] += 1
                break
            along.clear()
        if game is None:
            game = self._refold(cur, game_id, version, position, along)
            if game is None:
                return None
        game.version, game.position = version, position
        along.append(Mark(version, game.kind, game.state, copy_tally(game.tally)))
        self.marks.corrected(game_id, first, along)
        return game

    def _from_mark(self, cur: Cursor, game_id: str, mark: Mark, upto: int, along: list[Mark]) -> Game | None:
        """The game's line at ``upto``, folded from ``mark`` (None: a correction in between reaches
        before the mark); ``along`` gets the marks on the way."""
        game = Game(UUID(game_id), mark.kind, mark.version, 0, mark.state, copy_tally(mark.tally), False)
        if upto > mark.version:
            try:
                run, _, _ = self._line(cur, game_id, mark.version, upto)
            except BeforeBase:
                return None
            self._apply_marking(game, run, along)
        return game

    def _apply_marking(self, game: Game, run: list[tuple[int, int, Any, _Topic]], along: list[Mark] | None) -> None:
        """``_apply`` (a refold's: no batch), keeping in ``along`` the game every ``marks.EVERY`` events of
        its line: an event of the line the refold ends on is a version whose line is what it folded."""
        if along is None:
            if run:
                self._apply(Batch(first=0, last=0), game, run)
            return
        start = 0
        length = game.tally.events
        for i in range(len(run)):
            if (length + i + 1) % EVERY == 0 or i == len(run) - 1:
                self._apply(Batch(first=0, last=0), game, run[start : i + 1])
                start = i + 1
                if (length + i + 1) % EVERY == 0:
                    along.append(Mark(run[i][1], game.kind, game.state, copy_tally(game.tally)))

    def _line(
        self, cur: Cursor, game_id: str, after: int, upto: int
    ) -> tuple[list[tuple[int, int, Any, _Topic]], Kind | None, int | None]:
        """The game's line from version ``after`` (exclusive) to ``upto``, read from its events (the
        corrected line, ``service.base.store.corrections.Line``): its events (as ``_apply`` takes them),
        the game's kind (None when no event is of a known kind), the last event's position. Raises
        ``BeforeBase`` when a correction in it reaches at or before ``after``."""
        with cur.connection.cursor(row_factory=tuple_row) as raw:
            rows = raw.execute(
                "SELECT notification_id, originator_version, topic, state FROM banquise_events "
                "WHERE originator_id = %s::uuid AND originator_version > %s AND originator_version <= %s "
                "ORDER BY originator_version",
                (game_id, after, upto),
            ).fetchall()
        self.loads["refold_events"] += len(rows)
        kind: Kind | None = None
        line: Line[None, tuple[int, int, Any, _Topic]] = Line(lambda state, _: state, None, after)
        for at, v, topic, data in rows:
            info = self.topic(topic)
            kind = kind or info.kind
            payload = self._decode(info, data, game_id, v)
            line.add(v, payload.e, (int(at), v, payload, info))
        run = [item for _, _, item in line.kept if item is not None]
        return run, kind, int(rows[-1][0]) if rows else None

    def _refold(
        self, cur: Cursor, game_id: str, version: int, position: int | None = None, along: list[Mark] | None = None
    ) -> Game | None:
        """The game after its first ``version`` events, refolded from them: the events of its corrected
        line (``service.base.store.corrections.Line``: moves taken back are left out, states and counters
        alike). ``position``: where the log stands (a correction's own notification), else the last
        event's; ``along``: gets marks on the way. None when no event is of a known game kind."""
        self.loads["refold"] += 1
        run, kind, last = self._line(cur, game_id, 0, version)
        if kind is None:
            return None
        game = Game(UUID(game_id), kind, 0, 0, kind.rules.initial_state(), Tally(), False)
        self._apply_marking(game, run, along)
        game.version = version
        if position is not None:
            game.position = position
        elif last is not None:
            game.position = last
        return game

    @staticmethod
    def _decode(info: _Topic, data: bytes, game_id: str, version: int) -> Any:
        try:
            return info.decode(data)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise MapperDeserialisationError(
                f"stored event {game_id}@{version} ({info.topic}) does not decode: {exc}"
            ) from exc


def _imported_fact(batch: Batch, position: int, payload: Any) -> None:
    """A play imported with its results only: a game started and finished by this one event, its
    results from the file (no score breakdown, no per-game statistics: those come from moves)."""
    e: PlayImported = payload.e
    count = len(e.players)
    results = [
        PlayerResult(seat=seat, player=e.players[seat], total=e.scores[seat], breakdown={}, rank=e.ranks[seat])
        for seat in range(count)
    ]
    batch.started.append((position, list(e.players)))
    batch.imported.append(Imported(position, e))
    batch.finished.append(
        Finished(
            position=position,
            game_id=e.game_id,
            kind=e.kind,
            players=list(e.players),
            results=sorted(results, key=lambda r: (r.rank, r.seat)),
            stats=gamestats.Final(table={}, seats=[{} for _ in range(count)], extras=[{} for _ in range(count)]),
            finished_at=e.finished_at(),
            source=e.source,
        )
    )


def _admin_fact(batch: Batch, position: int, payload: Any) -> None:
    """An admin stream's decision (a void, an un-void, an abandon, a rename, a merge) as the batch's fact."""
    e = payload.e
    if isinstance(e, GameVoided):
        batch.voided.append(Voided(position, e.game_id, e.reason, e.key_id, payload.at))
    elif isinstance(e, GameUnvoided):
        batch.unvoided.append(Unvoided(position, e.game_id, e.reason, e.key_id, payload.at))
    elif isinstance(e, GameAbandoned):
        batch.abandoned.append(Abandoned(position, e.game_id, e.reason, e.key_id, payload.at))
    elif isinstance(e, HandleRenamed):
        batch.handles.append(HandleChange(position, e.handle, e.to, rename=True))
    elif isinstance(e, HandlesMerged):
        batch.handles.append(HandleChange(position, e.handle, e.into, rename=False))
