"""What a Rage lesson (``assets/lessons/rage.toml``) needs of the engine: its prepared
deal, and how the lesson's texts name cards so the secrecy check can read them.

A lesson's ``[deal]`` (``new_game(options, seed, deal=...)``):

- ``round``: which round of the match is dealt (round r deals ``rounds + 1 - r``
  cards), so a lesson can play a short round; 1 when left out. That round's dealer
  deals, as in a match (the first predictor of a round deals the next).
- ``hands``: one list per seat, each as long as the round deals, in notation
  (``R13``, ``J``, ``NT``, ``CT``, ``+5``, ``-5``; an action card may appear as often
  as the deck holds it).
- ``deck``: the next cards turned from the draw deck, in order: the first ones fix
  trump (action cards turned on the way are set aside), the next ones answer a Change
  Trump or the new trump after a trick without one.

Every other card keeps its place in the seed's shuffle, so the seed still decides the
rest of the deck and every later round.
"""

from __future__ import annotations

import re

from game.engine.lesson_deal import read_hands
from game.engine.rage.cards import Deck, deck

_KEYS = {"round", "hands", "deck"}


def lesson_round(d: Deck, deal: dict) -> int:
    """The round ``deal`` is for (from 1); raises ``ValueError`` naming the problem."""
    unknown = sorted(set(deal) - _KEYS)
    if unknown:
        raise ValueError(f"deal.{unknown[0]}: unknown key (expected hands, deck, round)")
    number = deal.get("round", 1)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= d.rounds:
        raise ValueError(f"deal.round: expected a round from 1 to {d.rounds}, got {number!r}")
    return number


def prepared_cards(d: Deck, shuffled: list[int], deal: dict, players: int, size: int) -> list[int]:
    """``shuffled`` (the seed's order of the whole deck) with the prepared cards in
    place: the hands first, seat by seat, then the rest, the deck's next turns at the
    end (the draw deck is turned from its end). Raises ``ValueError`` naming the problem."""
    free: dict[str, list[int]] = {}
    for card in shuffled:
        free.setdefault(d.names[card], []).append(card)

    def take(where: str, name) -> int:
        ids = free.get(str(name))
        if not isinstance(name, str) or not d.ids_named(name):
            raise ValueError(f"{where}: {name!r} is not a Rage card (R13, B0, J, NT, CT, +5, -5)")
        if not ids:
            raise ValueError(f"{where}: {name} is named more often than the deck holds it")
        return ids.pop(0)

    named = read_hands(deal, players, size, take)
    turns = deal.get("deck", [])
    if not isinstance(turns, list):
        raise ValueError("deal.deck: expected a list of cards")
    turned = [take("deal.deck", card) for card in turns]
    taken = set(named + turned)
    rest = [c for c in shuffled if c not in taken]
    return named + rest + turned[::-1]


def _notation(match: re.Match) -> str:
    """A mention's card in notation (``R13``); a symbol of no colour reads as itself."""
    d = deck()
    symbol, value = match.group(2), match.group(1)
    if symbol not in d.symbols:
        return value + symbol
    return d.colours[d.symbols.index(symbol)] + value


# How a lesson's text names a colour card, as the log does (``red 13 ◆``, ``rot 13 ◆``):
# by its value and its colour's symbol, which read the same in every language (a text
# may join them with a no-break space, so a line never ends between the two).
LESSON_MENTIONS = {"rage": (re.compile(r"(?<![\d+-])(\d{1,2})\s([^\s\w])"), _notation)}
