"""A finished game as the play-logging apps take it: BG Stats (its push link and its JSON backup file) and
BoardGameGeek (its plays XML). Pure functions of :class:`Play`; nothing here calls any app.

Neither app publishes a schema of its files. The shapes here follow, field by field, what the apps'
own files hold, checked against a published real BG Stats backup and BGG's XML API 2 ``plays`` answers,
and against the programs that read them (docs/guide/exports.md names them):

* BG Stats' push link is ``https://app.bgstatsapp.com/createPlay.html?data=`` followed by the
  URL-encoded JSON of one play: ``sourceName``, ``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"),
  ``durationMin``, ``location``, ``game`` (``name``, ``bggId``, ``highestWins``, ``noPoints``,
  ``sourceGameId``) and ``players`` (``name``, ``sourcePlayerId``, ``score``, ``winner``,
  ``startPlayer``, ``rank``, ``seatOrder``).
* BG Stats' backup file: ``userInfo`` (``meRefId``: the player the backup is of), ``players``,
  ``locations``, ``games``, ``plays`` (newest first, as the app writes them), ``groups``, ``tags``,
  ``challenges``. An item's ``id`` is its position in its list, 1 first (readers look items up as
  ``games[gameRefId - 1]``): the **id rule** is that each list is sorted by a key of its own (players
  by handle key, after the anonymous player every backup holds, id 1; games by kind; locations by
  name) and numbered from 1, so the same games exported again give the same ids; the ``uuid``s are
  the permanent ones, the same whatever the filter.
* BGG's plays XML: ``<plays username userid total page termsofuse>``, each ``<play id date quantity
  length incomplete nowinstats location>`` with its ``<item name objecttype objectid>`` and
  ``<players><player username userid name startposition color score new rating win>``.

Every id is a UUIDv5 under :data:`NAMESPACE` of a Banquise permanent id (a game's uuid, a handle's key,
a kind, a location's name): the same games exported twice give the same ids, and an app that matches on
them imports nothing twice. A play imported from BG Stats or BGG (``Play.source``) keeps the id it came
with: its BG Stats ``uuid`` or its BGG play ``id``, so a round trip adds no duplicate.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from datetime import datetime, timedelta, tzinfo
from typing import Any
from urllib.parse import quote
from uuid import UUID, uuid5
from xml.etree import ElementTree

import msgspec

# Banquise's own namespace for the ids it gives other apps (fixed for good: changing it would duplicate
# every play already imported).
NAMESPACE = UUID("6f1d3a52-9c0e-5b7a-8e44-2b1c0d7e9a31")
SOURCE = "Banquise"
PUSH = "https://app.bgstatsapp.com/createPlay.html?data="
BGG_TERMS = "https://boardgamegeek.com/xmlapi/termsofuse"
# The BGG play ids Banquise gives its own games: 2^30 and above, far above the ids BGG has given
# (about 10^8 by 2026), so that one of ours never names a play logged on BGG.
BGG_OWN_IDS = 1 << 30

BGSTATS = "bgstats"
BGG = "bgg"


class PlaySeat(msgspec.Struct, kw_only=True):
    seat: int  # 0-based, the game's seat order
    name: str  # the handle as written at the table
    handle: str  # its identity (``domain.players.handle_key``)
    score: int
    rank: int  # 1: a winner
    start: bool  # played first


class Play(msgspec.Struct, kw_only=True):
    """One finished game, as a play: what every format below is made of."""

    game_id: UUID
    kind: str
    title: str
    bgg_id: int | None
    highest_wins: bool
    started_at: datetime
    finished_at: datetime
    duration_min: int | None  # None: the game was recorded without play times
    location: str | None
    seats: list[PlaySeat]
    player_counts: tuple[int, int] = (1, 99)  # the kind's fewest and most players
    # A play imported from another app: which one (``BGSTATS``, ``BGG``) and the id it had there.
    source: str | None = None
    source_id: str | None = None


def play_uuid(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE, f"play:{game_id}")


def player_uuid(handle: str) -> UUID:
    return uuid5(NAMESPACE, f"player:{handle}")


def game_uuid(kind: str) -> UUID:
    return uuid5(NAMESPACE, f"game:{kind}")


def location_uuid(name: str) -> UUID:
    return uuid5(NAMESPACE, f"location:{name}")


def bgstats_play_uuid(play: Play) -> str:
    """The play's BG Stats uuid: the one it came with from BG Stats, else Banquise's."""
    if play.source == BGSTATS and play.source_id:
        return play.source_id
    return str(play_uuid(play.game_id))


def own_bgg_play_id(game_id: UUID) -> int:
    """The BGG play id Banquise gives a game of its own (30 bits of its play uuid, above BGG's range)."""
    return BGG_OWN_IDS | (play_uuid(game_id).int >> 98)


def bgg_play_id(play: Play) -> int:
    """The play's BGG id: the one it came with from BGG, else Banquise's own."""
    if play.source == BGG and play.source_id and play.source_id.isdigit():
        return int(play.source_id)
    return own_bgg_play_id(play.game_id)


def minutes(started_at: datetime, finished_at: datetime) -> int:
    return max(0, math.ceil((finished_at - started_at).total_seconds() / 60))


def local(at: datetime, zone: tzinfo | None) -> datetime:
    """``at`` on the clock of ``zone`` (None: UTC, the time every Banquise answer gives)."""
    return at.astimezone(zone) if zone is not None else at


def _date_time(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M:%S")


# ---------------------------------------------------------------- BG Stats: the push link
def push_payload(play: Play, zone: tzinfo | None = None) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": play.title,
        "highestWins": play.highest_wins,
        "noPoints": False,
        "sourceGameId": play.kind,
    }
    if play.bgg_id is not None:
        game["bggId"] = play.bgg_id
    out: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": str(play.game_id),
        "playDate": _date_time(local(play.started_at, zone)),
        "game": game,
        "players": [
            {
                "name": s.name,
                "sourcePlayerId": str(player_uuid(s.handle)),
                "score": s.score,
                "winner": s.rank == 1,
                "startPlayer": s.start,
                "rank": s.rank,
                "seatOrder": s.seat + 1,
            }
            for s in play.seats
        ],
    }
    if play.duration_min is not None:
        out["durationMin"] = play.duration_min
    if play.location:
        out["location"] = play.location
    return out


