"""The games the recorder's tests enter by taps, as tables played them (simulated, seeded: the same
games every run), and the decision type a move is counted under.

- a 4-player Arctica game at a table with named hands: each hand named as dealt on the start page,
  every card drawn named as drawn, the round cards turned face up by the table at each round's end;
- a 2-player Arctica game recorded in public (only what the whole table sees);
- a 2-player public Arctic game, the hands shown at its end.

``python -m tests.browser.given_games`` counts the decisions over these games and more simulated ones
(taps per move by decision type, from the builder's own paths: what a phone taps), the figures the
issue's measurements start from."""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from typing import Any

import msgspec

from domain.arctic import simulator as arctic
from domain.arctica import moves as arctica_moves
from domain.arctica import simulator as arctica
from domain.arctica.legal import canonical
from domain.arctica.queries import round_card_known
from domain.kinds import game

Given = tuple[str, dict[str, Any], list[dict[str, Any]]]

NAMES = ["Aputsiaq", "Nanook", "Siku", "Sila"]


def arctica_table(players: int = 4, seed: int = 10) -> Given:
    """A table game whose round cards are left face down at the start: the table names each as it turns
    it at the end of its round (``reveal_round_card``), as the start page records such a game."""
    setup, moves = arctica.table_record(arctica.simulate(players, seed))
    dealt = setup.round_cards or ()
    setup = msgspec.structs.replace(setup, round_cards=None, players=tuple(NAMES[:players]))
    rules: Any = game("arctica").rules  # type: ignore[union-attr]
    state = rules.fold(rules.start(setup))
    out: list[Any] = []
    for move in moves:
        if state.phase == "majority" and not round_card_known(state):
            reveal = arctica_moves.RevealRoundCard(card=dealt[state.round - 1])
            _, state = rules.decide_and_evolve(state, reveal)
            out.append(reveal)
        move = _as_tapped(move)
        _, state = rules.decide_and_evolve(state, move)
        out.append(move)
    assert rules.is_finished(state)
    return "arctica", _json(setup), [_json(m) for m in out]


def arctica_public(players: int = 2, seed: int = 0) -> Given:
    setup, moves = arctica.public_record(arctica.simulate(players, seed))
    named = {**_json(setup), "players": NAMES[:players]}
    return "arctica", named, [_json(_as_tapped(m)) for m in moves]


def _as_tapped(move: Any) -> Any:
    """A move as a table taps it: a collapse's tokens and a colony's spaces (sets the builder lists in
    one order) in that order; the discards as picked (their order is the discard pile's)."""
    if isinstance(move, (arctica_moves.ResolveCollapse, arctica_moves.Colonize)):
        return canonical(move)
    return move


def arctic_public(players: int = 2, seed: int = 23) -> Given:
    simulated = arctic.to_public(arctic.simulate(players, seed), shown_at_end=True)
    named = {**_json(simulated.setup), "players": NAMES[:players]}
    return "arctic", named, [_json(m) for m in simulated.moves]


def _json(value: Any) -> Any:
    """``value`` as the API's JSON gives it back (lists, not tuples): what a record read says."""
    return msgspec.json.decode(msgspec.json.encode(value))


def decision_type(kind: str, move: dict[str, Any]) -> str:
    """What a move is counted under: its type, a Fauna play by its discards ("arctica fauna+2")."""
    kind_of = str(move.get("type"))
    if kind_of == "fauna":
        kind_of += f"+{len(move.get('discards') or ())}"
    return f"{kind} {kind_of}"


def medians(taps: dict[str, list[int]]) -> dict[str, float]:
    return {k: float(statistics.median(v)) for k, v in sorted(taps.items())}


def report(title: str, taps: dict[str, list[int]]) -> str:
    """Taps per move by decision type, the most frequent first."""
    moves = sum(len(v) for v in taps.values())
    lines = [f"{title}: {moves} moves, {sum(map(sum, taps.values()))} taps"]
    for kind, counted in sorted(taps.items(), key=lambda item: -len(item[1])):
        lines.append(
            f"  {kind:32} {len(counted):4} moves ({100 * len(counted) / moves:4.1f}%)  taps median "
            f"{statistics.median(counted):g}, worst {max(counted)}"
        )
    return "\n".join(lines)


def counted(given: Given) -> dict[str, list[int]]:
    """Taps per move by decision type over a given game, from the builder's paths."""
    from tests.browser.decision_paths import Position

    kind, setup, moves = given
    position = Position(kind, setup)
    taps: dict[str, list[int]] = defaultdict(list)
    for move in moves:
        taps[decision_type(kind, move)].append(len(position.labels(move)))
        position.play(move)
    return taps


def main(more: int = 3) -> None:
    games = {
        "arctica, 4 at a table, named hands (seed 10)": arctica_table(),
        "arctica, 2 in public (seed 0)": arctica_public(),
        "arctic, 2 in public, hands shown at the end (seed 23)": arctic_public(),
    }
    for seed in range(more):
        games[f"arctica, 3 at a table (seed {seed})"] = arctica_table(3, seed)
        games[f"arctica, 3 in public (seed {seed})"] = arctica_public(3, seed)
        games[f"arctic, 3 in public (seed {seed})"] = arctic_public(3, seed)
    every: dict[str, list[int]] = defaultdict(list)
    for title, given in games.items():
        taps = counted(given)
        print(report(title, taps))
        for kind, n in taps.items():
            every[kind] += n
    print(report("every game above", every))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
