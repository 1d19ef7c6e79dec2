"""What a game kind's statistics are made of, as the read models compute them (pure, no storage).

A kind's :class:`Statistics` names its permanent ids (an id, once released, keeps its meaning forever:
add new statistics with new ids, never renumber or reuse one), the counters that only its events can
tell (run per event on the projection's :class:`Tallied` counts) and the end-of-game reading of its
final state (:class:`Final`). ``projections/gamestats.py`` runs them for every registered kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from domain.game import PlayerResult


class Tallied(Protocol):
    """The running counts of one game (the projection's ``Tally``), as a kind's counters see them."""

    events: int

    def add(self, name: str, seat: int | None, amount: int = 1) -> None:
        """Add ``amount`` to counter ``name`` of ``seat`` (a table event, ``seat`` None, counts nothing)."""
        ...

    def get(self, name: str, seat: int) -> int: ...

    def duration(self) -> float | None:
        """Seconds from the first to the last event (play times, else recording times), if known."""
        ...


class Final(msgspec.Struct, kw_only=True):
    """A finished game's statistics: by name, for the table and per seat, and the per-player extras."""

    table: dict[str, float]
    seats: list[dict[str, float]]
    extras: list[dict[str, Any]]


# One event's effect on the counts: ``counter(tally, event)``.
Counter = Callable[[Any, Any], None]
# The statistics of a finished game: ``final(state, results, tally)``.
Finals = Callable[[Any, list[PlayerResult], Any], Final]


@dataclass(frozen=True)
class Statistics:
    """A game kind's statistics: permanent ids, per-event counters, and the end-of-game reading."""

    player_stats: Mapping[int, str]  # permanent id -> name, one row per seat
    table_stats: Mapping[int, str]  # permanent id -> name, the table's row (seat -1)
    counters: Mapping[str, Counter]  # event Struct name -> what it adds to the counts
    final: Finals
    # The player statistics (ids of ``player_stats``) a player's statistics sum over their games, shown
    # by name in ``GET /players/{handle}`` (``totals``): e.g. Arctic's powers taken per animal.
    totals: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        unknown = [i for i in self.totals if i not in self.player_stats]
        if unknown:
            raise ValueError(f"totals {unknown} are not player statistics")
