"""Issue 23: Moose B with a hand that runs out short (§6 "with a shortfall, one penalty fewer", §7b.4).

Under ``arctic-2`` the one-penalty-fewer is the power's effect: when the hand runs out before the
count (or a Fox card empties it), the engine records Moose B -1 by itself, before ``PlacingEnded``,
and the table's next move (tokens, Walrus, a draw) applies at once. Games started under ``arctic-1``
keep its rules (the placing waits for ``UseMooseB(-1)`` or ``EndStep``), decided by ``RULES`` from
the rules version in their ``GameStarted``, and their stored events replay to the same states.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.arctic import RULES
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.events import Event
from domain.arctic.evolve import evolve
from domain.arctic.legal import legal_moves
from domain.arctic.moves import Move
from domain.arctic.setup import Setup
from domain.arctic.simulator import is_power_move
from domain.arctic.state import GameState
from domain.errors import RuleViolation
from domain.game import state_hash

from .support import Table, give_power, of, position, sides, types

RIVER = ["d1-walrus-1", "d1-walrus-2", "d1-walrus-4", "d1-walrus-5", "d1-puffin-1", "d1-puffin-2"]
DRAW = ["d2-fox-1", "d2-fox-2", "d2-fox-3", "d2-fox-4", "d2-fox-5", "d2-moose-1"]
HAND = ["d1-fox-3", "d1-orca-2", "d1-moose-4", "d1-polar_bear-1"]
MODES = ["full", "public"]
MINUS_ONE = ev.PlacementValueChanged(seat=0, delta=-1, placement_value=2)  # N = 3 -> 2


def table(mode: str, **power_sides: str) -> Table:
    """Seat 0 to play, N = 3 (a walrus-3 on its pile), holding Moose B; ``mode="public"``: the same
    position as a recorder who does not know the deck order sees it."""
    t = Table(hands=[HAND[:3], ["d1-orca-4", "d1-orca-5", "d1-fox-5"]], river=RIVER, draw=DRAW,
              power_sides=sides(moose="B", **power_sides))  # fmt: skip
    t = give_power(position(t, 0, pile=["d1-walrus-3"], hand=HAND), "moose", 0)
    return t.edit(lambda s: replace(s, mode="public", deck=(), reserve=())) if mode == "public" else t


def penalties(t: Table, seat: int = 0) -> int:
    return t.state.players[seat].penalty_size


# --- arctic-2: the hand runs out short --------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_the_last_card_of_the_hand_short_of_n_is_moose_b_minus_one_by_itself(mode: str) -> None:
    # given N = 3, Moose B held, one card in hand
    t = position(table(mode), 0, hand=["d1-fox-3"])
    # when the table places it
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    # then Moose B lowers the count by itself: (3 - 1) - 1 = one penalty card, not two
    assert out[:3] == [
        ev.CardPlaced(seat=0, card="d1-fox-3"),
        MINUS_ONE,
        ev.PlacingEnded(seat=0, placed=1, shortfall=1),
    ]
    assert len(of(out, ev.PenaltyCardDrawn)) == 1 and penalties(t) == 1
    assert t.state.moose_used and t.state.phase == "tokens"  # the game does not wait at the empty hand


@pytest.mark.parametrize("mode", MODES)
def test_a_hand_that_runs_out_at_n_minus_1_costs_no_penalty(mode: str) -> None:
    t = position(table(mode), 0, hand=["d1-fox-3", "d1-orca-2"])
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.PlaceCard(seat=0, card="d1-orca-2"))
    assert of(out, ev.PlacementValueChanged) == [MINUS_ONE]
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=2, shortfall=0)]
    assert of(out, ev.PenaltyCardDrawn) == []


@pytest.mark.parametrize("mode", MODES)
def test_an_empty_hand_at_the_start_of_the_turn_takes_one_penalty_fewer(mode: str) -> None:
    # given seat 1 holds Moose B, has an empty hand and a walrus-3 on its pile (N = 3)
    t = table(mode)
    t = give_power(position(t, 0, hand=["d1-fox-3", "d1-orca-2", "d1-polar_bear-1"]), "moose", 1)
    position(t, 1, pile=["d1-walrus-3"], hand=[])
    # when seat 0 ends its turn
    out: list[Any] = []
    while t.state.active == 0:
        legal = legal_moves(t.state)
        plain = [m for m in legal if not is_power_move(m) and getattr(m, "orca_refill", None) is not False]
        out += t.play(plain[0])
    # then seat 1's turn starts with Moose B -1 and two penalty cards (§7b.2 with §7b.4)
    turn = out[types(out).index("TurnStarted") :]
    assert types(turn)[:5] == [
        "TurnStarted",
        "PlacementValueChanged",
        "PlacingEnded",
        "PenaltyCardDrawn",
        "PenaltyCardDrawn",
    ]
    assert turn[1] == ev.PlacementValueChanged(seat=1, delta=-1, placement_value=2)
    assert turn[2] == ev.PlacingEnded(seat=1, placed=0, shortfall=2) and penalties(t, 1) == 2


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("placement", ["bottom", "face_down"])
def test_a_fox_card_that_empties_the_hand_at_n_minus_1_is_moose_b_minus_one(mode: str, placement: str) -> None:
    # given Fox B (bottom) or Fox A (face down) too, two cards in hand, N = 3
    t = give_power(table(mode, fox="B" if placement == "bottom" else "A"), "fox", 0)
    position(t, 0, hand=["d1-orca-2", "d1-fox-3"])
    # when the second and last card goes under the pile with the Fox power
    out = t.play(mv.PlaceCard(seat=0, card="d1-orca-2"), mv.PlaceCard(seat=0, card="d1-fox-3", placement=placement))  # type: ignore[arg-type]
    # then it is the (N-1)-th card under Moose B: no penalty
    assert of(out, ev.PlacementValueChanged) == [MINUS_ONE]
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=2, shortfall=0)]
    assert penalties(t) == 0


@pytest.mark.parametrize("mode", MODES)
def test_a_fox_card_that_empties_the_hand_earlier_still_takes_one_penalty_fewer(mode: str) -> None:
    t = give_power(table(mode, fox="B"), "fox", 0)
    position(t, 0, hand=["d1-fox-3"])
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"))
    assert of(out, ev.PlacementValueChanged) == [MINUS_ONE]
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=1, shortfall=1)] and penalties(t) == 1


@pytest.mark.parametrize("mode", MODES)
def test_the_token_move_right_after_the_empty_hand_is_accepted(mode: str) -> None:
    t = position(table(mode), 0, hand=["d1-fox-3"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    # when the table moves the tokens (arctic-1 answered arctic.wrong_step: it waited for Moose B)
    out = t.play(mv.MoveTokens(seat=0, up="fox"))
    assert types(out)[0] == "TokensMoved" and penalties(t) == 1


@pytest.mark.parametrize("mode", MODES)
def test_end_step_right_after_is_no_walrus_not_a_moose_b_decline(mode: str) -> None:
    # given Walrus A held too: after the tokens the game waits for a Walrus step
    t = give_power(position(table(mode), 0, hand=["d1-fox-3"]), "walrus", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    assert t.state.phase == "walrus"
    # when the table says "no Walrus"
    out = t.play(mv.EndStep(seat=0))
    # then the Walrus is declined and the penalties stay one fewer
    assert out[0] == ev.PowerDeclined(seat=0, animal="walrus") and penalties(t) == 1
    assert t.state.phase == "draw"


@pytest.mark.parametrize("mode", MODES)
def test_a_walrus_step_right_after_the_empty_hand_is_accepted(mode: str) -> None:
    t = give_power(position(table(mode), 0, hand=["d1-fox-3"]), "walrus", 0)
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3"), mv.MoveTokens(seat=0, up="fox"))
    out = t.play(mv.WalrusStep(seat=0, direction="up"))
    assert types(out)[0] == "WalrusTokenMoved" and penalties(t) == 1


@pytest.mark.parametrize("mode", MODES)
def test_moose_b_used_earlier_this_turn_is_not_used_again(mode: str) -> None:
    # given Moose B +1 declared (N = 4), two cards in hand
    t = position(table(mode), 0, hand=["d1-fox-3", "d1-orca-2"])
    out = t.play(
        mv.UseMooseB(seat=0, delta=1), mv.PlaceCard(seat=0, card="d1-fox-3"), mv.PlaceCard(seat=0, card="d1-orca-2")
    )
    # then the hand running out lowers nothing more: (3 + 1) - 2 penalty cards (``raised``)
    assert len(of(out, ev.PlacementValueChanged)) == 1
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=2, shortfall=2)]


@pytest.mark.parametrize("mode", MODES)
def test_no_reduction_without_moose_b(mode: str) -> None:
    t = give_power(position(table(mode), 0, hand=["d1-fox-3"]), "moose", 1)  # seat 1 holds it
    out = t.play(mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert of(out, ev.PlacementValueChanged) == [] and penalties(t) == 2


# --- arctic-1 games keep their rules --------------------------------------------------------------
def arctic_1(t: Table) -> Table:
    return t.edit(lambda s: replace(s, rules_version="arctic-1"))


def play(t: Table, *moves: Any) -> list[Any]:
    """Moves decided by the service's ``RULES`` (the rules version of the game chooses the decisions)."""
    out: list[Any] = []
    for m in moves:
        events = RULES.decide(t.state, m)
        for e in events:
            t.state = RULES.evolve(t.state, e)
        out += events
    return out


