"""Arctic's moves built decision by decision: what, then which card (narrowed by animal, draw value
and deck when there are many), which River slot; each finished move is the one ``decide`` accepts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.arctic import RULES
from domain.arctic import moves as mv
from domain.arctic.plugin import GAME
from domain.arctic.simulator import simulate, to_public
from domain.building import Built, next_decision
from domain.registry import SimulatedGame

NAMES = ["Aputsiaq", "Nanook", "Siku", "Sila"]


def states(game: SimulatedGame) -> Iterator[tuple[Any, Any]]:
    state = RULES.fold(RULES.start(game.setup))
    for move in game.moves:
        yield state, move
        _, state = RULES.decide_and_evolve(state, move)


def ask(state: Any, made: list[str]) -> Built:
    assert GAME.build is not None
    return next_decision(list(GAME.build(state, NAMES)), made)


def ids(built: Built) -> list[str]:
    assert built.next is not None
    return [o.id for o in built.next.options]


def test_revealing_a_river_card_narrows_by_animal_then_draw_value_then_deck() -> None:
    """Given a 4-player public game at its first River reveal (120 cards unseen), when the table reveals
    the card of slot 1, then it picks the animal, the draw value, the deck, and the move names the card."""
    state, move = next(states(to_public(simulate(4, 3))))
    assert isinstance(move, mv.RevealRiver)
    first = ask(state, [])
    assert first.made[0].auto and first.made[0].label == "The table" and ids(first) == ["reveal-river"]
    slot = ask(state, ["reveal-river"])
    assert slot.next is not None and [o.label for o in slot.next.options][:2] == ["River slot 1", "River slot 2"]
    animal = ask(state, ["reveal-river", "slot-0"])
    assert animal.next is not None and animal.next.narrowing and animal.next.count == 120
    assert [o.label for o in animal.next.options] == ["Fox", "Moose", "Walrus", "Orca", "Puffin", "Polar bear"]
    draw = ask(state, ["reveal-river", "slot-0", "walrus"])
    assert draw.next is not None and draw.next.narrowing and draw.next.count == 20
    assert [o.label for o in draw.next.options] == [f"Draw {n}" for n in range(1, 6)]
    deck = ask(state, ["reveal-river", "slot-0", "walrus", "draw-3"])
    assert deck.next is not None and not deck.next.narrowing
    assert [o.label for o in deck.next.options] == [f"Walrus card {d}-3" for d in range(1, 5)]
    built = ask(state, ["reveal-river", "slot-0", "walrus", "draw-3", "d2-walrus-3"])
    assert built.next is None and built.move == mv.RevealRiver(slot=0, card="d2-walrus-3")
    assert [m.label for m in built.made][1:] == [
        "Reveal the card turned into the River",
        "River slot 1",
        "Walrus",
        "Draw 3",
        "Walrus card 2-3",
    ]
    RULES.decide(state, built.move)
    refused = ask(state, ["reveal-river", "slot-0", "walrus"])
    assert refused.next is not None and "draw-3" in ids(refused)


def test_placing_a_card_and_taking_from_the_river() -> None:
    """Given a full game, when the active player places a card then takes one from the River, then each
    move is two decisions (what, which) and is the one the game recorded."""
    checked: set[type] = set()
    for state, move in states(simulate(2, 8)):
        if type(move) in (mv.PlaceCard, mv.TakeFromRiver) and type(move) not in checked:
            what = "place" if isinstance(move, mv.PlaceCard) else "river"
            which = move.card if isinstance(move, mv.PlaceCard) else f"slot-{move.slot}"
            made = [what, which]
            built = ask(state, made)
            if built.next is not None:  # the River's refill, when Orca A offers to skip it
                made.append("refill")
                built = ask(state, made)
            assert built.move == move, (built, move)
            RULES.decide(state, built.move)
            checked.add(type(move))
    assert checked == {mv.PlaceCard, mv.TakeFromRiver}


def test_the_cards_shown_at_the_end_of_a_public_game_are_built_as_decisions() -> None:
    """Given a public game just finished with cards still unknown, when the table shows a penalty card
    and turns over a face-down pile card, then each is asked as who, what, which (pile) card, then the
    card narrowed, and the finished move is the reveal the rules accept after the end."""
    game = to_public(simulate(2, 23), shown_at_end=True)
    reveals = [(s, m) for s, m in states(game) if isinstance(m, (mv.RevealCard, mv.RevealPileCard))]
    assert reveals and all(RULES.is_finished(s) for s, _ in reveals)
    state, move = next((s, m) for s, m in reveals if isinstance(m, mv.RevealPileCard))
    who = ask(state, [])
    assert who.next is not None and who.next.key == "seat"
    what = ask(state, [f"seat-{move.seat}"])
    assert "turn-over" in ids(what) and all("_" not in o.label for o in what.next.options)  # type: ignore[union-attr]
    made = [f"seat-{move.seat}", "turn-over", f"position-{move.position}"]
    card = ask(state, made)
    assert card.next is not None and card.next.key == "card" and len(card.next.options) <= 12
    built = card
    while built.next is not None:  # narrowed: the card's animal, draw value, then the card
        spec = move.card.split("-")
        wanted = (spec[1], f"draw-{spec[2]}", f"deck-{spec[0][1:]}", move.card)
        pick = next(o.id for o in built.next.options if o.id in wanted)
        made.append(pick)
        built = ask(state, made)
    assert built.move == move
    RULES.decide(state, built.move)
