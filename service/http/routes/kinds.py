"""``GET /kinds``: the registered game kinds as every client needs them (``service/games/kinds.py``).

The same for every caller and between deployments of one version: cacheable, with an ETag (a client
asks again with ``If-None-Match`` and gets an empty 304)."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from service.games.kinds import Kinds, kinds
from service.http.caching import conditional


@get(
    "/kinds",
    tags=["games"],
    summary="The game kinds: setup forms, player counts, vocabulary, board modules, capabilities",
    description="Built from the registered plug-ins alone: a client (the recorder's start page, the viewer) "
    "builds a new game's setup from a kind's `setup_form` and draws its board with `board_module` and "
    "`words`, naming no kind itself. Answered with an ETag; `If-None-Match` with it gives 304.",
    sync_to_thread=False,
)
def game_kinds(request: Request[Any, Any, Any]) -> Response[Kinds]:
    return conditional(request, kinds())
