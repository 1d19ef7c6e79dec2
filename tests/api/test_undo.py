"""Taking back moves (``POST /games/{id}/undo``): a correction event; the game goes on from before them.

Each test records a simulated game through the API move by move, takes moves back, and compares the
game with the same game recorded directly (imported without the mistake): same state hashes, same
scores, same boards and statistics. The log keeps everything (``/events``); the timeline marks what
was taken back; replays and projections follow the corrected line.
"""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain import arctic, arctica
from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from domain.game import GameRules, decide_and_evolve, state_hash
from projections import marks, standard
from service.runtime import Runtime
from tests.helpers import auth, project

Client = TestClient  # type: ignore[type-arg]
SIMULATE = {"arctic": simulate_arctic, "arctica": simulate_arctica}
RULES: dict[str, GameRules] = {"arctic": arctic.RULES, "arctica": arctica.RULES}


class Table:
    """One simulated game recorded move by move through the API by its owner."""

    def __init__(self, client: Client, token: str, kind: str, players: int, seed: int) -> None:
        self.client, self.token, self.kind = client, token, kind
        game = SIMULATE[kind](players, seed)
        self.setup = msgspec.to_builtins(game.setup)
        self.moves: list[Any] = list(game.moves)
        created = client.post("/games", json={"kind": kind, "setup": self.setup}, headers=auth(token))
        assert created.status_code == 201, created.text
        self.id: str = created.json()["id"]
        self.version: int = created.json()["version"]
        self.position = int(created.headers["x-banquise-position"])

    def play(self, move: Any) -> dict[str, Any]:
        body = {"move": msgspec.to_builtins(move)}
        response = self.client.post(f"/games/{self.id}/moves", json=body, headers=auth(self.token, self.version))
        assert response.status_code == 201, response.text
        self.version = response.json()["version"]
        self.position = int(response.headers["x-banquise-position"])
        return dict(response.json())

    def undo(self, k: int | None = None, **extra: Any) -> dict[str, Any]:
        body = {} if k is None else {"moves": k}
        response = self.client.post(
            f"/games/{self.id}/undo", json={**body, **extra}, headers=auth(self.token, self.version)
        )
        assert response.status_code == 200, response.text
        self.version = response.json()["version"]
        self.position = int(response.headers["x-banquise-position"])
        return dict(response.json())

    def grow(self, events: int, move: Any) -> None:
        """The game's stream grown to at least ``events`` steps by playing ``move`` and taking it back, again
        and again: a long history on a short line (a move of many events grows it fastest)."""
        while self.version < events:
            self.play(move)
            self.undo(1)

    def hash(self) -> str:
        """The engine's state hash now (the owner's omniscient replay of the last step)."""
        replay = self.client.get(
            f"/games/{self.id}/replay/{self.version}", params={"perspective": "omniscient"}, headers=auth(self.token)
        )
        assert replay.status_code == 200, replay.text
        return str(replay.json()["state_hash"])

    def summary(self) -> dict[str, Any]:
        return dict(self.client.get(f"/games/{self.id}", headers=auth(self.token)).json())


def direct(client: Client, token: str, kind: str, setup: Any, moves: list[Any]) -> tuple[str, int]:
    """The corrected game recorded directly (one import): its id and version."""
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in moves],
    }
    response = client.post("/games/import", json=record, headers=auth(token))
    assert response.status_code == 201, response.text
    return response.json()["id"], response.json()["version"]


def engine_hash(kind: str, setup: Any, moves: list[Any]) -> str:
    rules = RULES[kind]
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    for move in moves:
        _, state = decide_and_evolve(rules, state, move)
    return state_hash(state)


