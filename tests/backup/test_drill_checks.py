"""The drill's own checks (tests/backup/checks.py ``compare``) on hand-made histories: each way a restore
can be wrong is seen — a write acknowledged before the target missing, a write sent after it present, a
game whose events are not what the deployment stored, a game the deployment never had."""

from __future__ import annotations

from tests.backup import checks
from tests.nemesis.history import Op, Stored

GAME, OTHER = "00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"
TARGET = 10.0


def history() -> list[Op]:
    return [
        Op(
            id=1,
            client=0,
            kind="create",
            game=GAME,
            start=1,
            end=2,
            outcome="ok",
            events=[Stored(1, ""), Stored(2, "")],
        ),
        Op(
            id=2, client=0, kind="move", game=GAME, start=3, end=4, outcome="ok", events=[Stored(3, "CardPlayed", "t3")]
        ),
        Op(id=3, client=0, kind="abandon", game=GAME, start=5, end=6, outcome="ok"),
        # in flight at the target: neither counted nor refused
        Op(
            id=4,
            client=1,
            kind="move",
            game=OTHER,
            start=9,
            end=11,
            outcome="ok",
            events=[Stored(2, "CardPlayed", "o2")],
        ),
        # sent after the target
        Op(
            id=5,
            client=1,
            kind="move",
            game=OTHER,
            start=12,
            end=13,
            outcome="ok",
            events=[Stored(3, "CardPlayed", "o3")],
        ),
        Op(id=6, client=1, kind="create", game="00000000-0000-0000-0000-000000000003", start=12, end=13, outcome="ok"),
        # refused: nothing stored, nothing expected
        Op(id=7, client=1, kind="move", game=OTHER, start=2, end=3, outcome="failed", code="not_your_turn"),
    ]


STORED = {
    GAME: [Stored(1, "GameStarted", "t1"), Stored(2, "CardsDealt", "t2"), Stored(3, "CardPlayed", "t3")],
    OTHER: [Stored(1, "GameStarted", "o1"), Stored(2, "CardPlayed", "o2"), Stored(3, "CardPlayed", "o3")],
}


def compare(copy: dict[str, list[Stored]], status: dict[str, str] | None = None) -> checks.Figures:
    figures = checks.Figures(deployment="test", load_seconds=0)
    checks.compare(figures, history(), TARGET, STORED, copy, status or {GAME: "abandoned"}, set())
    return figures


def test_a_copy_cut_at_the_target_passes() -> None:
    figures = compare({GAME: STORED[GAME], OTHER: STORED[OTHER][:2]})
    assert (figures.acknowledged_before_target, figures.found_after_restore) == (3, 3)
    assert (figures.sent_after_target, figures.found_after_target) == (2, [])
    assert figures.missing == figures.not_prefix == figures.unknown_games == []
    assert (figures.games_restored, figures.events_restored) == (2, 5)


def test_a_write_acknowledged_before_the_target_and_missing_is_seen() -> None:
    figures = compare({GAME: STORED[GAME][:2], OTHER: STORED[OTHER][:1]})
    assert figures.found_after_restore == 2
    assert figures.missing == ["op 2 move game " + GAME + " v[3]"]


def test_an_abandon_acknowledged_before_the_target_and_not_restored_is_seen() -> None:
    figures = compare({GAME: STORED[GAME], OTHER: STORED[OTHER][:2]}, status={GAME: "live"})
    assert [m.split(" ")[2] for m in figures.missing] == ["abandon"]


def test_a_write_sent_after_the_target_and_present_is_seen() -> None:
    # The whole log restored: the recovery ran past its target
    figures = compare({GAME: STORED[GAME], OTHER: STORED[OTHER]})
    assert figures.found_after_target == ["op 5 move game " + OTHER]


def test_a_copy_that_differs_from_what_was_stored_or_was_never_stored_is_seen() -> None:
    changed = [STORED[GAME][0], Stored(2, "CardsDealt", "another time"), STORED[GAME][2]]
    figures = compare({GAME: changed, OTHER: STORED[OTHER][:2], "00000000-0000-0000-0000-00000000000f": []})
    assert figures.not_prefix == [GAME]
    assert figures.unknown_games == ["00000000-0000-0000-0000-00000000000f"]
