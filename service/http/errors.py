"""Errors as RFC 9457 problem details, each with a stable machine-readable ``code``.

Every error the API returns has the media type ``application/problem+json`` and the members
``type``, ``title``, ``status``, ``detail``, ``code`` (stable: clients branch on it) and, where useful,
more members (``rule``, ``legal``, ``current_version``...). A 5xx is always a bug on our side.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    MethodNotAllowedException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
    ValidationException,
)
from litestar.exceptions.http_exceptions import ClientException
from litestar.openapi import ResponseSpec
from litestar.status_codes import HTTP_413_REQUEST_ENTITY_TOO_LARGE, HTTP_500_INTERNAL_SERVER_ERROR

from domain.errors import RuleViolation
from service.base.refusals import Category, Refusal, refusals_of
from service.base.store.chain import ChainBroken
from service.base.store.failures import OutcomeUnknown, ValueRejected, is_unavailable, reason
from service.games.decoding import InvalidRequest
from service.games.states import IllegalMove
from service.http.bodies import BodyTooLarge

log = logging.getLogger("banquise.errors")

PROBLEM_JSON = "application/problem+json"
# Seconds a client should wait before retrying after a 503 database_unavailable (a restart takes ~1 s).
RETRY_AFTER_SECONDS = 1
TYPE_BASE = "https://banquise.example/problems/"


class Problem(msgspec.Struct, omit_defaults=True, kw_only=True):
    """The body of every error response (RFC 9457 plus ``code``)."""

    type: str
    title: str
    status: int
    code: str
    detail: str | None = None
    instance: str | None = None
    request_id: str | None = None


def problem_response(
    request: Request[Any, Any, Any],
    status: int,
    code: str,
    detail: str | None,
    *,
    title: str | None = None,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response[Any]:
    body: dict[str, Any] = {
        "type": TYPE_BASE + code,
        "title": title or code.replace("_", " ").capitalize(),
        "status": status,
        "code": code,
    }
    if detail:
        body["detail"] = detail
    body["instance"] = request.url.path
    request_id = request.scope.get("banquise_request_id")
    if request_id:
        body["request_id"] = request_id
    body.update({k: v for k, v in extra.items() if v is not None})
    return Response(content=body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


# The one table from a use case's refusal to an HTTP status.
STATUS: dict[Category, int] = {
    Category.INVALID: 400,
    Category.UNAUTHENTICATED: 401,
    Category.FORBIDDEN: 403,
    Category.NOT_FOUND: 404,
    Category.CONFLICT: 409,
    Category.TOO_LARGE: 413,
    Category.UNSUPPORTED: 415,
    Category.UNPROCESSABLE: 422,
    Category.TOO_MANY: 429,
    Category.UNAVAILABLE: 503,
}


def answers(*sources: Any) -> dict[int, ResponseSpec]:
    """A route's documented error answers, from the refusals it can raise (refusal classes, tuples of them,
    use cases marked by ``refuses``): each status lists its refusals' codes and what each means, as their
    classes say it (``Refusal.documented``), never written again as prose."""
    lines: dict[int, list[str]] = {}
    for refusal in refusals_of(*sources):
        lines.setdefault(STATUS[refusal.category], []).append(refusal.documented())
    return {
        status: ResponseSpec(None, description="\n".join(f"- {line}" for line in dict.fromkeys(said)))
        for status, said in sorted(lines.items())
    }


def _refusal(request: Request[Any, Any, Any], exc: Refusal) -> Response[Any]:
    headers: dict[str, str] = {}
    if exc.category in (Category.UNAVAILABLE, Category.TOO_MANY):
        # Again later: when, the refusal says (a queue's turn) or soon (read models catching up).
        headers["retry-after"] = str(exc.extra.get("retry_after", RETRY_AFTER_SECONDS))
    elif exc.category is Category.UNAUTHENTICATED:
        headers["www-authenticate"] = "Bearer"  # a 401 names the scheme to authenticate with (RFC 9110 §15.5.2)
    elif exc.category is Category.UNSUPPORTED:
        headers["accept-post"] = "application/json"  # the media type a body is read in (RFC 9110 §15.5.16)
    current = exc.extra.get("current_version")
    if isinstance(current, int):
        headers["etag"] = f'"{current}"'  # a conflict names the version to resubmit at
    return problem_response(
        request, STATUS[exc.category], exc.code, exc.detail, title=exc.title, headers=headers, **exc.extra
    )


def _rule_violation(request: Request[Any, Any, Any], exc: RuleViolation) -> Response[Any]:
    """The rules' refusal that reached the edge unwrapped (a setup checked by a route's own decoding): the
    use cases' refusal of it, answered the one way."""
    return _refusal(request, IllegalMove(exc))


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    # Litestar reports msgspec decode errors (malformed JSON, wrong types, unknown fields) here.
    errors = exc.extra if isinstance(exc.extra, list) else None
    return _refusal(request, InvalidRequest(str(exc.detail), errors=errors))