def a_mistake(kind: str, setup: Any, moves: list[Any], at: int) -> Any:
    """A legal move at ``at`` that is not the one the game plays there (what the table mis-recorded)."""
    rules = RULES[kind]
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    for move in moves[:at]:
        _, state = decide_and_evolve(rules, state, move)
    other = [m for m in rules.legal_moves(state) if m != moves[at]]
    assert other, f"no other legal move at {at}"
    return other[len(other) // 2]


def turn_starts(kind: str, setup: Any, moves: list[Any]) -> list[int]:
    """The indexes of the moves whose events start a turn."""
    rules = RULES[kind]
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    out = []
    for i, move in enumerate(moves):
        events, state = decide_and_evolve(rules, state, move)
        if any(rules.is_turn_start(e) for e in events):
            out.append(i)
    return out


# Arctic events that take cards from the seeded draw pile (the chance of a full-mode game).
DRAWS = {"PenaltyCardDrawn", "RiverRefilled"}


def draws(kind: str, setup: Any, moves: list[Any]) -> list[int]:
    """The indexes of the moves that draw from the pile (after the first turn)."""
    rules = RULES[kind]
    state = rules.fold(rules.start(msgspec.convert(setup, rules.setup_type)))
    out = []
    for i, move in enumerate(moves):
        events, state = decide_and_evolve(rules, state, move)
        if i > 2 and any(type(e).__name__ in DRAWS for e in events):
            out.append(i)
    return out


def boards(runtime: Runtime, game_ids: list[str]) -> dict[str, tuple[Any, ...]]:
    """Each game's board and summary as the projections hold them (what a correction must follow)."""
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT b.game_id::text, b.state, b.view, b.results, b.status, s.turns, s.scores FROM game_boards b "
            "JOIN game_summaries s USING (game_id) WHERE b.game_id = ANY(%s::uuid[])",
            (game_ids,),
        ).fetchall()
    return {r[0]: tuple(r[1:]) for r in rows}


def test_undo_across_a_turn_boundary_goes_back_to_the_turn_before(client: Client, api_key: str) -> None:
    # given an Arctic game whose last two moves straddle the start of a turn
    table = Table(client, api_key, "arctic", 2, 1301)
    starts = [i for i in turn_starts("arctic", table.setup, table.moves) if i >= 4]
    j = starts[0]
    for move in table.moves[: j + 2]:
        table.play(move)
    before_turn = table.summary()
    assert before_turn["moves"] == j + 2
    # when the owner takes back the two
    undone = table.undo(2, reason="wrong seat")
    # then the game is where it was before the turn started, as if recorded without them
    assert undone["moves"] == j and [m["number"] for m in undone["taken_back"]] == [j + 1, j + 2]
    assert undone["state_hash"] == engine_hash("arctic", table.setup, table.moves[:j])
    assert table.hash() == undone["state_hash"]
    summary = table.summary()
    direct_id, _ = direct(client, api_key, "arctic", table.setup, table.moves[:j])
    expected = client.get(f"/games/{direct_id}", headers=auth(api_key)).json()
    assert summary["moves"] == j and summary["version"] == table.version
    assert (summary["turn"], summary["phase"], summary["results"]) == (
        expected["turn"],
        expected["phase"],
        expected["results"],
    )
    # and the game goes on: the next move gets the first taken-back index
    again = table.play(table.moves[j])
    assert again["move"] == j


def test_undo_after_a_draw_then_the_same_draw_draws_the_same_card(client: Client, api_key: str) -> None:
    # given an Arctic full-mode game (seeded: the deck order is the seed's) just after a draw
    table = Table(client, api_key, "arctic", 2, 1302)
    j = draws("arctic", table.setup, table.moves)[0]
    for move in table.moves[:j]:
        table.play(move)
    drawn = table.play(table.moves[j])
    assert any(e["type"] in DRAWS for e in drawn["events"])
    # when the draw is taken back and the same draw recorded again
    table.undo()
    redrawn = table.play(table.moves[j])
    # then the same card comes (the deck holds it again), and the game is the game without the undo
    assert [e["event"] for e in redrawn["events"]] == [e["event"] for e in drawn["events"]]
    assert redrawn["move"] == drawn["move"] == j
    assert table.hash() == engine_hash("arctic", table.setup, table.moves[: j + 1])


