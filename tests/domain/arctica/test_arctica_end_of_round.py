"""END OF ROUND (ice melt, majority, collapse from round 2, endangered animals, events) and END OF
GAME (scoring breakdown, tie-break)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arctica import RULES, Setup, editions
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.scoring import results
from domain.arctica.state import Loc, Token

from .support import (
    ED,
    done,
    flora,
    fold,
    of_type,
    offered,
    started,
    to_circle,
    to_map,
    to_release,
    violation,
    when,
)

PLAN = ((0, 2), (0, 0), (0, 0), (0, 0, 0))


def last_selection(*extra, rnd: int = 1, n: int = 2, first=None):
    """Given events up to the last responder of the 5th selection of round ``rnd``; the ``when`` move
    is ``Skip(seat=responder)``."""
    given = [first or started(n, event_plan=PLAN), *extra]
    turn = 0
    for r in range(1, rnd):
        given += [ev.TurnEnded(round=r, turn=turn + k) for k in range(5)] + [ev.RoundEnded(round=r)]
        turn += 5
    given += [ev.TurnEnded(round=rnd, turn=turn + k) for k in range(4)]
    active = (turn + 4) % n
    given += [*offered(active, ("flora", "draw"), n=n), done(active, "flora"), done(active, "draw")]
    given += [done((active + k) % n, "flora") for k in range(1, n - 1)]
    return given, mv.Skip(seat=(active + n - 1) % n)


def finish(given, move):
    events = when(given, move)
    return events, fold([*given, *events])


def test_ice_melt_removes_the_tile_of_the_round_and_returns_its_tokens_to_the_reserve():
    given, move = last_selection(to_circle(0, "bird", 2), to_circle(1, "fish", 2))
    events, s = finish(given, move)
    melt = [e for e in of_type(events, ev.TokenMoved) if e.cause == "ice_melt"]
    assert [(e.seat, e.family, e.dst) for e in melt] == [
        (0, "bird", Loc("supply")),
        (1, "fish", Loc("supply")),
    ]
    assert of_type(events, ev.IceMelted)[0] == ev.IceMelted(round=1, tile=1, space=2)
    assert s.melted == (1,) and s.circle[2] == ()
    assert s.players[0].supply[3] == 5  # the starting bird is still on the circle


def test_majority_in_each_affected_region_with_the_round_card_rewards():
    # round 1 card "Polar Night": regions 0 and 1, rewards 5/3/1; tokens kept out of the hit sub-regions
    tokens = [to_map(0, "invertebrate", 6), to_map(0, "fish", 7), to_map(1, "terrestrial_mammal", 8)]
    tokens += [to_map(0, "marine_mammal", 12), to_map(1, "fish", 13)]
    given, move = last_selection(*tokens)
    events, s = finish(given, move)
    resolved = of_type(events, ev.MajorityResolved)
    assert [(r.region, r.tokens, r.points) for r in resolved] == [(0, (2, 1), (5, 3)), (1, (1, 1), (5, 5))]
    assert s.players[0].bp_majorities == 10 and s.players[1].bp_majorities == 8
    assert {e.cause for e in of_type(events, ev.BiodiversityScored)} == {"majority:0", "majority:1"}


def test_a_player_without_tokens_in_the_region_scores_nothing():
    given, move = last_selection(to_map(0, "invertebrate", 6), n=3)
    events, _ = finish(given, move)
    assert [r.points for r in of_type(events, ev.MajorityResolved)] == [(5, 0, 0), (0, 0, 0)]


def test_undefined_majority_rewards_are_recorded_by_the_table():
    cards = tuple(replace(c, rewards=None) for c in ED.round_cards)
    editions.register(replace(ED, id="test-majority", round_cards=cards))
    first = replace(started(2, event_plan=PLAN), edition_id="test-majority")
    given, move = last_selection(first=first)
    events, s = finish(given, move)
    assert s.phase == "majority" and not of_type(events, ev.MajorityResolved)
    given = [*given, *events]
    assert violation(given, mv.RecordMajority(region=1, points=(0, 0))) == "arctica.bad_points"
    events = when(given, mv.RecordMajority(region=0, points=(4, 0)))
    assert of_type(events, ev.BiodiversityScored)[0].cause == "majority:0"
    assert fold([*given, *events]).phase == "majority"  # region 1 next


def test_no_collapse_in_round_1():
    given, move = last_selection(*to_release(0, "bird", 5))
    events, _ = finish(given, move)
    assert of_type(events, ev.CollapseStep)[0].due == ()


def test_collapse_from_round_2_discards_3_tokens_and_gives_4_cards_and_2_flora():
    given, move = last_selection(*to_release(0, "bird", 5), rnd=2)
    events, s = finish(given, move)
    assert of_type(events, ev.CollapseStep)[0].due == (Token(0, "bird"),)
    assert s.phase == "collapse"
    given = [*given, *events]
    assert violation(given, mv.ResolveCollapse(seat=0, family="bird", tokens=(Loc("release"),))) == (
        "arctica.wrong_collapse_tokens"
    )
    assert violation(given, mv.ResolveCollapse(seat=1, family="bird", tokens=())) == "arctica.no_collapse"
    circle = (Loc("circle", 0), Loc("release"), Loc("release"))
    assert violation(given, mv.ResolveCollapse(seat=0, family="bird", tokens=circle)) == (
        "arctica.wrong_collapse_tokens"
    )
    events = when(given, mv.ResolveCollapse(seat=0, family="bird", tokens=(Loc("release"),) * 3))
    assert len([e for e in of_type(events, ev.TokenMoved) if e.cause == "collapse"]) == 3
    assert of_type(events, ev.CardsDrawn)[0].count == 4 and of_type(events, ev.FloraGained)[0].amount == 2
    p = fold([*given, *events]).players[0]
    assert p.supply[3] == 3 and p.release[3] == 2


def test_collapse_with_fewer_than_3_tokens_on_map_and_board_discards_them_all():
    moves = to_release(0, "fish", 1) + [to_circle(0, "fish", 1) for _ in range(4)]
    given, move = last_selection(*moves, rnd=2)
    events, _ = finish(given, move)
    given = [*given, *events]
    events = when(given, mv.ResolveCollapse(seat=0, family="fish", tokens=(Loc("release"),)))
    assert of_type(events, ev.CollapseResolved)


def test_endangered_upkeep_pay_one_flora_per_badge_or_destroy_a_card():
    endangered = next(c for c in ED.cards if c.endangered == 1)
    played = ev.FaunaPlayed(seat=0, card=endangered.id, column=endangered.generation)
    given, move = last_selection(played)
    events, s = finish(given, move)
    assert of_type(events, ev.EndangeredStep)[0].seats == (0,) and s.phase == "endangered"
    given = [*given, *events]
    events = when(given, mv.ResolveEndangered(seat=0))
    assert of_type(events, ev.FloraPaid)[0].amount == 1
    events = when(given, mv.ResolveEndangered(seat=0, destroy=endangered.id))
    assert of_type(events, ev.CardDestroyed)[0].card == endangered.id
    assert (
        endangered.id
        not in fold([*given, *events]).players[0].long_column + fold([*given, *events]).players[0].short_column
    )
    start_card = ED.setup.starting_cards[0][0]
    assert violation(given, mv.ResolveEndangered(seat=0, destroy=start_card)) == "arctica.not_endangered_card"
    assert violation(given, mv.ResolveEndangered(seat=1)) == "arctica.not_your_turn"
    broke = [*given[:1], ev.FloraPaid(seat=0, amount=2, cause="t"), *given[1:]]
    assert violation(broke, mv.ResolveEndangered(seat=0)) == "arctica.cannot_pay"


def test_events_discard_tokens_in_the_hit_sub_region_unless_saved_for_one_flora():
    # PLAN round 1: region 0 sub-region 0 (spaces 0-2, flees to circle 0), region 1 sub-region 2 (15-17)
    given, move = last_selection(to_map(0, "marine_mammal", 0), to_map(1, "invertebrate", 1))
    events, _ = finish(given, move)
    assert [(e.region, e.subregion) for e in of_type(events, ev.EventRevealed)] == [(0, 0), (1, 2)]
    assert of_type(events, ev.EventStep)[0].seats == (0, 1)
    given = [*given, *events]
    lost = when(given, mv.ResolveEvent(seat=0))
    assert of_type(lost, ev.TokenMoved)[0].dst == Loc("supply")
    saved = when(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=0),)))
    assert of_type(saved, ev.FloraPaid)[0].amount == 1
    assert of_type(saved, ev.TokenMoved)[0].dst == Loc("circle", 0)
    assert of_type(saved, ev.FloraGained)[0].cause == "circle:0"  # the arrival tile's bonus
    assert violation(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=1),))) == "arctica.bad_save"
    assert violation(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=0, dest=5),))) == "arctica.bad_destination"


def test_ice_bound_tokens_pay_one_more_flora_to_flee_to_the_next_ice_space():
    given, move = last_selection(to_map(0, "terrestrial_mammal", 15))  # flees to circle 7 (no ice)
    events, _ = finish(given, move)
    given = [*given, *events]
    saved = when(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=15),)))
    assert of_type(saved, ev.FloraPaid)[0].amount == 2
    assert of_type(saved, ev.TokenMoved)[0].dst == Loc("circle", 8)
    broke = [*given[:1], ev.FloraPaid(seat=0, amount=1, cause="t"), *given[1:]]
    assert violation(broke, mv.ResolveEvent(seat=0, saves=(mv.Save(space=15),))) == "arctica.cannot_pay"


def test_central_sub_region_owner_chooses_the_destination():
    plan = ((1, 0), (0, 0), (0, 0), (0, 0, 0))
    first = started(2, event_plan=plan)
    given, move = last_selection(to_map(0, "marine_mammal", 5), to_map(1, "terrestrial_mammal", 3), first=first)
    events, _ = finish(given, move)
    given = [*given, *events]
    assert violation(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=5),))) == "arctica.bad_destination"
    saved = when(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=5, dest=2),)))
    assert of_type(saved, ev.TokenMoved)[0].dst == Loc("circle", 2)
    # ice tile #1 (circle space 2) melted this round: an ice-bound token goes on to the next ice space
    saved = when(given, mv.ResolveEvent(seat=1, saves=(mv.Save(space=3, dest=2),)))
    assert of_type(saved, ev.TokenMoved)[0].dst == Loc("circle", 4)


def test_table_game_reveals_the_event_sub_regions_by_a_move():
    hands = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    (first,) = RULES.start(Setup(players=("A", "B"), hands=hands, round_cards=(0, 1, 2)))
    given, move = last_selection(first=first)
    events, s = finish(given, move)
    assert s.phase == "reveal"
    given = [*given, *events]
    assert violation(given, mv.RevealEvents(subregions=(0,))) == "arctica.bad_subregion"
    events = when(given, mv.RevealEvents(subregions=(0, 1)))
    assert len(of_type(events, ev.EventRevealed)) == 2 and isinstance(events[-1], ev.RoundEnded)


def test_round_ends_then_the_next_round_starts_with_the_next_active_player():
    given, move = last_selection()
    events, s = finish(given, move)
    assert isinstance(events[-1], ev.RoundEnded) and s.round == 2 and s.phase == "select" and s.selection == 0
    assert when([*given, *events], mv.SelectSpace(seat=1, space=1, wheel=1, direction=1))


def test_game_ends_after_round_4_with_the_scoring_breakdown():
    given, move = last_selection(*to_release(0, "fish", 2), flora(1, 3), rnd=4)
    events, s = finish(given, move)
    (end,) = of_type(events, ev.GameEnded)
    # the fourth round affects all three regions
    assert [r.region for r in of_type(events, ev.MajorityResolved)] == [0, 1, 2]
    assert len(of_type(events, ev.EventRevealed)) == 3
    assert s.phase == "finished" and RULES.is_finished(s)
    assert list(end.results) == results(ED, s) == RULES.results(s)
    by_seat = {r.seat: r for r in end.results}
    assert by_seat[0].breakdown["board_tokens"] == 2
    assert by_seat[1].breakdown["flora"] == 2  # (2 starting + 3) // 2
    cards_bp = sum(ED.generation_cards[i].bp for i in range(2))
    assert by_seat[0].breakdown["ecosystem_cards"] == cards_bp
    assert violation([*given, *events], mv.SelectSpace(seat=0, space=1, wheel=1, direction=1)) == (
        "arctica.game_finished"
    )


def test_tie_break_most_fauna_cards_then_shared_victory():
    cheap = [c for c in ED.cards if c.bp == 1][:2]
    base = [started(2)]
    # seat 0 has one more Fauna card; give seat 1 the same points by effects
    tied = [*base, ev.FaunaPlayed(seat=0, card=cheap[0].id, column=cheap[0].generation)]
    tied.append(ev.BiodiversityScored(seat=1, points=1, cause="flash:x"))
    ranks = {r.seat: r.rank for r in RULES.results(fold(tied))}
    assert ranks == {0: 1, 1: 2}
    shared = [*tied, ev.FaunaPlayed(seat=1, card=cheap[1].id, column=cheap[1].generation)]
    shared.append(ev.BiodiversityScored(seat=0, points=1, cause="flash:x"))
    ranks = {r.seat: r.rank for r in RULES.results(fold(shared))}
    assert ranks == {0: 1, 1: 1}


def test_wrong_steps_are_refused():
    given, move = last_selection(*to_release(0, "bird", 5), rnd=2)
    events, _ = finish(given, move)
    given = [*given, *events]
    assert violation(given, mv.TakeFlora(seat=0)) == "arctica.wrong_phase"
    assert violation(given, mv.ResolveEndangered(seat=0)) == "arctica.wrong_phase"
