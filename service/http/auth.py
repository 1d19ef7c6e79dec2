"""Who is calling: ``Authorization: Bearer <api key>``. Reading is public; writing needs a key."""

from __future__ import annotations

from litestar import Request
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency

from service.base.keys import ApiKey, KeyCheck, Verified
from service.http.errors import ProblemError
from service.runtime import Runtime


def _invalid(detail: str) -> ProblemError:
    return ProblemError(401, "invalid_api_key", detail, headers={"www-authenticate": "Bearer"})


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _invalid("Authorization must be 'Bearer <api key>'")
    return token.strip()


async def _verify(runtime: Runtime, token: str) -> Verified:
    def lookup() -> Verified | None:
        with runtime.store.game_recorder.datastore.get_connection() as conn:
            return runtime.key_cache.verify(conn, token)

    verified = await sync_to_thread(lookup)
    if verified is None:
        raise _invalid("this API key is unknown or revoked")
    return verified


async def caller(request: Request, runtime: NamedDependency[Runtime]) -> ApiKey | None:
    """The caller's key; None without an Authorization header; 401 for a key that is not valid."""
    checked: ApiKey | None = request.scope.get("state", {}).get(_CHECKED)
    if checked is not None:
        return checked
    token = _token(request)
    if token is None:
        return None
    return (await _verify(runtime, token)).key


_CHECKED = "banquise_checked_key"


async def key_before_body(request: Request, runtime: Runtime, *, verify: bool = False) -> None:
    """On a route that needs a key, refuse a missing or malformed one before the body is read (a bad
    body with no key is a 401, as on every write); with ``verify`` (the body is refused: the answer must
    say so only to a known caller) an unknown one too. A route whose body Litestar decodes (a typed
    ``data``) would decode it before any dependency: its key is verified here, and kept for ``caller``."""
    handler = request.route_handler
    security = handler.resolve_security()
    if not security or {} in security:
        return
    token = _token(request)
    if token is None:
        required(None)
        return
    if verify or "data" in handler.parsed_fn_signature.parameters:
        request.scope.setdefault("state", {})[_CHECKED] = (await _verify(runtime, token)).key


class CachedCaller:
    """A caller's key for a use case that confirms it itself (``KeyCheck``): from the process's key cache
    when there (no round trip), else verified now (then ``check`` is None: nothing left to confirm)."""

    __slots__ = ("check", "key")

    def __init__(self, key: ApiKey, check: KeyCheck | None) -> None:
        self.key, self.check = key, check


async def cached_caller(request: Request, runtime: NamedDependency[Runtime]) -> CachedCaller | None:
    token = _token(request)
    if token is None:
        return None
    hit = runtime.key_cache.cached(token)
    if hit is not None:
        return CachedCaller(hit.key, KeyCheck(runtime.key_cache, hit.changes))
    return CachedCaller((await _verify(runtime, token)).key, None)


def required(key: ApiKey | None, needs: str = "writing needs an API key") -> ApiKey:
    """The caller's key, or 401 api_key_required saying what ``needs`` one (a read may need one too)."""
    if key is None:
        raise ProblemError(
            401,
            "api_key_required",
            f"{needs}: 'Authorization: Bearer <api key>'",
            headers={"www-authenticate": "Bearer"},
        )
    return key