def push_link(play: Play, zone: tzinfo | None = None) -> str:
    text = json.dumps(push_payload(play, zone), ensure_ascii=False, separators=(",", ":"))
    return PUSH + quote(text, safe="")


# ---------------------------------------------------------------- BG Stats: the backup file
def newest_first(plays: Iterable[Play]) -> list[Play]:
    """The order of a BG Stats backup's plays (and of BGG's answers): newest first, then by game id."""
    return sorted(plays, key=lambda p: (p.started_at, p.game_id.int), reverse=True)


def bgstats_file(plays: list[Play], me: str | None = None, zone: tzinfo | None = None) -> dict[str, Any]:
    """The plays as a BG Stats backup file, with the players, games and locations they name. ``me``: the
    handle key of the player the backup is of (``userInfo.meRefId``; 0 when none is known or the player
    is not in the file); ``zone``: the clock its dates are written on (None: UTC)."""
    ordered = newest_first(plays)
    # The latest finish among an item's plays: its modification date (the same for the same games).
    stamps: dict[tuple[str, str], datetime] = {}

    def touch(key: tuple[str, str], at: datetime) -> None:
        if key not in stamps or stamps[key] < at:
            stamps[key] = at

    names: dict[str, str] = {}
    kinds: dict[str, Play] = {}
    places: set[str] = set()
    lengths: dict[str, list[int]] = {}
    for play in ordered:
        kinds.setdefault(play.kind, play)
        touch(("game", play.kind), play.finished_at)
        if play.duration_min:
            lengths.setdefault(play.kind, []).append(play.duration_min)
        if play.location:
            places.add(play.location)
            touch(("location", play.location), play.finished_at)
        for s in play.seats:
            # The newest play's spelling of a handle (plays are newest first).
            names.setdefault(s.handle, s.name)
            touch(("player", s.handle), play.finished_at)

    def stamp(key: tuple[str, str]) -> str:
        return _date_time(local(stamps[key], zone))

    # The id rule: each list sorted by its own key, numbered from 1 (docs/guide/exports.md); the players
    # after the anonymous player every backup has (BG Stats makes it; readers count it out).
    handles = sorted(names)
    players = [ANONYMOUS] + [
        {
            "uuid": str(player_uuid(handle)),
            "id": number,
            "name": names[handle],
            "isAnonymous": False,
            "bggUsername": "",
            "modificationDate": stamp(("player", handle)),
        }
        for number, handle in enumerate(handles, start=2)
    ]
    games = [
        _bgstats_game(kinds[kind], number, stamp(("game", kind)), lengths.get(kind, []))
        for number, kind in enumerate(sorted(kinds), start=1)
    ]
    locations = [
        {"uuid": str(location_uuid(name)), "id": number, "name": name, "modificationDate": stamp(("location", name))}
        for number, name in enumerate(sorted(places), start=1)
    ]
    player_ids = {handle: number for number, handle in enumerate(handles, start=2)}
    game_ids = {g["uuid"]: g["id"] for g in games}
    location_ids = {name: number for number, name in enumerate(sorted(places), start=1)}
    return {
        "about": f"Plays exported by {SOURCE}: a file Board Game Stats imports (its backup format).",
        "userInfo": {"meRefId": player_ids.get(me, 0) if me else 0},
        "players": players,
        "locations": locations,
        "games": games,
        "plays": [_bgstats_play(p, game_ids, location_ids, player_ids, zone) for p in ordered],
        "groups": [],
        "tags": [],
        "challenges": [],
    }


