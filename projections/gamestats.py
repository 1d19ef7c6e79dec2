"""Per-game statistics with PERMANENT numeric ids, like Board Game Arena's end-of-game tables.

Each game kind's plug-in carries its statistics (``domain/<kind>/statistics.py``: ids, counters, the
end-of-game reading); this module runs them for every registered kind. An id, once released, keeps its
meaning forever (``tests/projections/test_gamestats.py`` pins them). Table statistics are stored with
``seat = -1`` in ``game_stats``; player statistics with the player's seat.

Counters that only events can tell (cards placed, powers taken...) are kept in a :class:`Tally` that
the runner updates per event and stores beside the game's board; the rest is read from the final state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any, TypeVar

import msgspec

from domain.game import PlayerResult
from domain.kinds import game, registered_games
from domain.registry import GamePlugin
from domain.statistics import Counter, Final

__all__ = ["COUNTERS", "PLAYER_STATS", "TABLE_STATS", "TOTALS", "Counter", "Final", "Tally", "final", "rows", "totals"]

T = TypeVar("T")


class _ByKind(Mapping[str, T]):
    """One part of every registered kind's statistics, by kind, read from the registry when asked (a kind
    registered later, e.g. by a test, is seen)."""

    def __init__(self, part: Callable[[GamePlugin], T]) -> None:
        self._part = part

    def __getitem__(self, kind: str) -> T:
        plugin = game(kind)
        if plugin is None:
            raise KeyError(kind)
        return self._part(plugin)

    def __iter__(self) -> Iterator[str]:
        return iter([plugin.kind for plugin in registered_games()])

    def __len__(self) -> int:
        return len(registered_games())


# ---------------------------------------------------------------- the registries (permanent ids)
PLAYER_STATS: Mapping[str, Mapping[int, str]] = _ByKind(lambda plugin: plugin.statistics.player_stats)
TABLE_STATS: Mapping[str, Mapping[int, str]] = _ByKind(lambda plugin: plugin.statistics.table_stats)
# The player statistics a player's statistics sum over their games (``Statistics.totals``).
TOTALS: Mapping[str, tuple[int, ...]] = _ByKind(lambda plugin: plugin.statistics.totals)


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

# Per kind, event Struct name -> what it adds to the counts.
COUNTERS: Mapping[str, Mapping[str, Counter]] = _ByKind(lambda plugin: plugin.statistics.counters)


# ---------------------------------------------------------------- end of game
def final(kind: str, state: Any, results: list[PlayerResult], tally: Tally) -> Final:
    plugin = game(kind)
    if plugin is None:
        raise KeyError(kind)
    return plugin.statistics.final(state, results, tally)


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


def number(value: float) -> float | int:
    """A statistic as JSON shows it: a whole number without its ``.0`` (counts stay counts)."""
    value = float(value)
    return int(value) if value.is_integer() else value


def totals(kind: str, values: Mapping[str, float]) -> dict[str, float | int]:
    """One seat's values of the kind's summed statistics, by permanent id (as text: a jsonb key)."""
    names = PLAYER_STATS[kind]
    return {str(stat_id): number(values[names[stat_id]]) for stat_id in TOTALS[kind] if names[stat_id] in values}


def total_names(kind: str, sums: Mapping[str, float]) -> dict[str, float]:
    """Sums by permanent id -> by name (an id the kind no longer registers is shown as itself)."""
    plugin = game(kind)
    names = plugin.statistics.player_stats if plugin is not None else {}
    return {names.get(int(stat_id), stat_id): value for stat_id, value in sums.items()}
