"""Crazy Lab for lessons: a prepared first deal, and how lesson texts name cards.

A lesson (``assets/lessons/crazy_lab.toml``) hands ``new_game`` a ``deal``:

- ``hands``: one list of ``hand_size`` cards per seat, in notation (``G5/P1/O1``);
- ``minus`` (optional): each seat's minus colour, one letter per seat, all different;
- ``trumps`` (optional): the trump colours in the order they turn up, one per card of
  the pile. The pile holds the cards the players put in (the lesson scripts those
  choices) and, with fewer than five players, cards of the unused stacks: these are
  picked so that the pile holds exactly the colours ``trumps`` lists.

Everything else (the cards left out of the round, which unused scoring cards stay in
the box) is still the seed's. A problem is a ``ValueError`` naming the key.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations, product

from game.engine.crazy_lab.cards import deck
from game.engine.lesson_deal import read_hands


def prepare_deal(state, deal: dict) -> None:
    """Put the prepared cards of ``deal`` in place of the first deal of ``state`` (made
    by the seed a moment before; its events are built after this)."""
    d, n = state.d, state.players
    if not isinstance(deal, dict) or set(deal) - {"hands", "minus", "trumps"}:
        raise ValueError("deal: expected hands, and optionally minus and trumps")

    def read_card(where: str, card) -> int:
        try:
            return d.parse(str(card))
        except ValueError as exc:
            raise ValueError(f"{where}: {exc.args[0]}") from None

    named = read_hands(deal, n, d.hand_size, read_card)
    if len(set(named)) != len(named):
        raise ValueError("deal.hands: a card is named twice")
    size = d.hand_size
    state.hands = [named[i * size : (i + 1) * size] for i in range(n)]
    state.unused = [c for c in range(d.size) if c not in set(named)]
    minus = deal.get("minus")
    if minus is not None:
        if (
            not isinstance(minus, list)
            or len(minus) != n
            or not all(isinstance(c, str) and c in d.colours and len(c) == 1 for c in minus)
            or len(set(minus)) != n
        ):
            raise ValueError(f"deal.minus: needs {n} different colours, one per seat")
        state.minus = [d.colours.index(c) for c in minus]
        state.stacks = [[c for c in range(len(d.colours)) if c != m] for m in state.minus]
        state.removed = []
        for m in range(len(d.colours)):
            if m not in state.minus:  # an unused stack: the seed says which cards join the pile
                pluses = [p for p in range(len(d.colours)) if p != m]
                state.rng.shuffle(pluses)
                state.removed.extend((m, p) for p in pluses)
    trumps = deal.get("trumps")
    if trumps is not None:
        if (
            not isinstance(trumps, list)
            or len(trumps) != d.hand_size
            or not all(isinstance(c, str) and len(c) == 1 and c in d.colours for c in trumps)
        ):
            raise ValueError(f"deal.trumps: needs {d.hand_size} colours, as they turn up")
        state.prepared = [d.colours.index(c) for c in trumps]


def prepared_pile(state) -> list[tuple[int, int]]:
    """The trump pile in the order the deal's ``trumps`` asks for (its top last), with the
    cards of the unused stacks that make it up taken out of the box."""
    order: list[int] = state.prepared
    picks = [c for t in state.my_trumps for c in t]
    wanted = Counter(order)
    wanted.subtract(p for _, p in picks)
    stacks = sorted({m for m, _ in state.removed if m not in state.minus})
    choices = [
        combinations([c for c in state.removed if c[0] == m], state.d.extra_trumps) for m in stacks
    ]
    extras = next(
        (
            [c for group in pick for c in group]
            for pick in product(*choices)
            if Counter(p for group in pick for _, p in group) == +wanted
            and all(v >= 0 for v in wanted.values())
        ),
        None,
    )
    if extras is None:
        raise ValueError("deal.trumps: the trump pile cannot hold these colours")
    for c in extras:
        state.removed.remove(c)
    pool = picks + extras
    pile = []
    for colour in order:
        card = next(c for c in pool if c[1] == colour)
        pool.remove(card)
        pile.append(card)
    return pile[::-1]  # the pile is taken from its end


# ---------------------------------------------------------------- card names in texts

_SYMBOL_LETTER = {"★": "P", "■": "B", "●": "Y", "▲": "O", "⬢": "G"}
_ENTRY = r"[★■●▲⬢][1-6]"


def _notation(match: re.Match) -> str:
    """The card a text names as the log writes it (``⬢5 ★1 ▲1``), in notation; the words
    themselves when they name no card (a lone value, ``●4``, may be part of one)."""
    text = match.group(0)
    written = "/".join(_SYMBOL_LETTER[e[0]] + e[1:] for e in text.split())
    d = deck()
    try:
        return d.names[d.parse(written)]
    except ValueError:
        return text


# The lesson loader's ``mentions`` (see ``game.engine.lessons.MENTIONS``): "lab" reads a
# card written as the log writes it, its colours' symbols with their values.
LESSON_MENTIONS = {
    "lab": (re.compile(rf"(?<![\w★■●▲⬢]){_ENTRY}(?: {_ENTRY}){{0,2}}(?![\w])"), _notation),
}
