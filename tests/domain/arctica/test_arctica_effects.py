"""Each composable effect form of an edition (and nested compositions): given events → when a move
whose effect uses the form, with its decisions → then events or a code."""

from __future__ import annotations

from typing import Any

import hypothesis
import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.edition import (
    MAX_EFFECT_DEPTH,
    Choice,
    Count,
    Edition,
    EditionFormatError,
    Effect,
    Extra,
    Form,
    Gain,
    May,
    MoveTokens,
    Repeat,
    RotateWheels,
    Sequence,
    Target,
    decode_edition,
    edition_schema,
    validate_edition,
)
from domain.arctica.legal import expand
from domain.arctica.rules import decide
from domain.arctica.state import Loc
from domain.errors import RuleViolation

from .support import ED, flora, fold, of_type, offered, started, to_release

HOST = 12  # demo-1: cost 0, short generation, no placement requirement
KEY = f"flash:{HOST}"
HAND = (HOST, 7, 10, 6, 4)


def edition(form: Form) -> Edition:
    """demo-1 with the host card's Flash effect replaced by ``form``."""
    flash = Effect(then=form)
    return replace(ED, cards=tuple(replace(c, flash=flash) if c.id == HOST else c for c in ED.cards))


def given(*extra: Any) -> list[Any]:
    hands = [HAND, (30, 31, 32, 33, 34), (40, 41, 42, 43, 44)]
    return [started(3, hands=hands, deck=(20, 21, 22, 23, 24, 25)), *extra, *offered(0, ("fauna", "flora"))]


def play(form: Form, *choices: mv.Decision, extra: tuple[Any, ...] = (), record: bool = True) -> list[Any]:
    outcomes = {KEY: mv.Outcome(choices=choices)} if record else {}
    move = mv.PlayFauna(seat=0, card=HOST, outcomes=outcomes)
    return decide(edition(form), fold(given(*extra)), move)


def refused(form: Form, *choices: mv.Decision, extra: tuple[Any, ...] = ()) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        play(form, *choices, extra=extra)
    return info.value


def caused(events: list[Any], kind: type) -> list[Any]:
    return [e for e in of_type(events, kind) if getattr(e, "cause", KEY) == KEY]


# ---------------------------------------------------------------- primitives and sequence


def test_gain_pays_gains_draws_and_scores_for_the_player():
    events = play(Gain(flora=2, cards=1, bp=3))
    assert [(e.seat, e.amount) for e in caused(events, ev.FloraGained)] == [(0, 2)]
    assert [(e.seat, e.count) for e in caused(events, ev.CardsDrawn)] == [(0, 1)]
    assert [(e.seat, e.points) for e in caused(events, ev.BiodiversityScored)] == [(0, 3)]


def test_sequence_resolves_its_steps_in_order():
    events = play(Sequence(steps=(Gain(bp=1), Gain(flora_cost=1), Gain(flora=1))))
    kinds = [type(e) for e in events if getattr(e, "cause", None) == KEY]
    assert kinds == [ev.BiodiversityScored, ev.FloraPaid, ev.FloraGained]


def test_granted_migrations_are_step_decisions_and_may_be_declined():
    form = Gain(migrations=2)
    events = play(form, mv.Step(space=0, family="fish"), mv.Done())
    assert [(e.family, e.src) for e in caused(events, ev.TokenMigrated)] == [("fish", 0)]
    assert caused(play(form, record=False), ev.TokenMigrated) == []
    assert refused(form, mv.Step(space=5, family="fish")).code == "arctica.bad_decision"


# ---------------------------------------------------------------- optional


PAY_TO_SCORE = May(effect=Gain(flora_cost=1, bp=3))


def test_optional_taken_pays_then_gains():
    events = play(PAY_TO_SCORE, mv.Take(yes=True))
    assert of_type(events, ev.EffectTaken) == [ev.EffectTaken(seat=0, cause=KEY)]
    assert [e.amount for e in caused(events, ev.FloraPaid)] == [1]
    assert [e.points for e in caused(events, ev.BiodiversityScored)] == [3]


