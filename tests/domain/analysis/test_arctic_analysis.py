"""Arctic's analysis: determinization agrees with what the seat sees, decisions are judged from the
mover's information only, the analysis is reproducible byte for byte and ends on the final scores."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from domain.analysis.game import analyse, encode
from domain.analysis.judging import judge
from domain.analysis.rollouts import evaluate
from domain.arctic import RULES, simulator
from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic.plugin import GAME as ARCTIC
from domain.arctic.setup import Setup
from domain.arctic.state import GameState
from domain.chance import SplitMix64
from domain.game import Perspective

from .recorded import recorder_walk

assert ARCTIC.analysis is not None
SAMPLE = ARCTIC.analysis.determinize


@cache
def record(players: int, seed: int, mode: str = "full") -> Any:
    return simulator.simulate(players, seed, mode=mode)  # type: ignore[arg-type]


def state_at(players: int, seed: int, step: int, mode: str = "full") -> tuple[GameState, Any]:
    """The state before move ``step`` of a simulated game, and that move."""
    sim = record(players, seed, mode)
    opening = [e for e in sim.events[:2]]
    state = RULES.fold(opening)
    step = min(step, len(sim.moves) - 1)
    for move in sim.moves[:step]:
        _, state = RULES.decide_and_evolve(state, move)
    return state, sim.moves[step]


def seen(state: GameState, seat: int) -> Any:
    return RULES.view(state, Perspective(kind="seat", seat=seat))


def hidden_cards(state: GameState, seat: int) -> Counter[int]:
    """The cards in places ``seat`` cannot see: other hands, penalties, face-down cards, draw pile, reserve."""
    cards: Counter[int] = Counter(state.deck[len(state.deck) - state.draw_left :])
    cards.update(state.reserve[: 0 if state.reserve_in_use else state.reserve_left])
    for i, p in enumerate(state.players):
        if i != seat:
            cards.update(p.hand)
            cards.update(p.penalty)
            cards.update(c for c, down in zip(p.pile, p.pile_down, strict=True) if down)
    return cards


games = hs.tuples(hs.integers(2, 4), hs.integers(0, 40), hs.integers(0, 200))


@settings(max_examples=25, deadline=None)
@given(games, hs.integers(0, 3), hs.integers(0, 2**32))
def test_a_sample_agrees_with_the_seat_and_deals_the_unseen_cards_anew(game_: Any, seat: int, seed: int) -> None:
    """Given a state of a full-mode game and a seat, when it is sampled for the seat, then the seat sees
    exactly what it saw, the hidden places hold a permutation of the cards it had not seen, and the
    same seed gives the same sample."""
    players, game_seed, step = game_
    seat %= players
    state, _ = state_at(players, game_seed, step)
    sample = SAMPLE(state, seat, SplitMix64(seed))
    assert seen(sample, seat) == seen(state, seat)
    assert hidden_cards(sample, seat) == hidden_cards(state, seat)
    assert sorted(p.totem for p in sample.players) == sorted(set(p.totem for p in sample.players))
    assert sample.players[seat].totem == state.players[seat].totem
    assert SAMPLE(state, seat, SplitMix64(seed)) == sample
    total = Counter(c for zone in (sample.river,) for c in zone if c >= 0) + hidden_cards(sample, seat)
    assert all(n == 1 for n in total.values())


@settings(max_examples=10, deadline=None)
@given(games, hs.integers(0, 3))
def test_different_seeds_sample_different_worlds(game_: Any, seat: int) -> None:
    players, game_seed, step = game_
    seat %= players
    state, _ = state_at(players, game_seed, step)
    samples = {SAMPLE(state, seat, SplitMix64(s)) for s in range(4)}
    assert len(samples) > 1
    assert SAMPLE(state, None, SplitMix64(1)) is state  # full mode, omniscient: the state itself


def test_a_table_record_is_sampled_into_a_full_game_for_every_perspective() -> None:
    """Given a table's (public) record, whose engine does not know the unnamed cards, when it is sampled
    (omniscient or for a seat), then the sample names every card, keeps every count the seat sees, and
    rollouts finish from it."""
    state, _ = state_at(3, 4, 40, mode="public")
    assert -1 in state.river or any(p.hand_unknown for p in state.players)
    for seat in (None, 1):
        sample = SAMPLE(state, seat, SplitMix64(9))
        assert sample.mode == "full" and -1 not in sample.river
        assert all(p.hand_unknown == 0 and p.penalty_unknown == 0 and p.totem >= 0 for p in sample.players)
        assert [p.hand_size for p in sample.players] == [p.hand_size for p in state.players]
        assert len(sample.deck) == state.draw_left
        names = [c for p in sample.players for c in (*p.hand, *p.penalty, *p.pile)] + list(sample.river)
        names += list(sample.deck) + list(sample.reserve)
        assert sorted(c for c in names if c >= 0) == sorted(set(c for c in names if c >= 0))
        assert len([c for c in names if c >= 0]) == len(cat.cards_for(3))
    tally = evaluate(ARCTIC, state, None, budget=2, seed=5)
    assert tally.count == 2 and abs(sum(tally.wins) - 2.0) < 1e-9


def test_two_games_the_mover_cannot_tell_apart_get_the_same_judgement() -> None:
    """Given a decision of seat 1 and another game that seat 1 cannot tell from it (the same view, other
    hidden cards: other hands, draw pile, totems), when both decisions are judged, then the judgement and
    the mover's evaluation are the same."""
    seat = 1
    for step in range(30, 120):
        state, move = state_at(3, 7, step)
        if getattr(move, "seat", None) == seat and len(RULES.legal_moves(state)) > 2:
            break
    other = SAMPLE(state, seat, SplitMix64(2026))
    assert seen(other, seat) == seen(state, seat)
    assert other.deck != state.deck[len(state.deck) - state.draw_left :] or other.players != state.players
    one = judge(ARCTIC, state, move, seat, budget=6, seed=11)
    two = judge(ARCTIC, other, move, seat, budget=6, seed=11)
    assert one[0] is not None and one[0].candidates > 2
    assert one[0].played_win == two[0].played_win and one[0].best_win == two[0].best_win  # type: ignore[union-attr]
    assert one[0].verdict == two[0].verdict and one[1].wins == two[1].wins  # type: ignore[union-attr]
    omniscient = (evaluate(ARCTIC, state, None, 4, 3), evaluate(ARCTIC, other, None, 4, 3))
    assert omniscient[0].wins != omniscient[1].wins or omniscient[0].scores != omniscient[1].scores


