"""A club's history brought in: the plays of a BG Stats backup or of BGG's plays answer, of the games
Banquise records, stored as result-only games (``service.base.store.imports``: who played, scores, ranks,
winners, date, place, length, and where each came from). They count in statistics, head-to-head,
ratings and leaderboards like recorded games (``source=recorded`` leaves them out); they have no moves.

An import is confirmed: ``dry_run`` answers its plan (the plays new and already here, those left out and
why, each player of the file and the handle it counts as, created or merged into an existing player),
and ``plan_id`` names that plan; the import itself is the same request with ``confirm=<plan_id>``. A plan
is a function of the file, the mapping, the time zone, the tags and what is stored: anything that
changes it changes its id, and a confirmation of another plan is refused (nothing stored).

Which plays are new: a play's Banquise id is derived from its app and its id there, so a play imported
before is found by it; a play Banquise exported itself (its BG Stats uuid or BGG id derived from a
Banquise game, or its comment naming one) is that game, already here. A second import of the same file,
or of a later backup, adds only what is new.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Literal
from uuid import UUID, uuid4
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import msgspec

from domain.kinds import registered_games
from domain.players import handle_key
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.imports import ImportedPlays, PlayImported, imported_id
from service.games import limits, playformats
from service.games import tags as tag_filters
from service.games.playfiles import IMPORT_FILES, KnownGame, ParsedFile, ParsedPlay, parse_bgg, parse_bgstats

Source = Literal["bgstats", "bgg"]
# The largest file an import reads (the routes' body bound): a BG Stats backup of ~20,000 plays.
MAX_FILE_BYTES = 10 * 1024 * 1024
# How far around a file's dates Banquise's own games are looked for (a play's date is on the phone's
# clock, the games' in UTC).
_AROUND = timedelta(days=2)
# Why a play of a known game is left out, beyond the file's own reasons (``playfiles``).
PLAYER_COUNT = "player_count_not_played"  # a count the game is never played by (Arctic: 2 to 4)
SAME_PLAYER = "same_player_twice"
BAD_NAME = "player_name_not_a_handle"  # map it to a handle with map=
_OWN_COMMENT = re.compile(r"Banquise game ([0-9a-fA-F-]{36})")
_EXAMPLES = 5


class ImportNotConfirmed(Refusal):
    """An import not confirmed by its plan's id (ask for the plan with dry_run=true first)."""

    category = Category.INVALID
    code = "import_not_confirmed"

    def __init__(self, plan_id: str) -> None:
        super().__init__(
            "an import is confirmed: ask for its plan with dry_run=true, then send the same file and mapping with "
            f"confirm=<its plan_id> (this one's: {plan_id})",
            plan_id=plan_id,
        )


class ImportPlanChanged(Refusal):
    """A confirmed plan that is not this import's any more (the file, the mapping or what is stored changed)."""

    category = Category.CONFLICT
    code = "import_plan_changed"

    def __init__(self, confirmed: str, plan_id: str) -> None:
        super().__init__(
            f"the plan confirmed ({confirmed}) is not this import's ({plan_id}): the file, the mapping, or the "
            "players and plays stored here changed since; look at the new plan (dry_run=true) and confirm it",
            plan_id=plan_id,
        )


class ImportRaced(Refusal):
    """Another import stored some of these plays meanwhile: nothing of this one was stored."""

    category = Category.CONFLICT
    code = "import_conflict"

    def __init__(self) -> None:
        super().__init__(
            "another import stored some of these plays meanwhile: nothing of this one was stored; ask for the "
            "plan again (only what is new is added)"
        )


class InvalidPlayerMapping(Refusal):
    """A player mapping that names no player of the file, or maps two onto one."""

    category = Category.INVALID
    code = "invalid_player_mapping"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)


class InvalidTimeZone(Refusal):
    """A time zone that is neither an IANA name nor an offset."""

    category = Category.INVALID
    code = "invalid_time_zone"

    def __init__(self, text: str) -> None:
        super().__init__(
            f"tz={text!r} is no time zone: give an IANA name (Europe/Paris) or an offset (+02:00, -05:00, Z)"
        )


