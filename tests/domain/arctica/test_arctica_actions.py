"""Each action of the rules summary (ACTIONS), given events → when move → then events or a code."""

from __future__ import annotations

from msgspec.structs import replace

from domain.arctica import RULES, Setup, editions
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.state import EMPTY, FLORA, Loc

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

HAND = (10, 7, 12, 6, 4)
DECK = (20, 21, 22, 23, 24, 25)


def at(actions: tuple[str, str], *extra, seat: int = 0, hands=None, deck=DECK, n: int = 3):
    hands = hands or [HAND, (30, 31, 32, 33, 34), (40, 41, 42, 43, 44)][:n]
    return [started(n, hands=hands, deck=deck, start_player=seat), *extra, *offered(seat, actions, n=n)]


def fish_on_short(seat: int, slot: int) -> ev.TokenMoved:
    return ev.TokenMoved(seat=seat, family="fish", src=Loc("supply"), dst=Loc("short_wheel", slot), cause="test")


# ---------------------------------------------------------------- Fauna


def test_fauna_cost_is_paid_by_discarding_exactly_that_many_other_cards():
    events = when(at(("fauna", "draw")), mv.PlayFauna(seat=0, card=10, discards=(7,)))
    assert of_type(events, ev.CardsDiscarded)[0].cards == (7,)
    assert of_type(events, ev.FaunaPlayed)[0] == ev.FaunaPlayed(seat=0, card=10, column="long")
    s = fold([*at(("fauna", "draw")), *events])
    assert s.players[0].hand == (12, 6, 4) and s.discard == (7,)


def test_fauna_wrong_cost():
    given = at(("fauna", "draw"))
    for discards in [(), (7, 12), (10,), (99,)]:
        assert violation(given, mv.PlayFauna(seat=0, card=10, discards=discards)) == "arctica.wrong_cost"
    assert violation(given, mv.PlayFauna(seat=0, card=6, discards=(7, 7))) == "arctica.wrong_cost"


def test_fauna_card_must_be_in_hand():
    assert violation(at(("fauna", "draw")), mv.PlayFauna(seat=0, card=50)) == "arctica.card_not_in_hand"


def test_fauna_goes_to_its_generation_column_and_places_a_token_in_the_next_free_slot():
    given = at(("fauna", "draw"))
    events = when(given, mv.PlayFauna(seat=0, card=12))  # short, cost 0
    s = fold([*given, *events])
    assert s.players[0].short_column[0] == 12
    assert s.players[0].short_wheel == ("terrestrial_mammal", EMPTY, EMPTY)
    events = when(given, mv.PlayFauna(seat=0, card=10, discards=(7,)))  # long, cost 1
    s = fold([*given, *events])
    assert s.players[0].long_column[0] == 10
    assert s.players[0].long_wheel == (FLORA, FLORA, "fish", EMPTY, EMPTY)  # 2 starting Flora first


def test_fauna_unplayable_without_a_free_slot():
    given = at(("fauna", "draw"), *[fish_on_short(0, i) for i in range(3)])
    assert violation(given, mv.PlayFauna(seat=0, card=12)) == "arctica.wheel_full"


def test_fauna_unplayable_without_a_token_in_the_supply():
    given = at(("fauna", "draw"), *to_release(0, "fish", 5))
    assert violation(given, mv.PlayFauna(seat=0, card=10, discards=(7,))) == "arctica.no_token_in_supply"


def test_fauna_placement_requirement_badges():
    card = ED.cards[3]  # id 4: requires "sea"
    assert card.id == 4 and card.requires == ("sea",)
    hands = [(30, 31, 32, 33, 34), (4, 7, 12, 6, 10), (40, 41, 42, 43, 44)]
    given = at(("fauna", "draw"), seat=1, hands=hands)  # seat 1 starts with "ice" and "tundra"
    move = mv.PlayFauna(seat=1, card=4, discards=(12, 6, 10))
    assert violation(given, move) == "arctica.missing_badges"
    with_sea = at(("fauna", "draw"), ev.FaunaPlayed(seat=1, card=7, column="long"), seat=1, hands=hands)
    assert of_type(when(with_sea, move), ev.FaunaPlayed)


