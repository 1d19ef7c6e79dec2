"""``/games``: create, append moves, import and export records, list, events, timeline, replay."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter
from litestar.response import Stream

from domain.game import Language
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal
from service.games.choices import DecisionsMade, LegalMoves, NextDecision
from service.games.game_rows import NEVER_MATCHES
from service.games.importing import RecordImporter
from service.games.keys import ApiKeyRequired, InvalidApiKey
from service.games.listing import MAX_LIMIT, Listing
from service.games.reading import GameReader
from service.games.replays import Replays
from service.games.schemas import EventOut, GameCreated, GamePage, GameSummary, MoveAccepted, Replay, Timeline
from service.games.service import Idempotency, Reply, request_hash
from service.games.tags import MAX_FILTERS as MAX_TAG_FILTER
from service.games.timelines import Timelines
from service.games.undoing import GameUndoer, UndoAccepted
from service.games.writing import GameWriter
from service.http.auth import CONFIRMS_CACHED_KEY, cached_caller, caller, required
from service.http.caching import conditional, conditional_body
from service.http.errors import answers
from service.http.headers import POSITION_HEADER
from service.runtime import Runtime

_json = msgspec.json.Encoder()
LANGUAGES: tuple[Language, ...] = ("en", "fr", "es")


class InvalidIdempotencyKey(Refusal):
    """An Idempotency-Key that is not 1 to 200 printable characters."""

    category = Category.INVALID
    code = "invalid_idempotency_key"

    def __init__(self) -> None:
        super().__init__("Idempotency-Key must be 1 to 200 printable characters")


class InvalidIfMatch(Refusal):
    """An If-Match that is not one game version quoted as its ETag ("12"; * for any)."""

    category = Category.INVALID
    code = "invalid_if_match"

    def __init__(self, value: str) -> None:
        super().__init__(f'If-Match must be one game version, quoted as its ETag: "12", not {value!r}')


class UnsupportedLanguage(Refusal):
    """A lang the pages and words are not written in."""

    category = Category.INVALID
    code = "unsupported_language"

    def __init__(self) -> None:
        super().__init__(f"lang must be one of {', '.join(LANGUAGES)}")


def reply_response(reply: Reply) -> Response[Any]:
    """A write's outcome as HTTP: its status, ETag, Location and log position (the one place they are set)."""
    headers = {"etag": f'"{reply.version}"'}
    if reply.locate is not None:
        headers["location"] = f"/games/{reply.locate}"
    if reply.position is not None:
        headers[POSITION_HEADER] = str(reply.position)
    return Response(
        content=reply.body, status_code=201 if reply.created else 200, headers=headers, media_type="application/json"
    )


def idempotency_of(request: Request[Any, Any, Any], key: ApiKey, body: bytes, value: str | None) -> Idempotency | None:
    if value is None:
        return None
    value = value.strip()
    if not 1 <= len(value) <= 200 or not value.isprintable():
        raise InvalidIdempotencyKey()
    scope = f"{request.method} {request.url.path}"
    return Idempotency(key.id, value, request_hash(request.method, request.url.path, body), scope=scope)


async def write_with_body(
    request: Request[Any, Any, Any],
    key: ApiKey | None,
    idempotency_key: str | None,
    write: Callable[[ApiKey, bytes, Idempotency | None], Reply],
) -> Response[Any]:
    """A write that takes the whole body: the caller's key, the body, and its idempotency key."""
    owner = required(key)
    body = await request.body()
    return reply_response(
        await sync_to_thread(write, owner, body, idempotency_of(request, owner, body, idempotency_key))
    )


# An If-Match this service can evaluate: one entity tag, a version as its ETags write it, strong or weak.
_ENTITY_TAG = re.compile(r'(W/)?"(0|[1-9][0-9]{0,8})"')
# Pages of /events and /timeline: the default holds any game played at a table (a few hundred steps);
# a longer stream (a game corrected over and over) comes in pages.
PAGE_DEFAULT, PAGE_MAX = 1000, 10_000
PageLimit = Annotated[int, QueryParameter(ge=1, le=PAGE_MAX, description="At most this many (a page)")]


