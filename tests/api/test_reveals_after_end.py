"""Issue 23: the reveals a table shows after the end, appended to a finished game over HTTP.

The engine accepts ``RevealCard``/``RevealPileCard`` after ``GameFinished`` (public mode); the API takes
them from the owner's key with If-Match and Idempotency-Key, the game stays finished, no score changes,
and they reach the timeline, the record, the viewer and the live stream. Any other move after the end
keeps its refusal; the projections neither count the game again nor rate it again."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic import moves as mv
from domain.arctic.simulator import simulate, to_public
from service.runtime import Runtime
from tests.helpers import auth, project

Client = TestClient  # type: ignore[type-arg]
NAMES = ["Reva Late", "Tor Late"]


def counted(client: Client) -> list[Any]:
    """What the projections say of the two players (statistics, ratings, games, head-to-head)."""
    out: list[Any] = []
    for handle in ("reva late", "tor late"):
        profile = client.get(f"/players/{handle}").json()
        games = client.get(f"/players/{handle}/games").json()["items"]
        out += [profile, [(g["game_id"], g.get("rank"), g.get("rating")) for g in games]]
    out.append(client.get("/players/reva late/versus/tor late").json())
    return out


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str, runtime: Runtime) -> dict[str, Any]:
    """A public game imported as recorded at the table (finished, hidden cards unnamed), projected; and
    the reveals the table shows after the end."""
    full = simulate(2, 233)
    public, shown = to_public(full), to_public(full, shown_at_end=True)
    reveals = shown.moves[len(public.moves) :]
    assert reveals and all(isinstance(m, mv.RevealCard | mv.RevealPileCard) for m in reveals)
    setup = msgspec.to_builtins(public.setup)
    setup["players"] = NAMES
    body = {"format": "banquise-record", "version": 1, "kind": "arctic", "setup": setup,
            "moves": [{"move": msgspec.to_builtins(m)} for m in public.moves]}  # fmt: skip
    made = client.post("/games/import", json=body, headers=auth(api_key))
    assert made.status_code == 201 and made.json()["status"] == "finished", made.text
    project(runtime)
    return {**made.json(), "reveals": [msgspec.to_builtins(m) for m in reveals], "moves": len(public.moves)}


def test_reveals_are_appended_after_the_end(
    client: Client, api_key: str, other_key: str, runtime: Runtime, finished: dict[str, Any]
) -> None:
    gid, version, reveals = finished["id"], finished["version"], finished["reveals"]
    before = client.get(f"/games/{gid}").json()
    counts = counted(client)
    stats = client.get(f"/games/{gid}/stats").json()
    # the finished game's row and last replay block are held in memory (as other processes may hold them)
    assert client.get(f"/games/{gid}/replay/{version}").status_code == 200
    held = runtime.games.replays.cache.finished_row(UUID(gid))
    assert held is not None and held.version == version
    blocks = runtime.games.replays.cache
    index = blocks.block_of(version)
    block = blocks.get(UUID(gid), index)
    assert block is not None
    # only the owner's key; a stale If-Match is a conflict
    other = client.post(f"/games/{gid}/moves", json={"move": reveals[0]}, headers=auth(other_key))
    assert other.status_code == 403, other.text
    stale = client.post(
        f"/games/{gid}/moves", json={"move": reveals[0]}, headers=auth(api_key, **{"If-Match": f'"{version - 1}"'})
    )
    assert stale.status_code == 409 and stale.json()["code"] == "version_conflict", stale.text
    # when the owner appends the first reveal at the game's version, with an Idempotency-Key
    headers = auth(api_key, **{"If-Match": f'"{version}"', "Idempotency-Key": "late-reveal-1"})
    first = client.post(f"/games/{gid}/moves", json={"move": reveals[0]}, headers=headers)
    assert first.status_code == 201, first.text
    assert first.json()["status"] == "finished" and first.json()["version"] == version + 1
    assert first.json()["move"] == finished["moves"]
    assert [e["type"] for e in first.json()["events"]] in (["CardRevealed"], ["PileCardRevealed"])
    # the same request again is answered from its key, nothing stored twice
    again = client.post(f"/games/{gid}/moves", json={"move": reveals[0]}, headers=headers)
    assert again.status_code == first.status_code and again.json() == first.json()
    for move in reveals[1:]:
        assert client.post(f"/games/{gid}/moves", json={"move": move}, headers=auth(api_key)).status_code == 201
    end = version + len(reveals)
    after = client.get(f"/games/{gid}").json()
    assert after["status"] == "finished" and after["version"] == end
    assert after.get("results") == before.get("results")  # no score changes
    # nothing else is accepted after the end
    for move in ({"type": "RevealTotem", "seat": 0, "animal": "fox"}, {"type": "EndStep", "seat": 0}):
        late = client.post(f"/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
        assert late.status_code == 409 and late.json()["code"] == "game_finished", late.text
    shown = client.post(f"/games/{gid}/moves", json={"move": reveals[0]}, headers=auth(api_key))
    assert shown.status_code == 422, shown.text  # that card is known now
    assert client.get(f"/games/{gid}").json()["version"] == end
    # the record, the timeline, the viewer and the live stream carry them
    record = client.get(f"/games/{gid}/record").json()
    assert [m["move"] for m in record["moves"][finished["moves"] :]] == reveals
    timeline = client.get(f"/games/{gid}/timeline").json()
    entries = timeline["entries"] if isinstance(timeline, dict) else timeline
    assert any("reveal" in str(e).lower() or "shows" in str(e).lower() for e in entries[-len(reveals) :])
    assert runtime.games.replays.cache.finished_row(UUID(gid)) is None  # this process let its copy go
    last = client.get(f"/games/{gid}/replay/{end}")
    assert last.status_code == 200, last.text
    # another process still holding the row and block of before reads them again for the new steps
    blocks.forget(UUID(gid))
    blocks.keep_row(held)
    blocks.put(UUID(gid), index, block)
    assert client.get(f"/games/{gid}/replay/{end}").json() == last.json()
    assert client.get(f"/games/{gid}/replay/{version}").status_code == 200
    assert getattr(blocks.finished_row(UUID(gid)), "version", None) == end
    assert blocks.get(UUID(gid), index) is not block  # the block of before was let go
    for step in range(version - 3, end + 1):  # every step of the last block, the held ones too
        assert client.get(f"/games/{gid}/replay/{step}").status_code == 200
    assert client.get(f"/games/{gid}/watch", params={"step": end}).status_code == 200
    stream = client.get(f"/games/{gid}/live", params={"after": version, "follow": "false"})
    ids = [int(line[3:]) for line in stream.text.splitlines() if line.startswith("id:")]
    assert ids == list(range(version + 1, end + 1))
    # the projections count the game once and rate it once
    project(runtime)
    assert counted(client) == counts
    now = client.get(f"/games/{gid}/stats").json()
    # the game's statistics stay those of its finish; only its event count (and, for a game recorded
    # without any play time, when its last event was recorded) follow the reveals
    moving = {"events", "finished_at", "ended_at", "duration_seconds", "table"}
    assert {k: v for k, v in now.items() if k not in moving} == {k: v for k, v in stats.items() if k not in moving}
    assert now["events"] == end and now["players_stats"] == stats["players_stats"]
    table = [t for t in now["table"] if t["name"] != "events"]
    assert table == [t for t in stats["table"] if t["name"] != "events"]
    board = client.get(f"/games/{gid}/board")
    assert board.status_code == 200, board.text


def test_simulated_public_records_carry_the_reveals_after_the_end(client: Client, api_key: str) -> None:
    from service.cli.commands.simulate import simulated_record

    body = simulated_record("arctic", 2, 234, mode="public", names=["Sim Late A", "Sim Late B"])
    types = [m["move"]["type"] for m in body["moves"]]
    last_totem = max(i for i, t in enumerate(types) if t == "RevealTotem")
    shown = types[last_totem + 1 :]
    assert shown and set(shown) <= {"RevealCard", "RevealPileCard"}
    made = client.post("/games/import", json=body, headers=auth(api_key))
    assert made.status_code == 201 and made.json()["status"] == "finished", made.text
    # every card the simulator knows is named in the record: nothing hidden is left on the board
    step = f"/games/{made.json()['id']}/replay/{made.json()['version']}"
    players = client.get(step, params={"perspective": "omniscient"}).json()["view"]["players"]
    assert any(p["hand"] or p["penalty"] for p in players)
    for p in players:  # a finished game: every seat's cards are shown, and none is unknown
        assert None not in p["hand"] and None not in p["penalty"], p
        assert None not in p["pile"] and len(p["hand"]) == p["hand_count"]
