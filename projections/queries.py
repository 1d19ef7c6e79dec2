"""The read side of the projections: what the statistics endpoints answer, read from precomputed rows.

Every query here is an index lookup or a keyset page over one of the read-model tables: its cost
depends on the page size (and a player's number of kinds and player counts), never on the number of
games stored.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Annotated, Any
from uuid import UUID

import msgspec
import psycopg

from projections import aliases, gamestats, schema, scoped
from projections.analysis_stats import AnalysedStats, player_analysis
from projections.errors import (
    GameNotFound,
    GameNotProjectedYet,
    InvalidCursor,
    PlayerNotFound,
    ResultOnlyGame,
    SamePlayer,
)
from projections.handles import handle_key
from service.base.store import GameLog, chain, cursors
from service.base.store.games_table import SEALED
from service.base.store.rows import GameSight

_json = msgspec.json.Encoder()
Conn = psycopg.Connection[Any]
# The caller's sight of one game, given what its ``games`` row says of it (``GameSight``): raises to refuse
# (the service's ``Sight.of``, which the read models may not import).
Sees = Callable[[GameSight], object]


# ---------------------------------------------------------------- response shapes
# Play times, as the games API shows them too (service/games/playtime.py): the table's clock, in UTC.
STARTED = (
    "When the game started at the table: the record's started_at, else its first move's at; a game "
    "recorded without any time: when it was stored."
)
FINISHED = (
    "A finished game's end at the table: its last move's play time; without any time, when its finishing "
    "move was recorded. Null while the game is live. Ratings are applied in this order (then by game id)."
)


class SeatRecord(msgspec.Struct, kw_only=True):
    games: int
    wins: int
    win_rate: float


class PlayerStats(msgspec.Struct, kw_only=True):
    kind: str
    player_count: int | None  # None: every player count together
    games: int
    wins: int
    win_rate: float
    avg_score: float
    median_score: float
    best_score: int
    avg_breakdown: dict[str, float]  # average points per scoring category (Arctica: BP by category)
    by_seat: dict[str, SeatRecord]  # seat (0-based) -> record
    totals: Annotated[
        dict[str, float],
        msgspec.Meta(
            description="The kind's own player statistics summed over these games, by statistic name (those its "
            "plug-in's statistics name as totals, e.g. the powers taken: `powers_taken`, `powers_taken_fox`...)."
        ),
    ]
    current_streak: int
    longest_streak: int
    # From the player's games with a finished analysis (accuracy...; permanent ids 901-): null when none.
    analysis: AnalysedStats | None = None


class Rating(msgspec.Struct, kw_only=True):
    kind: str
    mu: float
    sigma: float
    rating: float  # mu - 3 sigma, the conservative rating leaderboards sort by
    games: int
    provisional: bool


class PlayerItem(msgspec.Struct, kw_only=True):
    handle: str
    games: int  # finished games counted in statistics, every kind
    links: dict[str, str]


class PlayerPage(msgspec.Struct, kw_only=True):
    items: list[PlayerItem]
    next_cursor: str | None = None


class PlayerProfile(msgspec.Struct, kw_only=True):
    handle: str
    games: int
    stats: list[PlayerStats]
    ratings: list[Rating]
    links: dict[str, str]


class RatingChange(msgspec.Struct, kw_only=True):
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    played_at: Annotated[datetime | None, msgspec.Meta(description="The game's finish at the table: " + FINISHED)] = (
        None
    )


class PlayerGame(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    player_count: int
    players: list[str]
    seat: int
    rank: int
    total: int
    won: bool
    breakdown: dict[str, int]
    extras: dict[str, Any]
    finished_at: Annotated[datetime | None, msgspec.Meta(description=FINISHED)]
    voided: bool
    rating: RatingChange | None
    source: Annotated[
        str | None,
        msgspec.Meta(description="bgstats or bgg: a play imported from that app with its results only; null: recorded"),
    ] = None


class PlayerGamePage(msgspec.Struct, kw_only=True):
    handle: str
    items: list[PlayerGame]
    next_cursor: str | None = None


class VersusKind(msgspec.Struct, kw_only=True):
    kind: str
    games: int
    a_ahead: int
    b_ahead: int
    ties: int


class Versus(msgspec.Struct, kw_only=True):
    a: str
    b: str
    games: int
    a_ahead: int
    b_ahead: int
    ties: int
    by_kind: list[VersusKind]


class LeaderboardEntry(msgspec.Struct, kw_only=True):
    position: int
    handle: str
    rating: float
    mu: float
    sigma: float
    games: int  # rated games of this kind
    games_at_count: int | None  # finished games at the requested player count
    provisional: bool


class Leaderboard(msgspec.Struct, kw_only=True):
    kind: str
    player_count: int | None
    min_games: int
    exclude_provisional: bool
    items: list[LeaderboardEntry]
    next_cursor: str | None = None


class StatValue(msgspec.Struct, kw_only=True):
    id: int
    name: str
    value: float


class PlayerGameStats(msgspec.Struct, kw_only=True):
    seat: int
    player: str
    rank: int
    total: int
    stats: list[StatValue]


class Provenance(msgspec.Struct, kw_only=True):
    """Where a play imported with its results only came from."""

    source: Annotated[str, msgspec.Meta(description="The app: bgstats (a BG Stats backup) or bgg (BGG plays)")]
    source_id: Annotated[str, msgspec.Meta(description="The play's id there: its BG Stats uuid, its BGG play id")]
    file: str
    import_id: UUID
    imported_at: datetime


class GameStats(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    status: str
    players: list[str]
    winners: list[str]
    player_count: int
    turns: int
    events: int
    rules_version: str
    # Play times: the start at the table (the record's ``started_at``, else its first move's ``at``) and
    # the last play time; a game recorded without times falls back to when its events were recorded. A
    # live game has no end and no duration. ``ended_at`` is ``finished_at`` under its older name.
    started_at: Annotated[datetime | None, msgspec.Meta(description=STARTED)]
    finished_at: Annotated[datetime | None, msgspec.Meta(description=FINISHED)] = None
    ended_at: Annotated[datetime | None, msgspec.Meta(description="finished_at, under its older name")]
    duration_seconds: Annotated[
        float | None, msgspec.Meta(description="finished_at - started_at; null while the game is live")
    ]
    recorded_at: Annotated[datetime | None, msgspec.Meta(description="When the game was stored on this server")] = None
    voided: bool
    void_reason: str | None
    scores: list[dict[str, Any]]
    table: list[StatValue]
    players_stats: list[PlayerGameStats]
    # A play imported from another app: results only (no moves, no per-game statistics).
    provenance: Provenance | None = None


class Board(msgspec.Struct, kw_only=True):
    game_id: UUID
    kind: str
    version: int
    status: str
    view: dict[str, Any]
    results: list[dict[str, Any]]


# ---------------------------------------------------------------- cursors
def _encode_cursor(value: Any) -> str:
    return cursors.encode(value)


def _decode_cursor(text: str, type_: Any) -> Any:
    try:
        return cursors.decode(text, type_)
    except cursors.InvalidCursor as exc:
        raise InvalidCursor(str(exc)) from exc


# ---------------------------------------------------------------- the queries
def _player(conn: Conn, handle: str) -> dict[str, Any]:
    """The player of ``handle``, or of the handle it was renamed to or merged into."""
    key = handle_key(handle)
    row = conn.execute(
        "SELECT handle_key, handle FROM players WHERE handle_key = "
        "coalesce((SELECT target_key FROM handle_aliases WHERE alias_key = %s), %s)",
        (key, key),
    ).fetchone()
    if row is None:
        raise PlayerNotFound(handle)
    return dict(row)


# The lowest of the projections' positions (``name = ANY(%s)``), in follow order.
_LOWEST = "SELECT xid, position FROM projection_positions WHERE name = ANY(%s) ORDER BY xid, position LIMIT 1"
# Whether the lowest position is at or past the event of a notification id (its place in follow order); an
# id no event has is reached if the log went past it (a rolled-back insert's), never if it lies beyond.
REACHED = (
    f"SELECT coalesce((SELECT (e.xid, e.notification_id) <= (lo.xid, lo.position) FROM banquise_events e, "
    f"({_LOWEST.replace('%s', '%(names)s')}) lo WHERE e.notification_id = %(id)s), "
    "%(id)s <= (SELECT coalesce(max(notification_id), 0) FROM banquise_events)) AS reached"
)


class ReadModels:
    """Reads of the projection tables through the event store's connection pool."""

    def __init__(self, store: GameLog, connect: Callable[[], AbstractContextManager[Conn]] | None = None) -> None:
        """``connect``: where to read instead of the store's pool (a streaming replica, whose tables the
        primary's replication creates: nothing is created through it)."""
        self.store = store
        self._connect = connect
        self._scoped = scoped.Ratings()  # a kind's ratings over a part of its games, by (kind, source)
        if connect is None:
            schema.ensure_tables(store)

    def _conn(self) -> Any:
        if self._connect is not None:
            return self._connect()
        return self.store.game_recorder.datastore.get_connection()

    def position(self) -> int:
        """How far every projection has got: the notification id of the last event applied by the one
        furthest behind (positions are in follow order: ``service.base.store.following``)."""
        with self._conn() as conn:
            row = conn.execute(f"SELECT position AS p FROM ({_LOWEST}) lo", (list(schema.NAMES),)).fetchone()
        return int(row["p"] or 0) if row else 0

    def reached(self, notification_id: int) -> bool:
        """Whether every projection has applied the event ``notification_id`` — and with it every event
        that committed before its write began (a client's earlier writes): read your writes. An id no
        committed event has (a rolled-back insert's) is reached once the log went past it: there is nothing
        to wait for."""
        with self._conn() as conn:
            row = conn.execute(REACHED, {"names": list(schema.NAMES), "id": notification_id}).fetchone()
        return bool(row["reached"]) if row else True

    def health(self) -> tuple[int, int]:
        """The lowest projection position, and how many games are quarantined (see runner.py)."""
        with self._conn() as conn:
            row = conn.execute(
                f"SELECT (SELECT position FROM ({_LOWEST}) lo) AS p, (SELECT count(*) FROM projection_quarantine) AS q",
                (list(schema.NAMES),),
            ).fetchone()
        return (int(row["p"] or 0), int(row["q"])) if row else (0, 0)

    # ---------------------------------------------------------- players
    def players(self, q: str | None, limit: int, cursor: str | None) -> PlayerPage:
        """Every player by handle; with ``q``, the handles holding it (case-insensitively, folded as
        handles are): those starting with it first, then the others by similarity (the share of the
        handle the query covers: shorter first), then by handle."""
        text = handle_key(q) if q else ""
        if text:
            return self._search(text, limit, cursor)
        where = ["true"]
        params: list[Any] = []
        if cursor:
            where.append("p.handle_key > %s")
            params.append(_decode_cursor(cursor, str))
        params.append(limit + 1)
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT p.handle_key, p.handle, "
                "(SELECT coalesce(sum(s.games), 0) FROM player_stats s "
                " WHERE s.handle_key = p.handle_key AND s.player_count = 0) AS games "
                f"FROM players p WHERE {' AND '.join(where)} ORDER BY p.handle_key LIMIT %s",
                params,
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        return PlayerPage(
            items=[
                PlayerItem(handle=r["handle"], games=int(r["games"]), links=_player_links(r["handle"])) for r in rows
            ],
            next_cursor=_encode_cursor(rows[-1]["handle_key"]) if more and rows else None,
        )

    def _search(self, text: str, limit: int, cursor: str | None) -> PlayerPage:
        params: list[Any] = [text]
        where = ["strpos(p.handle_key, %s) > 0"]
        grams = aliases.trigrams(text)
        if grams:
            # The keys holding every trigram of the query (an index probe per trigram), then the exact test.
            where.append(
                "p.handle_key IN (SELECT handle_key FROM player_trigrams WHERE trigram = ANY(%s) "
                "GROUP BY handle_key HAVING count(*) = %s)"
            )
            params += [grams, len(grams)]
        # Shorter queries (one or two characters) have no trigram: the substring test alone, over players.
        after = ""
        if cursor:
            group, length, key = _decode_cursor(cursor, tuple[int, int, str])
            after = "WHERE (m.grp, m.len, m.handle_key) > (%s, %s, %s)"
        rows_params: list[Any] = [text, *params]
        if cursor:
            rows_params += [group, length, key]
        rows_params.append(limit + 1)
        with self._conn() as conn:
            # The games count only for the page's players (a subquery over every match costs a probe each).
            rows = conn.execute(
                "SELECT page.*, (SELECT coalesce(sum(s.games), 0) FROM player_stats s "
                " WHERE s.handle_key = page.handle_key AND s.player_count = 0) AS games FROM ("
                "SELECT m.* FROM (SELECT p.handle_key, p.handle, grp, "
                "CASE WHEN grp = 0 THEN 0 ELSE char_length(p.handle_key) END AS len "
                "FROM players p, LATERAL (SELECT CASE WHEN starts_with(p.handle_key, %s) THEN 0 ELSE 1 END AS grp) g "
                f"WHERE {' AND '.join(where)}) m {after} ORDER BY m.grp, m.len, m.handle_key LIMIT %s) page "
                "ORDER BY page.grp, page.len, page.handle_key",
                rows_params,
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        last = rows[-1] if rows else None
        return PlayerPage(
            items=[
                PlayerItem(handle=r["handle"], games=int(r["games"]), links=_player_links(r["handle"])) for r in rows
            ],
            next_cursor=_encode_cursor((last["grp"], last["len"], last["handle_key"])) if more and last else None,
        )

    def profile(self, handle: str, source: str = "all") -> PlayerProfile:
        """``source``: all games, those recorded here, or those imported (``projections.scoped``)."""
        with self._conn() as conn:
            player = _player(conn, handle)
            key = player["handle_key"]
            stats, ratings = _profile_rows(conn, self._scoped, key, source)
            analysed = player_analysis(conn, key)
        return PlayerProfile(
            handle=player["handle"],
            games=sum(int(s["games"]) for s in stats if s["player_count"] == 0),
            stats=[_player_stats(s, analysed.get((s["kind"], s["player_count"]))) for s in stats],
            ratings=[
                Rating(
                    kind=r["kind"],
                    mu=r["mu"],
                    sigma=r["sigma"],
                    rating=r["ordinal"],
                    games=r["games"],
                    provisional=r["provisional"],
                )
                for r in ratings
            ],
            links=_player_links(player["handle"]),
        )

    def player_games(
        self,
        handle: str,
        *,
        kind: str | None,
        player_count: int | None,
        include_voided: bool,
        limit: int,
        cursor: str | None,
        source: str = "all",
    ) -> PlayerGamePage:
        with self._conn() as conn:
            player = _player(conn, handle)
            where = ["r.handle_key = %s", scoped.condition(source)]
            params: list[Any] = [player["handle_key"]]
            if kind:
                where.append("r.kind = %s")
                params.append(kind)
            if player_count:
                where.append("r.player_count = %s")
                params.append(player_count)
            if not include_voided:
                where.append("NOT r.voided")
            if cursor:
                where.append("r.position < %s")
                params.append(_decode_cursor(cursor, int))
            params.append(limit + 1)
            rows = conn.execute(
                "SELECT r.*, g.players, h.mu_before, h.sigma_before, h.mu_after, h.sigma_after, h.played_at "
                "FROM player_results r JOIN game_summaries g ON g.game_id = r.game_id "
                # LATERAL: one primary-key probe per listed game. A plain LEFT JOIN let the planner read
                # every rating_history row of the player first (O(their games); ``make bench`` item 5).
                "LEFT JOIN LATERAL (SELECT mu_before, sigma_before, mu_after, sigma_after, played_at "
                "FROM rating_history h "
                "WHERE h.game_id = r.game_id AND h.handle_key = r.handle_key) h ON true "
                f"WHERE {' AND '.join(where)} ORDER BY r.position DESC, r.seat LIMIT %s",
                params,
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        items = [
            PlayerGame(
                game_id=r["game_id"],
                kind=r["kind"],
                player_count=r["player_count"],
                players=list(r["players"]),
                seat=r["seat"],
                rank=r["rank"],
                total=r["total"],
                won=r["won"],
                breakdown=r["breakdown"],
                extras=r["extras"],
                finished_at=r["finished_at"],
                voided=r["voided"],
                source=r["source"],
                rating=RatingChange(
                    mu_before=r["mu_before"],
                    sigma_before=r["sigma_before"],
                    mu_after=r["mu_after"],
                    sigma_after=r["sigma_after"],
                    played_at=r["played_at"],
                )
                if r["mu_before"] is not None
                else None,
            )
            for r in rows
        ]
        return PlayerGamePage(
            handle=player["handle"],
            items=items,
            next_cursor=_encode_cursor(int(rows[-1]["position"])) if more and rows else None,
        )

    def versus(self, a: str, b: str, source: str = "all") -> Versus:
        if handle_key(a) == handle_key(b):
            raise SamePlayer()
        with self._conn() as conn:
            pa = _player(conn, a)
            pb = _player(conn, b)
            if pa["handle_key"] == pb["handle_key"]:
                raise SamePlayer(f"{a!r} and {b!r} are one player (a renamed handle)")
            rows = _pair_rows(conn, pa["handle_key"], pb["handle_key"], source)
        kinds = [
            VersusKind(kind=r["kind"], games=r["games"], a_ahead=r["ahead"], b_ahead=r["behind"], ties=r["ties"])
            for r in rows
        ]
        return Versus(
            a=pa["handle"],
            b=pb["handle"],
            games=sum(k.games for k in kinds),
            a_ahead=sum(k.a_ahead for k in kinds),
            b_ahead=sum(k.b_ahead for k in kinds),
            ties=sum(k.ties for k in kinds),
            by_kind=kinds,
        )

    # ---------------------------------------------------------- leaderboards
    def leaderboard(
        self,
        kind: str,
        *,
        player_count: int | None,
        min_games: int,
        exclude_provisional: bool,
        limit: int,
        cursor: str | None,
        source: str = "all",
    ) -> Leaderboard:
        if source != "all":
            with self._conn() as conn:
                args = (player_count, min_games, exclude_provisional, limit, cursor, source)
                return _scoped_leaderboard(conn, self._scoped, kind, *args)
        where = ["r.kind = %s"]
        params: list[Any] = [player_count or 0, kind]
        if exclude_provisional:
            where.append("NOT r.provisional")
        if player_count:
            where.append("s.games >= %s")
            params.append(max(min_games, 1))
        elif min_games:
            where.append("r.games >= %s")
            params.append(min_games)
        offset = 0
        if cursor:
            rating, key, offset = _decode_cursor(cursor, tuple[float, str, int])
            where.append("(r.ordinal < %s OR (r.ordinal = %s AND r.handle_key > %s))")
            params += [rating, rating, key]
        params.append(limit + 1)
        join = "JOIN" if player_count else "LEFT JOIN"
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT r.handle_key, p.handle, r.mu, r.sigma, r.ordinal, r.games, r.provisional, "
                "s.games AS count_games FROM ratings r JOIN players p ON p.handle_key = r.handle_key "
                f"{join} player_stats s ON s.handle_key = r.handle_key AND s.kind = r.kind "
                "AND s.player_count = %s "
                f"WHERE {' AND '.join(where)} ORDER BY r.ordinal DESC, r.handle_key LIMIT %s",
                params,
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        items = [
            LeaderboardEntry(
                position=offset + i + 1,
                handle=r["handle"],
                rating=r["ordinal"],
                mu=r["mu"],
                sigma=r["sigma"],
                games=r["games"],
                games_at_count=r["count_games"] if player_count else None,
                provisional=r["provisional"],
            )
            for i, r in enumerate(rows)
        ]
        last = rows[-1] if rows else None
        return Leaderboard(
            kind=kind,
            player_count=player_count,
            min_games=min_games,
            exclude_provisional=exclude_provisional,
            items=items,
            next_cursor=_encode_cursor((last["ordinal"], last["handle_key"], offset + len(rows)))
            if more and last
            else None,
        )

    # ---------------------------------------------------------- games
    def _game_row(self, conn: Conn, game_id: UUID, table: str, sees: Sees) -> dict[str, Any]:
        """The game's row of ``table``, once ``sees`` accepted the caller's sight of the game (its
        ``games`` row's owner, status and ``sealed``, read in the same query)."""
        # A play imported with its results only (no ``games`` row) is a finished game of its importer's.
        row = conn.execute(
            f"SELECT t.*, coalesce(g.owner_key, i.owner_key) AS game_owner_key, "
            f"coalesce(g.status, CASE WHEN i.game_id IS NOT NULL THEN 'finished' END) AS game_status, "
            f"g.lost_from AS game_lost_from, {SEALED} "
            f"FROM {table} t LEFT JOIN games g ON g.id = t.game_id "
            "LEFT JOIN imported_plays i ON i.game_id = t.game_id WHERE t.game_id = %s",
            (game_id,),
        ).fetchone()
        if row is not None:
            found = dict(row)
            owner, status, sealed = found.pop("game_owner_key"), found.pop("game_status"), found.pop("sealed")
            lost = found.pop("game_lost_from")
            sees(GameSight(id=game_id, owner_key=owner, status=status, sealed=sealed))
            if lost is not None:
                # Events of the game were deleted: what was read from them is not answered any more either.
                raise chain.broken_at(game_id, lost, "the event was deleted (the game's row keeps the first version)")
            return found
        raise _missing(conn, game_id, table)

    def game_stats(self, game_id: UUID, sees: Sees) -> GameStats:
        with self._conn() as conn:
            summary = self._game_row(conn, game_id, "game_summaries", sees)
            rows = conn.execute(
                "SELECT seat, stat_id, value FROM game_stats WHERE game_id = %s ORDER BY seat, stat_id", (game_id,)
            ).fetchall()
            origin = _provenance(conn, game_id) if summary.get("source") else None
        kind = summary["kind"]
        table_names = gamestats.TABLE_STATS.get(kind, {})
        player_names = gamestats.PLAYER_STATS.get(kind, {})
        table: list[StatValue] = []
        seats: dict[int, list[StatValue]] = {}
        for r in rows:
            if r["seat"] < 0:
                table.append(StatValue(id=r["stat_id"], name=table_names.get(r["stat_id"], "?"), value=r["value"]))
            else:
                seats.setdefault(r["seat"], []).append(
                    StatValue(id=r["stat_id"], name=player_names.get(r["stat_id"], "?"), value=r["value"])
                )
        scores = {s["seat"]: s for s in summary["scores"]}
        players = list(summary["players"])
        return GameStats(
            game_id=game_id,
            kind=kind,
            status=summary["status"],
            players=players,
            winners=list(summary["winners"]),
            player_count=summary["player_count"],
            turns=summary["turns"],
            events=summary["events"],
            rules_version=summary["rules_version"],
            started_at=summary["started_at"],
            finished_at=summary["ended_at"],
            ended_at=summary["ended_at"],
            duration_seconds=summary["duration_seconds"],
            recorded_at=summary["recorded_at"],
            voided=summary["voided"],
            void_reason=summary["void_reason"],
            scores=summary["scores"],
            table=table,
            players_stats=[
                PlayerGameStats(
                    seat=seat,
                    player=players[seat],
                    rank=scores.get(seat, {}).get("rank", 0),
                    total=scores.get(seat, {}).get("total", 0),
                    stats=values,
                )
                for seat, values in sorted(seats.items())
            ],
            provenance=origin,
        )

    def board(self, game_id: UUID, sees: Sees) -> Board:
        with self._conn() as conn:
            row = self._game_row(conn, game_id, "game_boards", sees)
        return Board(
            game_id=game_id,
            kind=row["kind"],
            version=row["version"],
            status=row["status"],
            view=row["view"],
            results=row["results"],
        )


def _scoped_leaderboard(
    conn: Conn,
    kept: scoped.Ratings,
    kind: str,
    player_count: int | None,
    min_games: int,
    exclude_provisional: bool,
    limit: int,
    cursor: str | None,
    source: str,
) -> Leaderboard:
    """The leaderboard over a part of the kind's games (``projections.scoped``): the same order, filters
    and cursors as the stored one."""
    rated, counts = kept.of(conn, kind, source)
    names = {
        r["handle_key"]: r["handle"]
        for r in conn.execute(
            "SELECT handle_key, handle FROM players WHERE handle_key = ANY(%s)", (sorted(rated),)
        ).fetchall()
    }
    entries = []
    for key, r in rated.items():
        at_count = counts.get(key, {}).get(player_count or 0, 0) if player_count else None
        if exclude_provisional and scoped.provisional(r):
            continue
        if player_count and (at_count or 0) < max(min_games, 1):
            continue
        if not player_count and r.games < min_games:
            continue
        if key not in names:
            continue  # an alias's rows move to its target with the next step of the projection
        entries.append((-(r.mu - 3 * r.sigma), key, r, at_count))
    entries.sort(key=lambda e: (e[0], e[1]))
    offset = 0
    if cursor:
        rating, last, offset = _decode_cursor(cursor, tuple[float, str, int])
        entries = [e for e in entries if -e[0] < rating or (-e[0] == rating and e[1] > last)]
    page = entries[:limit]
    items = [
        LeaderboardEntry(
            position=offset + i + 1,
            handle=names[key],
            rating=r.mu - 3 * r.sigma,
            mu=r.mu,
            sigma=r.sigma,
            games=r.games,
            games_at_count=at_count,
            provisional=scoped.provisional(r),
        )
        for i, (_, key, r, at_count) in enumerate(page)
    ]
    last_entry = page[-1] if page else None
    return Leaderboard(
        kind=kind,
        player_count=player_count,
        min_games=min_games,
        exclude_provisional=exclude_provisional,
        items=items,
        next_cursor=_encode_cursor((-last_entry[0], last_entry[1], offset + len(page)))
        if len(entries) > limit and last_entry
        else None,
    )


def _profile_rows(
    conn: Conn, kept: scoped.Ratings, key: str, source: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A player's ``player_stats`` and ``ratings`` rows: the read models' (``all``), or over a part of the
    games (``projections.scoped``)."""
    if source == "all":
        return (
            conn.execute(
                "SELECT * FROM player_stats WHERE handle_key = %s ORDER BY kind, player_count", (key,)
            ).fetchall(),
            conn.execute("SELECT * FROM ratings WHERE handle_key = %s ORDER BY kind", (key,)).fetchall(),
        )
    stats = scoped.player_stats(conn, key, source)
    ratings = []
    for kind in sorted({s["kind"] for s in stats}):
        rated = kept.of(conn, kind, source)[0].get(key)
        if rated is not None:
            ratings.append(_scoped_rating(kind, rated))
    return stats, ratings


def _missing(conn: Conn, game_id: UUID, table: str) -> Exception:
    """Why a game has no row of ``table``: none such, a play imported with its results only (no board),
    or the projections have not reached it yet."""
    if conn.execute("SELECT 1 FROM games WHERE id = %s", (game_id,)).fetchone() is None:
        if conn.execute("SELECT 1 FROM imported_plays WHERE game_id = %s", (game_id,)).fetchone() is None:
            return GameNotFound(game_id)
        if table != "game_summaries":
            return ResultOnlyGame(game_id)
    return GameNotProjectedYet(game_id)


def _pair_rows(conn: Conn, a: str, b: str, source: str) -> list[dict[str, Any]]:
    """A pair's ``head_to_head`` rows, every kind: the read models' (``all``), or over a part of the games."""
    if source != "all":
        return scoped.versus(conn, a, b, source)
    return conn.execute(
        "SELECT kind, games, ahead, behind, ties FROM head_to_head WHERE handle_key = %s AND opponent_key = %s "
        "ORDER BY kind",
        (a, b),
    ).fetchall()


def _provenance(conn: Conn, game_id: UUID) -> Provenance | None:
    row = conn.execute(
        "SELECT source, source_id, file, import_id, created_at AS imported_at FROM imported_plays WHERE game_id = %s",
        (game_id,),
    ).fetchone()
    return Provenance(**row) if row else None


def _scoped_rating(kind: str, r: Any) -> dict[str, Any]:
    """A rating over a part of the games, as a ``ratings`` row."""
    return {
        "kind": kind,
        "mu": r.mu,
        "sigma": r.sigma,
        "ordinal": r.mu - 3 * r.sigma,
        "games": r.games,
        "provisional": scoped.provisional(r),
    }


def _player_links(handle: str) -> dict[str, str]:
    from urllib.parse import quote

    base = f"/players/{quote(handle, safe='')}"
    return {"self": base, "games": f"{base}/games"}


def _player_stats(s: dict[str, Any], analysis: AnalysedStats | None = None) -> PlayerStats:
    return PlayerStats(
        kind=s["kind"],
        player_count=s["player_count"] or None,
        games=s["games"],
        wins=s["wins"],
        win_rate=s["win_rate"],
        avg_score=s["avg_score"],
        median_score=s["median_score"],
        best_score=s["best_score"],
        avg_breakdown=s["avg_breakdown"],
        by_seat={k: SeatRecord(**v) for k, v in s["by_seat"].items()},
        totals=gamestats.total_names(s["kind"], s["totals"]),
        current_streak=s["current_streak"],
        longest_streak=s["longest_streak"],
        analysis=analysis,
    )
