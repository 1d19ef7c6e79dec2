"""Reading games: summary, record, events and legal moves, each as the caller may see it (a step's board:
``replays``; the timeline: ``timelines``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec

from domain import building
from domain.game import Language, Perspective, PlayerResult
from domain.registry import game
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded, chain
from service.base.store.corrections import BeforeBase, Line, MovesTakenBack
from service.base.store.games_table import GamesTable
from service.base.store.kinds import Kind
from service.base.store.lru import Lru
from service.base.store.mapper import recorded
from service.base.store.rows import IndexedGame
from service.games import choices, codecs, playtime, sealing
from service.games.choices import LegalMoves
from service.games.game_records import GameRecords, event_out
from service.games.game_rows import (
    FINDING,
    GameAbandonedRefusal,
    GameRows,
    GameVoidedRefusal,
    NotGameOwner,
    StaleVersion,
)
from service.games.kind_lookup import KindLookup
from service.games.schemas import (
    EventOut,
    GameSummary,
    Turn,
)
from service.games.sight import SEEING, ForkHidden, RecordHidden, Sight
from service.games.states import States


class UnknownDecision(Refusal):
    """A decision of ``made`` that was not offered at its place (``at``: its index in ``made``)."""

    category = Category.UNPROCESSABLE
    code = "unknown_decision"

    def __init__(self, detail: str, at: int) -> None:
        super().__init__(detail, at=at)


class TooManyDecisions(Refusal):
    """A path longer than any move's: no move is made of that many decisions."""

    category = Category.UNPROCESSABLE
    code = "too_many_decisions"

    def __init__(self, detail: str, at: int) -> None:
        super().__init__(detail, at=at)


class NoDecision(Refusal):
    """Nothing to decide now: the game waits for no move."""

    category = Category.CONFLICT
    code = "no_decision"

    def __init__(self, detail: str, at: int) -> None:
        super().__init__(detail, at=at)


class InvalidPerspective(Refusal):
    """A perspective that is not spectator, omniscient or seat:N of the game."""

    category = Category.INVALID
    code = "invalid_perspective"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)


def seat_of(row: IndexedGame, seat: int | None) -> Turn | None:
    players = row.players
    return Turn(seat=seat, player=players[seat]) if seat is not None and 0 <= seat < len(players) else None


def parse_perspective(text: str, players: int) -> Perspective:
    try:
        perspective = Perspective.parse(text)
    except ValueError as exc:
        raise InvalidPerspective(str(exc)) from exc
    if perspective.kind == "seat" and not 0 <= (perspective.seat or 0) < players:
        raise InvalidPerspective(f"seat {perspective.seat} is not a seat of this game")
    return perspective


def shown(kind: Kind, sight: Sight, rec: Recorded, state: Any) -> EventOut:
    """``rec`` as ``sight`` shows it (``state``: the line's state right after it). Every event stays
    in the log as it was shown then, taken back or not: a taken-back move tells nothing new."""
    event = rec.event
    if isinstance(event, MovesTakenBack):
        # Which moves, who: public. The reason is free text, like a comment.
        visible = event if sight.everything else msgspec.structs.replace(event, reason=None)
        return event_out(kind, rec, visible, comments=sight.everything)
    return event_out(kind, rec, sight.event(kind.rules, event, state), comments=sight.everything)


