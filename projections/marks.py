"""Where the runner refolds a corrected game from: the game as it stood after its last corrections.

A correction (``MovesTakenBack``) takes back the last moves of a game's line, so the game after it is its
line at the version before the first event taken back (``first - 1``): the line holds nothing after that
version but those moves. The state *and the counters* (``Tally``, which no event can take back) of that
line are folded again; from the game's first event, that read the game's whole stream, every move ever
taken back and every correction included, so a game corrected move after move cost more at each
correction (issue #35: move+undo cycles, 12,000 events, the projections' thread took the server's CPU).

A :class:`Mark` is the game as the runner folded it right after a correction, or at an event of the line
a refold passed (every ``EVERY`` events of it): its line at that version, true forever (the log before
it never changes). The next correction refolds from the newest mark before its first event taken back,
reading only the events between (none, when it takes back the moves played since the last correction);
a correction among them reaching before the mark (``BeforeBase``) sends it to an older one, then to the
game's first event. Marks at or after a correction's first event taken back can start no later fold:
they go. Only games the runner has seen corrected have marks, at most ``KEEP`` each, one per ``EVERY``
events of line (the newest), for the ``GAMES`` corrected last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from projections.gamestats import Tally
from service.base.store.kinds import Kind
from service.base.store.lru import Lru

KEEP = 16  # marks per game: a correction reaching before all of them refolds from the game's first event
EVERY = 8  # a refold marks the game every so many events of its line (a mark per EVERY of them, the newest)
GAMES = 1024  # the games whose marks are kept (those corrected lately)


def copy_tally(tally: Tally) -> Tally:
    """A copy of ``tally`` that the runner's updates in place leave alone (its counts are lists)."""
    return msgspec.structs.replace(tally, counts={name: list(row) for name, row in tally.counts.items()})


@dataclass(frozen=True, slots=True)
class Mark:
    """A game's line at ``version``: its state (immutable) and a copy of its counters, never updated."""

    version: int
    kind: Kind
    state: Any
    tally: Tally


class Marks:
    """The marks of the games the runner saw corrected, newest last, by game id (as text)."""

    def __init__(self, size: int = GAMES) -> None:
        self._games: Lru[str, tuple[Mark, ...]] = Lru(size)

    def before(self, game_id: str, first: int) -> list[Mark]:
        """The game's marks before version ``first``, newest first: where a fold up to ``first - 1`` may start."""
        return [mark for mark in reversed(self._games.get(game_id) or ()) if mark.version < first]

    def corrected(self, game_id: str, first: int, new: list[Mark]) -> None:
        """A correction took back the game's events from ``first`` on: the marks at or after it go, the
        ``new`` ones (the refold's on its way, the correction's own last) come. One mark per ``EVERY``
        events of line, the newest: on one line, a later version never holds fewer events."""
        kept = [m for m in self._games.get(game_id) or () if m.version < first]
        newest: dict[int, Mark] = {}
        for mark in sorted([*kept, *new], key=lambda m: m.version):
            newest[mark.tally.events // EVERY] = mark
        self._games.put(game_id, tuple(sorted(newest.values(), key=lambda m: m.version)[-KEEP:]))

    def forget(self, game_id: str) -> None:
        """A finished game takes no correction: its marks go."""
        self._games.discard(game_id)

    def __len__(self) -> int:
        return len(self._games)
