"""Forks: a new live game that starts from exactly the board of another game at one step.

The fork's stream begins with a copy of the origin's events up to that step, so it replays like any
game (same events, same state hashes, no special fold) and its record exports the origin's setup and
moves. It carries the origin's hidden information with them: a fork of a game not finished yet is
sealed, its owner's alone, until that game finishes (``secrets_of``; the rule: ``service.games.sight``).
Its opening command says where it came from and that it is unrated: the projections read that flag on
a game's first event and keep the fork out of statistics and ratings.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID, uuid4

import msgspec

from domain.game import Perspective, state_hash
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.corrections import Line, is_correction, moves_of
from service.base.store.games_table import GamesTable, steps
from service.base.store.rows import IndexedGame
from service.base.store.snapshots import Snapshots
from service.games.base import Idempotency, Opening, Reply, rules_version_of
from service.games.decoding import DECODING, decode_error
from service.games.game_rows import FINDING, GameRows
from service.games.kind_lookup import KindLookup
from service.games.openings import game_row
from service.games.replies import IdempotencyKeyReused, Replies, keep, positioned
from service.games.schemas import Status
from service.games.sight import SEEING, ForkHidden, Sight, public
from service.games.states import States

_json = msgspec.json.Encoder()


class ForkStepMidMove(Refusal):
    """A fork inside a move (``nearest``: the steps that end one)."""

    category = Category.UNPROCESSABLE
    code = "fork_step_mid_move"

    def __init__(self, at: int, before: int | None, after: int | None) -> None:
        super().__init__(
            f"step {at} is inside a move: fork at the end of a move (e.g. step {after})",
            nearest=[s for s in (before, after) if s is not None],
        )


class ForkStepOutOfRange(Refusal):
    """A fork at a step the game does not have."""

    category = Category.UNPROCESSABLE
    code = "fork_step_out_of_range"

    def __init__(self, at: int, steps: int) -> None:
        super().__init__(f"this game has steps 1 to {steps}, not {at}", steps=steps)


class ForkOfFinishedBoard(Refusal):
    """A fork at a step where the game is over."""

    category = Category.UNPROCESSABLE
    code = "fork_of_finished_board"

    def __init__(self, at: int) -> None:
        super().__init__(f"the game is over at step {at}: nothing to play")


class ForkOrigin(msgspec.Struct, kw_only=True):
    game_id: UUID
    step: int


class ForkOpening(Opening, kw_only=True, omit_defaults=True):
    """The origin's opening, with the link back and ``rated: false`` (read by the projections)."""

    forked_from: ForkOrigin | None = None
    rated: bool = True


class ForkRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    at: int  # the origin's step whose board the fork starts from


class ForkCreated(msgspec.Struct, kw_only=True):
    id: UUID
    kind: str
    rules_version: str
    version: int
    moves: int
    status: Status
    players: list[str]
    state_hash: str
    forked_from: ForkOrigin
    rated: bool = False


class ForkLink(msgspec.Struct, kw_only=True):
    game_id: UUID
    step: int
    created_at: datetime


class Forks(msgspec.Struct, kw_only=True):
    """A game's place in its family: where it was forked from (if it was) and the forks made of it."""

    game_id: UUID
    forked_from: ForkOrigin | None
    forks: list[ForkLink]


_opening = msgspec.json.Decoder(Opening)


def secrets_of(origin: IndexedGame) -> list[UUID]:
    """The games whose hidden information a fork of ``origin`` (its ``games`` row) carries: none when
    the origin is public; else the origin unless it is finished (a sealed fork's fork), and what it
    carries itself (``sight``: the fork is sealed while one of them is not finished)."""
    if public(origin):
        return []
    own = [] if origin.status == "finished" else [origin.id]
    return own + [game for game in origin.secrets_of if game not in own]


def _inside(last: Recorded, following: Recorded) -> bool:
    """Whether step ``last`` is inside a move (``following`` is the step after it): a correction ends
    whatever came before it, and is whole by itself."""
    if is_correction(last.event) or is_correction(following.event):
        return False
    return following.move == last.move


