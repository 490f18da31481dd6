"""What the engines' prepared lesson deals (``new_game(options, seed, deal=...)``) read
the same way: ``deal.hands``, one list of cards per seat, all of one round's size.
Each game reads its own cards and every other key of its deal."""

from __future__ import annotations

from collections.abc import Callable


def read_hands(
    deal: dict, players: int, size: int, read_card: Callable[[str, object], int]
) -> list[int]:
    """The cards of ``deal["hands"]``, seat after seat: one list of ``size`` cards for each
    of ``players`` seats, each card read by ``read_card(where, card)`` (``where`` names
    the hand, ``deal.hands[1]``, for its error). Raises ``ValueError`` naming the problem."""
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise ValueError(f"deal.hands: needs one hand for each of the {players} seats")
    named: list[int] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            raise ValueError(f"deal.hands[{seat}]: needs {size} cards")
        where = f"deal.hands[{seat}]"
        named += [read_card(where, card) for card in hand]
    return named
