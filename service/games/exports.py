"""Games taken elsewhere: a finished game as a play (BG Stats, BoardGameGeek: ``playformats``), a filter's
finished games as one play file, and a filter's games as NDJSON records for analysts (the record of
``GET /games/{id}/record``, one per line, as Lichess exports a player's games).

The filters are ``GET /games``' (``Listing.filter``). An export holds what its caller sees whole
(``sight.sees_all``): the finished, public games, and the caller's own key's games (a sealed fork is its
owner's alone); anything else is left out, never refused and never redacted. Rows are read in keyset
pages (``GamesTable.pages``), and a page's games' events in chunks of many games at once
(``GamesTable.streams``): a stream of any length holds one page of rows and of encoded records.

Where the play's fields come from: the players and their seats from the ``games`` row, scores and ranks
from the final state (``rules.results``), the start player from the plug-in (``GamePlugin.start_seat``),
the date from the game's start at the table (``playtime.started_at``), the length from its start to
its finish (none for a game recorded without play times), and the location from the game's ``site``
tag (else its ``location`` tag): Banquise keeps no other place.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

import msgspec

from domain.players import handle_key
from domain.registry import GamePlugin, game
from service.base.keys import ApiKey
from service.base.refusals import Category, GameNotFound, Refusal, refuses
from service.base.store import GameLog
from service.base.store.chain import ChainBroken, Head
from service.base.store.games_table import GamesTable
from service.base.store.imports import ImportedPlay, ImportedPlays
from service.base.store.rows import IndexedGame
from service.games import playtime
from service.games.game_records import GameRecords
from service.games.game_rows import FINDING, GameRows
from service.games.kind_lookup import KindLookup, UnknownGameKind
from service.games.limits import TimeOutOfRange
from service.games.listing import Listing
from service.games.playformats import Play, PlaySeat, minutes
from service.games.sight import ForkHidden, Sight, sees_all
from service.games.states import States
from service.games.tags import InvalidTagFilter

# The tags a game's place is read from, the first present.
LOCATION_TAGS = ("site", "location")
PAGE = 100
# A play file is one document, built whole: at most this many games in it.
MAX_PLAYS = 5000

_json = msgspec.json.Encoder()


class GameNotFinished(Refusal):
    """A play (BG Stats, BGG) is a finished game's: a live or abandoned game has no final scores to log."""

    category = Category.CONFLICT
    code = "game_not_finished"

    def __init__(self, game_id: UUID, status: str) -> None:
        super().__init__(
            f"game {game_id} is {status}: only a finished game is a play another app can log",
            title="Game not finished",
            game_status=status,
        )


class ExportTooLarge(Refusal):
    """A play file (one JSON or XML document) is built whole: past its bound, narrow the filters (or take
    the records, streamed)."""

    category = Category.UNPROCESSABLE
    code = "export_too_large"

    def __init__(self, bound: int) -> None:
        super().__init__(
            f"more than {bound} games match: narrow the filters (since/until, tag, kind), or stream the "
            "records (GET /exports/records)",
            title="Export too large",
            bound=bound,
        )


class ExportFilter(msgspec.Struct, kw_only=True):
    """``GET /games``' filters (``Listing.filter``)."""

    player: str | None = None
    kind: str | None = None
    status: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    tags: list[str] | None = None