@pytest.mark.parametrize(("kind", "players", "seed"), [("arctic", 3, 1303), ("arctica", 3, 1304)])
def test_undo_then_play_on_to_the_end_is_the_corrected_game(
    client: Client, api_key: str, runtime: Runtime, kind: str, players: int, seed: int
) -> None:
    # given a game where the table recorded a wrong move, then one more, and the projections saw them
    table = Table(client, api_key, kind, players, seed)
    m = len(table.moves) // 3
    for move in table.moves[:m]:
        table.play(move)
    mistake = a_mistake(kind, table.setup, table.moves, m)
    table.play(mistake)
    project(runtime)
    # when it takes the mistake back and records the game to its end
    assert table.undo(1)["moves"] == m
    for move in table.moves[m:]:
        table.play(move)
    project(runtime)
    # then it is the game recorded directly: final state, scores, board, statistics
    direct_id, _ = direct(client, api_key, kind, table.setup, table.moves)
    project(runtime)
    mine, theirs = table.summary(), client.get(f"/games/{direct_id}").json()
    assert mine["status"] == theirs["status"] == "finished"
    assert mine["results"] == theirs["results"] and mine["winners"] == theirs["winners"]
    assert mine["moves"] == theirs["moves"] == len(table.moves)
    assert table.hash() == engine_hash(kind, table.setup, table.moves)
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        boards = conn.execute(
            "SELECT game_id::text, state, view, results, status FROM game_boards WHERE game_id = ANY(%s::uuid[])",
            ([table.id, direct_id],),
        ).fetchall()
        by_id = {b[0]: b[1:] for b in boards}
        assert by_id[table.id] == by_id[direct_id]
        summaries = conn.execute(
            "SELECT game_id::text, winners, scores, turns, status FROM game_summaries WHERE game_id = ANY(%s::uuid[])",
            ([table.id, direct_id],),
        ).fetchall()
        by_id = {s[0]: s[1:] for s in summaries}
        assert by_id[table.id] == by_id[direct_id]
        results = conn.execute(
            "SELECT game_id::text, array_agg(to_jsonb(r) - 'game_id' - 'position' - 'finished_at' "
            "ORDER BY r.seat) FROM player_results r WHERE game_id = ANY(%s::uuid[]) GROUP BY 1",
            ([table.id, direct_id],),
        ).fetchall()
        by_id = {r[0]: r[1] for r in results}
        assert by_id[table.id] == by_id[direct_id]
    stats = [client.get(f"/games/{g}/stats").json() for g in (table.id, direct_id)]
    for s in stats:
        for volatile in (
            "game_id",
            "started_at",
            "ended_at",
            "finished_at",
            "duration_seconds",
            "recorded_at",
            "links",
        ):
            s.pop(volatile, None)
        # the time a game took (recorded move by move, or imported at once) is not the game's line
        s["table"] = [v for v in s["table"] if v["name"] != "duration_seconds"]
    for key in stats[0]:
        assert stats[0][key] == stats[1][key], (key, stats[0][key], stats[1][key])


