"""Play files as the apps write them, made here: a BG Stats backup and BGG's plays answer.

The BG Stats backup has the shape of a published real one (the sample of a public BG Stats tool, read
while writing this; none of its content is copied): top-level ``groups``, ``userInfo``, ``players``,
``locations``, ``games``, ``plays``, ``tags``, ``challenges``; ids dense from 1 in list order; an
"Anonymous player"; upper-case uuids; plays newest first; scores as text, some empty, some sums
("-10+7+22"); ``rank`` and ``seatOrder`` 0 (not set) with ``winner`` flags; games of other titles with
their BGG ids; JSON text in ``metaData``; fields the import does not read (``copies``, ``playImages``...).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree

ARCTIC_BGG = 420214


@dataclass
class Seat:
    name: str
    score: str
    winner: bool = False
    start: bool = False
    rank: int = 0


@dataclass
class FilePlay:
    game: str  # "Arctic", "Arctica", or another title
    date: str  # "YYYY-MM-DD HH:MM:SS"
    seats: list[Seat]
    duration: int = 30
    location: str | None = "Igloo"
    ignored: bool = False
    play_id: str = field(default_factory=lambda: str(uuid.uuid4()).upper())
    comments: str = ""


GAMES = {"Arctic": ARCTIC_BGG, "Arctica": 0, "Arboretum": 140934, "Azul": 230802}


def _uid(text: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, text)).upper()


def bgstats_backup(plays: list[FilePlay], me: str = "Aputsiaq") -> dict[str, Any]:
    players: dict[str, dict[str, Any]] = {
        "Anonymous player": {
            "id": 1,
            "isAnonymous": True,
            "modificationDate": "2020-07-28 20:23:06",
            "name": "Anonymous player",
            "uuid": _uid("anon"),
        }
    }
    for name in [me, *(s.name for p in plays for s in p.seats)]:
        if name not in players:
            players[name] = {
                "id": len(players) + 1,
                "isAnonymous": False,
                "modificationDate": "2021-01-09 18:05:21",
                "name": name,
                "uuid": _uid("player:" + name),
                "bggUsername": "",
                "tags": [],
            }
    games = [
        {
            "id": i,
            "uuid": _uid("game:" + title),
            "name": title,
            "bggName": title,
            "bggId": bgg,
            "bggYear": 2019,
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
            "usesTeams": False,
            "minPlayerCount": 2,
            "maxPlayerCount": 5,
            "minPlayTime": 20,
            "maxPlayTime": 40,
            "isBaseGame": 1,
            "isExpansion": 0,
            "copies": [],
            "metaData": '{"CollectionHistory":{}}',
            "modificationDate": "2022-10-25 16:48:25",
        }
        for i, (title, bgg) in enumerate(GAMES.items(), start=1)
    ]
    places = sorted({p.location for p in plays if p.location})
    locations = [
        {"id": i, "name": name, "uuid": _uid("place:" + name), "modificationDate": "2022-01-09 18:05:21"}
        for i, name in enumerate(places, start=1)
    ]
    game_ids = {g["name"]: g["id"] for g in games}
    place_ids = {loc["name"]: loc["id"] for loc in locations}
    out_plays = []
    for p in sorted(plays, key=lambda p: p.date, reverse=True):
        play: dict[str, Any] = {
            "uuid": p.play_id,
            "ignored": p.ignored,
            "rating": 0,
            "scoringSetting": 0,
            "playerScores": [
                {
                    "winner": s.winner,
                    "seatOrder": 0,
                    "score": s.score,
                    "startPlayer": s.start,
                    "playerRefId": players[s.name]["id"],
                    "rank": s.rank,
                    "team": "0",
                    "newPlayer": False,
                }
                for s in p.seats
            ],
            "modificationDate": p.date,
            "playDate": p.date,
            "manualWinner": False,
            "rounds": 0,
            "usesTeams": False,
            "bggId": 0,
            "entryDate": p.date,
            "playImages": "[]",
            "importPlayId": 0,
            "durationMin": p.duration,
            "expansionPlays": [],
            "nemestatsId": 0,
            "gameRefId": game_ids[p.game],
            "comments": p.comments,
            "metaData": '{"rating":0}',
        }
        if p.location:
            play["locationRefId"] = place_ids[p.location]
        out_plays.append(play)
    return {
        "groups": [{"uuid": _uid("group"), "name": "Preordered", "type": "Collection", "metaData": "{}"}],
        "userInfo": {"meRefId": players[me]["id"]},
        "players": list(players.values()),
        "locations": locations,
        "games": games,
        "plays": out_plays,
        "tags": [],
        "challenges": [],
    }


def bgg_plays(plays: list[FilePlay], username: str = "aputsiaq") -> bytes:
    """BGG's XML API 2 plays answer, with the play ids given (digits)."""
    root = ElementTree.Element(
        "plays",
        {
            "username": username,
            "userid": "921579",
            "total": str(len(plays)),
            "page": "1",
            "termsofuse": "https://boardgamegeek.com/xmlapi/termsofuse",
        },
    )
    for p in sorted(plays, key=lambda p: p.date, reverse=True):
        node = ElementTree.SubElement(
            root,
            "play",
            {
                "id": p.play_id,
                "date": p.date[:10],
                "quantity": "1",
                "length": str(p.duration),
                "incomplete": "0",
                "nowinstats": "1" if p.ignored else "0",
                "location": p.location or "",
            },
        )
        item = ElementTree.SubElement(
            node, "item", {"name": p.game, "objecttype": "thing", "objectid": str(GAMES.get(p.game, 1))}
        )
        ElementTree.SubElement(ElementTree.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        if p.comments:
            ElementTree.SubElement(node, "comments").text = p.comments
        players = ElementTree.SubElement(node, "players")
        for i, s in enumerate(p.seats, start=1):
            ElementTree.SubElement(
                players,
                "player",
                {
                    "username": "",
                    "userid": "0",
                    "name": s.name,
                    "startposition": str(i),
                    "color": "",
                    "score": s.score,
                    "new": "0",
                    "rating": "0",
                    "win": "1" if s.winner else "0",
                },
            )
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
