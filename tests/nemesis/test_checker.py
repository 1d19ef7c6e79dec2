"""The soak's checker over hand-made histories: a clean one passes, and each kind of violation is found
and named by the property it breaks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.nemesis.checker import HANG_BOUND, RECOVERY_BOUND, check
from tests.nemesis.history import Fault, GameLog, History, Op, SseRead, Stored

G = "00000000-0000-0000-0000-00000000000a"


def ev(version: int, kind: str = "CardPlaced") -> Stored:
    return Stored(version, kind, f"2026-12-01T00:00:{version:02d}Z")


def clean() -> History:
    """A game created (v1-2), two moves (v3-4, v5), an undo (v6), read by a stream and replayed."""
    ops = [
        Op(
            id=1,
            client=0,
            kind="create",
            game=G,
            key="c",
            start=0,
            end=1,
            outcome="ok",
            status=201,
            events=[Stored(1, ""), Stored(2, "")],
        ),
        Op(
            id=2,
            client=0,
            kind="move",
            game=G,
            key="m1",
            start=1,
            end=2,
            outcome="ok",
            status=201,
            events=[ev(3), ev(4)],
        ),
        # The next move's answer is lost: a retry with its key gets the stored answer.
        Op(id=3, client=0, kind="move", game=G, key="m2", start=2, end=3, outcome="unknown", status=503),
        Op(
            id=4,
            client=0,
            kind="move",
            game=G,
            key="m2",
            retry_of=3,
            start=3,
            end=4,
            outcome="ok",
            status=201,
            events=[ev(5)],
        ),
        Op(
            id=5,
            client=0,
            kind="undo",
            game=G,
            key="u1",
            start=4,
            end=5,
            outcome="ok",
            status=200,
            events=[Stored(6, "MovesTakenBack")],
        ),
        Op(id=6, client=0, kind="replay", game=G, step=4, state_hash="sha256:a", start=5, end=6, outcome="ok"),
        Op(id=7, client=1, kind="replay", game=G, step=4, state_hash="sha256:a", start=5, end=6, outcome="ok"),
        Op(id=8, client=0, kind="abandon", game=G, start=6, end=7, outcome="ok", status=200),
    ]
    log = [
        Stored(1, "GameStarted", "t"),
        Stored(2, "RiverRevealed", "t"),
        ev(3),
        ev(4),
        ev(5),
        Stored(6, "MovesTakenBack"),
    ]
    return History(
        seed=1,
        seconds=10,
        ops=ops,
        faults=[Fault(kind="db_refuse", start=2, end=3, recovered=4)],
        sse=[
            SseRead(reader=0, game=G, after=0, received=log[:2], resumes=0),
            SseRead(reader=1, game=G, after=2, received=log[2:5], resumes=2),
        ],
        final=[GameLog(game=G, events=log, status="abandoned")],
        stored_games=[G],
    )


def violated(history: History) -> list[str]:
    return [v.property for v in check(history).violations]


def test_a_clean_history_holds_every_property() -> None:
    report = check(clean())
    assert report.violations == []
    assert report.counts["acknowledged writes"] == 5
    assert report.counts["unknown outcomes resolved"] == 1
    assert report.counts["events checked"] == 6
    assert report.counts["sse resumes"] == 2


def test_a_lost_acknowledged_write_is_found() -> None:
    history = clean()
    history.final[0].events = history.final[0].events[:4] + history.final[0].events[5:]  # v5 gone
    assert "acknowledged_present" in violated(history)
    assert "contiguous" in violated(history)


def test_an_acknowledged_write_stored_with_other_content_is_found() -> None:
    history = clean()
    history.final[0].events[3] = Stored(4, "CardPlaced", "2026-12-01T00:59:59Z")  # another write's event
    assert violated(history) == ["acknowledged_present"]


def test_a_write_stored_twice_is_found() -> None:
    history = clean()
    # The retried move stored again after the first copy (a retry without its key's protection).
    history.final[0].events = [*history.final[0].events, Stored(7, "CardPlaced", "t2")]
    assert violated(history) == ["exactly_once"]


def test_two_writes_acknowledged_at_one_version_are_found() -> None:
    history = clean()
    history.ops.append(
        Op(id=9, client=1, kind="move", game=G, key="other", start=1, end=2, outcome="ok", status=201, events=[ev(5)])
    )
    assert "exactly_once" in violated(history)


def test_a_gap_in_the_versions_is_found() -> None:
    history = clean()
    history.final[0].events[5] = Stored(7, "MovesTakenBack")
    assert "contiguous" in violated(history)


def test_a_duplicate_version_is_found() -> None:
    history = clean()
    history.final[0].events.insert(3, ev(3))
    assert violated(history)[0] == "contiguous"


def test_a_stream_reader_that_skipped_or_repeated_an_event_is_found() -> None:
    skipped = clean()
    skipped.sse[1].received = [skipped.final[0].events[2], skipped.final[0].events[4]]  # v3, v5
    assert violated(skipped) == ["sse_prefix"]
    repeated = clean()
    repeated.sse[1].received = [repeated.final[0].events[2], repeated.final[0].events[2]]  # v3 twice
    assert violated(repeated) == ["sse_prefix"]
    other = clean()
    other.sse[0].received = [Stored(1, "GameStarted"), Stored(2, "CardPlaced")]  # not the log's v2
    assert violated(other) == ["sse_prefix"]


def test_a_retry_answering_other_than_the_first_answer_is_found() -> None:
    history = clean()
    history.ops.append(
        Op(
            id=15,
            client=0,
            kind="move",
            game=G,
            key="m2",
            retry_of=3,
            start=4,
            end=5,
            outcome="ok",
            status=201,
            events=[ev(6)],
        )
    )
    assert "acknowledged_present" in violated(history)


def test_a_stream_that_ended_short_of_the_log_is_found() -> None:
    history = clean()
    history.sse[1].ended = True  # got v3-5, said end, but the log goes on to v6
    assert violated(history) == ["sse_prefix"]
    history.sse[1].received = history.final[0].events[2:]
    assert violated(history) == []


def test_an_unknown_outcome_never_resolved_is_found() -> None:
    history = clean()
    history.ops = [op for op in history.ops if op.id != 4]  # the retry never got an answer
    history.ops.append(
        Op(
            id=4,
            client=0,
            kind="move",
            game=G,
            key="m2",
            retry_of=3,
            start=3,
            end=4,
            outcome="unknown",
            code="ReadError",
        )
    )
    found = violated(history)
    assert found[0] == "unknown_resolved"
    assert "exactly_once" in found  # and v5 is stored with no acknowledged write holding it


def test_an_unknown_outcome_resolved_as_not_stored_is_fine_when_nothing_is_stored() -> None:
    history = clean()
    history.ops.append(Op(id=10, client=0, kind="move", game=G, key="m9", start=7, end=8, outcome="unknown"))
    history.ops.append(
        Op(
            id=11,
            client=0,
            kind="move",
            game=G,
            key="m9",
            retry_of=10,
            start=8,
            end=9,
            outcome="failed",
            status=409,
            code="game_abandoned",
        )
    )
    assert violated(history) == []


@pytest.mark.parametrize("status", [500, 502, 504])
def test_a_5xx_other_than_503_is_found(status: int) -> None:
    history = clean()
    history.ops[5].status, history.ops[5].outcome = status, "unknown"
    assert violated(history)[0] == "answers"


def test_a_hang_is_found_unless_the_clients_network_was_faulted() -> None:
    history = clean()
    history.ops.append(Op(id=12, client=2, kind="stats", start=20, end=20 + HANG_BOUND + 1, code="timeout"))
    assert violated(history) == ["bounded"]
    history.faults.append(Fault(kind="http_blackhole_down", side="http", start=21, end=24, recovered=25))
    assert violated(history) == []


def test_replays_of_one_step_that_disagree_are_found() -> None:
    history = clean()
    history.ops[6].state_hash = "sha256:b"
    assert violated(history) == ["replays_agree"]


def test_a_write_ordered_before_one_acknowledged_earlier_is_found() -> None:
    history = clean()
    # The undo (v6) started after the move at v5 ended, yet claims to be v4-ish: reorder the log to match.
    history.ops[4].start, history.ops[4].end = 10, 11
    history.ops[1].start, history.ops[1].end = 12, 13  # the v3-4 move acknowledged after the undo
    assert "real_time_order" in violated(history)


def test_a_game_nobody_created_is_found() -> None:
    history = clean()
    other = "00000000-0000-0000-0000-00000000000b"
    history.stored_games.append(other)
    history.final.append(GameLog(game=other, events=[Stored(1, "GameStarted")], status="live"))
    assert violated(history) == ["games_known"]
    # Unless a fork's answer was lost at its origin: that fork is the game.
    history.final[-1].forked_from = G
    history.ops.append(Op(id=13, client=0, kind="fork", origin=G, step=4, start=9, end=10, outcome="unknown"))
    assert violated(history) == []


def test_an_acknowledged_abandon_or_void_that_did_not_hold_is_found() -> None:
    history = clean()
    history.final[0].status = "live"
    assert violated(history) == ["final_status"]
    voided: Any = clean()
    voided.ops.append(Op(id=14, client=0, kind="void", game=G, start=8, end=9, outcome="ok", status=200))
    assert violated(voided) == ["final_status"]
    voided.final[0].voided = True
    assert violated(voided) == []


def test_read_models_unlike_a_rebuild_and_a_slow_recovery_are_found() -> None:
    history = clean()
    history.read_model_diff = ["player_stats"]
    history.faults.append(Fault(kind="kill_postgres", start=1, end=2, recovered=2 + RECOVERY_BOUND + 1))
    history.faults.append(Fault(kind="db_blackhole", start=3, end=4, recovered=None))
    assert violated(history) == ["read_models", "recovery", "recovery"]


def test_the_first_violation_follows_the_order_of_the_properties() -> None:
    history = clean()
    history.sse[0].received = []
    history.sse[0].after = 5
    history.sse[0].received = [Stored(7, "x")]
    history.ops[5].status = 500
    report = check(history)
    assert report.first is not None and report.first.property == "answers"


def test_with_fork_keys_a_lost_fork_answer_must_be_resolved_like_any_write() -> None:
    history = clean()
    history.fork_keys = True
    history.ops.append(Op(id=16, client=0, kind="fork", origin=G, key="f1", start=9, end=10, outcome="unknown"))
    assert violated(history) == ["unknown_resolved"]
    fork = "00000000-0000-0000-0000-00000000000c"
    history.ops.append(
        Op(
            id=17,
            client=0,
            kind="fork",
            game=fork,
            origin=G,
            key="f1",
            retry_of=16,
            start=10,
            end=11,
            outcome="ok",
            status=201,
            events=[Stored(1, ""), Stored(2, "")],
        )
    )
    history.stored_games.append(fork)
    history.final.append(
        GameLog(game=fork, events=[Stored(1, "GameStarted"), Stored(2, "X")], status="live", forked_from=G)
    )
    assert violated(history) == []
    # A retry that made a second fork: the first fork's game is one no acknowledged write made.
    twin = "00000000-0000-0000-0000-00000000000d"
    history.stored_games.append(twin)
    history.final.append(GameLog(game=twin, events=[Stored(1, "GameStarted")], status="live", forked_from=G))
    assert violated(history) == ["games_known"]


def followed(history: History) -> History:
    """The clean history's log as its followers were handed it (six events, notification ids 11-16)."""
    history.stored_ids = [(G, v, 10 + v) for v in range(1, 7)]
    history.followed = {
        "through the proxy": [(G, v, 100 + v, 10 + v) for v in range(1, 7)],
        "straight": [(G, v, 100 + v, 10 + v) for v in range(1, 7)],
    }
    return history


def test_followers_handed_every_event_once_in_order_hold() -> None:
    assert violated(followed(clean())) == []


def test_a_follower_that_skipped_or_repeated_an_event_is_found() -> None:
    history = followed(clean())
    history.followed["straight"].pop(2)
    assert violated(history) == ["followers"]
    history = followed(clean())
    history.followed["through the proxy"].append(history.followed["through the proxy"][-1])
    assert "followers" in violated(history)


def test_an_acknowledged_event_the_log_lost_is_found_by_the_followers_property_too() -> None:
    history = followed(clean())
    history.stored_ids.pop()
    history.followed = {name: got[:-1] for name, got in history.followed.items()}
    assert "followers" in violated(history)
