"""Reads a BGG plays file with the ``bgg-api`` library's own loaders (``boardgamegeek.loaders.plays``: what
``BGGClient.plays`` does with BGG's answer, without the network) and prints what it read as JSON."""

from __future__ import annotations

import json
import sys
from xml.etree import ElementTree

from boardgamegeek.loaders.plays import add_plays_from_xml, create_plays_from_xml


def main(path: str) -> None:
    root = ElementTree.parse(path).getroot()
    plays = create_plays_from_xml(root)
    add_plays_from_xml(plays, root)
    print(
        json.dumps(
            {
                "username": plays.username,
                "user_id": plays.user_id,
                "count": plays.plays_count,
                "plays": [
                    {
                        "id": p.id,
                        "date": p.date.strftime("%Y-%m-%d") if p.date else None,
                        "duration": p.duration,
                        "game_id": p.game_id,
                        "game_name": p.game_name,
                        "comment": p.comment,
                        "players": [
                            {"name": q.name, "score": q.score, "win": q.win, "startposition": q.startposition}
                            for q in p.players
                        ],
                    }
                    for p in plays.plays
                ],
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