def test_undo_three_moves_and_the_projection_follows_a_live_game(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    # given a live Arctica game of 8 moves, projected
    table = Table(client, api_key, "arctica", 2, 1305)
    for move in table.moves[:8]:
        table.play(move)
    project(runtime)
    # when the owner takes back 3
    undone = table.undo(3)
    project(runtime)
    # then the summary, board and statistics are those of the game's first 5 moves
    assert undone["moves"] == 5 and [m["number"] for m in undone["taken_back"]] == [6, 7, 8]
    assert table.summary()["moves"] == 5
    direct_id, _ = direct(client, api_key, "arctica", table.setup, table.moves[:5])
    project(runtime)
    by_id = boards(runtime, [table.id, direct_id])
    assert by_id[table.id] == by_id[direct_id]
    assert table.hash() == engine_hash("arctica", table.setup, table.moves[:5])
    # and a rebuild (the whole log folded afresh, the correction in the same page as its moves) agrees
    runner = standard.runner(runtime.store, runtime.games.registry)
    try:
        runner.rebuild()
    finally:
        runner.close()
    assert boards(runtime, [table.id, direct_id]) == {table.id: by_id[table.id], direct_id: by_id[direct_id]}


def test_the_timeline_events_and_replay_show_the_correction(client: Client, api_key: str, other_key: str) -> None:
    table = Table(client, api_key, "arctic", 2, 1306)
    for move in table.moves[:5]:
        table.play(move)
    taken_from = table.version
    table.play(table.moves[5])
    table.play(table.moves[6])
    correction_step = table.version + 1
    table.undo(2, reason="misread the card")
    table.play(table.moves[5])
    # /events keeps everything, the correction included
    events = client.get(f"/games/{table.id}/events", headers=auth(api_key)).json()
    assert len(events) == table.version
    correction = events[correction_step - 1]
    assert correction["type"] == "MovesTakenBack" and correction["actor"] is None
    assert [m["move"] for m in correction["event"]["moves"]] == [5, 6]
    assert correction["event"]["reason"] == "misread the card"
    spectator = client.get(f"/games/{table.id}/events").json()[correction_step - 1]
    assert spectator["event"].get("reason") is None  # free text: the owner's while the game is live
    # the timeline marks the taken-back steps and has the correction's entry (who, what, why)
    timeline = client.get(f"/games/{table.id}/timeline", headers=auth(api_key)).json()
    entries = timeline["entries"]
    taken = [e["step"] for e in entries if e["taken_back_at"] is not None]
    assert taken == list(range(taken_from + 1, correction_step))
    assert all(e["taken_back_at"] == correction_step for e in entries if e["step"] in taken)
    entry = entries[correction_step - 1]
    assert entry["type"] == "MovesTakenBack" and entry["description"] == "Moves 6-7 taken back"
    spans = entry["correction"]["moves"]
    assert [m["number"] for m in spans] == [6, 7]
    assert [s for m in spans for s in range(m["first_step"], m["last_step"] + 1)] == taken
    assert entry["correction"]["reason"] == "misread the card" and entry["correction"]["by"]
    assert entry["move_number"] == 5 and entry["state_hash"] == entries[taken_from - 1]["state_hash"]
    assert entries[correction_step]["move_start"] and entries[correction_step]["move_number"] == 6
    assert entries[-1]["state_hash"] == engine_hash("arctic", table.setup, table.moves[:6])
    french = client.get(f"/games/{table.id}/timeline", params={"lang": "fr"}).json()["entries"]
    assert french[correction_step - 1]["description"] == "Coups 6-7 annulés"
    assert french[correction_step - 1]["correction"]["reason"] is None
    # replays: a taken-back step shows what the table saw then; next/previous follow the corrected line
    at = client.get(
        f"/games/{table.id}/replay/{taken_from}", params={"perspective": "omniscient"}, headers=auth(api_key)
    )
    assert at.json()["links"]["next"].startswith(f"/games/{table.id}/replay/{correction_step + 1}?")
    gone = client.get(f"/games/{table.id}/replay/{taken[0]}").json()
    assert gone["taken_back_at"] == correction_step
    back = client.get(f"/games/{table.id}/replay/{correction_step + 1}").json()
    assert back["links"]["previous"].startswith(f"/games/{table.id}/replay/{taken_from}?")
    last = client.get(
        f"/games/{table.id}/replay/{table.version}", params={"perspective": "omniscient"}, headers=auth(api_key)
    )
    assert last.json()["state_hash"] == engine_hash("arctic", table.setup, table.moves[:6])
    # navigation by move follows the line; the record is the corrected game
    by_move = client.get(f"/games/{table.id}/replay", params={"move": 6})
    assert by_move.status_code == 200 and by_move.json()["step"] == table.version
    assert client.get(f"/games/{table.id}/replay", params={"move": 5}).json()["step"] == taken_from
    record = client.get(f"/games/{table.id}/record", headers=auth(api_key)).json()
    assert [m["move"] for m in record["moves"]] == [msgspec.to_builtins(m) for m in table.moves[:6]]


def test_refusals(client: Client, api_key: str, other_key: str, runtime: Runtime) -> None:
    table = Table(client, api_key, "arctic", 2, 1307)
    url = f"/games/{table.id}/undo"
    # nothing to take back yet
    none = client.post(url, json={}, headers=auth(api_key))
    assert none.status_code == 422 and none.json()["code"] == "undo_out_of_range", none.text
    for move in table.moves[:3]:
        table.play(move)
    for k in (0, -1, 4):
        refused = client.post(url, json={"moves": k}, headers=auth(api_key))
        assert refused.status_code == 422 and refused.json()["code"] == "undo_out_of_range", refused.text
        assert refused.json()["moves_played"] == 3
    stale = client.post(url, json={}, headers=auth(api_key, table.version - 1))
    assert stale.status_code == 409 and stale.json()["code"] == "version_conflict"
    assert stale.json()["current_version"] == table.version
    assert client.post(url, json={}, headers=auth(other_key)).json()["code"] == "not_game_owner"
    assert client.post(url, json={}, headers=auth(other_key)).status_code == 403
    assert client.post(url, json={}).status_code == 401
    bad = client.post(url, json={"moves": "two"}, headers=auth(api_key))
    assert bad.status_code == 400, bad.text
    unknown = client.post(url, json={"moves": 1, "why": "x"}, headers=auth(api_key))
    assert unknown.status_code == 400, unknown.text
    missing = client.post("/games/00000000-0000-4000-8000-000000000000/undo", json={}, headers=auth(api_key))
    assert missing.status_code == 404
    # nothing was stored by any refusal
    assert table.summary()["version"] == table.version and table.summary()["moves"] == 3
    # a finished game: void it instead
    finished_id, _ = direct(client, api_key, "arctic", table.setup, table.moves)
    done = client.post(f"/games/{finished_id}/undo", json={}, headers=auth(api_key))
    assert done.status_code == 409 and done.json()["code"] == "game_finished" and "void" in done.json()["detail"]
    # abandoned and voided games: their own refusals
    abandoned = client.post(f"/games/{table.id}/abandon", json={"reason": "bye"}, headers=auth(api_key))
    assert abandoned.status_code == 200
    assert client.post(url, json={}, headers=auth(api_key)).json()["code"] == "game_abandoned"
    other = Table(client, api_key, "arctic", 2, 1308)
    other.play(other.moves[0])
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        from service.base import keys

        admin = keys.create(conn, "undo admin", admin=True).token
    assert client.post(f"/games/{other.id}/void", json={"reason": "x"}, headers=auth(admin)).status_code == 200
    voided = client.post(f"/games/{other.id}/undo", json={}, headers=auth(api_key))
    assert voided.status_code == 409 and voided.json()["code"] == "game_voided"


def test_an_undo_retried_with_its_idempotency_key_is_stored_once(client: Client, api_key: str) -> None:
    table = Table(client, api_key, "arctica", 2, 1309)
    for move in table.moves[:4]:
        table.play(move)
    headers = {**auth(api_key, table.version), "Idempotency-Key": "undo-1"}
    first = client.post(f"/games/{table.id}/undo", json={"moves": 2}, headers=headers)
    second = client.post(f"/games/{table.id}/undo", json={"moves": 2}, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and first.headers["etag"] == second.headers["etag"]
    assert table.summary()["moves"] == 2 and table.summary()["version"] == first.json()["version"]
    other = client.post(f"/games/{table.id}/undo", json={"moves": 1}, headers=headers)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_undo_after_undo_and_in_another_process(client: Client, api_key: str, runtime: Runtime) -> None:
    """Corrections on corrections; a process whose cached state is behind (another API process) and
    snapshots taken on a line later corrected fold the same line."""
    from service.games.service import GameService

    table = Table(client, api_key, "arctic", 2, 1310)
    for move in table.moves[:70]:  # past a snapshot (every 64 events)
        table.play(move)
    fresh = GameService(runtime.store, runtime.games.registry, snapshot_interval=runtime.games.reader.states.interval)
    kind = fresh.kinds.get("arctic")
    fresh.reader.states.current(kind, table.id)  # cached at this version
    table.undo(1)
    table.play(table.moves[69])
    table.undo(2)  # moves 68 and 69 (the second recording of 69)
    undone = table.undo(40)  # back across the snapshots
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        snapshots = [r[0] for r in conn.execute("SELECT version FROM game_snapshots WHERE game_id = %s", (table.id,))]
    # a snapshot holds moves now taken back: no fold may start from it past the correction
    assert any(undone["taken_back"][0]["first_step"] <= v < table.version for v in snapshots), snapshots
    expected = engine_hash("arctic", table.setup, table.moves[:28])
    assert table.hash() == expected
    version, state = fresh.reader.states.current(kind, table.id)
    assert version == table.version and state_hash(state) == expected
    assert (
        state_hash(GameService(runtime.store, runtime.games.registry).reader.states.current(kind, table.id)[1])
        == expected
    )
    for move in table.moves[28:35]:
        table.play(move)
    assert table.hash() == engine_hash("arctic", table.setup, table.moves[:35])


def test_no_body_takes_back_one_move(client: Client, api_key: str) -> None:
    table = Table(client, api_key, "arctica", 2, 1311)
    for move in table.moves[:2]:
        table.play(move)
    response = client.post(f"/games/{table.id}/undo", headers=auth(api_key))
    assert response.status_code == 200, response.text
    assert response.json()["moves"] == 1 and [m["number"] for m in response.json()["taken_back"]] == [2]


def test_a_fork_of_a_corrected_game_goes_on_from_its_line(client: Client, api_key: str) -> None:
    table = Table(client, api_key, "arctic", 2, 1312)
    for move in table.moves[:6]:
        table.play(move)
    table.undo(2)
    forked = client.post(f"/games/{table.id}/forks", json={"at": table.version}, headers=auth(api_key))
    assert forked.status_code == 201, forked.text
    fork = forked.json()
    assert fork["moves"] == 4 and fork["state_hash"] == engine_hash("arctic", table.setup, table.moves[:4])
    played = client.post(
        f"/games/{fork['id']}/moves",
        json={"move": msgspec.to_builtins(table.moves[4])},
        headers=auth(api_key, fork["version"]),
    )
    assert played.status_code == 201 and played.json()["move"] == 4, played.text
    # a fork of a live game is its owner's (it holds the origin's hidden cards)
    step = client.get(f"/games/{fork['id']}/replay", params={"move": 5}, headers=auth(api_key)).json()
    assert step["step"] == played.json()["version"]
    gone = client.get(f"/games/{fork['id']}/replay/{fork['version'] - 1}", headers=auth(api_key)).json()
    assert gone["taken_back_at"] == fork["version"]


def tallies(runner: Any, game_ids: list[str]) -> list[tuple[Any, ...]]:
    """What the runner holds of each game's counters beyond its state (its times aside: not the line's)."""
    out = []
    for game_id in game_ids:
        game = runner.cache.peek(game_id)
        assert game is not None, game_id
        out.append((game.tally.events, game.tally.turns, game.tally.counts, game.tally.unrated))
    return out


def test_a_game_corrected_move_after_move_costs_the_projections_no_more_as_it_grows(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    """Issue #35: each correction refolded its game from its first event, every move ever taken back
    included: the projections' CPU grew with the game's history. Now one runner reads no event at all
    for a correction that takes back the moves played since the last one."""
    table = Table(client, api_key, "arctic", 2, 1313)
    for move in table.moves[:8]:
        table.play(move)
    runner = standard.runner(runtime.store, runtime.games.registry)
    try:
        runner.run()  # (the module's other games too)
        # given a first move+undo cycle (its refold reads the game's events once)
        table.play(table.moves[8])
        table.undo(1)
        before = dict(runner.loads)
        runner.run()
        read = runner.loads["refold_events"] - before["refold_events"]
        assert runner.loads["refold"] - before["refold"] == 1 and 0 < read <= table.version
        # when the game grows by many more cycles, the runner following each
        for _ in range(30):
            table.play(table.moves[8])
            table.undo(1)
            runner.run()
        # then no correction read an event: each started from the game as the one before left it
        assert runner.loads["refold_events"] - before["refold_events"] == read
        assert runner.loads["refold"] - before["refold"] == 1 and runner.loads["mark"] - before["mark"] == 30
        # and the game is the game of its line: board, summary and counters
        direct_id, _ = direct(client, api_key, "arctic", table.setup, table.moves[:8])
        runner.run()
        by_id = boards(runtime, [table.id, direct_id])
        assert by_id[table.id] == by_id[direct_id]
        mine, theirs = tallies(runner, [table.id, direct_id])
        assert mine == theirs
        # when undos in a row reach before the cycles (the moves of the opening, one at a time)
        for left in (7, 6):
            read = runner.loads["refold_events"]
            assert table.undo(1)["moves"] == left
            runner.run()
            # then each reads a few events of the line, from a mark a refold left (none of the cycles)
            assert runner.loads["refold_events"] - read < 2 * marks.EVERY
            assert runner.loads["refold"] - before["refold"] == 1
            direct_id, _ = direct(client, api_key, "arctic", table.setup, table.moves[:left])
            runner.run()
            by_id = boards(runtime, [table.id, direct_id])
            assert by_id[table.id] == by_id[direct_id]
            mine, theirs = tallies(runner, [table.id, direct_id])
            assert mine == theirs
    finally:
        runner.close()


def test_corrections_refolded_from_marks_agree_with_the_game_recorded_directly(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    """A correction refolds from the game as the last one left it, reading the moves played since
    (none, one or more), or from a mark an earlier refold left on its way; the first from the game's
    first event."""
    table = Table(client, api_key, "arctica", 2, 1314)
    runner = standard.runner(runtime.store, runtime.games.registry)

    def same_as(moves: list[Any]) -> None:
        direct_id, _ = direct(client, api_key, "arctica", table.setup, moves)
        runner.run()
        by_id = boards(runtime, [table.id, direct_id])
        assert by_id[table.id] == by_id[direct_id]
        mine, theirs = tallies(runner, [table.id, direct_id])
        assert mine == theirs
        assert table.hash() == engine_hash("arctica", table.setup, moves)

    def loads() -> tuple[int, int]:
        return runner.loads["refold"] - start["refold"], runner.loads["mark"] - start["mark"]

    try:
        for move in table.moves[:6]:
            table.play(move)
        runner.run()  # (the module's other games too)
        start = dict(runner.loads)
        table.undo(1)  # the first correction: refolded from the first event, then marked
        runner.run()
        assert loads() == (1, 0)
        same_as(table.moves[:5])
        for move in table.moves[5:8]:
            table.play(move)
        runner.run()
        before = runner.loads["refold_events"]
        table.undo(1)  # from the mark, reading moves 6 and 7 (played since)
        runner.run()
        assert loads() == (1, 1)
        assert runner.loads["refold_events"] > before
        same_as(table.moves[:7])
        table.undo(4)  # before the last correction: from a mark the first refold left on its way
        runner.run()
        assert loads() == (1, 2)
        same_as(table.moves[:3])
        for move in table.moves[3:6]:  # moves, then a correction in the same page as them
            table.play(move)
        table.undo(2)
        runner.run()
        assert loads() == (1, 3)
        same_as(table.moves[:4])
        table.undo(4)  # every move: from the first event, or a mark in the opening
        runner.run()
        assert sum(loads()) == 5
        same_as([])
    finally:
        runner.close()


def test_undos_in_a_row_after_many_cycles_fold_no_more_than_the_moves_they_take_back(
    client: Client, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #35: an undo taking back a move played before the game's last correction (two undos in a
    row) found no snapshot with moves enough after it and folded the game from its first event. This
    process knows every move of the line (from the game's first undo, folded from its start), follows
    them from the events since, and folds only up to the moves an undo takes back."""
    table = Table(client, api_key, "arctic", 2, 1315)
    for move in table.moves[:10]:
        table.play(move)
    for _ in range(60):  # a history of move+undo cycles
        table.play(table.moves[10])
        table.undo(1)
    history = table.version
    assert history > 500
    read: list[int] = []
    real = runtime.store.read

    def counted(*args: Any, **kwargs: Any) -> Any:
        for rec in real(*args, **kwargs):
            read.append(rec.originator_version)
            yield rec

    monkeypatch.setattr(runtime.store, "read", counted)
    # when undos in a row take back moves played before the last correction, one at a time, then two
    for k, left in ((1, 9), (1, 8), (2, 6)):
        read.clear()
        assert table.undo(k)["moves"] == left
        # then each read the events of the line up to the moves it took back, not the game's history
        assert len(read) <= 64, (k, sorted(read))
        assert table.hash() == engine_hash("arctic", table.setup, table.moves[:left])
    # and the game goes on from there, here and in a process that knew nothing of it
    for move in table.moves[6:12]:
        table.play(move)
    assert table.hash() == engine_hash("arctic", table.setup, table.moves[:12])
    table.undo(3)
    from service.games.service import GameService

    fresh = GameService(runtime.store, runtime.games.registry, snapshot_interval=runtime.games.reader.states.interval)
    version, state = fresh.reader.states.current(fresh.kinds.get("arctic"), table.id)
    assert version == table.version and state_hash(state) == engine_hash("arctic", table.setup, table.moves[:9])
