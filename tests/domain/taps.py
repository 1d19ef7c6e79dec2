"""The taps a table makes to record a given move (``domain.building``): at each decision the option that
leads on to it — a joined option, a group, a run of cards, the confirmation of a forced move — the one
saying more first. Tests of every layer (the builder's cases, the browser's whole games) enter moves
so, as they were played, never by whatever is offered first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import building
from domain.building import DONE, Candidate, Step


def _picks(step: Step, target: Any, points: list[int]) -> list[str]:
    """What ``target`` takes at ``step``: its own options, or (an open step: a family offered whole)
    the field of the move the step fills."""
    if step.key == "discard":
        return [f"card-{c}" for c in target.discards]  # in the order they were picked
    if step.picks >= len(step.options):
        return [c.id for c in step.options]
    if step.key == "drawn":
        return [f"card-{c}" for c in target.drawn]
    if step.key == "points":
        return [f"bp-{points.pop(0)}"]
    raise AssertionError(f"an open step this helper cannot fill: {step.key}")


def _needed(candidates: Sequence[Candidate], target: Any) -> tuple[Candidate, list[str]]:
    """The candidate building ``target`` and the values its steps take (the one offering those very
    values first: several may finish into ``target``, e.g. the discards of a table game)."""
    found: list[tuple[Candidate, list[str]]] = []
    for candidate in candidates:
        if candidate.finish is None:
            if candidate.move == target:
                return candidate, [i for s in candidate.steps for i in _picks(s, target, [])]
            continue
        if type(candidate.move) is not type(target) or getattr(candidate.move, "seat", None) != getattr(
            target, "seat", None
        ):
            continue
        try:
            points = list(getattr(target, "points", ()) or ())
            picks = [_picks(s, target, points) for s in candidate.steps]
        except (AssertionError, AttributeError, IndexError, TypeError):
            continue
        if candidate.finish(picks) == target:
            offered = all(
                p in {c.id for c in s.options} for s, ps in zip(candidate.steps, picks, strict=True) for p in ps
            )
            if offered:
                return candidate, [i for p in picks for i in p]
            found.append((candidate, [i for p in picks for i in p]))
    if found:
        return found[0]
    raise AssertionError(f"no path builds {target}")


def path(candidates: Sequence[Candidate], target: Any) -> list[str]:
    """The labels to tap for ``target``: at each decision the option (a joined one, a group, a run of
    cards, the confirmation of a forced move) that leads on to it."""
    return [label for _, label in taps(candidates, target)]


def taps(candidates: Sequence[Candidate], target: Any) -> list[tuple[str, str]]:
    """(id, label) of each tap building ``target``, in order (the likeliest of two that both lead there:
    the one saying more, a joined option)."""
    candidate, needed = _needed(candidates, target)
    groups = {c.id: [g.id for g in c.groups] for s in candidate.steps for c in s.options}
    made: list[str] = []
    out: list[tuple[str, str]] = []
    for _ in range(200):
        built = building.next_decision(candidates, made)
        if built.next is None:
            assert built.move == target, (built.move, target)
            return out
        options = sorted(built.next.options, key=lambda o: -len(o.id.split(building.SEP)))
        if candidate.aside and not made:
            options = [o for o in options if o.id == building.NOTE]
        option = next((o for o in options if _leads([*made, o.id], candidates, target, needed, groups)), None)
        assert option is not None, (built.next, needed)
        made.append(option.id)
        out.append((option.id, option.label))
    raise AssertionError("no move after 200 decisions")


def _leads(
    made: list[str], candidates: Sequence[Candidate], target: Any, needed: list[str], groups: dict[str, list[str]]
) -> bool:
    """Whether ``target`` is still on the way after ``made``: the values taken so far are its first
    ones, and the next decision offers its next value (itself, one of its groups, a run of cards)."""
    try:
        built = building.next_decision(candidates, made)
    except building.Refused:
        return False
    if built.next is None:
        return bool(built.move == target)
    values = [m.id for m in built.made if m.id in groups or m.id == DONE]
    if [v for v in values if v != DONE] != needed[: len([v for v in values if v != DONE])]:
        return False
    if DONE in values and len(values) - 1 != len(needed):
        return False
    nxt = needed[len(values)] if len(values) < len(needed) else DONE
    last = max((i for i, m in enumerate(built.made) if m.id in groups or m.id == DONE), default=-1)
    narrowed = [m.id for m in built.made[last + 1 :] if not m.id.startswith("run-") and m.id != building.NOTE]
    wanted = groups.get(nxt, [])
    if narrowed != wanted[: len(narrowed)]:
        return False  # a group the next value is not in
    level = wanted[len(narrowed)] if len(narrowed) < len(wanted) else None
    for option in built.next.options:
        first = option.id.split(building.SEP)[0]
        # every move still possible there is offered on: one option leading on to the next value will do
        if first in (nxt, level, building.CONFIRM) or first.startswith("run-"):
            return True
    return False
