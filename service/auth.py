"""Who is calling: ``Authorization: Bearer <api key>``. Reading is public; writing needs a key."""

from __future__ import annotations

from litestar import Request
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency

from service.errors import ProblemError
from service.keys import ApiKey, verify
from service.runtime import Runtime


async def caller(request: Request, runtime: NamedDependency[Runtime]) -> ApiKey | None:
    """The caller's key; None without an Authorization header; 401 for a key that is not valid."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ProblemError(
            401,
            "invalid_api_key",
            "Authorization must be 'Bearer <api key>'",
            headers={"www-authenticate": "Bearer"},
        )

    def lookup() -> ApiKey | None:
        with runtime.store.game_recorder.datastore.get_connection() as conn:
            return verify(conn, token.strip())  # type: ignore[arg-type]

    key = await sync_to_thread(lookup)
    if key is None:
        raise ProblemError(
            401,
            "invalid_api_key",
            "this API key is unknown or revoked",
            headers={"www-authenticate": "Bearer"},
        )
    return key


def required(key: ApiKey | None) -> ApiKey:
    if key is None:
        raise ProblemError(
            401,
            "api_key_required",
            "writing needs an API key: 'Authorization: Bearer <api key>'",
            headers={"www-authenticate": "Bearer"},
        )
    return key
