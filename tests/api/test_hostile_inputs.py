"""Issue #35: times out of any range a server holds, weak and unquoted If-Match, handles made of dots.

Every time a client sends is read in UTC and must fall between 1900-01-01T00:00:00Z and the last instant
Python holds (9999-12-31T23:59:59.999999Z): a 400 ``time_out_of_range`` naming it, nothing stored, on
every path that takes one (a new game's ``started_at``, a move's ``at``, a record's times, ``GET /games``'
``since`` and ``until``). Before, ``0001-01-01T00:00:00+14:00`` (a year-0 instant once in UTC) was a 500.
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

import msgspec
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.arctic.setup import Setup
from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.store import Recorded
from service.base.store.games_table import GamesTable, steps
from service.games.base import Opening
from service.games.limits import MIN_TIME
from service.games.openings import game_row
from service.runtime import Runtime
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]
# The probes: each overflowed once moved to UTC.
OVERFLOWING = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"]
ILLEGAL_MOVE = {"type": "MoveTokens", "seat": 0, "up": "walrus"}  # never legal at a game's start


def probe_tags() -> dict[str, str]:
    return {"probe": uuid4().hex}


def stored(client: Client, tags: dict[str, str]) -> int:
    """How many games carry ``tags`` (the games a probe stored)."""
    ((name, value),) = tags.items()
    listed = client.get("/games", params={"tag": f"{name}:{value}"})
    assert listed.status_code == 200, listed.text
    return len(listed.json()["items"])


def new_game(started_at: str, tags: dict[str, str]) -> dict[str, Any]:
    return {"kind": "arctic", "setup": {"players": ["Ana", "Bo"], "seed": 7}, "tags": tags, "started_at": started_at}


def imported(started_at: str | None, at: str | None, tags: dict[str, str]) -> dict[str, Any]:
    body: dict[str, Any] = msgspec.json.decode(record("arctic", 2, 11, moves=1))
    body["tags"] = tags
    if started_at is not None:
        body["started_at"] = started_at
    if at is not None:
        body["moves"][0]["at"] = at
    return body


@pytest.fixture(scope="module")
def game(client: Client, api_key: str) -> dict[str, Any]:
    # Started at the first instant kept: no time kept is before it (out of order).
    made = client.post("/games", json=new_game("1900-01-01T00:00:00Z", probe_tags()), headers=auth(api_key))
    assert made.status_code == 201, made.text
    return dict(made.json())


def expected(text: str) -> tuple[int, str | None]:
    """What a play time should answer: (status, code), 201 for a time kept."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    try:
        at = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except OverflowError:
        return 400, "time_out_of_range"
    if at < MIN_TIME:
        return 400, "time_out_of_range"
    if at > datetime.now(UTC) + timedelta(minutes=5):
        return 422, "play_time_in_future"
    return 201, None


# ---------------------------------------------------------------- the probes, on every path
@pytest.mark.parametrize("when", [*OVERFLOWING, "1899-12-31T23:59:59Z", "0001-01-01T00:00:00Z"])
def test_a_time_out_of_range_is_a_400_naming_it_on_every_write(
    client: Client, api_key: str, game: dict[str, Any], when: str
) -> None:
    tags = probe_tags()
    writes = [
        ("/games", new_game(when, tags), "$.started_at"),
        ("/games/import", imported(when, None, tags), "$.started_at"),
        ("/games/import", imported(None, when, tags), "$.moves[0].at"),
        (f"/games/{game['id']}/moves", {"move": ILLEGAL_MOVE, "at": when}, "$.at"),
    ]
    for path, body, where in writes:
        answer = client.post(path, json=body, headers=auth(api_key))
        assert answer.status_code == 400, (path, answer.text)
        problem = answer.json()
        assert (problem["code"], problem["path"]) == ("time_out_of_range", where), problem
        assert where in problem["detail"]
    assert stored(client, tags) == 0
    assert client.get(f"/games/{game['id']}").json()["version"] == game["version"]


@pytest.mark.parametrize("when", [*OVERFLOWING, "1899-12-31T23:59:59Z"])
@pytest.mark.parametrize("name", ["since", "until"])
def test_a_filter_out_of_range_is_a_400_naming_it(client: Client, name: str, when: str) -> None:
    answer = client.get("/games", params={name: when})
    assert answer.status_code == 400, answer.text
    assert (answer.json()["code"], answer.json()["path"]) == ("time_out_of_range", name)


