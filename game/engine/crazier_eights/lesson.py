"""What a "Learn to play" lesson needs of Crazier Eights (``assets/lessons``).

``place_deal``: the first game's prepared cards (hands, the discard pile's starter, the
next draws, who goes first), put in place after the seed's shuffle; the seed orders the
rest of the draw pile. ``LESSON_MENTIONS``: texts name cards as the log does (by their
names, "Sir Lancelot"), read back into card ids. ``lesson_unseen``: the cards a seat's
view does not show it.
"""

from __future__ import annotations

import re

from game.engine.crazier_eights.deck import HAND_SIZE, cards


def place_deal(state, deal: dict) -> None:
    """Put ``deal`` in place on ``state``, just dealt from the seed's shuffle:
    ``hands`` (one list of card ids per seat, all of one size up to the usual seven),
    ``starter`` (the discard pile's first card), ``draw`` (the next cards drawn, in
    order) and ``first`` (the seat that begins; else the seed's choice). A ValueError
    names a deal the game cannot hold."""
    players = state.players
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise ValueError(f"deal.hands: needs one hand for each of the {players} seats")
    sizes = {len(hand) if isinstance(hand, list) else -1 for hand in hands}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= HAND_SIZE:
        raise ValueError(f"deal.hands: every hand needs the same number of cards (1–{HAND_SIZE})")
    starter = deal.get("starter")
    draws = deal.get("draw", [])
    if not isinstance(draws, list):
        raise ValueError("deal.draw: expected a list of card ids")
    named = [c for hand in hands for c in hand] + [starter, *draws]
    deck = state.draw + state.discard + [c for hand in state.hands for c in hand]
    for c in named:
        if c not in deck:
            raise ValueError(f"deal: {c!r} is not a card of this deck")
    if len(set(named)) != len(named):
        raise ValueError("deal: a card is named twice")
    first = deal.get("first", state.first)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise ValueError(f"deal.first: expected a seat from 0 to {players - 1}")
    rest = [c for c in deck if c not in set(named)]
    state.hands = [list(hand) for hand in hands]
    state.discard = [starter]
    state.draw = rest + list(reversed(draws))  # the draw pile's top is its last card
    state.first = state.turn_seat = first


class _CardNames:
    """The log names a card by its name: a text's mentions are read back by the same
    names, longest first so no name is read inside a longer one. Built on first use, so
    importing the engine does not load the deck."""

    def __init__(self):
        self._pattern = None
        self.ids: dict[str, str] = {}

    def finditer(self, text: str):
        if self._pattern is None:
            self.ids = {str(d.name): cid for cid, d in cards().items()}
            words = sorted(self.ids, key=len, reverse=True)
            alternatives = "|".join(re.escape(w) for w in words)
            self._pattern = re.compile(rf"(?<![\w])({alternatives})(?![\w])")
        return self._pattern.finditer(text)


_NAMES = _CardNames()
LESSON_MENTIONS = {"names": (_NAMES, lambda m: _NAMES.ids[m.group(1)])}


def lesson_unseen(view) -> set[str]:
    """Every card of the deck that ``view`` does not show its seat: the other hands and
    the draw pile (a card in a hand, in play, on the pile or on the table is seen)."""
    seen = set(view.hand) | set(view.discard) | set(view.revealed) | set(view.resolving)
    for zone in view.assets:
        seen.update(zone)
    for hand in view.ally_hands.values():
        seen.update(hand)
    return {cid for cid in cards() if cid not in seen}
