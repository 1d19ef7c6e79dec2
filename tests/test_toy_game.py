"""A third game kind from the test suite alone: a game kind is one plug-in, registered once.

``pile`` is a tiny pure game (two or three players take one or two counters in turn from a pile of
seven; who takes the last one wins). It is defined here, registered for this module only, and goes
through the real HTTP app against the embedded PostgreSQL: create, moves to the end, replay, the
watch page, the game's statistics and a player's. Nothing outside this file names it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Literal

import msgspec
import pytest
from litestar.testing import TestClient

from domain.analysis.contract import Analysable, seat_of
from domain.analysis.game import analyse
from domain.errors import RuleViolation, SetupError
from domain.game import Language, Perspective, PlayerResult, state_hash
from domain.kinds import game, register_game, registered_games, registration
from domain.registry import AlreadyRegistered, GamePlugin
from domain.setup_form import SetupField, SetupForm
from domain.statistics import Final, Statistics, Tallied
from projections import gamestats, standard
from service.base.store.kinds import Registry
from service.cli.commands.simulate import simulated_record
from service.runtime import Runtime
from tests.domain.harness import check_contract, kinds_of
from tests.helpers import auth

KIND = "pile"
RULES_VERSION = "pile-1"
PILE = 7


# ------------------------------------------------------------------ the game: setup, moves, events, state
class Setup(msgspec.Struct, frozen=True, kw_only=True):
    players: list[str]
    pile: int = PILE


class PileEvent(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type", tag=True):
    pass


class GameStarted(PileEvent, frozen=True, kw_only=True):
    rules_version: str
    players: list[str]
    pile: int


class TurnStarted(PileEvent, frozen=True, kw_only=True):
    seat: int


class CountersTaken(PileEvent, frozen=True, kw_only=True):
    seat: int
    count: int


class GameEnded(PileEvent, frozen=True, kw_only=True):
    winner: int


Event = GameStarted | TurnStarted | CountersTaken | GameEnded


class Take(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag=True):
    """Take one or two counters from the pile."""

    seat: int
    count: int


class PileState(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    rules_version: str = ""
    players: list[str] = []
    pile: int = 0
    seat: int = -1  # whose turn it is; -1 outside a turn
    turn: int = 0
    taken: list[int] = []
    winner: int = -1
    phase: Literal["setup", "take", "finished"] = "setup"


WORDS: dict[Language, tuple[str, str, str, str]] = {
    "en": ("A pile of {n} counters", "{who}'s turn", "{who} takes {n}", "{who} takes the last counter and wins"),
    "fr": ("Une pile de {n} jetons", "Au tour de {who}", "{who} prend {n}", "{who} prend le dernier jeton et gagne"),
    "es": ("Una pila de {n} fichas", "Turno de {who}", "{who} toma {n}", "{who} toma la última ficha y gana"),
}


def _evolve(state: PileState, event: Any) -> PileState:
    replace = msgspec.structs.replace
    if isinstance(event, GameStarted):
        players = list(event.players)
        return PileState(rules_version=event.rules_version, players=players, pile=event.pile, taken=[0] * len(players))
    if isinstance(event, TurnStarted):
        return replace(state, seat=event.seat, turn=state.turn + 1, phase="take")
    if isinstance(event, CountersTaken):
        taken = list(state.taken)
        taken[event.seat] += event.count
        return replace(state, pile=state.pile - event.count, taken=taken)
    return replace(state, winner=event.winner, seat=-1, phase="finished")


class PileRules:
    kind: ClassVar[str] = KIND
    rules_version = RULES_VERSION
    setup_type = Setup
    move_type = Take
    event_type = Event

    def start(self, setup: Setup) -> list[Any]:
        if not 2 <= len(setup.players) <= 3:
            raise SetupError("pile.player_count", "pile is played by 2 or 3 players")
        if not 1 <= setup.pile <= 50:
            raise SetupError("pile.pile_size", "a pile holds 1 to 50 counters")
        return [
            GameStarted(rules_version=RULES_VERSION, players=list(setup.players), pile=setup.pile),
            TurnStarted(seat=0),
        ]

    def initial_state(self) -> PileState:
        return PileState()

    def decide(self, state: PileState, move: Take) -> list[Any]:
        if state.phase != "take":
            raise RuleViolation("pile.game_over", "the game is over")
        if move.seat != state.seat:
            raise RuleViolation("pile.not_your_turn", f"it is seat {state.seat}'s turn", legal=self.legal_moves(state))
        if not 1 <= move.count <= min(2, state.pile):
            raise RuleViolation("pile.take_one_or_two", "take one or two counters", legal=self.legal_moves(state))
        events: list[Any] = [CountersTaken(seat=move.seat, count=move.count)]
        if move.count == state.pile:
            events.append(GameEnded(winner=move.seat))
        else:
            events.append(TurnStarted(seat=(move.seat + 1) % len(state.players)))
        return events

    def evolve(self, state: PileState, event: Any) -> PileState:
        return _evolve(state, event)

    def fold(self, events: Iterable[Any], state: PileState | None = None) -> PileState:
        state = PileState() if state is None else state
        for event in events:
            state = _evolve(state, event)
        return state

    def is_finished(self, state: PileState) -> bool:
        return state.phase == "finished"

    def players(self, state: PileState) -> Sequence[str]:
        return state.players

    def results(self, state: PileState) -> list[PlayerResult]:
        won = [int(seat == state.winner) for seat in range(len(state.players))]
        return sorted(
            (
                PlayerResult(seat=s, player=p, total=won[s], breakdown={"last_counter": won[s]}, rank=2 - won[s])
                for s, p in enumerate(state.players)
            ),
            key=lambda r: (r.rank, r.seat),
        )

    def public_results(self, state: PileState) -> list[PlayerResult]:
        return self.results(state)  # nothing is hidden

    def view(self, state: PileState, perspective: Perspective) -> PileState:
        return state

    def legal_moves(self, state: PileState) -> list[Take]:
        if state.phase != "take":
            return []
        return [Take(seat=state.seat, count=n) for n in range(1, min(2, state.pile) + 1)]

    def actor(self, event: Any) -> int | None:
        return event.seat if isinstance(event, TurnStarted | CountersTaken) else None

    def describe(
        self, event: Any, lang: Language = "en", players: Sequence[str] = (), state: PileState | None = None
    ) -> str:
        started, turn, takes, wins = WORDS[lang]

        def who(seat: int) -> str:
            return players[seat] if seat < len(players) else f"#{seat}"

        if isinstance(event, GameStarted):
            return started.format(n=event.pile)
        if isinstance(event, TurnStarted):
            return turn.format(who=who(event.seat))
        if isinstance(event, CountersTaken):
            return takes.format(who=who(event.seat), n=event.count)
        return wins.format(who=who(event.winner))

    def is_turn_start(self, event: Any) -> bool:
        return isinstance(event, TurnStarted)

    def turn_of(self, state: PileState) -> int | None:
        return state.seat if state.phase == "take" else None

    def phase(self, state: PileState) -> str:
        return state.phase

    def redact_event(self, event: Any, perspective: Perspective, state: PileState) -> Any:
        return event


RULES = PileRules()


# ------------------------------------------------------------------ simulator and statistics
class SimulatedPile(msgspec.Struct, frozen=True):
    setup: Setup
    moves: list[Any]
    events: list[Any]


def simulate(players: int, seed: int) -> SimulatedPile:
    """A seeded game: each take is one or two counters by a small LCG of the seed (no randomness source)."""
    setup = Setup(players=[f"player{i + 1}" for i in range(players)])
    events = RULES.start(setup)
    state = RULES.fold(events)
    moves: list[Any] = []
    x = seed
    while not RULES.is_finished(state):
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        legal = RULES.legal_moves(state)
        move = legal[(x >> 33) % len(legal)]
        decided = RULES.decide(state, move)
        moves.append(move)
        events += decided
        state = RULES.fold(decided, state)
    return SimulatedPile(setup=setup, moves=moves, events=events)


def _final(state: PileState, results: list[PlayerResult], tally: Tallied) -> Final:
    by_seat = {r.seat: r for r in results}
    seats: list[dict[str, float]] = [
        {
            "counters_taken": tally.get("counters_taken", seat),
            "turns_played": tally.get("turns_played", seat),
            "score_total": by_seat[seat].total,
            "rank": by_seat[seat].rank,
        }
        for seat in range(len(state.players))
    ]
    return Final(
        table={"turns": state.turn, "events": tally.events},
        seats=seats,
        extras=[{"counters_taken": row["counters_taken"]} for row in seats],
    )


TOY = GamePlugin(
    rules=RULES,
    title="Pile",
    player_counts=(2, 3),
    simulations={"full": simulate},
    statistics=Statistics(
        player_stats={1: "counters_taken", 2: "turns_played", 3: "score_total", 4: "rank"},
        table_stats={1: "turns", 2: "events"},
        counters={
            "CountersTaken": lambda t, e: t.add("counters_taken", e.seat, e.count),
            "TurnStarted": lambda t, e: t.add("turns_played", e.seat),
        },
        final=_final,
        totals=(1,),
    ),
    # Analysis through the generic path: nothing is hidden (the sample is the state), random rollouts.
    analysis=Analysable(
        determinize=lambda state, seat, rng: state,
        rollout_move=lambda state, rng: (lambda legal: legal[rng.below(len(legal))])(RULES.legal_moves(state)),
        decider=lambda state, move: seat_of(move),
        policy="uniformly random among the legal moves",
    ),
    # The recorder's start page asks what the setup takes (the players, and the pile's size).
    setup_form=SetupForm(fields=[SetupField(key="pile", label="Counters in the pile", input="number", default="7")]),
    move_titles={"Take": "{p} takes counters"},
    words={"pile": ("Pile", "Pile", "Pila")},
)


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[GamePlugin]:
    """The one registration, before the module's app is built; undone afterwards."""
    with registration(TOY) as plugin:
        yield plugin
    assert game(KIND) is None