class Forking:
    """Forking a game at a step, and a game's family of forks."""

    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        games_table: GamesTable,
        kinds: KindLookup,
        rows: GameRows,
        replies: Replies,
    ) -> None:
        self.store = store
        self.states = states
        self.games_table = games_table
        self.kinds = kinds
        self.rows = rows
        self.replies = replies

    def _events_to_copy(self, origin_id: UUID, at: int, version: int) -> list[Recorded]:
        """The origin's events up to step ``at``, which must end a move or a correction (a fork never
        starts mid-move)."""
        # One more event than asked: it tells whether ``at`` ends a move.
        origin = list(self.store.read(origin_id, upto=at + 1))
        copied, following = origin[:at], origin[at:]
        if following and _inside(copied[-1], following[0]):
            before = max((r.originator_version for r in copied if r.move != copied[-1].move), default=None)
            after = next(
                (r.originator_version - 1 for r in self.store.read(origin_id, after=at) if r.move != copied[-1].move),
                version,
            )
            raise ForkStepMidMove(at, before, after)
        return copied

    @refuses(FINDING, SEEING, DECODING, ForkStepOutOfRange, ForkStepMidMove, ForkOfFinishedBoard, IdempotencyKeyReused)
    def fork(self, key: ApiKey, origin_id: UUID, body: bytes, idem: Idempotency | None = None) -> Reply:
        """A fork of ``origin_id`` at the step ``body`` names (``ForkRequest``, decoded strictly); with
        ``idem``, a retry answers the fork the first request made (a stored reply), never a second fork."""
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        try:
            request = msgspec.json.decode(body, type=ForkRequest)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the fork") from exc
        try:
            return self._fork(key, origin_id, request, idem)
        except VersionConflict as conflict:
            # A retry with the same Idempotency-Key stored its fork first (the key's row is unique).
            return self.replies.stored_or_raise(idem, conflict)

    def _fork(self, key: ApiKey, origin_id: UUID, request: ForkRequest, idem: Idempotency | None) -> Reply:
        row = self.rows.row(origin_id)
        kind = self.kinds.get(row.kind)
        # A fork starts with every hidden card of the origin: the same rule as the omniscient perspective.
        Sight.of(row, key, Perspective(kind="omniscient"))
        version = int(row.version)
        if not 1 <= request.at <= version:
            raise ForkStepOutOfRange(request.at, version)
        copied = self._events_to_copy(origin_id, request.at, version)
        rules = kind.rules
        fork_id, now = uuid4(), datetime.now(UTC)
        first = copied[0]
        if first.command is None:
            raise RuntimeError(f"game {origin_id} has no opening command")
        head = _opening.decode(first.command)
        opening = ForkOpening(
            setup=head.setup,
            tags=head.tags,
            started_at=head.started_at,
            forked_from=ForkOrigin(game_id=origin_id, step=request.at),
            rated=False,
        )
        records = [
            msgspec.structs.replace(
                rec,
                originator_id=fork_id,
                recorded_at=now,
                command=msgspec.Raw(_json.encode(opening)) if i == 0 else rec.command,
            )
            for i, rec in enumerate(copied)
        ]
        state, due = self.states.fold(kind, rules.initial_state(), records)
        if rules.is_finished(state):
            raise ForkOfFinishedBoard(request.at)
        # The moves on the copied line (a correction among the copied events took some back).
        line: Line[None, Recorded] = Line(lambda state, _: state, None)
        for rec in copied:
            line.add(rec.originator_version, rec.event, rec)
        moves = len(moves_of(line.kept, lambda rec: rec.move))
        corrections = sum(1 for rec in copied if is_correction(rec.event))
        created = ForkCreated(
            id=fork_id,
            kind=kind.name,
            rules_version=rules_version_of(kind, state),
            version=request.at,
            moves=moves,
            status="live",
            players=list(rules.players(state)),
            state_hash=state_hash(state),
            forked_from=ForkOrigin(game_id=origin_id, step=request.at),
        )
        reply = Reply(created=True, body=_json.encode(created), version=request.at, locate=fork_id)

        link = GamesTable.link_fork(fork_id, origin_id, request.at, now)
        row_ = game_row(fork_id, kind, key, state, request.at, moves, now, head.started_at, tags=head.tags)
        # The fork's copy holds corrections: its readers fold its line (the row's ``corrections``).
        counted = GamesTable.count_corrections(fork_id, corrections) if corrections else None
        within = steps(
            GamesTable.insert(row_),
            Snapshots.put(fork_id, due),
            link,
            counted,
            GamesTable.carry_secrets(fork_id, secrets_of(row)),
            keep(idem, reply),
        )
        positions = self.store.append(records, within=within)
        self.states.remember(fork_id, request.at, state)
        return positioned(reply, positions)

    @refuses(FINDING, ForkHidden)
    def family(self, game_id: UUID, key: ApiKey | None = None) -> Forks:
        # 404 for an unknown game; a sealed fork's family is its owner's, as every other read of it.
        Sight.of(self.rows.row(game_id), key)
        up = self.games_table.fork_origin(game_id)
        down = self.games_table.forks_of(game_id)
        return Forks(
            game_id=game_id,
            forked_from=ForkOrigin(game_id=up.origin_id, step=up.step) if up else None,
            forks=[ForkLink(game_id=r.fork_id, step=r.step, created_at=r.created_at) for r in down],
        )
