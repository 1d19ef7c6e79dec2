"""Helpers the tests share that are not fixtures (those are in ``conftest.py``)."""

from __future__ import annotations


def auth(token: str, version: int | None = None, **headers: str) -> dict[str, str]:
    """A request's headers with ``token``: ``version``, when given, as the ``If-Match`` a write checks;
    ``headers``, any more."""
    out = {"Authorization": f"Bearer {token}", **headers}
    if version is not None:
        out["If-Match"] = f'"{version}"'
    return out