@pytest.mark.parametrize("mode", MODES)
def test_an_arctic_1_game_still_waits_for_the_declaration(mode: str) -> None:
    t = arctic_1(position(table(mode), 0, hand=["d1-fox-3"]))
    out = play(t, mv.PlaceCard(seat=0, card="d1-fox-3"))
    assert types(out) == ["CardPlaced"] and t.state.phase == "place"
    assert RULES.legal_moves(t.state) == [
        mv.UseMooseB(seat=0, delta=1),
        mv.UseMooseB(seat=0, delta=-1),
        mv.EndStep(seat=0),
    ]
    with pytest.raises(RuleViolation) as refused:
        play(t, mv.MoveTokens(seat=0, up="fox"))
    assert refused.value.code == "arctic.wrong_step"
    declined = RULES.decide(t.state, mv.EndStep(seat=0))
    assert declined[0] == ev.PlacingEnded(seat=0, placed=1, shortfall=2)
    used = play(t, mv.UseMooseB(seat=0, delta=-1))
    assert used[:2] == [MINUS_ONE, ev.PlacingEnded(seat=0, placed=1, shortfall=1)]


@pytest.mark.parametrize("mode", MODES)
def test_an_arctic_1_fox_card_emptying_the_hand_at_n_minus_1_keeps_its_penalty(mode: str) -> None:
    t = arctic_1(give_power(table(mode, fox="B"), "fox", 0))
    position(t, 0, hand=["d1-orca-2", "d1-fox-3"])
    out = play(t, mv.PlaceCard(seat=0, card="d1-orca-2"), mv.PlaceCard(seat=0, card="d1-fox-3", placement="bottom"))
    assert of(out, ev.PlacingEnded) == [ev.PlacingEnded(seat=0, placed=2, shortfall=1)]


