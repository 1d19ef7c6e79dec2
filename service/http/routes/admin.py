"""A game's lifecycle: ``POST /games/{id}/void`` (an admin key removes a game from statistics and
ratings), ``POST /games/{id}/unvoid`` (an admin key restores it), ``POST /games/{id}/abandon`` (the
owner gives up on a live game). Players: ``POST /admin/players/{handle}/rename`` and ``…/merge`` (an admin
key; service/games/renaming.py).

Each decision is an event (``GameVoided``, ``GameUnvoided``, ``GameAbandoned``) stored in the game's
admin stream (never in the game's own stream: the engines' ``evolve`` knows only game events). The
projections then drop the game from (or restore it to) the statistics and replay the ratings of its
kind.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Response, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from service.base.keys import ApiKey
from service.games import limits
from service.games.decoding import InvalidRequest
from service.games.keys import ApiKeyRequired, InvalidApiKey
from service.games.lifecycle import AbandonAccepted, Lifecycle, UnvoidAccepted, VoidAccepted
from service.games.limits import InvalidText, TextTooLong
from service.games.renaming import HandleChanged, Handles
from service.http.auth import AdminRequired, caller, require_admin, required
from service.http.errors import answers
from service.http.headers import POSITION_HEADER


class VoidRequest(msgspec.Struct, forbid_unknown_fields=True):
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


# A decision with a reason, and an admin's: what it may be answered besides its use case's refusals.
DECISION = (ApiKeyRequired, InvalidApiKey, InvalidRequest, TextTooLong, InvalidText)
ADMIN_DECISION = (*DECISION, AdminRequired)


def _decided(accepted: Any) -> Response[Any]:
    """A lifecycle decision's answer: 200 (the game is changed, nothing is created at a URL of its own)
    and how far the event log went."""
    return Response(accepted, status_code=200, headers={POSITION_HEADER: str(accepted.position)})


def _reason(text: str) -> str:
    reason = text.strip()
    if not reason:
        raise InvalidRequest("reason must not be blank")
    limits.check_text("$.reason", reason, 500, what="a reason")
    return reason


@post(
    "/games/{game_id:uuid}/void",
    summary="Void a game (admin key): it leaves statistics and ratings; its events are kept",
    tags=["games"],
    # Nothing is created at a URL of its own: the game is changed, so 200 (not 201 without a Location).
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses=answers(ADMIN_DECISION, Lifecycle.void),
)
async def void_game(
    game_id: FromPath[UUID],
    data: JSONBody[VoidRequest],
    lifecycle: NamedDependency[Lifecycle],
    key: NamedDependency[ApiKey | None],
) -> Response[VoidAccepted]:
    admin = require_admin(key, "voiding a game")
    reason = _reason(data.reason)
    return _decided(await sync_to_thread(lifecycle.void, admin, game_id, reason))


@post(
    "/games/{game_id:uuid}/unvoid",
    summary="Restore a voided game (admin key): it counts again in statistics and ratings, and takes moves",
    tags=["games"],
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses=answers(ADMIN_DECISION, Lifecycle.unvoid),
)
async def unvoid_game(
    game_id: FromPath[UUID],
    data: JSONBody[VoidRequest],
    lifecycle: NamedDependency[Lifecycle],
    key: NamedDependency[ApiKey | None],
) -> Response[UnvoidAccepted]:
    admin = require_admin(key, "restoring a voided game")
    reason = _reason(data.reason)
    return _decided(await sync_to_thread(lifecycle.unvoid, admin, game_id, reason))


@post(
    "/games/{game_id:uuid}/abandon",
    summary="Abandon a live game (the owner's key): it takes no more moves and never counts",
    tags=["games"],
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses=answers(DECISION, Lifecycle.abandon),
)
async def abandon_game(
    game_id: FromPath[UUID],
    data: JSONBody[VoidRequest],
    lifecycle: NamedDependency[Lifecycle],
    key: NamedDependency[ApiKey | None],
) -> Response[AbandonAccepted]:
    owner = required(key)
    reason = _reason(data.reason)
    return _decided(await sync_to_thread(lifecycle.abandon, owner, game_id, reason))


# ---------------------------------------------------------------- handles
class RenameRequest(msgspec.Struct, forbid_unknown_fields=True):
    to: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class MergeRequest(msgspec.Struct, forbid_unknown_fields=True):
    into: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


@post(
    "/admin/players/{handle:str}/rename",
    summary="Rename a player's handle (admin key): its games, statistics and ratings follow; the old handle "
    "becomes an alias",
    tags=["players"],
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses=answers(ADMIN_DECISION, Handles.rename),
)
async def rename_player(
    handle: FromPath[str],
    data: JSONBody[RenameRequest],
    handles: NamedDependency[Handles],
    key: NamedDependency[ApiKey | None],
) -> Response[HandleChanged]:
    admin = require_admin(key, "renaming a player")
    reason = _reason(data.reason)
    return _decided(await sync_to_thread(handles.rename, admin, handle, data.to, reason))


@post(
    "/admin/players/{handle:str}/merge",
    summary="Merge a handle into another (admin key): one person under two handles; games re-rated as if "
    "recorded under the one kept",
    tags=["players"],
    status_code=200,
    dependencies={"key": Provide(caller)},
    security=[{"apiKey": []}],
    responses=answers(ADMIN_DECISION, Handles.merge),
)
async def merge_player(
    handle: FromPath[str],
    data: JSONBody[MergeRequest],
    handles: NamedDependency[Handles],
    key: NamedDependency[ApiKey | None],
) -> Response[HandleChanged]:
    admin = require_admin(key, "merging players")
    reason = _reason(data.reason)
    return _decided(await sync_to_thread(handles.merge, admin, handle, data.into, reason))
