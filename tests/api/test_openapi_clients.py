"""The committed OpenAPI document as client developers use it (issue #25): the linters they run find no
error, and the clients generated from it are complete and typed. The Python client's journey against a
real server is tests/e2e/test_generated_client.py. The tools: ``make client-deps``."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from tests.openapi_tools import DOCUMENT, generate_python_client, npm_tool, run


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return json.loads(DOCUMENT.read_text())  # type: ignore[no-any-return]


def test_redocly_recommended_rules_find_no_error(tmp_path: Path) -> None:
    (tmp_path / "redocly.yaml").write_text("extends:\n  - recommended\n")
    linted = run(npm_tool("redocly"), "lint", DOCUMENT, "--config", tmp_path / "redocly.yaml", cwd=tmp_path)
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "0 errors" in linted.stdout + linted.stderr or "valid" in linted.stdout + linted.stderr


def test_spectral_oas_rules_find_no_error(tmp_path: Path) -> None:
    (tmp_path / ".spectral.yaml").write_text('extends: ["spectral:oas"]\n')
    linted = run(
        npm_tool("spectral"),
        "lint",
        DOCUMENT,
        "--ruleset",
        tmp_path / ".spectral.yaml",
        "--fail-severity",
        "error",
        cwd=tmp_path,
    )
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_no_rule_is_switched_off_and_every_operation_says_its_security(document: dict[str, Any]) -> None:
    assert not (DOCUMENT.parent / "redocly.yaml").exists() and not (DOCUMENT.parent / ".spectral.yaml").exists()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert "security" in operation, (method, path)


# What a TypeScript client writes with the generated types: each line must type-check, and the
# ``@ts-expect-error`` ones must not (a kind told apart by its discriminator, typed answers).
TYPESCRIPT_USE = """\
import type { components, paths } from "./api";

type NewGame = paths["/games"]["post"]["requestBody"]["content"]["application/json"];
type Move = paths["/games/{game_id}/moves"]["post"]["requestBody"]["content"]["application/json"];
type Replay = components["schemas"]["Replay"];
type Summary = components["schemas"]["GameSummary"];
type Legal = paths["/games/{game_id}/legal-moves"]["get"]["responses"]["200"]["content"]["application/json"];

export const game: NewGame = { kind: "arctic", setup: { players: ["Aputsiaq", "Nanook"], seed: 42 } };
export const move: Move = { move: { type: "PlaceCard", seat: 0, card: "d2-walrus-3" } };
// @ts-expect-error an Arctica setup under the Arctic kind
export const mixed: NewGame = { kind: "arctic", setup: { players: ["A", "B"], seed: 1, edition: "demo-1" } };
// @ts-expect-error no such game kind
export const chess: NewGame = { kind: "chess", setup: { players: ["A", "B"] } };
export const winner = (summary: Summary): string | undefined => summary.winners?.[0]?.player;
export const firstType = (legal: Legal): string | undefined => legal.groups[0]?.choices[0]?.move.type;
// A game's own events are told apart by their type; a correction (MovesTakenBack) is the service's.
export const eventType = (replay: Replay): string => {
  const event = replay.event.event;
  return "type" in event ? event.type : event.moves.map((m) => m.move).join(",");
};
"""


def test_the_typescript_client_type_checks(tmp_path: Path) -> None:
    # A property with a default may be left out of a request: not required (openapi-typescript's default
    # makes it so, to type answers).
    made = run(
        npm_tool("openapi-typescript"),
        DOCUMENT,
        "--output",
        tmp_path / "api.ts",
        "--default-non-nullable=false",
        cwd=tmp_path,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    (tmp_path / "use.ts").write_text(TYPESCRIPT_USE)
    checked = run(
        npm_tool("tsc"),
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "es2022",
        "--moduleResolution",
        "bundler",
        "api.ts",
        "use.ts",
        cwd=tmp_path,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def _annotations(module: Path) -> dict[str, str]:
    """A generated model's fields and their annotations, as written."""
    tree = ast.parse(module.read_text())
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef))
    return {
        node.target.id: ast.unparse(node.annotation)
        for node in cls.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


def test_the_python_client_has_every_operation_typed(tmp_path: Path, document: dict[str, Any]) -> None:
    client = generate_python_client(tmp_path / "banquise_client")
    generated = {p.stem for p in (client / "api").glob("*/*.py") if p.stem != "__init__"}
    ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
    assert generated == {_snake(i) for i in ids}
    assert {"append_move", "get_replay_step", "create_game", "import_record", "add_edition"} <= generated
    models = client / "models"
    assert set(_annotations(models / "replay.py")["view"].split(" | ")) == {"ArcticView", "ArcticaView"}
    assert "ArcticGameStarted" in _annotations(models / "event_out.py")["event"]
    assert _annotations(models / "game_summary.py")["winners"] == "list[Seat] | None | Unset"
    legal = (client / "api" / "games" / "list_legal_moves.py").read_text()
    assert "-> LegalMoves" in legal.split("def sync(", 1)[1]
    assert "ArcticPlaceCard" in _annotations(models / "move_choice.py")["move"]
    record = (client / "api" / "games" / "export_record.py").read_text()
    assert "ArcticGameRecord" in record and "ArcticaGameRecord" in record
    # The NDJSON export, read as the bytes it is (no generator reads line-delimited JSON); the imports take a
    # file as their body.
    records = (client / "api" / "exports" / "export_records.py").read_text()
    assert "-> File" in records.split("def sync(", 1)[1].split(":\n", 1)[0] or "File" in records
    assert {"import_bg_stats_backup", "import_bgg_plays"} <= generated
    # No model name longer than a person would write (they become file names).
    assert max(len(p.stem) for p in models.glob("*.py")) < 60


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
