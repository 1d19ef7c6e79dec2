"""The soak's clients: threads recording games through the clients' fault proxy as a table would (live
appends with ``If-Match`` and ``Idempotency-Key``, retries after unknown outcomes, undo, abandon, void,
imports, forks, replays, statistics reads), and live-stream readers resuming with ``Last-Event-ID``.

Every request and its outcome goes into the history. Every loop is bounded in count and time; each
request on a connection of its own, so that the kernel spreads them over both API workers."""

from __future__ import annotations

import random
import threading
import time
from datetime import UTC, datetime
from typing import Any

import httpx
import msgspec

from domain.arctic.simulator import simulate
from service.cli.commands.simulate import simulated_record
from tests.nemesis.checker import HANG_BOUND
from tests.nemesis.history import Op, Recorder, SseRead, Stored

# A write whose outcome is unknown is retried with its key for this long before the final phase takes over.
RETRY_SECONDS = 20.0
# The clients' own bound on one request: past the checker's, so that a hang is seen as one.
TIMEOUT = httpx.Timeout(HANG_BOUND + 5.0, connect=5.0)


class Game(msgspec.Struct, kw_only=True):
    id: str
    moves: list[Any]
    n: int  # the next move's index on the corrected line
    version: int
    status: str = "live"
    at_move_end: bool = True  # the current version ends a move (a fork may start there)
    times: bool = True  # moves carry a play time
    voided: bool = False


class Pending(msgspec.Struct, kw_only=True):
    """A write still unknown when its client stopped retrying: the final phase resolves it."""

    first: Op
    method: str
    path: str
    body: Any
    headers: dict[str, str]
    admin: bool = False


class Shared:
    """What the threads share: the recorder, the stop signal, the live games the readers may follow."""

    def __init__(self, recorder: Recorder, base: str, token: str, admin_token: str, seed: int) -> None:
        self.recorder = recorder
        self.base = base
        self.token = token
        self.admin_token = admin_token
        self.seed = seed
        self.stop = threading.Event()
        self.live_games: list[str] = []
        self.lock = threading.Lock()
        self.pending: list[Pending] = []


def http_client(base: str) -> httpx.Client:
    # No kept-alive connection: each request is a new one, which either worker may accept.
    return httpx.Client(base_url=base, timeout=TIMEOUT, limits=httpx.Limits(max_keepalive_connections=0))


def send(http: httpx.Client, recorder: Recorder, op: Op, method: str, path: str, **kwargs: Any) -> Any:
    """One request: its outcome recorded in ``op``; the decoded body of a 2xx (else None)."""
    try:
        response = http.request(method, path, **kwargs)
    except httpx.TimeoutException:
        op.end, op.code = recorder.now(), "timeout"
        return None
    except httpx.HTTPError as exc:
        op.end, op.code = recorder.now(), type(exc).__name__
        return None
    op.end, op.status = recorder.now(), response.status_code
    if response.status_code >= 500:
        op.code = _code(response)
        return None
    if response.status_code >= 400:
        op.outcome, op.code = "failed", _code(response)
        return None
    op.outcome = "ok"
    try:
        return response.json()
    except ValueError:
        return {}


def _code(response: httpx.Response) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


def stored(events: list[dict[str, Any]]) -> list[Stored]:
    return [Stored(e["version"], e["type"], e["recorded_at"]) for e in events]


def created(version: int) -> list[Stored]:
    return [Stored(v, "") for v in range(1, version + 1)]