class GameReader:
    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        games_table: GamesTable,
        kinds: KindLookup,
        rows: GameRows,
        records: GameRecords,
    ) -> None:
        self.store = store
        self.states = states
        self.games_table = games_table
        self.kinds = kinds
        self.rows = rows
        self.records = records
        # (game, its chain head) -> the state hashes its record replays to (``sealed``): the head hashes every
        # event of the game, so the same head is the same record and the same replay (a game changed or grown
        # has another head: nothing to invalidate). ~100 hashes a game.
        self.seal_states: Lru[tuple[UUID, bytes], list[str]] = Lru(1024)
        # (game, version, players, language) -> every move the game's kind lists then, with its path of
        # decisions: a move built decision by decision asks several times at one version (``next_decision``).
        self.move_paths: Lru[tuple[UUID, int, tuple[str, ...], str], Any] = Lru(16)

    @refuses(FINDING, ForkHidden)
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

    @refuses(FINDING, ForkHidden, RecordHidden)
    def record(self, game_id: UUID, key: ApiKey | None = None) -> tuple[int, dict[str, Any]]:
        """The game as a record (the import format); exporting then importing gives the same events.
        A live game's record is its owner's (see ``Sight.require_record``)."""
        row = self.rows.row(game_id)
        Sight.of(row, key).require_record(game_id)
        return row.version, self.sealed(row)

    def sealed(self, row: IndexedGame) -> dict[str, Any]:
        """``export`` with its seal (``service.games.sealing``): the stored events read with their chain
        hashes, checked (``ChainBroken`` when the store was changed behind the service), replayed to the
        state hashes (once per chain head: ``seal_states``), and signed by the server's key."""
        game_id = row.id
        rows, kept = self.games_table.chained(game_id)
        # The whole stream, to the head the game's row keeps: a lost tail is never signed as a shorter game.
        chain.check_end(game_id, rows, kept, 0)
        head = chain.check(game_id, rows)
        document = self.records.record_of(row, [recorded(game_id, v, t, s) for v, t, s, _ in rows])
        states = self.seal_states.get((game_id, head))
        if states is None:
            kind = self.kinds.get(row.kind)
            states = sealing.state_hashes(kind, codecs.typed_record(kind, document))
            self.seal_states.put((game_id, head), states)
        events = [(t, s) for _, t, s, _ in rows]
        return sealing.seal(document, game_id, events, head, states, self.store.server_key)

    @refuses(FINDING, SEEING, InvalidPerspective)
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
        sight = Sight.of(row, key, parse_perspective(perspective_text, len(row.players)))
        return self._events(kind, game_id, sight, after, limit)

    def _events(self, kind: Kind, game_id: UUID, sight: Sight, after: int, limit: int | None) -> Iterator[EventOut]:
        rules = kind.rules
        line = self.states.line(kind, game_id, after) if after else Line(rules.evolve, rules.initial_state())
        for rec in self.store.read(game_id, after=after, limit=limit):
            try:
                line.add(rec.originator_version, rec.event)
            except BeforeBase:
                line = self.states.line(kind, game_id, rec.originator_version)
            yield shown(kind, sight, rec, line.state)

    @refuses(FINDING, NotGameOwner)
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

    @refuses(FINDING, NotGameOwner, GameVoidedRefusal, GameAbandonedRefusal, StaleVersion, NoDecision, UnknownDecision)
    def next_decision(
        self, game_id: UUID, key: ApiKey | None, made: choices.DecisionsMade, lang: Language = "en"
    ) -> choices.NextDecision:
        """The next decision of a move built from ``made`` (or the finished move), in the table's words
        (``lang``). Its options may name the seat's hand: the owner's key is needed, as for the legal moves."""
        row = self.rows.row(game_id)
        if key is None or key.id != row.owner_key:
            raise NotGameOwner("a move's decisions may name hidden cards: only the game owner's key sees them")
        # No decision is offered for a move ``POST /moves`` would refuse: a closed game takes none.
        if row.voided:
            raise GameVoidedRefusal(game_id)
        if row.status == "abandoned":
            raise GameAbandonedRefusal(game_id)
        kind = self.kinds.get(row.kind)
        version, state = self.states.current(kind, game_id)
        if made.version is not None and made.version != version:
            raise StaleVersion(version, made.version)
        plugin = game(kind.name)
        if plugin is None or plugin.build is None:
            raise NoDecision(f"{kind.name} offers no moves built decision by decision", 0)
        players = list(row.players)
        paths = self.move_paths
        key_of = (game_id, version, tuple(players), lang)
        candidates = paths.get(key_of)
        if candidates is None:
            candidates = list(plugin.build(state, players, lang))
            paths.put(key_of, candidates)
        try:
            built = building.next_decision(candidates, made.made)
        except building.Refused as refused:
            refusal = {c.code: c for c in (NoDecision, TooManyDecisions)}.get(refused.code, UnknownDecision)
            raise refusal(refused.detail, refused.at) from None
        return choices.next_decision(kind.name, version, players, built)
