"""The kinds a process plays, by name: a kind, or the refusal naming the known ones."""

from __future__ import annotations

from service.base.refusals import Category, Refusal
from service.base.store.kinds import Kind, Registry


class UnknownGameKind(Refusal):
    """A game kind this server does not record (the known ones listed)."""

    category = Category.UNPROCESSABLE
    code = "unknown_game_kind"

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown game kind {name!r}; known kinds: {', '.join(known)}", known=known)


class KindLookup:
    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def get(self, name: str) -> Kind:
        kind = self.registry.get(name)
        if kind is None:
            raise UnknownGameKind(name, self.registry.names())
        return kind
