"""Why a Rage action is not legal now, in words: the check ``State.apply`` makes before
any move (and the UI's reason for a card it will not play)."""

from __future__ import annotations

from game.engine.core import msg
from game.engine.limits import excerpt


def refusal(state, action) -> str | None:
    """Why ``action`` is not legal now, in words; None when it is legal."""
    if state.over:
        return msg("The game is over.")
    if not isinstance(action, str) or len(action) > 16:
        return msg(
            "{action} is not a Rage move (write R13, J:R or predict:2).", action=excerpt(action)
        )
    text = action
    d = state.d
    if state.phase == "predict":
        head, _, number = text.partition(":")
        if head != "predict":
            return msg("First predict how many tricks you will take (predict:N).")
        if not (number.isascii() and number.isdigit()) or str(int(number)) != number:
            return msg(
                "{text} is not a number of tricks (write predict:N, N in digits).",
                text=excerpt(number),
            )
        value = int(number)
        n = state.cards_this_round
        if not 0 <= value <= n:
            return msg("A prediction is between 0 and {n}, the cards in your hand.", n=n)
        if value == state.forbidden_prediction():
            return msg(
                "Plus/minus one: the predictions may not add up to {n}, "
                "so you may not predict {value}.",
                n=n,
                value=value,
            )
        return None
    if text.startswith("predict"):
        return msg("Predictions are made; play a card.")
    head, colon, named = text.partition(":")
    ids = d.ids_named(head)
    if not ids:
        return msg(
            "{text} is not a Rage card (write R13, B0, J:R, NT, CT, +5 or -5).",
            text=excerpt(text),
        )
    hand = state.hands[state.current]
    if not any(c in hand for c in ids):
        return msg("{card} is not in your hand.", card=d.pretty(text if head != "J" else "J"))
    if head == "J":
        if not named:
            return msg("Name a colour for your Joker (J:Y, J:O, J:R, J:P, J:B or J:G).")
        if len(named) != 1 or named not in d.colours:
            return msg(
                "{text} is not a colour; a Joker names one of {colours}.",
                text=excerpt(named),
                colours=", ".join(d.colours),
            )
    elif colon:
        return msg("Only a Joker names a colour.")
    lead = state.lead_colour()
    if lead is not None and d.kind_of[ids[0]] == "C" and d.colour_of[ids[0]] == lead:
        return None
    if lead is not None and any(d.colour_of[c] == lead for c in hand):
        word = d.colour_word(lead)
        if d.kind_of[ids[0]] != "C":
            return msg(
                "You hold {colour} cards, so you must follow {colour}; "
                "an action card does not follow.",
                colour=word,
            )
        return msg("You must follow {colour}: you hold {colour} cards.", colour=word)
    return None
