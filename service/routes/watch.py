"""Watching games: the viewer page, the live stream (Server-Sent Events), replay addressed by move or
turn, and forks. The redaction is the replay's and the event log's own (``GameService``)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal
from uuid import UUID

import anyio
import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.enums import MediaType
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from litestar.static_files import create_static_files_router

from domain.game import Language
from service.auth import caller, required
from service.errors import ProblemError
from service.games import forks
from service.games.forks import ForkCreated, Forks
from service.games.schemas import Replay
from service.keys import ApiKey
from service.routes.games import KEY_OPTIONAL, KEY_REQUIRED, PROBLEMS, Perspective, negotiate_language, reply_response
from service.runtime import Runtime
from service.viewer import STATIC_DIR, page

_json = msgspec.json.Encoder()
POLL_SECONDS = 0.2  # how often a live stream looks for new events

Lang = Annotated[str | None, QueryParameter(description="en | fr | es; default from Accept-Language, else en")]


def _html(body: str) -> Response[str]:
    return Response(body, media_type="text/html", headers={"cache-control": "no-store"})


class WatchController(Controller):
    path = "/games"
    tags = ["watch"]
    dependencies = {"key": Provide(caller)}

    @get(
        "/{game_id:uuid}/replay",
        summary="The board after move N (move=N) or at the start of turn T (turn=T)",
        security=KEY_OPTIONAL,
    )
    async def replay_by(
        self,
        game_id: FromPath[UUID],
        runtime: NamedDependency[Runtime],
        key: NamedDependency[ApiKey | None],
        move: Annotated[int | None, QueryParameter(ge=0, le=10_000_000, description="After this many moves")] = None,
        turn: Annotated[int | None, QueryParameter(ge=1, le=10_000_000, description="As this turn starts")] = None,
        perspective: Perspective = "spectator",
    ) -> Replay:
        if (move is None) == (turn is None):
            raise ProblemError(400, "invalid_navigation", "give exactly one of move=N or turn=T")
        games = runtime.games

        def run() -> Replay:
            if move is not None:
                step = games.navigation.step_after_move(game_id, move)
            else:
                step = games.navigation.step_at_turn(game_id, turn or 0)
            if step == 0:
                raise ProblemError(404, "step_not_found", "this game has no step yet")
            return games.replay(game_id, step, perspective, key)

        return await sync_to_thread(run)

    @post(
        "/{game_id:uuid}/forks",
        summary="Fork: a new live game, owned by the caller, starting from the board at a step (unrated)",
        status_code=201,
        security=KEY_REQUIRED,
        responses={
            **PROBLEMS,
            403: ResponseSpec(None, description="A live game's hidden cards: its owner's key (or a finished game)"),
        },
    )
    async def fork(
        self,
        game_id: FromPath[UUID],
        runtime: NamedDependency[Runtime],
        key: NamedDependency[ApiKey | None],
        data: JSONBody[forks.ForkRequest],
    ) -> Response[ForkCreated]:
        owner = required(key)
        return reply_response(await sync_to_thread(runtime.games.forks.fork, owner, game_id, data))

    @get("/{game_id:uuid}/forks", summary="Where a game was forked from, and the forks made of it", security=[])
    async def forks(self, game_id: FromPath[UUID], runtime: NamedDependency[Runtime]) -> Forks:
        return await sync_to_thread(runtime.games.forks.family, game_id)

    @get(
        "/{game_id:uuid}/live",
        security=KEY_OPTIONAL,
        media_type="text/event-stream",
        summary="Server-Sent Events: each new event (redacted for the perspective); resumes after Last-Event-ID",
        description=(
            "`id:` is the event's version; `event: event` carries it as JSON, `event: end` closes a finished "
            "game's stream; comment lines are heartbeats. `delay` holds back the last N moves of a live game."
        ),
    )
    async def live(
        self,
        game_id: FromPath[UUID],
        runtime: NamedDependency[Runtime],
        key: NamedDependency[ApiKey | None],
        perspective: Perspective = "spectator",
        delay: Annotated[int, QueryParameter(ge=0, le=1000, description="Spectator delay, in moves")] = 0,
        heartbeat: Annotated[float, QueryParameter(ge=0.2, le=60, description="Seconds between heartbeats")] = 15,
        after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1, description="Start after this version")] = 0,
        follow: Annotated[
            bool,
            QueryParameter(description="false: send the events stored so far, then close (`event: caught-up`)"),
        ] = True,
        last_event_id: Annotated[
            str | None, HeaderParameter(name="Last-Event-ID", required=False, description="Resume after this id")
        ] = None,
    ) -> ServerSentEvent:
        games = runtime.games
        if last_event_id is not None:
            if not last_event_id.strip().isdigit() or len(last_event_id.strip()) > 9:
                raise ProblemError(400, "invalid_last_event_id", "Last-Event-ID must be an event version")
            after = int(last_event_id.strip())
        # The first read happens before the stream starts: an unknown game or a forbidden perspective
        # is a problem document, not a stream.
        first = await sync_to_thread(games.live.poll, game_id, perspective, key, after, delay)

        async def messages() -> AsyncIterator[ServerSentEventMessage]:
            nonlocal after
            page_ = first
            quiet_since = time.monotonic()
            yield ServerSentEventMessage(retry=1000, comment="banquise live")
            while True:
                for item in page_.events:
                    after = item.version
                    yield ServerSentEventMessage(data=_json.encode(item).decode(), event="event", id=str(item.version))
                if page_.events:
                    quiet_since = time.monotonic()
                if page_.finished and after >= page_.version:
                    yield ServerSentEventMessage(data=_json.encode({"version": after}).decode(), event="end")
                    return
                if not follow:
                    yield ServerSentEventMessage(data=_json.encode({"version": after}).decode(), event="caught-up")
                    return
                if time.monotonic() - quiet_since >= heartbeat:
                    yield ServerSentEventMessage(comment="heartbeat")
                    quiet_since = time.monotonic()
                await anyio.sleep(POLL_SECONDS)
                page_ = await sync_to_thread(games.live.poll, game_id, perspective, key, after, delay)

        return ServerSentEvent(messages(), headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    @get(
        "/{game_id:uuid}/watch",
        summary="The replay viewer (HTML; works offline)",
        security=KEY_OPTIONAL,
        media_type=MediaType.HTML,
    )
    async def watch(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        runtime: NamedDependency[Runtime],
        key: NamedDependency[ApiKey | None],
        step: Annotated[int | None, QueryParameter(ge=1, le=2**31 - 1)] = None,
        perspective: Perspective = "spectator",
        by: FromQuery[Literal["event", "move", "turn"]] = "event",
        lang: Lang = None,
    ) -> Response[str]:
        language: Language = negotiate_language(request, lang)
        body = await sync_to_thread(page.page, runtime.games, game_id, step, perspective, by, language, key)
        return _html(body)


viewer_assets = create_static_files_router(
    path="/watch/static", directories=[STATIC_DIR], include_in_schema=False, name="viewer_assets"
)