@pytest.mark.parametrize("choices", [(mv.Take(yes=False),), ()])
def test_optional_declined_or_not_recorded_does_nothing(choices):
    events = play(PAY_TO_SCORE, *choices)
    assert of_type(events, ev.EffectDeclined) == [ev.EffectDeclined(seat=0, cause=KEY)]
    assert caused(events, ev.FloraPaid) == [] and caused(events, ev.BiodiversityScored) == []


def test_optional_that_cannot_be_paid_is_refused():
    assert refused(May(effect=Gain(flora_cost=9, bp=3)), mv.Take(yes=True)).code == "arctica.cannot_pay"


# ---------------------------------------------------------------- choice


TWO_WAYS = Choice(options=(Gain(bp=2), Gain(flora=2)))


def test_choice_applies_the_option_chosen():
    events = play(TWO_WAYS, mv.Pick(option=1))
    assert of_type(events, ev.EffectOptionChosen) == [ev.EffectOptionChosen(seat=0, cause=KEY, number=2)]
    assert [e.amount for e in caused(events, ev.FloraGained)] == [2]
    assert caused(events, ev.BiodiversityScored) == []


def test_choice_needs_its_decision():
    refusal = refused(TWO_WAYS)
    assert refusal.code == "arctica.decision_required"
    assert list(refusal.legal) == [mv.Pick(option=0), mv.Pick(option=1)]
    assert refused(TWO_WAYS, mv.Pick(option=2)).code == "arctica.bad_decision"
    assert refused(TWO_WAYS, mv.Take(yes=True)).code == "arctica.bad_decision"


def test_decisions_left_over_are_refused():
    assert refused(TWO_WAYS, mv.Pick(option=0), mv.Pick(option=0)).code == "arctica.bad_decision"


def test_decisions_for_an_effect_without_a_form_are_refused():
    printed = next(c.flash for c in ED.cards if c.id == HOST)
    assert printed is not None and printed.then is None and printed.migrations == 0
    outcome = mv.Outcome(flora=printed.flora, flora_cost=printed.flora_cost, cards=printed.cards, bp=printed.bp)
    move = mv.PlayFauna(seat=0, card=HOST, outcomes={KEY: replace(outcome, choices=(mv.Take(yes=True),))})
    with pytest.raises(RuleViolation) as info:
        decide(ED, fold(given()), move)
    assert info.value.code == "arctica.bad_decision"


# ---------------------------------------------------------------- repeat / scale


def test_repeat_a_fixed_number_of_times():
    events = play(Repeat(effect=Gain(bp=2), times=3))
    assert [e.points for e in caused(events, ev.BiodiversityScored)] == [2, 2, 2]


def test_repeat_scales_with_a_count_per_and_max():
    fish = tuple(to_release(0, "fish", 5))
    per_fish = Repeat(effect=Gain(bp=1), count=Count(of="tokens", zone="release", family="fish"))
    assert len(caused(play(per_fish, extra=fish), ev.BiodiversityScored)) == 5
    per_two = Repeat(effect=Gain(bp=1), count=Count(of="tokens", zone="release", family="fish", per=2))
    assert len(caused(play(per_two, extra=fish), ev.BiodiversityScored)) == 2
    capped = Repeat(effect=Gain(bp=1), times=2, count=Count(of="tokens", family="fish", max=1))
    assert len(caused(play(capped, extra=fish), ev.BiodiversityScored)) == 2
    assert caused(play(per_fish), ev.BiodiversityScored) == []  # none counted: nothing happens


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (Count(of="hand"), 4),  # the host card has left the hand
        (Count(of="flora"), 2),  # demo-1 setup Flora
        (Count(of="cards"), 3),  # two starting Generation Cards and the host
        (Count(of="cards", generation="short"), 2),
        (Count(of="tokens", zone="circle"), 2),  # demo-1 starts a bird and a fish on the circle
        (Count(of="tokens", zone="short_wheel"), 1),  # the host's own token
    ],
)
def test_counts_see_the_state_when_the_repeat_starts(count, expected):
    events = play(Repeat(effect=Gain(bp=1), count=count))
    assert len(caused(events, ev.BiodiversityScored)) == expected