def test_the_last_step_ends_on_the_final_scores_and_two_runs_give_the_same_bytes() -> None:
    sim = record(2, 3)
    first = analyse(ARCTIC, sim.events[:2], sim.moves, budget=2, seed=4)
    again = analyse(ARCTIC, sim.events[:2], sim.moves, budget=2, seed=4)
    assert encode(first) == encode(again)
    final = sorted(RULES.results(RULES.fold(sim.events)), key=lambda r: r.seat)
    last = first.steps[-1]
    assert [o.score for o in last.omniscient.seats] == [float(r.total) for r in final]
    # the mover's evaluation still samples what it could not see before its move (the other totems and
    # penalty cards), so only its own score is known for sure
    assert last.mover is not None and last.seat is not None
    assert last.mover.seats[last.seat].score == float(final[last.seat].total)
    assert [o.win for o in last.omniscient.seats] == [1.0 if r.rank == 1 else 0.0 for r in final] or any(
        r.rank == 1 for r in final[1:]
    )
    assert len(first.steps) == len(sim.moves) and all(p.decisions > 0 for p in first.accuracy)
    judged = [s.judgement for s in first.steps if s.judgement is not None]
    assert judged and all(j.best and j.played for j in judged)
    assert encode(analyse(ARCTIC, sim.events[:2], sim.moves, budget=2, seed=5)) != encode(first)