_HTTP_CODES = {
    NotFoundException: "not_found",
    MethodNotAllowedException: "method_not_allowed",
    NotAuthorizedException: "unauthorized",
    PermissionDeniedException: "forbidden",
}


def _http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    if exc.status_code == HTTP_413_REQUEST_ENTITY_TOO_LARGE:
        return _refusal(request, BodyTooLarge(str(exc.detail)))
    code = next((c for t, c in _HTTP_CODES.items() if isinstance(exc, t)), None)
    if code is None:
        code = "bad_request" if isinstance(exc, ClientException) else "http_error"
    if exc.status_code >= 500:
        log.error("server error %s on %s %s: %s", exc.status_code, request.method, request.url.path, exc.detail)
    return problem_response(request, exc.status_code, code, str(exc.detail), headers=exc.headers)


def _unavailable(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """The database cannot serve now (down, restarting, unreachable, too slow): retry later, unchanged."""
    log.warning(
        "database unavailable on %s %s: %s",
        request.method,
        request.url.path,
        reason(exc),
        extra={"fields": {"error": type(exc).__name__}},
    )
    if isinstance(exc, OutcomeUnknown):
        return problem_response(
            request,
            503,
            "database_unavailable",
            "The database stopped answering while this write was being stored, and whether it was stored is not "
            "known yet: retry the request with the same Idempotency-Key (it is stored once, or its first answer "
            "is returned)." + (f" Without a key, look for game {exc.stream} before retrying." if exc.stream else ""),
            title="Database unavailable",
            headers={"retry-after": str(RETRY_AFTER_SECONDS)},
            outcome="unknown",
        )
    return problem_response(
        request,
        503,
        "database_unavailable",
        "The database is unavailable right now; nothing was changed by this request. Retry it shortly.",
        title="Database unavailable",
        headers={"retry-after": str(RETRY_AFTER_SECONDS)},
    )


def _value_rejected(request: Request[Any, Any, Any], exc: ValueRejected) -> Response[Any]:
    # Only writes raise it, and everything they store comes from the request: the input's fault.
    return problem_response(request, 422, "value_rejected", f"the database cannot store a value of this request: {exc}")


def _chain_broken_detail(exc: ChainBroken) -> str:
    return (
        f"The stored events of game {exc.game_id} fail their integrity check at version {exc.version}: nothing "
        "is answered from them. The server's operators are alerted (banquise_chain_broken_total)."
    )


def _chain_broken(request: Request[Any, Any, Any], exc: ChainBroken) -> Response[Any]:
    """A stored event that is not what its chain says (changed behind the service's back, or missing: a
    lost tail included): never input, never answered from (already logged and counted where it was
    found: ``service.base.store.chain``)."""
    return problem_response(
        request,
        HTTP_500_INTERNAL_SERVER_ERROR,
        ChainBroken.code,
        _chain_broken_detail(exc),
        title="Stored events altered",
        version=exc.version,
        game_id=str(exc.game_id),
    )


def chain_broken_line(request: Request[Any, Any, Any], exc: ChainBroken) -> bytes:
    """The problem of a game met broken in a streamed export, as a line of the stream in the place of its
    record (a stream's status is sent before its lines: it cannot become a 500 any more)."""
    problem = {
        "type": TYPE_BASE + ChainBroken.code,
        "title": "Stored events altered",
        "status": HTTP_500_INTERNAL_SERVER_ERROR,
        "code": ChainBroken.code,
        "detail": _chain_broken_detail(exc),
        "instance": request.url.path,
        "game_id": str(exc.game_id),
        "version": exc.version,
    }
    return msgspec.json.encode(problem) + b"\n"


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    if is_unavailable(exc):
        return _unavailable(request, exc)
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem_response(
        request,
        HTTP_500_INTERNAL_SERVER_ERROR,
        "internal_error",
        "An unexpected error occurred on the server; it has been logged with this request's id.",
        title="Internal server error",
    )


EXCEPTION_HANDLERS: dict[type[Exception] | int, Any] = {
    Refusal: _refusal,
    RuleViolation: _rule_violation,
    ValidationException: _validation,
    HTTPException: _http,
    ValueRejected: _value_rejected,
    ChainBroken: _chain_broken,
    Exception: _unexpected,
}
