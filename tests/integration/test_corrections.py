"""The corrected line of a game's stream (``service.base.store.corrections``), folded without any game's rules.

Pure: a toy ``evolve`` that keeps the events it was given, so a state *is* the line. Every reader of
games (states, snapshots, replays, timeline, projections) folds with ``Line``: these are its rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.base.store.corrections import (
    BeforeBase,
    Line,
    MovesTakenBack,
    StepsTakenBack,
    TakenBackMove,
    follow_moves,
    moves_of,
    taken_back,
)


def keep(state: tuple[str, ...], event: Any) -> tuple[str, ...]:
    return (*state, str(event))


def back(*moves: tuple[int, int, int]) -> MovesTakenBack:
    return MovesTakenBack(moves=[TakenBackMove(move=m, first=f, last=last) for m, f, last in moves], key_id="k")


# A stream: the opening (versions 1-2), moves 0 (3-4), 1 (5), 2 (6-7); move 2 taken back (8); move 2
# again (9); moves 1 and 2 taken back (10); move 1 (11).
STREAM: list[tuple[int, Any, int | None]] = [
    (1, "open-a", None),
    (2, "open-b", None),
    (3, "m0-a", 0),
    (4, "m0-b", 0),
    (5, "m1", 1),
    (6, "m2-a", 2),
    (7, "m2-b", 2),
    (8, back((2, 6, 7)), None),
    (9, "m2'", 2),
    (10, back((1, 5, 5), (2, 9, 9)), None),
    (11, "m1'", 1),
]


def fold(upto: int, start: tuple[tuple[str, ...], int] = ((), 0)) -> Line[tuple[str, ...], int | None]:
    line: Line[tuple[str, ...], int | None] = Line(keep, start[0], start[1])
    for version, event, move in STREAM:
        if start[1] < version <= upto:
            line.add(version, event, move)
    return line


def test_a_correction_takes_its_moves_out_of_the_line() -> None:
    # given the stream up to the first correction, when folded, then move 2 is gone
    assert fold(8).state == ("open-a", "open-b", "m0-a", "m0-b", "m1")
    # and after the second correction and the next move, the line is the opening, move 0 and move 1'
    line = fold(11)
    assert line.state == ("open-a", "open-b", "m0-a", "m0-b", "m1'")
    assert line.version == 11
    assert [v for v, _, _ in line.kept] == [1, 2, 3, 4, 11]


def test_before_a_correction_the_line_is_what_the_table_saw_then() -> None:
    assert fold(7).state == ("open-a", "open-b", "m0-a", "m0-b", "m1", "m2-a", "m2-b")
    assert fold(9).state[-1] == "m2'"


def test_the_moves_on_a_line_are_spans_of_versions() -> None:
    line = fold(9)
    assert moves_of(line.kept, lambda move: move) == [
        TakenBackMove(move=0, first=3, last=4),
        TakenBackMove(move=1, first=5, last=5),
        TakenBackMove(move=2, first=9, last=9),
    ]


def test_a_fold_from_a_snapshot_agrees_unless_a_correction_reaches_before_it() -> None:
    # given the state at version 4 (a snapshot), a fold to 11 from it is the fold from the start
    assert fold(11, (fold(4).state, 4)).state == fold(11).state
    # but from a snapshot at version 7 (move 2 in it), the correction at 8 reaches before it
    with pytest.raises(BeforeBase) as raised:
        fold(11, (fold(7).state, 7))
    assert raised.value.version == 6  # start again from a snapshot before version 6


def test_taken_back_maps_each_step_to_its_correction() -> None:
    assert taken_back((v, e) for v, e, _ in STREAM) == {6: 8, 7: 8, 5: 10, 9: 10}


def test_the_same_events_fold_to_the_same_state() -> None:
    assert fold(11).state == fold(11).state
    assert back((1, 5, 5)).versions() == {5}


def test_steps_taken_back_grown_in_place_read_at_any_version_up_to_it() -> None:
    # given the index brought to version 9, then grown to 11 in place (no copy per version)
    steps = StepsTakenBack()
    steps.add((v, e) for v, e, _ in STREAM if v <= 9)
    at_nine = steps.at(9)
    steps.add((v, e) for v, e, _ in STREAM if v > 9)
    assert steps.version == 11
    # then each version reads what the stream up to it says, later corrections left out (a reader that
    # took its view before the growth too)
    for version in (7, 8, 9, 11):
        expected = taken_back((v, e) for v, e, _ in STREAM if v <= version)
        seen = steps.at(version)
        assert {s: seen.get(s) for s in range(1, 12) if s in seen} == expected
        assert [s for s in range(1, 12) if seen.is_correction(s)] == [v for v in (8, 10) if v <= version]
    assert 5 not in at_nine and at_nine.get(6) == 8 and not at_nine.is_correction(10)


def test_following_the_moves_event_by_event_is_the_moves_of_the_line() -> None:
    # given the moves known at each version of the stream, followed from any earlier one, they are
    # the moves of the line folded afresh
    for known in range(0, 12):
        for upto in range(known, 12):
            start = moves_of(fold(known).kept, lambda move: move)
            later = [(v, e, m) for v, e, m in STREAM if known < v <= upto]
            assert follow_moves(start, later) == moves_of(fold(upto).kept, lambda move: move), (known, upto)