# ------------------------------------------------------------------ the registry
def test_the_toy_is_registered_after_the_built_in_kinds() -> None:
    kinds = [plugin.kind for plugin in registered_games()]
    assert kinds[-1] == KIND and len(kinds) >= 3
    assert Registry.default().get(KIND) is not None
    assert gamestats.PLAYER_STATS[KIND][1] == "counters_taken"


def test_a_second_kind_of_the_same_name_is_refused() -> None:
    other = GamePlugin(
        rules=RULES, title="x", player_counts=(2,), simulations={"full": simulate}, statistics=TOY.statistics
    )
    with pytest.raises(AlreadyRegistered):
        register_game(other)
    assert game(KIND) is TOY  # the refused registration left the first in place


@pytest.mark.parametrize("players", [2, 3])
def test_the_toy_keeps_the_rules_contract(players: int) -> None:
    (kind,) = kinds_of(TOY)
    check_contract(kind, players, seed=2026 + players)


# ------------------------------------------------------------------ through the app
Client = TestClient[Any]


@pytest.fixture(scope="module")
def played(client: Client, api_key: str) -> dict[str, Any]:
    """A game of pile created and played to its end over HTTP, one move at a time."""
    made = client.post("/games", json={"kind": KIND, "setup": {"players": ["Ana", "Bo"]}}, headers=auth(api_key))
    assert made.status_code == 201, made.text
    created = dict(made.json())
    gid = created["id"]
    for _ in range(PILE):
        listed = client.get(f"/games/{gid}/legal-moves", headers=auth(api_key)).json()
        moves = [choice["move"] for group in listed["groups"] for choice in group["choices"]]
        if not moves:
            break
        move = max(moves, key=lambda m: m["count"])  # take two while there are two
        answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
        assert answer.status_code in (200, 201), answer.text
    return created


