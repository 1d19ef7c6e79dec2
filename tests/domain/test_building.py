"""Moves built decision by decision (``domain/building.py`` and each kind's paths), over every kind and
mode: a walk of random options always ends in a move ``decide`` accepts, every listed move can be built,
and every decision is said in the table's words (no more than 12 options, no engine spelling)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.arctica import moves as arctica_moves
from domain.arctica import simulator as arctica_sim
from domain.arctica.legal import canonical
from domain.building import (
    CONFIRM,
    MAX_SHOWN,
    NOTE,
    Built,
    Candidate,
    Choice,
    Decision,
    DecisionOption,
    Refused,
    Step,
    next_decision,
)
from domain.registry import game, registered_games

from .harness import KINDS, GameKind, decision_points, reachable

FAST = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FORBIDDEN = set("{('")
ENGINE_WORDS = ("seat ", "discards", "outcomes", "direction -1", "marine_mammal", "family")


def _build(kind: GameKind) -> Any:
    plugin = game(kind.rules.kind)
    assert plugin is not None and plugin.build is not None
    return plugin.build


def _said(decision: Decision) -> None:
    assert len(decision.options) <= MAX_SHOWN, decision
    assert decision.options, decision
    for option in decision.options:
        assert not FORBIDDEN & set(option.label), option.label
        assert not any(word in option.label for word in ENGINE_WORDS), option.label


def _walk(candidates: list[Candidate], pick: Any) -> Built:
    made: list[str] = []
    for _ in range(100):
        built = next_decision(candidates, made)
        if built.next is None:
            assert any(not m.auto for m in built.made), built  # a move is never made for the table
            return built
        _said(built.next)
        made.append(pick(built.next.options).id)
    raise AssertionError("no move after 100 decisions")


def _drawn(data: st.DataObject) -> Any:
    return lambda options: data.draw(st.sampled_from(options))


def _listed(move: Any) -> Any:
    """A built move in the spelling ``legal_moves`` lists it in: discards picked in another order are the
    same listed move (the pile keeps the order picked)."""
    return canonical(move) if isinstance(move, arctica_moves.PlayFauna) else move


def _points(kind: GameKind, players: int, seed: int, every: int) -> Iterator[tuple[Any, Any]]:
    for i, state in enumerate(decision_points(kind, kind.simulate(players, seed))):
        if i % every == 0 and not kind.rules.is_finished(state):
            yield i, state


@pytest.mark.parametrize("kind", KINDS, ids=str)
@FAST
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32))
def test_a_random_walk_builds_a_legal_move(kind: GameKind, data: st.DataObject, seed: int) -> None:
    """Given a simulated game of any kind and mode, when a move is built at a decision point by picking
    any option each time, then ``decide`` accepts it."""
    build = _build(kind)
    players = data.draw(st.sampled_from(kind.player_counts))
    rules = kind.rules
    for _, state in _points(kind, players, seed, every=5):
        built = _walk(list(build(state, rules.players(state), "en")), _drawn(data))
        rules.decide(state, built.move)


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_every_listed_move_can_be_built(kind: GameKind) -> None:
    """Given sampled decision points, when every option of every decision is followed, then the moves
    reached are exactly the moves ``legal_moves`` lists (their enumeration is complete in these modes)."""
    build = _build(kind)
    rules = kind.rules
    checked = 0
    for _, state in _points(kind, 3, 11, every=9):
        candidates = list(build(state, rules.players(state), "en"))
        listed = [m for m in rules.legal_moves(state) if _offered(m, rules.legal_moves(state))]
        assert reachable(candidates, spelling=_listed) == {msgspec.json.encode(m) for m in listed}
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("record", [arctica_sim.public_record, arctica_sim.table_record], ids=["public", "table"])
@FAST
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32))
def test_arctica_games_recorded_at_a_table_build_legal_moves(record: Any, data: st.DataObject, seed: int) -> None:
    """Given an Arctica game as a table records it (cards named when drawn, or only when played), when
    moves are built by random options (any unseen card drawn, any unseen card discarded), then each is
    accepted."""
    plugin = game("arctica")
    assert plugin is not None and plugin.build is not None
    rules = plugin.rules
    setup, moves = record(arctica_sim.simulate(data.draw(st.sampled_from((2, 3, 4))), seed))
    state = rules.fold(rules.start(setup))
    for i, move in enumerate(moves):
        if i % 6 == 0:
            built = _walk(list(plugin.build(state, rules.players(state), "en")), _drawn(data))
            rules.decide(state, built.move)
        _, state = rules.decide_and_evolve(state, move)


def _offered(move: Any, listed: list[Any]) -> bool:
    """Whether the builder offers a listed move: a River card turned face up is named for the lowest slot
    waiting only (Arctic's public games: every slot is named before anything else happens)."""
    slot = getattr(move, "slot", None)
    if type(move).__name__ != "RevealRiver" or slot is None:
        return True
    return bool(slot == min(m.slot for m in listed if type(m).__name__ == "RevealRiver"))


def test_every_kind_offers_moves_built_decision_by_decision() -> None:
    assert all(plugin.build is not None for plugin in registered_games())


def test_a_decision_not_offered_is_refused_with_its_place() -> None:
    kind = KINDS[0]
    build = _build(kind)
    state = next(iter(decision_points(kind, kind.simulate(2, 1))))
    candidates = list(build(state, kind.rules.players(state), "en"))
    with pytest.raises(Refused) as refused:
        next_decision(candidates, ["no-such-option"])
    assert refused.value.code == "unknown_decision"
    assert refused.value.at == 0
    with pytest.raises(Refused) as nothing:
        next_decision([], [])
    assert nothing.value.code == "no_decision"


# --- the walk itself, on moves of no game ---------------------------------------------------------------
def _step(key: str, *ids: str, picks: int = 1, group: str | None = None) -> Step:
    groups = (DecisionOption(id=group, label=group.upper()),) if group else ()
    return Step(
        key=key, prompt=f"{key}?", options=tuple(Choice(id=i, label=i, groups=groups) for i in ids), picks=picks
    )


def test_cards_picked_one_at_a_time_in_any_order() -> None:
    """Given two moves discarding {p, q} and {q, r}, when q then r are picked, then the second is built;
    after q the options are p and r, never q again."""
    moves = [
        Candidate(move="pq", steps=(_step("card", "c", "d"), _step("discard", "p", "q", picks=2))),
        Candidate(move="qr", steps=(_step("card", "c", "d"), _step("discard", "q", "r", picks=2))),
    ]
    after_q = next_decision(moves, ["c", "q"])
    assert after_q.next is not None and [o.id for o in after_q.next.options] == ["p", "r"]
    assert next_decision(moves, ["c", "q", "r"]).move == "qr"
    assert next_decision(moves, ["c", "p", "q"]).move == "pq"
    with pytest.raises(Refused) as twice:
        next_decision(moves, ["c", "q", "q"])
    assert twice.value.code == "unknown_decision" and twice.value.at == 2


def test_more_than_twelve_options_are_narrowed_first() -> None:
    """Given 20 moves in two groups, when asked, then the groups come first (with the count behind
    them), and a group chosen offers its 10 moves."""
    moves = [
        Candidate(move=f"m{i}", steps=(_step("card", f"m{i}", group="low" if i < 10 else "high"),)) for i in range(20)
    ]
    first = next_decision(moves, [])
    assert first.next is not None and first.next.narrowing and first.next.count == 20
    assert [(o.id, o.label) for o in first.next.options] == [("low", "LOW"), ("high", "HIGH")]
    high = next_decision(moves, ["high"])
    assert high.next is not None and not high.next.narrowing and len(high.next.options) == 10
    built = next_decision(moves, ["high", "m15"])
    assert built.move == "m15" and [m.label for m in built.made] == ["HIGH", "m15"]


def test_past_the_last_group_a_long_list_comes_in_alphabetical_runs() -> None:
    """Given 13 birds of cost 3 (the last group: no further one), when asked, then two runs of 7 and 6 in
    alphabetical order (numbers as numbers), each said by its first and last card; a run chosen lists them."""
    names = ["Tern A9", "Eider A19", "Tern A10", *(f"Auk B{n}" for n in range(1, 11))]
    moves = [Candidate(move=n, steps=(_step("card", n),)) for n in names]
    runs = next_decision(moves, [])
    assert runs.next is not None and runs.next.narrowing and runs.next.count == 13
    assert [o.label for o in runs.next.options] == ["Auk B1 \u2013 Auk B7", "Auk B8 \u2013 Tern A10"]
    second = next_decision(moves, [runs.next.options[1].id])
    assert second.next is not None and [o.id for o in second.next.options] == [
        "Auk B8",
        "Auk B9",
        "Auk B10",
        "Eider A19",
        "Tern A9",
        "Tern A10",
    ]
    built = next_decision(moves, [runs.next.options[1].id, "Tern A9"])
    assert built.move == "Tern A9" and [m.label for m in built.made] == ["Auk B8 \u2013 Tern A10", "Tern A9"]


def test_a_shorter_move_is_chosen_by_no_more() -> None:
    """Given a move that stops where another goes on, when the shorter is meant, then "no more" (the
    longer move's ``stop``) builds it; a decision with one option is taken without asking."""
    seat = Step(key="seat", prompt="who?", options=(Choice(id="s0", label="Nanook"),), auto=True)
    moves = [
        Candidate(move="short", steps=(seat, _step("token", "t1"))),
        Candidate(move="long", steps=(seat, _step("token", "t1"), _step("token", "t2"))),
    ]
    built = next_decision(moves, [])
    assert [m.auto for m in built.made] == [True, True] and built.next is not None
    assert [(o.id, o.label) for o in built.next.options] == [("t2", "t2"), ("done", "No more")]
    assert next_decision(moves, ["done"]).move == "short"
    assert next_decision(moves, ["t2"]).move == "long"


def test_a_move_every_decision_of_which_is_forced_is_confirmed_by_one_tap() -> None:
    """Given the only move possible, when asked, then its first real question comes with its one answer
    as a confirmation; confirmed, the move is built, that decision made by the table (not ``auto``)."""
    seat = Step(key="seat", prompt="who?", options=(Choice(id="s0", label="Nanook"),), auto=True)
    moves = [Candidate(move="flora", steps=(seat, _step("action", "flora"), _step("gain", "two")))]
    asked = next_decision(moves, [])
    assert asked.next is not None and asked.next.prompt == "action?"
    assert [(o.id, o.label) for o in asked.next.options] == [(CONFIRM, "flora")]
    assert [m.label for m in asked.made] == ["Nanook"]
    built = next_decision(moves, [CONFIRM])
    assert built.move == "flora" and [(m.id, m.auto) for m in built.made] == [
        ("s0", True),
        ("flora", False),
        ("two", True),
    ]
    with pytest.raises(Refused):
        next_decision(moves, ["flora"])


def _who(*seats: int) -> list[Candidate]:
    """Two actions for each of ``seats`` (each its own seat), the first one then asking a card."""
    out = []
    for seat in seats:
        who = Step(key="seat", prompt="who?", options=(Choice(id=f"s{seat}", label=f"P{seat}"),), auto=True, joins=True)
        out.append(Candidate(move=(seat, "pass"), steps=(who, _step("action", "pass")), seat=seat))
        for card in ("c1", "c2"):
            steps = (who, _step("action", "play"), _step("card", card))
            out.append(Candidate(move=(seat, card), steps=steps, seat=seat))
    return out


def test_whose_move_is_joined_with_the_first_decision_of_each_player_while_it_fits() -> None:
    """Given three players who may each answer (pass, or play one of two cards), when asked, then each
    player's decision comes in one tap ("P2 · pass"); the decision names every player the table waits for."""
    asked = next_decision(_who(2, 0, 1), [])
    assert asked.next is not None and asked.next.seats == [2, 0, 1] and asked.next.seat is None
    assert [o.label for o in asked.next.options][:2] == ["P2 · pass", "P2 · play"]
    assert [o.id for o in asked.next.options][:2] == ["s2/pass", "s2/play"]
    card = next_decision(_who(2, 0, 1), ["s0/play"])
    assert card.next is not None and [o.id for o in card.next.options] == ["c1", "c2"]
    assert card.next.seats == [0]
    assert next_decision(_who(2, 0, 1), ["s0/play", "c2"]).move == (0, "c2")
    assert next_decision(_who(2, 0, 1), ["s0", "play", "c2"]).move == (0, "c2")  # the same, apart
    with pytest.raises(Refused) as refused:
        next_decision(_who(2, 0, 1), ["s0/fold"])
    assert refused.value.at == 0


def test_joined_options_never_pass_twelve_the_first_players_first() -> None:
    """Given seven players of two options each (14 joined), when asked, then the first five are joined
    (10 options) and the last two asked apart (12 in all)."""
    asked = next_decision(_who(*range(7)), [])
    assert asked.next is not None and len(asked.next.options) == MAX_SHOWN
    assert [o.id for o in asked.next.options][-3:] == ["s4/play", "s5", "s6"]


def test_an_optional_note_is_offered_beside_the_move_waited_for() -> None:
    """Given a move waited for and a note another player may add, when asked, then the move's first
    decision offers the note as one option more, which leads to the notes alone; the waited-for seats
    leave the note's player out."""
    note = Step(key="seat", prompt="whose note?", options=(Choice(id="s1", label="P1"),), auto=True)
    moves = [
        *_who(0),
        Candidate(move="shown", steps=(note, _step("shown", "k1", "k2")), seat=1, aside="A note"),
    ]
    asked = next_decision(moves, [])
    assert asked.next is not None and asked.next.seats == [0]
    assert asked.next.options[-1] == DecisionOption(id=NOTE, label="A note")
    notes = next_decision(moves, [NOTE])
    assert notes.next is not None and [o.id for o in notes.next.options] == ["k1", "k2"]
    assert next_decision(moves, [NOTE, "k2"]).move == "shown"
    assert [o.id for o in asked.next.options] == ["pass", "play", NOTE]
    later = next_decision(moves, ["play"])
    assert later.next is not None and NOTE not in [o.id for o in later.next.options]  # the first decision only
