"""The decisions a table takes to record a given move (its builder's path for that move, asked here in
the test): the labels to tap, in order, narrowings included. A browser test taps the buttons by these
visible labels, so a game is entered move after move as it was played, never by whatever the page
happens to offer first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain import building
from domain.arctic import moves as arctic_moves
from domain.arctica import moves as arctica_moves
from domain.game import Language
from domain.kinds import game
from tests.domain.taps import path, taps

__all__ = ["FIELDS", "MAX_SHOWN", "Position", "checked", "path", "taps"]

#: what no button of the recorder says: the engine's spelling
FORBIDDEN = set("{('")


def _field_names() -> set[str]:
    """The engine's move fields a label must never show (those a person would not write: ``to_seat``)."""
    names: set[str] = set()
    for module in (arctic_moves, arctica_moves):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, msgspec.Struct):
                names |= {f for f in value.__struct_fields__ if "_" in f}
    return names


FIELDS = _field_names()
MAX_SHOWN = building.MAX_SHOWN


def checked(options: Sequence[str], buttons: Sequence[str]) -> None:
    """A decision as a phone shows it: at most 12 options, no button in the engine's spelling."""
    assert len(options) <= MAX_SHOWN, options
    for label in buttons:
        assert not FORBIDDEN & set(label) and not any(f in label for f in FIELDS), label


class Position:
    """A game's position followed move by move (its kind's rules), to ask the builder at each."""

    def __init__(self, kind: str, setup: dict[str, Any], lang: Language = "en") -> None:
        plugin = game(kind)
        assert plugin is not None and plugin.build is not None
        self.plugin = plugin
        self.rules: Any = plugin.rules
        self.players = list(setup["players"])
        self.lang = lang
        self.state = self.rules.fold(self.rules.start(msgspec.convert(setup, self.rules.setup_type)))

    def play(self, move: dict[str, Any]) -> None:
        for event in self.rules.decide(self.state, msgspec.convert(move, self.rules.move_type)):
            self.state = self.rules.evolve(self.state, event)

    def labels(self, move: dict[str, Any]) -> list[str]:
        """The labels of the decisions that build ``move`` here (the service's own ones left out)."""
        assert self.plugin.build is not None
        return path(self.candidates(), msgspec.convert(move, self.rules.move_type))

    def candidates(self) -> list[Any]:
        assert self.plugin.build is not None
        return list(self.plugin.build(self.state, self.players, self.lang))