def test_fauna_flash_effect_is_recorded_as_concrete_outcomes_with_their_cause():
    given = at(("fauna", "draw"))
    events = when(given, mv.PlayFauna(seat=0, card=7, discards=(12,)))  # flash: +1 Flora, +1 card
    gained = of_type(events, ev.FloraGained)
    drawn = of_type(events, ev.CardsDrawn)
    assert gained[0].amount == 1 and gained[0].cause == "flash:7"
    assert drawn[0].cards == (20,) and drawn[0].cause == "flash:7"
    events = when(given, mv.PlayFauna(seat=0, card=6, discards=(12, 4)))  # flash: pay 1 Flora, +3 BP
    assert of_type(events, ev.FloraPaid)[0].cause == "flash:6"
    assert of_type(events, ev.BiodiversityScored)[0].points == 3


def test_recorded_outcome_must_match_the_printed_effect():
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:10": mv.Outcome(bp=2)})
    assert violation(at(("fauna", "draw")), move) == "arctica.outcome_mismatch"
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:10": mv.Outcome(bp=1)})
    assert of_type(when(at(("fauna", "draw")), move), ev.BiodiversityScored)[0].cause == "flash:10"


def test_outcome_for_an_effect_that_did_not_happen():
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:7": mv.Outcome()})
    assert violation(at(("fauna", "draw")), move) == "arctica.unexpected_outcome"


def test_undefined_effects_accept_any_well_formed_outcome():
    open_ed = editions.register(replace(ED, id="test-open", cards=tuple(replace(c, flash=None) for c in ED.cards)))
    assert open_ed.label == ED.label
    given = at(("fauna", "draw"))
    given[0] = replace(given[0], edition_id="test-open")
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:10": mv.Outcome(flora=3, bp=5)})
    events = when(given, move)
    assert of_type(events, ev.FloraGained)[0].amount == 3 and of_type(events, ev.BiodiversityScored)[0].points == 5
    assert not of_type(when(given, mv.PlayFauna(seat=0, card=10, discards=(7,))), ev.BiodiversityScored)
    # conservation still holds: cannot pay Flora one does not have
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:10": mv.Outcome(flora_cost=3)})
    assert violation(given, move) == "arctica.cannot_pay"


# ---------------------------------------------------------------- Reproduction / Ability


def test_reproduction_never_with_the_starting_generation_cards():
    long_start = ED.setup.starting_cards[0][0]
    assert violation(at(("reproduction", "draw")), mv.Reproduce(seat=0, card=long_start)) == "arctica.starting_card"


def test_reproduction_of_a_top_card_adds_a_token_and_moves_the_card_to_the_back():
    played = [ev.FaunaPlayed(seat=0, card=10, column="long"), ev.FaunaPlayed(seat=0, card=7, column="long")]
    given = at(("reproduction", "draw"), *played)
    assert violation(given, mv.Reproduce(seat=0, card=10)) == "arctica.not_on_top"
    events = when(given, mv.Reproduce(seat=0, card=7))
    s = fold([*given, *events])
    assert s.players[0].long_column == (10, ED.setup.starting_cards[0][0], 7)
    assert s.players[0].long_wheel[2] == "terrestrial_mammal"
    assert of_type(events, ev.CardMovedToBack)[0].cause == "reproduction:7"


def test_reproduction_impossible_when_the_wheel_is_full():
    given = at(("reproduction", "draw"), ev.FaunaPlayed(seat=0, card=12, column="short"))
    given = given[:1] + [fish_on_short(0, i) for i in range(3)] + given[1:]
    assert violation(given, mv.Reproduce(seat=0, card=12)) == "arctica.wheel_full"


def test_ability_resolves_the_top_banner_and_moves_the_card_to_the_back():
    long_start = ED.setup.starting_cards[0][0]
    given = at(("ability", "draw"), ev.FaunaPlayed(seat=0, card=7, column="long"))
    events = when(given, mv.UseAbility(seat=0, card=7))  # ability: +1 Flora
    assert of_type(events, ev.FloraGained)[0].cause == "ability:7"
    assert fold([*given, *events]).players[0].long_column == (long_start, 7)
    # a starting Generation Card may use its ability
    assert when(at(("ability", "draw")), mv.UseAbility(seat=0, card=long_start))