def _if_match(value: str | None) -> int | None:
    """The version an If-Match asks for (RFC 9110 §13.1.1): ``*`` is any (None), ``"12"`` is 12, and a
    weak tag (``W/"12"``) is well-formed but never matches (If-Match compares strongly): ``NEVER_MATCHES``,
    refused as any tag that is not the game's version is, 409 ``version_conflict``. Anything else, an
    unquoted ``12`` or a list of tags included, is 400 ``invalid_if_match``."""
    if value is None:
        return None
    text = value.strip()
    if text == "*":
        return None  # RFC 9110: any current version of an existing game
    tag = _ENTITY_TAG.fullmatch(text)
    if tag is None:
        raise InvalidIfMatch(value)
    return NEVER_MATCHES if tag.group(1) else int(tag.group(2))


def negotiate_language(request: Request[Any, Any, Any], lang: str | None) -> Language:
    if lang is not None:
        for known in LANGUAGES:
            if lang == known:
                return known
        raise UnsupportedLanguage()
    header = request.headers.get("accept-language", "")
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > 0:
            ranked.append((-quality, position, primary))
    best = sorted(ranked)[0][2] if ranked else "en"
    return next(k for k in LANGUAGES if k == best)


# OpenAPI security: writes need a key; some reads show more to the game owner's key (optional).
KEY_REQUIRED: list[dict[str, list[str]]] = [{"apiKey": []}]
KEY_OPTIONAL: list[dict[str, list[str]]] = [{}, {"apiKey": []}]
# A read that needs a key: the legal moves may name hidden cards.
LEGAL_MOVES_NEED = "the legal moves need the game owner's API key"

# What a write with a body may be answered besides its use case's refusals: no key, a key that is not one.
BODY_WRITE = (ApiKeyRequired, InvalidApiKey, InvalidIdempotencyKey)
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        description="Retrying with the same key returns the first response and stores nothing twice. A key is "
        "scoped to the API key, the endpoint and the game, and forgotten after 24 h; reused for another request "
        "within that time it is a 422 idempotency_key_reused.",
        required=False,
    ),
]
# Bounds on the game's start at the table (service/games/playtime.py); the order, and so the cursors,
# stay those of the recording time.
PLAYED_SINCE = (
    "Games that started at the table at or after this time: the record's started_at, else its first move's "
    "at; a game recorded without any time counts from when it was stored. An offset is allowed (compared in UTC); "
    "in UTC it falls between 1900-01-01T00:00:00Z and 9999-12-31T23:59:59Z (else 400 time_out_of_range)."
)
PLAYED_UNTIL = "Games that started at the table before this time (same start as since)."
IF_MATCH = (
    'The version the %s applies to, quoted as the game\'s ETag: "12"; * for any. A weak tag (W/"12") never '
    "matches (If-Match compares strongly): 409 version_conflict, as a stale version; anything else (an unquoted "
    "12, a list of tags) is 400 invalid_if_match."
)
Perspective = Annotated[
    str,
    QueryParameter(
        description=(
            "spectator | seat:N | omniscient. Seats and omniscient need the owner's key while the game is live."
        ),
        pattern=r"^(spectator|omniscient|seat:[0-9]+)$",
    ),
]


