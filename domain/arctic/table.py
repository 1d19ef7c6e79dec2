"""What the table can do next, in the table's terms (``GET /games/{id}/legal-moves``, the 422 alternatives).

``legal_moves`` lists every move the engine accepts; in public mode that names every card not yet seen
wherever a hidden card may be named (352 entries to place a card from an unseen hand, 6 x 60 to reveal
the River). ``table_choices`` groups those: one ``TableChoice`` per move whose card is "any unseen
card" (``fill`` names the field to fill, ``options`` how many cards fit), each with a line of text.
Full mode: one choice per legal move (nothing is grouped).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec.structs import replace

from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.legal import legal_moves
from domain.arctic.queries import unseen_cards
from domain.arctic.state import GameState

#: The placeholder of a grouped choice's card field: the recorder sends the card it saw there.
ANY_UNSEEN: Final = "<any unseen card>"

_CARD_FIELD: Final[dict[type, str]] = {
    mv.PlaceCard: "card",
    mv.PuffinSwap: "hand_card",
    mv.Discard: "card",
    mv.TakeFromPenalty: "card",
    mv.GivePenalty: "card",
    mv.RevealRiver: "card",
}


class TableChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One thing the table can do next. ``move`` is sent as it is, unless ``fill`` names one of its
    fields: that field holds ``ANY_UNSEEN`` and takes any of ``options`` cards not yet seen."""

    text: str
    move: mv.Move
    fill: str | None = None
    options: int = 1


def table_choices(state: GameState, decisions: Decisions = DEFAULT) -> list[TableChoice]:
    legal = legal_moves(state, decisions)
    unseen = {cat.CARD_IDS[c] for c in unseen_cards(state)} if state.mode == "public" else set()
    groups: dict[Any, int] = {}  # move (template) -> cards it stands for; insertion-ordered
    for m in legal:
        field = _CARD_FIELD.get(type(m))
        if field is not None and getattr(m, field) in unseen:
            template = replace(m, **{field: ANY_UNSEEN})
            groups[template] = groups.get(template, 0) + 1
        else:
            groups.setdefault(m, 0)
    return [
        TableChoice(text=_text(m, state.names), move=m, fill=_CARD_FIELD[type(m)] if n else None, options=max(n, 1))
        for m, n in groups.items()
    ]


def _card(card: str | None) -> str:
    if card is None:
        return "a card, unnamed"
    if card == ANY_UNSEEN:
        return "any unseen card"
    if card == mv.FACE_DOWN:
        return "one of the unseen cards"
    return card


def _animal(name: str) -> str:
    """The animal as players say it ("polar bear"), not its key."""
    index = cat.ANIMAL_INDEX.get(name)
    return name if index is None else cat.ANIMAL_NAMES["en"][index]


def _seat(seat: int, names: tuple[str, ...]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _text(move: Any, names: tuple[str, ...] = ()) -> str:
    """The choice as a recorder at the table would say it (English), players by name."""
    if isinstance(move, mv.PlaceCard):
        where = {
            "top": "",
            "face_down": " face down under the visible card (Fox A)",
            "bottom": " at the bottom (Fox B)",
        }
        source = " from hand" if move.card in (None, ANY_UNSEEN, mv.FACE_DOWN) else ""
        return f"place {_card(move.card)}{source}{where[move.placement]}"
    if isinstance(move, mv.PuffinSwap):
        return f"swap {_card(move.hand_card)} from hand with River slot {move.river_slot + 1} (Puffin A)"
    if isinstance(move, mv.PuffinTakeBack):
        return "take the visible card back into hand (Puffin B)"
    if isinstance(move, mv.UseMooseB):
        return f"declare Moose B {move.delta:+d}"
    if isinstance(move, mv.SetDrawDelta):
        return f"declare Moose A {move.delta:+d}"
    if isinstance(move, mv.EndStep):
        return "end this step (decline the power, stop placing or drawing)"
    if isinstance(move, mv.MoveTokens):
        return f"move the {_animal(move.up)} token up"
    if isinstance(move, mv.WalrusStep):
        return f"move the token {move.direction} (Walrus)"
    if isinstance(move, mv.TakeFromRiver):
        return f"take the card in River slot {move.slot + 1}" + (
            ", no refill (Orca A)" if move.orca_refill is False else ""
        )
    if isinstance(move, mv.TakeFromDrawPile):
        return "take the top card of the draw pile (Orca B)"
    if isinstance(move, mv.TakeFromPenalty):
        return f"take {_card(move.card)} back from the penalty zone (Polar bear A)"
    if isinstance(move, mv.Discard):
        return f"discard {_card(move.card)} into the penalty zone"
    if isinstance(move, mv.GivePenalty):
        return f"give {_card(move.card)} to {_seat(move.to_seat, names)}'s penalty zone (Polar bear B)"
    if isinstance(move, mv.RevealRiver):
        return f"reveal the card turned into River slot {move.slot + 1}"
    if isinstance(move, mv.RevealTotem):
        return f"reveal {_seat(move.seat, names)}'s totem: {_animal(move.animal)}"
    return type(move).__name__
