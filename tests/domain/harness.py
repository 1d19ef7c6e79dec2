"""One contract harness for every game kind (as OpenSpiel runs one harness over all its games).

Each check takes a :class:`GameKind` (the kind's ``RULES`` and its simulator) and a simulated game,
and asserts what :class:`domain.game.GameRules` promises whatever the game: ``decide`` never mutates
its state, ``evolve`` is deterministic, ``fold`` equals evolving event by event (from any point),
the state hash is stable byte for byte through JSON and msgpack, views and ``redact_event`` agree,
every listed legal move is accepted, recorded moves decided again give the recorded events, a
simulated game finishes and scores, and no state or event is tracked by the cyclic collector. What only
one game knows stays in ``tests/domain/<kind>/``.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.building import NOTE, Candidate, next_decision
from domain.errors import RuleViolation
from domain.game import GameRules, Language, Perspective, canonical_bytes, decide_and_evolve, state_hash
from domain.kinds import registered_games
from domain.registry import GamePlugin, SimulatedGame

LANGUAGES: tuple[Language, ...] = ("en", "fr", "es")


@dataclass(frozen=True)
class GameKind:
    """A game kind as the harness drives it: its rules, its player counts and a seeded simulator."""

    name: str
    rules: GameRules[Any, Any, Any]
    player_counts: tuple[int, ...]
    simulate: Callable[[int, int], SimulatedGame]

    def __str__(self) -> str:  # the pytest id
        return self.name


def kinds_of(plugin: GamePlugin) -> list[GameKind]:
    """One harness kind per simulation mode of a registered game: ``<kind>`` for its first mode,
    ``<kind>-<mode>`` for the others (e.g. ``arctic-public``)."""
    first = next(iter(plugin.simulations))
    return [
        GameKind(plugin.kind if mode == first else f"{plugin.kind}-{mode}", plugin.rules, plugin.player_counts, sim)
        for mode, sim in plugin.simulations.items()
    ]


# Every registered game kind, each of its simulation modes.
KINDS: tuple[GameKind, ...] = tuple(kind for plugin in registered_games() for kind in kinds_of(plugin))


def perspectives(seats: int) -> list[Perspective]:
    """Everyone who can look at a game of ``seats`` players."""
    return [
        Perspective(),
        Perspective(kind="omniscient"),
        *(Perspective(kind="seat", seat=seat) for seat in range(seats)),
    ]


def states_along(rules: GameRules[Any, Any, Any], events: list[Any]) -> Iterator[tuple[Any, Any]]:
    """``(event, state after it)`` for each event, evolving one event at a time."""
    state = rules.initial_state()
    for event in events:
        state = rules.evolve(state, event)
        yield event, state


# --- the contract, one concern per check ----------------------------------------------------------------
def check_finishes_and_scores(kind: GameKind, game: SimulatedGame) -> Any:
    """A simulated game ends, every seat is ranked, and a finished game hides no score."""
    rules = kind.rules
    final = rules.fold(game.events)
    assert rules.is_finished(final)
    assert rules.legal_moves(final) == []
    seats = len(rules.players(final))
    results = rules.results(final)
    assert sorted(result.seat for result in results) == list(range(seats))
    assert min(result.rank for result in results) == 1
    assert all(1 <= result.rank <= seats for result in results)
    best = max(result.total for result in results)
    assert {result.total for result in results if result.rank == 1} == {best}
    assert rules.public_results(final) == results
    return final


def check_fold_is_evolve_step_by_step(kind: GameKind, game: SimulatedGame) -> None:
    """``fold`` = ``evolve`` of each event in turn, from the start or from any state on the way;
    ``evolve`` gives the same state twice and leaves the state it is given unchanged."""
    rules = kind.rules
    state = rules.initial_state()
    cut = len(game.events) // 2
    for index, event in enumerate(game.events):
        before = canonical_bytes(state)
        after = rules.evolve(state, event)
        assert canonical_bytes(state) == before, f"evolve mutated its state at event {index}"
        if index % 25 == 0:
            assert canonical_bytes(rules.evolve(state, event)) == canonical_bytes(after)
        state = after
    assert state_hash(rules.fold(game.events)) == state_hash(state)
    halfway = rules.fold(game.events[:cut])
    assert state_hash(rules.fold(game.events[cut:], halfway)) == state_hash(state)


def check_state_hash_is_stable(kind: GameKind, game: SimulatedGame) -> None:
    """States and events survive JSON and msgpack byte for byte: a snapshot or a stored event log
    read back hashes as the state it came from."""
    rules = kind.rules
    state_type = type(rules.initial_state())
    event_list = list[rules.event_type]  # type: ignore[name-defined]
    final = rules.fold(game.events)
    for codec in (msgspec.json, msgspec.msgpack):
        assert canonical_bytes(codec.decode(codec.encode(final), type=state_type)) == canonical_bytes(final)
        decoded = codec.decode(codec.encode(game.events), type=event_list)
        assert decoded == game.events
        assert state_hash(rules.fold(decoded)) == state_hash(final)
    moves = msgspec.json.decode(msgspec.json.encode(game.moves), type=list[rules.move_type])  # type: ignore[name-defined]
    assert moves == game.moves


def check_replay_decides_the_recorded_events(kind: GameKind, game: SimulatedGame) -> None:
    """The opening events of the setup, then each move decided again, give exactly the recorded
    events; ``decide`` never mutates its state and ``decide_and_evolve`` is ``decide`` + ``fold``."""
    rules = kind.rules
    assert game.moves, "a simulated game plays moves"
    events = rules.start(game.setup)
    state = rules.fold(events)
    for index, move in enumerate(game.moves):
        before = canonical_bytes(state)
        decided = rules.decide(state, move)
        assert canonical_bytes(state) == before, f"decide mutated its state at move {index}"
        together, after = decide_and_evolve(rules, state, move)
        assert together == decided
        assert canonical_bytes(after) == canonical_bytes(rules.fold(decided, state))
        events += decided
        state = after
    assert events == game.events


def decision_points(kind: GameKind, game: SimulatedGame) -> Iterator[Any]:
    """The states the game waited at for each recorded move (``decide`` stops at these; the states
    between two automatic events of one move are not decision points)."""
    rules = kind.rules
    state = rules.fold(rules.start(game.setup))
    for move in game.moves:
        yield state
        _, state = decide_and_evolve(rules, state, move)


def check_legal_moves_are_accepted(kind: GameKind, game: SimulatedGame, every: int = 7, first: int = 4) -> None:
    """At every ``every``-th decision point, the ``first`` listed legal moves are decided without a
    refusal and leave the state unchanged."""
    rules = kind.rules
    checked = 0
    for index, state in enumerate(decision_points(kind, game)):
        if index % every or rules.is_finished(state):
            continue  # after the end a table only reveals what it saw: no choice to list
        legal = rules.legal_moves(state)
        assert legal, f"no legal move at decision point {index}"
        before = canonical_bytes(state)
        for move in legal[:first]:
            try:
                rules.decide(state, move)
            except RuleViolation as refusal:
                raise AssertionError(
                    f"legal move {move} refused at decision point {index}: {refusal.code}"
                ) from refusal
        assert canonical_bytes(state) == before
        checked += 1
    assert checked, "no decision point was checked"


def check_views_and_redaction(kind: GameKind, game: SimulatedGame, every: int = 9) -> None:
    """Every perspective's view is JSON and the same twice; the omniscient perspective sees every
    event whole; a redacted event is the same kind of event, for the same seat, and redacting it
    again changes nothing; the timeline's descriptions are one line in every language."""
    rules = kind.rules
    seats = len(rules.players(rules.fold(game.events[:1])))
    everyone = perspectives(seats)
    omniscient = everyone[1]
    event_type = rules.event_type
    for index, (event, state) in enumerate(states_along(rules, game.events)):
        assert rules.redact_event(event, omniscient, state) == event
        for perspective in everyone:
            seen = rules.redact_event(event, perspective, state)
            assert type(seen) is type(event)
            assert rules.actor(seen) == rules.actor(event)
            assert rules.is_turn_start(seen) == rules.is_turn_start(event)
            assert rules.redact_event(seen, perspective, state) == seen
            assert msgspec.json.decode(msgspec.json.encode(seen), type=event_type) == seen
        if index % every == 0 or index == len(game.events) - 1:
            for perspective in everyone:
                shown = msgspec.json.encode(rules.view(state, perspective))
                assert msgspec.json.encode(rules.view(state, perspective)) == shown
        for language in LANGUAGES if index % every == 0 else ("en",):
            text = rules.describe(event, language)
            assert text and "\n" not in text and "{" not in text