class GamesController(Controller):
    """``/games``: record, import, list and read games (request bodies documented per game kind by
    ``openapi_docs.refine``)."""

    path = "/games"
    tags = ["games"]
    dependencies = {"key": Provide(caller)}

    @post(
        "/",
        summary="Create a game from a setup",
        security=KEY_REQUIRED,
        status_code=201,
        responses=answers(BODY_WRITE, GameWriter.create),
    )
    async def create(
        self,
        request: Request[Any, Any, Any],
        writer: NamedDependency[GameWriter],
        key: NamedDependency[ApiKey | None],
        idempotency_key: IdempotencyKey = None,
    ) -> Response[GameCreated]:
        return await write_with_body(request, key, idempotency_key, writer.create)

    @post(
        "/import",
        summary="Import a whole game record atomically (all or nothing; idempotent by record id)",
        security=KEY_REQUIRED,
        status_code=201,
        responses={
            200: ResponseSpec(GameCreated, description="This record id was already imported"),
            **answers(BODY_WRITE, RecordImporter.import_record),
        },
    )
    async def import_record(
        self,
        request: Request[Any, Any, Any],
        importer: NamedDependency[RecordImporter],
        key: NamedDependency[ApiKey | None],
        idempotency_key: IdempotencyKey = None,
    ) -> Response[GameCreated]:
        return await write_with_body(request, key, idempotency_key, importer.import_record)

    @post(
        "/{game_id:uuid}/moves",
        summary="Append one move (If-Match: the version you expect)",
        security=KEY_REQUIRED,
        # The key from the process's cache, confirmed in the round trip that reads the game's row.
        opt={CONFIRMS_CACHED_KEY: True},
        status_code=201,
        responses=answers(BODY_WRITE, InvalidIfMatch, GameWriter.append),
    )
    async def append(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        if_match: Annotated[
            str | None,
            HeaderParameter(name="If-Match", description=IF_MATCH % "move", required=False),
        ] = None,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[MoveAccepted]:
        # The runtime and the key without Litestar's dependency injection: resolving each dependency
        # (a signature model, a conversion) cost more of the event loop than the lookups themselves.
        runtime: Runtime = request.app.state.runtime
        # The key from the process's cache, confirmed in the round trip that reads the game's row.
        cached_key = await cached_caller(request, runtime)
        owner = required(cached_key.key if cached_key is not None else None)
        check = cached_key.check if cached_key is not None else None
        body = await request.body()
        idem = idempotency_of(request, owner, body, idempotency_key)
        expected = _if_match(if_match)
        # The one way a move goes (``GameWriter.append``): from the head this process holds, on the event
        # loop without a worker thread, else from the game's row.
        reply = await runtime.games.writer.append(owner, game_id, body, expected, idem, check=check)
        return reply_response(reply)

    @post(
        "/{game_id:uuid}/undo",
        summary='Take back the last moves (If-Match: the game\'s version; body {"moves": k}, default 1)',
        description="Appends a correction (MovesTakenBack): the log keeps every event, and the game goes on "
        "from the state before the last k moves. `taken_back` numbers the moves from 1, as the timeline's "
        "`move_number` and its correction entry do. The timeline marks the moves taken back; replays, "
        "statistics and boards follow the corrected line. A finished game cannot be undone (void it).",
        security=KEY_REQUIRED,
        status_code=200,
        responses=answers(BODY_WRITE, InvalidIfMatch, GameUndoer.undo),
    )
    async def undo(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        undoer: NamedDependency[GameUndoer],
        key: NamedDependency[ApiKey | None],
        if_match: Annotated[
            str | None,
            HeaderParameter(name="If-Match", description=IF_MATCH % "undo", required=False),
        ] = None,
        idempotency_key: IdempotencyKey = None,
    ) -> Response[UndoAccepted]:
        return await write_with_body(
            request,
            key,
            idempotency_key,
            lambda owner, body, idem: undoer.undo(owner, game_id, body, _if_match(if_match), idem),
        )

    @get(
        "/",
        summary="List games, newest recorded first, with filters and cursor pagination",
        responses=answers(Listing.list_games),
    )
    async def list_games(
        self,
        listing: NamedDependency[Listing],
        player: FromQuery[str | None] = None,
        kind: FromQuery[str | None] = None,
        status: FromQuery[Literal["live", "finished", "abandoned"] | None] = None,
        since: Annotated[datetime | None, QueryParameter(description=PLAYED_SINCE)] = None,
        until: Annotated[datetime | None, QueryParameter(description=PLAYED_UNTIL)] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)] = 50,
        cursor: FromQuery[str | None] = None,
        tag: Annotated[
            list[str] | None,
            QueryParameter(
                description=f"name:value (that value) or name (the tag is there); repeated (at most {MAX_TAG_FILTER}): "
                "every filter holds",
            ),
        ] = None,
    ) -> GamePage:
        return await sync_to_thread(
            lambda: listing.list_games(
                player=player,
                kind=kind,
                status=status,
                since=since,
                until=until,
                limit=limit,
                cursor=cursor,
                tags=tag,
            )
        )

    @get(
        "/{game_id:uuid}",
        summary="A game's summary and current scores",
        security=KEY_OPTIONAL,
        responses=answers(GameReader.summary),
        description="While the game is live, callers without its owner's key get only the public score "
        "categories (those its rules show to the table), ranked on them.",
    )
    async def summary(
        self, game_id: FromPath[UUID], reader: NamedDependency[GameReader], key: NamedDependency[ApiKey | None]
    ) -> Response[GameSummary]:
        summary = await sync_to_thread(reader.summary, game_id, key)
        return Response(summary, headers={"etag": f'"{summary.version}"'})

    @get(
        "/{game_id:uuid}/record",
        summary="Export the game as a record (the import format)",
        description="Public once the game is finished. A live game's record (its seed, deck order, "
        "totems, privately revealed cards) needs the owner's key: others get 403 record_hidden (403 "
        "fork_hidden for a fork of a game not finished yet, whatever the fork's status).",
        security=KEY_OPTIONAL,
        responses=answers(GameReader.record),
    )
    async def record(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        reader: NamedDependency[GameReader],
        key: NamedDependency[ApiKey | None],
    ) -> Response[dict[str, Any]]:
        _, record = await sync_to_thread(reader.record, game_id, key)
        return conditional(request, record)

    @get(
        "/{game_id:uuid}/events",
        summary="The raw event log: a JSON array, or NDJSON (Accept: application/x-ndjson or format=ndjson)",
        description=(
            f"In pages: at most `limit` events (default {PAGE_DEFAULT}, at most {PAGE_MAX}) after `after`. "
            'A JSON answer cut by `limit` links the next page (`Link: <…>; rel="next"`, `after` its last '
            "version); an NDJSON reader continues from its last line's version until a page has fewer lines."
        ),
        security=KEY_OPTIONAL,
        responses=answers(GameReader.events),
    )
    async def events(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        reader: NamedDependency[GameReader],
        key: NamedDependency[ApiKey | None],
        perspective: Perspective = "spectator",
        after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1, description="Only events after this version")] = 0,
        limit: PageLimit = PAGE_DEFAULT,
        format: FromQuery[Literal["json", "ndjson"] | None] = None,
    ) -> Response[list[EventOut]]:
        wants_ndjson = format == "ndjson" or (
            format is None and "application/x-ndjson" in request.headers.get("accept", "")
        )
        if not wants_ndjson:
            # One more than the page: whether a next page exists, without a count.
            iterator = await sync_to_thread(reader.events, game_id, perspective, key, after, limit + 1)
            page = await sync_to_thread(list, iterator)
            if len(page) <= limit:
                return Response(page)
            page = page[:limit]
            query = f"perspective={perspective}&after={page[-1].version}&limit={limit}"
            return Response(page, headers={"link": f'</games/{game_id}/events?{query}>; rel="next"'})
        iterator = await sync_to_thread(reader.events, game_id, perspective, key, after, limit)

        async def lines() -> AsyncIterator[bytes]:
            while True:
                page = await sync_to_thread(_take, iterator, 500)
                if not page:
                    return
                yield b"".join(_json.encode(item) + b"\n" for item in page)

        return Stream(lines(), media_type="application/x-ndjson")  # type: ignore[return-value]

    @get(
        "/{game_id:uuid}/legal-moves",
        summary="What the table can do next: the legal moves grouped by player and kind, in the table's terms",
        description="The same shape in every game and mode. A choice with `fill` is sent with that field of its "
        "move set to one of its `cards` (public mode: the cards not seen yet). `version` (also the ETag) is the "
        "version to send in If-Match. The owner's key is needed: the moves may name hidden cards.",
        security=KEY_REQUIRED,
        responses=answers(ApiKeyRequired, GameReader.legal_moves),
    )
    async def legal_moves(
        self, game_id: FromPath[UUID], reader: NamedDependency[GameReader], key: NamedDependency[ApiKey | None]
    ) -> Response[LegalMoves]:
        # No key at all is 401 (say who you are), a key other than the owner's 403, as for appends.
        listed = await sync_to_thread(reader.legal_moves, game_id, required(key, LEGAL_MOVES_NEED))
        return Response(listed, headers={"etag": f'"{listed.version}"'})

    @post(
        "/{game_id:uuid}/moves/next",
        summary="Build a move decision by decision: the next decision after those made, or the finished move",
        description="Send the ids of the options chosen so far (`made`, in order, narrowings included); the "
        "answer is the `next` decision (a prompt for a seat and its options, at most 12: a longer list is "
        "first narrowed by groups, `narrowing: true`) or the finished `move`, ready for `POST "
        "/games/{id}/moves`. A decision with one option is taken without asking (`made` says it, `auto`); "
        "an option may join two decisions (its id the two ids with `/` between: `seat-2/fauna`); a move "
        "whose every decision is forced is confirmed by its one option, `confirm`; `note` leads to the "
        "kind's optional notes. `seats`: every player a move still possible belongs to (whom the table "
        "waits for; empty: the table's own decision). `made` repeats the path in the table's words, in "
        "`lang`. The same shape in every game and mode; the engine lists the moves, no rules run in the "
        "client. The owner's key is needed: the options may name the seat's hand. Nothing is stored.",
        security=KEY_REQUIRED,
        status_code=200,
        responses=answers(ApiKeyRequired, UnsupportedLanguage, GameReader.next_decision),
    )
    async def next_decision(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        data: JSONBody[DecisionsMade],
        reader: NamedDependency[GameReader],
        key: NamedDependency[ApiKey | None],
        lang: Annotated[
            str | None,
            QueryParameter(
                description="en | fr | es: the words of the prompts and options; default from Accept-Language, else en"
            ),
        ] = None,
    ) -> Response[NextDecision]:
        owner = required(key, LEGAL_MOVES_NEED)
        language = negotiate_language(request, lang)
        answer = await sync_to_thread(reader.next_decision, game_id, owner, data, language)
        return Response(answer, headers={"etag": f'"{answer.version}"'})

    @get(
        "/{game_id:uuid}/timeline",
        summary="One entry per step (event): description, actor, move and turn marks, state hash",
        security=KEY_OPTIONAL,
        responses=answers(UnsupportedLanguage, Timelines.timeline),
        description="While the game is live, callers without its owner's key get the hash of the "
        "spectator's view instead of the engine's state hash. In pages: the entries of at most `limit` steps "
        f"(default {PAGE_DEFAULT}, at most {PAGE_MAX}) after step `after`; `next` links the next page (null "
        "at the end) and `version` is the game's last step. A live viewer asks for "
        "`?after=<its last step>&limit=N`: the answer costs the new entries, not the game.",
    )
    async def timeline(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        timelines: NamedDependency[Timelines],
        key: NamedDependency[ApiKey | None],
        lang: Annotated[
            str | None,
            QueryParameter(description="en | fr | es; default from Accept-Language, else en"),
        ] = None,
        after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1, description="Only the steps after this one")] = 0,
        limit: PageLimit = PAGE_DEFAULT,
    ) -> Response[Timeline]:
        language = negotiate_language(request, lang)
        timeline = await sync_to_thread(timelines.timeline, game_id, language, key, after, limit)
        return conditional(request, timeline)

    @get(
        "/{game_id:uuid}/replay/{step:int}",
        summary="The board after a step, seen from a perspective",
        security=KEY_OPTIONAL,
        responses=answers(Replays.replay),
    )
    async def replay(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        step: FromPath[int],
        perspective: Perspective = "spectator",
    ) -> Response[Replay]:
        # The runtime and the caller's key asked for here rather than as dependencies: resolving them took a
        # signature model each, the most of this route's own CPU. The key is checked first all the same.
        runtime: Runtime = request.app.state.runtime
        key = await caller(request, runtime)
        # The one way a step goes (``Replays.replay``): from the replay cache, else read on the event loop.
        return conditional_body(request, await runtime.games.replays.replay(game_id, step, perspective, key))


def _take(iterator: Any, n: int) -> list[Any]:
    out = []
    for item in iterator:
        out.append(item)
        if len(out) >= n:
            break
    return out
