"""``/games/{id}/analysis``: ask for a game's analysis, follow its progress, read it whole or move by move.

The work is done by ``banquise worker analysis`` processes (``service.cli.commands.analysis``); these routes
only queue it and read what the workers stored.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.status_codes import HTTP_202_ACCEPTED

from domain.analysis.game import DEFAULT_BUDGET, GameAnalysis, StepAnalysis
from service.base.keys import ApiKey
from service.base.store.analyses import QueueBounds
from service.games.analysis import MAX_BUDGET, MIN_BUDGET, AnalysisAsked, AnalysisProgress, GameAnalyses
from service.games.decoding import DECODING, decode_error
from service.games.keys import InvalidApiKey
from service.http.auth import caller
from service.http.caching import conditional_body
from service.http.errors import answers
from service.http.routes.games import KEY_OPTIONAL

_json = msgspec.json.Encoder()
_asked = msgspec.json.Decoder(AnalysisAsked, strict=True)
# A finished public game's analysis never changes (a new analysis version is another resource: its
# ``analysis_version`` differs and so does its ETag).
IMMUTABLE = "public, max-age=31536000, immutable"
# How long a client following a running analysis waits before asking again.
RETRY_AFTER = "2"

Budget = Annotated[
    int,
    QueryParameter(
        description=f"Rollouts per estimate ({MIN_BUDGET} to {MAX_BUDGET}, default {DEFAULT_BUDGET}): "
        "each budget is an analysis of its own; out of range: 422 budget_out_of_range",
    ),
]

Version = Annotated[
    str | None,
    QueryParameter(
        description="An analysis version (`analysis_version` of an analysis): an older analysis stays readable; "
        "without it, the current version's (asking for an analysis computes only the current version)",
    ),
]

READ_PROBLEMS = answers(GameAnalyses.answer)


def _strict(body: bytes) -> AnalysisAsked:
    """The body as JSON types say it: a budget is an integer (never a string or a float that holds one)."""
    try:
        return _asked.decode(body)
    except msgspec.MsgspecError as exc:
        raise decode_error(exc, "the body") from exc


def _location(progress: AnalysisProgress) -> str:
    return f"/games/{progress.game_id}/analysis?budget={progress.budget}"


def _accepted(progress: AnalysisProgress) -> Response[Any]:
    headers = {"location": _location(progress), "cache-control": "no-store"}
    if progress.status != "failed":  # a failed analysis ends there: nothing to ask again for
        headers["retry-after"] = RETRY_AFTER
    return Response(
        content=_json.encode(progress),
        status_code=HTTP_202_ACCEPTED,
        media_type="application/json",
        headers=headers,
    )


class AnalysisController(Controller):
    """A game's analysis: every step evaluated from each seat's information, each decision judged."""

    path = "/games"
    tags = ["analysis"]
    dependencies = {"key": Provide(caller)}

    @post(
        "/{game_id:uuid}/analysis",
        summary="Ask for a game's analysis (queued for the analysis workers); asking again answers the same job",
        description="One analysis per game, analysis version and budget, at the game's version when asked "
        "(a live game's covers the moves recorded then: ask again after more moves). Always 202 with the "
        "job's progress and `Location` (the GET that follows it), whether this request queued it or not. "
        "Who may ask is who may read the whole record: any key for a finished game, a live game's owner's "
        "key only (another key: 403 analysis_hidden). Queuing an analysis takes a key, counted against it: "
        "without one, only an analysis asked already is answered (401 api_key_required for a new one). A key "
        f"has at most `BANQUISE_ANALYSES_PER_KEY` (default {QueueBounds().per_key}) analyses queued or running "
        "(429 too_many_analyses) and the queue at most `BANQUISE_ANALYSIS_QUEUE` (default "
        f"{QueueBounds().total}; 503 analysis_queue_full), both with Retry-After; asking again for a job "
        "queued already is free. Workers take each key's first job before any key's second (then each "
        "key's second...): one caller's backlog never holds back another's. `budget` is an integer, "
        f"{MIN_BUDGET} to {MAX_BUDGET}.",
        status_code=HTTP_202_ACCEPTED,
        security=KEY_OPTIONAL,
        responses={
            202: ResponseSpec(
                AnalysisProgress,
                generate_examples=False,
                description="The analysis asked (queued, running, done or failed)",
            ),
            **answers(DECODING, InvalidApiKey, GameAnalyses.ask),
        },
    )
    async def ask(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        key: NamedDependency[ApiKey | None],
        analyses: NamedDependency[GameAnalyses],
        data: JSONBody[AnalysisAsked | None] = None,
    ) -> Response[AnalysisProgress]:
        # ``data`` is Litestar's lenient reading (it took "1" for 1): the body is decoded again, strictly.
        budget = _strict(await request.body()).budget if data is not None else AnalysisAsked().budget
        progress, _ = await sync_to_thread(analyses.ask, game_id, key, budget)
        return _accepted(progress)

    @get(
        "/{game_id:uuid}/analysis",
        summary="A game's analysis: 202 with its progress while it runs, 200 with the analysis when done",
        description="200: the `GameAnalysis` (its bytes are the same on every read and every run: seeded), "
        "with an ETag; a finished game's is `Cache-Control: immutable`. 202: an `AnalysisProgress` "
        "(`steps_done` of `steps_total` moves), with `Location` and `Retry-After`. `steps[i]` is move "
        "`i + 1` (the timeline's `move_number`); per seat, `win` (the share of the win, the seats' summing to "
        "1) and `score` (the expected final score), from the mover's information (`mover`) and from "
        "everything the record knows (`omniscient`).",
        security=KEY_OPTIONAL,
        responses={
            200: ResponseSpec(GameAnalysis, generate_examples=False, description="The analysis, done"),
            202: ResponseSpec(
                AnalysisProgress, generate_examples=False, description="Not done yet (or failed: status and failure)"
            ),
            **READ_PROBLEMS,
        },
    )
    async def read(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        key: NamedDependency[ApiKey | None],
        analyses: NamedDependency[GameAnalyses],
        budget: Budget = DEFAULT_BUDGET,
        analysis_version: Version = None,
    ) -> Response[GameAnalysis]:
        answer = await sync_to_thread(analyses.answer, game_id, key, budget, analysis_version)
        if answer.body is None:
            return _accepted(answer.progress)
        done = conditional_body(request, answer.body)
        done.headers["cache-control"] = IMMUTABLE if answer.immutable else "private, no-cache"
        return done

    @get(
        "/{game_id:uuid}/analysis/moves/{move:int}",
        summary="One move's evaluation and judgement, as soon as it is analysed",
        description="`move` counts from 1, as the timeline's `move_number` and `/replay?move=N` do. The "
        "step of the analysis (`steps[move - 1]` of the whole), available while the rest still runs.",
        security=KEY_OPTIONAL,
        responses={
            200: ResponseSpec(StepAnalysis, generate_examples=False, description="The move's analysis"),
            **answers(GameAnalyses.move),
        },
    )
    async def move(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[UUID],
        move: FromPath[int],
        key: NamedDependency[ApiKey | None],
        analyses: NamedDependency[GameAnalyses],
        budget: Budget = DEFAULT_BUDGET,
        analysis_version: Version = None,
    ) -> Response[StepAnalysis]:
        body = await sync_to_thread(analyses.move, game_id, key, budget, move, analysis_version)
        return conditional_body(request, body)
