"""A Crazy Eights lesson's prepared deal: the first round's hands, starter and next
draws put in place in the seed's shuffled deck (``new_game(options, seed, deal=...)``)."""

from __future__ import annotations

from game.engine.cards import parse
from game.engine.crazy_eights.notation import EIGHT
from game.engine.lesson_deal import read_hands


def prepared_deck(shuffled: list[int], deal: dict, players: int, size: int) -> list[int]:
    """The first round's deck with prepared cards in place (a lesson's deal): ``deal``
    holds ``hands`` (a list of card lists, one per seat, each ``size`` long), and
    optionally ``starter`` (the card turned up) and ``stock`` (the next cards drawn, in
    order). Every other card keeps its place in ``shuffled``, so the seed still decides
    the rest. Raises ``ValueError`` naming the problem."""
    named = read_hands(deal, players, size, lambda _where, card: parse(str(card)))
    starter = deal.get("starter")
    top = [parse(str(starter))] if starter is not None else []
    if top and top[0] % 13 == EIGHT:
        raise ValueError("deal.starter: an eight is never the starter (it would be buried)")
    stock = [parse(str(card)) for card in deal.get("stock", [])]
    if len(set(named + top + stock)) != len(named + top + stock):
        raise ValueError("deal: a card is named twice")
    rest = [c for c in shuffled if c not in set(named + top + stock)]
    # the stock is drawn from its end: the starter last, the prepared draws just before it
    return named + rest + stock[::-1] + top
