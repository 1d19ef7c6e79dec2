"""§8: scoring, the Fox-A wild card and the tie-break."""

from __future__ import annotations

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.evolve import evolve
from domain.arctic.scoring import best_pile, runs_score, score, seat_score
from domain.arctic.state import GameState, PlayerState

from .support import Table, give_power, position

EXAMPLE = ["walrus", "walrus", "fox", "fox", "fox", "moose", "orca", "orca", "orca", "orca", "fox", "fox",
           "polar_bear", "puffin", "puffin", "moose"]  # fmt: skip


def cards(animals: list[str]) -> list[int]:
    """Distinct card numbers with these main animals."""
    used: dict[str, int] = {}
    out = []
    for a in animals:
        k = used.get(a, 0)
        used[a] = k + 1
        deck, draw = divmod(k, 5)
        out.append(cat.CARD_INDEX[f"d{deck + 1}-{a}-{draw + 1}"])
    return out


def state(piles: list[list[str | None]], *, totems=("orca", "fox"), tokens=None, penalties=(4, 0), start=0):
    players = []
    for seat, animals in enumerate(piles):
        down = [a is None for a in animals]
        real = cards([a or "puffin" for a in animals])
        pens = tuple(range(100, 100 + penalties[seat]))
        players.append(
            PlayerState(pile=tuple(real), pile_down=tuple(down), penalty=pens, totem=cat.ANIMAL_INDEX[totems[seat]])
        )
    tok = list(tokens or (2,) * 6)
    if tokens is None:
        tok[cat.ORCA] = 4  # the "10"
    return GameState(names=tuple(f"p{i}" for i in range(len(piles))), players=tuple(players), tokens=tuple(tok),
                     start_seat=start, sides=(0,) * 6)  # fmt: skip


def test_worked_example_total_23() -> None:
    sc = seat_score(state([EXAMPLE, []]), 0)
    assert sc.runs == {"walrus": 1, "fox": 3, "orca": 6, "puffin": 1}
    assert (sc.runs_total, sc.diversity, sc.totem, sc.penalty, sc.total) == (11, 6, 10, -4, 23)


def test_worked_example_with_the_fox_a_card_declared_orca_total_27() -> None:
    pile: list[str | None] = [*EXAMPLE[:6], None, *EXAMPLE[6:]]
    s = state([pile, []])
    p = s.players[0]
    s2 = evolve(s, ev.FoxWildDeclared(seat=0, position=6, animal="orca"))
    sc = seat_score(s2, 0)
    assert sc.runs["orca"] == 10 and sc.fox_wild == ["orca"] and sc.total == 27
    # undeclared, the engine takes the best legal choice: moose makes a fifth run (28 > 27)
    best = seat_score(s, 0)
    assert best.fox_wild == ["moose"] and best.total == 28
    assert best_pile(p)[1] == [cat.MOOSE]


def test_scale_runs_only_longest_per_animal_and_from_two() -> None:
    a = cat.ANIMAL_INDEX
    per, runs, diversity = runs_score([a["fox"]] * 7 + [a["orca"]] + [a["fox"]] * 2)
    assert per == {"fox": 15} and runs == 15 and diversity == 0
    per, runs, diversity = runs_score([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    assert runs == 6 and diversity == 15


def test_wild_joins_two_equal_runs_and_blocks_and_bottom() -> None:
    sc = seat_score(state([["orca", "orca", None, "orca", "orca"], []]), 0)
    assert sc.runs == {"orca": 10} and sc.fox_wild == ["orca"]
    sc = seat_score(state([[None, "fox", "fox"], []]), 0)
    assert sc.runs == {"fox": 3}
    sc = seat_score(state([["fox", None, None, "orca", "orca"], []]), 0)
    # fox,fox: 3+1+S(2)=5; fox,orca: 1+3+1 = 5; orca,orca: 6+S(1)=6
    assert sc.runs == {"orca": 6} and sc.fox_wild == ["orca", "orca"]
    assert sc.runs_total + sc.diversity == 6


def test_a_declaration_no_longer_legal_is_ignored() -> None:
    s = state([["fox", None, "orca", "orca", "orca"], []])
    s = evolve(s, ev.FoxWildDeclared(seat=0, position=1, animal="walrus"))
    assert seat_score(s, 0).fox_wild == ["orca"]


def test_tie_break_closest_to_the_start_player() -> None:
    s = state([["fox", "fox"], ["fox", "fox"], ["fox", "fox"]], totems=("fox", "moose", "walrus"),
              tokens=(2,) * 6, penalties=(0, 0, 0), start=2)  # fmt: skip
    assert [sc.total for sc in score(s)] == [4, 4, 4]
    assert [sc.rank for sc in score(s)] == [2, 3, 1]
    results = RULES.results(s)
    assert [r.seat for r in results] == [2, 0, 1] and [r.rank for r in results] == [1, 2, 3]
    b = results[0].breakdown
    assert b["runs"] + b["diversity"] + b["totem"] + b["penalty"] == results[0].total and b["run:fox"] == 1


def test_declare_fox_wild_move() -> None:
    t = give_power(Table(), "fox", 0)
    position(t, 0, pile=["d1-orca-5"], hand=["d1-fox-3"])
    t.play(mv.PlaceCard(seat=0, card="d1-fox-3", placement="face_down"))
    t.rejects(mv.DeclareFoxWild(seat=0, position=1, animal="orca"), "arctic.fox_wild_invalid")
    t.rejects(mv.DeclareFoxWild(seat=0, position=0, animal="fox"), "arctic.fox_wild_invalid")
    assert t.play(mv.DeclareFoxWild(seat=0, position=0, animal="orca")) == [
        ev.FoxWildDeclared(seat=0, position=0, animal="orca")
    ]
    assert t.state.players[0].wild == ((0, cat.ORCA),)


def test_fox_b_bottom_placement_shifts_declarations() -> None:
    s = state([["fox", None, "orca"], []])
    s = evolve(s, ev.FoxWildDeclared(seat=0, position=1, animal="orca"))
    s = evolve(s, ev.CardPlaced(seat=0, card="d3-moose-1", placement="bottom"))
    assert s.players[0].wild == ((2, cat.ORCA),)
