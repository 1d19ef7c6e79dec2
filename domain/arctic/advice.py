"""The better move of a judged decision as a player would say it (#44): "Nanook could have placed the fox
card 2-1 and taken the moose power, rather than placing the walrus card 3-2."

Read from the events each move makes in the position (what the table sees happen, in the timeline's
names for cards and animals), keeping only what the better move does that the move played does not,
then what the move played did instead. English, as the analysis's other words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import RULES
from . import catalogue as cat
from . import events as ev
from .describe import card_label

_ANIMALS = cat.ANIMAL_NAMES["en"]


def _card(card: str | None) -> str:
    """ "the fox card 2-1" (a hidden card: "a hidden card")."""
    label = card_label(card)
    for article in ("an ", "a "):
        if label.startswith(article) and card is not None:
            return "the " + label[len(article) :]
    return label


def _animal(name: str) -> str:
    return _ANIMALS[cat.ANIMAL_INDEX[name]]


def _phrases(event: Any, names: Sequence[str]) -> tuple[str, str] | None:
    """What an event of the mover's says, as (``could have ...``, ``rather than ...ing``) phrases."""
    if isinstance(event, ev.CardPlaced):
        where = {"top": "", "face_down": " face down under the visible card", "bottom": " at the bottom of the pile"}
        card = _card(event.card) + where[event.placement]
        return f"placed {card}", f"placing {card}"
    if isinstance(event, ev.PowerTaken):
        power = f"the {_animal(event.animal)} power"
        if event.from_seat is not None and event.from_seat != event.seat and event.from_seat < len(names):
            power += f" from {names[event.from_seat]}"
        return f"taken {power}", f"taking {power}"
    if isinstance(event, ev.CardTakenFromRiver):
        return f"taken {_card(event.card)} from the River", f"taking {_card(event.card)}"
    if isinstance(event, ev.TokensMoved):
        up, down = (event.main, event.companion) if event.main_step > 0 else (event.companion, event.main)
        text = f"the {_animal(up)} token up and the {_animal(down)} token down"
        return f"moved {text}", f"moving {text}"
    if isinstance(event, ev.WalrusTokenMoved):
        way = "up" if event.step > 0 else "down"
        return f"moved the {_animal(event.animal)} token one more card {way}", f"moving it {way}"
    if isinstance(event, ev.PowerDeclined):
        if event.animal == "walrus":
            return "left the tokens where they were (no Walrus step)", "leaving the tokens where they were"
        return "kept the penalty cards", "keeping them"
    if isinstance(event, ev.CardDiscarded):
        return f"discarded {_card(event.card)}", f"discarding {_card(event.card)}"
    if isinstance(event, ev.PenaltyCardGiven):
        to = names[event.to_seat] if event.to_seat < len(names) else f"player {event.to_seat + 1}"
        return f"given a penalty card to {to}", f"giving one to {to}"
    if isinstance(event, ev.PuffinSwapped):
        text = f"{_card(event.hand_card)} for {_card(event.river_card)}"
        return f"swapped {text} (Puffin A)", f"swapping {text}"
    if isinstance(event, ev.VisibleCardTakenBack):
        return f"taken {_card(event.card)} back into hand (Puffin B)", f"taking {_card(event.card)} back"
    if isinstance(event, ev.PlacementValueChanged):
        count = f"{event.placement_value} card{'s' if event.placement_value != 1 else ''}"
        return f"used Moose B to place {count}", f"using Moose B to place {count}"
    if isinstance(event, ev.DrawValueChanged):
        count = f"{event.draw_value} card{'s' if event.draw_value != 1 else ''}"
        return f"used Moose A to draw {count}", f"using Moose A to draw {count}"
    if isinstance(event, ev.CardTakenFromDrawPile):
        return "taken the top card of the draw pile (Orca B)", "taking the top card of the draw pile"
    if isinstance(event, ev.CardTakenFromPenalty):
        return f"taken {_card(event.card)} back from the penalty zone", f"taking {_card(event.card)} back"
    return None


def _said(state: Any, move: Any, seat: int, names: Sequence[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for event in RULES.decide(state, move):
        if getattr(event, "seat", None) == seat:
            phrase = _phrases(event, names)
            if phrase is not None and phrase not in out:
                out.append(phrase)
    return out


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def advise(state: Any, played: Any, best: Any, seat: int) -> str:
    """The better move in a sentence ("" when the two moves say the same)."""
    names = list(state.names)
    mine, better = _said(state, played, seat, names), _said(state, best, seat, names)
    only_better = [p[0] for p in better if p not in mine]
    only_mine = [p[1] for p in mine if p not in better]
    if not only_better:
        return ""
    sentence = f"{names[seat]} could have {_joined(only_better)}"
    if only_mine:
        sentence += f", rather than {_joined(only_mine)}"
    return sentence + "."
