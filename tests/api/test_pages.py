"""The timeline and the event log in pages (``after``, ``limit``): page after page is the whole, corrections
included, whether this process kept where the last page stopped or not; undo reads what it needs."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from litestar.testing import TestClient

from domain import arctic
from service.base.store.corrections import Line, MovesTakenBack, moves_of
from service.runtime import Runtime
from tests.api.test_undo import Table
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(scope="module")
def corrected(client: Client, api_key: str) -> Table:
    """A live game past several snapshots, corrected again and again (one and two moves at a time)."""
    table = Table(client, api_key, "arctic", 3, 4242)
    moves, played = table.moves, 0
    for round_ in range(12):
        for _ in range(5):
            table.play(moves[played])
            played += 1
        k = 1 + round_ % 2
        table.undo(k)
        played -= k
    for _ in range(3):
        table.play(moves[played])
        played += 1
    return table


def pages(client: Client, path: str, limit: int, runtime: Runtime | None = None) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    url: str | None = f"{path}?limit={limit}"
    while url is not None:
        if runtime is not None:
            runtime.games.timelines.timeline_marks.clear()  # as if another process had answered the last page
        answer = client.get(url)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert len(body["entries"]) <= limit and body["steps"] == len(body["entries"])
        entries += body["entries"]
        url = body["next"]
    return entries


def test_timeline_pages_make_the_whole_timeline(client: Client, corrected: Table, runtime: Runtime) -> None:
    path = f"/games/{corrected.id}/timeline"
    whole = client.get(path, params={"limit": 10_000}).json()
    assert whole["next"] is None and whole["version"] == corrected.version == len(whole["entries"])
    assert any(e["correction"] for e in whole["entries"])
    for limit in (1, 7, 64):
        assert pages(client, path, limit) == whole["entries"], limit
    assert pages(client, path, 9, runtime) == whole["entries"]
    # a live viewer's question: what follows its last step
    tail = client.get(path, params={"after": corrected.version - 3, "limit": 50}).json()
    assert tail["entries"] == whole["entries"][-3:] and tail["next"] is None
    assert client.get(path, params={"after": corrected.version, "limit": 50}).json()["entries"] == []


def test_correction_entries_count_the_turns_and_moves_left_on_the_line(
    client: Client, corrected: Table, runtime: Runtime
) -> None:
    """Each correction's turn and move numbers are those of its line, as folded from the start."""
    entries = {e["step"]: e for e in client.get(f"/games/{corrected.id}/timeline").json()["entries"]}
    rules = arctic.RULES
    line: Line[Any, Any] = Line(rules.evolve, rules.initial_state())
    checked = 0
    for rec in runtime.store.read(UUID(corrected.id)):
        if line.add(rec.originator_version, rec.event, rec) and isinstance(rec.event, MovesTakenBack):
            entry = entries[rec.originator_version]
            assert entry["turn"] == sum(rules.is_turn_start(e) for _, e, _ in line.kept)
            assert entry["move_number"] == len(moves_of(line.kept, lambda r: r.move))
            checked += 1
    assert checked == 12


def test_timeline_pages_have_their_own_etag(client: Client, corrected: Table) -> None:
    path = f"/games/{corrected.id}/timeline"
    first = client.get(path, params={"limit": 10})
    second = client.get(path, params={"after": 10, "limit": 10})
    assert first.headers["etag"] != second.headers["etag"]
    again = client.get(path, params={"limit": 10}, headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert client.get(path, params={"limit": 0}).status_code == 400
    assert client.get(path, params={"limit": 10_001}).status_code == 400


def test_event_pages_link_the_next_one(client: Client, corrected: Table, api_key: str) -> None:
    path = f"/games/{corrected.id}/events"
    whole = client.get(path, params={"limit": 10_000, "perspective": "omniscient"}, headers=auth(api_key)).json()
    got: list[dict[str, Any]] = []
    url: str | None = f"{path}?perspective=omniscient&limit=25"
    while url is not None:
        answer = client.get(url, headers=auth(api_key))
        assert answer.status_code == 200 and len(answer.json()) <= 25
        got += answer.json()
        link = answer.headers.get("link")
        url = link.split(">")[0].removeprefix("<") if link else None
    assert got == whole and len(whole) == corrected.version
    last = client.get(path, params={"after": corrected.version - 2, "limit": 2})
    assert len(last.json()) == 2 and "link" not in last.headers


def test_the_default_page_holds_a_game_played_at_a_table(client: Client, corrected: Table) -> None:
    assert len(client.get(f"/games/{corrected.id}/events").json()) == corrected.version
    assert client.get(f"/games/{corrected.id}/timeline").json()["next"] is None


def test_undo_reads_from_a_snapshot_not_the_whole_stream(
    client: Client, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(client, api_key, "arctic", 2, 4343)
    for move in table.moves[:60]:
        table.play(move)
    interval = runtime.games.reader.states.interval
    assert table.version > 2 * interval
    read: list[int] = []
    original = runtime.store.read

    def counting(*args: Any, **kwargs: Any) -> Any:
        for rec in original(*args, **kwargs):
            read.append(rec.originator_version)
            yield rec

    monkeypatch.setattr(runtime.store, "read", counting)
    taken = table.undo(2)
    assert read and min(read) > table.version - 2 * interval - 1, (min(read), table.version)
    assert taken["moves"] == 58 and [m["number"] for m in taken["taken_back"]] == [59, 60]
    monkeypatch.undo()
    # the same line as the game recorded without the two moves
    again = Table(client, api_key, "arctic", 2, 4343)
    for move in again.moves[:58]:
        again.play(move)
    assert table.hash() == again.hash()


def test_a_game_corrected_move_after_move_keeps_undo_and_its_timeline_pages_small(
    client: Client, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Move, undo, move, undo…: every interval snapshot falls on a move taken back right after, so only the
    snapshots undo writes at its corrections can start a fold."""
    table = Table(client, api_key, "arctic", 2, 4444)
    for move in table.moves[:10]:
        table.play(move)
    for _ in range(80):
        table.play(table.moves[10])
        table.undo(1)
    assert table.version > 2 * runtime.games.reader.states.interval
    read: list[int] = []
    original = runtime.store.read

    def counting(*args: Any, **kwargs: Any) -> Any:
        for rec in original(*args, **kwargs):
            read.append(rec.originator_version)
            yield rec

    table.play(table.moves[10])
    monkeypatch.setattr(runtime.store, "read", counting)
    assert table.undo(1)["moves"] == 10
    assert len(read) < 10, read
    path = f"/games/{table.id}/timeline"
    client.get(path, params={"after": table.version - 6, "limit": 50})  # this process now holds its marks
    read.clear()
    page = client.get(path, params={"after": table.version - 4, "limit": 50}).json()
    assert [e["step"] for e in page["entries"]] == list(range(table.version - 3, table.version + 1))
    assert len(read) < 20, read
    monkeypatch.undo()
    whole = client.get(path, params={"limit": 10_000}).json()["entries"]
    assert page["entries"] == whole[-4:]
