"""Arctic's statistics: permanent ids, the counters its events tell, the end-of-game reading (pure).

An id, once released, keeps its meaning forever: add new statistics with new ids, never renumber or
reuse one (``tests/projections/test_gamestats.py`` pins them).
"""

from __future__ import annotations

from typing import Any

from domain.game import PlayerResult
from domain.statistics import Counter, Final, Statistics, Tallied

from . import catalogue as cat
from .scoring import best_pile, longest_runs

ANIMALS = ("fox", "moose", "walrus", "orca", "puffin", "polar_bear")

PLAYER_STATS: dict[int, str] = {
    1: "cards_placed",
    2: "penalty_cards",
    3: "powers_taken",
    4: "powers_taken_fox",
    5: "powers_taken_moose",
    6: "powers_taken_walrus",
    7: "powers_taken_orca",
    8: "powers_taken_puffin",
    9: "powers_taken_polar_bear",
    10: "longest_run_fox",
    11: "longest_run_moose",
    12: "longest_run_walrus",
    13: "longest_run_orca",
    14: "longest_run_puffin",
    15: "longest_run_polar_bear",
    16: "cards_drawn",
    17: "cards_discarded",
    18: "penalty_cards_given",
    19: "penalty_cards_drawn",
    20: "turns_played",
    21: "score_total",
    22: "score_runs",
    23: "score_diversity",
    24: "score_totem",
    25: "score_penalty",
    26: "rank",
    27: "totem_position",
}
TABLE_STATS: dict[int, str] = {
    1: "turns",
    2: "rounds",
    3: "token_position_fox",
    4: "token_position_moose",
    5: "token_position_walrus",
    6: "token_position_orca",
    7: "token_position_puffin",
    8: "token_position_polar_bear",
    9: "draw_pile_exhausted",
    10: "events",
    11: "duration_seconds",
}


def _counters() -> dict[str, Counter]:
    def power(t: Tallied, e: Any) -> None:
        t.add("powers_taken", e.seat)
        t.add(f"powers_taken_{e.animal}", e.seat)

    return {
        "CardPlaced": lambda t, e: t.add("cards_placed", e.seat),
        "PowerTaken": power,
        "CardTakenFromRiver": lambda t, e: t.add("cards_drawn", e.seat),
        "CardTakenFromDrawPile": lambda t, e: t.add("cards_drawn", e.seat),
        "CardTakenFromPenalty": lambda t, e: t.add("cards_drawn", e.seat),
        "CardDiscarded": lambda t, e: t.add("cards_discarded", e.seat),
        "PenaltyCardGiven": lambda t, e: t.add("penalty_cards_given", e.seat),
        "PenaltyCardDrawn": lambda t, e: t.add("penalty_cards_drawn", e.seat),
        "TurnStarted": lambda t, e: t.add("turns_played", e.seat),
    }


def final(state: Any, results: list[PlayerResult], tally: Tallied) -> Final:
    by_seat = {r.seat: r for r in results}
    table: dict[str, float] = {
        "turns": state.turn,
        "rounds": state.round,
        "draw_pile_exhausted": int(state.reserve_in_use),
        "events": tally.events,
        "duration_seconds": tally.duration() or 0.0,
    }
    for a, animal in enumerate(ANIMALS):
        table[f"token_position_{animal}"] = state.tokens[a]
    seats: list[dict[str, float]] = []
    extras: list[dict[str, Any]] = []
    for seat, p in enumerate(state.players):
        resolved, _ = best_pile(p)
        runs = longest_runs(resolved)
        result = by_seat[seat]
        row: dict[str, float] = {
            "penalty_cards": p.penalty_size,
            "score_total": result.total,
            "score_runs": result.breakdown.get("runs", 0),
            "score_diversity": result.breakdown.get("diversity", 0),
            "score_totem": result.breakdown.get("totem", 0),
            "score_penalty": result.breakdown.get("penalty", 0),
            "rank": result.rank,
            "totem_position": state.tokens[p.totem] if p.totem >= 0 else -1,
        }
        for name in (
            "cards_placed",
            "powers_taken",
            "cards_drawn",
            "cards_discarded",
            "penalty_cards_given",
            "penalty_cards_drawn",
            "turns_played",
        ):
            row[name] = tally.get(name, seat)
        for a, animal in enumerate(ANIMALS):
            row[f"powers_taken_{animal}"] = tally.get(f"powers_taken_{animal}", seat)
            row[f"longest_run_{animal}"] = runs[a]
        seats.append(row)
        extras.append(
            {
                "totem": cat.ANIMALS[p.totem] if p.totem >= 0 else None,
                "penalty_cards": p.penalty_size,
                "cards_placed": tally.get("cards_placed", seat),
                "longest_runs": {animal: runs[a] for a, animal in enumerate(ANIMALS)},
                "powers_taken": {animal: tally.get(f"powers_taken_{animal}", seat) for animal in ANIMALS},
            }
        )
    return Final(table=table, seats=seats, extras=extras)


# A player's statistics sum the powers they took, in all and per animal.
TOTALS = (3, 4, 5, 6, 7, 8, 9)

STATISTICS = Statistics(
    player_stats=PLAYER_STATS, table_stats=TABLE_STATS, counters=_counters(), final=final, totals=TOTALS
)
