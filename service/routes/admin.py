"""``POST /games/{id}/void``: an admin key removes a game from statistics and ratings.

The decision is an event, ``GameVoided``, stored in the game's admin stream (never in the game's own
stream: the engines' ``evolve`` knows only game events). The projections then drop the game from the
statistics and replay the ratings of its kind.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Response, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, JSONBody

from service.auth import caller, required
from service.errors import ProblemError
from service.games import limits, voiding
from service.games.voiding import VoidAccepted
from service.http.headers import POSITION_HEADER
from service.keys import ApiKey
from service.runtime import Runtime


class VoidRequest(msgspec.Struct, forbid_unknown_fields=True):
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


@post(
    "/games/{game_id:uuid}/void",
    summary="Void a game (admin key): it leaves statistics and ratings; its events are kept",
    tags=["games"],
    # Nothing is created at a URL of its own: the game is changed, so 200 (not 201 without a Location).
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses={
        400: ResponseSpec(None, description="Missing or empty reason"),
        401: ResponseSpec(None, description="Missing or invalid API key"),
        403: ResponseSpec(None, description="admin_required: not an admin key"),
        404: ResponseSpec(None, description="Unknown game"),
        409: ResponseSpec(None, description="game_already_voided"),
    },
)
async def void_game(
    game_id: FromPath[UUID],
    data: JSONBody[VoidRequest],
    runtime: NamedDependency[Runtime],
    key: NamedDependency[ApiKey | None],
) -> Response[VoidAccepted]:
    admin = required(key)
    if not admin.admin:
        raise ProblemError(403, "admin_required", "voiding a game needs an admin key (banquise keys create --admin)")
    reason = data.reason.strip()
    if not reason:
        raise ProblemError(400, "invalid_request", "reason must not be blank", title="Invalid request")
    limits.check_text("$.reason", reason, 500, what="a reason")
    accepted = await sync_to_thread(voiding.void, runtime.store, admin, game_id, reason)
    headers: dict[str, Any] = {POSITION_HEADER: str(accepted.position)}
    return Response(accepted, status_code=200, headers=headers)