class Exports:
    """Plays and streamed records."""

    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        games_table: GamesTable,
        kinds: KindLookup,
        rows: GameRows,
        records: GameRecords,
        listing: Listing,
    ) -> None:
        self.store = store
        self.states = states
        self.games_table = games_table
        self.kinds = kinds
        self.rows = rows
        self.game_records = records
        self.listing = listing
        self.imported = ImportedPlays(store)

    @refuses(FINDING, ForkHidden, GameNotFinished)
    def play(self, game_id: UUID, key: ApiKey | None) -> Play:
        """One finished game as a play (409 ``game_not_finished`` for a live or abandoned one; a sealed
        fork is its owner's: 403 ``fork_hidden``); a play imported with its results only, as it came."""
        found = self.games_table.row(game_id)
        if found is None:
            imported = self.imported.row(game_id)
            if imported is None:
                raise GameNotFound(game_id)
            return imported_play(imported)
        row = found
        Sight.of(row, key)
        if row.status != "finished":
            raise GameNotFinished(game_id, row.status)
        finished_at = self.games_table.finish_times([row])[game_id]
        return self._play(row, finished_at)

    @refuses(InvalidTagFilter, TimeOutOfRange, UnknownGameKind, ExportTooLarge)
    def plays(self, key: ApiKey | None, wanted: ExportFilter) -> list[Play]:
        """The finished games the filter finds that ``key`` sees whole, and the plays imported with their
        results only (public: finished games) it finds (at most ``MAX_PLAYS`` in all: 422
        ``export_too_large`` beyond)."""
        where = self._where(wanted)
        where.status = "finished"
        out: list[Play] = [imported_play(p) for p in self.imported.matching(where, MAX_PLAYS + 1)]
        if len(out) > MAX_PLAYS:
            raise ExportTooLarge(MAX_PLAYS)
        for rows, finished_at in self.games_table.pages(where, PAGE):
            for row in rows:
                if not sees_all(row, key):
                    continue
                if len(out) == MAX_PLAYS:
                    raise ExportTooLarge(MAX_PLAYS)
                out.append(self._play(row, finished_at[row.id]))
        out.reverse()
        return out

    @refuses(InvalidTagFilter, TimeOutOfRange, UnknownGameKind)
    def records(self, key: ApiKey | None, wanted: ExportFilter) -> Iterator[bytes | ChainBroken]:
        """The games the filter finds that ``key`` sees whole, newest recorded first, each as its record's
        JSON and a newline; a game whose stored events fail their chain is its ``ChainBroken`` instead, in
        its place (the stream says so and goes on: the HTTP layer writes it as a problem line). The filters
        are checked before the first line (a bad one is a 4xx, not a broken stream)."""
        where = self._where(wanted)
        pages = self.games_table.pages(where, PAGE)

        def lines() -> Iterator[bytes | ChainBroken]:
            for rows, _ in pages:
                yield from self._lines([row for row in rows if sees_all(row, key)])

        return lines()

    def _lines(self, rows: list[IndexedGame]) -> Iterator[bytes | ChainBroken]:
        """A page's records, in the page's order: its games' events read together (``streams``: one query
        per chunk of events, not one per game), each record encoded once its game's events are in and
        checked against the head its row keeps."""
        by_id = {row.id: row for row in rows}
        heads = {row.id: Head(row.version, row.head, lost=row.lost_from) for row in rows}
        built: dict[UUID, bytes | ChainBroken] = {
            game_id: stream
            if isinstance(stream, ChainBroken)
            else _json.encode(self.game_records.record_of(by_id[game_id], stream))
            for game_id, stream in self.games_table.streams(list(by_id), heads=heads)
        }
        for row in rows:
            line = built.pop(row.id, None)
            if isinstance(line, ChainBroken):
                yield line
                continue
            if line is None:
                # A row without events cannot be (its opening is stored with it): ``export`` says so.
                try:
                    line = _json.encode(self.game_records.export(row))
                except ChainBroken as exc:
                    yield exc
                    continue
            yield line + b"\n"

    def _where(self, wanted: ExportFilter) -> Any:
        return self.listing.filter(
            player=wanted.player,
            kind=wanted.kind,
            status=wanted.status,
            since=wanted.since,
            until=wanted.until,
            tags=wanted.tags,
        )

    def _play(self, row: IndexedGame, finished_at: datetime) -> Play:
        kind = self.kinds.get(row.kind)
        plugin: GamePlugin | None = game(row.kind)
        _, state = self.states.current(kind, row.id, known=row.version)
        first = plugin.start_seat(state) if plugin and plugin.start_seat else None
        results = sorted(kind.rules.results(state), key=lambda r: r.seat)
        names = list(row.players)
        started_at = playtime.started_at(row)
        tags: dict[str, str] = row.tags or {}
        return Play(
            game_id=row.id,
            kind=row.kind,
            title=plugin.title if plugin else row.kind,
            bgg_id=plugin.bgg_id if plugin else None,
            highest_wins=plugin.highest_wins if plugin else True,
            started_at=started_at,
            finished_at=finished_at,
            # Without a play time at the table, the finish is when the game was stored: no length.
            duration_min=minutes(started_at, finished_at) if row.played_at is not None else None,
            location=next((tags[t] for t in LOCATION_TAGS if tags.get(t)), None),
            player_counts=(min(plugin.player_counts), max(plugin.player_counts)) if plugin else (1, 99),
            seats=[
                PlaySeat(
                    seat=r.seat,
                    name=names[r.seat] if r.seat < len(names) else r.player,
                    handle=handle_key(names[r.seat] if r.seat < len(names) else r.player),
                    score=r.total,
                    rank=r.rank,
                    start=r.seat == first,
                )
                for r in results
            ],
        )


def imported_play(p: ImportedPlay) -> Play:
    """A play imported with its results only, as a play again: with the id it came with."""
    plugin = game(p.kind)
    ended = p.played_at + timedelta(minutes=p.duration_min or 0)
    return Play(
        game_id=p.game_id,
        kind=p.kind,
        title=plugin.title if plugin else p.kind,
        bgg_id=plugin.bgg_id if plugin else None,
        highest_wins=plugin.highest_wins if plugin else True,
        started_at=p.played_at,
        finished_at=ended,
        duration_min=p.duration_min,
        location=p.location,
        player_counts=(min(plugin.player_counts), max(plugin.player_counts)) if plugin else (1, 99),
        source=p.source,
        source_id=p.source_id,
        seats=[
            PlaySeat(
                seat=seat,
                name=name,
                handle=handle_key(name),
                score=p.scores[seat],
                rank=p.ranks[seat],
                start=seat == p.start_seat,
            )
            for seat, name in enumerate(p.players)
        ],
    )
