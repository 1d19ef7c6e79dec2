"""The kinds a process plays, by name: a kind, or the refusal naming the known ones."""

from __future__ import annotations

from service.base.store.kinds import Kind, Registry
from service.games.errors import UnknownGameKind


class KindLookup:
    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def get(self, name: str) -> Kind:
        kind = self.registry.get(name)
        if kind is None:
            raise UnknownGameKind(name, self.registry.names())
        return kind