def test_ability_with_a_migration_chosen_by_the_player():
    given = at(("ability", "draw"), ev.FaunaPlayed(seat=0, card=10, column="long"))  # ability: 1 migration
    step = mv.MigrationStep(space=0, family="fish")
    events = when(given, mv.UseAbility(seat=0, card=10, outcomes={"ability:10": mv.Outcome(migrations=(step,))}))
    assert of_type(events, ev.TokenMigrated)[0] == ev.TokenMigrated(
        seat=0, family="fish", src=0, dst=1, cause="ability:10"
    )
    assert of_type(events, ev.CardsDrawn)[0].cause == "circle:1"
    two = mv.Outcome(migrations=(step, step))
    assert violation(given, mv.UseAbility(seat=0, card=10, outcomes={"ability:10": two})) == (
        "arctica.outcome_mismatch"
    )


# ---------------------------------------------------------------- Flora, Draw, Rotate


def test_flora_x2_goes_to_the_long_wheel_then_overflows_to_the_release_area():
    given = at(("flora", "draw"))
    s = fold([*given, *when(given, mv.TakeFlora(seat=0))])
    assert s.players[0].long_wheel.count(FLORA) == 4 and s.players[0].release_flora == 0
    given = at(("flora", "draw"), flora(0, 0), ev.FloraGained(seat=0, amount=2, on_wheel=2, to_release=0, cause="t"))
    (gain,) = of_type(when(given, mv.TakeFlora(seat=0)), ev.FloraGained)
    assert (gain.on_wheel, gain.to_release) == (1, 1)


def test_draw_two_cards_from_the_recorded_deck():
    events = when(at(("flora", "draw")), mv.Draw(seat=0))
    assert of_type(events, ev.CardsDrawn)[0].cards == (20, 21)
    assert violation(at(("flora", "draw")), mv.Draw(seat=0, drawn=(21, 22))) == "arctica.draw_mismatch"


def test_hand_never_exceeds_nine_cards():
    hands = [(1, 2, 3, 4, 5, 6, 7, 8), (30, 31, 32, 33, 34), (40, 41, 42, 43, 44)]
    (drawn,) = of_type(when(at(("flora", "draw"), hands=hands), mv.Draw(seat=0)), ev.CardsDrawn)
    assert drawn.count == 1
    hands[0] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert not of_type(when(at(("flora", "draw"), hands=hands), mv.Draw(seat=0)), ev.CardsDrawn)


def test_table_game_names_the_cards_drawn():
    hands = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    given = [
        *RULES.start(Setup(players=("A", "B"), hands=hands, round_cards=(0, 1, 2))),
        *offered(0, ("draw", "flora"), n=2),
    ]
    assert violation(given, mv.Draw(seat=0)) == "arctica.draw_required"
    assert violation(given, mv.Draw(seat=0, drawn=(11,))) == "arctica.draw_count"
    assert violation(given, mv.Draw(seat=0, drawn=(6, 11))) == "arctica.unknown_card"
    assert violation(given, mv.Draw(seat=0, drawn=(11, 12, 13))) == "arctica.draw_count"
    assert of_type(when(given, mv.Draw(seat=0, drawn=(11, 12))), ev.CardsDrawn)[0].cards == (11, 12)


def test_rotate_wheels_tokens_falling_off_go_to_the_release_area_and_one_card():
    given = at(("rotate_card", "draw"), fish_on_short(0, 2), fish_on_short(0, 0))
    events = when(given, mv.RotateAndDraw(seat=0))
    assert of_type(events, ev.WheelsRotated)[0].fell == ("fish",)
    assert of_type(events, ev.CardsDrawn)[0].count == 1
    p = fold([*given, *events]).players[0]
    assert p.short_wheel == (EMPTY, "fish", EMPTY) and p.release[4] == 1
    assert p.long_wheel == (EMPTY, FLORA, FLORA, EMPTY, EMPTY)


def test_rotate_wheels_and_one_migration():
    given = at(("rotate_migration", "draw"))
    events = when(given, mv.RotateAndMigrate(seat=0, step=mv.MigrationStep(space=0, family="bird")))
    assert of_type(events, ev.WheelsRotated) and of_type(events, ev.TokenMigrated)[0].dst == 2
    assert when(given, mv.RotateAndMigrate(seat=0))


# ---------------------------------------------------------------- Migration


