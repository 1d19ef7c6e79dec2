"""Domain-like events used to test the store without depending on a game engine."""

from __future__ import annotations

import msgspec


class Noted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    text: str
    cards: tuple[int, ...] = ()
