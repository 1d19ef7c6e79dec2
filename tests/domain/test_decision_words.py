"""Issue #45: every decision the recorder asks, in French and in Spanish, leaves no English word of the
project's vocabulary (``tests/english.py``): at sampled decision points of games of both kinds and every
way of recording them (effects with decisions included: the ``forms`` edition), the first decision and
each one after it along the first, then the last option, and the path said so far."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.building import Built, next_decision
from domain.kinds import game
from tests.browser.given_games import NAMES, arctic_public, arctica_public, arctica_table
from tests.english import english_left

GAMES = {
    "arctica-table": arctica_table,
    "arctica-public": arctica_public,
    "arctic-public": arctic_public,
}


def _forms() -> tuple[str, Any, list[Any]]:
    plugin = game("arctica")
    assert plugin is not None
    simulated = plugin.simulations["forms"](3, 5)
    return "arctica", simulated.setup, list(simulated.moves)


def _states(kind: str, setup: Any, moves: list[Any]) -> Iterator[Any]:
    import msgspec

    rules: Any = game(kind).rules  # type: ignore[union-attr]
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    for move in moves:
        yield state
        _, state = rules.decide_and_evolve(state, msgspec.convert(move, rules.move_type))


def _said(built: Built) -> list[str]:
    texts = [m.label for m in built.made] + [m.prompt for m in built.made]
    if built.next is not None:
        texts += [built.next.prompt, *(o.label for o in built.next.options)]
    return texts


def _walks(candidates: list[Any]) -> Iterator[Built]:
    """The decisions along the first options, then along the last ones (notes included)."""
    for pick in (0, -1):
        made: list[str] = []
        for _ in range(40):
            built = next_decision(candidates, made)
            yield built
            if built.next is None:
                break
            made.append(built.next.options[pick].id)


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("name", [*GAMES, "arctica-forms"])
def test_no_english_word_in_the_decisions(name: str, lang: str) -> None:
    kind, setup, moves = _forms() if name == "arctica-forms" else GAMES[name]()
    plugin = game(kind)
    assert plugin is not None and plugin.build is not None
    left: dict[str, list[str]] = {}
    asked = 0
    for i, state in enumerate(_states(kind, setup, moves)):
        if i % 5:
            continue
        for built in _walks(list(plugin.build(state, NAMES, lang))):
            for text in _said(built):
                found = english_left(text, NAMES)
                if found:
                    left[text] = found
            asked += 1
    assert asked > 60
    assert not left, left
