"""Arctica's moves built decision by decision, one case per kind of decision (given a state of a
simulated game, when the decisions are made one at a time, then each is asked in the table's words and
the finished move is the one ``decide`` accepts)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from domain.arctica import RULES, simulator
from domain.arctica import moves as mv
from domain.arctica.describe import describe
from domain.arctica.legal import canonical
from domain.arctica.plugin import GAME
from domain.building import Built, Candidate, next_decision
from domain.registry import SimulatedGame
from tests.domain.harness import reachable

NAMES = ["Aputsiaq", "Nanook", "Siku"]


def states(game: SimulatedGame) -> Iterator[Any]:
    state = RULES.fold(RULES.start(game.setup))
    for move in game.moves:
        yield state
        _, state = RULES.decide_and_evolve(state, move)


def first(found: Callable[[Any, list[Any]], Any], edition: str | None = None) -> tuple[Any, Any]:
    """The first decision point of a simulated game (seeds in turn) where ``found(state, legal)`` names a move."""
    for seed in range(40):
        game = simulator.simulate(3, seed) if edition is None else GAME.simulations[edition](3, seed)
        for state in states(game):
            move = found(state, RULES.legal_moves(state))
            if move is not None:
                return state, move
    raise AssertionError("no such state in 40 games")


def candidates(state: Any) -> list[Candidate]:
    assert GAME.build is not None
    return list(GAME.build(state, NAMES))


def ask(state: Any, made: list[str]) -> Built:
    return next_decision(candidates(state), made)


def decide(state: Any, made: list[str]) -> Any:
    built = ask(state, made)
    assert built.next is None, built.next
    RULES.decide(state, built.move)
    return built.move


def ids(built: Built) -> list[str]:
    assert built.next is not None
    return [o.id for o in built.next.options]


def test_a_fauna_card_then_its_discards_from_the_own_hand_one_at_a_time() -> None:
    """The action and the card in one tap ("Fauna · Seal B1": the hand fits one screen), then each
    discard from the own hand, in any order (kept as picked)."""

    def fauna(state: Any, legal: list[Any]) -> Any:
        if state.phase != "actions" or not state.active_left:
            return None
        return next((m for m in legal if isinstance(m, mv.PlayFauna) and len(m.discards) >= 2 and not m.outcomes), None)

    state, move = first(fauna)
    hand = state.players[move.seat].hand
    action = ask(state, [])
    assert action.made[0].auto and action.made[0].label == NAMES[move.seat]
    assert action.next is not None and action.next.key == "action" and action.next.seats == [move.seat]
    joined = f"fauna/card-{move.card}"
    assert joined in ids(action) and "fauna" not in ids(action)
    label = {o.id: o.label for o in action.next.options}[joined]
    assert label.startswith("Fauna · ") and not label.endswith("card")
    made = [joined]
    chosen: list[int] = []
    for k in range(len(move.discards)):
        discard = ask(state, made)
        assert discard.next is not None and discard.next.key == "discard"
        assert f"{len(move.discards)} in all" in discard.next.prompt
        offered = [int(i.removeprefix("card-")) for i in ids(discard)]
        assert set(offered) <= set(hand) - {move.card} and not set(offered) & set(chosen)
        pick = move.discards[-1 - k]  # any order: the last first
        assert pick in offered
        chosen.append(pick)
        made.append(f"card-{pick}")
    built = ask(state, made)
    while built.next is not None:  # its effect's decisions, if any
        made.append(ids(built)[0])
        built = ask(state, made)
    # in the order the table picked them: they go to the discard pile in that order (the game's)
    assert isinstance(built.move, mv.PlayFauna) and built.move.discards == tuple(chosen)
    assert [m.label for m in built.made][1:3] == ["Fauna", label.split(" · ", 1)[1]]
    RULES.decide(state, built.move)


def test_the_pawn_space_then_the_wheel_and_its_way_in_one_tap() -> None:
    state, move = first(lambda s, legal: legal[0] if s.phase == "select" else None)
    space = ask(state, [])
    assert space.next is not None and space.next.key == "space" and space.next.seat == move.seat
    assert [o.label for o in space.next.options] == [f"Space {int(i.split('-')[1]) + 1}" for i in ids(space)]
    wheel = ask(state, [f"space-{move.space}"])
    assert wheel.next is not None and wheel.next.key == "wheel" and len(wheel.next.options) == 4
    for option in wheel.next.options:  # "Wheel 5 · Clockwise: Fauna and Flora"
        turned, way = option.id.split("/")
        assert option.label.startswith(f"Wheel {int(turned.split('-')[1]) + 1} · ")
        assert way in ("clockwise", "counterclockwise") and " and " in option.label
    built = decide(state, [f"space-{move.space}", f"wheel-{move.wheel}/counterclockwise"])
    assert built == mv.SelectSpace(seat=move.seat, space=move.space, wheel=move.wheel, direction=-1)
    assert decide(state, [f"space-{move.space}", f"wheel-{move.wheel}", "counterclockwise"]) == built  # apart too


def test_a_migration_step_by_step_and_no_more() -> None:
    def two_steps(state: Any, legal: list[Any]) -> Any:
        if not state.active_left:
            return None
        return next((m for m in legal if isinstance(m, mv.Migrate) and len(m.steps) == 2), None)

    state, move = first(two_steps)
    step = ask(state, ["migration"])
    assert (
        step.next is not None
        and step.next.key == "token"
        and "No more migration" in [o.label for o in step.next.options]
    )
    assert all("circle space" in o.label for o in step.next.options if o.id != "end")
    made = ["migration"]
    for s in move.steps:
        made.append(f"token-{s.space}-{s.family}")
        after = ask(state, made)
        if after.next is not None and after.next.key == "trade":
            made.append(f"trade-{'-'.join(s.trade)}" if s.trade else "no-trade")
    built = ask(state, made)
    while built.next is not None:
        made.append(ids(built)[0])
        built = ask(state, made)
    assert isinstance(built.move, mv.Migrate) and len(built.move.steps) == 2
    RULES.decide(state, built.move)
    assert isinstance(decide(state, ["migration", "end"]), mv.Migrate)  # no migration at all


def test_a_colony_species_then_its_spaces_one_at_a_time() -> None:
    def colony(state: Any, legal: list[Any]) -> Any:
        if not state.active_left:
            return None
        return next((m for m in legal if isinstance(m, mv.Colonize) and len(m.spaces) == 2 and not m.outcomes), None)

    state, move = first(colony)
    families = {m.family for m in RULES.legal_moves(state) if isinstance(m, mv.Colonize) and m.seat == move.seat}
    made = ["colony"] if len(families) == 1 else ["colony", move.family]  # one species: taken without asking
    if len(families) > 1:
        family = ask(state, ["colony"])
        assert family.next is not None and family.next.key == "family" and move.family in ids(family)
    spaces = ask(state, made)
    assert spaces.next is not None and spaces.next.key == "spaces"
    assert all(o.label.startswith("Map space ") or o.id == "end" for o in spaces.next.options)
    made.append(f"map-{move.spaces[1]}")
    more = ask(state, made)
    assert more.next is not None and "end" in ids(more) and f"map-{move.spaces[0]}" in ids(more)
    made.append(f"map-{move.spaces[0]}")
    built = ask(state, made)
    while built.next is not None:
        made.append(ids(built)[0])
        built = ask(state, made)
    assert isinstance(built.move, mv.Colonize) and sorted(built.move.spaces) == sorted(move.spaces)
    RULES.decide(state, built.move)


@pytest.mark.parametrize(
    ("phase", "key", "words"),
    [
        ("collapse", "tokens", "tokens does"),
        ("endangered", "endangered", "Endangered species"),
        ("events", "flee", "does it flee"),
    ],
)
def test_the_end_of_round_choices(phase: str, key: str, words: str) -> None:
    state, _ = first(lambda s, legal: legal[0] if s.phase == phase and legal else None)
    built = ask(state, [])
    made: list[str] = []
    if built.next is not None and built.next.key == "seat":
        made.append(ids(built)[0])
        built = ask(state, made)
    assert built.next is not None and built.next.key == key and words in built.next.prompt, built.next
    if phase == "endangered":  # pay what the badges cost, or destroy a card by its name
        labels = [o.label for o in built.next.options]
        assert labels[0].startswith("Pay ") and labels[0].endswith(" Flora")
        assert all(label.startswith("Destroy ") for label in labels[1:])
    while built.next is not None:
        made.append(ids(built)[-1])
        built = ask(state, made)
    RULES.decide(state, built.move)


def test_the_table_reveals_a_round_card_and_sub_regions_by_name() -> None:
    setup, moves = simulator.public_record(simulator.simulate(3, 4))
    state = RULES.fold(RULES.start(setup))
    edition = RULES.edition_of(state)
    seen: set[str] = set()
    for move in moves:
        if isinstance(move, (mv.RevealRoundCard, mv.RevealEvents)):
            built = ask(state, [])
            assert built.next is not None and built.made[0].label == "The table"
            names = {c.name for c in edition.round_cards} | {
                sub.name for region in edition.regions for sub in region.subregions
            }
            assert {o.label for o in built.next.options} <= names, built.next
            seen.add(built.next.key)
        _, state = RULES.decide_and_evolve(state, move)
    assert seen == {"round_card", "subregion"}


def test_a_flash_effect_decision_is_asked_after_the_discards() -> None:
    def with_choices(state: Any, legal: list[Any]) -> Any:
        if not state.active_left:
            return None
        return next(
            (m for m in legal if isinstance(m, mv.PlayFauna) and any(o.choices for o in m.outcomes.values())), None
        )

    state, move = first(with_choices, edition="forms")
    made = ["fauna", f"card-{move.card}", *(f"card-{c}" for c in move.discards)]
    built = ask(state, made)
    assert built.next is not None and built.next.key == "effect" and built.next.prompt.startswith("Flash of ")
    question = built.next.prompt.split(": ", 1)[1]
    assert question in {"which effect?", "take the optional effect?", "which token moves?", "which player?"}, question
    if question == "which effect?":  # each option as the card prints it
        assert all(o.label.startswith(f"Option {i + 1}: ") for i, o in enumerate(built.next.options))
    while built.next is not None:
        made.append(ids(built)[0])
        built = ask(state, made)
    RULES.decide(state, built.move)


@pytest.mark.parametrize("mode", ["full", "forms"])
def test_every_move_the_simulator_plays_can_be_built(mode: str) -> None:
    """Given a simulated game, when every option of every decision is followed at its decision points,
    then the move the simulator played there (in the spelling the engine lists) is among those built."""
    game = GAME.simulations[mode](3, 17)
    state = RULES.fold(RULES.start(game.setup))
    for i, move in enumerate(game.moves):
        if i % 4 == 0:
            assert msgspec.json.encode(canonical(move)) in reachable(candidates(state)), move
        _, state = RULES.decide_and_evolve(state, move)


def test_what_the_table_did_when_the_seed_says_perform_is_offered_and_said() -> None:
    """Given the active player with two actions to perform, when the table records that they skipped
    one, then the builder offers it ("Skip ..."), the engine accepts it and the timeline says so; and a
    migration is offered with "No more migration" after any step (fewer steps than allowed)."""

    def active(state: Any, legal: list[Any]) -> Any:
        if state.phase != "actions" or not state.active_left:
            return None
        return next((m for m in legal if isinstance(m, mv.Skip) and m.action is not None), None)

    state, move = first(active)
    action = ask(state, [])
    skip = f"skip-{move.action}"
    offered = {o.id: o.label for o in action.next.options} if action.next else {}
    assert skip in offered and offered[skip].startswith("Skip ") and "_" not in offered[skip]
    built = decide(state, [skip])
    assert built == move
    events = RULES.decide(state, built)
    said = [describe(e, "en", NAMES) for e in events]
    assert any("skips the" in s for s in said), said

    def migration(state: Any, legal: list[Any]) -> Any:
        return next((m for m in legal if isinstance(m, mv.Migrate) and len(m.steps) == 2), None)

    state, move = first(migration)
    asked = ask(state, ["migration"]).next
    assert asked is not None and "No more migration" in [o.label for o in asked.options]  # no step at all, too
    made = ["migration", next(o.id for o in asked.options if o.label != "No more migration")]
    after = ask(state, made).next
    assert after is not None
    stop = next(o for o in after.options if o.label == "No more migration")
    built = decide(state, [*made, stop.id])  # one step where two were allowed
    assert isinstance(built, mv.Migrate) and len(built.steps) == 1


def test_the_cards_drawn_at_a_table_are_narrowed_by_family_in_the_rules_order_then_by_cost_from_0_up() -> None:
    """Given a game recorded at a table, when a move's drawn cards are asked (too many to show: narrowed),
    then the families come in the rules' order and the costs from 0 up (by card number they came 3, 2, 0, 1),
    and one card drawn is asked as one."""
    setup, moves = simulator.table_record(simulator.simulate(3, 4))
    state = RULES.fold(RULES.start(setup))
    seen: dict[str, list[str]] = {}
    prompts: set[str] = set()
    for move in moves[:12]:
        made: list[str] = []
        built = ask(state, made)
        while built.next is not None and len(made) < 30:
            labels = [o.label for o in built.next.options]
            if built.next.key in ("drawn", "discard"):  # one card is said as one
                assert " 1 in all" not in built.next.prompt, built.next.prompt
                prompts.add(built.next.prompt)
            if built.next.narrowing and built.next.key == "drawn":
                group = "cost" if labels[0].startswith("Cost") else "family"
                seen.setdefault(group, labels)
                if group == "cost":
                    assert labels == sorted(labels, key=lambda text: int(text.split()[-1])), labels
            offered = ids(built)
            fauna = [i for i in offered if i.startswith("fauna")]
            made.append(fauna[0] if fauna else offered[0])  # a Fauna card: cards drawn after it
            built = ask(state, made)
        _, state = RULES.decide_and_evolve(state, move)
    assert seen["family"] == ["Marine mammal", "Land mammal", "Invertebrate", "Bird", "Fish"]
    assert "cost" in seen and "Which card was drawn?" in prompts