def test_a_created_game_is_live_with_its_players(client: Client, played: dict[str, Any]) -> None:
    assert played["kind"] == KIND and played["status"] == "live" and played["players"] == ["Ana", "Bo"]


def test_the_moves_played_finish_the_game(client: Client, played: dict[str, Any]) -> None:
    summary = client.get(f"/games/{played['id']}").json()
    assert summary["status"] == "finished", summary
    # 7 counters, two at a time: Ana 2, Bo 2, Ana 2, Bo takes the last one
    assert summary["moves"] == 4


def test_an_illegal_move_is_refused_with_its_code(client: Client, api_key: str) -> None:
    made = client.post("/games", json={"kind": KIND, "setup": {"players": ["Ana", "Bo"]}}, headers=auth(api_key))
    gid = made.json()["id"]
    too_many = {"type": "Take", "seat": 0, "count": 3}
    answer = client.post(f"/games/{gid}/moves", json={"move": too_many}, headers=auth(api_key))
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "pile.take_one_or_two"


def test_replay_steps_are_the_folded_events(client: Client, played: dict[str, Any]) -> None:
    gid = played["id"]
    events = client.get(f"/games/{gid}/events").json()
    decoded = [msgspec.convert(e["event"], type=Event) for e in events]
    for step in range(1, len(decoded) + 1):
        replay = client.get(f"/games/{gid}/replay/{step}").json()
        assert replay["step"] == step
        assert replay["state_hash"] == state_hash(RULES.fold(decoded[:step]))
    last = client.get(f"/games/{gid}/replay/{len(decoded)}").json()
    assert last["view"]["pile"] == 0 and last["view"]["winner"] == 1


