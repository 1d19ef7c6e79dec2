"""``GET /kinds``: the registered game kinds as every client needs them (``service/games/kinds.py``).

The same for every caller and between deployments of one version: cacheable, with an ETag (a client
asks again with ``If-None-Match`` and gets an empty 304)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, get
from litestar.params import FromPath, QueryParameter

from service.games.kinds import HandCards, Kinds, hand_cards, kinds
from service.http.caching import conditional
from service.http.routes.games import negotiate_language


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


@get(
    "/kinds/{kind:str}/hand-cards",
    tags=["games"],
    summary="The cards a hand is dealt from, for a setup form's hands field (a table naming its hands)",
    description="The kind's cards on the edition the form names so far (the query holds the form's values: "
    "`edition`), in the order and groups (a family, a cost) a page narrows a long list by, in `lang` (else "
    "Accept-Language); `count`: the cards of a hand. 404 no_hand_cards for a kind whose setup names no "
    "hands; an unknown edition is refused as the setup would be (422).",
    sync_to_thread=True,
)
def kind_hand_cards(
    request: Request[Any, Any, Any],
    kind: FromPath[str],
    edition: Annotated[str | None, QueryParameter(description="The edition the form names", max_length=64)] = None,
    lang: Annotated[str | None, QueryParameter(description="en | fr | es; default from Accept-Language")] = None,
) -> HandCards:
    # every value of the form so far, as the field's options_from passes them (the edition documented)
    values = {k: v for k, v in request.query_params.items() if k != "lang" and isinstance(v, str)}
    if edition is not None:
        values["edition"] = edition
    return hand_cards(kind, values, negotiate_language(request, lang))