# ---------------------------------------------------------------- target


@pytest.mark.parametrize(
    ("who", "seats"),
    [("each_opponent", [1, 2]), ("left", [1]), ("right", [2]), ("each_player", [0, 1, 2])],
)
def test_target_applies_the_effect_to_other_players(who, seats):
    events = play(Target(who=who, effect=Gain(flora=1)))
    assert [e.seat for e in caused(events, ev.FloraGained)] == seats


def test_chosen_target_is_a_decision_among_the_others():
    events = play(Target(who="chosen", effect=Gain(bp=2)), mv.Aim(seat=2))
    assert of_type(events, ev.EffectTargetChosen) == [ev.EffectTargetChosen(seat=0, cause=KEY, target=2)]
    assert [(e.seat, e.points) for e in caused(events, ev.BiodiversityScored)] == [(2, 2)]
    assert refused(Target(who="chosen", effect=Gain(bp=2)), mv.Aim(seat=0)).code == "arctica.bad_decision"
    assert refused(Target(who="chosen", effect=Gain(bp=2))).code == "arctica.decision_required"


def test_an_opponent_who_cannot_pay_makes_the_effect_impossible():
    assert refused(Target(who="left", effect=Gain(flora_cost=5))).code == "arctica.cannot_pay"


# ---------------------------------------------------------------- token moves, rotation, extra actions


def test_move_a_token_from_the_release_area_to_a_circle_space():
    form = MoveTokens(src="release", dst="circle", family="fish", dst_index=3)
    shift = mv.Shift(family="fish", src=Loc("release"), dst=Loc("circle", 3))
    events = play(form, shift, extra=tuple(to_release(0, "fish")))
    assert [(e.src, e.dst) for e in caused(events, ev.TokenMoved)] == [(Loc("release"), Loc("circle", 3))]
    wrong = mv.Shift(family="fish", src=Loc("release"), dst=Loc("circle", 4))
    assert refused(form, wrong, extra=tuple(to_release(0, "fish"))).code == "arctica.bad_decision"
    assert refused(form, extra=tuple(to_release(0, "fish"))).code == "arctica.decision_required"
    assert caused(play(form), ev.TokenMoved) == []  # no fish in the release area: nothing to move


def test_move_tokens_into_the_release_area_up_to_a_count():
    form = MoveTokens(src="short_wheel", dst="release", count=2, up_to=True)
    own = mv.Shift(family="terrestrial_mammal", src=Loc("short_wheel", 0), dst=Loc("release"))
    events = play(form, own)  # no token left to move: the second decision is not asked
    assert [(e.family, e.dst) for e in caused(events, ev.TokenMoved)] == [("terrestrial_mammal", Loc("release"))]
    assert caused(play(form), ev.TokenMoved) == []  # up to: nothing recorded moves nothing
    assert fold([*given(), *events]).players[0].release[1] == 1


def test_rotation_turns_both_generation_wheels():
    events = play(RotateWheels(times=2))
    assert len(caused(events, ev.WheelsRotated)) == 2


