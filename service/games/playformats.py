"""A finished game as the play-logging apps take it: BG Stats (its push link and its JSON backup file) and
BoardGameGeek (its plays XML). Pure functions of :class:`Play`; nothing here calls any app.

What was confirmed, and what was inferred (the apps publish no schema):

* BG Stats' push link is ``https://app.bgstatsapp.com/createPlay.html?data=`` followed by the
  URL-encoded JSON of one play, as the apps that push plays to it build it: ``sourceName``,
  ``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``durationMin``, ``location``, ``game``
  (``name``, ``bggId``, ``highestWins``, ``noPoints``, ``sourceGameId``: the game's own id in the
  source app) and ``players`` (``name``, ``sourcePlayerId``, ``score``, ``winner``, ``startPlayer``,
  ``rank``, ``seatOrder``).
* BG Stats' backup file holds ``players`` (``uuid``, ``id``, ``name``, ``isAnonymous``,
  ``bggUsername``, ``modificationDate``), ``locations`` (``uuid``, ``id``, ``name``,
  ``modificationDate``), ``games`` (``uuid``, ``id``, ``name``, ``bggId``, ``highestWins``,
  ``cooperative``, ``noPoints``, ``modificationDate``) and ``plays`` (``uuid``, ``playDate``,
  ``durationMin``, ``gameRefId``, ``locationRefId``, ``ignored``, ``manualWinner``, ``rounds``,
  ``scoringSetting``, ``usesTeams``, ``entryDate``, ``modificationDate``, ``playerScores``:
  ``playerRefId``, ``score`` (a string), ``winner``, ``newPlayer``, ``startPlayer``, ``rank``,
  ``seatOrder``) — confirmed from published backups and the readers written for them, not from a
  specification. That BG Stats matches an imported item to one it has by its ``uuid`` is inferred;
  the integer ``id``s are derived from the same uuids, so both are the same on every export.
* BGG's plays XML (``<plays><play date length incomplete nowinstats location quantity>``, its
  ``<item name objecttype objectid>`` and ``<players><player username userid name startposition color
  score new rating win>``) is the format of BGG's XML API 2 ``plays`` answers. A play's BGG ``id`` is
  BGG's to give, so none is written; the Banquise game is named in ``<comments>``.

Every id is a UUIDv5 under :data:`NAMESPACE`, of a Banquise permanent id (a game's uuid, a handle's key,
a kind, a location's name): the same games exported twice give the same ids, and an app that matches on
them imports nothing twice.
"""

from __future__ import annotations

import json
import math
from datetime import datetime
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


def play_uuid(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE, f"play:{game_id}")


def player_uuid(handle: str) -> UUID:
    return uuid5(NAMESPACE, f"player:{handle}")


def game_uuid(kind: str) -> UUID:
    return uuid5(NAMESPACE, f"game:{kind}")


def location_uuid(name: str) -> UUID:
    return uuid5(NAMESPACE, f"location:{name}")


def small_id(uuid: UUID) -> int:
    """BG Stats' integer id of an item (31 bits of its uuid: the same on every export)."""
    return uuid.int >> 97


def minutes(started_at: datetime, finished_at: datetime) -> int:
    return max(0, math.ceil((finished_at - started_at).total_seconds() / 60))


def _date_time(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M:%S")


# ---------------------------------------------------------------- BG Stats: the push link
def push_payload(play: Play) -> dict[str, Any]:
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
        "playDate": _date_time(play.started_at),
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


def push_link(play: Play) -> str:
    text = json.dumps(push_payload(play), ensure_ascii=False, separators=(",", ":"))
    return PUSH + quote(text, safe="")


# ---------------------------------------------------------------- BG Stats: the backup file
def bgstats_file(plays: list[Play]) -> dict[str, Any]:
    """The plays as a BG Stats backup file, with the players, games and locations they name."""
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    out_plays: list[dict[str, Any]] = []
    for play in sorted(plays, key=lambda p: (p.started_at, p.game_id)):
        stamp = _date_time(play.finished_at)
        game = games.setdefault(play.kind, _bgstats_game(play, stamp))
        location = None
        if play.location:
            location = locations.setdefault(play.location, _item(location_uuid(play.location), play.location, stamp))
        scores = []
        for s in play.seats:
            player = players.setdefault(s.handle, _item(player_uuid(s.handle), s.name, stamp))
            player.update(isAnonymous=False, bggUsername="")
            scores.append(
                {
                    "playerRefId": player["id"],
                    "score": str(s.score),
                    "winner": s.rank == 1,
                    "newPlayer": False,
                    "startPlayer": s.start,
                    "rank": s.rank,
                    "seatOrder": s.seat + 1,
                }
            )
        out_plays.append(
            {
                "uuid": str(play_uuid(play.game_id)),
                "playDate": _date_time(play.started_at),
                "durationMin": play.duration_min or 0,
                "gameRefId": game["id"],
                "locationRefId": location["id"] if location else 0,
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "scoringSetting": 0,
                "usesTeams": False,
                "entryDate": stamp,
                "modificationDate": stamp,
                "comments": f"{SOURCE} game {play.game_id}",
                "playerScores": scores,
            }
        )
    return {
        "about": f"Plays exported by {SOURCE}: a file Board Game Stats imports (its backup format).",
        "players": list(players.values()),
        "locations": list(locations.values()),
        "games": list(games.values()),
        "plays": out_plays,
    }


def _item(uuid: UUID, name: str, stamp: str) -> dict[str, Any]:
    return {"uuid": str(uuid), "id": small_id(uuid), "name": name, "modificationDate": stamp}


def _bgstats_game(play: Play, stamp: str) -> dict[str, Any]:
    game = _item(game_uuid(play.kind), play.title, stamp)
    game.update(highestWins=play.highest_wins, cooperative=False, noPoints=False)
    if play.bgg_id is not None:
        game["bggId"] = play.bgg_id
    return game


# ---------------------------------------------------------------- BoardGameGeek: plays XML
def bgg_plays(plays: list[Play]) -> bytes:
    root = ElementTree.Element("plays", {"total": str(len(plays))})
    for play in sorted(plays, key=lambda p: (p.started_at, p.game_id)):
        root.append(_bgg_play(play))
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def _bgg_play(play: Play) -> ElementTree.Element:
    node = ElementTree.Element(
        "play",
        {
            "date": play.started_at.strftime("%Y-%m-%d"),
            "quantity": "1",
            "length": str(play.duration_min or 0),
            "incomplete": "0",
            "nowinstats": "0",
            "location": play.location or "",
        },
    )
    item = {"name": play.title, "objecttype": "thing"}
    if play.bgg_id is not None:
        item["objectid"] = str(play.bgg_id)
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
