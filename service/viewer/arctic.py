"""Arctic's board as HTML: the landscape row with the six tokens, the River, piles, hands, powers."""

from __future__ import annotations

from html import escape
from itertools import groupby

from domain.arctic import catalogue as cat
from domain.arctic.view import ArcticView, PlayerView
from domain.game import Language
from service.viewer.words import word

_SPECS = {c.id: c for c in cat.CARDS}


def _animal(animal: str, lang: Language) -> str:
    return cat.ANIMAL_NAMES[lang][cat.ANIMAL_INDEX[animal]]


def card(card_id: str | None, lang: Language, *, face_down: bool = False) -> str:
    """One card: its id in ``data-card``; a card this perspective may not see is a plain back."""
    if card_id is None:
        return f'<div class="card back" title="{word("hidden", lang)}"></div>'
    spec = _SPECS[card_id]
    down = " face-down" if face_down else ""
    return (
        f'<div class="card animal-{spec.animal}{down}" data-card="{escape(card_id)}" title="{escape(card_id)}">'
        f'<span class="place">{spec.placement}</span>'
        f'<span class="name">{escape(_animal(spec.animal, lang))}</span>'
        f'<span class="companion animal-{spec.companion}">{escape(_animal(spec.companion, lang))}</span>'
        f'<span class="draw">{spec.draw}</span></div>'
    )


def _cards(cards: list[str | None] | None, count: int, lang: Language) -> str:
    if cards is None:
        return f'<span class="count">{count}</span>'
    return f'<span class="count">{count}</span><div class="cards">{"".join(card(c, lang) for c in cards)}</div>'


def _pile(p: PlayerView, lang: Language) -> str:
    """Bottom to top, cut into runs of one animal (what scores, §8)."""
    cards = list(zip(p.pile, p.pile_face_down, strict=True))

    def animal(item: tuple[str | None, bool]) -> str:
        return "hidden" if item[0] is None else _SPECS[item[0]].animal

    runs = []
    for name, group in groupby(cards, key=animal):
        items = list(group)
        inner = "".join(card(c, lang, face_down=down) for c, down in items)
        runs.append(f'<div class="run" data-animal="{name}" data-length="{len(items)}">{inner}</div>')
    return "".join(runs) or f'<span class="muted">{word("empty", lang)}</span>'


def _player(v: ArcticView, p: PlayerView, lang: Language) -> str:
    active = " active" if v.active_seat == p.seat else ""
    totem = (
        f'<span class="totem" data-totem="{p.totem}">{escape(_animal(p.totem, lang))}</span>'
        if p.totem
        else f'<span class="muted">{word("hidden", lang)}</span>'
    )
    powers = "".join(
        f'<span class="power animal-{a}" data-power="{a}">{escape(_animal(a, lang))}</span>' for a in p.powers
    )
    to_play = f" <em>{word('active', lang)}</em>" if active else ""
    visible = card(p.visible_card, lang) if p.visible_card else f'<span class="muted">{word("empty", lang)}</span>'
    return (
        f'<section class="player{active}" data-seat="{p.seat}"><h3>{escape(p.player)}{to_play}</h3>'
        f'<div class="visible"><h4>{word("visible", lang)}</h4>{visible}</div>'
        f'<div class="pile" data-count="{len(p.pile)}"><h4>{word("pile", lang)}</h4>{_pile(p, lang)}</div>'
        f'<div class="row"><div class="hand" data-count="{p.hand_count}"><h4>{word("hand", lang)}</h4>'
        f"{_cards(p.hand, p.hand_count, lang)}</div>"
        f'<div class="penalty" data-count="{p.penalty_count}"><h4>{word("penalty", lang)}</h4>'
        f"{_cards(p.penalty, p.penalty_count, lang)}</div>"
        f"<div><h4>{word('totem', lang)}</h4>{totem}</div><div><h4>{word('powers', lang)}</h4>{powers}</div></div>"
        "</section>"
    )


def _scores(v: ArcticView, lang: Language) -> str:
    if not v.scores:
        return ""
    head = "".join(f"<th>{word(k, lang)}</th>" for k in ("runs", "diversity", "totem", "penalty", "total", "rank"))
    rows = "".join(
        f'<tr data-seat="{s.seat}"><th>{escape(s.player)}</th><td>{s.runs_total}</td><td>{s.diversity}</td>'
        f'<td>{s.totem}</td><td>{s.penalty}</td><td class="total">{s.total}</td><td>{s.rank}</td></tr>'
        for s in sorted(v.scores, key=lambda s: s.rank)
    )
    return (
        f'<section class="scores"><h3>{word("score", lang)}</h3><table><tr><th></th>{head}</tr>{rows}</table></section>'
    )


def _empty_slot(unrevealed: bool, lang: Language) -> str:
    return f'<div class="card empty">{word("hidden" if unrevealed else "empty", lang)}</div>'


def board(v: ArcticView, lang: Language) -> str:
    columns = []
    for position, value in enumerate(cat.LANDSCAPE):
        tokens = "".join(
            f'<span class="token animal-{a}" data-token="{a}" data-position="{position}">'
            f"{escape(_animal(a, lang))}</span>"
            for a, at in v.tokens.items()
            if at == position
        )
        columns.append(f'<div class="landscape-card" data-position="{position}"><b>{value}</b>{tokens}</div>')
    river = "".join(
        f'<div class="slot" data-slot="{i}">'
        + (card(c, lang) if c else _empty_slot(i in v.river_unrevealed, lang))
        + "</div>"
        for i, c in enumerate(v.river)
    )
    powers = "".join(
        f'<li class="animal-{a}" data-power="{a}" data-side="{v.power_sides.get(a, "")}" '
        f'data-holder="{"" if h is None else h}">{escape(_animal(a, lang))} {v.power_sides.get(a, "")}: '
        f"{escape(v.players[h].player) if h is not None else word('centre', lang)}</li>"
        for a, h in v.power_holders.items()
    )
    track = "".join(columns)
    players = "".join(_player(v, p, lang) for p in v.players)
    status = (
        f'<p class="status">{word("round", lang)} {v.round} · {word("turn", lang)} {v.turn} · '
        f"{word('phase', lang)} {escape(v.phase)}</p>"
    )
    return (
        f'<div class="arctic">{status}'
        f'<section class="landscape"><h3>{word("landscape", lang)}</h3><div class="track">{track}</div></section>'
        f'<section class="table-row"><div class="river-box"><h3>{word("river", lang)}</h3>'
        f'<div class="river">{river}</div></div>'
        f'<div class="stock"><h3>{word("draw_pile", lang)}</h3>'
        f'<span class="count" data-draw-pile="{v.draw_pile_count}">{v.draw_pile_count}</span>'
        f"<h3>{word('reserve', lang)}</h3>"
        f'<span class="count" data-reserve="{v.reserve_count}">{v.reserve_count}</span></div>'
        f'<div class="powers"><h3>{word("powers", lang)}</h3><ul>{powers}</ul></div></section>'
        f'<div class="players">{players}</div>{_scores(v, lang)}</div>'
    )
