"""An independent audit of simulated games: each event is checked against the rules from the state
before it (§5-§7), without reusing the engine's helpers for the facts being checked."""

from __future__ import annotations

from typing import Any

import pytest

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic.simulator import simulate
from domain.arctic.state import EMPTY, GameState

LAST = len(cat.LANDSCAPE) - 1


def _visible(s: GameState, seat: int) -> int | None:
    p = s.players[seat]
    return p.pile[-1] if p.pile and not p.pile_down[-1] else None


def _holds(s: GameState, animal: int, side: int) -> bool:
    return s.holders[animal] == s.active and s.sides[animal] == side


class Turn:
    def __init__(self, seat: int, final: bool) -> None:
        self.seat, self.final = seat, final
        self.powers = 0
        self.shortfall: int | None = None
        self.penalties = 0
        self.available = 0
        self.events: list[str] = []


def audit(events: list[Any]) -> None:
    s = RULES.initial_state()
    turn: Turn | None = None
    turns: list[Turn] = []
    must_exhaust = False
    for e in events:
        name = type(e).__name__
        if isinstance(e, ev.TurnStarted):
            if turn is not None:
                assert e.seat == (turn.seat + 1) % len(s.names), "clockwise"
            p = s.players[e.seat]
            top = p.pile[-1] if p.pile and not p.pile_down[-1] else None
            assert e.placement_value == (cat.PLACEMENT[top] if top is not None else 1), "§5 step 1: N"
            turn = Turn(e.seat, e.final or s.final_round)
            turns.append(turn)
        elif turn is not None:
            turn.events.append(name)
        if isinstance(e, ev.PlacingEnded):
            target = s.place_n + s.moose_delta
            assert e.shortfall == max(0, target - e.placed)
            if s.players[e.seat].hand_size > 0 and not s.placing_closed:
                assert e.placed == target, "§5: N cards while the hand holds cards"
            assert turn is not None
            turn.shortfall = e.shortfall
            turn.available = s.draw_left + (0 if s.reserve_in_use else s.reserve_left)
        if isinstance(e, ev.PenaltyCardDrawn):
            assert turn is not None and s.draw_left > 0, "no penalty from an empty pile"
            turn.penalties += 1
        if isinstance(e, ev.PowerTaken):
            assert turn is not None and turn.shortfall is not None
            assert turn.penalties == min(turn.shortfall, turn.available), "one penalty per missing card"
            v = _visible(s, e.seat)
            assert v is not None and cat.ANIMAL_INDEX[e.animal] == cat.MAIN[v], "power of the visible card"
            assert e.from_seat == (None if s.holders[cat.MAIN[v]] < 0 else s.holders[cat.MAIN[v]])
            turn.powers += 1
        if isinstance(e, ev.TokensMoved):
            v = _visible(s, e.seat)
            assert v is not None
            main, comp = cat.MAIN[v], cat.COMPANION[v]
            assert (cat.ANIMAL_INDEX[e.main], cat.ANIMAL_INDEX[e.companion]) == (main, comp)
            pm, pc = s.tokens[main], s.tokens[comp]
            if pm == pc and pm in (0, LAST):
                assert e.main_step == e.companion_step == (1 if pm == 0 else -1), "same end: both inward"
            else:
                assert e.main_step == -e.companion_step and abs(e.main_step) == 1, "opposite directions"
                assert 0 <= pm + e.main_step <= LAST and 0 <= pc + e.companion_step <= LAST
        if isinstance(e, ev.WalrusTokenMoved):
            v = _visible(s, e.seat)
            assert v is not None
            expected = cat.MAIN[v] if s.sides[cat.WALRUS] == cat.SIDE_A else cat.COMPANION[v]
            assert cat.ANIMAL_INDEX[e.animal] == expected and _holds(s, cat.WALRUS, s.sides[cat.WALRUS])
        if isinstance(e, ev.DrawingEnded):
            v = _visible(s, e.seat)
            assert v is not None
            base = cat.DRAW[v]
            assert s.draw_target in (base, base - 1, base + 1)
            if s.draw_target != base:
                assert _holds(s, cat.MOOSE, cat.SIDE_A), "only Moose A changes the draw value"
            if e.drawn < s.draw_target:  # nothing left to draw
                assert all(c == EMPTY for c in s.river)
                assert not (_holds(s, cat.ORCA, cat.SIDE_B) and s.draw_left > 0)
                assert not (_holds(s, cat.POLAR_BEAR, cat.SIDE_A) and s.players[e.seat].penalty_size > 0)
        if isinstance(e, ev.RiverRefilled):
            assert s.river[e.slot] == EMPTY and e.slot == s.river.index(EMPTY), "§7b.9: lowest empty slot"
            assert s.draw_left > 0
        if isinstance(e, ev.CardTakenFromRiver) and s.mode == "full":
            assert e.card == cat.CARD_IDS[s.river[e.slot]]
        if isinstance(e, ev.CardTakenFromDrawPile | ev.RiverRefilled | ev.PenaltyCardDrawn) and s.mode == "full":
            assert e.card == cat.CARD_IDS[s.deck[len(s.deck) - s.draw_left]], "the top of the draw pile"
        if isinstance(e, ev.DrawPileExhausted):
            assert s.draw_left == 0 and not s.reserve_in_use and e.reserve_size == s.reserve_left
        if isinstance(e, ev.TurnEnded) and not s.final_round and s.draw_left > 0:
            assert EMPTY not in s.river, "§5 step 3: the River is refilled to 6"
        if must_exhaust:
            assert isinstance(e, ev.DrawPileExhausted), "§7.1: the reserve takes over the moment the last card is taken"
        s = RULES.evolve(s, e)
        must_exhaust = isinstance(e, ev.RiverRefilled | ev.PenaltyCardDrawn | ev.CardTakenFromDrawPile) and (
            s.draw_left == 0 and not s.reserve_in_use
        )
    assert RULES.is_finished(s)
    for t in turns:
        assert t.powers == 1, "exactly one power per turn"
        step3 = {"DrawingEnded", "CardTakenFromRiver", "CardTakenFromDrawPile", "CardTakenFromPenalty",
                 "CardDiscarded", "PenaltyCardGiven", "RiverRefilled"}  # fmt: skip
        if t.final:
            assert not step3 & set(t.events), "§7.4: no step 3 in the final turn"
        else:
            assert "DrawingEnded" in t.events
    finals = [t.seat for t in turns if t.final]
    n = len(s.names)
    assert finals == [(s.start_seat + k) % n for k in range(n)]


CASES = [(2 + seed % 3, seed, side) for seed in range(4) for side in ("A", "B", None)]


@pytest.mark.parametrize(("players", "seed", "side"), CASES)
def test_simulated_games_follow_the_rules_event_by_event(players: int, seed: int, side: str | None) -> None:
    sides = dict.fromkeys(cat.ANIMALS, side) if side else None
    game = simulate(players, seed, power_sides=sides)  # type: ignore[arg-type]
    audit(game.events)
    audit(simulate(players, seed, power_sides=sides, mode="public").events)  # type: ignore[arg-type]