class Player(threading.Thread):
    """One client: a few games of its own at a time, recorded move by move."""

    def __init__(self, number: int, shared: Shared) -> None:
        super().__init__(name=f"soak-client-{number}", daemon=True)
        self.number = number
        self.shared = shared
        self.rng = random.Random(f"{shared.seed}-client-{number}")
        self.games: list[Game] = []
        self.http = http_client(shared.base)
        self.writes = 0

    # ------------------------------------------------------------ requests
    def auth(self, admin: bool = False) -> dict[str, str]:
        return {"authorization": f"Bearer {self.shared.admin_token if admin else self.shared.token}"}

    def write(
        self,
        kind: str,
        method: str,
        path: str,
        body: Any,
        headers: dict[str, str],
        *,
        game: str | None,
        key: str | None,
    ) -> tuple[Op, Any]:
        """A write, retried with the same request (its key) while its outcome is unknown."""
        recorder = self.shared.recorder
        first: Op | None = None
        deadline = time.monotonic() + RETRY_SECONDS
        pause = 0.2
        admin = kind == "void"
        while True:
            op = recorder.begin(self.number, kind, game=game, key=key, retry_of=first.id if first else None)
            answer = send(self.http, recorder, op, method, path, json=body, headers={**self.auth(admin), **headers})
            first = first or op
            if op.outcome != "unknown":
                return op, answer
            if time.monotonic() > deadline or self.shared.stop.is_set():
                with self.shared.lock:
                    self.shared.pending.append(
                        Pending(first=first, method=method, path=path, body=body, headers=headers, admin=admin)
                    )
                return op, None
            time.sleep(pause)
            pause = min(pause * 2, 2.0)

    def key(self, what: str) -> str:
        self.writes += 1
        return f"soak-{self.shared.seed}-{self.number}-{what}-{self.writes}"

    # ------------------------------------------------------------ what a table does
    def create(self) -> None:
        seed = self.rng.randrange(10**6)
        sim = simulate(2, seed)
        setup = msgspec.to_builtins(sim.setup)
        setup["players"] = [f"Soak{self.number}", f"Rival{self.rng.randrange(8)}x{self.number}"]
        key = self.key("create")
        op, answer = self.write(
            "create", "POST", "/games", {"kind": "arctic", "setup": setup}, {"idempotency-key": key}, game=None, key=key
        )
        if answer is None:
            return
        op.game, op.events = answer["id"], created(answer["version"])
        game = Game(id=answer["id"], moves=[msgspec.to_builtins(m) for m in sim.moves], n=0, version=answer["version"])
        self.games.append(game)
        with self.shared.lock:
            self.shared.live_games.append(game.id)

    def move(self, game: Game) -> None:
        if game.n >= len(game.moves):
            return
        body: dict[str, Any] = {"move": game.moves[game.n]}
        if game.times:
            body["at"] = datetime.now(UTC).isoformat()
        stale = self.rng.random() < 0.03 and game.version > 1
        if_match = f'"{game.version - 1 if stale else game.version}"'
        headers = {"if-match": if_match, "idempotency-key": self.key("move")}
        op, answer = self.write(
            "move", "POST", f"/games/{game.id}/moves", body, headers, game=game.id, key=headers["idempotency-key"]
        )
        if answer is not None:
            op.events = stored(answer["events"])
            game.version, game.n, game.status, game.at_move_end = answer["version"], game.n + 1, answer["status"], True
        elif op.code in ("play_time_in_future", "play_time_out_of_order"):
            game.times = False
        elif op.code == "version_conflict" and not stale:
            self.reload(game)
        elif op.outcome == "failed" and op.code != "version_conflict":
            game.status = "refused"  # an unexpected refusal: the game is left (the report counts the codes)

    def reload(self, game: Game) -> None:
        op = self.shared.recorder.begin(self.number, "read", game=game.id)
        answer = send(self.http, self.shared.recorder, op, "GET", f"/games/{game.id}", headers=self.auth())
        if answer is not None:
            game.version, game.n, game.status = answer["version"], answer["moves"], answer["status"]
            game.at_move_end = False

    def undo(self, game: Game) -> None:
        if game.n < 1:
            return
        k = self.rng.choice([1, 1, 2]) if game.n >= 2 else 1
        headers = {"if-match": f'"{game.version}"', "idempotency-key": self.key("undo")}
        op, answer = self.write(
            "undo",
            "POST",
            f"/games/{game.id}/undo",
            {"moves": k, "reason": "soak"},
            headers,
            game=game.id,
            key=headers["idempotency-key"],
        )
        if answer is not None:
            op.events = [Stored(answer["version"], "MovesTakenBack")]
            game.version, game.n, game.at_move_end = answer["version"], answer["moves"], False

    def abandon(self, game: Game) -> None:
        op, _ = self.write(
            "abandon", "POST", f"/games/{game.id}/abandon", {"reason": "soak"}, {}, game=game.id, key=None
        )
        if op.outcome == "ok" or op.code == "game_abandoned":
            game.status = "abandoned"

    def void(self, game: Game) -> None:
        op, _ = self.write("void", "POST", f"/games/{game.id}/void", {"reason": "soak"}, {}, game=game.id, key=None)
        if op.outcome == "ok" or op.code == "game_already_voided":
            game.voided = True

    def import_record(self) -> None:
        kind = self.rng.choice(["arctic", "arctica"])
        record = simulated_record(kind, 2, self.rng.randrange(10**6))
        record_id = self.key("record")
        record["id"] = record_id
        record["setup"]["players"] = [f"Soak{self.number}", f"Guest{self.rng.randrange(8)}x{self.number}"]
        op, answer = self.write(
            "import", "POST", "/games/import", record, {"idempotency-key": record_id}, game=None, key=record_id
        )
        if answer is not None:
            op.game, op.events = answer["id"], created(answer["version"])
            # A whole game: finished, and so a game an admin may void.
            self.games.append(Game(id=answer["id"], moves=[], n=0, version=answer["version"], status=answer["status"]))

    def fork(self, game: Game) -> None:
        recorder = self.shared.recorder
        body, key = {"at": game.version}, self.key("fork")
        if recorder.history.fork_keys:
            op, answer = self.write(
                "fork", "POST", f"/games/{game.id}/forks", body, {"idempotency-key": key}, game=None, key=key
            )
        else:
            # Not retried: forks take no Idempotency-Key yet; a lost answer is resolved by the forks' list.
            op = recorder.begin(self.number, "fork")
            answer = send(
                self.http, recorder, op, "POST", f"/games/{game.id}/forks", json=body,
                headers={**self.auth(), "idempotency-key": key},
            )  # fmt: skip
        op.origin, op.step = game.id, game.version
        if answer is None:
            return
        op.game, op.events = answer["id"], created(answer["version"])
        fork = Game(id=answer["id"], moves=game.moves, n=answer["moves"], version=answer["version"])
        self.games.append(fork)

    def replay(self, game: Game) -> None:
        step = self.rng.randint(1, game.version)
        recorder = self.shared.recorder
        op = recorder.begin(self.number, "replay", game=game.id, step=step)
        answer = send(
            self.http,
            recorder,
            op,
            "GET",
            f"/games/{game.id}/replay/{step}",
            params={"perspective": "omniscient"},
            headers=self.auth(),
        )
        if answer is not None:
            op.state_hash = answer.get("state_hash")

    def statistics(self, game: Game) -> None:
        path = self.rng.choice(
            [
                f"/players/Soak{self.number}",
                f"/games/{game.id}/stats",
                "/leaderboards/arctic",
                f"/games/{game.id}/board",
                "/health",
            ]
        )
        recorder = self.shared.recorder
        op = recorder.begin(self.number, "stats" if path != "/health" else "health", game=game.id)
        send(self.http, recorder, op, "GET", path)

    # ------------------------------------------------------------ the loop
    def run(self) -> None:
        try:
            while not self.shared.stop.is_set():
                self.step()
                time.sleep(self.rng.uniform(0.02, 0.15))
        finally:
            self.http.close()

    def step(self) -> None:
        live = [g for g in self.games if g.status == "live" and g.n < len(g.moves)]
        if len(live) < 2 and self.rng.random() < 0.5:
            self.create()
            return
        if not live:
            self.import_record() if self.rng.random() < 0.3 else self.create()
            return
        game = self.rng.choice(live)
        roll = self.rng.random()
        if roll < 0.62:
            self.move(game)
        elif roll < 0.70:
            self.undo(game)
        elif roll < 0.705:
            self.abandon(game)
        elif roll < 0.75:
            self.import_record()
        elif roll < 0.78 and game.at_move_end:
            self.fork(game)
        elif roll < 0.90:
            self.replay(game)
        else:
            self.statistics(game)
        finished = [g for g in self.games if g.status == "finished" and not g.voided]
        if finished and self.rng.random() < 0.015:
            self.void(self.rng.choice(finished))


