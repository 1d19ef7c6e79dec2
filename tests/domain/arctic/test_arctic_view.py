"""View, redaction, descriptions and serialisation."""

from __future__ import annotations

import re

import msgspec
import pytest

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.describe import card_label
from domain.arctic.simulator import simulate
from domain.game import Perspective

from .support import Table, give_power, position, roundtrip

SPECTATOR = Perspective()
SEAT0 = Perspective(kind="seat", seat=0)
SEAT1 = Perspective(kind="seat", seat=1)
ALL = Perspective(kind="omniscient")


def test_view_hides_what_a_perspective_may_not_see() -> None:
    t = give_power(Table(), "fox", 0)
    position(t, 0, pile=["d1-orca-5"], hand=["d1-fox-3", "d1-moose-4"], penalty=["d2-fox-1"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"))
    spectator = RULES.view(t.state, SPECTATOR)
    p0 = spectator.players[0]
    assert p0.pile == [None, "d1-orca-5"] and p0.pile_face_down == [True, False]
    assert p0.hand is None and p0.hand_count == 1 and p0.penalty is None and p0.penalty_count == 1
    assert p0.totem is None and p0.visible_card == "d1-orca-5" and p0.powers == ["fox", "orca"]
    assert spectator.draw_pile_count == 43 and spectator.reserve_count == 5 and len(spectator.river) == 6
    assert spectator.power_holders["orca"] == 0 and spectator.power_sides["fox"] == "A"
    own = RULES.view(t.state, SEAT0).players[0]
    assert own.pile == ["d1-fox-3", "d1-orca-5"] and own.hand == ["d1-moose-4"] and own.penalty == ["d2-fox-1"]
    assert own.totem == "fox"
    other = RULES.view(t.state, SEAT1).players[0]
    assert other.hand is None and other.pile[0] is None
    everything = RULES.view(t.state, ALL)
    assert everything.players[1].hand is not None and everything.players[1].totem == "moose"
    assert msgspec.json.decode(msgspec.json.encode(everything))["perspective"] == "omniscient"


def test_finished_view_shows_totems_and_scores() -> None:
    g = simulate(2, 3)
    s = RULES.fold(g.events)
    v = RULES.view(s, SPECTATOR)
    assert v.finished and v.scores is not None and all(p.totem for p in v.players)


def test_redact_event_hides_deals_and_face_down_draws() -> None:
    t = Table(power_sides={a: "B" for a in cat.ANIMALS})
    started = t.events[0]
    for_seat0 = RULES.redact_event(started, SEAT0, t.state)
    visible = [c for c in for_seat0.deck_order if c is not None]
    assert visible == started.deck_order[5:8] + started.deck_order[11:17]
    assert for_seat0.totems == [started.totems[0], None]
    seeded = RULES.start(RULES.setup_type(players=["a", "b"], seed=99))[0]
    assert RULES.redact_event(seeded, SEAT0, None).seed is None
    assert RULES.redact_event(seeded, ALL, None).seed == 99
    spectator = RULES.redact_event(started, SPECTATOR, t.state)
    assert [c for c in spectator.deck_order if c is not None] == started.deck_order[11:17]
    assert RULES.redact_event(started, ALL, t.state) == started
    drawn = ev.CardTakenFromDrawPile(seat=0, card="d1-fox-1")
    assert RULES.redact_event(drawn, SEAT1, None).card is None
    assert RULES.redact_event(drawn, SEAT0, None).card == "d1-fox-1"
    penalty = ev.PenaltyCardDrawn(seat=1, card="d1-fox-1")
    assert RULES.redact_event(penalty, SPECTATOR, None).card is None
    down = ev.CardPlaced(seat=0, card="d1-fox-1", placement="face_down")
    assert RULES.redact_event(down, SEAT1, None).card is None
    given = ev.PenaltyCardGiven(seat=0, to_seat=1, card="d1-fox-1")
    assert RULES.redact_event(given, SEAT1, None).card == "d1-fox-1"
    assert RULES.redact_event(given, SPECTATOR, None).card is None
    up = ev.CardPlaced(seat=0, card="d1-fox-1")
    assert RULES.redact_event(up, SPECTATOR, None) == up


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_event_has_a_one_line_description(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        for e in simulate(2 + seed % 3, seed).events + simulate(2, seed, mode="public").events:
            text = RULES.describe(e, lang)
            assert text and "\n" not in text and not re.search(r"[{}]", text)
            assert text != type(e).__name__
            seen.add(type(e).__name__)
    extra = [
        ev.FoxWildDeclared(seat=0, position=1, animal="orca"),
        ev.CardRevealed(seat=0, zone="hand", card="d1-fox-1"),
        ev.PlacementValueChanged(seat=0, delta=1, placement_value=3),
        ev.DrawValueChanged(seat=0, delta=-1, draw_value=0),
        ev.PenaltyCardGiven(seat=0, to_seat=1, card=None),
        ev.PuffinSwapped(seat=0, hand_card="d1-fox-1", river_slot=2, river_card="d1-orca-1"),
    ]
    for e in extra:
        assert "{" not in RULES.describe(e, lang)
    assert {"GameStarted", "TurnStarted", "GameFinished", "RiverRefilled"} <= seen


def test_animal_names_in_french_and_spanish() -> None:
    e = ev.PowerTaken(seat=0, animal="polar_bear", side="B", from_seat=None)
    assert "ours polaire" in RULES.describe(e, "fr")
    assert "oso polar" in RULES.describe(e, "es")
    assert "polar bear" in RULES.describe(e, "en")
    assert "macareux" in RULES.describe(ev.CardPlaced(seat=1, card="d1-puffin-2"), "fr")


def test_actor_and_turn_start() -> None:
    assert RULES.actor(ev.CardPlaced(seat=1, card="d1-fox-1")) == 1
    assert RULES.actor(ev.RiverRefilled(slot=0, card=None)) is None
    assert RULES.actor(ev.DrawPileExhausted(reserve_size=5)) is None
    assert RULES.is_turn_start(ev.TurnStarted(seat=0, turn=1, round=1, placement_value=1))
    assert not RULES.is_turn_start(ev.TurnEnded(seat=0))


def test_events_and_moves_round_trip_as_tagged_json() -> None:
    g = simulate(3, 9)
    assert roundtrip(g.events) == g.events
    data = msgspec.json.encode(g.moves)
    assert msgspec.json.decode(data, type=list[RULES.move_type]) == g.moves
    assert b'"type":"PlaceCard"' in data
    assert msgspec.json.decode(b'{"type": "EndStep", "seat": 1}', type=RULES.move_type) == mv.EndStep(seat=1)
    for cls in ev.EVENT_TYPES:
        assert cls.__module__ == "domain.arctic.events"


def test_players_initial_state_and_empty_results() -> None:
    assert RULES.players(RULES.initial_state()) == []
    assert RULES.results(RULES.initial_state()) == []
    assert RULES.legal_moves(RULES.initial_state()) == []
    t = Table()
    assert RULES.players(t.state) == ["p0", "p1"]
    from domain.errors import RuleViolation

    with pytest.raises(RuleViolation) as info:
        RULES.decide(RULES.initial_state(), mv.EndStep(seat=0))
    assert info.value.code == "arctic.not_started"


def _card_ids(value: object) -> set[str]:
    """Every card id inside a JSON-able value."""
    text = msgspec.json.encode(value).decode()
    return set(re.findall(r"d[1-4]-[a-z_]+-[1-5]", text))


def test_public_reveals_before_the_end_stay_the_seats_secret() -> None:
    from msgspec.structs import replace

    from domain.arctic.state import FINISHED, TOTEMS

    t = Table()
    playing = t.state
    card = ev.CardRevealed(seat=0, zone="hand", card="d1-fox-1")
    penalty = ev.CardRevealed(seat=1, zone="penalty", card="d1-fox-2")
    totem = ev.TotemRevealed(seat=0, animal="orca")
    for state in (playing, None):
        assert RULES.redact_event(card, SPECTATOR, state).card is None
        assert RULES.redact_event(card, SEAT1, state).card is None
        assert RULES.redact_event(card, SEAT0, state) == card
        assert RULES.redact_event(penalty, SEAT0, state).card is None
        assert RULES.redact_event(penalty, SEAT1, state) == penalty
        assert RULES.redact_event(totem, SPECTATOR, state).animal is None
        assert RULES.redact_event(totem, SEAT1, state).animal is None
        assert RULES.redact_event(totem, SEAT0, state) == totem
        assert RULES.redact_event(totem, ALL, state) == totem
    for phase in (TOTEMS, FINISHED):  # revealed at game end (§9): everyone sees them
        over = replace(playing, phase=phase)
        assert RULES.redact_event(card, SPECTATOR, over) == card
        assert RULES.redact_event(totem, SPECTATOR, over) == totem
    # a redacted copy still decodes and folds to a state that learnt nothing
    assert roundtrip([RULES.redact_event(totem, SPECTATOR, None)])[0].animal is None
    assert RULES.evolve(playing, RULES.redact_event(card, SPECTATOR, None)) == playing
    assert RULES.evolve(playing, RULES.redact_event(totem, SPECTATOR, None)) == playing


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_descriptions_never_name_what_a_spectator_may_not_see(lang: str) -> None:
    """The timeline is public: a description names no card the spectator's copy of the event hides."""
    hidden_kinds: set[str] = set()
    games = [simulate(2 + seed % 3, seed, power_sides=dict.fromkeys(cat.ANIMALS, "AB"[seed % 2])) for seed in range(4)]
    events = [e for g in games for e in g.events[1:]]  # GameStarted's description names no card
    events += [
        ev.CardRevealed(seat=0, zone="hand", card="d1-fox-1"),
        ev.TotemRevealed(seat=0, animal="orca"),
        ev.CardPlaced(seat=0, card="d1-fox-1", placement="face_down"),
    ]
    for e in events:
        hidden = _card_ids(e) - _card_ids(RULES.redact_event(e, SPECTATOR, None))
        text = RULES.describe(e, lang)
        if hidden:
            hidden_kinds.add(type(e).__name__)
        for card in hidden:
            assert card_label(card, lang) not in text, (e, text)
    assert {"PenaltyCardDrawn", "CardTakenFromDrawPile", "CardPlaced", "CardRevealed"} <= hidden_kinds
    assert "orca" not in RULES.describe(ev.TotemRevealed(seat=0, animal="orca"), "en")
    shown = card_label("d1-fox-1", lang)
    assert shown in RULES.describe(ev.CardPlaced(seat=0, card="d1-fox-1"), lang)  # face up: public


def _made_public(e: object) -> set[str]:
    """Card ids an event shows to the whole table (§9: placed face up, turned into the River, discarded)."""
    if isinstance(e, ev.GameStarted) and e.deck_order is not None:
        first = 5 * (len(e.players) - 1) + 3 * len(e.players)
        return {c for c in e.deck_order[first : first + 6] if c}
    if isinstance(e, ev.RiverRefilled | ev.RiverCardRevealed | ev.CardDiscarded) and e.card:
        return {e.card}
    if isinstance(e, ev.CardPlaced) and e.placement != "face_down" and e.card:
        return {e.card}
    if isinstance(e, ev.PuffinSwapped):
        return {e.hand_card}
    return set()


@pytest.mark.parametrize(
    ("players", "seed", "side"), [(3, 1, "A"), (2, 0, "A"), (3, 2, "B"), (4, 3, None), (2, 5, "B")]
)
def test_a_spectator_only_ever_sees_cards_the_table_has_seen(players: int, seed: int, side: str | None) -> None:
    game = simulate(players, seed, power_sides=dict.fromkeys(cat.ANIMALS, side) if side else None)  # type: ignore[arg-type]
    public: set[str] = set()
    s = RULES.initial_state()
    for e in game.events:
        s = RULES.evolve(s, e)
        public |= _made_public(e)
        shown = _card_ids(RULES.redact_event(e, SPECTATOR, s))
        assert shown <= public, (e, shown - public)
        if isinstance(e, ev.TurnStarted | ev.GameFinished | ev.CardTakenFromDrawPile | ev.PenaltyCardDrawn):
            spectator = RULES.view(s, SPECTATOR)
            assert _card_ids(spectator) <= public, (e, _card_ids(spectator) - public)
            assert all(p.totem is None for p in spectator.players) or spectator.finished
            own = RULES.view(s, Perspective(kind="seat", seat=s.active)).players[s.active]
            assert own.hand == [cat.CARD_IDS[c] for c in s.players[s.active].hand]  # a seat sees its own
            assert own.penalty == [cat.CARD_IDS[c] for c in s.players[s.active].penalty]
