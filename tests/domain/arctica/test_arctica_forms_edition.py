"""The second packaged edition, ``forms-1`` (invented data, effects written in the composable forms):
its file, complete games recorded on it, and scores equal to a direct computation."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from domain.arctica import RULES, editions
from domain.arctica import events as ev
from domain.arctica.demo_edition import render_json
from domain.arctica.edition import FAMILIES, decode_edition, fingerprint, validate_edition
from domain.arctica.forms_edition import build_forms
from domain.arctica.simulator import public_record, simulate, table_record
from domain.arctica.state import FLORA, GameState

FORMS = editions.get("forms-1")


def test_the_shipped_file_is_the_authored_edition_and_valid():
    raw = resources.files("domain.arctica").joinpath("editions", "forms-1.json").read_text(encoding="utf-8")
    assert raw == render_json(build_forms())
    assert decode_edition(raw) == FORMS and validate_edition(FORMS) == []
    assert fingerprint(FORMS) != fingerprint(editions.demo())
    assert "forms-1" in editions.PACKAGED and "NOT the published game" in FORMS.label


def direct_scores(events: list[ev.Event]) -> dict[int, int]:
    """Each seat's total computed from the events, without the engine's scoring: animal tokens on the
    wheels and in the release area, half the Flora owned, the printed BP of the ecosystem, and every
    BP scored during play."""
    state: GameState = RULES.fold([e for e in events if not isinstance(e, ev.GameEnded)])
    bp = {c.id: c.bp for c in (*FORMS.cards, *FORMS.generation_cards)}
    totals = {}
    for seat, p in enumerate(state.players):
        tokens = sum(1 for v in p.long_wheel + p.short_wheel if v in FAMILIES) + sum(p.release)
        flora = (p.release_flora + p.long_wheel.count(FLORA)) // 2
        cards = sum(bp[c] for c in (*p.long_column, *p.short_column))
        scored = sum(e.points for e in events if isinstance(e, ev.BiodiversityScored) and e.seat == seat)
        totals[seat] = tokens + flora + cards + scored
    return totals


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_a_game_on_forms_1_is_recorded_to_the_end_and_scores_directly(players, seed):
    game = simulate(players, seed, edition=FORMS)
    state = RULES.fold(RULES.start(game.setup))
    events = list(RULES.start(game.setup))
    for move in game.moves:
        new = RULES.decide(state, move)
        events += new
        state = RULES.fold(new, state)
    assert RULES.is_finished(state) and events == game.events
    (end,) = [e for e in events if isinstance(e, ev.GameEnded)]
    assert {r.seat: r.total for r in end.results} == direct_scores(events)


def test_forms_1_games_use_every_kind_of_decision_and_effect_outcome():
    seen: Counter[tuple[str, str]] = Counter()
    for seed in range(6):
        for e in simulate(2 + seed % 4, seed, edition=FORMS).events:
            cause = getattr(e, "cause", "")
            if cause.startswith(("flash:", "ability:", "map:", "connection:", "circle:")):
                seen[(type(e).__name__, cause.split(":")[0])] += 1
    kinds = {kind for kind, _ in seen}
    assert {"EffectTaken", "EffectDeclined", "EffectOptionChosen", "EffectTargetChosen"} <= kinds
    assert {"TokenMoved", "TokenMigrated", "WheelsRotated", "CardMovedToBack", "FloraPaid", "CardsDrawn"} <= kinds
    decided = {source for kind, source in seen if kind.startswith("Effect")}
    assert {"flash", "ability", "map", "circle"} <= decided, decided


@pytest.mark.parametrize("players", [3, 5])
def test_a_forms_1_game_recorded_at_a_table_or_from_public_information_scores_the_same(players):
    game = simulate(players, 40 + players, edition=FORMS)
    expected = [(r.seat, r.total, r.rank) for r in RULES.results(RULES.fold(game.events))]
    for record in (table_record, public_record):
        setup, moves = record(game)
        state = RULES.fold(RULES.start(setup))
        for move in moves:
            state = RULES.fold(RULES.decide(state, move), state)
        assert RULES.is_finished(state)
        assert [(r.seat, r.total, r.rank) for r in RULES.results(state)] == expected
