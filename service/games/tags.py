"""``GET /games?tag=…``: a game's tags as a filter. Tags are the owner's public metadata about a game (a
club, a site, an event), given when it is created or imported and shown to everyone, live or finished.

``tag=key:value`` keeps the games whose tag ``key`` has that value, ``tag=key`` those that have the tag
at all; repeated, every filter must hold. The first ``:`` separates name from value (a value may hold
more). Answered by the GIN index on ``games.tags``: containment (``@>``) and presence (``?&``).
"""

from __future__ import annotations

import msgspec

from service.base.refusals import Category, Refusal
from service.games import limits

MAX_FILTERS = limits.MAX_TAGS


class InvalidTagFilter(Refusal):
    """A tag filter that is neither name:value nor name."""

    category = Category.INVALID
    code = "invalid_tag_filter"

    def __init__(self, detail: str) -> None:
        super().__init__(detail, title="Invalid tag filter", parameter="tag")


class TagFilter(msgspec.Struct, frozen=True):
    values: dict[str, str]  # tag name -> the value it must have
    present: list[str]  # tag names that must be there, whatever their value
    contradictory: bool = False  # one name asked with two values: no game matches


def _malformed(text: str, why: str) -> Refusal:
    return InvalidTagFilter(f"tag={text!r}: {why}; write tag=name:value or tag=name")


def parse(filters: list[str]) -> TagFilter:
    if len(filters) > MAX_FILTERS:
        raise InvalidTagFilter(f"at most {MAX_FILTERS} tag filters, not {len(filters)}")
    values: dict[str, str] = {}
    present: list[str] = []
    contradictory = False
    for text in filters:
        name, colon, value = text.partition(":")
        if not name:
            raise _malformed(text, "the tag's name is empty")
        try:
            limits.check_text("tag", name, limits.MAX_TAG_KEY, what="a tag's name")
            limits.check_text("tag", value, limits.MAX_TAG_VALUE, what="a tag's value")
        except Refusal as exc:
            raise _malformed(text, exc.detail.removeprefix("tag: ")) from None
        if not colon:
            present.append(name)
        elif values.setdefault(name, value) != value:
            contradictory = True
    return TagFilter(values=values, present=sorted(set(present)), contradictory=contradictory)
