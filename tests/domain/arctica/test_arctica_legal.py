"""``legal_moves`` in every mode (seeded, table, public) and on both packaged editions: every move it
lists is accepted by ``decide``, every move played in simulated games is listed (in the canonical
spelling, see ``legal.canonical``), and the counts of the families it lists in full."""

from __future__ import annotations

from math import comb

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.arctica import RULES, editions
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.edition import Choice, Effect, Gain, May, Target
from domain.arctica.legal import canonical, expand, legal_moves
from domain.arctica.queries import destination
from domain.arctica.rules import decide
from domain.arctica.simulator import public_record, simulate, table_record
from domain.arctica.state import UNKNOWN
from domain.errors import RuleViolation

from .support import ED, fold, offered, started

FORMS = editions.get("forms-1")
RECORDS = {
    "seeded": lambda game: (game.setup, game.moves),
    "table": table_record,
    "public": public_record,
}


def listed_and_played(edition_id: str, mode: str, players: int, seed: int) -> int:
    """Walk a simulated game in ``mode``: each listed move is decided, each played move is listed.
    Returns how many moves were listed in all."""
    edition = editions.get(edition_id)
    game = simulate(players, seed, edition=edition)
    setup, moves = RECORDS[mode](game)
    state = RULES.fold(RULES.start(setup))
    total = 0
    for move in moves:
        legal = RULES.legal_moves(state)
        total += len(legal)
        for candidate in legal:
            decide(edition, state, candidate)  # raises if a listed move is refused
        spelled = {_key(canonical(m, names_draws=False)) for m in legal}
        played = canonical(move, names_draws=False)
        if mode == "public" and isinstance(move, mv.PlayFauna):
            # a card nobody had seen: one discard choice among the unknown cards is listed
            assert any(isinstance(m, mv.PlayFauna) and m.card == move.card for m in legal), move
        else:
            assert _key(played) in spelled, f"{move} is not listed"
        state = RULES.fold(RULES.decide(state, move), state)
    assert RULES.is_finished(state) and RULES.legal_moves(state) == []
    return total


def _key(move: mv.Move) -> bytes:
    return msgspec.json.encode(move)


@pytest.mark.parametrize("mode", ["seeded", "table", "public"])
@pytest.mark.parametrize("edition_id", ["demo-1", "forms-1"])
def test_every_listed_move_is_accepted_and_every_played_move_is_listed(edition_id, mode):
    assert listed_and_played(edition_id, mode, 4, 11) > 1000


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), st.integers(0, 2**32), st.sampled_from(["seeded", "table"]))
def test_property_over_simulated_games(players, seed, mode):
    listed_and_played("forms-1", mode, players, seed)


# ---------------------------------------------------------------- counts of the families listed in full

HAND = (12, 7, 10, 6, 4, 2)


def test_every_discard_set_of_every_card_is_listed():
    state = fold([started(3, hands=[HAND, (30,), (40,)]), *offered(0, ("fauna", "flora"))])
    fauna = [m for m in RULES.legal_moves(state) if isinstance(m, mv.PlayFauna)]
    for card in HAND:
        cost = next(c.cost for c in ED.cards if c.id == card)
        flash = next(c.flash for c in ED.cards if c.id == card)
        assert flash is not None
        sets = {m.discards for m in fauna if m.card == card}
        assert len(sets) == comb(len(HAND) - 1, cost), card


def test_a_table_game_lists_moves_that_draw_with_the_lowest_unseen_cards():
    setup, moves = table_record(simulate(3, 2))
    state = RULES.fold(RULES.start(setup))
    while not (state.phase == "actions" and "draw" in state.offered):
        state = RULES.fold(RULES.decide(state, moves.pop(0)), state)
    draws = [m for m in RULES.legal_moves(state) if isinstance(m, mv.Draw)]
    assert draws and all(m.drawn == state.deck[:2] for m in draws)


def test_revealed_sub_regions_are_listed_in_full():
    setup, moves = table_record(simulate(3, 2))
    state = RULES.fold(RULES.start(setup))
    while state.phase != "reveal":
        state = RULES.fold(RULES.decide(state, moves.pop(0)), state)
    reveals = RULES.legal_moves(state)
    assert len(reveals) == 3 ** len(reveals[0].subregions) and len(set(reveals)) == len(reveals)


def test_every_decision_list_of_an_effect_is_listed():
    choose = Target(who="chosen", effect=May(effect=Gain(flora_cost=1, bp=2)))
    card = 12
    edition = replace(ED, cards=tuple(replace(c, flash=Effect(then=choose)) if c.id == card else c for c in ED.cards))
    state = fold([started(3, hands=[HAND, (30,), (40,)]), *offered(0, ("fauna", "flora"))])
    listed = expand(edition, state, mv.PlayFauna(seat=0, card=card))
    # 2 targets x (take or decline); each target has the demo-1 starting 2 Flora, so both can pay
    assert sorted(msgspec.json.encode(m.outcomes[f"flash:{card}"].choices) for m in listed) == sorted(
        msgspec.json.encode((mv.Aim(seat=s), mv.Take(yes=y))) for s in (1, 2) for y in (True, False)
    )
    assert legal_moves(edition, state)  # and the whole list is decided without a refusal
    events = decide(edition, state, listed[0])
    assert any(isinstance(e, ev.EffectTargetChosen) for e in events)


def test_public_games_list_unseen_cards_once_each():
    state = fold([started(3, hands=[(UNKNOWN,) * 5, (UNKNOWN,), (UNKNOWN,)]), *offered(0, ("fauna", "flora"))])
    state = replace(state, chance="public")
    cards = {m.card for m in RULES.legal_moves(state) if isinstance(m, mv.PlayFauna)}
    assert len(cards) > 100 and UNKNOWN not in cards


def test_decisions_of_a_circle_bonus_reached_by_a_migration_are_listed():
    bonus = Effect(then=Choice(options=(Gain(bp=1), Gain(flora=1))))
    state = fold([started(3, hands=[HAND, (30,), (40,)]), *offered(0, ("migration", "flora"))])
    space, fam = next((i, t.family) for i, sp in enumerate(state.circle) for t in sp if t.seat == 0)
    dst = destination(ED, state, space, fam)
    circle = tuple(replace(sp, bonus=bonus) if i == dst else sp for i, sp in enumerate(ED.circle))
    edition = replace(ED, circle=circle)
    step = mv.MigrationStep(space=space, family=fam)  # type: ignore[arg-type]
    listed = [m for m in legal_moves(edition, state) if isinstance(m, mv.Migrate) and len(m.steps) == 1]
    listed = [m for m in listed if (m.steps[0].space, m.steps[0].family) == (space, fam)]
    key = f"circle:{dst}"
    assert [m.steps[0].outcomes[key].choices for m in listed] == [(mv.Pick(option=0),), (mv.Pick(option=1),)]
    with pytest.raises(RuleViolation) as info:
        decide(edition, state, mv.Migrate(seat=0, steps=(step,)))
    assert info.value.code == "arctica.decision_required"
    assert any(isinstance(e, ev.FloraGained) for e in decide(edition, state, listed[1]))
