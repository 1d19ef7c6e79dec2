"""API keys, a use case like the others: create one (its token shown once), list them (never their tokens),
revoke one, and tell whose a token is. The HTTP layer (``service.http.auth``, ``/admin/keys``) and the CLI
(``banquise keys``) both go through it; the SQL is the store's (``service.base.store.api_keys``).

A revoked key is refused from the very next request, by every process: each key change moves
``api_key_changes``, which every process's ``KeyCache`` checks (``service.base.keys``).
"""

from __future__ import annotations

from service.base.keys import ApiKey, KeyCache, KeyCheck, NewKey, Verified, split
from service.base.store import GameLog
from service.base.store.api_keys import ApiKeysTable
from service.games import limits
from service.games.errors import InvalidRequest, KeyNotFound

MAX_NAME = 200


class ApiKeys:
    def __init__(self, store: GameLog, cache: KeyCache) -> None:
        self.table = ApiKeysTable(store)
        # This process's verified keys (a move confirms a cached one in its own round trip: ``KeyCheck``).
        self.cache = cache

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