def test_the_watch_page_shows_the_generic_board_and_the_descriptions(client: Client, played: dict[str, Any]) -> None:
    page = client.get(f"/games/{played['id']}/watch", params={"lang": "fr"})
    assert page.status_code == 200, page.text
    html = page.text
    assert '<section id="board"' in html
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', html, re.S)
    assert found is not None
    data = msgspec.json.decode(found.group(1))
    assert data["kind"] == "pile" and data["board_module"] is None  # no board of its own: the generic one
    assert data["replay"]["view"]["pile"] == 0
    assert any("Bo prend le dernier jeton et gagne" in e["description"] for e in data["timeline"])


def test_the_game_and_player_statistics(client: Client, played: dict[str, Any], runtime: Runtime) -> None:
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    runner.close()
    stats = client.get(f"/games/{played['id']}/stats")
    assert stats.status_code == 200, stats.text
    body = stats.json()
    table = {s["name"]: s["value"] for s in body["table"]}
    assert table == {"turns": 4, "events": client.get(f"/games/{played['id']}").json()["version"]}
    seats = {s["seat"]: {v["name"]: v["value"] for v in s["stats"]} for s in body["players_stats"]}
    assert seats[0]["counters_taken"] == 4 and seats[1]["counters_taken"] == 3
    assert seats[1]["rank"] == 1 and seats[0]["rank"] == 2 and seats[1]["turns_played"] == 2
    profile = client.get("/players/Bo")
    assert profile.status_code == 200, profile.text
    overall = [s for s in profile.json()["stats"] if s["kind"] == KIND and s["player_count"] is None]
    assert len(overall) == 1 and overall[0]["games"] == 1 and overall[0]["wins"] == 1
    assert overall[0]["avg_breakdown"] == {"last_counter": 1.0}
    assert overall[0]["totals"] == {"counters_taken": 3}
    assert [r["kind"] for r in profile.json()["ratings"]] == [KIND]


def test_a_simulated_record_imports(client: Client, api_key: str) -> None:
    record = simulated_record(KIND, 3, 11, names=["Ana", "Bo", "Cy"])
    made = client.post("/games/import", json=record, headers=auth(api_key))
    assert made.status_code == 201, made.text
    assert made.json()["status"] == "finished" and made.json()["moves"] == len(simulate(3, 11).moves)


def test_the_toy_is_analysed_through_the_generic_path() -> None:
    """Given a simulated toy game, when it is analysed by the generic path (the toy's own analysis part),
    then every move is a step judged for its seat and the last step's expected scores are the final ones."""
    game_ = simulate(2, 5)
    analysis = analyse(TOY, game_.events[:2], game_.moves, budget=8, seed=3)
    assert [s.step for s in analysis.steps] == list(range(len(game_.moves)))
    assert {s.seat for s in analysis.steps} <= {0, 1}
    final = RULES.results(RULES.fold(game_.events))
    last = analysis.steps[-1].omniscient.seats
    assert [o.score for o in last] == [float(r.total) for r in sorted(final, key=lambda r: r.seat)]


def test_the_worse_take_is_judged_with_the_better_one_named() -> None:
    """Given a pile of 4, Ana to move, rollouts at random: taking 1 leaves Bo 3 (Ana wins 3 times in 4),
    taking 2 leaves him 2 (Ana wins 1 time in 2). When she takes 2, then the drop (her expected score, a win
    worth 1, loses about 0.25 of a spread near 0.5: a drop near 0.15) is flagged
    and the better take named in the game's words."""
    opening = [GameStarted(rules_version=RULES_VERSION, players=["Ana", "Bo"], pile=4), TurnStarted(seat=0)]
    analysis = analyse(TOY, opening, [Take(seat=0, count=2), Take(seat=1, count=2)], budget=16, seed=1)
    judged = analysis.steps[0].judgement
    assert judged is not None and judged.seat == 0
    assert judged.best == "Ana takes 1" and judged.played == "Ana takes 2"
    assert judged.advice == "Ana could have: Ana takes 1 (instead of: Ana takes 2)"
    assert judged.verdict in ("inaccuracy", "mistake") and judged.drop >= 0.1
    assert analysis.accuracy[0].decisions == 1 and analysis.accuracy[0].accuracy is not None
    assert analysis.accuracy[0].accuracy < 100 and analysis.accuracy[1].decisions == 1
