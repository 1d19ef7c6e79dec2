"""``/admin/keys``: API keys managed over HTTP with an admin key (``banquise keys`` does the same on the
server's machine).

A key's token is shown once, in the answer that creates it; listings never show it. A revoked key is
refused from the very next request, by every process: each key change moves ``api_key_changes``,
which every process's key cache checks (service/base/keys.py ``KeyCache``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from litestar import Controller, Response, delete, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, JSONBody

from service.base import keys
from service.base.keys import ApiKey
from service.games import limits
from service.http.auth import caller
from service.http.errors import ProblemError
from service.http.routes.admin import require_admin
from service.runtime import Runtime

# What a key may do: a recorder records games (and owns them), an admin may also void games, rename
# players and manage keys.
Scope = Literal["recorder", "admin"]


class KeyRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200, description="Who or what the key is for")]
    scope: Scope = "recorder"


class KeyInfo(msgspec.Struct, kw_only=True):
    """A key as listed: never its token."""

    id: str
    name: str
    scope: Scope
    created_at: datetime
    revoked_at: datetime | None = None


class KeyCreated(msgspec.Struct, kw_only=True):
    key: KeyInfo
    token: Annotated[str, msgspec.Meta(description="The key's token (Authorization: Bearer …): shown this once")]


class KeyList(msgspec.Struct, kw_only=True):
    items: list[KeyInfo]


def _info(key: ApiKey) -> KeyInfo:
    scope: Scope = "admin" if key.admin else "recorder"
    return KeyInfo(id=key.id, name=key.name, scope=scope, created_at=key.created_at, revoked_at=key.revoked_at)


PROBLEMS = {
    401: ResponseSpec(None, description="api_key_required or invalid_api_key"),
    403: ResponseSpec(None, description="admin_required: not an admin key"),
}


class KeysController(Controller):
    path = "/admin/keys"
    tags = ["service"]
    dependencies = {"key": Provide(caller)}
    security = [{"apiKey": []}]

    @post(
        "/",
        summary="Create an API key (admin key); its token is shown once",
        status_code=201,
        operation_id="createApiKey",
        responses={**PROBLEMS, 400: ResponseSpec(None, description="invalid_request: a blank or too long name")},
    )
    async def create(
        self, data: JSONBody[KeyRequest], runtime: NamedDependency[Runtime], key: NamedDependency[ApiKey | None]
    ) -> Response[KeyCreated]:
        require_admin(key, "creating a key")
        name = data.name.strip()
        if not name:
            raise ProblemError(400, "invalid_request", "name must not be blank", title="Invalid request")
        limits.check_text("$.name", name, 200, what="a key's name")

        def make() -> keys.NewKey:
            with runtime.store.game_recorder.datastore.get_connection() as conn, conn.transaction():
                return keys.create(conn, name, admin=data.scope == "admin")

        made = await sync_to_thread(make)
        return Response(
            KeyCreated(key=_info(made.key), token=made.token),
            status_code=201,
            headers={"location": f"/admin/keys/{made.key.id}", "cache-control": "no-store"},
        )

    @get(
        "/",
        summary="The API keys, active and revoked, oldest first (admin key)",
        operation_id="listApiKeys",
        responses=PROBLEMS,
    )
    async def listing(self, runtime: NamedDependency[Runtime], key: NamedDependency[ApiKey | None]) -> KeyList:
        require_admin(key, "listing the keys")

        def read() -> list[ApiKey]:
            with runtime.store.game_recorder.datastore.get_connection() as conn:
                return keys.listing(conn)

        return KeyList(items=[_info(k) for k in await sync_to_thread(read)])

    @delete(
        "/{key_id:str}",
        summary="Revoke an API key (admin key): its token is refused from the next request on",
        operation_id="revokeApiKey",
        status_code=204,
        responses={**PROBLEMS, 404: ResponseSpec(None, description="key_not_found: no such active key")},
    )
    async def revoke(
        self, key_id: FromPath[str], runtime: NamedDependency[Runtime], key: NamedDependency[ApiKey | None]
    ) -> None:
        require_admin(key, "revoking a key")

        def revoke() -> bool:
            with runtime.store.game_recorder.datastore.get_connection() as conn, conn.transaction():
                return keys.revoke(conn, key_id)

        if not await sync_to_thread(revoke):
            raise ProblemError(404, "key_not_found", f"there is no active key {key_id!r}")