def check_same_seed_same_game(kind: GameKind, players: int, seed: int, game: SimulatedGame) -> None:
    """The simulator is deterministic: a seed is a game."""
    again = kind.simulate(players, seed)
    assert again.events == game.events and again.moves == game.moves


def _structs(value: Any) -> Iterator[msgspec.Struct]:
    """``value`` and every Struct inside it (through Struct fields, tuples, lists and dicts)."""
    if isinstance(value, msgspec.Struct):
        yield value
        value = msgspec.structs.astuple(value)
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, tuple | list):
        for item in value:
            yield from _structs(item)


def check_left_to_reference_counting(kind: GameKind, game: SimulatedGame) -> None:
    """No state or event, nor any Struct inside one, is tracked by the cyclic collector (msgspec's
    ``gc=False``): a server holds many of them (replay blocks, cached states), and each collection
    would walk them all."""
    tracked = {
        type(found).__name__
        for event, state in states_along(kind.rules, list(game.events))
        for found in (*_structs(event), *_structs(state))
        if gc.is_tracked(found)
    }
    assert tracked == set(), f"tracked by the cyclic collector (declare them gc=False): {sorted(tracked)}"
    assert not gc.is_tracked(kind.rules.initial_state())


def check_contract(kind: GameKind, players: int, seed: int) -> None:
    """Every check of the contract on the game ``kind``'s simulator plays from ``seed``."""
    game = kind.simulate(players, seed)
    final = check_finishes_and_scores(kind, game)
    assert len(kind.rules.players(final)) == players
    check_fold_is_evolve_step_by_step(kind, game)
    check_state_hash_is_stable(kind, game)
    check_replay_decides_the_recorded_events(kind, game)
    check_legal_moves_are_accepted(kind, game)
    check_views_and_redaction(kind, game)
    check_same_seed_same_game(kind, players, seed, game)
    check_left_to_reference_counting(kind, game)


def reachable(
    candidates: Sequence[Candidate], made: tuple[str, ...] = (), spelling: Callable[[Any], Any] = lambda move: move
) -> set[bytes]:
    """Every move built by following every option of every decision (``domain.building``), encoded in
    ``spelling`` (e.g. the one ``legal_moves`` lists a move in, where the builder keeps the order picked);
    the optional notes (never listed) left out."""
    built = next_decision(candidates, made)
    if built.next is None:
        return {msgspec.json.encode(spelling(built.move))}
    options = [o for o in built.next.options if o.id != NOTE]
    return {m for option in options for m in reachable(candidates, (*made, option.id), spelling)}
