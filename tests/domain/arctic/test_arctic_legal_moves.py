"""``legal_moves`` and ``decide`` agree: every listed move is accepted, every other candidate refused."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic.queries import holds
from domain.arctic.simulator import simulate
from domain.arctic.state import GameState
from domain.errors import RuleViolation


def candidates(s: GameState) -> list[Any]:
    seat = s.active
    p = s.players[seat]
    cards: list[str | None] = [cat.CARD_IDS[c] for c in p.hand] + ["d1-fox-1", "d2-orca-3", "d4-moose-2"]
    if s.mode == "public":
        cards += [None, mv.FACE_DOWN]
    penalty = [cat.CARD_IDS[c] for c in p.penalty] + ["d1-puffin-4", None, mv.FACE_DOWN]
    out: list[Any] = []
    for c in cards:
        out += [mv.PlaceCard(seat=seat, card=c, placement=pl) for pl in ("top", "face_down", "bottom")]
        if c is not None and c != mv.FACE_DOWN:
            out += [mv.PuffinSwap(seat=seat, hand_card=c, river_slot=i) for i in (0, 3, 5, 6)]
        out.append(mv.Discard(seat=seat, card=c))
    out.append(mv.PlaceCard(seat=(seat + 1) % len(s.names), card="d1-fox-2"))
    out += [mv.PuffinTakeBack(seat=seat), mv.EndStep(seat=seat), mv.TakeFromDrawPile(seat=seat)]
    out += [mv.UseMooseB(seat=seat, delta=d) for d in (-1, 0, 1, 2)]
    out += [mv.SetDrawDelta(seat=seat, delta=d) for d in (-1, 0, 1)]
    out += [mv.MoveTokens(seat=seat, up=a) for a in cat.ANIMALS]  # type: ignore[arg-type]
    out += [mv.WalrusStep(seat=seat, direction=d) for d in ("up", "down")]
    for slot in range(7):
        out += [mv.TakeFromRiver(seat=seat, slot=slot, orca_refill=r) for r in (None, False)]
    for c in penalty:
        out.append(mv.TakeFromPenalty(seat=seat, card=c))
        out += [mv.GivePenalty(seat=seat, to_seat=to, card=c) for to in range(len(s.names))]
    return out


def canonical(s: GameState, m: Any) -> Any:
    """``orca_refill=False`` without Orca A is the same move as the default."""
    if isinstance(m, mv.TakeFromRiver) and m.orca_refill is False and not holds(s, cat.ORCA, cat.SIDE_A):
        return replace(m, orca_refill=None)
    return m


@pytest.mark.parametrize("mode", ["full", "public"])
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)])
def test_legal_moves_are_exactly_the_accepted_moves(players: int, seed: int, mode: str) -> None:
    sides = dict.fromkeys(cat.ANIMALS, "AB"[seed % 2]) if seed < 5 else None
    game = simulate(players, seed, power_sides=sides, mode=mode)  # type: ignore[arg-type]
    s = RULES.fold(game.events[:2])
    for move in game.moves:
        legal = RULES.legal_moves(s)
        assert move in legal
        for m in legal:
            RULES.decide(s, m)  # never raises
        for m in candidates(s):
            try:
                RULES.decide(s, m)
            except RuleViolation as err:
                assert m not in legal, (m, err.code)
                assert err.code.startswith("arctic.")
            else:
                assert canonical(s, m) in legal, m
        s = RULES.fold(RULES.decide(s, move), s)
