"""The Banquise game record: a whole game as one JSON document (the role PGN plays for chess).

```json
{"format": "banquise-record", "version": 1, "kind": "arctic", "id": "club-42/2026-11-30/1",
 "rules_version": "arctic-1", "tags": {"event": "Club night", "site": "Lyon"},
 "started_at": "2026-11-30T19:00:00Z",
 "setup": {...the kind's setup...},
 "moves": [{"move": {"type": "PlaceCard", ...}, "at": "2026-11-30T19:01:12Z", "comment": "bold"}, ...]}
```

* ``id`` is the record's own id, chosen by whoever made it: importing the same id again returns the
  game already stored instead of a copy. Exports carry the id they were imported with, or
  ``game:<uuid>``.
* ``setup`` and each ``move`` use the game kind's own schema (see ``GET /records/schema``).
* ``at`` (when the move was played at the table) and ``comment`` are optional, per move.
* Final reveals (hidden cards, totems) are ordinary moves at the end of ``moves``.
* ``seal`` (exports only, optional on import): the game's stored events, their chain's head, the state
  hash after the setup and after each move, and the exporting server's Ed25519 signature over all of
  it and the record (docs/RECORDS.md; checked offline by ``banquise verify``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Generic, Literal, TypeVar
from uuid import UUID

import msgspec

S = TypeVar("S")
M = TypeVar("M")

FORMAT = "banquise-record"
FORMAT_VERSION = 1


class RecordedMove(msgspec.Struct, Generic[M], kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    move: M
    at: datetime | None = None
    comment: str | None = None


class Seal(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What an exporting server vouches for (docs/RECORDS.md)."""

    algorithm: Literal["ed25519"] = "ed25519"
    key_id: str  # ``ed25519:`` and 16 hex digits of the SHA-256 of the public key
    public_key: str  # the signer's 32-byte public key, base64: only integrity unless you trust it
    game_id: UUID  # the stream the chain is of
    events: list[tuple[str, str]]  # each stored event, version 1 on: its topic and its state (base64)
    head: str  # the chain's head: the hash of the last event, hex
    # The game's version (its events) when sealed, as its server's row keeps it: the count a lost tail
    # would break (absent from records sealed before #49).
    version: int | None = None
    states: list[str]  # the state hash after the setup, then after each move of ``moves``
    signature: str  # Ed25519 over "banquise-seal-1\0" + the canonical JSON of the record without it, base64


class GameRecord(msgspec.Struct, Generic[S, M], kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    kind: str
    setup: S
    format: Literal["banquise-record"] = "banquise-record"
    version: Literal[1] = 1
    id: str | None = None
    rules_version: str | None = None
    tags: dict[str, str] = {}
    started_at: datetime | None = None
    moves: list[RecordedMove[M]] = []
    seal: Seal | None = None


class RecordHead(msgspec.Struct, kw_only=True):
    """Just enough of a record to know how to read the rest."""

    kind: str
    format: str = FORMAT
    version: int = FORMAT_VERSION


class NewGame(msgspec.Struct, Generic[S], kw_only=True, forbid_unknown_fields=True):
    """``POST /games``: a game kind, its setup, and optional record metadata."""

    kind: str
    setup: S
    tags: dict[str, str] = {}
    started_at: datetime | None = None


class KindHead(msgspec.Struct, kw_only=True):
    kind: str


def schema_components(kind: str, types: list[Any], ref_prefix: str) -> tuple[list[Any], dict[str, Any]]:
    """msgspec schemas of ``types`` with every component name prefixed by the kind (two games may
    both have a ``Setup`` or a ``GameStarted``)."""
    schemas, components = msgspec.json.schema_components(types, ref_template=ref_prefix + kind + ".{name}")
    # msgspec names a generic instance after all its arguments (``RecordedMove_domain.arctic...``);
    # within one kind the bare generic name is unique, and readable.
    renames = {
        name: name.split("_", 1)[0]
        for name in components
        if name.split("_", 1)[0] in ("RecordedMove", "GameRecord", "NewGame") and "_" in name
    }
    text = msgspec.json.encode([list(schemas), components]).decode()
    for old, new in renames.items():
        text = text.replace(f'"{ref_prefix}{kind}.{old}"', f'"{ref_prefix}{kind}.{new}"')
    schemas_out, components_out = msgspec.json.decode(text)
    return schemas_out, {f"{kind}.{renames.get(name, name)}": value for name, value in components_out.items()}


def record_schema(kinds: dict[str, tuple[Any, Any]]) -> dict[str, Any]:
    """The JSON Schema of a record: one alternative per game kind (``kinds``: name -> (setup, move))."""
    alternatives: list[Any] = []
    defs: dict[str, Any] = {}
    for name, (setup, move) in sorted(kinds.items()):
        schemas, components = schema_components(name, [GameRecord[setup, move]], "#/$defs/")  # type: ignore[valid-type]
        alternatives.extend(schemas)
        defs.update(components)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://banquise.example/schemas/record-1.json",
        "title": "Banquise game record, format version 1",
        "description": (__doc__ or "").strip(),
        "anyOf": alternatives,
        "$defs": defs,
    }
