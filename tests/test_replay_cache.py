"""A replay block folds each event once on the way to the steps asked: given the block's events, when
steps are asked in some order, then the states are the engine's fold and the events folded are counted."""

from __future__ import annotations

import gc
import uuid
from datetime import UTC, datetime
from typing import Any

from domain.arctic import RULES
from domain.arctic.simulator import simulate
from service.base.store import Recorded
from service.base.store.mapper import recorded, topics_and_states
from service.games.replay_cache import MARK, Block

GAME = simulate(2, 5)
GAME_ID = uuid.uuid4()


def block(first: int = 1, size: int = 64) -> Block:
    """The block of the game's events ``first`` to ``first + size - 1``, its start state folded."""
    at = datetime(2026, 12, 2, tzinfo=UTC)
    records = [
        Recorded(originator_id=GAME_ID, originator_version=first + i, event=e, recorded_at=at)
        for i, e in enumerate(GAME.events[first - 1 : first - 1 + size])
    ]
    topics, states = topics_and_states(records)
    rows: list[Any] = [(first + i, t, s) for i, (t, s) in enumerate(zip(topics, states, strict=True))]
    return Block(GAME_ID, RULES.fold(GAME.events[: first - 1]), first, rows, recorded)


class Counting:
    """The rules' fold, counting the events it is given."""

    def __init__(self) -> None:
        self.events = 0

    def __call__(self, events: list[Any], state: Any) -> Any:
        self.events += len(events)
        return RULES.fold(events, state)


def test_every_step_of_a_block_is_the_engines_fold_in_any_order() -> None:
    held = block(65)
    for step in (100, 65, 128, 70, 99, 100, 81):
        state, rec = held.state_at(step, RULES.fold)
        assert state == RULES.fold(GAME.events[:step])
        assert rec.originator_version == step


def test_the_same_step_again_folds_nothing_and_the_next_one_event() -> None:
    held, fold = block(), Counting()
    held.state_at(40, fold)  # from the start: 40 events, marks at 16 and 32 on the way
    assert fold.events == 40
    held.state_at(40, fold)  # another perspective of the same step
    assert fold.events == 40
    held.state_at(41, fold)  # a viewer stepping on
    assert fold.events == 41
    held.state_at(35, fold)  # back: from the mark at 32
    assert fold.events == 41 + 3
    held.state_at(2 * MARK + 1, fold)  # from that mark, not from step 35
    assert fold.events == 41 + 3 + 1


def test_what_a_held_block_keeps_is_left_to_reference_counting() -> None:
    """The records a block decodes and the states it keeps are not tracked by the cyclic collector: a
    process holds up to 250,000 events in blocks, which each full collection would otherwise walk."""
    held = block(65)
    for step in range(65, 129):
        state, rec = held.state_at(step, RULES.fold)
        assert not gc.is_tracked(state)
        assert not gc.is_tracked(rec) and not gc.is_tracked(rec.event)
    assert held.marks and not any(gc.is_tracked(mark) for mark in held.marks.values())
