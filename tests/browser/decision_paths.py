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
from domain.building import DONE, Candidate, Step
from domain.kinds import game

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

    def __init__(self, kind: str, setup: dict[str, Any]) -> None:
        plugin = game(kind)
        assert plugin is not None and plugin.build is not None
        self.plugin = plugin
        self.rules: Any = plugin.rules
        self.players = list(setup["players"])
        self.state = self.rules.fold(self.rules.start(msgspec.convert(setup, self.rules.setup_type)))

    def play(self, move: dict[str, Any]) -> None:
        for event in self.rules.decide(self.state, msgspec.convert(move, self.rules.move_type)):
            self.state = self.rules.evolve(self.state, event)

    def labels(self, move: dict[str, Any]) -> list[str]:
        """The labels of the decisions that build ``move`` here (the service's own ones left out)."""
        assert self.plugin.build is not None
        candidates = list(self.plugin.build(self.state, self.players))
        return path(candidates, msgspec.convert(move, self.rules.move_type))


def _picks(step: Step, target: Any, points: list[int]) -> list[str]:
    """What ``target`` takes at ``step``: its own options, or (an open step: a family offered whole)
    the field of the move the step fills."""
    if step.key == "discard":
        return [f"card-{c}" for c in target.discards]  # in the order they were picked
    if step.picks >= len(step.options):
        return [c.id for c in step.options]
    if step.key == "drawn":
        return [f"card-{c}" for c in target.drawn]
    if step.key == "points":
        return [f"bp-{points.pop(0)}"]
    raise AssertionError(f"an open step this helper cannot fill: {step.key}")


def _needed(candidates: Sequence[Candidate], target: Any) -> tuple[Candidate, list[str]]:
    for candidate in candidates:
        if candidate.finish is None:
            if candidate.move == target:
                return candidate, [i for s in candidate.steps for i in _picks(s, target, [])]
            continue
        if type(candidate.move) is not type(target) or getattr(candidate.move, "seat", None) != getattr(
            target, "seat", None
        ):
            continue
        try:
            points = list(getattr(target, "points", ()) or ())
            picks = [_picks(s, target, points) for s in candidate.steps]
        except (AssertionError, AttributeError, IndexError, TypeError):
            continue
        if candidate.finish(picks) == target:
            return candidate, [i for p in picks for i in p]
    raise AssertionError(f"no path builds {target}")


def path(candidates: Sequence[Candidate], target: Any) -> list[str]:
    candidate, needed = _needed(candidates, target)
    groups = {c.id: c.groups for s in candidate.steps for c in s.options}
    made: list[str] = []
    labels: list[str] = []
    narrowed = 0
    for _ in range(200):
        built = building.next_decision(candidates, made)
        if built.next is None:
            assert built.move == target, (built.move, target)
            return labels
        decision = built.next
        at = len(built.made) - narrowed
        offered = {o.id: o.label for o in decision.options}
        value = needed[at] if at < len(needed) else DONE
        if value not in offered and decision.narrowing:
            value = next(g.id for g in groups[value] if g.id in offered)
            narrowed += 1
        assert value in offered, (value, decision)
        made.append(value)
        labels.append(offered[value])
    raise AssertionError("no move after 200 decisions")