def resolve_pending(shared: Shared, deadline_seconds: float = 120.0) -> None:
    """After every fault is healed: each write still unknown is sent again with its key, to a definite answer."""
    recorder = shared.recorder
    deadline = time.monotonic() + deadline_seconds
    with http_client(shared.base) as http:
        for item in shared.pending:
            token = shared.admin_token if item.admin else shared.token
            while time.monotonic() < deadline:
                op = recorder.begin(
                    item.first.client, item.first.kind, game=item.first.game, key=item.first.key, retry_of=item.first.id
                )
                answer = send(
                    http,
                    recorder,
                    op,
                    item.method,
                    item.path,
                    json=item.body,
                    headers={"authorization": f"Bearer {token}", **item.headers},
                )
                if op.outcome != "unknown":
                    if answer is not None and item.first.kind in ("create", "import", "fork"):
                        op.game, op.events = answer["id"], created(answer["version"])
                    elif answer is not None and item.first.kind == "move":
                        op.events = stored(answer["events"])
                    elif answer is not None and item.first.kind == "undo":
                        op.events = [Stored(answer["version"], "MovesTakenBack")]
                    break
                time.sleep(0.5)


class Reader(threading.Thread):
    """A live stream reader: follows a game for a while, resuming with ``Last-Event-ID`` after any break."""

    def __init__(self, number: int, shared: Shared) -> None:
        super().__init__(name=f"soak-reader-{number}", daemon=True)
        self.number = number
        self.shared = shared
        self.rng = random.Random(f"{shared.seed}-reader-{number}")

    def run(self) -> None:
        while not self.shared.stop.is_set():
            with self.shared.lock:
                games = list(self.shared.live_games[-20:])
            if not games:
                time.sleep(0.5)
                continue
            self.follow(self.rng.choice(games), self.rng.uniform(10, 25))

    def follow(self, game: str, seconds: float) -> None:
        recorder = self.shared.recorder
        read = recorder.sse(self.number, game, after=0)
        until = time.monotonic() + seconds
        connected = False
        timeout = httpx.Timeout(5.0, connect=5.0)
        try:
            while time.monotonic() < until and not self.shared.stop.is_set():
                headers = {"last-event-id": str(read.received[-1].version)} if read.received else {}
                if connected:
                    read.resumes += 1
                try:
                    with httpx.stream(
                        "GET",
                        f"{self.shared.base}/games/{game}/live",
                        params={"heartbeat": 1},
                        headers=headers,
                        timeout=timeout,
                    ) as stream:
                        if stream.status_code != 200:
                            time.sleep(0.5)
                            continue
                        connected = True
                        if self.consume(stream, read, until):
                            return
                except httpx.HTTPError:
                    time.sleep(0.3)
        finally:
            read.end = recorder.now()

    def consume(self, stream: httpx.Response, read: SseRead, until: float) -> bool:
        """Events into ``read`` until the stream ends (True: the game's end) or the reader's time is up.

        An event counts once its blank line has arrived (the SSE rule): a stream cut mid-event (a reset
        connection ends like any other) drops the partial one, which the resume asks for again.
        """
        fields: dict[str, str] = {}
        for line in stream.iter_lines():
            if line == "":
                if fields.get("event") == "event" and "id" in fields:
                    try:
                        data = msgspec.json.decode(fields.get("data", ""))
                    except msgspec.DecodeError:  # a broken event: the checker reports it
                        data = {"type": "<malformed>", "recorded_at": ""}
                    read.received.append(Stored(int(fields["id"]), data["type"], data["recorded_at"]))
                elif fields.get("event") == "end":
                    read.ended = True
                    return True
                fields = {}
            elif not line.startswith(":") and ":" in line:
                name, _, value = line.partition(":")
                fields[name] = value[1:] if value.startswith(" ") else value
            if time.monotonic() > until or self.shared.stop.is_set():
                return True
        return False
