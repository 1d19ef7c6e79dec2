"""The edition file, Arctica's views and redaction, descriptions. The contract every game keeps is
checked once for all kinds by ``tests/domain/test_contract.py``."""

from __future__ import annotations

import json
from importlib import resources

import msgspec
import pytest
from msgspec.structs import replace

from domain.arctica import RULES, editions
from domain.arctica import events as ev
from domain.arctica import moves as mv
from domain.arctica.demo_edition import build_demo, render_json
from domain.arctica.describe import _T
from domain.arctica.edition import Edition, edition_schema, validate_edition
from domain.arctica.simulator import simulate
from domain.arctica.violations import CODES
from domain.errors import SetupError
from domain.game import Perspective

from .support import ED

FILES = resources.files("domain.arctica").joinpath("editions")


def test_demo_edition_file_is_the_generated_invented_data_and_says_so():
    raw = FILES.joinpath("demo-1.json").read_text(encoding="utf-8")
    assert raw == render_json(build_demo())
    data = json.loads(raw)
    assert "invented" in data["label"] and "NOT the published game" in data["label"]
    assert "not public" in data["notice"]
    assert msgspec.json.decode(raw, type=Edition) == ED
    assert validate_edition(ED) == []
    assert len(ED.cards) == 160


def test_schema_file_is_generated_from_the_structs():
    raw = FILES.joinpath("edition.schema.json").read_text(encoding="utf-8")
    assert json.loads(raw) == json.loads(render_json(edition_schema()))


def test_broken_editions_are_refused():
    bad = replace(ED, id="broken", circle=tuple(replace(c, ice=None) for c in ED.circle))
    assert any("ice tiles" in p for p in validate_edition(bad))
    with pytest.raises(SetupError) as info:
        editions.register(bad)
    assert info.value.code == "arctica.bad_edition"


def test_violation_codes_are_namespaced_and_documented():
    readme = resources.files("domain.arctica").joinpath("README.md").read_text(encoding="utf-8")
    for code in CODES:
        assert code.startswith("arctica.") and code in readme


@pytest.fixture(scope="module")
def game():
    return simulate(3, 99)


def test_view_hides_other_hands_the_deck_and_future_events(game):
    s = RULES.fold(game.events[:1])
    seat = RULES.view(s, Perspective(kind="seat", seat=1))
    assert list(seat["players"][1]["hand"]) == list(s.players[1].hand)
    assert seat["players"][0]["hand"] is None and seat["players"][0]["hand_size"] == 5
    assert seat["deck"] is None and seat["deck_size"] == len(s.deck) and seat["event_plan"] is None
    spectator = RULES.view(s, Perspective())
    assert all(p["hand"] is None for p in spectator["players"])
    omni = RULES.view(s, Perspective(kind="omniscient"))
    assert list(omni["deck"]) == list(s.deck) and all(p["hand"] is not None for p in omni["players"])


def test_redacted_events_hide_cards_drawn_by_others_and_the_deal(game):
    s = RULES.fold(game.events)
    first = RULES.redact_event(game.events[0], Perspective(kind="seat", seat=0), s)
    assert first.hands[0] is not None and first.hands[1] is None and first.deck is None
    assert first.event_plan is None
    drawn = next(e for e in game.events if isinstance(e, ev.CardsDrawn) and e.seat == 1)
    assert RULES.redact_event(drawn, Perspective(kind="seat", seat=0), s).cards is None
    assert RULES.redact_event(drawn, Perspective(kind="seat", seat=1), s) == drawn
    assert RULES.redact_event(drawn, Perspective(kind="omniscient"), s) == drawn


def test_every_event_type_has_a_description(game):
    seen = {type(e).__struct_config__.tag for e in game.events}
    assert seen <= set(_T)
    tags = {t.__struct_config__.tag for t in ev.Event.__args__}  # type: ignore[attr-defined]
    assert tags == set(_T)


def test_actor_and_turn_start(game):
    assert RULES.actor(game.events[0]) is None
    placed = next(e for e in game.events if isinstance(e, ev.PawnPlaced))
    assert RULES.actor(placed) == placed.seat and RULES.is_turn_start(placed)
    assert RULES.players(RULES.fold(game.events)) == ["Player 1", "Player 2", "Player 3"]


def test_moves_decode_from_json_with_their_type_tag():
    move = msgspec.json.decode(b'{"type":"select_space","seat":0,"space":1,"wheel":1,"direction":-1}', type=mv.Move)
    assert move == mv.SelectSpace(seat=0, space=1, wheel=1, direction=-1)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"type":"select_space","seat":0,"space":1,"wheel":1,"direction":2}', type=mv.Move)