def test_extra_reproduction_of_a_top_card():
    earlier = ev.FaunaPlayed(seat=0, card=7, column=ED.cards[6].generation)
    assert ED.cards[6].id == 7
    events = play(Extra(action="reproduction"), mv.ExtraReproduction(card=7), extra=(earlier,))
    assert [e.card for e in caused(events, ev.CardMovedToBack)] == [7]
    assert [e.family for e in caused(events, ev.TokenMoved)] == [ED.cards[6].family]
    declined = play(Extra(action="reproduction"), extra=(earlier,))
    assert of_type(declined, ev.EffectDeclined) and caused(declined, ev.CardMovedToBack) == []
    starting = mv.ExtraReproduction(card=ED.setup.starting_cards[0][1])
    assert refused(Extra(action="reproduction"), starting).code == "arctica.bad_decision"


def test_extra_colony_pays_its_flora_and_gains_the_space():
    space = next(i for i, m in enumerate(ED.map) if m.family == "fish")
    extra = (*to_release(0, "fish"), flora(0, 1))
    events = play(Extra(action="colony"), mv.ExtraColony(family="fish", spaces=(space,)), extra=extra)
    assert [e.amount for e in of_type(events, ev.FloraPaid) if e.cause == "colony"] == [1]
    assert [e.dst for e in of_type(events, ev.TokenMoved) if e.cause == "colony"] == [Loc("map", space)]


# ---------------------------------------------------------------- nested compositions


def test_a_choice_of_an_optional_repeated_gift_to_every_opponent():
    gift = May(
        effect=Sequence(
            steps=(Gain(flora_cost=1), Repeat(effect=Target(who="each_opponent", effect=Gain(bp=1)), times=2))
        )
    )
    form = Choice(options=(Gain(bp=1), gift))
    events = play(form, mv.Pick(option=1), mv.Take(yes=True))
    assert [e.seat for e in caused(events, ev.BiodiversityScored)] == [1, 2, 1, 2]
    assert [e.seat for e in caused(events, ev.FloraPaid)] == [0]


def test_decisions_of_every_target_follow_in_one_list():
    form = Target(who="each_opponent", effect=Choice(options=(Gain(bp=1), Gain(flora=1))))
    events = play(form, mv.Pick(option=0), mv.Pick(option=1))
    assert [(e.seat, e.number) for e in of_type(events, ev.EffectOptionChosen)] == [(1, 1), (2, 2)]
    assert [e.seat for e in caused(events, ev.BiodiversityScored)] == [1]
    assert [e.seat for e in caused(events, ev.FloraGained)] == [2]


def test_the_same_move_decides_the_same_events():
    form = Choice(options=(Repeat(effect=Gain(bp=1), count=Count(of="hand")), RotateWheels()))
    assert play(form, mv.Pick(option=0)) == play(form, mv.Pick(option=0))


# ---------------------------------------------------------------- the edition format


