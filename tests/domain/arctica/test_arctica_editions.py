"""Editions as data: the content fingerprint, decoding with JSON paths, the registry's loader of stored
editions, setup fields (starting Generation Cards, wheel orientations), and old games folding as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.arctica import RULES, Setup, editions
from domain.arctica import events as ev
from domain.arctica.edition import (
    Connection,
    Edition,
    EditionFormatError,
    canonical_json,
    decode_edition,
    fingerprint,
    validate_edition,
)
from domain.arctica.queries import offered_actions
from domain.arctica.simulator import simulate
from domain.errors import SetupError
from domain.game import state_hash

from .support import ED, club_edition

# The demo edition's content: editing demo-1.json without a new version would change how stored games
# re-validate, so the fingerprint is pinned here.
DEMO_SHA256 = "7c7a70dc9f28b4f07a4830a42fe1b5ae65292cc8db57275ca1dc887c7024ba01"

# State hashes computed by the code before editions had fingerprints (main at 59452ac): a game recorded
# then must fold to the very same states now.
BEFORE = {
    (3, 7): ("sha256:ad3fd596e404959a3c2bee496e528ffc02df01f3ec228655297d27cd7f03fa24",
             "sha256:28112007c3a82f39d68a3e46d915ff843124bfe66a3a10d76ba69781810b9f66"),
    (5, 11): ("sha256:1c50793c14777b5ad72e2e5d62f5d514f3923395e3268393ee259d12afa2cbce",
              "sha256:e42113be5784f35cd335fb5d3b661875debb1bceb9f422498cd7bbc4cccab6e5"),
}  # fmt: skip


# ---------------------------------------------------------------- fingerprint and decoding


def test_the_demo_fingerprint_is_pinned():
    assert fingerprint(ED) == DEMO_SHA256


def test_fingerprint_ignores_key_order_and_whitespace_but_not_content():
    doc = json.loads(canonical_json(ED))
    shuffled = json.dumps(dict(reversed(list(doc.items()))), indent=3).encode()
    assert fingerprint(decode_edition(shuffled)) == fingerprint(ED)
    assert fingerprint(replace(ED, long_slots=ED.long_slots + 1)) != fingerprint(ED)
    assert fingerprint(replace(ED, cards=(replace(ED.cards[0], bp=ED.cards[0].bp + 1), *ED.cards[1:]))) != DEMO_SHA256


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d["cards"][3].update(family="yeti"), "$.cards[3].family"),
        (lambda d: d["setup"].update(hand_size=-1), "$.setup.hand_size"),
        (lambda d: d["map"][2].update(colour="red"), "$.map[2]"),
        (lambda d: d.pop("circle"), "$"),
    ],
)
def test_a_document_that_does_not_match_the_schema_names_the_json_path(change: Any, path: str):
    doc = json.loads(canonical_json(ED))
    change(doc)
    with pytest.raises(EditionFormatError) as info:
        decode_edition(json.dumps(doc))
    assert info.value.path == path


def test_malformed_json_is_a_format_error_at_the_root():
    with pytest.raises(EditionFormatError) as info:
        decode_edition(b"{not json")
    assert info.value.path == "$"


# ---------------------------------------------------------------- validate_edition, one rule each


def test_a_duplicate_connection_is_refused_in_either_direction():
    c = ED.connections[0]
    assert any("more than once" in p for p in validate_edition(replace(ED, connections=(*ED.connections, c))))
    flipped = Connection(a=c.b, b=c.a, bonus=c.bonus)
    assert any("more than once" in p for p in validate_edition(replace(ED, connections=(*ED.connections, flipped))))


def test_a_round_card_naming_a_region_twice_is_refused():
    twice = replace(ED.round_cards[0], regions=(0, 0))
    problems = validate_edition(replace(ED, round_cards=(twice, *ED.round_cards[1:])))
    assert any("more than once" in p and twice.name in p for p in problems)
    final = replace(ED.final_round_card, regions=(0, 1, 1))
    assert any("more than once" in p for p in validate_edition(replace(ED, final_round_card=final)))


def test_a_wheel_position_above_3_is_refused():
    space = replace(ED.action_spaces[0], sectors=(0, 4))
    problems = validate_edition(replace(ED, action_spaces=(space, *ED.action_spaces[1:])))
    assert any("above 3" in p for p in problems)


def test_starting_orientations_must_name_every_wheel_with_a_quarter_turn():
    n = len(ED.action_wheels)
    assert validate_edition(replace(ED, setup=replace(ED.setup, orientations=(1,) * n))) == []
    for bad in ((1,) * (n - 1), (4,) * n):
        assert any(
            "orientations" in p for p in validate_edition(replace(ED, setup=replace(ED.setup, orientations=bad)))
        )


def test_a_species_without_a_map_space_is_refused():
    no_fish = tuple(ms for ms in ED.map if ms.family != "fish")
    problems = validate_edition(replace(ED, map=no_fish, connections=()))
    assert problems == ["species fish has no map space (its tokens could never found a colony)"]


def test_the_club_edition_is_valid_and_differs_from_the_demo():
    club = club_edition()
    assert validate_edition(club) == [] and fingerprint(club) != DEMO_SHA256


# ---------------------------------------------------------------- the registry and its loader


@pytest.fixture
def loader() -> Iterator[dict[tuple[str, str], Edition]]:
    """Stored editions kept in a dict, served through the registry's loader hook."""
    stored: dict[tuple[str, str], Edition] = {}
    asked: list[tuple[str, str | None]] = []

    def load(edition_id: str, version: str | None) -> Edition | None:
        asked.append((edition_id, version))
        found = [e for (i, _), e in stored.items() if i == edition_id]
        if version is None:
            return found[-1] if found else None
        return stored.get((edition_id, version))

    previous = editions.set_loader(load)
    editions.forget_stored()
    try:
        yield stored
    finally:
        editions.set_loader(previous)
        editions.forget_stored()


