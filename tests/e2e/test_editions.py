"""A club's Arctica edition through the CLI and real server processes: validated, added, listed, shown,
then a table game recorded on it across a server restart."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import httpx
import msgspec
import pytest

from domain.arctica import RULES, editions
from domain.arctica.edition import canonical_json, fingerprint
from domain.arctica.simulator import simulate, table_record
from service.base.settings import Settings
from service.cli.commands import editions as commands
from tests.domain.arctica.support import club_edition
from tests.e2e.server import banquise, serving
from tests.helpers import web

pytestmark = pytest.mark.e2e

CLUB = club_edition("club-e2e", "1")


def test_an_edition_added_with_the_cli_records_a_game_across_a_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    file = tmp_path / "club.json"
    file.write_text(json.dumps(json.loads(canonical_json(CLUB)), indent=2))
    broken = tmp_path / "broken.json"
    doc = json.loads(canonical_json(CLUB))
    doc["action_spaces"][0]["sectors"] = [0, 7]
    broken.write_text(json.dumps(doc))

    # ``validate`` needs no database: run in this process.
    def validate(path: Path) -> int:
        args = argparse.Namespace(editions_command="validate", file=path, kind=None)
        return commands.run(args, Settings())

    assert validate(file) == 0
    assert fingerprint(CLUB) in capsys.readouterr().out
    assert validate(broken) == 1
    assert "above 3" in capsys.readouterr().err

    added = banquise(data, "editions", "add", str(file))
    assert added.returncode == 0, added.stderr
    assert added.stdout.split("\t")[:5] == ["arctica", "club-e2e", "1", "stored", fingerprint(CLUB)]
    listed = banquise(data, "editions", "list")
    assert [line.split("\t")[1] for line in listed.stdout.splitlines()] == [*editions.PACKAGED, "club-e2e"]
    shown = banquise(data, "editions", "show", "club-e2e")
    assert json.loads(shown.stdout) == json.loads(msgspec.json.encode(CLUB))
    token = banquise(data, "keys", "create", "--name", "club recorder").stdout.strip()
    headers = {"authorization": f"Bearer {token}"}

    editions.register(CLUB)  # this test process computes the expected game itself
    game = simulate(2, 33, CLUB)
    setup, moves = table_record(game)
    expected = RULES.fold(RULES.start(setup))
    for move in moves:
        expected = RULES.fold(RULES.decide(expected, move), expected)
    half = len(moves) // 2

    def record(base: str, game_id: str, batch: list[object]) -> None:
        etag = web.get(f"{base}/games/{game_id}").headers["etag"]
        with httpx.Client(base_url=base, headers=headers) as http:
            for move in batch:
                response = http.post(
                    f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move)}, headers={"If-Match": etag}
                )
                assert response.status_code == 201, response.text
                etag = response.headers["etag"]

    with serving(data) as base:
        assert any(e["id"] == "club-e2e" for e in web.get(f"{base}/editions").json())
        created = web.post(
            f"{base}/games", json={"kind": "arctica", "setup": msgspec.to_builtins(setup)}, headers=headers
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        record(base, game_id, list(moves[:half]))
    with serving(data) as base:  # a new process: the edition comes back from the database
        record(base, game_id, list(moves[half:]))
        summary = web.get(f"{base}/games/{game_id}").json()
    assert summary["status"] == "finished"
    assert [r["total"] for r in summary["results"]] == [r.total for r in RULES.results(expected)]
