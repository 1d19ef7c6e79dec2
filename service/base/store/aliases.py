"""Handle renames and merges: admin decisions about who a handle is, kept as events of one stream (the
players' admin stream), in order. A game's own events are never changed: the read models follow the
resulting alias map, in which every old handle points at the handle it now counts as.

A rename gives a player a new handle (``Nanook`` → ``Nanuq``); a merge says that two handles were one
person all along (``nook`` into ``Nanook``). Both make the old handle an alias: its games, statistics,
head-to-head and ratings become the new handle's, and a game recorded later under the old handle counts
for the new one too.
"""

from __future__ import annotations

from uuid import uuid5

import msgspec
from eventsourcing.utils import register_topic

from service.base.store.admin import NAMESPACE

# The stream of every rename and merge (its version orders them and guards concurrent decisions).
PLAYERS_STREAM = uuid5(NAMESPACE, "players/admin")


class HandleRenamed(msgspec.Struct, frozen=True, kw_only=True):
    """``handle`` is now written ``to`` (a new handle, or the same one in another case)."""

    handle: str
    to: str
    reason: str
    key_id: str


class HandlesMerged(msgspec.Struct, frozen=True, kw_only=True):
    """``handle`` and ``into`` were one person: ``handle``'s games count as ``into``'s."""

    handle: str
    into: str
    reason: str
    key_id: str


HandleEvent = HandleRenamed | HandlesMerged
HANDLE_EVENTS: tuple[type[HandleEvent], ...] = (HandleRenamed, HandlesMerged)


def target(event: HandleEvent) -> str:
    """The handle the old one now counts as."""
    return event.to if isinstance(event, HandleRenamed) else event.into


def follow(aliases: dict[str, str], old: str, new: str) -> None:
    """Apply one decision (``old`` now counts as ``new``, both handle keys) to an alias map kept
    resolved: every alias points at a handle that is no alias. Renaming back (``new`` was an alias of
    ``old``) frees ``new``. The projections keep the same map in SQL (projections/aliases.py)."""
    if old == new:
        return  # a change of case or spelling of one identity: no alias
    aliases.pop(new, None)
    for alias, current in aliases.items():
        if current == old:
            aliases[alias] = new
    aliases[old] = new


# Stored before the layers moved (service/store -> service/base/store): old rows keep these topics.
register_topic("service.store.aliases:HandleRenamed", HandleRenamed)
register_topic("service.store.aliases:HandlesMerged", HandlesMerged)
