"""A small HTTP client for the commands that talk to a running Banquise (import, export, simulate)."""

from __future__ import annotations

import os
from typing import Any

import httpx

DEFAULT_URL = "http://127.0.0.1:8000"


class CliError(Exception):
    """A failure the command explains in one line, with its exit status (2: bad arguments or input)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def unreachable(exc: httpx.TransportError) -> str:
    """One line for a server that cannot be reached (stopped, wrong URL, timed out)."""
    try:
        where = str(exc.request.url.copy_with(path="/", query=None)).rstrip("/")
    except RuntimeError:  # no request attached
        where = "the server"
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return f"cannot reach Banquise at {where} ({reason}); is `banquise serve` running there? (--url or BANQUISE_URL)"


class ApiError(Exception):
    def __init__(self, status: int, problem: dict[str, Any]) -> None:
        self.status = status
        self.problem = problem
        super().__init__(f"{status} {problem.get('code', '?')}: {problem.get('detail', '')}")


def connect(url: str | None, key: str | None) -> httpx.Client:
    token = key or os.environ.get("BANQUISE_API_KEY")
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=url or os.environ.get("BANQUISE_URL") or DEFAULT_URL, headers=headers, timeout=60)


def check(response: httpx.Response) -> Any:
    if response.status_code >= 400:
        try:
            problem = response.json()
        except ValueError:
            problem = {"detail": response.text[:200]}
        raise ApiError(response.status_code, problem)
    return response.json()


def add_connection_arguments(parser: Any, *, url_flag: str = "--url") -> None:
    parser.add_argument(url_flag, default=None, help=f"Banquise base URL (BANQUISE_URL, default {DEFAULT_URL})")
    parser.add_argument("--key", default=None, help="API key (default: BANQUISE_API_KEY)")
