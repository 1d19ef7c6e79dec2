"""Game states without refolding whole games: an in-process cache and stored snapshots.

* ``current`` keeps each game's latest state in an LRU; a read first asks the store for events
  newer than the cached version (one indexed query, usually empty), so several API processes
  stay correct.
* ``at(step)`` starts from the newest snapshot at or before ``step`` (snapshots are stored every
  ``interval`` events, in the same transaction as the events) and folds at most ``interval``
  events: the cost of a replay step does not grow with the step number.
* Every fold is the game's *line* (``service.base.store.corrections.Line``): moves taken back by a
  correction are left out, and a snapshot taken before a correction that takes back moves before it
  is passed over for an earlier one.
"""

from __future__ import annotations

from functools import partial
from typing import Any
from uuid import UUID

from domain.errors import RuleViolation, SetupError
from domain.game import decide_and_evolve
from service.base.refusals import Category, Refusal
from service.base.store import GameLog, Recorded
from service.base.store.corrections import BeforeBase, Line
from service.base.store.kinds import Kind, encode_snapshot
from service.base.store.lru import Lru
from service.base.store.snapshots import Snapshots
from service.games import alternatives


def violation_title(violation: RuleViolation) -> str:
    """A refusal's title by what was refused: a setup that cannot start a game is no move."""
    return "Invalid setup" if isinstance(violation, SetupError) else "Illegal move"


class IllegalMove(Refusal):
    """The rules refuse a move (or a setup): the rule's own code, its alternatives, and where it happened."""

    category = Category.UNPROCESSABLE

    def __init__(self, violation: RuleViolation, *, title: str | None = None, **where: Any) -> None:
        super().__init__(
            violation.message,
            code=violation.code,
            title=title or violation_title(violation),
            rule=violation.rule,
            **alternatives.present(violation.legal),
            **where,
        )
        self.violation = violation


class States:
    def __init__(self, store: GameLog, *, interval: int = 64, cache_size: int = 4096) -> None:
        self.store = store
        self.snapshots = Snapshots(store)
        self.interval = interval
        self._latest: Lru[UUID, tuple[int, Any]] = Lru(cache_size)
        self._steps: Lru[tuple[UUID, int], tuple[Any, Any]] = Lru(cache_size)

    def current(self, kind: Kind, game_id: UUID, known: int | None = None) -> tuple[int, Any]:
        """The game's version and state now (version 0 and the initial state for an unknown game).

        ``known``: the version the caller just read in the game's index row (written in the same
        transaction as the events). When the cached state is at that version, there is nothing newer to
        ask the store for: one database round trip less per move (``make bench``, item 2).
        """
        cached = self._latest.get(game_id)
        if cached is None:
            line = self.line(kind, game_id)
        else:
            version, state = cached
            if known is not None and version == known:
                return version, state
            line = Line(kind.rules.evolve, state, version)
            try:
                for rec in self.store.read(game_id, after=version):
                    line.add(rec.originator_version, rec.event)
            except BeforeBase:
                # Another process took back moves the cached state holds: from a snapshot before them.
                line = self.line(kind, game_id)
        self._latest.put(game_id, (line.version, line.state))
        return line.version, line.state

    def remember(self, game_id: UUID, version: int, state: Any) -> None:
        """Record the state just written (the writer knows it; no need to read it back)."""
        self._latest.put(game_id, (version, state))

    def at(self, kind: Kind, game_id: UUID, step: int) -> Any:
        """The state after the first ``step`` events."""
        return self.at_step(kind, game_id, step)[0]

    def at_step(self, kind: Kind, game_id: UUID, step: int) -> tuple[Any, Recorded | None]:
        """The state after the first ``step`` events, and the record of event ``step`` when the fold read
        it (None when the state came from a snapshot taken at that very step): a replay needs both, and
        reading the event again was one database round trip in four (``make bench``, item 3)."""
        cached = self._steps.get((game_id, step))
        if cached is not None:
            return cached
        seen: list[Recorded] = []
        line = self.line(kind, game_id, step, seen)
        last = seen[-1] if seen and seen[-1].originator_version == step else None
        self._steps.put((game_id, step), (line.state, last))
        return line.state, last

    def line(
        self,
        kind: Kind,
        game_id: UUID,
        upto: int | None = None,
        seen: list[Recorded] | None = None,
        *,
        below: int | None = None,
    ) -> Line[Any, Recorded]:
        """The game's line at version ``upto`` (None: now), folded from the newest snapshot it may start
        from (see ``service.base.store.corrections``) at or before ``below`` (None: ``upto``); ``seen`` gets
        the records read after it."""
        below = upto if below is None else below if upto is None else min(below, upto)
        while True:
            version, state = self._from_snapshot(kind, game_id, below)
            line: Line[Any, Recorded] = Line(kind.rules.evolve, state, version)
            if seen is not None:
                seen.clear()
            try:
                for rec in self.store.read(game_id, after=version, upto=upto):
                    if seen is not None:
                        seen.append(rec)
                    line.add(rec.originator_version, rec.event, rec)
                return line
            except BeforeBase as back:
                below = back.version - 1

    def _from_snapshot(self, kind: Kind, game_id: UUID, upto: int | None) -> tuple[int, Any]:
        found = self.snapshots.latest(game_id, upto)
        if found is None:
            return 0, kind.rules.initial_state()
        return found[0], kind.decode_snapshot(found[1])

    def fold(self, kind: Kind, state: Any, records: list[Recorded]) -> tuple[Any, list[tuple[int, bytes]]]:
        """Fold ``records`` onto ``state``: the final state and the snapshots due among them."""
        due: list[tuple[int, bytes]] = []
        interval = self.interval
        # ``records`` start a game (a new one, a fork's copy, which may hold corrections): the line's fold.
        line: Line[Any, None] = Line(kind.rules.evolve, state, records[0].originator_version - 1 if records else 0)
        for rec in records:
            line.add(rec.originator_version, rec.event)
            if rec.originator_version % interval == 0:
                due.append((rec.originator_version, encode_snapshot(line.state)))
        return line.state, due

    def decide(self, kind: Kind, state: Any, version: int, move: Any) -> tuple[list[Any], Any, list[tuple[int, bytes]]]:
        """``move`` decided on ``state`` (at ``version``) and folded once: its events, the state after them
        and the snapshots due among them. Raises the rules' ``RuleViolation``.

        The states between the events are folded again only when a snapshot falls inside the move (one
        move in ``interval`` events or fewer)."""
        rules = kind.rules
        step = getattr(rules, "decide_and_evolve", None) or partial(decide_and_evolve, rules)
        events, after = step(state, move)
        last = version + len(events)
        if last // self.interval == version // self.interval:
            return events, after, []
        due: list[tuple[int, bytes]] = []
        for event in events:
            state = rules.evolve(state, event)
            version += 1
            if version % self.interval == 0:
                due.append((version, encode_snapshot(after if version == last else state)))
        return events, after, due