def test_the_bounds_themselves_are_kept(client: Client, api_key: str) -> None:
    tags = probe_tags()
    # 1900-01-01T00:00:00Z written at +14:00, the first instant kept; the last one as a filter.
    first = client.post("/games", json=new_game("1900-01-01T14:00:00+14:00", tags), headers=auth(api_key))
    assert first.status_code == 201, first.text
    summary = client.get(f"/games/{first.json()['id']}").json()
    assert summary["started_at"] == "1900-01-01T00:00:00Z"
    for name in ("since", "until"):
        answer = client.get("/games", params={name: "9999-12-31T23:59:59.999999Z", "tag": "probe:" + tags["probe"]})
        assert answer.status_code == 200, answer.text
    assert stored(client, tags) == 1


def test_a_forged_cursor_out_of_range_is_a_400(client: Client) -> None:
    forged = base64.urlsafe_b64encode(msgspec.json.encode(["0001-01-01T00:00:00+14:00", str(uuid4())]))
    answer = client.get("/games", params={"cursor": forged.decode().rstrip("=")})
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_cursor", answer.text


# ---------------------------------------------------------------- never a 5xx, whatever the time
MOMENTS = st.one_of(
    st.sampled_from(
        [
            datetime(1, 1, 1),
            datetime(9999, 12, 31, 23, 59, 59, 999999),
            datetime(1899, 12, 31, 23, 59, 59),
            datetime(1900, 1, 1),
            datetime(1900, 1, 1, 23, 59),
        ]
    ),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59, 999999)),
)
OFFSETS = st.one_of(
    st.sampled_from(["", "Z", "+14:00", "-14:00", "+23:59", "-23:59"]),
    st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(
        lambda m: f"{'+' if m >= 0 else '-'}{abs(m) // 60:02}:{abs(m) % 60:02}"
    ),
)
TIMES = st.builds(lambda moment, offset: moment.isoformat() + offset, MOMENTS, OFFSETS)
SMALL = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def answers_as_expected(answer: Any, when: str, where: str, kept: int = 201) -> None:
    assert answer.status_code < 500, (when, answer.text)
    status, code = expected(when)
    if status == 201:
        assert answer.status_code == kept, (when, answer.text)
        return
    assert (answer.status_code, answer.json()["code"]) == (status, code), (when, answer.text)
    assert answer.json()["path"] == where


@SMALL
@given(when=TIMES)
def test_any_start_of_a_new_game(client: Client, api_key: str, when: str) -> None:
    tags = probe_tags()
    answer = client.post("/games", json=new_game(when, tags), headers=auth(api_key))
    answers_as_expected(answer, when, "$.started_at")
    assert stored(client, tags) == (1 if answer.status_code == 201 else 0)


@SMALL
@given(when=TIMES, where=st.sampled_from(["$.started_at", "$.moves[0].at"]))
def test_any_time_of_a_record(client: Client, api_key: str, when: str, where: str) -> None:
    tags = probe_tags()
    body = imported(when, None, tags) if where == "$.started_at" else imported(None, when, tags)
    answer = client.post("/games/import", json=body, headers=auth(api_key))
    answers_as_expected(answer, when, where)
    assert stored(client, tags) == (1 if answer.status_code == 201 else 0)


@SMALL
@given(when=TIMES)
def test_any_time_of_a_move(client: Client, api_key: str, game: dict[str, Any], when: str) -> None:
    # An illegal move: a time the service keeps reaches the rules (422 for the move), no other.
    answer = client.post(f"/games/{game['id']}/moves", json={"move": ILLEGAL_MOVE, "at": when}, headers=auth(api_key))
    status, _ = expected(when)
    if status == 201:
        assert (answer.status_code, answer.json()["code"]) == (422, "arctic.wrong_step"), (when, answer.text)
    else:
        answers_as_expected(answer, when, "$.at")


@SMALL
@given(when=TIMES, name=st.sampled_from(["since", "until"]))
def test_any_filter_time(client: Client, when: str, name: str) -> None:
    answer = client.get("/games", params={name: when, "limit": 1})
    assert answer.status_code < 500, (when, answer.text)
    status, code = expected(when)
    if status == 400:
        assert (answer.status_code, answer.json()["code"], answer.json()["path"]) == (400, code, name)
    else:  # a filter may name the future
        assert answer.status_code == 200, (when, answer.text)


