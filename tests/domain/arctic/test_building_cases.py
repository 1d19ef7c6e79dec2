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
from tests.domain.taps import taps

NAMES = ["Aputsiaq", "Nanook", "Siku", "Sila"]


def states(game: SimulatedGame) -> Iterator[tuple[Any, Any]]:
    state = RULES.fold(RULES.start(game.setup))
    for move in game.moves:
        yield state, move
        _, state = RULES.decide_and_evolve(state, move)


def ask(state: Any, made: list[str]) -> Built:
    assert GAME.build is not None
    return next_decision(list(GAME.build(state, NAMES, "en")), made)


def ids(built: Built) -> list[str]:
    assert built.next is not None
    return [o.id for o in built.next.options]


def test_revealing_a_river_card_narrows_by_animal_then_draw_value_then_deck() -> None:
    """Given a 4-player public game at its first River reveal (120 cards unseen), when the table reveals
    the card of slot 1 (the lowest slot waiting: asked first, without a tap), then it picks the animal,
    the draw value, the deck, and the move names the card; a note (a card shown) is offered beside."""
    state, move = next(states(to_public(simulate(4, 3))))
    assert isinstance(move, mv.RevealRiver)
    animal = ask(state, [])
    assert [(m.label, m.auto) for m in animal.made] == [
        ("The table", True),
        ("Reveal the card turned into the River", True),
        ("River slot 1", True),
    ]
    assert animal.next is not None and animal.next.narrowing and animal.next.count == 120
    assert animal.next.prompt == "River slot 1: which card was turned face up?" and animal.next.seats == []
    assert [o.label for o in animal.next.options] == [
        "Fox",
        "Moose",
        "Walrus",
        "Orca",
        "Puffin",
        "Polar bear",
        "A note: a card shown, a Fox declared wild",
    ]
    draw = ask(state, ["walrus"])
    assert draw.next is not None and draw.next.narrowing and draw.next.count == 20
    assert [o.label for o in draw.next.options] == [f"Draw {n}" for n in range(1, 6)]
    deck = ask(state, ["walrus", "draw-3"])
    assert deck.next is not None and not deck.next.narrowing
    assert [o.label for o in deck.next.options] == [f"Walrus card {d}-3" for d in range(1, 5)]
    built = ask(state, ["walrus", "draw-3", "d2-walrus-3"])
    assert built.next is None and built.move == mv.RevealRiver(slot=0, card="d2-walrus-3")
    assert [m.label for m in built.made][3:] == ["Walrus", "Draw 3", "Walrus card 2-3"]
    RULES.decide(state, built.move)
    refused = ask(state, ["walrus"])
    assert refused.next is not None and "draw-3" in ids(refused)


def test_a_hand_card_shown_during_play_and_a_fox_declared_wild_are_notes() -> None:
    """Given a public game in play, when the table notes that a player showed a hand card, then the note
    leads to who, what, the card; the rules accept it; in French, the note is said in French."""
    game = to_public(simulate(2, 23))
    state, _ = next((s, m) for s, m in states(game) if isinstance(m, mv.PlaceCard))
    asked = ask(state, [])
    assert asked.next is not None and asked.next.options[-1].id == "note"
    who = ask(state, ["note"])
    assert who.next is not None and who.next.key == "seat" and who.next.seats == [0, 1]
    assert GAME.build is not None
    target = next(c.move for c in GAME.build(state, NAMES, "en") if isinstance(c.move, mv.RevealCard) and c.move.seat)
    tapped = taps(list(GAME.build(state, NAMES, "en")), target)
    assert tapped[0][0] == "note" and tapped[1][1].startswith("Nanook · "), tapped
    built = ask(state, [i for i, _ in tapped])
    assert built.move == target and target.zone == "hand"
    RULES.decide(state, built.move)
    assert GAME.build is not None
    french = next_decision(list(GAME.build(state, NAMES, "fr")), [])
    assert french.next is not None and french.next.options[-1].label.startswith("Une note")
    # a face-down Fox card in a pile: what it counts as, among its neighbours' animals
    for state, _ in states(simulate(2, 8)):
        if any(any(p.pile_down) for p in state.players):
            break
    seat = next(i for i, p in enumerate(state.players) if any(p.pile_down))
    notes = [c for c in GAME.build(state, NAMES, "en") if c.aside and isinstance(c.move, mv.DeclareFoxWild)]
    assert notes and {c.move.seat for c in notes} == {seat}
    for note in notes:
        RULES.decide(state, note.move)


def test_placing_a_card_and_taking_from_the_river() -> None:
    """Given a full game, when the active player places a card then takes one from the River, then each
    move is one tap (what and which joined: "Place a card · Fox card 1-3") and is the one the game
    recorded."""
    checked: set[type] = set()
    for state, move in states(simulate(2, 8)):
        if type(move) in (mv.PlaceCard, mv.TakeFromRiver) and type(move) not in checked:
            what = "place" if isinstance(move, mv.PlaceCard) else "river"
            which = move.card if isinstance(move, mv.PlaceCard) else f"slot-{move.slot}"
            asked = ask(state, [])
            assert asked.next is not None
            made = [f"{what}/{which}"] if f"{what}/{which}" in ids(asked) else [which]  # "what" alone: not asked
            assert made[0] in ids(asked), ids(asked)
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
    assert who.next is not None and who.next.key == "seat" and who.next.seats == [0, 1]
    assert all("_" not in o.label for o in who.next.options)
    assert GAME.build is not None
    tapped = taps(list(GAME.build(state, NAMES, "en")), move)
    made = [i for i, _ in tapped[:1]]
    assert made[0].startswith(f"seat-{move.seat}/"), tapped
    card = ask(state, made)
    if card.next is not None and card.next.key == "position":
        made.append(f"position-{move.position}")
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
