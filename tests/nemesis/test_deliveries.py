"""The followers' history checker on hand-made histories: each kind of violation is seen, a clean one passes."""

from __future__ import annotations

from tests.nemesis.deliveries import Delivery, check

STORED = {("a", 1): 10, ("a", 2): 12, ("b", 1): 11}
CLEAN = [Delivery("a", 1, 5, 10), Delivery("b", 1, 6, 11), Delivery("a", 2, 7, 12)]


def test_a_clean_history_holds() -> None:
    assert check(STORED, STORED, {"f": CLEAN}) == []


def test_a_missed_event_is_seen() -> None:
    [violation] = check(STORED, [], {"f": CLEAN[:2]})
    assert "never handed" in violation and "('a', 2)" in violation


def test_an_event_handed_twice_is_seen() -> None:
    violations = check(STORED, [], {"f": [*CLEAN, CLEAN[1]]})
    assert any("more than once" in v for v in violations)


def test_an_uncommitted_event_handed_is_seen() -> None:
    violations = check(STORED, [], {"f": [*CLEAN, Delivery("c", 1, 8, 13)]})
    assert any("does not hold" in v and "('c', 1)" in v for v in violations)


def test_a_game_handed_out_of_version_order_is_seen() -> None:
    swapped = [Delivery("a", 2, 5, 12), Delivery("b", 1, 6, 11), Delivery("a", 1, 7, 10)]
    violations = check(STORED, [], {"f": swapped})
    assert any("after a later version" in v for v in violations)


def test_positions_going_backwards_are_seen() -> None:
    backwards = [Delivery("a", 1, 5, 10), Delivery("b", 1, 4, 11), Delivery("a", 2, 7, 12)]
    violations = check(STORED, [], {"f": backwards})
    assert any("before one they follow" in v for v in violations)


def test_an_acknowledged_event_not_stored_is_seen() -> None:
    violations = check(STORED, [("z", 1)], {"f": CLEAN})
    assert violations == ["1 acknowledged events are not stored: [('z', 1)]"]


def test_each_follower_is_checked_on_its_own() -> None:
    violations = check(STORED, [], {"whole": CLEAN, "partial": CLEAN[:1]})
    assert len(violations) == 1 and violations[0].startswith("partial:")
