"""Crazy Eights' hot-path pieces, made once at import: the point values, the notation of
every card and play as lookup tables, the matching rule as one table, the log lines of
every draw, play and pass, a fast Event builder and the deck shuffle. The rules that
use them are in ``crazy_eights``.
"""

from __future__ import annotations

import random

from game.engine.cards import NAMES, SUIT_SYMBOLS, SUITS, pretty
from game.engine.core import Event, msg, seat_ref

EIGHT = 7  # rank index of the eights
DRAW_LIMIT = 3
CARD_POINTS = tuple(
    1 if r == 0 else 50 if r == EIGHT else 10 if r >= 9 else r + 1 for r in range(13)
)
# Precomputed notation, so the hot paths (search bots, playouts) build no strings.
CARD_BY_ACTION = {name: card for card, name in enumerate(NAMES)}  # exact notation only
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
EIGHT_ACTIONS = tuple(tuple(f"{NAMES[c]}:{s}" for s in SUITS) for c in range(52))
_PRETTY = tuple(pretty(c) for c in range(52))
# PLAYABLE[suit * 13 + rank][card]: may the card go on that target (an eight always may)?
PLAYABLE = tuple(
    bytes(int(c % 13 == EIGHT or c // 13 == t // 13 or c % 13 == t % 13) for c in range(52))
    for t in range(52)
)
# Every play in the exact notation, to the card it plays: a plain card by its name,
# an eight only with the suit it names ("8C:H"); anything else is no play.
_PLAY_CARD = {a: c for c in range(EIGHT, 52, 13) for a in EIGHT_ACTIONS[c]} | {
    NAMES[c]: c for c in range(52) if c % 13 != EIGHT
}
# An eight that is a player's last card, played without a suit ("8C"): the round ends
# with it, so nothing is named (legal only then: see ``State.legal_actions``).
_LAST_EIGHT = {NAMES[c]: c for c in range(EIGHT, 52, 13)}
_ACTIONS_OF = tuple(EIGHT_ACTIONS[c] if c % 13 == EIGHT else (NAMES[c],) for c in range(52))
# The log's lines for every seat and card, made once (messages the UI translates).
_DRAWS = tuple(
    tuple(msg("{player} draws {card}.", player=seat_ref(s), card=p) for p in _PRETTY)
    for s in range(8)
)
_PLAYS = tuple(
    tuple(msg("{player} plays {card}.", player=seat_ref(s), card=p) for p in _PRETTY)
    for s in range(8)
)
_EIGHT_PLAYS = tuple(
    {
        action: msg(
            "{player} plays {card} and names {symbol}.",
            player=seat_ref(s),
            card=_PRETTY[c],
            symbol=SUIT_SYMBOLS[action[-1]],
        )
        for c in range(EIGHT, 52, 13)
        for action in EIGHT_ACTIONS[c]
    }
    for s in range(8)
)
_STARTERS = tuple(msg("The starter is {card}.", card=p) for p in _PRETTY)
_DEALS: dict = {}  # (round, dealer, hand size) -> the deal's log line, made once
_DRAWS_HIDDEN = tuple(msg("{player} draws a card.", player=seat_ref(s)) for s in range(8))
_PASSES = tuple(msg("{player} cannot play and passes.", player=seat_ref(s)) for s in range(8))
_DRAW, _PASS = -1, -2  # what State._checked returns for "draw" and "pass"
DRAW_CARD = _DRAW  # what a ``play_round_out`` chooser returns to draw at will
_SUIT_CODES = (0, 1, 2, 3)  # the suits an eight may name, as ints
_new_object = object.__new__


def _event(kind, seat=None, data=None, text="", secret_to=None, public=None) -> Event:
    """``Event(...)`` for the hot path: equal to it in every way, built without the
    frozen dataclass's one ``object.__setattr__`` call per field."""
    ev = _new_object(Event)
    fields = ev.__dict__  # filled in place: a third faster than ``update(**fields)``
    fields["kind"] = kind
    fields["seat"] = seat
    fields["data"] = {} if data is None else data
    fields["text"] = text
    fields["secret_to"] = secret_to
    fields["public"] = public
    return ev


# Fisher-Yates steps exactly as random.Random.shuffle takes them on a 52-card deck
# (index, bound, bits): the same permutation for the same generator state, faster.
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, 52)))


def shuffled_deck(rng: random.Random) -> list[int]:
    """``list(range(52))`` shuffled as ``rng.shuffle`` would shuffle it."""
    deck = list(range(52))
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
