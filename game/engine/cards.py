"""The standard 52-card deck: cards are ints 0..51 inside the engine, notation outside.

card = suit * 13 + rank_index, suits in the order S H D C, ranks A 2 … 10 J Q K.
Notation: rank + suit, e.g. ``AS``, ``10H``, ``QD``, ``8C``.
"""

from __future__ import annotations

from game.engine.core import msg
from game.engine.limits import excerpt

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": msg("spades"), "H": msg("hearts"), "D": msg("diamonds"), "C": msg("clubs")}
DECK = tuple(range(52))

NAMES = tuple(RANKS[c % 13] + SUITS[c // 13] for c in DECK)
_BY_NAME = {name: i for i, name in enumerate(NAMES)}


def parse(name: str) -> int:
    """The int of a card in notation; raises ValueError naming the bad card."""
    try:
        return _BY_NAME[name.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(
            msg("{text} is not a card (write rank then suit, like 8C or 10H)", text=excerpt(name))
        ) from None


def name(card: int) -> str:
    return NAMES[card]


def pretty(card: int | str) -> str:
    """``8♣`` for 8C: how a card is written in the game log."""
    text = card if isinstance(card, str) else NAMES[card]
    return text[:-1] + SUIT_SYMBOLS[text[-1]]
