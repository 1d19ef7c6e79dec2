"""Arctic's moves as decisions (``domain.building``): who, what, then which card (narrowed by animal,
draw value and deck when there are many), which River slot, which player. Every move ``legal_moves``
lists, each with its path; Arctic's moves are already one decision each, so nothing is rebuilt.

The table's optional notes (a hand or penalty card shown during play, a face-down Fox card declared as
an animal: accepted when valid, never listed) are offered beside every move (``Candidate.aside``). A
River card turned face up is named for the lowest slot waiting (the table fills the River in that
order; every slot is named before anything else happens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic.decisions import Decisions
from domain.arctic.describe import card_label
from domain.arctic.legal import legal_moves
from domain.arctic.pages import DECISIONS
from domain.arctic.queries import unseen_cards
from domain.arctic.rules import wild_neighbours
from domain.arctic.state import EMPTY, FINISHED, UNKNOWN, GameState
from domain.building import Candidate, Choice, DecisionOption, Step
from domain.game import Language
from domain.wording import LANG, player

# What a move does, said before its details: its option id (the words' key too), by move type.
_WHAT: dict[type, str] = {
    mv.PuffinSwap: "swap",
    mv.PuffinTakeBack: "take-back",
    mv.TakeFromRiver: "river",
    mv.TakeFromDrawPile: "pile",
    mv.TakeFromPenalty: "penalty",
    mv.Discard: "discard",
    mv.GivePenalty: "give",
    mv.EndStep: "end",
    mv.RevealRiver: "reveal-river",
    mv.RevealTotem: "totem",
    mv.RevealPileCard: "turn-over",
    mv.DeclareFoxWild: "fox-wild",
}
_PLACE = {"top": "place", "face_down": "place-face-down", "bottom": "place-bottom"}


def candidates(state: GameState, names: Sequence[str], decisions: Decisions, lang: Language = "en") -> list[Candidate]:
    """Every listed move with its path of decisions in ``lang``; after the end of a public game, the
    cards shown then (the reveals the rules accept after ``GameFinished``, never listed); before it,
    the table's optional notes."""
    said = _Said(state, names, lang)
    listed = legal_moves(state, decisions)
    reveals = [m.slot for m in listed if isinstance(m, mv.RevealRiver)]
    if reveals:  # the lowest slot waiting first: the order the table fills the River in
        listed = [m for m in listed if not isinstance(m, mv.RevealRiver) or m.slot == min(reveals)]
    if state.mode == "public" and state.phase == FINISHED:
        listed = [*listed, *_shown_at_end(state)]
    out = [said.candidate(m) for m in listed]
    if state.phase != FINISHED and state.players:
        note = said.t("note")
        out += [said.candidate(m, aside=note) for m in _notes(state)]
    return out


def _shown_at_end(state: GameState) -> list[Any]:
    """Each hand, penalty or face-down pile card still unknown, as each card nobody has seen yet."""
    pool = [cat.CARD_IDS[c] for c in unseen_cards(state)]
    out: list[Any] = []
    for seat, p in enumerate(state.players):
        out += _shown(seat, p, pool)
        for position, (card, down) in enumerate(zip(p.pile, p.pile_down, strict=True)):
            if down and card == UNKNOWN:
                out += [mv.RevealPileCard(seat=seat, position=position, card=c) for c in pool]
    return out


def _shown(seat: int, p: Any, pool: list[str]) -> list[Any]:
    """A hand or penalty card of ``seat``'s not known to the record, shown as any card nobody has seen."""
    out: list[Any] = []
    for zone, unknown in (("hand", p.hand_unknown), ("penalty", p.penalty_unknown)):
        if unknown:
            out += [mv.RevealCard(seat=seat, zone=zone, card=card) for card in pool]  # type: ignore[arg-type]
    return out


def _notes(state: GameState) -> list[Any]:
    """The optional notes the rules accept now: a card shown during play (public games), a face-down
    Fox card declared as the animal of a neighbouring run."""
    pool = [cat.CARD_IDS[c] for c in unseen_cards(state)] if state.mode == "public" else []
    out: list[Any] = []
    for seat, p in enumerate(state.players):
        if pool:
            out += _shown(seat, p, pool)
        for position, down in enumerate(p.pile_down):
            if down:
                out += [
                    mv.DeclareFoxWild(seat=seat, position=position, animal=cat.ANIMALS[a])  # type: ignore[arg-type]
                    for a in wild_neighbours(p, position)
                ]
    return out


