"""What the table can do next, for any client (``GET /games/{id}/legal-moves``): the engine's legal
moves grouped in the table's terms, by player name, in one shape whatever the game and its mode.

A group is one player's kind of move ("Nanook places a card"); its choices are ready to send, except
a choice with ``fill``: that field of its move holds ``"<any unseen card>"`` and takes one of
``cards`` — in a public game, the cards nobody has seen yet, which the engine accepts there. A
client never rebuilds the unseen list, and never needs the rules to know it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any

import msgspec

from domain.building import Built, Decision, MadeDecision
from domain.kinds import game

#: the engine's "any unseen card" placeholder (a kind's ``table_moves`` fill it in)
ANY_UNSEEN = "<any unseen card>"


class MoveChoice(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One thing the table may record. ``move`` is sent as it is unless ``fill`` names one of its fields:
    that field then takes one of ``cards``."""

    text: str
    move: dict[str, Any]
    fill: str | None = None
    cards: list[Any] | None = None


class ChoiceGroup(msgspec.Struct, kw_only=True):
    """One player's (or the table's: ``seat`` null) kind of move, in the table's words."""

    seat: int | None
    player: str | None
    type: str
    title: str
    choices: list[MoveChoice]


class LegalMoves(msgspec.Struct, kw_only=True):
    """The moves the engine accepts at ``version``, grouped; ``count``: how many engine moves they stand for."""

    kind: str
    #: ``public``: the table's view (hidden cards are chosen among ``cards``); ``full``: every card known
    mode: str
    version: int
    players: list[str]
    phase: str
    count: int
    groups: list[ChoiceGroup]


class DecisionsMade(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A move being built (``POST /games/{id}/moves/next``): the ids of the options chosen so far, in
    order (narrowings included); ``version``, when given, the game's version they were chosen at."""

    made: Annotated[list[Annotated[str, msgspec.Meta(min_length=1, max_length=80)]], msgspec.Meta(max_length=200)] = []
    version: int | None = None


class NextDecision(msgspec.Struct, kw_only=True):
    """The next decision of a move being built (``next``), or the finished move (``move``, ready for
    ``POST /games/{id}/moves``); ``made``: the decisions so far in the table's words (``auto``: taken
    by the service, the only option)."""

    kind: str
    version: int
    players: list[str]
    made: list[MadeDecision]
    next: Decision | None = None
    move: dict[str, Any] | None = None


def next_decision(kind: str, version: int, players: Sequence[str], built: Built) -> NextDecision:
    move = msgspec.to_builtins(built.move) if built.move is not None else None
    return NextDecision(kind=kind, version=version, players=list(players), made=built.made, next=built.next, move=move)


_SEAT = re.compile(r"\bseat (\d+)('s)?")


def grouped(
    kind: str, version: int, players: Sequence[str], state: Any, rules: Any, listed: Sequence[Any]
) -> LegalMoves:
    """``listed``: the rules' ``table_moves`` when they have it (choices with a text and, for a card not
    seen yet, ``fill``), else their ``legal_moves``; each group titled by the kind's ``move_titles``."""
    names = list(players)
    plugin = game(kind)
    titles = plugin.move_titles if plugin is not None else {}
    every: list[Any] | None = None
    known: set[Any] = set()
    groups: dict[tuple[int | None, str], ChoiceGroup] = {}
    count = 0
    for item in listed:
        fill = getattr(item, "fill", None)
        move = getattr(item, "move", item)
        built = msgspec.to_builtins(move)
        text = getattr(item, "text", None) or _text(built)
        cards: list[Any] | None = None
        if fill is not None:
            if every is None:
                every = list(rules.legal_moves(state))
                # a card the table has seen is a choice of its own, not one of the unseen cards
                known = {getattr(i, "move", i) for i in listed if getattr(i, "fill", None) is None}
            cards = _cards(move, fill, every, known)
            text = text.replace("any unseen card", "a card not seen yet")
        count += len(cards) if cards is not None else 1
        seat = built.get("seat") if isinstance(built.get("seat"), int) else None
        type_ = str(built.get("type", type(move).__name__))
        group = groups.get((seat, type_))
        if group is None:
            player = names[seat] if seat is not None and 0 <= seat < len(names) else None
            title = titles.get(type_, "{p}: " + type_).replace("{p}", player or "The table")
            group = groups[(seat, type_)] = ChoiceGroup(seat=seat, player=player, type=type_, title=title, choices=[])
        group.choices.append(MoveChoice(text=_named(text, names), move=built, fill=fill, cards=cards))
    return LegalMoves(
        kind=kind,
        mode=_mode(state),
        version=version,
        players=names,
        phase=str(rules.phase(state)) if hasattr(rules, "phase") else "",
        count=count,
        groups=list(groups.values()),
    )


def _mode(state: Any) -> str:
    """``public`` (the table's view: cards not seen yet) or ``full`` (every card known)."""
    mode = getattr(state, "mode", None) or getattr(state, "chance", None)
    return "public" if mode == "public" else "full"


def _cards(template: Any, fill: str, every: list[Any], known: set[Any]) -> list[Any]:
    """The cards the engine accepts in ``template``'s ``fill`` field: its legal moves equal to it but for that card."""
    cards = []
    for m in every:
        same_kind = type(m) is type(template) and m not in known and getattr(m, fill) != ANY_UNSEEN
        if same_kind and msgspec.structs.replace(m, **{fill: ANY_UNSEEN}) == template:
            cards.append(getattr(m, fill))
    return cards


def _named(text: str, names: list[str]) -> str:
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if not 0 <= seat < len(names):
            return match.group(0)
        return names[seat] + (match.group(2) or "")

    return _SEAT.sub(name, text)


def _text(move: dict[str, Any]) -> str:
    """A move without a text of its own, said from its fields: "card 12, discards 3 5"."""
    parts = []
    for field, value in move.items():
        if field in ("type", "seat") or value in (None, (), [], {}):
            continue
        parts.append(f"{field.replace('_', ' ')} {_said(value)}")
    return ", ".join(parts) or str(move.get("type", "move")).replace("_", " ")


def _said(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_said(v) for v in value)
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k} {_said(v)}" for k, v in value.items() if v not in (None, [], {}, ())) + ")"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)
