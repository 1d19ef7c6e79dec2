"""What a perspective may see: other seats' hands, the deck (its order, or for table games the pool
of unseen cards, which would reveal the hands), the seed (from which all of it is recomputed), the
future event sub-regions and the round cards of rounds not yet begun are hidden."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.game import Perspective

from . import editions
from . import events as ev
from .edition import Edition, index
from .evolve import active_seat
from .queries import offered_actions
from .state import GameState


def _sees_seat(perspective: Perspective, seat: int) -> bool:
    return perspective.kind == "omniscient" or (perspective.kind == "seat" and perspective.seat == seat)


def view(state: GameState, perspective: Perspective) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(state)
    omniscient = perspective.kind == "omniscient"
    for seat, p in enumerate(data["players"]):
        p["hand_size"] = len(p["hand"])
        if not _sees_seat(perspective, seat):
            p["hand"] = None
    data["deck_size"] = len(state.deck)
    data["active_seat"] = active_seat(state) if state.players else None
    data["to_play"], data["table_to_play"] = waiting_for(state)
    if not omniscient:
        data["deck"] = None
        data["event_plan"] = None
        data["round_cards"] = shown_round_cards(state.round_cards, state.round)
    if state.edition_id:
        data["board"] = board(editions.get(state.edition_id, state.edition_version), state, data)
    return data


def waiting_for(state: GameState) -> tuple[list[int], bool]:
    """Whom the table waits for, as the recorder asks it (the seats of the moves the rules accept now,
    in the order offered) and whether the decision is the table's own (a round card, the majorities'
    points, the event sub-regions). The board said "Nanook to play" while Aputsiaq and Siku were
    answering, a player at a round card's reveal, the active player while others paid their upkeep."""
    phase = state.phase
    if not state.players or phase in ("setup", "finished", "melt", "scoring"):
        return [], False
    if phase == "select" or (phase == "actions" and state.active_left):
        return [active_seat(state)], False
    if phase == "actions":  # the others' single choice, in the table's order; a Colony's one after the other
        return list(state.responders[:1] if state.ordered else state.responders), False
    if phase in ("majority", "reveal"):
        return [], True
    if phase == "collapse":
        return list(dict.fromkeys(token.seat for token in state.pending_collapses)), False
    return list(state.pending), False  # endangered upkeep, events


class _Printed:
    """An edition's printed material as a board draws it, built once per edition object."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.spaces = tuple((tuple(sp.wheels), tuple(sp.sectors)) for sp in edition.action_spaces)
        self.wheel_faces = tuple(tuple(wheel.faces) for wheel in edition.action_wheels)
        self.ice = tuple(space.ice for space in edition.circle)
        self.regions = tuple(
            {"name": r.name, "subregions": tuple(sub.name for sub in r.subregions)} for r in edition.regions
        )
        self.map = tuple({"region": sp.region, "subregion": sp.subregion, "family": sp.family} for sp in edition.map)
        self.cards = {
            c.id: {
                "id": c.id,
                "name": c.name,
                "family": c.family,
                "generation": c.generation,
                "cost": c.cost,
                "bp": c.bp,
            }
            for c in index(edition).cards.values()
        }


_PRINTED: dict[int, _Printed] = {}


def _printed(edition: Edition) -> _Printed:
    hit = _PRINTED.get(id(edition))
    if hit is None or hit.edition is not edition:
        hit = _PRINTED[id(edition)] = _Printed(edition)
    return hit


def board(edition: Edition, state: GameState, data: dict[str, Any]) -> dict[str, Any]:
    """What a board draws besides the state, from the edition (printed material, the same for every
    perspective): the action spaces with the two actions the wheels' orientation offers on each, the
    wheels, the Arctic Circle's spaces and ice tiles, the map's regions, and the faces of the cards
    this view names (a card hidden from it has none here)."""
    printed = _printed(edition)
    orientations = tuple(state.orientations)
    named = {c for p in data["players"] for zone in ("hand", "long_column", "short_column") for c in p[zone] or ()}
    named.update(data.get("discard") or ())
    melted = set(state.melted)
    return {
        "action_spaces": [
            {
                "wheels": wheels,
                "actions": offered_actions(edition, orientations, i) if orientations else (),
                # which face of each of its two wheels the space shows (the wheel's turned sector)
                "faces": tuple((orientations[w] + k) % 4 for w, k in zip(wheels, sectors, strict=True))
                if orientations
                else (),
            }
            for i, (wheels, sectors) in enumerate(printed.spaces)
        ],
        "wheels": [
            {"faces": faces, "orientation": orientations[w] if w < len(orientations) else 0}
            for w, faces in enumerate(printed.wheel_faces)
        ],
        "circle": [{"ice": ice, "melted": ice in melted} for ice in printed.ice],
        "regions": printed.regions,
        "map": printed.map,
        "cards": [printed.cards[c] for c in sorted(named) if c in printed.cards],
    }


def shown_round_cards(round_cards: tuple[int | None, ...], current_round: int) -> list[int | None]:
    """A round card is turned face up when its round begins: later ones are ``None``."""
    return [c if rnd <= current_round else None for rnd, c in enumerate(round_cards, start=1)]


def redact_event(event: ev.Event, perspective: Perspective, state: GameState | None = None) -> ev.Event:
    if perspective.kind == "omniscient":
        return event
    if isinstance(event, ev.CardsDrawn) and not _sees_seat(perspective, event.seat):
        return replace(event, cards=None)
    if isinstance(event, ev.DeckReshuffled):
        return replace(event, cards=None)
    if isinstance(event, ev.GameStarted):
        hands = tuple(h if _sees_seat(perspective, s) else None for s, h in enumerate(event.hands))
        shown = tuple(shown_round_cards(event.round_cards, state.round if state is not None else 0))
        return replace(event, seed=None, hands=hands, deck=None, round_cards=shown, event_plan=None)
    return event
