"""Given/when/then helpers (Axon style) for the Arctica engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from msgspec.structs import replace

from domain.arctica import RULES, Setup
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.edition import Edition
from domain.arctica.editions import demo
from domain.arctica.state import GameState, Loc, Token
from domain.errors import RuleViolation

ED: Edition = demo()
CARDS = {c.id: c for c in ED.cards}


def started(
    n: int = 3,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    start_player: int = 0,
    round_cards: tuple[int, ...] = (0, 1, 2),
    event_plan: tuple[tuple[int, ...], ...] | None = None,
) -> ev.GameStarted:
    """A seeded GameStarted whose chance outcomes are overridden as the test needs."""
    (first,) = RULES.start(Setup(players=tuple("ABCDE"[:n]), seed=1))
    assert isinstance(first, ev.GameStarted)
    changes: dict[str, Any] = {"start_player": start_player, "round_cards": round_cards}
    if hands is not None:
        changes["hands"] = tuple(tuple(h) for h in hands)
    if deck is not None:
        changes["deck"] = tuple(deck)
    if event_plan is not None:
        changes["event_plan"] = event_plan
    return replace(first, **changes)


def fold(events: Sequence[Any]) -> GameState:
    return RULES.fold(events)


def when(given: Sequence[Any], move: Any) -> list[Any]:
    return RULES.decide(fold(given), move)


def violation(given: Sequence[Any], move: Any) -> str:
    with pytest.raises(RuleViolation) as info:
        when(given, move)
    return info.value.code


def offered(seat: int, actions: tuple[str, str], n: int = 3, space: int = 0) -> list[Any]:
    """Events of a selection that offers ``actions`` (the wheel faces are not consulted)."""
    responders = tuple((seat + k) % n for k in range(1, n))
    return [
        ev.PawnPlaced(seat=seat, round=1, turn=0, space=space),
        ev.ActionsOffered(seat=seat, actions=actions, responders=responders, ordered="colony" in actions),
    ]


def done(seat: int, action: str) -> ev.ActionPerformed:
    return ev.ActionPerformed(seat=seat, action=action)


def skipped(seat: int, action: str | None = None) -> ev.ActionSkipped:
    return ev.ActionSkipped(seat=seat, action=action)


def to_release(seat: int, family: str, count: int = 1) -> list[ev.TokenMoved]:
    return [
        ev.TokenMoved(seat=seat, family=family, src=Loc("supply"), dst=Loc("release"), cause="test")
        for _ in range(count)
    ]


def to_circle(seat: int, family: str, space: int) -> ev.TokenMoved:
    return ev.TokenMoved(seat=seat, family=family, src=Loc("supply"), dst=Loc("circle", space), cause="test")


def to_map(seat: int, family: str, space: int) -> ev.TokenMoved:
    return ev.TokenMoved(seat=seat, family=family, src=Loc("supply"), dst=Loc("map", space), cause="test")


def flora(seat: int, amount: int) -> ev.FloraGained:
    return ev.FloraGained(seat=seat, amount=amount, on_wheel=0, to_release=amount, cause="test")


def of_type(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def card_where(pred: Any) -> int:
    return next(c.id for c in ED.cards if pred(c))


__all__ = ["ED", "Loc", "Token", "mv"]


def club_edition(edition_id: str = "club-test", version: str = "1") -> Edition:
    """A second edition, different from demo-1: a club's data (here: demo-1 reshaped, bigger wheels,
    turned action wheels, another label)."""
    return replace(
        ED,
        id=edition_id,
        version=version,
        label="Test club edition (derived from the invented demo data)",
        notice="Made by the Banquise tests; not the published game's data.",
        short_slots=ED.short_slots + 1,
        long_slots=ED.long_slots + 1,
        setup=replace(ED.setup, orientations=tuple(i % 4 for i in range(len(ED.action_wheels)))),
    )