def public_records() -> list[tuple[str, list[Any], list[Any]]]:
    """Table records: the simulator's public twins (cards named as they are seen, shown after the end) and
    records entered through the recorder's builder (``recorded.recorder_walk``), 2 to 4 players."""
    out: list[tuple[str, list[Any], list[Any]]] = []
    for players, seed in ((2, 2), (3, 5), (4, 1)):
        sim = simulator.simulate(players, seed, mode="public", shown_at_end=True)
        out.append((f"public {players}p seed {seed}", list(RULES.start(sim.setup)), sim.moves))
        sides = {a: "AB"[(seed + i) % 2] for i, a in enumerate(cat.ANIMALS)}
        setup = Setup(players=[f"p{i}" for i in range(players)], mode="public", power_sides=sides)  # type: ignore[arg-type]
        opening, moves = recorder_walk(ARCTIC, setup, seed)
        out.append((f"recorder {players}p seed {seed}", opening, moves))
    return out


def test_every_seat_move_of_a_table_record_plays_in_every_world_its_mover_imagines() -> None:
    """Given table records (the recorder's own among them: every kind of move it enters, hidden cards,
    face-down cards, implicit Moose powers, steps ended by word), when each seat's decision is replayed in
    worlds sampled for its mover, then the move played and every candidate it is judged against are
    accepted there, and the move names cards where the record put them."""
    assert ARCTIC.analysis is not None and ARCTIC.analysis.choices is not None
    part = ARCTIC.analysis
    kinds: Counter[str] = Counter()
    for _, opening, moves in public_records():
        state = RULES.fold(opening)
        for step, move in enumerate(moves):
            seat = part.decider(state, move)
            if seat is not None:
                kinds[type(move).__name__] += 1
                choices = part.choices(state, move)
                assert move in choices
                for i in range(2):
                    world = SAMPLE(state, seat, SplitMix64(step * 7 + i))
                    for candidate in choices:
                        sampled, played = part.playable(state, world, candidate)
                        if played is not None:
                            RULES.decide_and_evolve(sampled, played)  # raises if refused
            _, state = RULES.decide_and_evolve(state, move)
    assert {"PlaceCard", "TakeFromRiver", "MoveTokens", "Discard", "EndStep"} <= set(kinds), kinds


def test_a_table_record_is_analysed_to_its_end() -> None:
    """Given table records (a public twin and the recorder's own, 2 players), when they are analysed,
    then every move is a step, the last one ends on the final scores, and two runs give the same bytes
    (the other records' moves are replayed in every world above: analysing them too costs minutes)."""
    for name, opening, moves in public_records()[:2]:
        first = analyse(ARCTIC, opening, moves, budget=1, seed=2)
        assert len(first.steps) == len(moves), name
        state = RULES.fold(opening)
        for move in moves:
            _, state = RULES.decide_and_evolve(state, move)
        final = sorted(RULES.results(state), key=lambda r: r.seat)
        assert [o.score for o in first.steps[-1].omniscient.seats] == [float(r.total) for r in final], name
        assert all(p.decisions > 0 for p in first.accuracy), name
    name, opening, moves = public_records()[1]
    assert encode(analyse(ARCTIC, opening, moves, budget=1, seed=2)) == encode(
        analyse(ARCTIC, opening, moves, budget=1, seed=2)
    )


def test_the_better_move_is_said_as_a_player_would_say_it() -> None:
    """Given a position where a card placed could have been another, when the better one is advised, then
    the sentence names the player, what the better move does that the move played does not (the card, the
    power it takes) in the table's words, and what was done instead."""
    from domain.arctic.advice import advise

    state, _ = state_at(3, 4, 0)
    while state.phase != "place" or len(state.players[state.active].hand) < 2:
        _, state = RULES.decide_and_evolve(state, RULES.legal_moves(state)[0])
    seat = state.active
    hand = state.players[seat].hand
    played, best = (mv.PlaceCard(seat=seat, card=cat.CARD_IDS[c]) for c in hand[:2])
    said = advise(state, played, best, seat)
    name = state.names[seat]
    assert said.startswith(f"{name} could have placed the ") and ", rather than placing the " in said
    assert said.endswith(".") and "{" not in said and "_" not in said and "seat" not in said
    assert advise(state, played, played, seat) == ""