def test_new_games_start_under_arctic_2_and_imports_may_name_arctic_1() -> None:
    setup = Setup(players=["a", "b"], seed=5)
    assert RULES.start(setup)[0].rules_version == "arctic-2"
    old = RULES.for_version("arctic-1")
    assert old.rules_version == "arctic-1" and old.start(setup)[0].rules_version == "arctic-1"
    assert RULES.decisions_of(RULES.fold(old.start(setup))).moose_b_shortfall == "declared"


# --- stored arctic-1 games replay byte for byte -------------------------------------------------------
FIXTURE = Path(__file__).parent / "fixtures" / "recorded_before_issue23.json.gz"
GAMES: list[dict[str, Any]] = json.loads(gzip.decompress(FIXTURE.read_bytes()))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['mode']}-{g['players']}p-seed{g['seed']}")
def test_an_arctic_1_game_replays_and_redecides_as_before(game: dict[str, Any]) -> None:
    """The fixture was written by main's engine before this change (simulated games with Moose B, most
    of them waiting at an empty hand once): their events fold to the same state hashes, and their
    moves, decided again by ``RULES``, give the same event bytes (an arctic-1 game stays arctic-1)."""
    stored = game["events"].encode()
    events = msgspec.json.decode(stored, type=list[Event])
    assert msgspec.json.encode(events) == stored
    s = GameState()
    chain = hashlib.sha256()
    for e in events:
        s = evolve(s, e)
        chain.update(state_hash(s).encode())
    assert chain.hexdigest() == game["hash_chain"] and state_hash(s) == game["final_hash"]
    setup = msgspec.json.decode(game["setup"], type=Setup)
    moves = msgspec.json.decode(game["moves"], type=list[Move])
    s = RULES.fold(RULES.for_version("arctic-1").start(setup))
    again: list[Any] = list(RULES.for_version("arctic-1").start(setup))
    for m in moves:
        out, s = RULES.decide_and_evolve(s, m)
        again += out
    assert msgspec.json.encode(again) == stored and state_hash(s) == game["final_hash"]


def test_the_fixture_holds_the_arctic_1_waits() -> None:
    assert sum(g["shortfall_waits"] for g in GAMES) >= 8
