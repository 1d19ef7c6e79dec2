"""What the service answers when it will not do what it was asked: a category, a stable code, a detail.

Use cases (``service.games``) and read models (``projections``) raise a :class:`Refusal`; they know
nothing of HTTP. The HTTP layer turns each category into a status, once, in one table
(``service.http.errors``); the CLI prints the detail. A refusal's ``code`` is the stable,
machine-readable name clients branch on; ``extra`` members travel with it (``current_version``,
``legal``, ``path``...).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar
from uuid import UUID


class Category(enum.Enum):
    """Why a request was refused, in the caller's terms (each one HTTP status, in the HTTP layer)."""

    INVALID = "invalid"  # the request itself is malformed: a body, a parameter, a cursor
    UNAUTHENTICATED = "unauthenticated"  # no key, or one the service does not know
    FORBIDDEN = "forbidden"  # a known caller, not allowed this
    NOT_FOUND = "not_found"  # what it names does not exist
    CONFLICT = "conflict"  # the state moved on, or the name is taken
    TOO_LARGE = "too_large"  # a body larger than the service reads
    UNSUPPORTED = "unsupported"  # a body in a media type the service does not read
    UNPROCESSABLE = "unprocessable"  # well formed, but the rules or the service's bounds refuse it
    TOO_MANY = "too_many"  # this caller asked for more than its share: again later (``retry_after``)
    UNAVAILABLE = "unavailable"  # try again later: the database, or read models still catching up


class Refusal(Exception):
    """The one error type of a refusal, in every layer: a subclass per stable code, raised beside the use case
    (or the read model, or the HTTP layer's own check) that refuses. ``category`` and ``code`` are class
    attributes (a class whose code varies, as a rule's, sets it per refusal: ``code=``), and the class's
    docstring is what the API's documentation says of it: each route documents the refusals it can raise,
    from their classes (``service.http.errors.answers``)."""

    category: ClassVar[Category] = Category.INVALID
    code: str = ""

    def __init__(self, detail: str, *, code: str | None = None, title: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        if code is not None:
            self.code = code
        self.detail = detail
        self.title = title or self.code.replace("_", " ").replace(".", ": ").capitalize()
        self.extra = extra

    @classmethod
    def documented(cls) -> str:
        """The code and what it means, as the API's documentation lists it: ``game_voided: a move to a voided
        game`` (the docstring's first paragraph, said to the caller)."""
        doc = " ".join((cls.__doc__ or "").split("\n\n")[0].split()).rstrip(".")
        said = doc[:1].lower() + doc[1:]
        return f"`{cls.code}`: {said}" if cls.code and said else f"`{cls.code}`" if cls.code else said


F = TypeVar("F", bound=Callable[..., Any])
Refusals = tuple[type[Refusal], ...]


def refuses(*refusals: type[Refusal] | Refusals) -> Callable[[F], F]:
    """Say which refusals a use case raises, its collaborators' included (a tuple is a group of them): the
    routes that call it document those (``service.http.errors.answers``), and a test holds each ``raise``
    of the use case's own body to the list."""

    def mark(function: F) -> F:
        function.refusals = refusals_of(*refusals)  # type: ignore[attr-defined]
        return function

    return mark


def refusals_of(*sources: Any) -> Refusals:
    """The refusals of each source, in order, once each: a refusal class, a tuple of them, or a use case
    marked by ``refuses``."""
    found: list[type[Refusal]] = []
    for source in sources:
        if isinstance(source, type) and issubclass(source, Refusal):
            found.append(source)
        elif isinstance(source, tuple):
            found.extend(refusals_of(*source))
        else:
            found.extend(getattr(source, "refusals"))  # noqa: B009 (a use case marked by ``refuses``)
    return tuple(dict.fromkeys(found))


# ---------------------------------------------------------------- refusals both sides raise
# The use cases (``service.games``) and the read models (``projections``) sit side by side and name these
# from here, so one code is one class.
class GameNotFound(Refusal):
    """No game has this id."""

    category = Category.NOT_FOUND
    code = "game_not_found"

    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(f"there is no game {game_id}")
        self.game_id = game_id


class PlayerNotFound(Refusal):
    """No player has this handle."""

    category = Category.NOT_FOUND
    code = "player_not_found"

    def __init__(self, handle: str) -> None:
        super().__init__(f"no player has the handle {handle!r}")


class InvalidCursor(Refusal):
    """A page cursor this list did not hand out."""

    category = Category.INVALID
    code = "invalid_cursor"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)


class ResultOnlyGame(Refusal):
    """An imported play (BG Stats, BGG) has its results and no moves: nothing to replay, step through,
    append to, fork or analyse."""

    category = Category.CONFLICT
    code = "game_result_only"

    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(
            f"game {game_id} was imported from another app with its results only: it has no moves to replay, "
            f"step through or play on (its results: GET /games/{game_id}/stats)",
            title="Result-only game",
            game_id=str(game_id),
        )
