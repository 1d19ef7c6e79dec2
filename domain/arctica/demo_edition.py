"""How the ``demo-1`` edition was authored: invented data, generated deterministically.

``python -m domain.arctica.demo_edition`` rewrites ``editions/demo-1.json`` and
``editions/edition.schema.json``; a test checks that the shipped files equal this output.
None of this is the published game's data: wheel sizes, the action board, the circle, the map, the
majority rewards and every card are made up by the Banquise project.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from domain.chance import SplitMix64

from .edition import (
    FAMILIES,
    ActionSpace,
    ActionWheel,
    Card,
    CircleSpace,
    Connection,
    Edition,
    Effect,
    MapSpace,
    Region,
    RoundCard,
    SetupRules,
    SubRegion,
    edition_schema,
)

LABEL = "Banquise demo edition — invented data, NOT the published game's"
NOTICE = (
    "Every number, card, space and reward in this file was invented by the Banquise project to "
    "exercise the Arctica rules engine. It does not reproduce the published game (This Way! "
    "Editions), whose card list and board data are not public."
)

_NAMES = {
    "marine_mammal": ("Seal", "Walrus", "Narwhal", "Beluga", "Orca", "Sea Otter", "Bowhead"),
    "terrestrial_mammal": ("Fox", "Hare", "Lemming", "Caribou", "Musk Ox", "Wolf", "Ermine"),
    "invertebrate": ("Krill", "Amphipod", "Sea Butterfly", "Snow Flea", "Copepod", "Jellyfish", "Crab"),
    "bird": ("Puffin", "Tern", "Snowy Owl", "Eider", "Guillemot", "Ptarmigan", "Skua"),
    "fish": ("Arctic Cod", "Char", "Capelin", "Sculpin", "Halibut", "Grayling", "Lumpsucker"),
}
_BADGES = ("sea", "ice", "tundra")


def _effect(rng: SplitMix64, budget: int) -> Effect:
    kind = rng.below(6)
    if kind == 0:
        return Effect(flora=1 + budget // 2)
    if kind == 1:
        return Effect(cards=1 + budget // 3)
    if kind == 2:
        return Effect(bp=1 + budget // 2)
    if kind == 3:
        return Effect(migrations=1)
    if kind == 4:
        return Effect(flora=1, cards=1)
    return Effect(flora_cost=1, bp=2 + budget // 2)


def _fauna_cards(rng: SplitMix64) -> list[Card]:
    """160 invented Fauna cards; the draws from ``rng`` come in this order (the file pins them)."""
    cards: list[Card] = []
    for i in range(160):
        fam = FAMILIES[i % 5]
        gen = "short" if (i // 5) % 2 == 0 else "long"
        cost = rng.below(4)
        requires: tuple[str, ...] = ()
        if cost >= 2 and rng.below(3) == 0:
            requires = (_BADGES[rng.below(3)],)
        cards.append(
            Card(
                id=i + 1,
                name=f"{_NAMES[fam][(i // 5) % 7]} {chr(65 + (i // 35))}{i % 35 + 1}",
                family=fam,  # type: ignore[arg-type]
                generation=gen,  # type: ignore[arg-type]
                cost=cost,
                bp=cost + rng.below(3) + (1 if requires else 0),
                badges=(_BADGES[rng.below(3)],) if rng.below(2) == 0 else (),
                requires=requires,
                endangered=1 if rng.below(5) == 0 else 0,
                flash=_effect(rng, cost),
                ability=_effect(rng, 1),
            )
        )
    return cards


def _generation_cards() -> list[Card]:
    """A long and a short starting card per seat."""
    generation_cards: list[Card] = []
    for seat in range(5):
        long_fam, short_fam = FAMILIES[seat % 5], FAMILIES[(seat + 2) % 5]
        generation_cards.append(
            Card(
                id=1001 + 2 * seat,
                name=f"Starting {_NAMES[long_fam][0]} (long)",
                family=long_fam,  # type: ignore[arg-type]
                generation="long",
                badges=(_BADGES[seat % 3],),
                ability=Effect(flora=1),
            )
        )
        generation_cards.append(
            Card(
                id=1002 + 2 * seat,
                name=f"Starting {_NAMES[short_fam][0]} (short)",
                family=short_fam,  # type: ignore[arg-type]
                generation="short",
                badges=(_BADGES[(seat + 1) % 3],),
                ability=Effect(cards=1),
            )
        )
    return generation_cards


def _map_spaces(bonus_cycle: tuple[Effect, ...]) -> list[MapSpace]:
    """Three spaces per sub-region, three sub-regions per region, three regions."""
    map_spaces: list[MapSpace] = []
    for r in range(3):
        for s in range(3):
            for k in range(3):
                n = len(map_spaces)
                eff = Effect(flora_cost=1, bp=3) if k == 2 and s == 1 else bonus_cycle[(n * 5) % 6]
                map_spaces.append(
                    MapSpace(region=r, subregion=s, family=FAMILIES[(n * 2 + r) % 5], effect=eff)  # type: ignore[arg-type]
                )
    return map_spaces


def _connections() -> list[Connection]:
    """Neighbouring map spaces within a sub-region, across sub-regions, and across regions."""
    connections: list[Connection] = []
    for r in range(3):
        base = 9 * r
        for s in range(3):
            for k in range(2):
                a = base + 3 * s + k
                connections.append(Connection(a=a, b=a + 1, bonus=Effect(bp=1)))
        for s in range(2):
            connections.append(Connection(a=base + 3 * s + 1, b=base + 3 * s + 4, bonus=Effect(flora=1)))
        if r < 2:
            connections.append(Connection(a=base + 8, b=base + 9, bonus=Effect(cards=1)))
    return connections


def build_demo() -> Edition:
    cards = _fauna_cards(SplitMix64(0xA7C71CA))
    generation_cards = _generation_cards()
    wheels = (
        ActionWheel(faces=("fauna", "flora", "draw", "migration")),
        ActionWheel(faces=("reproduction", "colony", "rotate_card", "fauna")),
        ActionWheel(faces=("ability", "draw", "flora", "rotate_migration")),
        ActionWheel(faces=("colony", "fauna", "migration", "reproduction")),
        ActionWheel(faces=("rotate_card", "ability", "fauna", "flora")),
    )
    spaces = tuple(ActionSpace(wheels=(i, (i + 1) % 5), sectors=(1, 3)) for i in range(5))
    ice_at = {0: 5, 2: 1, 4: 2, 6: 3, 8: 4, 10: 6}
    bonus_cycle = (Effect(flora=1), Effect(cards=1), Effect(bp=1), Effect(), Effect(bp=2), Effect(flora=1))
    circle = tuple(
        CircleSpace(ice=ice_at.get(i), bonus=Effect() if ice_at.get(i) == 6 else bonus_cycle[i % 6]) for i in range(12)
    )
    regions = tuple(
        Region(
            name=name,
            subregions=(
                SubRegion(name=f"{name} West", flee_spaces=(4 * r,)),
                SubRegion(name=f"{name} Centre", central=True, flee_spaces=(4 * r + 1, 4 * r + 2)),
                SubRegion(name=f"{name} East", flee_spaces=(4 * r + 3,)),
            ),
        )
        for r, name in enumerate(("Greenland Sea", "Barents Shelf", "Beaufort Coast"))
    )
    map_spaces = _map_spaces(bonus_cycle)
    connections = _connections()
    round_cards = (
        RoundCard(name="Polar Night", regions=(0, 1), rewards=(5, 3, 1)),
        RoundCard(name="Thaw", regions=(1, 2), rewards=(4, 2)),
        RoundCard(name="Storm", regions=(0, 2), rewards=(5, 2, 1)),
        RoundCard(name="Drift", regions=(0, 1), rewards=(4, 3, 2)),
        RoundCard(name="Bloom", regions=(1, 2), rewards=(6, 3)),
    )
    return Edition(
        id="demo-1",
        version="1.0.0",
        label=LABEL,
        notice=NOTICE,
        short_slots=3,
        long_slots=5,
        action_wheels=wheels,
        action_spaces=spaces,
        circle=circle,
        regions=regions,  # type: ignore[arg-type]
        map=tuple(map_spaces),
        connections=tuple(connections),
        round_cards=round_cards,
        final_round_card=RoundCard(name="Last Summer", regions=(0, 1, 2), rewards=(7, 4, 2)),
        setup=SetupRules(
            hand_size=5,
            flora=2,
            circle_start=0,
            circle_tokens=("bird", "fish"),
            starting_cards=tuple((1001 + 2 * s, 1002 + 2 * s) for s in range(5)),
        ),
        cards=tuple(cards),
        generation_cards=tuple(generation_cards),
    )


def render_json(value: object) -> str:
    return json.dumps(msgspec.to_builtins(value), indent=1, ensure_ascii=False) + "\n"


def main() -> None:  # pragma: no cover - a maintenance tool
    here = Path(__file__).parent / "editions"
    (here / "demo-1.json").write_text(render_json(build_demo()), encoding="utf-8")
    (here / "edition.schema.json").write_text(render_json(edition_schema()), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
