"""Arctica's statistics: permanent ids, the counters its events tell, the end-of-game reading (pure).

An id, once released, keeps its meaning forever: add new statistics with new ids, never renumber or
reuse one (``tests/projections/test_gamestats.py`` pins them).
"""

from __future__ import annotations

from typing import Any

from domain.game import PlayerResult
from domain.statistics import Counter, Final, Statistics, Tallied

from . import editions
from .scoring import fauna_count

PLAYER_STATS: dict[int, str] = {
    1: "fauna_played",
    2: "cards_drawn",
    3: "flora_gained",
    4: "flora_paid",
    5: "migrations",
    6: "colony_tokens",
    7: "cards_discarded",
    8: "actions_performed",
    9: "actions_skipped",
    10: "cards_destroyed",
    11: "tokens_saved",
    12: "tokens_lost",
    13: "score_total",
    14: "score_board_tokens",
    15: "score_flora",
    16: "score_ecosystem_cards",
    17: "score_majorities",
    18: "score_ice_trades",
    19: "score_effects",
    20: "rank",
    21: "fauna_cards",
    22: "turns_played",
}
TABLE_STATS: dict[int, str] = {
    1: "rounds",
    2: "turns",
    3: "events",
    4: "duration_seconds",
    5: "ice_tiles_melted",
}


def _counters() -> dict[str, Counter]:
    def moved(t: Tallied, e: Any) -> None:
        if e.dst.zone == "map":
            t.add("colony_tokens", e.seat)

    def resolved(t: Tallied, e: Any) -> None:
        t.add("tokens_saved", e.seat, e.saved)
        t.add("tokens_lost", e.seat, e.lost)

    return {
        "FaunaPlayed": lambda t, e: t.add("fauna_played", e.seat),
        "CardsDrawn": lambda t, e: t.add("cards_drawn", e.seat, e.count),
        "FloraGained": lambda t, e: t.add("flora_gained", e.seat, e.amount),
        "FloraPaid": lambda t, e: t.add("flora_paid", e.seat, e.amount),
        "TokenMigrated": lambda t, e: t.add("migrations", e.seat),
        "TokenMoved": moved,
        "CardsDiscarded": lambda t, e: t.add("cards_discarded", e.seat, len(e.cards)),
        "ActionPerformed": lambda t, e: t.add("actions_performed", e.seat),
        "ActionSkipped": lambda t, e: t.add("actions_skipped", e.seat),
        "CardDestroyed": lambda t, e: t.add("cards_destroyed", e.seat),
        "EventResolved": resolved,
        "PawnPlaced": lambda t, e: t.add("turns_played", e.seat),
    }


def final(state: Any, results: list[PlayerResult], tally: Tallied) -> Final:
    edition = editions.get(state.edition_id, state.edition_version)
    by_seat = {r.seat: r for r in results}
    table: dict[str, float] = {
        "rounds": state.round,
        "turns": state.turn,
        "events": tally.events,
        "duration_seconds": tally.duration() or 0.0,
        "ice_tiles_melted": len(state.melted),
    }
    seats: list[dict[str, float]] = []
    extras: list[dict[str, Any]] = []
    for seat, p in enumerate(state.players):
        result = by_seat[seat]
        fauna = fauna_count(edition, p)
        row: dict[str, float] = {
            "score_total": result.total,
            "rank": result.rank,
            "fauna_cards": fauna,
        }
        for category in ("board_tokens", "flora", "ecosystem_cards", "majorities", "ice_trades", "effects"):
            row[f"score_{category}"] = result.breakdown.get(category, 0)
        for name in (
            "fauna_played",
            "cards_drawn",
            "flora_gained",
            "flora_paid",
            "migrations",
            "colony_tokens",
            "cards_discarded",
            "actions_performed",
            "actions_skipped",
            "cards_destroyed",
            "tokens_saved",
            "tokens_lost",
            "turns_played",
        ):
            row[name] = tally.get(name, seat)
        seats.append(row)
        extras.append(
            {
                "fauna_cards": fauna,
                "fauna_played": tally.get("fauna_played", seat),
                "colony_tokens": tally.get("colony_tokens", seat),
                "migrations": tally.get("migrations", seat),
            }
        )
    return Final(table=table, seats=seats, extras=extras)


STATISTICS = Statistics(player_stats=PLAYER_STATS, table_stats=TABLE_STATS, counters=_counters(), final=final)
