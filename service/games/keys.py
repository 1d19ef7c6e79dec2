"""API keys, a use case like the others: create one (its token shown once), list them (never their tokens),
revoke one, and tell whose a token is. The HTTP layer (``service.http.auth``, ``/admin/keys``) and the CLI
(``banquise keys``) both go through it; the SQL is the store's (``service.base.store.api_keys``).

A revoked key is refused from the very next request, by every process: each key change moves
``api_key_changes``, which every process's ``KeyCache`` checks (``service.base.keys``).
"""

from __future__ import annotations

from service.base.keys import ApiKey, KeyCache, KeyCheck, NewKey, Verified, split
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog
from service.base.store.api_keys import ApiKeysTable
from service.games import limits
from service.games.decoding import InvalidRequest
from service.games.limits import TEXTS

MAX_NAME = 200


class ApiKeyRequired(Refusal):
    """A request only a key may make, sent without one (the detail says what needs it: a read may too)."""

    category = Category.UNAUTHENTICATED
    code = "api_key_required"

    def __init__(self, needs: str = "writing needs an API key") -> None:
        super().__init__(f"{needs}: 'Authorization: Bearer <api key>'")


class InvalidApiKey(Refusal):
    """A key that is sent and malformed, unknown or revoked (a revoked one is seen in a write's own
    transaction too)."""

    category = Category.UNAUTHENTICATED
    code = "invalid_api_key"

    def __init__(self, detail: str = "this API key is unknown or revoked") -> None:
        super().__init__(detail)


class KeyNotFound(Refusal):
    """No active key has this id."""

    category = Category.NOT_FOUND
    code = "key_not_found"

    def __init__(self, key_id: str) -> None:
        super().__init__(f"there is no active key {key_id!r}")


class ApiKeys:
    def __init__(self, store: GameLog, cache: KeyCache) -> None:
        self.table = ApiKeysTable(store)
        # This process's verified keys (a move confirms a cached one in its own round trip: ``KeyCheck``).
        self.cache = cache

    @refuses(InvalidRequest, TEXTS)
    def create(self, name: str, *, admin: bool = False) -> NewKey:
        """A new key named ``name`` (stripped; 1 to 200 characters): its token is in the answer only."""
        named = name.strip()
        if not named:
            raise InvalidRequest("name must not be blank")
        limits.check_text("$.name", named, MAX_NAME, what="a key's name")
        return self.table.create(named, admin=admin)

    def listing(self) -> list[ApiKey]:
        """Every key, active and revoked, oldest first."""
        return self.table.listing()

    @refuses(KeyNotFound)
    def revoke(self, key_id: str) -> None:
        """Revoke a live key (else ``KeyNotFound``): its token is refused from the next request on."""
        if not self.table.revoke(key_id):
            raise KeyNotFound(key_id)

    def verify(self, token: str) -> Verified | None:
        """The live key ``token`` names, with the key-change count it was verified at; None when the
        token is malformed, unknown, revoked or has a wrong secret (no round trip for a malformed one)."""
        if split(token) is None:
            return None
        return self.table.verify(self.cache, token)

    def cached(self, token: str) -> tuple[ApiKey, KeyCheck] | None:
        """The key of ``token`` as this process verified it, if it did, with what confirms it is still
        live (``KeyCheck``, in the round trip of the write that trusts it): no round trip here."""
        hit = self.cache.cached(token)
        return None if hit is None else (hit.key, KeyCheck(self.cache, hit.changes))
