"""Lifecycle events. A game's own stream holds only its engine's events (``evolve`` understands nothing
else), so a decision about game ``G`` outside its play (a void, an un-void, its owner abandoning it)
goes into the stream ``admin_stream(G)``, in order: the stream is the game's lifecycle, never rewritten."""

from __future__ import annotations

from uuid import UUID, uuid5

import msgspec
from eventsourcing.utils import register_topic

# Fixed forever: the admin stream of a game is derived from the game's id with it.
NAMESPACE = UUID("6f1c2b1e-4d0a-5e7b-9a51-0b0c1d2e3f40")


class GameVoided(msgspec.Struct, frozen=True, kw_only=True):
    """An admin removed the game from statistics and ratings (its events stay: history is kept)."""

    game_id: UUID
    reason: str
    key_id: str


class GameUnvoided(msgspec.Struct, frozen=True, kw_only=True):
    """An admin restored a voided game: it counts again in statistics and ratings and takes moves."""

    game_id: UUID
    reason: str
    key_id: str


class GameAbandoned(msgspec.Struct, frozen=True, kw_only=True):
    """The owner gave up on a live game: it takes no more moves and never counts."""

    game_id: UUID
    reason: str
    key_id: str


LifecycleEvent = GameVoided | GameUnvoided | GameAbandoned
LIFECYCLE_EVENTS: tuple[type[LifecycleEvent], ...] = (GameVoided, GameUnvoided, GameAbandoned)


def is_voided(events: list[LifecycleEvent]) -> bool:
    """Voided when the last of the stream's voids and un-voids is a void."""
    for event in reversed(events):
        if isinstance(event, GameVoided | GameUnvoided):
            return isinstance(event, GameVoided)
    return False


def admin_stream(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE, f"{game_id}/admin")


# Stored events name their class by topic: voids recorded before this module moved here still decode.
register_topic("service.admin.events:GameVoided", GameVoided)

# Stored before the layers moved (service/store -> service/base/store): old rows keep these topics.
register_topic("service.store.admin:GameVoided", GameVoided)
register_topic("service.store.admin:GameUnvoided", GameUnvoided)
register_topic("service.store.admin:GameAbandoned", GameAbandoned)
