"""Public-information table mode: a recorder who knows only what the whole table sees. Hands and draws
are unknown (card 0) until a card is played or discarded; round cards and events are revealed by moves;
the scores come from what is known — and equal those of the same game recorded with every card known."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.arctica import RULES, Setup
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.simulator import public_record, simulate
from domain.arctica.state import UNKNOWN
from domain.errors import SetupError

from .support import ED, fold, of_type, offered, violation, when

CARD_10_COST_1 = 10  # long generation, cost 1 (see test_arctica_actions)


def public_start(n: int = 2, **fields: Any) -> ev.GameStarted:
    (first,) = RULES.start(Setup(players=tuple("ABCDE"[:n]), mode="public", **fields))
    assert isinstance(first, ev.GameStarted)
    return first


def test_a_public_game_starts_without_seed_hands_or_round_cards():
    first = public_start(3)
    assert first.chance == "public" and first.seed is None and first.round_cards == ()
    assert first.hands == ((UNKNOWN,) * ED.setup.hand_size,) * 3
    assert first.deck is not None and len(first.deck) == len(ED.cards) - 3 * ED.setup.hand_size
    state = fold([first])
    assert all(len(p.hand) == ED.setup.hand_size for p in state.players)


@pytest.mark.parametrize(
    "fields",
    [{"hands": ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))}, {"round_cards": (0, 1, 2)}, {"seed": 4}],
)
def test_a_public_game_names_no_chance_outcome(fields: dict[str, Any]):
    with pytest.raises(SetupError) as info:
        public_start(**fields)
    assert info.value.code == "arctica.bad_setup"


def _actions(*acts: str) -> list[Any]:
    return [public_start(2), *offered(0, acts, n=2)]  # type: ignore[arg-type]


def test_playing_a_card_reveals_it_from_the_unknown_hand():
    given = _actions("fauna", "draw")
    events = when(given, mv.PlayFauna(seat=0, card=CARD_10_COST_1, discards=(7,)))
    assert of_type(events, ev.CardsDiscarded)[0].cards == (7,)
    state = fold([*given, *events])
    assert state.players[0].hand == (UNKNOWN,) * (ED.setup.hand_size - 2)
    assert state.players[0].long_column[0] == CARD_10_COST_1 and state.discard == (7,)


def test_a_card_already_seen_cannot_come_from_a_hand():
    given = [*_actions("fauna", "draw")[:1], ev.CardsDiscarded(seat=1, cards=(10,), cause="test")]
    given += offered(0, ("fauna", "draw"), n=2)
    assert violation(given, mv.PlayFauna(seat=0, card=10, discards=(7,))) == "arctica.card_not_in_hand"
    # nor be discarded to pay a cost
    other = next(c.id for c in ED.cards if c.cost == 1 and c.id not in (7, 10))
    assert violation(given, mv.PlayFauna(seat=0, card=other, discards=(10,))) == "arctica.wrong_cost"


def test_a_hand_cannot_give_more_cards_than_it_holds():
    first = public_start(2)
    small = replace(first, hands=((UNKNOWN,), first.hands[1]))
    given = [small, *offered(0, ("fauna", "draw"), n=2)]
    assert violation(given, mv.PlayFauna(seat=0, card=CARD_10_COST_1, discards=(7,))) == "arctica.wrong_cost"


def test_draws_are_unknown_cards_and_cannot_be_named():
    given = _actions("draw", "flora")
    (drawn,) = of_type(when(given, mv.Draw(seat=0)), ev.CardsDrawn)
    assert drawn.cards == (UNKNOWN, UNKNOWN)
    state = fold([*given, *when(given, mv.Draw(seat=0))])
    assert len(state.players[0].hand) == ED.setup.hand_size + 2 and len(state.deck) == len(given[0].deck) - 2
    assert violation(given, mv.Draw(seat=0, drawn=(11, 12))) == "arctica.draw_mismatch"


def _at_majority(rnd: int = 1) -> tuple[list[Any], mv.RevealRoundCard]:
    """A public 2-player game (a simulated game's public record) up to the round card of round ``rnd``;
    and the reveal the record makes there."""
    game = simulate(2, 5)
    setup, moves = public_record(game)
    events = list(RULES.start(setup))
    state = fold(events)
    for move in moves:
        if isinstance(move, mv.RevealRoundCard) and state.round == rnd:
            return events, move
        new = RULES.decide(state, move)
        events += new
        state = RULES.fold(new, state)
    raise AssertionError(f"no round card revealed in round {rnd}")


def test_the_round_card_is_revealed_by_a_move_at_the_end_of_the_round():
    given, reveal = _at_majority()
    state = fold(given)
    assert state.phase == "majority" and state.round_cards == ()
    assert violation(given, mv.RecordMajority(region=0, points=(1, 0))) == "arctica.wrong_phase"
    assert violation(given, mv.RevealRoundCard(card=len(ED.round_cards))) == "arctica.bad_round_card"
    events = when(given, reveal)
    assert events[0] == ev.RoundCardRevealed(round=1, card=reveal.card)
    assert of_type(events, ev.MajorityResolved)  # the demo edition defines the rewards: resolved at once
    assert fold([*given, *events]).round_cards == (reveal.card,)


def test_a_round_card_used_before_cannot_be_revealed_again():
    given, _ = _at_majority(2)
    (used,) = fold(given).round_cards
    assert violation(given, mv.RevealRoundCard(card=used)) == "arctica.bad_round_card"


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 7), (4, 12), (5, 11)])
def test_a_public_record_scores_as_the_fully_known_game(players: int, seed: int):
    game = simulate(players, seed)
    setup, moves = public_record(game)
    state = fold(RULES.start(setup))
    for move in moves:
        state = RULES.fold(RULES.decide(state, move), state)
    assert state.phase == "finished"
    known = RULES.fold(game.events)
    assert [(r.seat, r.total, r.breakdown, r.rank) for r in RULES.results(state)] == [
        (r.seat, r.total, r.breakdown, r.rank) for r in RULES.results(known)
    ]
    assert sum(isinstance(m, mv.RevealRoundCard) for m in moves) == 3


def test_legal_moves_of_a_public_game_are_legal_and_cover_the_record():
    setup, moves = public_record(simulate(3, 7))
    state = fold(RULES.start(setup))
    for move in moves:
        legal = RULES.legal_moves(state)
        for candidate in legal:
            RULES.decide(state, candidate)  # raises if a listed move is illegal
        assert type(move) in {type(m) for m in legal}
        if isinstance(move, (mv.PlayFauna, mv.RevealRoundCard)):
            same = [m for m in legal if type(m) is type(move) and m.card == move.card]
            assert same, f"{move} is not among the candidates"
        state = RULES.fold(RULES.decide(state, move), state)