class _Skip(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PlayerPlan(msgspec.Struct, kw_only=True):
    """One player of the file: the handle its plays count under, and whether that player is new here."""

    name: str  # as the file writes it
    handle: str
    action: Literal["create", "merge"]  # merge: counted as the player of that handle already here
    plays: int  # the new plays they sat at


class SkippedPlays(msgspec.Struct, kw_only=True):
    reason: str
    plays: int
    examples: list[str]  # the first plays' ids in the file


class ImportReport(msgspec.Struct, kw_only=True):
    """An import's plan (``dry_run``) or what it stored."""

    dry_run: bool
    plan_id: str
    import_id: UUID | None  # None for a dry run, or when nothing was new
    source: Source
    file: str
    plays_in_file: int
    plays_of_other_games: int
    new: int  # plays added (or that a confirmed import adds)
    already_here: int  # plays imported before, or Banquise's own games coming back
    skipped: list[SkippedPlays]
    players: list[PlayerPlan]
    games: list[UUID]  # the new plays' Banquise ids, newest first


def known_games() -> list[KnownGame]:
    return [KnownGame(p.kind, p.title, p.bgg_id, p.highest_wins, tuple(p.player_counts)) for p in registered_games()]


def time_zone(text: str | None) -> tzinfo | None:
    """``tz``: an IANA name or an offset; None (or "UTC", "Z"): UTC."""
    if text is None or text.strip().upper() in ("", "UTC", "Z"):
        return None
    found = re.fullmatch(r"([+-])(\d{2}):?(\d{2})", text.strip())
    if found:
        sign, hours, mins = found.groups()
        delta = timedelta(hours=int(hours), minutes=int(mins))
        if delta >= timedelta(hours=24):
            raise InvalidTimeZone(text)
        return timezone(-delta if sign == "-" else delta)
    name = text.strip()
    if name not in _zone_names():
        raise InvalidTimeZone(text)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise InvalidTimeZone(text) from None


@functools.cache
def _zone_names() -> frozenset[str]:
    """The IANA zones the time zone database here holds (read once): nothing else is opened as one."""
    return frozenset(available_timezones())


def mapping_of(pairs: Sequence[str]) -> dict[str, str]:
    """``map=Name in the file=handle`` (the last ``=`` splits: a handle holds none), by the name's key."""
    out: dict[str, str] = {}
    for text in pairs:
        name, sep, handle = text.rpartition("=")
        if not sep or not name.strip():
            raise InvalidPlayerMapping(f"map={text!r}: write map=<name in the file>=<handle>")
        try:
            normal = limits.check_handle("map", handle)
        except Refusal as exc:
            raise InvalidPlayerMapping(f"map={text!r}: {exc.detail.removeprefix('map: ')}") from None
        key = handle_key(name.strip())
        if out.setdefault(key, normal) != normal:
            raise InvalidPlayerMapping(f"map={text!r}: {name.strip()!r} is mapped twice")
    return out


def tags_of(pairs: Sequence[str]) -> dict[str, str]:
    """``tag=name:value``: tags every play of the import carries (a club: ``tag=club:Lyon``)."""
    parsed = tag_filters.parse(list(pairs))
    if parsed.present or parsed.contradictory:
        raise tag_filters.InvalidTagFilter("an import's tags are name:value, each name once")
    limits.check_tags("tag", parsed.values)
    return parsed.values


class PlayImporter:
    """``POST /imports/bgstats`` and ``POST /imports/bgg``."""

    def __init__(self, store: GameLog) -> None:
        self.store = store
        self.imports = ImportedPlays(store)

    @refuses(IMPORT_FILES, ImportNotConfirmed, ImportPlanChanged, ImportRaced, InvalidPlayerMapping, InvalidTimeZone)
    def run(
        self,
        key: ApiKey,
        source: Source,
        data: bytes,
        *,
        file: str,
        mapping: Sequence[str] = (),
        tz: str | None = None,
        tags: Sequence[str] = (),
        dry_run: bool = False,
        confirm: str | None = None,
    ) -> ImportReport:
        zone = time_zone(tz)
        names = mapping_of(mapping)
        carried = tags_of(tags)
        games = known_games()
        parsed = parse_bgstats(data, games) if source == "bgstats" else parse_bgg(data, games)
        found, already = self._new_plays(source, parsed, zone)
        plays: list[ParsedPlay] = []
        made: list[PlayImported] = []
        for play in found:
            try:
                made.append(self._event(source, play, names, zone, carried, file))
            except _Skip as skip:
                parsed.skip(skip.reason, play.source_id)
                continue
            plays.append(play)
        players = self._players(plays, made)
        plan_id = _plan_id(source, data, zone, carried, players, made)
        report = ImportReport(
            dry_run=dry_run,
            plan_id=plan_id,
            import_id=None,
            source=source,
            file=file,
            plays_in_file=parsed.plays_in_file,
            plays_of_other_games=parsed.other_games,
            new=len(made),
            already_here=already,
            skipped=[
                SkippedPlays(reason=reason, plays=len(ids), examples=ids[:_EXAMPLES])
                for reason, ids in sorted(parsed.skipped.items())
            ],
            players=players,
            games=[e.game_id for e in sorted(made, key=lambda e: (e.played_at, e.game_id.int), reverse=True)],
        )
        if dry_run:
            return report
        if confirm is None:
            raise ImportNotConfirmed(plan_id)
        if confirm != plan_id:
            raise ImportPlanChanged(confirm, plan_id)
        if not made:
            return report
        import_id = uuid4()
        now = datetime.now(UTC)
        events = [msgspec.structs.replace(e, import_id=import_id, key_id=key.id) for e in made]
        writes = [
            (
                [
                    Recorded(
                        originator_id=e.game_id,
                        originator_version=1,
                        event=e,
                        recorded_at=now,
                        played_at=e.played_at,
                    )
                ],
                ImportedPlays.insert(events, key.id, now) if i == 0 else None,
            )
            for i, e in enumerate(events)
        ]
        try:
            self.store.append_batch(writes)
        except VersionConflict:
            raise ImportRaced() from None
        return msgspec.structs.replace(report, import_id=import_id)

    # ------------------------------------------------------------ which plays are new
    def _new_plays(self, source: Source, parsed: ParsedFile, zone: tzinfo | None) -> tuple[list[ParsedPlay], int]:
        """The file's plays not here yet (each once), and how many are here already."""
        if not parsed.plays:
            return [], 0
        starts = [_utc(p.started, zone) for p in parsed.plays]
        own: dict[str, UUID] = {}
        for game_id in self.imports.games_between(min(starts) - _AROUND, max(starts) + _AROUND):
            own[str(playformats.play_uuid(game_id))] = game_id
            own[str(playformats.own_bgg_play_id(game_id))] = game_id
        named = {
            UUID(m.group(1)) for p in parsed.plays if (m := _OWN_COMMENT.search(p.comments)) and _is_uuid(m.group(1))
        }
        mentioned = self.imports.existing(sorted(named, key=str))
        ids = [imported_id(source, p.source_id) for p in parsed.plays]
        present = self.imports.present(ids)
        new: list[ParsedPlay] = []
        taken: set[UUID] = set()
        already = 0
        for play, game_id in zip(parsed.plays, ids, strict=True):
            comment = _OWN_COMMENT.search(play.comments)
            ours = play.source_id.lower() in own or (
                comment is not None and _is_uuid(comment.group(1)) and UUID(comment.group(1)) in mentioned
            )
            if ours or game_id in present or game_id in taken:
                already += 1
                continue
            taken.add(game_id)
            new.append(play)
        return new, already

    # ------------------------------------------------------------ a play as its event
    def _event(
        self,
        source: Source,
        play: ParsedPlay,
        names: dict[str, str],
        zone: tzinfo | None,
        tags: dict[str, str],
        file: str,
    ) -> PlayImported:
        game = play.game
        handles = [names.get(handle_key(s.name), s.name.strip()) for s in play.seats]
        if len(handles) not in game.player_counts:
            raise _Skip(PLAYER_COUNT)
        try:
            handles = limits.check_table("players", handles)
        except Refusal as exc:
            # A name that is no handle (map it to one with map=), or one player twice at the table.
            raise _Skip(SAME_PLAYER if exc.code in ("duplicate_player", "confusable_handles") else BAD_NAME) from None
        scores = [s.score for s in play.seats]
        start = next((i for i, s in enumerate(play.seats) if s.start), None)
        location = play.location
        if location is not None:
            try:
                location = limits.check_text("location", location, limits.MAX_TAG_VALUE, what="a location")
            except Refusal:
                location = None  # a place that is no text kept here: the play without it
        return PlayImported(
            game_id=imported_id(source, play.source_id),
            kind=game.kind,
            players=handles,
            scores=scores,
            ranks=ranks_of(play, game.highest_wins),
            start_seat=start,
            played_at=_utc(play.started, zone),
            duration_min=play.duration_min,
            location=location,
            source=source,
            source_id=play.source_id,
            file=file,
            import_id=UUID(int=0),
            key_id="",
            tags=tags,
        )

    def _players(self, plays: list[ParsedPlay], made: list[PlayImported]) -> list[PlayerPlan]:
        """Each handle the new plays count under: the file's name for it, and whether it is new here."""
        written: dict[str, str] = {}  # handle key -> the file's name for it
        counts: dict[str, int] = {}
        handles: dict[str, str] = {}
        for play, event in zip(plays, made, strict=True):
            for seat, handle in zip(play.seats, event.players, strict=True):
                key = handle_key(handle)
                counts[key] = counts.get(key, 0) + 1
                handles.setdefault(key, handle)
                written.setdefault(key, seat.name.strip())
        known = self.imports.known_handles(sorted(counts))
        return [
            PlayerPlan(
                name=written[key],
                handle=handles[key],
                action="merge" if key in known else "create",
                plays=counts[key],
            )
            for key in sorted(counts)
        ]


def ranks_of(play: ParsedPlay, highest_wins: bool) -> list[int]:
    """The seats' ranks (1: a winner; ties share a rank): the file's when it ranks every seat, else from
    its winners first, then the scores (the highest first where the highest wins)."""
    given = [s.rank for s in play.seats]
    if all(r > 0 for r in given):
        return given
    flagged = any(s.winner for s in play.seats)
    keys = [(0 if s.winner or not flagged else 1, -s.score if highest_wins else s.score) for s in play.seats]
    if flagged:
        # Winners share rank 1 whatever their scores; the others follow by score.
        keys = [(k[0], k[1] if k[0] else 0) for k in keys]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def _utc(local: datetime, zone: tzinfo | None) -> datetime:
    at = local.replace(tzinfo=zone or UTC).astimezone(UTC)
    checked = limits.check_time("playDate", at)
    assert checked is not None
    return checked


def _is_uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True


def _plan_id(
    source: str,
    data: bytes,
    zone: tzinfo | None,
    tags: dict[str, str],
    players: list[PlayerPlan],
    made: list[PlayImported],
) -> str:
    """What an import would do, as one id: the file, the clock it is read on, the tags, each player's
    handle and whether it is new, and the plays it adds."""
    plan = {
        "source": source,
        "file": hashlib.sha256(data).hexdigest(),
        "tz": str(zone) if zone is not None else "UTC",
        "tags": tags,
        "players": [[p.name, p.handle, p.action] for p in players],
        "plays": sorted(str(e.game_id) for e in made),
    }
    return hashlib.sha256(json.dumps(plan, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]
