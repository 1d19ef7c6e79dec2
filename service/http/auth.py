"""Who is calling: ``Authorization: Bearer <api key>``. Reading is public; writing needs a key; a key that is
sent is checked on every route (``check_key``)."""

from __future__ import annotations

from litestar import Request
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency

from service.base.keys import ApiKey, KeyCheck, Verified, split
from service.base.refusals import Category, Refusal
from service.games.keys import ApiKeyRequired, InvalidApiKey
from service.runtime import Runtime


class AdminRequired(Refusal):
    """A key that is not an admin key, for what only an admin may do."""

    category = Category.FORBIDDEN
    code = "admin_required"

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} needs an admin key (banquise keys create --admin)")


def require_admin(key: ApiKey | None, what: str) -> ApiKey:
    """The caller's key when it is an admin's: 401 without a key, 403 ``admin_required`` with another."""
    admin = required(key)
    if not admin.admin:
        raise AdminRequired(what)
    return admin


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise InvalidApiKey("Authorization must be 'Bearer <api key>'")
    return token.strip()


async def _verify(runtime: Runtime, token: str) -> Verified:
    if split(token) is None:  # not shaped like a key of ours: no round trip to say so
        raise InvalidApiKey()

    verified = await sync_to_thread(runtime.keys.verify, token)
    if verified is None:
        raise InvalidApiKey()
    return verified


# The request state's entry for the key checked by ``check_key`` (a ``CachedCaller``).
_CHECKED = "banquise_checked_key"
# A route handler's ``opt``: its use case confirms a cached key in a round trip it makes anyway
# (``GameWriter.append``), so ``check_key`` takes the key from the process's cache without one.
CONFIRMS_CACHED_KEY = "confirms_cached_key"


class CachedCaller:
    """A caller's key for a use case that confirms it itself (``KeyCheck``): from the process's key cache
    when there (no round trip), else verified now (then ``check`` is None: nothing left to confirm)."""

    __slots__ = ("check", "key")

    def __init__(self, key: ApiKey, check: KeyCheck | None) -> None:
        self.key, self.check = key, check


async def check_key(request: Request, runtime: Runtime) -> None:
    """One answer to a bad key on every route, before anything else of the request is read: a request
    that sends ``Authorization`` is answered 401 ``invalid_api_key`` when it is not a live key of ours
    (malformed, unknown or revoked), whether or not the route needs or reads one. A caller who sends a key
    must learn it is bad on a public list as on a write, not from the first write after a page of reads.
    The key is kept in the request's state for ``caller`` and ``cached_caller`` (no second round trip)."""
    token = _token(request)
    if token is None:
        return
    state = request.scope.setdefault("state", {})
    if request.route_handler.opt.get(CONFIRMS_CACHED_KEY):
        hit = runtime.keys.cached(token)
        if hit is not None:
            state[_CHECKED] = CachedCaller(*hit)
            return
    state[_CHECKED] = CachedCaller((await _verify(runtime, token)).key, None)


def _checked(request: Request) -> CachedCaller | None:
    checked: CachedCaller | None = request.scope.get("state", {}).get(_CHECKED)
    return checked


async def caller(request: Request, runtime: NamedDependency[Runtime]) -> ApiKey | None:
    """The caller's key; None without an Authorization header; 401 for a key that is not valid."""
    checked = _checked(request)
    if checked is not None and checked.check is None:
        return checked.key  # verified by ``check_key``, in this request
    token = _token(request)
    if token is None:
        return None
    return (await _verify(runtime, token)).key


def key_before_body(request: Request) -> None:
    """On a route that needs a key, refuse a missing one before the body is read (a bad body with no key
    is a 401, as on every write). A key that was sent has been checked already (``check_key``)."""
    security = request.route_handler.resolve_security()
    if security and {} not in security and _token(request) is None:
        required(None)


async def cached_caller(request: Request, runtime: NamedDependency[Runtime]) -> CachedCaller | None:
    """The caller's key as ``check_key`` left it (checked now if it has not run); None without one."""
    if _checked(request) is None:
        await check_key(request, runtime)
    return _checked(request)


def required(key: ApiKey | None, needs: str = "writing needs an API key") -> ApiKey:
    """The caller's key, or 401 api_key_required saying what ``needs`` one (a read may need one too)."""
    if key is None:
        raise ApiKeyRequired(needs)
    return key