class _Said:
    """The table's words for one state, in one language."""

    def __init__(self, state: GameState, names: Sequence[str], lang: Language) -> None:
        self.state = state
        self.names = names
        self.i = LANG.get(lang, 0)
        self.lang = lang
        self.cards: dict[str | None, Choice] = {}

    def t(self, key: str, **fields: Any) -> str:
        return DECISIONS[key][self.i].format(**fields)

    def who(self, seat: int | None) -> str:
        return self.t("table") if seat is None else player(seat, self.names, self.i)

    def animal(self, animal: str) -> str:
        index = cat.ANIMAL_INDEX.get(animal)
        return animal if index is None else cat.ANIMAL_NAMES[self.lang][index]

    def candidate(self, move: Any, aside: str = "") -> Candidate:
        seat = getattr(move, "seat", None)
        who = self.who(seat)
        steps = [
            Step(
                key="seat",
                # who the recorder is asked about, not who holds the phone
                prompt=self.t("notes_whose" if aside else "whose_move"),
                options=(Choice(id="table" if seat is None else f"seat-{seat}", label=who[:1].upper() + who[1:]),),
                auto=True,
                joins=True,
            ),
            Step(key="action", prompt=self.t("what", who=who), seat=seat, options=(self.what(move),), joins=True),
        ]
        for key, prompt, choice in self.details(move, who):
            steps.append(Step(key=key, prompt=prompt, seat=seat, options=(choice,), auto=key == "refill"))
        return Candidate(move=move, steps=tuple(steps), seat=seat, aside=aside)

    def what(self, move: Any) -> Choice:
        if isinstance(move, mv.PlaceCard):
            key = _PLACE[move.placement]
            return Choice(id=key, label=self.t(key))
        if isinstance(move, mv.UseMooseB):
            return Choice(id=f"moose-b{move.delta:+d}", label=self.t("moose-b", d=f"{move.delta:+d}"))
        if isinstance(move, mv.SetDrawDelta):
            return Choice(id=f"moose-a{move.delta:+d}", label=self.t("moose-a", d=f"{move.delta:+d}"))
        if isinstance(move, mv.MoveTokens):
            return Choice(id=f"up-{move.up}", label=self.t("up", animal=self.animal(move.up)))
        if isinstance(move, mv.RevealCard):
            return Choice(id=f"show-{move.zone}", label=self.t(f"show-{move.zone}"))
        if isinstance(move, mv.WalrusStep):
            return Choice(id=f"walrus-{move.direction}", label=self.t(f"walrus-{move.direction}"))
        said = _WHAT.get(type(move))
        if said is None:
            return Choice(id=type(move).__name__.lower(), label=type(move).__name__)
        return Choice(id=said, label=self.t(said))

    def details(self, move: Any, who: str) -> list[tuple[str, str, Choice]]:
        """The decisions after "what": (key, prompt, this move's option)."""
        if isinstance(move, mv.PlaceCard):
            return [("card", self.t("which_place", who=who), self.card(move.card))]
        if isinstance(move, mv.PuffinSwap):
            return [
                ("card", self.t("which_swap", who=who), self.card(move.hand_card)),
                ("slot", self.t("which_slot_with"), self.slot(move.river_slot)),
            ]
        if isinstance(move, mv.TakeFromRiver):
            refill = (
                Choice(id="no-refill", label=self.t("no_refill"))
                if move.orca_refill is False
                else Choice(id="refill", label=self.t("refill"))
            )
            return [
                ("slot", self.t("which_river", who=who), self.slot(move.slot)),
                ("refill", self.t("refill_now"), refill),
            ]
        if isinstance(move, (mv.TakeFromPenalty, mv.Discard)) or (
            isinstance(move, mv.TakeFromDrawPile) and move.card is not None
        ):
            prompt = self.t("which_discard" if isinstance(move, mv.Discard) else "which_take", who=who)
            return [("card", prompt, self.card(move.card))]
        if isinstance(move, mv.GivePenalty):
            to = Choice(id=f"seat-{move.to_seat}", label=player(move.to_seat, self.names, self.i))
            return [("player", self.t("to_whom"), to), ("card", self.t("which_penalty"), self.card(move.card))]
        if isinstance(move, mv.RevealRiver):
            return [
                ("slot", self.t("which_slot"), Choice(id=f"slot-{move.slot}", label=self.t("slot", n=move.slot + 1))),
                ("card", self.t("which_turned", n=move.slot + 1), self.card(move.card)),
            ]
        if isinstance(move, mv.RevealCard):
            return [("card", self.t("which_show", who=who), self.card(move.card))]
        if isinstance(move, (mv.RevealPileCard, mv.DeclareFoxWild)):
            position = Choice(id=f"position-{move.position}", label=self.t("pile_card", n=move.position + 1))
            if isinstance(move, mv.DeclareFoxWild):
                animal = Choice(id=move.animal, label=self.animal(move.animal).capitalize())
                return [("position", self.t("which_down", who=who), position), ("animal", self.t("counts_as"), animal)]
            return [
                ("position", self.t("which_down", who=who), position),
                ("card", self.t("which_is_it"), self.card(move.card)),
            ]
        if isinstance(move, mv.RevealTotem):
            animal = Choice(id=move.animal, label=self.animal(move.animal).capitalize())
            return [("animal", self.t("which_totem", who=who), animal)]
        return []

    def slot(self, slot: int) -> Choice:
        river = self.state.river
        card = river[slot] if 0 <= slot < len(river) else EMPTY
        if card in (EMPTY, UNKNOWN):
            return Choice(id=f"slot-{slot}", label=self.t("slot", n=slot + 1))
        label = self.t("slot_card", n=slot + 1, card=self.card_label(cat.CARD_IDS[card]))
        return Choice(id=f"slot-{slot}", label=label)

    def card_label(self, card: str) -> str:
        """The card as the timeline and the board name it ("Fox card 1-3": deck 1, draw value 3)."""
        label = card_label(card, self.lang).split(" ", 1)[1]  # without its article
        return label[:1].upper() + label[1:]

    def card(self, card: str | None) -> Choice:
        """A card, narrowed by animal, then draw value, then deck."""
        known = self.cards.get(card)
        if known is None:
            known = self.cards[card] = self.said_card(card)
        return known

    def said_card(self, card: str | None) -> Choice:
        if card is None:
            return Choice(id="unnamed", label=self.t("unnamed"))
        if card == mv.FACE_DOWN:
            return Choice(id="face-down", label=self.t("face_down"))
        index = cat.CARD_INDEX.get(card)
        if index is None:
            return Choice(id=card, label=card)
        spec = cat.CARDS[index]
        groups = (
            DecisionOption(id=spec.animal, label=self.animal(spec.animal).capitalize()),
            DecisionOption(id=f"draw-{spec.draw}", label=self.t("draw_n", n=spec.draw)),
            DecisionOption(id=f"deck-{spec.deck}", label=self.t("deck_n", n=spec.deck)),
        )
        return Choice(id=card, label=self.card_label(card), groups=groups)
