"""Interpretation switches (``Edition.rules``): given an edition's reading, when a move, then events.
Each switch is tested both ways; the defaults are the engine's DECISIONs."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.arctica import RULES, Setup, editions
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.edition import Edition, Interpretations, canonical_json, fingerprint, index
from domain.arctica.scoring import breakdown
from domain.arctica.state import Loc

from .support import ED, fold, of_type, offered, started, to_map, to_release, violation, when
from .test_arctica_actions import at
from .test_arctica_end_of_round import finish, last_selection

_made: dict[str, Edition] = {}


def edition(**switches: Any) -> Edition:
    """demo-1 with other interpretation switches, registered under an id of its own."""
    name = "rules-" + "-".join(f"{k}.{v}" for k, v in sorted(switches.items())).replace("_", "")
    if name not in _made:
        _made[name] = editions.register(replace(ED, id=name[:64], rules=Interpretations(**switches)))
    return _made[name]


def on(ed: Edition, given: list[Any]) -> list[Any]:
    """The same given events, in a game pinned to ``ed``."""
    first = given[0]
    assert isinstance(first, ev.GameStarted)
    return [replace(first, edition_id=ed.id, edition_version=ed.version, edition_sha256=fingerprint(ed)), *given[1:]]


def test_the_defaults_are_the_decisions_and_leave_the_demo_fingerprint_alone():
    assert ED.rules is None
    rules = index(ED).rules
    assert rules.release_on_board and rules.hand_limit == 9 and rules.hand_limit_all_draws
    assert not rules.reshuffle_empty_deck and not rules.ice6_trade_on_flee
    assert b'"rules"' not in canonical_json(ED)


# ---------------------------------------------------------------- release area on the board


def test_release_area_tokens_score_as_board_tokens_unless_the_edition_says_otherwise():
    state = fold([started(2), *to_release(0, "fish", 3)])
    assert breakdown(ED, state.players[0])["board_tokens"] == 3
    assert breakdown(edition(release_on_board=False), state.players[0])["board_tokens"] == 0


# ---------------------------------------------------------------- hand limit


def test_the_hand_limit_is_the_edition_s():
    hands = [(1, 2, 3, 4, 5, 6, 7, 8), (30, 31, 32, 33, 34), (40, 41, 42, 43, 44)]
    given = at(("flora", "draw"), hands=hands)
    (drawn,) = of_type(when(given, mv.Draw(seat=0)), ev.CardsDrawn)
    assert drawn.count == 1
    (drawn,) = of_type(when(on(edition(hand_limit=10), given), mv.Draw(seat=0)), ev.CardsDrawn)
    assert drawn.count == 2


def test_the_hand_limit_may_cap_the_draw_action_only():
    hands = [(1, 2, 3, 4, 5, 6, 7, 8, 9), (30, 31, 32, 33, 34), (40, 41, 42, 43, 44)]
    given = at(("rotate_card", "draw"), hands=hands)
    assert not of_type(when(given, mv.RotateAndDraw(seat=0)), ev.CardsDrawn)
    only_draw = on(edition(hand_limit_all_draws=False), given)
    (drawn,) = of_type(when(only_draw, mv.RotateAndDraw(seat=0)), ev.CardsDrawn)
    assert drawn.count == 1 and drawn.cause == "action:rotate_card"
    assert not of_type(when(only_draw, mv.Draw(seat=0)), ev.CardsDrawn)  # the Draw action stays capped


# ---------------------------------------------------------------- reshuffling an empty deck


def _empty_deck(**switches: Any) -> list[Any]:
    discarded = ev.CardsDiscarded(seat=0, cards=(7, 12), cause="test")
    given = at(("flora", "draw"), discarded, deck=(20,))
    return on(edition(**switches), given) if switches else given


def test_an_empty_deck_is_not_reshuffled_by_default():
    events = when(_empty_deck(), mv.Draw(seat=0))
    assert not of_type(events, ev.DeckReshuffled) and of_type(events, ev.CardsDrawn)[0].cards == (20,)


def test_an_edition_may_reshuffle_the_discards_when_the_deck_runs_out():
    given = _empty_deck(reshuffle_empty_deck=True)
    events = when(given, mv.Draw(seat=0))
    (shuffled,) = of_type(events, ev.DeckReshuffled)
    assert shuffled.reshuffled == 2 and shuffled.cards is not None
    assert shuffled.cards[0] == 20 and sorted(shuffled.cards[1:]) == [7, 12]
    (drawn,) = of_type(events, ev.CardsDrawn)
    assert drawn.cards == shuffled.cards[:2]
    state = fold([*given, *events])
    assert state.discard == () and len(state.deck) == 1
    assert when(given, mv.Draw(seat=0)) == events  # the shuffle is a function of the state


def test_a_table_game_reshuffles_the_discards_back_among_the_unseen_cards():
    ed = edition(reshuffle_empty_deck=True)
    hands = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    (first,) = RULES.start(Setup(players=("A", "B"), edition=ed.id, hands=hands, round_cards=(0, 1, 2)))
    assert isinstance(first, ev.GameStarted)
    tiny = replace(first, deck=(11,))
    given = [tiny, ev.CardsDiscarded(seat=0, cards=(3,), cause="test"), *offered(0, ("draw", "flora"), n=2)]
    events = when(given, mv.Draw(seat=0, drawn=(11, 3)))
    assert of_type(events, ev.DeckReshuffled)[0].cards == (3, 11)
    assert of_type(events, ev.CardsDrawn)[0].cards == (11, 3)


# ---------------------------------------------------------------- the ice #6 trade after fleeing


def _flee_to_ice6(**switches: Any) -> list[Any]:
    # region 0 sub-region 0 (hit in round 1) flees to circle space 10: ice tile #6
    r0 = ED.regions[0]
    subs = (replace(r0.subregions[0], flee_spaces=(10,)), *r0.subregions[1:])
    base = replace(ED, regions=(replace(r0, subregions=subs), *ED.regions[1:]))
    name = "flee6-" + ("trade" if switches else "default")
    ed = _made.get(name) or editions.register(replace(base, id=name, rules=Interpretations(**switches)))
    _made[name] = ed
    given, move = last_selection(to_map(0, "marine_mammal", 0))
    given = on(ed, given)
    events, _ = finish(given, move)
    return [*given, *events]


def test_a_token_fleeing_onto_ice6_is_not_traded_by_default():
    given = _flee_to_ice6()
    save = mv.Save(space=0, trade=True)
    assert violation(given, mv.ResolveEvent(seat=0, saves=(save,))) == "arctica.trade_not_on_ice6"
    events = when(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=0),)))
    assert of_type(events, ev.TokenMoved)[-1].dst == Loc("circle", 10)


def test_an_edition_may_allow_the_ice6_trade_after_fleeing():
    given = _flee_to_ice6(ice6_trade_on_flee=True)
    events = when(given, mv.ResolveEvent(seat=0, saves=(mv.Save(space=0, trade=True),)))
    assert [e.amount for e in of_type(events, ev.FloraPaid)] == [1, 1]  # the flight, then the trade
    assert of_type(events, ev.BiodiversityScored)[0] == ev.BiodiversityScored(seat=0, points=3, cause="ice6")
    assert of_type(events, ev.TokenMoved)[-1].dst == Loc("release")
    state = fold([*given, *events])
    assert state.players[0].bp_trades == 3 and state.players[0].release[0] == 1


def test_trading_needs_to_land_on_ice6():
    space = 0  # flees to circle space 0, not ice tile #6
    given, move = last_selection(to_map(0, "marine_mammal", space))
    ed = edition(ice6_trade_on_flee=True)
    given = on(ed, given)
    events, _ = finish(given, move)
    code = violation([*given, *events], mv.ResolveEvent(seat=0, saves=(mv.Save(space=space, trade=True),)))
    assert code == "arctica.trade_not_on_ice6"
