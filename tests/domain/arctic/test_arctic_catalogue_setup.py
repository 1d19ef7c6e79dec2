"""§1-§4: the catalogue as data and the setup."""

from __future__ import annotations

import collections

import msgspec
import pytest

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic.events import Event, GameStarted, TurnStarted
from domain.arctic.moves import Move
from domain.arctic.setup import Setup, draw_pile_size, reserve_size
from domain.arctic.state import CENTRE, UNKNOWN, GameState
from domain.errors import SetupError
from domain.game import GameRules

from .support import deck_order


def test_rules_object_satisfies_the_contract() -> None:
    rules: GameRules[GameState, Move, Event] = RULES  # the kind keeps its own types
    assert rules.kind == "arctic"
    assert rules.rules_version == "arctic-2"
    assert rules.setup_type is Setup


def test_catalogue_has_120_distinct_cards_generated_by_the_formula() -> None:
    assert len(cat.CARDS) == 120
    assert len(set(cat.CARD_IDS)) == 120
    for i, c in enumerate(cat.CARDS):
        a = cat.ANIMAL_INDEX[c.animal] + 1
        assert c.id == f"d{c.deck}-{c.animal}-{c.draw}"
        assert c.placement + c.draw == 6 and 1 <= c.draw <= 5
        assert cat.companion_formula(c.deck, a, c.draw) == cat.ANIMAL_INDEX[c.companion] + 1
        assert c.companion != c.animal
        assert i == (c.deck - 1) * 30 + (a - 1) * 5 + (c.draw - 1)


def test_each_deck_has_every_animal_on_five_cards_one_per_draw_value() -> None:
    by_deck = collections.defaultdict(list)
    for c in cat.CARDS:
        by_deck[c.deck].append(c)
    assert sorted(by_deck) == [1, 2, 3, 4]
    for cards in by_deck.values():
        assert len(cards) == 30
        for animal in cat.ANIMALS:
            assert sorted(c.draw for c in cards if c.animal == animal) == [1, 2, 3, 4, 5]


def test_catalogue_file_is_data_with_known_examples() -> None:
    data = msgspec.json.decode(cat.CARDS_FILE.read_bytes())
    assert len(data["cards"]) == 120
    fox3 = cat.CARDS[cat.CARD_INDEX["d1-fox-3"]]
    assert (fox3.placement, fox3.draw, fox3.companion) == (3, 3, "orca")
    assert cat.CARDS[cat.CARD_INDEX["d1-moose-5"]].companion == "fox"


def test_scale_and_landscape() -> None:
    assert [cat.scale(n) for n in range(8)] == [0, 0, 1, 3, 6, 10, 15, 15]
    assert cat.LANDSCAPE == (0, 1, 3, 6, 10, 15)
    assert cat.LANDSCAPE[cat.TOKEN_START] == 3


@pytest.mark.parametrize(("players", "draw", "reserve"), [(2, 43, 5), (3, 65, 10), (4, 87, 15)])
def test_setup_counts(players: int, draw: int, reserve: int) -> None:
    assert draw_pile_size(players) == draw and reserve_size(players) == reserve
    setup = Setup(players=[f"p{i}" for i in range(players)], seed=7)
    events = RULES.start(setup)
    assert isinstance(events[0], GameStarted) and isinstance(events[1], TurnStarted)
    s = RULES.fold(events)
    assert s.draw_left == draw and s.reserve_left == reserve and len(s.reserve) == reserve
    assert all(len(p.hand) == 3 for p in s.players)
    assert len([c for c in s.river if c >= 0]) == 6
    assert s.tokens == (2,) * 6 and s.holders == (CENTRE,) * 6
    totems = [p.totem for p in s.players]
    assert len(set(totems)) == players and UNKNOWN not in totems
    everything = list(s.reserve) + list(s.deck) + list(s.river) + [c for p in s.players for c in p.hand]
    assert sorted(everything) == list(range(players * 30))
    assert s.active == 0 and s.phase == "place" and s.place_n == 1


