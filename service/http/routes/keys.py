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
from litestar.params import FromPath, JSONBody

from service.base.keys import ApiKey
from service.games.keys import ApiKeyRequired, ApiKeys, InvalidApiKey
from service.http.auth import AdminRequired, caller
from service.http.errors import answers
from service.http.routes.admin import require_admin

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


# Every route here is an admin's.
PROBLEMS = (ApiKeyRequired, InvalidApiKey, AdminRequired)


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
        responses=answers(PROBLEMS, ApiKeys.create),
    )
    async def create(
        self, data: JSONBody[KeyRequest], api_keys: NamedDependency[ApiKeys], key: NamedDependency[ApiKey | None]
    ) -> Response[KeyCreated]:
        require_admin(key, "creating a key")
        made = await sync_to_thread(lambda: api_keys.create(data.name, admin=data.scope == "admin"))
        return Response(
            KeyCreated(key=_info(made.key), token=made.token),
            status_code=201,
            headers={"location": f"/admin/keys/{made.key.id}", "cache-control": "no-store"},
        )

    @get(
        "/",
        summary="The API keys, active and revoked, oldest first (admin key)",
        operation_id="listApiKeys",
        responses=answers(PROBLEMS),
    )
    async def listing(self, api_keys: NamedDependency[ApiKeys], key: NamedDependency[ApiKey | None]) -> KeyList:
        require_admin(key, "listing the keys")
        return KeyList(items=[_info(k) for k in await sync_to_thread(api_keys.listing)])

    @delete(
        "/{key_id:str}",
        summary="Revoke an API key (admin key): its token is refused from the next request on",
        operation_id="revokeApiKey",
        status_code=204,
        responses=answers(PROBLEMS, ApiKeys.revoke),
    )
    async def revoke(
        self, key_id: FromPath[str], api_keys: NamedDependency[ApiKeys], key: NamedDependency[ApiKey | None]
    ) -> None:
        require_admin(key, "revoking a key")
        await sync_to_thread(api_keys.revoke, key_id)
