"""Games taken elsewhere: a finished game as a BG Stats play (its push link) and a BGG play; a filter's
finished games as a BG Stats file or BGG plays; a filter's games as streamed NDJSON records."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec
from litestar import Controller, Request, Response, get
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, FromQuery, QueryParameter
from litestar.response import Stream

from domain.players import handle_key
from service.base.keys import ApiKey
from service.base.store.chain import ChainBroken
from service.games import playformats
from service.games.exports import ExportFilter, Exports
from service.games.playimports import InvalidTimeZone, time_zone
from service.games.tags import MAX_FILTERS as MAX_TAG_FILTER
from service.http.auth import caller
from service.http.errors import answers, chain_broken_line
from service.http.routes.games import KEY_OPTIONAL, PLAYED_SINCE, PLAYED_UNTIL

XML = "text/xml"  # RFC 7303; BGG answers its XML API as text/xml too
NDJSON = "application/x-ndjson"
BYTES = "application/octet-stream"
# Records built in a worker thread at a time, then written: the stream holds at most these.
LINES_AT_ONCE = 50

Tags = Annotated[
    list[str] | None,
    QueryParameter(
        description=f"name:value (that value) or name (the tag is there); repeated (at most {MAX_TAG_FILTER}): "
        "every filter holds (a club: tag=club:Lyon; an event: tag=event:Open 2026)",
    ),
]
Since = Annotated[datetime | None, QueryParameter(description=PLAYED_SINCE)]
Zone = Annotated[
    str | None,
    QueryParameter(
        description="the clock the file's dates and times are written on, as the app's own files are (BG Stats "
        "and BGG write the player's local time): an IANA zone (Europe/Paris) or an offset (+02:00); default UTC"
    ),
]
Until = Annotated[datetime | None, QueryParameter(description=PLAYED_UNTIL)]

PLAY_PROBLEMS = answers(Exports.play)
FILE_PROBLEMS = answers(InvalidTimeZone, Exports.plays)


class PushLink(msgspec.Struct, kw_only=True):
    """A finished game as BG Stats takes a play: ``link`` opens BG Stats with the play filled in, ``data``
    is the JSON the link carries."""

    link: str
    data: dict[str, Any]


def export_filter(
    player: FromQuery[str | None] = None,
    kind: FromQuery[str | None] = None,
    since: Since = None,
    until: Until = None,
    tag: Tags = None,
) -> ExportFilter:
    """The filters every export of a filter's games takes (the records' ``status`` aside)."""
    return ExportFilter(player=player, kind=kind, since=since, until=until, tags=tag)


def _attachment(name: str) -> dict[str, str]:
    return {"content-disposition": f'attachment; filename="{name}"'}


class ExportsController(Controller):
    """``/exports``: a filter's games (``GET /games``' filters), to other apps and to analysts; and a
    finished game's play, per game."""

    path = "/"
    tags = ["exports"]
    dependencies = {"key": Provide(caller), "wanted": Provide(export_filter, sync_to_thread=False)}
    security = KEY_OPTIONAL

    @get(
        "/games/{game_id:uuid}/bgstats",
        summary="A finished game as a BG Stats play: its push link (createPlay.html?data=) and the play it carries",
        responses=PLAY_PROBLEMS,
    )
    async def bgstats_play(
        self,
        game_id: FromPath[UUID],
        exports: NamedDependency[Exports],
        key: NamedDependency[ApiKey | None],
        tz: Zone = None,
    ) -> PushLink:
        zone = time_zone(tz)
        play = await sync_to_thread(exports.play, game_id, key)
        return PushLink(link=playformats.push_link(play, zone), data=playformats.push_payload(play, zone))

    @get(
        "/games/{game_id:uuid}/bgg",
        summary="A finished game as a BoardGameGeek play (BGG's plays XML, one play)",
        media_type=XML,
        responses=PLAY_PROBLEMS,
    )
    async def bgg_play(
        self,
        game_id: FromPath[UUID],
        exports: NamedDependency[Exports],
        key: NamedDependency[ApiKey | None],
        tz: Zone = None,
    ) -> Response[bytes]:
        zone = time_zone(tz)
        play = await sync_to_thread(exports.play, game_id, key)
        return Response(playformats.bgg_plays([play], zone=zone), media_type=XML)

    @get(
        "/exports/bgstats",
        summary="A filter's finished games as a file BG Stats imports (players, games, locations, plays); "
        "the same ids on every export",
        description="The finished games the caller sees whole (public ones, and its key's own), and the plays "
        "imported with their results only (with the ids they came with). Shaped as BG Stats' own backups: plays "
        "newest first, each list's ids its positions from 1 (players by handle, games by kind, locations by "
        "name), userInfo.meRefId the player filter's player (0 without one).",
        responses=FILE_PROBLEMS,
    )
    async def bgstats_file(
        self,
        exports: NamedDependency[Exports],
        key: NamedDependency[ApiKey | None],
        wanted: NamedDependency[ExportFilter],
        tz: Zone = None,
    ) -> Response[dict[str, Any]]:
        zone = time_zone(tz)
        plays = await sync_to_thread(exports.plays, key, wanted)
        me = handle_key(wanted.player) if wanted.player else None
        return Response(playformats.bgstats_file(plays, me, zone), headers=_attachment("banquise-bgstats.json"))

    @get(
        "/exports/bgg",
        summary="A filter's finished games as BoardGameGeek plays (BGG's plays XML)",
        description="The finished games the caller sees whole (public ones, and its key's own), and the plays "
        "imported with their results only. Shaped as BGG's plays answers: newest first, a play id on every play "
        "(an imported BGG play's own; else 2^30 and above, derived from the game's id), the player filter as "
        "username.",
        media_type=XML,
        responses=FILE_PROBLEMS,
    )
    async def bgg_file(
        self,
        exports: NamedDependency[Exports],
        key: NamedDependency[ApiKey | None],
        wanted: NamedDependency[ExportFilter],
        tz: Zone = None,
    ) -> Response[bytes]:
        zone = time_zone(tz)
        plays = await sync_to_thread(exports.plays, key, wanted)
        body = playformats.bgg_plays(plays, wanted.player, zone)
        return Response(body, media_type=XML, headers=_attachment("banquise-bgg-plays.xml"))

    @get(
        "/exports/records",
        summary="A filter's games as NDJSON records (one GET /games/{id}/record per line), streamed",
        description="Newest recorded first. The games the caller sees whole: finished public games, and "
        "every game of its own key (live ones and sealed forks included); others are left out. A game whose "
        "stored events fail their integrity check (`chain_broken`) is a problem document's line in its "
        "place (`code`, `game_id`, `version`), and the stream goes on with the others.",
        media_type=NDJSON,
        responses=answers(InvalidTimeZone, Exports.records),
    )
    async def records(
        self,
        request: Request[Any, Any, Any],
        exports: NamedDependency[Exports],
        key: NamedDependency[ApiKey | None],
        wanted: NamedDependency[ExportFilter],
        status: FromQuery[Literal["live", "finished", "abandoned"] | None] = None,
    ) -> Stream:
        wanted = msgspec.structs.replace(wanted, status=status)
        lines = await sync_to_thread(exports.records, key, wanted)

        def broken(exc: ChainBroken) -> bytes:
            return chain_broken_line(request, exc)

        async def body() -> AsyncIterator[bytes]:
            while True:
                chunk = await sync_to_thread(_take, lines, LINES_AT_ONCE, broken)
                if not chunk:
                    return
                yield chunk

        return Stream(body(), media_type=_records_media(request.headers.get("accept", "")))


def _records_media(accept: str) -> str:
    """NDJSON, labelled as the bytes it is for a client that asks for those alone (a generated client
    that knows no line-delimited JSON: ``Accept: application/octet-stream``)."""
    asked = {part.partition(";")[0].strip().lower() for part in accept.split(",")}
    return BYTES if BYTES in asked and NDJSON not in asked else NDJSON


def _take(lines: Iterator[bytes | ChainBroken], n: int, broken: Callable[[ChainBroken], bytes]) -> bytes:
    """Up to ``n`` lines; a game met broken is its problem's line (``chain_broken``), and the stream goes on."""
    out = bytearray()
    for _ in range(n):
        line = next(lines, None)
        if line is None:
            break
        out += broken(line) if isinstance(line, ChainBroken) else line
    return bytes(out)
