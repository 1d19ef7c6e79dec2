"""How the ``forms-1`` edition was authored: the invented ``demo-1`` data with effects written in the
composable forms (cards, some map spaces, connections and circle spaces: optional payments, choices,
effects scaled by a count, effects on other players, token moves to and from any zone, wheel
rotations, extra actions), other starting orientations and other interpretation switches. Invented
data, like demo-1: NOT the published game's.

``python -m domain.arctica.forms_edition`` rewrites ``editions/forms-1.json``; a test checks that the
shipped file equals this output.
"""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from .demo_edition import build_demo, render_json
from .edition import (
    Card,
    Choice,
    Count,
    Edition,
    Effect,
    Extra,
    Form,
    Gain,
    Interpretations,
    May,
    MoveTokens,
    Repeat,
    RotateWheels,
    Sequence,
    Target,
)

LABEL = "Banquise forms edition — invented data, NOT the published game's"
NOTICE = (
    "The Banquise demo data (invented by the project, not the published game's) with card, map and "
    "connection effects written in the composable effect forms, to exercise them."
)


def _flash(card: Card, circle_start: int) -> Form | None:
    """One form per kind of effect, in turn over the card ids (None: the demo effect stays)."""
    badge = card.badges[0] if card.badges else "sea"
    forms: list[Form | None] = [
        May(effect=Gain(flora_cost=1, bp=3)),  # "you may pay 1 Flora to score 3 BP"
        Choice(options=(Gain(flora=2), Gain(cards=1), Gain(bp=1))),
        Repeat(effect=Gain(bp=1), count=Count(of="tokens", family=card.family, max=3)),
        Sequence(steps=(Gain(bp=2), Target(who="left", effect=Gain(flora=1)))),
        MoveTokens(src="circle", dst="release", up_to=True),
        None,
        RotateWheels(),
        Extra(action="reproduction"),
        MoveTokens(src="supply", dst="circle", family=card.family, dst_index=circle_start),
        Sequence(steps=(Gain(migrations=1), Gain(bp=1))),
        Repeat(effect=Gain(flora=1), count=Count(of="badges", badge=badge, max=2)),
        Target(who="chosen", effect=Gain(flora=1)),
        Extra(action="colony"),
        Target(who="each_opponent", effect=May(effect=Gain(flora_cost=1, cards=1))),
        None,
    ]
    return forms[card.id % len(forms)]


def _ability(card: Card) -> Form | None:
    forms: list[Form | None] = [
        Choice(options=(Gain(bp=1), RotateWheels(), MoveTokens(src="release", dst="supply", up_to=True))),
        None,
        Repeat(effect=Gain(bp=1), count=Count(of="cards", generation=card.generation, per=2)),
        None,
        Repeat(effect=Gain(flora=1), times=2),
    ]
    return forms[card.id % len(forms)]


def build_forms() -> Edition:
    demo = build_demo()
    start = demo.setup.circle_start
    cards = []
    for card in demo.cards:
        flash, ability = _flash(card, start), _ability(card)
        cards.append(
            replace(
                card,
                flash=Effect(then=flash) if flash is not None else card.flash,
                ability=Effect(then=ability) if ability is not None else card.ability,
            )
        )
    map_spaces = tuple(
        replace(ms, effect=Effect(then=May(effect=Gain(flora_cost=1, bp=2)))) if i % 4 == 1 else ms
        for i, ms in enumerate(demo.map)
    )
    connections = tuple(
        replace(c, bonus=Effect(then=Choice(options=(Gain(bp=1), Gain(flora=1))))) if i % 3 == 0 else c
        for i, c in enumerate(demo.connections)
    )
    circle = tuple(
        replace(sp, bonus=Effect(then=Choice(options=(Gain(bp=1), Gain(cards=1), Gain(migrations=1)))))
        if sp.ice is None and i % 3 == 1
        else sp
        for i, sp in enumerate(demo.circle)
    )
    return replace(
        demo,
        id="forms-1",
        circle=circle,
        version="1.0.0",
        label=LABEL,
        notice=NOTICE,
        cards=tuple(cards),
        map=map_spaces,
        connections=connections,
        setup=replace(demo.setup, orientations=tuple(i % 4 for i in range(len(demo.action_wheels)))),
        rules=Interpretations(reshuffle_empty_deck=True, hand_limit_all_draws=False),
    )


def main() -> None:  # pragma: no cover - a maintenance tool
    here = Path(__file__).parent / "editions"
    (here / "forms-1.json").write_text(render_json(build_forms()), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
