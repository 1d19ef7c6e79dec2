"""Watching games: the viewer page, the live stream (Server-Sent Events), replay addressed by move or
turn, and forks. The redaction is the replay's and the event log's own (``GameReader``)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.enums import MediaType
from litestar.params import FromPath, FromQuery, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.game import Language
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal
from service.base.store.listening import LiveHub, Subscription
from service.games.forks import ForkCreated, Forking, Forks
from service.games.live import Live, LivePage
from service.games.navigation import Navigation
from service.games.replays import Replays
from service.games.schemas import Replay
from service.http.auth import caller
from service.http.caching import conditional_body
from service.http.errors import answers
from service.http.routes.games import (
    BODY_WRITE,
    KEY_OPTIONAL,
    KEY_REQUIRED,
    IdempotencyKey,
    Perspective,
    negotiate_language,
    write_with_body,
)
from service.http.streams import Lease, StreamSlots, TooManyClientStreams, TooManyStreams
from service.http.viewer import page
from service.runtime import Runtime

_json = msgspec.json.Encoder()

Lang = Annotated[str | None, QueryParameter(description="en | fr | es; default from Accept-Language, else en")]


def _html(body: str) -> Response[str]:
    return Response(body, media_type="text/html", headers={"cache-control": "no-store"})


def _abandoned(loop: asyncio.AbstractEventLoop, hub: LiveHub, sub: Subscription | None, lease: Lease) -> None:
    """A stream dropped unread: its slot and its subscription back (the collector may run in any thread)."""
    lease.release()
    if sub is not None and not loop.is_closed():
        loop.call_soon_threadsafe(hub.unsubscribe, sub)


class InvalidNavigation(Refusal):
    """Neither or both of move=N and turn=T."""

    category = Category.INVALID
    code = "invalid_navigation"

    def __init__(self) -> None:
        super().__init__("give exactly one of move=N or turn=T")


class NoStepYet(Refusal):
    """A game with no step yet (no event after its setup's)."""

    category = Category.NOT_FOUND
    code = "step_not_found"

    def __init__(self) -> None:
        super().__init__("this game has no step yet")


class InvalidLastEventId(Refusal):
    """A Last-Event-ID that is not an event version."""

    category = Category.INVALID
    code = "invalid_last_event_id"

    def __init__(self) -> None:
        super().__init__("Last-Event-ID must be an event version")


class WatchController(Controller):
    path = "/games"
    tags = ["watch"]
    dependencies = {"key": Provide(caller)}

    @get(
        "/{game_id:uuid}/replay",
        summary="The board after move N (move=N) or at the start of turn T (turn=T)",
        security=KEY_OPTIONAL,
        responses=answers(
            InvalidNavigation, NoStepYet, Navigation.step_after_move, Navigation.step_at_turn, Replays.replay
        ),
    )
    async def replay_by(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        navigation: NamedDependency[Navigation],
        replays: NamedDependency[Replays],
        key: NamedDependency[ApiKey | None],
        move: Annotated[int | None, QueryParameter(ge=0, le=10_000_000, description="After this many moves")] = None,
        turn: Annotated[int | None, QueryParameter(ge=1, le=10_000_000, description="As this turn starts")] = None,
        perspective: Perspective = "spectator",
    ) -> Response[Replay]:
        if (move is None) == (turn is None):
            raise InvalidNavigation()
        if move is not None:
            step = await sync_to_thread(navigation.step_after_move, game_id, move, key)
        else:
            step = await sync_to_thread(navigation.step_at_turn, game_id, turn or 0, key)
        if step == 0:
            raise NoStepYet()
        return conditional_body(request, await replays.replay(game_id, step, perspective, key))

    @post(
        "/{game_id:uuid}/forks",
        summary="Fork: a new live game, owned by the caller, starting from the board at a step (unrated)",
        status_code=201,
        security=KEY_REQUIRED,
        responses=answers(BODY_WRITE, Forking.fork),
    )
    async def fork(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        forks: NamedDependency[Forking],
        key: NamedDependency[ApiKey | None],
        idempotency_key: IdempotencyKey = None,
    ) -> Response[ForkCreated]:
        # The body as bytes (like every write that creates something): the key is checked before it, it is
        # decoded strictly (``"at": "3"`` is refused, as undo's ``"moves": "1"``) and hashed for the
        # Idempotency-Key.
        return await write_with_body(
            request,
            key,
            idempotency_key,
            lambda owner, body, idem: forks.fork(owner, game_id, body, idem),
        )

    @get(
        "/{game_id:uuid}/forks",
        summary="Where a game was forked from, and the forks made of it",
        description="A sealed fork (of a game not finished yet) is its owner's key's, as every read of it: "
        "anyone else is refused (403 `fork_hidden`).",
        security=KEY_OPTIONAL,
        responses=answers(Forking.family),
    )
    async def forks(
        self, game_id: FromPath[UUID], forks: NamedDependency[Forking], key: NamedDependency[ApiKey | None]
    ) -> Forks:
        return await sync_to_thread(forks.family, game_id, key)

    @get(
        "/{game_id:uuid}/live",
        security=KEY_OPTIONAL,
        media_type="text/event-stream",
        summary="Server-Sent Events: each new event (redacted for the perspective); resumes after Last-Event-ID",
        description=(
            "`id:` is the event's version; `event: event` carries it as JSON; `event: end` (data: the last "
            "version and `status`: finished, abandoned or voided) closes the stream of a game that takes no "
            "more moves. Heartbeats are comment lines (`: heartbeat`), never a `data:` line. A start "
            "(`after` or `Last-Event-ID`) beyond the game's version is refused (400 `position_ahead`). "
            "`delay` holds back the last N moves of a live game on this stream only: a broadcast courtesy, "
            "not secrecy (`/events`, `/replay` and `/watch` show every move at once). Streams wait on one "
            "LISTEN connection per process (no database work while idle); a process serves at most "
            "`BANQUISE_MAX_STREAMS` (503 `too_many_streams`) and one client (API key, else address) holds "
            "at most `BANQUISE_MAX_STREAMS_PER_CLIENT` (429 `too_many_client_streams`), with Retry-After."
        ),
        responses=answers(InvalidLastEventId, TooManyClientStreams, TooManyStreams, Live.first),
    )
    async def live(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        live: NamedDependency[Live],
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
        source = "after"
        if last_event_id is not None:
            if not last_event_id.strip().isdigit() or len(last_event_id.strip()) > 9:
                raise InvalidLastEventId()
            after, source = int(last_event_id.strip()), "Last-Event-ID"
        hub: LiveHub = request.app.state.live
        slots: StreamSlots = request.app.state.stream_slots
        lease = slots.take(
            f"key:{key.id}" if key is not None else f"addr:{request.client.host if request.client else ''}"
        )
        # Subscribed before the first read: an event committed after it wakes the stream.
        sub = hub.subscribe(game_id) if follow else None
        try:
            # The first read happens before the stream starts: an unknown game, a forbidden perspective or
            # a start beyond the game's version is a problem document, not a stream.
            first = await sync_to_thread(live.first, game_id, perspective, key, after, delay, source)
        except BaseException:
            if sub is not None:
                hub.unsubscribe(sub)
            lease.release()
            raise

        stream = _messages(hub, sub, lease, live, game_id, perspective, key, after, delay, heartbeat, first)
        # A stream whose client left before its first byte is never iterated (its ``finally`` never runs).
        weakref.finalize(stream, _abandoned, asyncio.get_running_loop(), hub, sub, lease)
        return ServerSentEvent(stream, headers={"cache-control": "no-store", "x-accel-buffering": "no"})

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
        body = await page.page(runtime.games, game_id, step, perspective, by, language, key)
        return _html(body)


def _encoded(data: Any) -> str:
    return _json.encode(data).decode()


async def _messages(
    hub: LiveHub,
    sub: Subscription | None,
    lease: Lease,
    live: Live,
    game_id: UUID,
    perspective: str,
    key: ApiKey | None,
    after: int,
    delay: int,
    heartbeat: float,
    first: LivePage,
) -> AsyncIterator[ServerSentEventMessage]:
    """A live stream's messages: the events as they come, heartbeats as comments, ``end`` or
    ``caught-up``; its subscription and slot are given back whichever way it stops."""
    page_ = first
    try:
        yield ServerSentEventMessage(data=None, retry=1000, comment="banquise live")
        while True:
            for item in page_.events:
                after = item.version
                yield ServerSentEventMessage(data=_encoded(item), event="event", id=str(item.version))
            if page_.closed is not None and after >= page_.version:
                yield ServerSentEventMessage(data=_encoded({"version": after, "status": page_.closed}), event="end")
                return
            if sub is None:
                yield ServerSentEventMessage(data=_encoded({"version": after}), event="caught-up")
                return
            while True:
                mark = hub.mark(game_id)
                # The row as the listener last read it: past what this stream read, read on.
                if mark is not None and (mark.version > page_.version or mark.closed != page_.closed):
                    break
                try:
                    await asyncio.wait_for(sub.changed.wait(), heartbeat)
                except TimeoutError:
                    yield ServerSentEventMessage(data=None, comment="heartbeat")
                    continue
                sub.changed.clear()
                if hub.mark(game_id) is None:  # the listener (re)connected: look once
                    break
            mark = hub.mark(game_id)
            shared = (game_id, perspective, key.id if key else None, after, delay, mark and mark.version)
            page_ = await hub.share(shared, partial(sync_to_thread, live.poll, game_id, perspective, key, after, delay))
    finally:
        if sub is not None:
            hub.unsubscribe(sub)
        lease.release()
