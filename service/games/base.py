"""The values every use case on games shares: a game's opening (kept on its first event), a client's
Idempotency-Key, a write's reply, and the rules versions a kind plays. What the use cases share beyond
values are collaborators each names in its constructor (wired once: ``service.games.service``): a game's
row (``game_rows``), the kinds by name (``kind_lookup``), kept replies (``replies``), a new game's records
and row (``openings``), events and records out (``game_records``).

The event store is synchronous: the use cases run in worker threads, except the two hot paths, a move
(``GameWriter.append``) and a replay step (``Replays.replay``), which are coroutines that do without a
thread when they can. Each write validates in memory first, then stores its events, the game's index row,
the snapshots due and the idempotency key in one transaction: a failure stores nothing.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec

from service.base.store.kinds import Kind

# The id of the record exported from a game imported without one: importing it back by its owner's key
# finds the game (``RecordImporter``).
EXPORTED = "game:"


class Opening(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Kept on a game's first event: the record header, so a record exports from events alone."""

    setup: msgspec.Raw
    tags: dict[str, str] = {}
    started_at: datetime | None = None
    record_id: str | None = None


class Idempotency(msgspec.Struct, frozen=True):
    """A client's ``Idempotency-Key`` for one request. A key is scoped to its API key and to ``scope``, the
    endpoint and the game it writes to (``POST /games/<id>/moves``): a phone numbering its taps per game
    may use the same numbers in every game. ``request_hash`` tells a retry from another request."""

    key_id: str
    key: str
    request_hash: str
    scope: str = ""


class Reply(msgspec.Struct, kw_only=True):
    """A write's outcome, kept as it was for a retried idempotency key. The HTTP layer answers it: 201
    when ``created``, else 200; the ETag of ``version``; ``Location`` of the game in ``locate``; and
    ``X-Banquise-Position`` of ``position``."""

    created: bool
    body: bytes  # the answer's JSON
    version: int  # the game's version after the write
    locate: UUID | None = None  # the game this answer names (a new game, a record's stored game)
    position: int | None = None  # how far the event log went


def request_hash(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + body).hexdigest()


def rules_version_of(kind: Kind, state: Any) -> str:
    """The rules version a game plays: the one its first event pinned (an imported or forked game may
    play an earlier version the kind still supports), else the kind's current one."""
    return getattr(state, "rules_version", None) or kind.rules.rules_version


def rules_versions(kind: Kind) -> tuple[str, ...]:
    """The rules versions ``kind`` plays (a kind without earlier versions: its current one)."""
    versions = getattr(kind.rules, "rules_versions", None)
    return tuple(versions()) if versions is not None else (kind.rules.rules_version,)
