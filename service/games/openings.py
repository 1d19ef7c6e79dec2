"""A new game's first records and its row in the games index (an import's, a fork's, a creation's)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec

from domain.errors import RuleViolation
from domain.players import handle_key
from service.base.keys import ApiKey
from service.base.store import Recorded
from service.base.store.kinds import Kind
from service.base.store.recorder import GameRow
from service.games.base import Opening, rules_version_of
from service.games.states import IllegalMove

_json = msgspec.json.Encoder()


def opening_records(
    kind: Kind, game_id: UUID, setup: Any, now: datetime, opening: Opening, rules_version: str | None = None
) -> list[Recorded]:
    """The game's first events; ``rules_version``: an earlier version the kind still plays (an import)."""
    rules = kind.rules
    if rules_version is not None and rules_version != rules.rules_version:
        rules = rules.for_version(rules_version)  # type: ignore[attr-defined]
    try:
        events = rules.start(setup)
    except RuleViolation as exc:
        raise IllegalMove(exc, title="Invalid setup") from exc
    command = msgspec.Raw(_json.encode(opening))
    return [
        Recorded(
            originator_id=game_id,
            originator_version=i + 1,
            event=event,
            recorded_at=now,
            played_at=opening.started_at,
            command=command if i == 0 else None,
        )
        for i, event in enumerate(events)
    ]


def game_row(
    game_id: UUID,
    kind: Kind,
    key: ApiKey,
    state: Any,
    version: int,
    moves: int,
    now: datetime,
    started_at: datetime | None,
    record_id: str | None = None,
    record_hash: str | None = None,
    tags: dict[str, str] | None = None,
) -> GameRow:
    players = list(kind.rules.players(state))
    return GameRow(
        id=game_id,
        kind=kind.name,
        rules_version=rules_version_of(kind, state),
        owner_key=key.id,
        record_id=record_id,
        record_hash=record_hash,
        players=players,
        handles=[handle_key(p) for p in players],
        status="finished" if kind.rules.is_finished(state) else "live",
        version=version,
        moves=moves,
        created_at=now,
        updated_at=now,
        played_at=started_at,
        tags=tags or {},
    )
