"""Per-game statistics with PERMANENT numeric ids, like Board Game Arena's end-of-game tables.

An id, once released, keeps its meaning forever: add new statistics with new ids, never renumber or
reuse one (``tests/projections/test_gamestats.py`` pins the registry). Table statistics are stored with
``seat = -1`` in ``game_stats``; player statistics with the player's seat.

Counters that only events can tell (cards placed, powers taken...) are kept in a :class:`Tally` that
the runner updates per event and stores beside the game's board; the rest is read from the final state.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from domain.game import PlayerResult

ARCTIC_ANIMALS = ("fox", "moose", "walrus", "orca", "puffin", "polar_bear")

# ---------------------------------------------------------------- the registries (permanent ids)
ARCTIC_PLAYER_STATS: dict[int, str] = {
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
ARCTIC_TABLE_STATS: dict[int, str] = {
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
ARCTICA_PLAYER_STATS: dict[int, str] = {
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
ARCTICA_TABLE_STATS: dict[int, str] = {
    1: "rounds",
    2: "turns",
    3: "events",
    4: "duration_seconds",
    5: "ice_tiles_melted",
}

PLAYER_STATS: dict[str, dict[int, str]] = {"arctic": ARCTIC_PLAYER_STATS, "arctica": ARCTICA_PLAYER_STATS}
TABLE_STATS: dict[str, dict[int, str]] = {"arctic": ARCTIC_TABLE_STATS, "arctica": ARCTICA_TABLE_STATS}


# ---------------------------------------------------------------- running counters
class Tally(msgspec.Struct, kw_only=True):
    """What a game's events say beyond its state; updated in place by the runner, stored as msgpack."""

    events: int = 0
    turns: int = 0
    first_played: datetime | None = None
    last_played: datetime | None = None
    first_recorded: datetime | None = None
    last_recorded: datetime | None = None
    finished_position: int | None = None
    finished_at: datetime | None = None
    counts: dict[str, list[int]] = {}  # counter name -> value per seat
    unrated: bool = False  # the opening says ``rated: false`` (a fork): no statistics, no rating

    def add(self, name: str, seat: int | None, amount: int = 1) -> None:
        if seat is None or seat < 0:
            return
        row = self.counts.get(name)
        if row is None:
            row = self.counts[name] = []
        if len(row) <= seat:
            row.extend([0] * (seat + 1 - len(row)))
        row[seat] += amount

    def get(self, name: str, seat: int) -> int:
        row = self.counts.get(name)
        return row[seat] if row is not None and seat < len(row) else 0

    def started_at(self) -> datetime | None:
        return self.first_played if self.first_played is not None else self.first_recorded

    def ended_at(self) -> datetime | None:
        return self.last_played if self.first_played is not None else self.last_recorded

    def duration(self) -> float | None:
        start, end = self.started_at(), self.ended_at()
        return (end - start).total_seconds() if start is not None and end is not None else None


tally_encoder = msgspec.msgpack.Encoder()
tally_decoder = msgspec.msgpack.Decoder(Tally)

Counter = Callable[[Tally, Any], None]


def _arctic_counters() -> dict[str, Counter]:
    def power(t: Tally, e: Any) -> None:
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


def _arctica_counters() -> dict[str, Counter]:
    def moved(t: Tally, e: Any) -> None:
        if e.dst.zone == "map":
            t.add("colony_tokens", e.seat)

    def resolved(t: Tally, e: Any) -> None:
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


COUNTERS: dict[str, dict[str, Counter]] = {"arctic": _arctic_counters(), "arctica": _arctica_counters()}


# ---------------------------------------------------------------- end of game
class Final(msgspec.Struct, kw_only=True):
    """A finished game's statistics: by name, for the table and per seat, and the per-player extras."""

    table: dict[str, float]
    seats: list[dict[str, float]]
    extras: list[dict[str, Any]]


def _arctic_final(state: Any, results: list[PlayerResult], tally: Tally) -> Final:
    from domain.arctic import catalogue as cat
    from domain.arctic.scoring import best_pile, longest_runs

    by_seat = {r.seat: r for r in results}
    table: dict[str, float] = {
        "turns": state.turn,
        "rounds": state.round,
        "draw_pile_exhausted": int(state.reserve_in_use),
        "events": tally.events,
        "duration_seconds": tally.duration() or 0.0,
    }
    for a, animal in enumerate(ARCTIC_ANIMALS):
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
        for a, animal in enumerate(ARCTIC_ANIMALS):
            row[f"powers_taken_{animal}"] = tally.get(f"powers_taken_{animal}", seat)
            row[f"longest_run_{animal}"] = runs[a]
        seats.append(row)
        extras.append(
            {
                "totem": cat.ANIMALS[p.totem] if p.totem >= 0 else None,
                "penalty_cards": p.penalty_size,
                "cards_placed": tally.get("cards_placed", seat),
                "longest_runs": {animal: runs[a] for a, animal in enumerate(ARCTIC_ANIMALS)},
                "powers_taken": {animal: tally.get(f"powers_taken_{animal}", seat) for animal in ARCTIC_ANIMALS},
            }
        )
    return Final(table=table, seats=seats, extras=extras)


def _arctica_final(state: Any, results: list[PlayerResult], tally: Tally) -> Final:
    from domain.arctica import RULES as ARCTICA
    from domain.arctica.scoring import fauna_count

    edition = ARCTICA.edition_of(state)
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


FINALS: dict[str, Callable[[Any, list[PlayerResult], Tally], Final]] = {
    "arctic": _arctic_final,
    "arctica": _arctica_final,
}


def final(kind: str, state: Any, results: list[PlayerResult], tally: Tally) -> Final:
    return FINALS[kind](state, results, tally)


def rows(kind: str, stats: Final) -> list[tuple[int, int, float]]:
    """``(seat, stat_id, value)`` rows of ``game_stats`` (seat -1 for the table)."""
    out: list[tuple[int, int, float]] = []
    for stat_id, name in TABLE_STATS[kind].items():
        if name in stats.table:
            out.append((-1, stat_id, float(stats.table[name])))
    for seat, values in enumerate(stats.seats):
        for stat_id, name in PLAYER_STATS[kind].items():
            if name in values:
                out.append((seat, stat_id, float(values[name])))
    return out