# The anonymous player a backup holds (first: id 1), as BG Stats writes it; no play of ours names it.
ANONYMOUS: dict[str, Any] = {
    "uuid": str(uuid5(NAMESPACE, "player:anonymous")),
    "id": 1,
    "name": "Anonymous player",
    "isAnonymous": True,
    "bggUsername": "",
    "modificationDate": "2020-01-01 00:00:00",
}


def _bgstats_play(
    play: Play,
    game_ids: dict[str, int],
    location_ids: dict[str, int],
    player_ids: dict[str, int],
    zone: tzinfo | None,
) -> dict[str, Any]:
    stamp = _date_time(local(play.finished_at, zone))
    out: dict[str, Any] = {
        "uuid": bgstats_play_uuid(play),
        "playDate": _date_time(local(play.started_at, zone)),
        "entryDate": stamp,
        "modificationDate": stamp,
        "durationMin": play.duration_min or 0,
        "gameRefId": game_ids[str(game_uuid(play.kind))],
        "ignored": False,
        "manualWinner": False,
        "rounds": 0,
        "scoringSetting": 0,
        "usesTeams": False,
        "rating": 0,
        "bggId": 0,
        "importPlayId": 0,
        "nemestatsId": 0,
        "playImages": "[]",
        "expansionPlays": [],
        "comments": f"{SOURCE} game {play.game_id}",
        "playerScores": [
            {
                "playerRefId": player_ids[s.handle],
                "score": str(s.score),
                "winner": s.rank == 1,
                "newPlayer": False,
                "startPlayer": s.start,
                "rank": s.rank,
                "seatOrder": s.seat + 1,
                "team": "0",
            }
            for s in play.seats
        ],
    }
    # A real backup has no location reference on a play without a place (not a 0).
    if play.location:
        out["locationRefId"] = location_ids[play.location]
    return out


def _bgstats_game(play: Play, number: int, stamp: str, lengths: list[int]) -> dict[str, Any]:
    fewest, most = play.player_counts
    return {
        "uuid": str(game_uuid(play.kind)),
        "id": number,
        "name": play.title,
        "bggName": play.title,
        "bggId": play.bgg_id or 0,  # 0: no BGG id, as a backup writes it
        "bggYear": 0,
        "highestWins": play.highest_wins,
        "cooperative": False,
        "noPoints": False,
        "usesTeams": False,
        "isBaseGame": 1,
        "isExpansion": 0,
        "minPlayerCount": fewest,
        "maxPlayerCount": most,
        # The box's play time is not known here: the shortest and longest of the file's plays.
        "minPlayTime": min(lengths, default=0),
        "maxPlayTime": max(lengths, default=0),
        "minAge": 0,
        "rating": 0,
        "designers": "",
        "urlImage": "",
        "urlThumb": "",
        "preferredImage": 0,
        "copies": [],
        "tags": [],
        "modificationDate": stamp,
    }


# ---------------------------------------------------------------- BoardGameGeek: plays XML
def bgg_plays(plays: list[Play], me: str | None = None, zone: tzinfo | None = None) -> bytes:
    """BGG's plays answer (newest first): ``me`` is the name of the player the plays are of (BGG's
    ``username``; empty when none)."""
    root = ElementTree.Element(
        "plays",
        {"username": me or "", "userid": "0", "total": str(len(plays)), "page": "1", "termsofuse": BGG_TERMS},
    )
    for play in newest_first(plays):
        root.append(_bgg_play(play, zone))
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def _bgg_play(play: Play, zone: tzinfo | None) -> ElementTree.Element:
    node = ElementTree.Element(
        "play",
        {
            "id": str(bgg_play_id(play)),
            "date": local(play.started_at, zone).strftime("%Y-%m-%d"),
            "quantity": "1",
            "length": str(play.duration_min or 0),
            "incomplete": "0",
            "nowinstats": "0",
            "location": play.location or "",
        },
    )
    item = {"name": play.title, "objecttype": "thing", "objectid": str(play.bgg_id or 0)}
    subtypes = ElementTree.SubElement(ElementTree.SubElement(node, "item", item), "subtypes")
    ElementTree.SubElement(subtypes, "subtype", {"value": "boardgame"})
    ElementTree.SubElement(node, "comments").text = f"{SOURCE} game {play.game_id}"
    players = ElementTree.SubElement(node, "players")
    first = next((s.seat for s in play.seats if s.start), 0)
    for s in play.seats:
        ElementTree.SubElement(
            players,
            "player",
            {
                "username": "",
                "userid": "0",
                "name": s.name,
                # The turn order from the start player, 1 first.
                "startposition": str((s.seat - first) % len(play.seats) + 1),
                "color": "",
                "score": str(s.score),
                "new": "0",
                "rating": "0",
                "win": "1" if s.rank == 1 else "0",
            },
        )
    return node


def end_of(started_at: datetime, duration_min: int | None) -> datetime:
    """An imported play's finish: its start and its length (its start when it has none)."""
    return started_at + timedelta(minutes=duration_min or 0)