def test_migration_moves_own_tokens_clockwise_and_gains_the_destination_bonus():
    given = at(("migration", "draw"))
    events = when(given, mv.Migrate(seat=0, steps=(mv.MigrationStep(space=0, family="fish"),)))
    assert of_type(events, ev.TokenMigrated)[0].dst == 1
    assert of_type(events, ev.CardsDrawn)[0].cause == "circle:1"


def test_birds_and_terrestrial_mammals_skip_spaces_without_ice():
    given = at(("migration", "draw"))
    events = when(given, mv.Migrate(seat=0, steps=(mv.MigrationStep(space=0, family="bird"),)))
    assert of_type(events, ev.TokenMigrated)[0].dst == 2
    assert [e.cause for e in of_type(events, ev.BiodiversityScored)] == ["circle:2"]  # only the arrival bonus
    melted = at(("migration", "draw"), ev.IceMelted(round=1, tile=1, space=2))
    events = when(melted, mv.Migrate(seat=0, steps=(mv.MigrationStep(space=0, family="bird"),)))
    assert of_type(events, ev.TokenMigrated)[0].dst == 4


def test_migration_two_movements_at_most_and_only_own_tokens():
    given = at(("migration", "draw"))
    step = mv.MigrationStep(space=0, family="fish")
    assert violation(given, mv.Migrate(seat=0, steps=(step, step, step))) == "arctica.too_many_migrations"
    assert (
        len(
            of_type(
                when(given, mv.Migrate(seat=0, steps=(step, mv.MigrationStep(space=1, family="fish")))),
                ev.TokenMigrated,
            )
        )
        == 2
    )
    assert violation(given, mv.Migrate(seat=0, steps=(mv.MigrationStep(space=3, family="fish"),))) == (
        "arctica.no_token_on_circle"
    )


def test_ice_tile_6_trade():
    given = at(("migration", "draw"), to_circle(0, "fish", 9), to_circle(0, "bird", 10), flora(0, 1))
    step = mv.MigrationStep(space=9, family="fish", trade=("fish", "bird"))
    events = when(given, mv.Migrate(seat=0, steps=(step,)))
    assert [e.points for e in of_type(events, ev.BiodiversityScored)] == [3, 3]  # no automatic bonus on #6
    assert sum(e.amount for e in of_type(events, ev.FloraPaid)) == 2
    p = fold([*given, *events]).players[0]
    assert p.release[3] == 1 and p.release[4] == 1 and p.bp_trades == 6
    no_trade = when(given, mv.Migrate(seat=0, steps=(mv.MigrationStep(space=9, family="fish"),)))
    assert not of_type(no_trade, ev.BiodiversityScored)
    bad = mv.MigrationStep(space=0, family="fish", trade=("fish",))
    assert violation(given, mv.Migrate(seat=0, steps=(bad,))) == "arctica.trade_not_on_ice6"
    missing = mv.MigrationStep(space=9, family="fish", trade=("marine_mammal",))
    assert violation(given, mv.Migrate(seat=0, steps=(missing,))) == "arctica.trade_token_missing"
    broke = at(("migration", "draw"), to_circle(0, "fish", 9), ev.FloraPaid(seat=0, amount=2, cause="t"))
    step = mv.MigrationStep(space=9, family="fish", trade=("fish",))
    assert violation(broke, mv.Migrate(seat=0, steps=(step,))) == "arctica.cannot_pay"


# ---------------------------------------------------------------- Colony


def test_colony_pays_one_flora_and_places_tokens_of_one_species_from_the_release_area():
    given = at(("colony", "draw"), *to_release(0, "marine_mammal", 2))
    events = when(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(0, 12)))
    assert of_type(events, ev.FloraPaid)[0].cause == "colony"
    s = fold([*given, *events])
    assert s.map[0] is not None and s.map[12] is not None and s.players[0].release[0] == 0
    assert of_type(events, ev.FloraGained)[0].cause == "map:0"


def test_colony_refusals():
    given = at(("colony", "draw"), *to_release(0, "marine_mammal", 1))
    assert violation(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(0, 12))) == "arctica.release_empty"
    assert violation(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(1,))) == "arctica.wrong_species_space"
    assert violation(given, mv.Colonize(seat=0, family="marine_mammal", spaces=())) == "arctica.no_space_chosen"
    taken = at(("colony", "draw"), *to_release(0, "marine_mammal", 1), to_map(1, "marine_mammal", 0))
    assert violation(taken, mv.Colonize(seat=0, family="marine_mammal", spaces=(0,))) == "arctica.space_occupied"
    broke = at(("colony", "draw"), *to_release(0, "marine_mammal", 1), ev.FloraPaid(seat=0, amount=2, cause="t"))
    assert violation(broke, mv.Colonize(seat=0, family="marine_mammal", spaces=(0,))) == "arctica.cannot_pay"


