"""§9: recording a real table in public-information mode."""

from __future__ import annotations

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.legal import legal_moves
from domain.arctic.setup import Setup
from domain.arctic.simulator import simulate, to_public
from domain.arctic.state import UNKNOWN
from domain.arctic.table import ANY_UNSEEN

from .support import Table, of, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]


class PublicTable(Table):
    def __init__(self, players: int = 2) -> None:
        self.setup = Setup(players=[f"p{i}" for i in range(players)], mode="public",
                           power_sides=dict.fromkeys(cat.ANIMALS, "A"))  # fmt: skip
        self.events = RULES.start(self.setup)
        self.state = RULES.fold(self.events)


def revealed() -> PublicTable:
    t = PublicTable()
    t.play(*(mv.RevealRiver(slot=i, card=c) for i, c in enumerate(RIVER)))
    return t


def test_the_river_must_be_revealed_first() -> None:
    t = PublicTable()
    err = t.rejects(mv.PlaceCard(seat=0, card="d1-fox-3"), "arctic.reveal_required")
    # grouped in the table's terms: one reveal per slot, any of the 60 unseen cards (issue 18)
    assert [c.move for c in err.legal] == [mv.RevealRiver(slot=i, card=ANY_UNSEEN) for i in range(6)]
    assert all(c.fill == "card" and c.options == 60 for c in err.legal)
    assert err.legal[2].text == "reveal the card turned into River slot 3"  # slots said 1 to 6
    assert len(legal_moves(t.state)) == 6 * 60  # legal_moves itself still lists every accepted move
    assert t.play(mv.RevealRiver(slot=0, card=RIVER[0])) == [ev.RiverCardRevealed(slot=0, card=RIVER[0])]
    t.rejects(mv.RevealRiver(slot=1, card=RIVER[0]), "arctic.card_already_seen")
    t.rejects(mv.RevealRiver(slot=0, card=RIVER[1]), "arctic.wrong_step")
    t.rejects(mv.RevealRiver(slot=1, card="d3-fox-1"), "arctic.card_not_in_game")
    t.rejects(mv.RevealRiver(slot=9, card=RIVER[1]), "arctic.river_slot_invalid")


def test_reveals_are_public_mode_only() -> None:
    t = Table()
    t.rejects(mv.RevealRiver(slot=0, card="d1-fox-1"), "arctic.not_public_mode")
    t.rejects(mv.RevealCard(seat=0, zone="hand", card="d1-fox-1"), "arctic.not_public_mode")
    t.rejects(mv.RevealTotem(seat=0, animal="fox"), "arctic.totem_already_known")


def test_hands_are_unknown_cards_revealed_when_placed() -> None:
    t = revealed()
    t.rejects(mv.PlaceCard(seat=0, card=None), "arctic.card_required")
    t.rejects(mv.PlaceCard(seat=0, card=RIVER[0]), "arctic.card_already_seen")
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"))
    p = t.state.players[0]
    assert p.hand_unknown == 2 and t.pile(0) == ["d1-orca-2"]
    t.play(mv.MoveTokens(seat=0, up="orca"))
    out = t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1))
    assert of(out, ev.RiverRefilled) == [ev.RiverRefilled(slot=0, card=None), ev.RiverRefilled(slot=1, card=None)]
    assert t.state.players[0].hand == (cat.CARD_INDEX[RIVER[0]], cat.CARD_INDEX[RIVER[1]])
    assert t.state.river[0] == UNKNOWN
    t.rejects(mv.PlaceCard(seat=1, card="d1-fox-3"), "arctic.reveal_required")


def test_penalty_cards_are_unknown_and_can_be_revealed() -> None:
    t = revealed()
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    t.play(*(mv.TakeFromRiver(seat=0, slot=i) for i in range(3)))
    t.play(*(mv.RevealRiver(slot=i, card=f"d2-moose-{i + 1}") for i in range(3)))
    t.play(mv.PlaceCard(seat=1, card="d2-walrus-1"), mv.MoveTokens(seat=1, up="walrus"))  # placement 5 next turn
    t.play(mv.EndStep(seat=1), mv.TakeFromRiver(seat=1, slot=0))
    t.play(mv.RevealRiver(slot=0, card="d2-moose-4"))
    # seat 0: N = 3 (fox-3), hand 2 + 3 = 5: no shortfall; place all but check a reveal of a hand card
    assert t.play(mv.RevealCard(seat=0, zone="hand", card="d1-polar_bear-5")) == [
        ev.CardRevealed(seat=0, zone="hand", card="d1-polar_bear-5")
    ]
    t.rejects(mv.RevealCard(seat=0, zone="penalty", card="d1-polar_bear-4"), "arctic.no_unknown_card")


def test_an_unnamed_face_down_card_makes_the_known_hand_cards_unknown() -> None:
    t = revealed()
    t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.MoveTokens(seat=0, up="orca"))
    t.play(mv.TakeFromRiver(seat=0, slot=0, orca_refill=False), mv.TakeFromRiver(seat=0, slot=1))
    state = t.state
    p = state.players[0]
    assert (len(p.hand), p.hand_unknown) == (2, 2)
    from domain.arctic.evolve import evolve

    named = evolve(state, ev.CardPlaced(seat=0, card="d3-fox-1", placement="face_down"))
    assert (named.players[0].hand, named.players[0].hand_unknown) == (p.hand, 1)  # a reveal
    s = evolve(state, ev.CardPlaced(seat=0, card=None, placement="face_down"))
    assert (s.players[0].hand, s.players[0].hand_unknown) == ((), 3)


def test_totems_are_revealed_at_the_end_then_the_game_is_scored() -> None:
    full = simulate(2, 11)
    public = to_public(full)
    reveals = [m for m in public.moves if isinstance(m, mv.RevealTotem)]
    assert len(reveals) == 2 and public.moves[-2:] == reveals
    before = RULES.fold(public.events[:-2])  # before the last reveal
    assert before.phase == "totems"
    assert all(isinstance(m, mv.RevealTotem) for m in legal_moves(before))
    taken = cat.ANIMALS[before.players[0].totem]
    t = Table()
    t.state = before
    t.rejects(mv.RevealTotem(seat=1, animal=taken), "arctic.totem_taken")  # type: ignore[arg-type]
    t.rejects(mv.PlaceCard(seat=0, card="d1-fox-1"), "arctic.wrong_step")
    assert types(public.events[-2:]) == ["TotemRevealed", "GameFinished"]
    assert [s.total for s in public.events[-1].scores] == [s.total for s in full.events[-1].scores]


def test_public_twin_of_a_simulated_game_names_no_hidden_card() -> None:
    public = simulate(3, 5, mode="public")
    assert public.setup.mode == "public" and public.setup.deck_order is None
    for e in public.events:
        if isinstance(e, ev.PenaltyCardDrawn | ev.CardTakenFromDrawPile | ev.RiverRefilled):
            assert e.card is None
        if isinstance(e, ev.CardPlaced) and e.placement == "face_down":
            assert e.card is None
