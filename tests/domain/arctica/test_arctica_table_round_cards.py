"""A game recorded at a table may leave its round cards face down, as they are dealt (issue #45): the
table names each at the end of its round (``reveal_round_card``), and the game is the one whose round
cards were named at the start — the same scores, the same end."""

from __future__ import annotations

import msgspec
import pytest

from domain.arctica import RULES, simulator
from domain.arctica import moves as mv
from domain.errors import SetupError


def test_round_cards_revealed_round_by_round_give_the_game_named_at_the_start() -> None:
    setup, moves = simulator.table_record(simulator.simulate(3, 4))
    dealt = setup.round_cards or ()
    named = RULES.fold(RULES.start(setup))
    face_down = RULES.fold(RULES.start(msgspec.structs.replace(setup, round_cards=None)))
    assert face_down.chance == "table" and face_down.round_cards == ()
    revealed = 0
    for move in moves:
        if face_down.phase == "majority" and len(face_down.round_cards) < face_down.round:
            reveal = mv.RevealRoundCard(card=dealt[face_down.round - 1])
            assert reveal in RULES.legal_moves(face_down)
            _, face_down = RULES.decide_and_evolve(face_down, reveal)
            revealed += 1
        _, face_down = RULES.decide_and_evolve(face_down, move)
        _, named = RULES.decide_and_evolve(named, move)
    assert revealed == 3 and RULES.is_finished(face_down)
    assert RULES.results(face_down) == RULES.results(named)


def test_a_table_game_still_names_its_hands() -> None:
    setup, _ = simulator.table_record(simulator.simulate(3, 4))
    with pytest.raises(SetupError) as refused:
        RULES.start(msgspec.structs.replace(setup, hands=None))
    assert refused.value.code == "arctica.bad_setup" and "hands" in refused.value.message