def test_dealing_order_is_the_documented_one() -> None:
    order = deck_order(2)
    s = RULES.fold(RULES.start(Setup(players=["a", "b"], deck_order=order, seed=1)))
    ids = [cat.CARD_IDS[c] for c in s.reserve]
    assert ids == order[:5]
    assert [cat.CARD_IDS[c] for c in s.players[0].hand] == order[5:8]
    assert [cat.CARD_IDS[c] for c in s.players[1].hand] == order[8:11]
    assert [cat.CARD_IDS[c] for c in s.river] == order[11:17]
    assert cat.CARD_IDS[s.deck[0]] == order[17]


def test_same_seed_same_setup_and_sides_drawn_unless_fixed() -> None:
    a = RULES.start(Setup(players=["a", "b", "c"], seed=42))
    b = RULES.start(Setup(players=["a", "b", "c"], seed=42))
    c = RULES.start(Setup(players=["a", "b", "c"], seed=43))
    assert a == b and a != c
    fixed = RULES.start(Setup(players=["a", "b", "c"], seed=42, power_sides={"fox": "B"}))[0]
    assert fixed.power_sides["fox"] == "B"
    assert {k: v for k, v in fixed.power_sides.items() if k != "fox"} == {
        k: v for k, v in a[0].power_sides.items() if k != "fox"
    }
    assert fixed.deck_order == a[0].deck_order  # fixing one outcome leaves the others unchanged


def test_start_seat_and_public_mode() -> None:
    events = RULES.start(Setup(players=["a", "b", "c"], start_seat=2, mode="public", seed=3))
    started = events[0]
    assert started.deck_order is None and started.totems == [None, None, None]
    s = RULES.fold(events)
    assert s.active == 2 and s.mode == "public"
    assert all(p.hand == () and p.hand_unknown == 3 for p in s.players)
    assert s.river == (UNKNOWN,) * 6 and s.draw_left == 65


def test_public_mode_needs_no_seed_when_sides_are_given() -> None:
    events = RULES.start(Setup(players=["a", "b"], mode="public", power_sides=dict.fromkeys(cat.ANIMALS, "B")))
    assert events[0].power_sides == dict.fromkeys(cat.ANIMALS, "B")


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"players": ["a"]}, "arctic.setup.player_count"),
        ({"players": ["a", "b", "c", "d", "e"]}, "arctic.setup.player_count"),
        ({"players": ["a", "a"]}, "arctic.setup.player_name"),
        ({"players": ["a", ""]}, "arctic.setup.player_name"),
        ({"players": ["a", "b"], "start_seat": 2}, "arctic.setup.start_seat"),
        ({"players": ["a", "b"], "power_sides": {"fox": "C"}}, "arctic.setup.power_sides"),
        ({"players": ["a", "b"], "power_sides": {"wolf": "A"}}, "arctic.setup.power_sides"),
        ({"players": ["a", "b"], "deck_order": ["d1-fox-1"] * 60}, "arctic.setup.deck_order"),
        ({"players": ["a", "b"], "mode": "public", "deck_order": []}, "arctic.setup.deck_order"),
        ({"players": ["a", "b"], "totems": ["fox", "fox"]}, "arctic.setup.totems"),
        ({"players": ["a", "b"], "totems": ["fox"]}, "arctic.setup.totems"),
        ({"players": ["a", "b"], "totems": ["fox", "wolf"]}, "arctic.setup.totems"),
        ({"players": ["a", "b"], "seed": None}, "arctic.setup.seed_required"),
    ],
)
def test_setup_errors(kwargs: dict, code: str) -> None:
    kwargs.setdefault("seed", 1)
    with pytest.raises(SetupError) as info:
        RULES.start(Setup(**kwargs))
    assert info.value.code == code


def test_deck_order_with_a_deck_3_card_in_a_2_player_game_is_rejected() -> None:
    order = deck_order(2)
    order[0] = "d3-fox-1"
    with pytest.raises(SetupError) as info:
        RULES.start(Setup(players=["a", "b"], deck_order=order, seed=1))
    assert info.value.code == "arctic.setup.deck_order"


def test_setup_decodes_from_json() -> None:
    setup = msgspec.json.decode(b'{"players": ["ann", "bob"], "seed": 5, "mode": "full"}', type=Setup)
    assert RULES.start(setup)[0].players == ["ann", "bob"]