def test_colony_space_cost():
    given = at(("colony", "draw"), *to_release(0, "marine_mammal", 1))
    events = when(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(5,)))  # cost 1 Flora, +3 BP
    assert [e.cause for e in of_type(events, ev.FloraPaid)] == ["colony", "map:5"]
    assert of_type(events, ev.BiodiversityScored)[0].points == 3


def test_connection_bonus_for_both_players_and_once_with_own_token():
    given = at(("colony", "draw"), *to_release(0, "marine_mammal", 1), to_map(1, "invertebrate", 1))
    events = when(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(0,)))
    scored = [(e.seat, e.cause) for e in of_type(events, ev.BiodiversityScored)]
    assert scored == [(0, "connection:0-1"), (1, "connection:0-1")]
    own = at(("colony", "draw"), *to_release(0, "marine_mammal", 1), to_map(0, "invertebrate", 1))
    events = when(own, mv.Colonize(seat=0, family="marine_mammal", spaces=(0,)))
    assert [(e.seat, e.cause) for e in of_type(events, ev.BiodiversityScored)] == [(0, "connection:0-1")]


def test_skip_by_the_active_player_names_an_offered_action():
    given = at(("flora", "draw"))
    assert violation(given, mv.Skip(seat=0, action="colony")) == "arctica.action_not_offered"
    assert isinstance(when(given, mv.Skip(seat=0, action="flora"))[0], ev.ActionSkipped)
    assert done  # imported helper used elsewhere


def test_negative_values_built_in_code_are_refused():
    given = at(("fauna", "draw"))
    move = mv.PlayFauna(seat=0, card=10, discards=(7,), outcomes={"flash:10": mv.Outcome(bp=-1)})
    assert violation(given, move) == "arctica.bad_outcome"
    assert violation([started(3)], mv.SelectSpace(seat=0, space=-1, wheel=0, direction=1)) == "arctica.unknown_space"


def test_undefined_space_and_connection_bonuses_take_the_recorded_outcomes():
    blank = editions.register(
        replace(
            ED,
            id="test-open-board",
            circle=tuple(replace(c, bonus=None) for c in ED.circle),
            map=tuple(replace(m, effect=None) for m in ED.map),
            connections=tuple(replace(c, bonus=None) for c in ED.connections),
        )
    )
    given = at(("colony", "migration"), *to_release(0, "marine_mammal", 1), to_map(1, "invertebrate", 1))
    given[0] = replace(given[0], edition_id=blank.id)
    move = mv.Colonize(
        seat=0,
        family="marine_mammal",
        spaces=(0,),
        outcomes={
            "map:0": mv.Outcome(bp=4),
            "connection:0-1": mv.Outcome(flora=1),
            "connection:0-1@1": mv.Outcome(bp=2),
        },
    )
    events = when(given, move)
    assert [(e.seat, e.points, e.cause) for e in of_type(events, ev.BiodiversityScored)] == [
        (0, 4, "map:0"),
        (1, 2, "connection:0-1"),
    ]
    assert [(e.seat, e.cause) for e in of_type(events, ev.FloraGained)] == [(0, "connection:0-1")]
    # nothing recorded: an undefined effect does nothing
    bare = when(given, mv.Colonize(seat=0, family="marine_mammal", spaces=(0,)))
    assert not of_type(bare, ev.BiodiversityScored) and not of_type(bare, ev.FloraGained)
    # circle bonus recorded inside the migration step
    given = [*given, done(0, "colony")]
    step = mv.MigrationStep(space=0, family="fish", outcomes={"circle:1": mv.Outcome(bp=7)})
    events = when(given, mv.Migrate(seat=0, steps=(step,)))
    assert of_type(events, ev.BiodiversityScored)[0].points == 7
    wrong = mv.MigrationStep(space=0, family="fish", outcomes={"circle:2": mv.Outcome(bp=7)})
    assert violation(given, mv.Migrate(seat=0, steps=(wrong,))) == "arctica.unexpected_outcome"
