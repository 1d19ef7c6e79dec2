"""Renaming a handle and merging two handles: admin decisions, stored as events of the players' admin
stream (service/base/store/aliases.py), never as changes to the games' own events. The read models follow
them (projections/aliases.py): the old handle becomes an alias of the new one.

The checks read the decisions so far (one short stream) and the games index: a handle exists when a
game was recorded under it (or a rename gave it). The stream's version guards the decision: two
concurrent decisions cannot both be appended on the same map.
"""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec

from domain.players import handle_key
from service.base.keys import ApiKey
from service.base.refusals import Category, PlayerNotFound, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.aliases import PLAYERS_STREAM, HandleEvent, HandleRenamed, HandlesMerged, follow, target
from service.base.store.application import VersionConflict
from service.base.store.games_table import GamesTable
from service.games import limits
from service.games.limits import ConfusableHandles, InvalidHandle


class HandlesChanged(Refusal):
    """Another rename or merge was decided meanwhile."""

    category = Category.CONFLICT
    code = "handles_changed"

    def __init__(self) -> None:
        super().__init__("another rename or merge was decided meanwhile: check the handles again and retry")


class HandleTaken(Refusal):
    """A new handle that is another player's (merge into it instead)."""

    category = Category.CONFLICT
    code = "handle_taken"

    def __init__(self, spelling: str, taken: str) -> None:
        super().__init__(f"{taken!r} is another player's handle: merge {spelling!r} into it instead", handle=taken)


class SameHandle(Refusal):
    """A rename to the handle as it is written already."""

    category = Category.UNPROCESSABLE
    code = "same_handle"

    def __init__(self, spelling: str) -> None:
        super().__init__(f"{spelling!r} is already written so")


class MergeIntoItself(Refusal):
    """Merging two handles of one player."""

    category = Category.UNPROCESSABLE
    code = "merge_into_itself"

    def __init__(self, handle: str, into: str) -> None:
        super().__init__(f"{handle!r} and {into!r} are already one player")


class PlayersMet(Refusal):
    """Merging two players who played at one table."""

    category = Category.UNPROCESSABLE
    code = "players_met"

    def __init__(self, handle: str, other: str) -> None:
        super().__init__(f"{handle!r} and {other!r} played at one table: they are two people")


class HandleChanged(msgspec.Struct, kw_only=True):
    handle: str  # the handle renamed or merged (its spelling as recorded)
    now: str  # the handle its games now count under
    merged: bool
    reason: str
    changed_at: datetime
    position: int


class _Decisions:
    """The renames and merges so far, and what they make of handle keys."""

    def __init__(self, store: GameLog) -> None:
        self.store = store
        self.games = GamesTable(store)
        self.events: list[HandleEvent] = [r.event for r in store.read(PLAYERS_STREAM)]
        self.aliases: dict[str, str] = {}
        self.spellings: dict[str, str] = {}  # a rename's target key -> its spelling
        for event in self.events:
            old, new = handle_key(event.handle), handle_key(target(event))
            follow(self.aliases, old, new)
            self.spellings.pop(old, None)
            if isinstance(event, HandleRenamed):
                self.spellings[new] = event.to

    def identity(self, handle: str) -> tuple[str, str]:
        """The key and spelling ``handle`` counts as (an alias: its target's); 404 when nobody has it."""
        key = handle_key(handle)
        key = self.aliases.get(key, key)
        if key in self.spellings:
            return key, self.spellings[key]
        for spelling in self.games.spellings(key):
            if handle_key(spelling) == key:
                return key, spelling
        raise PlayerNotFound(handle)

    def names_of(self, key: str) -> list[str]:
        """The keys that count as ``key``: itself and its aliases."""
        return [key, *sorted(alias for alias, current in self.aliases.items() if current == key)]

    def taken(self, key: str) -> bool:
        if key in self.aliases or key in self.spellings:
            return True
        return self.games.has_handle(key)

    def look_alike(self, handle: str, own: list[str]) -> str | None:
        """A known handle (other than ``own`` keys) that ``handle`` looks like, if any. It reads every
        handle recorded: a rare admin decision, not a hot path."""
        skeleton = limits.confusable_skeleton(handle)
        for name in [*self.games.handles(), *self.spellings.values()]:
            if handle_key(name) not in own and limits.confusable_skeleton(name) == skeleton:
                return name
        return None

    def met(self, a: str, b: str) -> bool:
        """Whether the two players (their aliases included) sat at one table."""
        return self.games.met(self.names_of(a), self.names_of(b))

    def decide(self, event: HandleEvent) -> tuple[datetime, int]:
        now = datetime.now(UTC)
        record = Recorded(
            originator_id=PLAYERS_STREAM, originator_version=len(self.events) + 1, event=event, recorded_at=now
        )
        try:
            [position] = self.store.append([record])
        except VersionConflict:
            raise HandlesChanged() from None
        return now, position


class Handles:
    """Renaming and merging handles, and the handles a player's games are under."""

    def __init__(self, store: GameLog) -> None:
        self.store = store

    @refuses(PlayerNotFound, InvalidHandle, HandleTaken, HandlesChanged, ConfusableHandles, SameHandle)
    def rename(self, key: ApiKey, handle: str, to: str, reason: str) -> HandleChanged:
        """``handle`` (or the player it counts as) is written ``to`` from now on; its games follow."""
        decisions = _Decisions(self.store)
        old, spelling = decisions.identity(handle)
        new_spelling = limits.check_handle("$.to", to)
        new = handle_key(new_spelling)
        own = decisions.names_of(old)
        if new != old and new not in own and decisions.taken(new):
            raise HandleTaken(spelling, new_spelling)
        alike = decisions.look_alike(new_spelling, own)
        if alike is not None:
            raise ConfusableHandles(
                "$.to", f"{new_spelling!r} looks like {alike!r}: players must be told apart at a glance", title=None
            )
        if new_spelling == spelling:
            raise SameHandle(spelling)
        event = HandleRenamed(handle=spelling, to=new_spelling, reason=reason, key_id=key.id)
        at, position = decisions.decide(event)
        return HandleChanged(
            handle=spelling, now=new_spelling, merged=False, reason=reason, changed_at=at, position=position
        )

    @refuses(PlayerNotFound, InvalidHandle, HandlesChanged, MergeIntoItself, PlayersMet)
    def merge(self, key: ApiKey, handle: str, into: str, reason: str) -> HandleChanged:
        """``handle`` and ``into`` were one person: ``handle``'s games count as ``into``'s, re-rated as if
        recorded under ``into`` from the start."""
        decisions = _Decisions(self.store)
        old, spelling = decisions.identity(handle)
        new, into_spelling = decisions.identity(into)
        if new == old:
            raise MergeIntoItself(handle, into)
        if decisions.met(old, new):
            raise PlayersMet(spelling, into_spelling)
        event = HandlesMerged(handle=spelling, into=into_spelling, reason=reason, key_id=key.id)
        at, position = decisions.decide(event)
        return HandleChanged(
            handle=spelling, now=into_spelling, merged=True, reason=reason, changed_at=at, position=position
        )

    def handles_of(self, handle: str) -> list[str]:
        """The handle keys whose games are ``handle``'s player's: the one it counts as and that one's aliases
        (``GET /games?player=`` lists a renamed player's games under either name)."""
        decisions = _Decisions(self.store)
        key = handle_key(handle)
        return decisions.names_of(decisions.aliases.get(key, key))
