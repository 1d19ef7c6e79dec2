"""The envelope that carries a pure domain event into the event store.

Domain events know nothing of storage; the envelope adds what the store needs (which game, which
position) and what the timeline shows (when it was recorded, which move produced it).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec


# gc=False: a record refers to its event and scalars only (no cycle); replay blocks hold many.
class Recorded(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One stored event of one game. Satisfies eventsourcing's ``DomainEventProtocol``."""

    originator_id: UUID
    originator_version: int  # 1 for a game's first event
    event: Any
    recorded_at: datetime
    # Index of the recorder's move that produced the event; None for the opening (setup) events.
    move: int | None = None
    # When the move was played at the table, if the record says so (the record's own clock).
    played_at: datetime | None = None
    comment: str | None = None
    # On the first event of a move: the move as submitted (JSON); on the opening event: the setup.
    # Kept so that a game's record can be exported from its events alone.
    command: msgspec.Raw | None = None
