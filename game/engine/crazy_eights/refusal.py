"""Crazy Eights: why an action is refused, in words — the reason ``apply`` raises and
the UI shows. ``State.refusal`` decides whether an action is legal; this says why not."""

from __future__ import annotations

from game.engine.cards import NAMES, SUIT_NAMES, SUIT_SYMBOLS, SUITS, parse, pretty
from game.engine.core import msg
from game.engine.crazy_eights.notation import DRAW_LIMIT, EIGHT
from game.engine.limits import excerpt


def why_refused(state, action) -> str:
    """Why ``action``, which ``state`` does not accept now, is refused: a message the UI
    translates."""
    if state.over:
        return msg("The game is over.")
    if action == "draw":
        if not state.stock:
            return msg("The stock is empty.")
        if state.drawn >= DRAW_LIMIT:
            return msg("You have drawn {n} cards this turn; play or pass.", n=DRAW_LIMIT)
        return msg("You have a card you can play, so you may not draw.")
    if action == "pass":
        if state.playable_cards(state.current):
            return msg("You have a card you can play, so you may not pass.")
        return msg(
            "Draw first: you may pass after {n} draws or when the stock is empty.",
            n=DRAW_LIMIT,
        )
    text = str(action)
    card_text, _, named = text.partition(":")
    try:
        card = parse(card_text)
    except ValueError as exc:
        return msg(
            "{action} is not a move in Crazy Eights ({why}).",
            action=excerpt(action),
            why=exc.args[0],
        )
    if card not in state.hands[state.current]:
        return msg("{card} is not in your hand.", card=pretty(card))
    if card % 13 == EIGHT:
        return msg("Name a suit for your eight (S, H, D or C).")
    if named:
        return msg("Only an eight names a suit.")
    top = state.discard[-1]
    suit = top // 13 if state.named_suit is None else state.named_suit
    if state.named_suit is not None:
        return msg(
            "{card} does not match: the named suit is {symbol}; play {suit} or an eight.",
            card=pretty(card),
            symbol=SUIT_SYMBOLS[SUITS[suit]],
            suit=SUIT_NAMES[SUITS[suit]],
        )
    return msg(
        "{card} matches neither the suit nor the rank of {top}; "
        "play a {symbol}, a {rank} or an eight.",
        card=pretty(card),
        top=pretty(top),
        symbol=SUIT_SYMBOLS[SUITS[suit]],
        rank=NAMES[top][:-1],
    )