def test_an_edition_stored_elsewhere_is_found_after_a_restart(loader: dict[tuple[str, str], Edition]):
    with pytest.raises(SetupError) as info:
        editions.get("club-test")
    assert info.value.code == "arctica.unknown_edition"
    loader[("club-test", "1")] = club_edition()
    assert editions.get("club-test") == club_edition()
    editions.forget_stored()  # what a new process starts with
    assert editions.get("club-test", "1") == club_edition()


def test_the_latest_stored_version_is_the_default(loader: dict[tuple[str, str], Edition]):
    loader[("club-test", "1")] = club_edition()
    assert editions.get("club-test").version == "1"
    loader[("club-test", "2")] = club_edition(version="2")
    assert editions.get("club-test").version == "2"
    assert editions.get("club-test", "1").version == "1"


# ---------------------------------------------------------------- setup fields


def _start(**fields: Any) -> ev.GameStarted:
    (first,) = RULES.start(Setup(players=("A", "B", "C"), seed=5, **fields))
    assert isinstance(first, ev.GameStarted)
    return first


def test_a_game_pins_the_edition_fingerprint():
    assert _start().edition_sha256 == DEMO_SHA256
    assert _start(edition_sha256=DEMO_SHA256).edition_sha256 == DEMO_SHA256


def test_a_setup_expecting_another_fingerprint_is_refused():
    with pytest.raises(SetupError) as info:
        _start(edition_sha256="0" * 64)
    assert info.value.code == "arctica.edition_mismatch"


def test_the_starting_generation_cards_can_be_named_per_seat():
    pairs = ED.setup.starting_cards
    chosen = (pairs[4], pairs[2], pairs[0])
    first = _start(starting_cards=chosen)
    assert first.starting_cards == chosen
    state = RULES.fold([first])
    assert [(p.long_column, p.short_column) for p in state.players] == [((a,), (b,)) for a, b in chosen]


@pytest.mark.parametrize(
    "pairs",
    [
        lambda p: (p[0], p[1]),  # two pairs for three seats
        lambda p: (p[0], p[0], p[1]),  # a card twice
        lambda p: (p[0], p[1], (p[2][1], p[2][0])),  # (short, long)
        lambda p: (p[0], p[1], (p[2][0], 9999)),  # not a Generation Card
    ],
)
def test_bad_starting_generation_cards_are_refused(pairs: Any):
    with pytest.raises(SetupError) as info:
        _start(starting_cards=pairs(ED.setup.starting_cards))
    assert info.value.code == "arctica.bad_setup"


def test_wheel_orientations_set_the_offered_actions():
    n = len(ED.action_wheels)
    turned = tuple((i + 1) % 4 for i in range(n))
    first = _start(orientations=turned)
    state = RULES.fold([first])
    assert first.orientations == turned and state.orientations == turned
    offers = {offered_actions(ED, turned, s) for s in range(len(ED.action_spaces))}
    assert offers != {offered_actions(ED, (0,) * n, s) for s in range(len(ED.action_spaces))}


@pytest.mark.parametrize("bad", [(1,), (0, 0, 0, 5)])
def test_bad_wheel_orientations_are_refused(bad: tuple[int, ...]):
    with pytest.raises(SetupError) as info:
        _start(orientations=bad[:1] if len(bad) == 1 else bad + (0,) * (len(ED.action_wheels) - len(bad)))
    assert info.value.code == "arctica.bad_setup"


def test_the_edition_default_orientations_apply(loader: dict[tuple[str, str], Edition]):
    club = club_edition()
    loader[(club.id, club.version)] = club
    (first,) = RULES.start(Setup(players=("A", "B"), edition=club.id, seed=3))
    assert isinstance(first, ev.GameStarted)
    assert first.orientations == club.setup.orientations
    assert RULES.fold([first]).orientations == club.setup.orientations


# ---------------------------------------------------------------- games recorded before


@pytest.mark.parametrize(("players", "seed"), sorted(BEFORE))
def test_games_fold_to_the_same_states_as_before(players: int, seed: int):
    game = simulate(players, seed)
    start_hash, end_hash = BEFORE[(players, seed)]
    assert state_hash(RULES.fold(game.events)) == end_hash
    # The first event as it was stored then: without the fields added since.
    stored = msgspec.json.decode(msgspec.json.encode(game.events[0]))
    del stored["edition_sha256"], stored["orientations"]
    old = msgspec.json.decode(msgspec.json.encode(stored), type=ev.Event)
    assert isinstance(old, ev.GameStarted) and old.edition_sha256 is None and old.orientations is None
    assert state_hash(RULES.fold([old])) == start_hash
    assert state_hash(RULES.fold([old, *game.events[1:]])) == end_hash
