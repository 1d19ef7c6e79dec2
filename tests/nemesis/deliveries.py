"""The followers' history checker: what each follower of the event log was handed, against what the log
holds at the end and what the writers were told was stored.

Every follower must have been handed every stored event exactly once (none missed, none twice, nothing
that was never committed), in an order consistent with each game's versions (a game's events in version
order) and with the log's own order (positions strictly increasing); every acknowledged write's events
must be stored. ``check`` returns each violation found, as text (empty: the history holds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import NamedTuple

# Violations shown per kind and follower (the count is always given).
SHOWN = 3


class Delivery(NamedTuple):
    """One event as a follower was handed it: its stream and version, and its place in the log."""

    stream: str
    version: int
    xid: int
    id: int


def check(
    stored: Mapping[tuple[str, int], int],
    acknowledged: Iterable[tuple[str, int]],
    deliveries: Mapping[str, Sequence[Delivery]],
) -> list[str]:
    """``stored``: (stream, version) -> notification id of every event in the log at the end;
    ``acknowledged``: the (stream, version) of every event a writer was told was stored;
    ``deliveries``: what each follower was handed, in the order it was handed."""
    out: list[str] = []
    lost = sorted({key for key in acknowledged if key not in stored})
    if lost:
        out.append(f"{len(lost)} acknowledged events are not stored: {lost[:SHOWN]}")
    for follower, handed in deliveries.items():
        counts = Counter((d.stream, d.version) for d in handed)
        twice = sorted(key for key, n in counts.items() if n > 1)
        if twice:
            out.append(f"{follower}: {len(twice)} events handed more than once: {twice[:SHOWN]}")
        missed = sorted(key for key in stored if key not in counts)
        if missed:
            out.append(f"{follower}: {len(missed)} stored events never handed: {missed[:SHOWN]}")
        ghosts = sorted(key for key in counts if key not in stored)
        if ghosts:
            out.append(f"{follower}: {len(ghosts)} events handed that the log does not hold: {ghosts[:SHOWN]}")
        wrong = [d for d in handed if (d.stream, d.version) in stored and stored[(d.stream, d.version)] != d.id]
        if wrong:
            out.append(f"{follower}: {len(wrong)} events handed with another notification id: {wrong[:SHOWN]}")
        backwards = [(a, b) for a, b in pairwise(handed) if (b.xid, b.id) <= (a.xid, a.id)]
        if backwards:
            out.append(f"{follower}: {len(backwards)} events handed before one they follow: {backwards[:SHOWN]}")
        last: dict[str, int] = {}
        unordered: list[Delivery] = []
        for d in handed:
            if d.version <= last.get(d.stream, 0):
                unordered.append(d)
            last[d.stream] = max(d.version, last.get(d.stream, 0))
        if unordered:
            out.append(f"{follower}: {len(unordered)} events handed after a later version: {unordered[:SHOWN]}")
    return out