def with_flash(raw_form: dict[str, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = msgspec.to_builtins(ED)
    doc["cards"][0]["flash"] = {"then": raw_form}
    return doc


def test_the_schema_describes_the_forms():
    defs = edition_schema()["$defs"]
    assert {"Gain", "Sequence", "May", "Choice", "Repeat", "Target", "MoveTokens", "RotateWheels", "Extra"} <= set(defs)


def test_an_unknown_form_is_refused_with_its_json_path():
    with pytest.raises(EditionFormatError) as info:
        decode_edition(msgspec.json.encode(with_flash({"op": "explode"})))
    assert info.value.path == "$.cards[0].flash.then.op"


@pytest.mark.parametrize(
    ("form", "problem"),
    [
        (Choice(options=(Gain(bp=1),)), "$.cards[0].flash.then.options: a choice needs at least two options"),
        (Sequence(steps=()), "$.cards[0].flash.then.steps: a sequence needs at least one step"),
        (
            Repeat(effect=Gain(bp=1), count=Count(of="badges")),
            "$.cards[0].flash.then.count.badge: names the badge counted, and only when counting badges",
        ),
        (
            Repeat(effect=Gain(bp=1), count=Count(of="hand", zone="map")),
            "$.cards[0].flash.then.count.zone: only tokens are counted in a zone",
        ),
        (
            MoveTokens(src="release", dst="circle", dst_index=99),
            "$.cards[0].flash.then.dst_index: not a space of the circle",
        ),
        (MoveTokens(src="release", dst="release"), "$.cards[0].flash.then: a token move needs two different zones"),
        (
            Sequence(steps=(May(effect=Choice(options=(Gain(), Extra(action="colony")))),)),
            None,
        ),
    ],
)
def test_validate_edition_names_the_json_path_of_a_bad_form(form, problem):
    doc = with_flash(msgspec.to_builtins(form))
    problems = validate_edition(decode_edition(msgspec.json.encode(doc)))
    assert problems == ([problem] if problem else [])


def test_nesting_is_bounded():
    form: Form = Gain(bp=1)
    for _ in range(MAX_EFFECT_DEPTH):
        form = May(effect=form)
    deep = validate_edition(decode_edition(msgspec.json.encode(with_flash(msgspec.to_builtins(form)))))
    assert deep == [f"$.cards[0].flash.then{'.effect' * MAX_EFFECT_DEPTH}: effects nest at most 6 levels deep"]
    assert validate_edition(edition(May(effect=Gain()))) == []


# ---------------------------------------------------------------- any form, any decisions: a refusal or events

ZONES = st.sampled_from(["supply", "long_wheel", "short_wheel", "release", "map", "circle"])
FAMILY = st.sampled_from([None, "fish", "bird", "terrestrial_mammal"])
GAINS = st.builds(
    Gain,
    flora=st.integers(0, 2),
    flora_cost=st.integers(0, 2),
    cards=st.integers(0, 1),
    bp=st.integers(0, 2),
    migrations=st.integers(0, 1),
)
COUNTS = st.builds(
    Count, of=st.sampled_from(["tokens", "cards", "flora", "hand"]), per=st.integers(1, 2), max=st.just(3)
)
LEAVES = st.one_of(
    GAINS,
    st.builds(RotateWheels, times=st.integers(1, 2)),
    st.builds(Extra, action=st.sampled_from(["reproduction", "colony"])),
    st.builds(MoveTokens, src=ZONES, dst=ZONES, family=FAMILY, count=st.integers(1, 2), up_to=st.booleans()).filter(
        lambda f: f.src != f.dst
    ),
)
FORMS = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.builds(Sequence, steps=st.lists(inner, min_size=1, max_size=2).map(tuple)),
        st.builds(May, effect=inner),
        st.builds(Choice, options=st.lists(inner, min_size=2, max_size=3).map(tuple)),
        st.builds(Repeat, effect=inner, times=st.integers(1, 2), count=st.one_of(st.none(), COUNTS)),
        st.builds(
            Target, who=st.sampled_from(["chosen", "each_opponent", "left", "right", "each_player"]), effect=inner
        ),
    ),
    max_leaves=4,
)
DECISIONS = st.lists(
    st.one_of(
        st.builds(mv.Take, yes=st.booleans()),
        st.builds(mv.Pick, option=st.integers(0, 3)),
        st.builds(mv.Aim, seat=st.integers(0, 4)),
        st.just(mv.Done()),
        st.builds(mv.ExtraReproduction, card=st.sampled_from([7, 12, 1002])),
    ),
    max_size=4,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@hypothesis.given(FORMS, DECISIONS)
def test_any_form_with_any_decisions_is_decided_or_refused_with_a_code(form, choices):
    edition_ = edition(form)
    state = fold(given(*to_release(0, "fish", 2), flora(0, 1)))
    move = mv.PlayFauna(seat=0, card=HOST, outcomes={KEY: mv.Outcome(choices=tuple(choices))})
    try:
        decide(edition_, state, move)
    except RuleViolation as refusal:
        assert refusal.code.startswith("arctica.")
    for listed in expand(edition_, state, mv.PlayFauna(seat=0, card=HOST)):
        decide(edition_, state, listed)  # every decision list the explorer found is accepted
