"""Arctic's moves as decisions (``domain.building``): who, what, then which card (narrowed by animal,
draw value and deck when there are many), which River slot, which player. Every move ``legal_moves``
lists, each with its path; Arctic's moves are already one decision each, so nothing is rebuilt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic.decisions import Decisions
from domain.arctic.describe import card_label
from domain.arctic.legal import legal_moves
from domain.arctic.queries import unseen_cards
from domain.arctic.state import EMPTY, FINISHED, UNKNOWN, GameState
from domain.building import Candidate, Choice, DecisionOption, Step
from domain.wording import player

_NAMES = cat.ANIMAL_NAMES["en"]

# What a move does, said before its details: (option id, label), by move type and (for the moves
# whose one field is the whole decision) that field's value.
_WHAT: dict[type, tuple[str, str]] = {
    mv.PuffinSwap: ("swap", "Puffin A: swap a hand card with the River"),
    mv.PuffinTakeBack: ("take-back", "Puffin B: take the visible card back"),
    mv.TakeFromRiver: ("river", "Take a card from the River"),
    mv.TakeFromDrawPile: ("pile", "Orca B: take the top card of the draw pile"),
    mv.TakeFromPenalty: ("penalty", "Polar bear A: take a card back from the penalty zone"),
    mv.Discard: ("discard", "Discard a card into the penalty zone"),
    mv.GivePenalty: ("give", "Polar bear B: give a penalty card"),
    mv.EndStep: ("end", "End this step, declining"),
    mv.RevealRiver: ("reveal-river", "Reveal the card turned into the River"),
    mv.RevealTotem: ("totem", "Reveal the totem"),
}
_PLACE = {
    "top": ("place", "Place a card"),
    "face_down": ("place-face-down", "Fox A: place a card face down under the visible card"),
    "bottom": ("place-bottom", "Fox B: place a card at the bottom"),
}


def candidates(state: GameState, names: Sequence[str], decisions: Decisions) -> list[Candidate]:
    """Every listed move with its path of decisions; after the end of a public game, the cards shown
    then (the reveals the rules accept after ``GameFinished``, never listed)."""
    listed = legal_moves(state, decisions)
    if state.mode == "public" and state.phase == FINISHED:
        listed = [*listed, *_shown_at_end(state)]
    return [Candidate(move=m, steps=_steps(state, m, names)) for m in listed]


def _shown_at_end(state: GameState) -> list[Any]:
    """Each hand, penalty or face-down pile card still unknown, as each card nobody has seen yet."""
    pool = [cat.CARD_IDS[c] for c in unseen_cards(state)]
    out: list[Any] = []
    for seat, p in enumerate(state.players):
        for zone, unknown in (("hand", p.hand_unknown), ("penalty", p.penalty_unknown)):
            if unknown:
                out += [mv.RevealCard(seat=seat, zone=zone, card=card) for card in pool]  # type: ignore[arg-type]
        for position, (card, down) in enumerate(zip(p.pile, p.pile_down, strict=True)):
            if down and card == UNKNOWN:
                out += [mv.RevealPileCard(seat=seat, position=position, card=c) for c in pool]
    return out


def _steps(state: GameState, move: Any, names: Sequence[str]) -> tuple[Step, ...]:
    seat = getattr(move, "seat", None)
    who = player(seat, names, 0) if seat is not None else "the table"
    steps = [
        Step(
            key="seat",
            prompt="Whose move is it?",  # who the recorder is asked about, not who holds the phone
            options=(Choice(id="table" if seat is None else f"seat-{seat}", label=who[:1].upper() + who[1:]),),
            auto=True,
        ),
        Step(key="action", prompt=f"What does {who} do?", seat=seat, options=(_what(move),)),
    ]
    for key, prompt, choice in _details(state, move, names, who):
        steps.append(Step(key=key, prompt=prompt, seat=seat, options=(choice,), auto=key == "refill"))
    return tuple(steps)


def _what(move: Any) -> Choice:
    if isinstance(move, mv.PlaceCard):
        id_, label = _PLACE[move.placement]
    elif isinstance(move, mv.UseMooseB):
        id_, label = f"moose-b{move.delta:+d}", f"Moose B: placement value {move.delta:+d}"
    elif isinstance(move, mv.SetDrawDelta):
        id_, label = f"moose-a{move.delta:+d}", f"Moose A: draw value {move.delta:+d}"
    elif isinstance(move, mv.MoveTokens):
        id_, label = f"up-{move.up}", f"Move the {_animal(move.up)} token up"
    elif isinstance(move, mv.RevealCard):
        id_, label = f"show-{move.zone}", f"Show a {'hand' if move.zone == 'hand' else 'penalty'} card"
    elif isinstance(move, mv.RevealPileCard):
        id_, label = "turn-over", "Turn over a face-down pile card"
    elif isinstance(move, mv.WalrusStep):
        id_, label = f"walrus-{move.direction}", f"Walrus: move the token {move.direction}"
    else:
        id_, label = _WHAT.get(type(move), (type(move).__name__.lower(), type(move).__name__))
    return Choice(id=id_, label=label)


def _details(state: GameState, move: Any, names: Sequence[str], who: str) -> list[tuple[str, str, Choice]]:
    """The decisions after "what": (key, prompt, this move's option)."""
    if isinstance(move, mv.PlaceCard):
        return [("card", f"Which card does {who} place?", _card(move.card))]
    if isinstance(move, mv.PuffinSwap):
        return [
            ("card", f"Which hand card does {who} swap?", _card(move.hand_card)),
            ("slot", "With the card of which River slot?", _slot(state, move.river_slot)),
        ]
    if isinstance(move, mv.TakeFromRiver):
        refill = (
            Choice(id="no-refill", label="Orca A: no refill")
            if move.orca_refill is False
            else Choice(id="refill", label="Refill the River")
        )
        return [
            ("slot", f"Which River card does {who} take?", _slot(state, move.slot)),
            ("refill", "Refill the River now?", refill),
        ]
    if isinstance(move, (mv.TakeFromPenalty, mv.Discard)) or (
        isinstance(move, mv.TakeFromDrawPile) and move.card is not None
    ):
        return [
            (
                "card",
                f"Which card does {who} take?"
                if not isinstance(move, mv.Discard)
                else f"Which card does {who} discard?",
                _card(move.card),
            )
        ]
    if isinstance(move, mv.GivePenalty):
        return [
            ("player", "To whom?", Choice(id=f"seat-{move.to_seat}", label=player(move.to_seat, names, 0))),
            ("card", "Which penalty card?", _card(move.card)),
        ]
    if isinstance(move, mv.RevealRiver):
        return [
            ("slot", "Which River slot?", Choice(id=f"slot-{move.slot}", label=f"River slot {move.slot + 1}")),
            ("card", "Which card was turned face up?", _card(move.card)),
        ]
    if isinstance(move, mv.RevealCard):
        return [("card", f"Which card does {who} show?", _card(move.card))]
    if isinstance(move, mv.RevealPileCard):
        return [
            (
                "position",
                f"Which face-down card of the pile of {who}?",
                Choice(id=f"position-{move.position}", label=f"Pile card {move.position + 1} from the bottom"),
            ),
            ("card", "Which card is it?", _card(move.card)),
        ]
    if isinstance(move, mv.RevealTotem):
        return [
            (
                "animal",
                f"Which animal is the totem of {who}?",
                Choice(id=move.animal, label=_animal(move.animal).capitalize()),
            )
        ]
    return []


def _animal(animal: str) -> str:
    index = cat.ANIMAL_INDEX.get(animal)
    return animal if index is None else _NAMES[index]


def _slot(state: GameState, slot: int) -> Choice:
    card = state.river[slot] if 0 <= slot < len(state.river) else EMPTY
    shown = "" if card in (EMPTY, UNKNOWN) else f": {_card_label(cat.CARD_IDS[card])}"
    return Choice(id=f"slot-{slot}", label=f"River slot {slot + 1}{shown}")


def _card_label(card: str) -> str:
    """The card as the timeline and the board name it ("Fox card 1-3": deck 1, draw value 3)."""
    label = card_label(card)
    return label.split(" ", 1)[1][:1].upper() + label.split(" ", 1)[1][1:]  # without its article


def _card(card: str | None) -> Choice:
    """A card, narrowed by animal, then draw value, then deck."""
    if card is None:
        return Choice(id="unnamed", label="A card, unnamed")
    if card == mv.FACE_DOWN:
        return Choice(id="face-down", label="One of the cards nobody has seen")
    index = cat.CARD_INDEX.get(card)
    if index is None:
        return Choice(id=card, label=card)
    spec = cat.CARDS[index]
    groups = (
        DecisionOption(id=spec.animal, label=_animal(spec.animal).capitalize()),
        DecisionOption(id=f"draw-{spec.draw}", label=f"Draw {spec.draw}"),
        DecisionOption(id=f"deck-{spec.deck}", label=f"Deck {spec.deck}"),
    )
    return Choice(id=card, label=_card_label(card), groups=groups)