# ---------------------------------------------------------------- If-Match as HTTP defines it
def test_a_weak_if_match_never_matches(client: Client, api_key: str) -> None:
    """If-Match compares strongly (RFC 9110 §13.1.1): ``W/"2"`` is not version 2. It is refused as any
    If-Match that is not the game's version: 409 ``version_conflict`` with the version (and its ETag) to send."""
    played = simulate(2, 21)
    made = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(played.setup)}, headers=auth(api_key)
    ).json()
    game_id, version = made["id"], made["version"]
    move = {"move": msgspec.to_builtins(played.moves[0])}
    for path, body in ((f"/games/{game_id}/moves", move), (f"/games/{game_id}/undo", {"moves": 1})):
        weak = client.post(path, json=body, headers=auth(api_key, **{"If-Match": f'W/"{version}"'}))
        assert weak.status_code == 409, (path, weak.text)
        assert weak.json()["code"] == "version_conflict" and weak.json()["current_version"] == version
        assert weak.headers["etag"] == f'"{version}"' and "weak" in weak.json()["detail"]
    assert client.get(f"/games/{game_id}").json()["version"] == version  # nothing stored
    strong = client.post(f"/games/{game_id}/moves", json=move, headers=auth(api_key, **{"If-Match": f'"{version}"'}))
    assert strong.status_code == 201, strong.text


def test_an_unquoted_if_match_is_malformed(client: Client, api_key: str, game: dict[str, Any]) -> None:
    for value in (str(game["version"]), f"W/{game['version']}"):
        answer = client.post(
            f"/games/{game['id']}/undo", json={"moves": 1}, headers=auth(api_key, **{"If-Match": value})
        )
        assert answer.status_code == 400 and answer.json()["code"] == "invalid_if_match", answer.text


# ---------------------------------------------------------------- handles made of dots
def test_a_rename_to_dots_is_refused(client: Client, database: ConnectionParams, api_key: str) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        admin = keys.create(conn, "admin of the dots", admin=True).token
    made = client.post("/games/import", json=imported(None, None, probe_tags()), headers=auth(api_key))
    handle = made.json()["players"][0]
    for to in (".", "..", "\uff0e\uff0e"):  # the last: fullwidth, ".." once NFKC
        answer = client.post(f"/admin/players/{handle}/rename", json={"to": to, "reason": "x"}, headers=auth(admin))
        assert answer.status_code == 400, answer.text
        assert (answer.json()["code"], answer.json()["path"]) == ("invalid_handle", "$.to")


def test_a_game_stored_with_dotted_handles_still_reads(client: Client, runtime: Runtime, api_key: str) -> None:
    """The bound is the edge's, not the domain's: a game stored before it (here through the store, as an
    older server did) still reads, exports and lists."""
    writer = runtime.games.writer
    kind = writer.kinds.get("arctic")
    setup = Setup(players=["..", "."], seed=3)
    game_id, now = uuid4(), datetime.now(UTC)
    opening = msgspec.Raw(msgspec.json.encode(Opening(setup=msgspec.Raw(msgspec.json.encode(setup)))))
    records = [
        Recorded(
            originator_id=game_id,
            originator_version=i + 1,
            event=event,
            recorded_at=now,
            command=opening if i == 0 else None,
        )
        for i, event in enumerate(kind.rules.start(setup))
    ]
    state, _ = writer.states.fold(kind, kind.rules.initial_state(), records)
    with runtime.store.game_recorder.datastore.get_connection() as conn:
        key = keys.verify(conn, api_key)
    assert key is not None
    row = game_row(game_id, kind, key, state, len(records), 0, now, None)
    writer.store.append(records, within=steps(GamesTable.insert(row)))
    summary = client.get(f"/games/{game_id}")
    assert summary.status_code == 200 and summary.json()["players"] == ["..", "."], summary.text
    exported = client.get(f"/games/{game_id}/record", headers=auth(api_key))
    assert exported.status_code == 200 and exported.json()["setup"]["players"] == ["..", "."], exported.text
    listed = client.get("/games", params={"player": ".."}).json()["items"]
    assert str(game_id) in [g["id"] for g in listed]
